import { readJson } from '@/lib/api/body';
import { withContext } from '@/lib/api/with-user';
import { resetPassword } from '@/lib/auth/password-reset';
import { emailField, otpField, passwordField } from '@/lib/auth/validation';
import { requestIp } from '@/lib/api/request';
import { z } from 'zod';

const schema = z.object({ email: emailField, otp: otpField, password: passwordField });

/** Forgot password, step 2 (JSON `email, otp, password`): sets the password and ends every session. */
export const POST = withContext(async (req, { ctx }) => {
  const input = await readJson(req, schema);
  await resetPassword(ctx.db, { ...input, ip: requestIp(req) });
  return Response.json({ detail: 'Your password has been changed. Please log in with the new password.' });
});
