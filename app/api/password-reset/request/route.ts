import { getDb } from '@/db/client';
import { readForm } from '@/lib/api/body';
import { withApi } from '@/lib/api/handler';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { emailField } from '@/lib/auth/validation';
import { requestIp } from '@/lib/server/request';
import { z } from 'zod';

const schema = z.object({ email: emailField });

/** Forgot password, step 1 (form `email`): always the same answer, whether or not the account exists. */
export const POST = withApi(async (req) => {
  const { email } = await readForm(req, schema);
  await requestPasswordReset(await getDb(), { email, ip: requestIp(req) });
  return Response.json({ detail: `If an account exists for ${email}, a code to reset its password has been sent to it.` });
});
