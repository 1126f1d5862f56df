import { findUserById } from '@/db/queries/users';
import { ApiError } from '@/lib/api/errors';
import { readJson } from '@/lib/api/body';
import { withAdmin, withUser } from '@/lib/api/with-user';
import { toUserObject } from '@/lib/auth/user-object';
import { updateUserAs } from '@/lib/auth/users';
import { deleteUserWithTasks } from '@/lib/documents/service';
import { nameField, passwordField, phoneUpdateField } from '@/lib/auth/validation';
import { jsonNoStore } from '@/lib/api/request';
import { z } from 'zod';

const updateSchema = z.object({
  name: nameField.optional(),
  phone_number: phoneUpdateField.optional(),
  // Blank keeps the current password (the profile and admin edit forms send it only when non-empty).
  password: z.union([z.literal(''), passwordField]).optional(),
  is_active: z.boolean({ error: 'must be true or false' }).optional(),
  is_admin: z.boolean({ error: 'must be true or false' }).optional(),
});

/** GET /api/users/{id}: the user object, for that user or an admin (the admin edit screen loads it). */
export const GET = withUser('user id', async (_req, { ctx, user, id }) => {
  if (user.id !== id && !user.isAdmin) throw ApiError.forbidden('You can only view your own profile.');
  const target = await findUserById(ctx.db, id);
  if (!target) throw ApiError.notFound('User not found.');
  return jsonNoStore(toUserObject(target));
});

/** PUT /api/users/{id}: self, or any user for an admin (who may also set is_active / is_admin). */
export const PUT = withUser('user id', async (req, { ctx, user: caller, sessionId, id }) => {
  const update = await readJson(req, updateSchema);
  const user = await updateUserAs(ctx.db, { user: caller, sessionId }, id, update);
  return jsonNoStore(toUserObject(user));
});

/** DELETE /api/users/{id} (admin): not oneself, not the last admin; their tasks and files go with them. */
export const DELETE = withAdmin('user id', async (_req, { ctx, user: admin, id }) => {
  await deleteUserWithTasks(ctx, admin, id);
  return Response.json({ detail: 'User deleted.' });
});
