import { readJson } from '@/lib/api/body';
import { withContext } from '@/lib/api/with-user';
import { signup } from '@/lib/auth/signup';
import { toUserObject } from '@/lib/auth/user-object';
import { emailField, nameField, otpField, passwordField, phoneField } from '@/lib/auth/validation';
import { requestIp } from '@/lib/api/request';
import { z } from 'zod';

const schema = z.object({
  name: nameField,
  email: emailField,
  phone_number: phoneField,
  password: passwordField,
  otp: otpField,
});

export const POST = withContext(async (req, { ctx }) => {
  const input = await readJson(req, schema);
  const user = await signup(ctx.db, input, requestIp(req));
  return Response.json(toUserObject(user), { status: 201 });
});
