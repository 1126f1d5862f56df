import { listUsers } from '@/db/queries/users';
import { withAdmin } from '@/lib/api/with-user';
import { controlCharacters } from '@/lib/api/plain-text';
import { toUserObject } from '@/lib/auth/user-object';
import { jsonNoStore } from '@/lib/api/request';
import { z } from 'zod';

const querySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .refine((q) => controlCharacters(q).length === 0, 'must not contain control characters')
    .optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(1000).default(1000),
  offset: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).default(0),
});

/** GET /api/users (admin): users by id, optional ?q= (name/e-mail), ?limit=&offset=; total in X-Total-Count. */
export const GET = withAdmin(async (req, { ctx }) => {
  const query = querySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const { rows, total } = await listUsers(ctx.db, query);
  return jsonNoStore(rows.map(toUserObject), { headers: { 'X-Total-Count': String(total) } });
});
