import { readForm } from '@/lib/api/body';
import { withContext } from '@/lib/api/with-user';
import { sendSignupOtp } from '@/lib/auth/otp';
import { emailField } from '@/lib/auth/validation';
import { requestIp } from '@/lib/api/request';
import { z } from 'zod';

const schema = z.object({ email: emailField });

export const POST = withContext(async (req, { ctx }) => {
  const { email } = await readForm(req, schema);
  await sendSignupOtp(ctx.db, { email, ip: requestIp(req) });
  return Response.json({ detail: `OTP sent to ${email}.` });
});
