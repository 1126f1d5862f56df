import { getDb } from '@/db/client';
import { readForm } from '@/lib/api/body';
import { withApi } from '@/lib/api/handler';
import { sendSignupOtp } from '@/lib/auth/otp';
import { emailField } from '@/lib/auth/validation';
import { requestIp } from '@/lib/server/request';
import { z } from 'zod';

const schema = z.object({ email: emailField });

export const POST = withApi(async (req) => {
  const { email } = await readForm(req, schema);
  await sendSignupOtp(await getDb(), { email, ip: requestIp(req) });
  return Response.json({ detail: `OTP sent to ${email}.` });
});
