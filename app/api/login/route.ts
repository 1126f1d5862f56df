import { readForm } from '@/lib/api/body';
import { withContext } from '@/lib/api/with-user';
import { login } from '@/lib/auth/sessions';
import { jsonNoStore, requestIp } from '@/lib/api/request';
import { z } from 'zod';

const schema = z.object({
  username: z.string({ error: 'is required (your e-mail address)' }).trim().min(1, 'is required (your e-mail address)').max(254, 'is too long'),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
});

export const POST = withContext(async (req, { ctx }) => {
  const { username, password } = await readForm(req, schema);
  const tokens = await login(ctx.db, { email: username, password, ip: requestIp(req) });
  return jsonNoStore(tokens);
});
