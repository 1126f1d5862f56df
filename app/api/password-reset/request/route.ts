import { readForm } from '@/lib/api/body';
import { withContext } from '@/lib/api/with-user';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { emailField } from '@/lib/auth/validation';
import { requestIp } from '@/lib/api/request';
import { z } from 'zod';

const schema = z.object({ email: emailField });

/** Forgot password, step 1 (form `email`): always the same answer, whether or not the account exists. */
export const POST = withContext(async (req, { ctx }) => {
  const { email } = await readForm(req, schema);
  await requestPasswordReset(ctx.db, { email, ip: requestIp(req) });
  return Response.json({ detail: `If an account exists for ${email}, a code to reset its password has been sent to it.` });
});
