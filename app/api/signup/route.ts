import { getDb } from '@/db/client';
import { readJson } from '@/lib/api/body';
import { withApi } from '@/lib/api/handler';
import { signup } from '@/lib/auth/signup';
import { toUserObject } from '@/lib/auth/user-object';
import { emailField, nameField, otpField, passwordField, phoneField } from '@/lib/auth/validation';
import { requestIp } from '@/lib/server/request';
import { z } from 'zod';

const schema = z.object({
  name: nameField,
  email: emailField,
  phone_number: phoneField,
  password: passwordField,
  otp: otpField,
});

export const POST = withApi(async (req) => {
  const input = await readJson(req, schema);
  const user = await signup(await getDb(), input, requestIp(req));
  return Response.json(toUserObject(user), { status: 201 });
});
