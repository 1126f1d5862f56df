import type { Db } from '@/db/client';
import { revokeUserTokens } from '@/db/queries/refresh-tokens';
import { deleteUserRow, findUserById, lockAndCountOtherActiveAdmins, setPasswordHash, updateUserRow, type UserPatch } from '@/db/queries/users';
import type { User } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { sendNotice } from '@/lib/mail';
import { passwordChangedMail } from './mails';
import { hashPassword } from './password';

export interface ProfileUpdate {
  name?: string;
  phone_number?: string;
  /** Changed only when non-empty. */
  password?: string;
  /** Admins only. */
  is_active?: boolean;
  /** Admins only. */
  is_admin?: boolean;
}

export interface Actor {
  user: User;
  /** The actor's own session, kept when they change their own password. */
  sessionId?: string;
}

const LAST_ADMIN = 'The last admin cannot be removed, demoted or deactivated. Make another user an admin first.';

/**
 * PUT /api/users/{id}: a user edits themself; an admin edits anyone and may also set is_active/is_admin.
 * An admin cannot demote or deactivate themself, and the last active admin stays an admin.
 * Changing a password or deactivating signs the user out everywhere: one's own change keeps only the
 * session it was made in (the other refresh-token families end), an admin's change ends all of the
 * user's sessions. A password change also ends every file link signed before it (the password version
 * goes up) and is mailed to the account's owner.
 */
export async function updateUserAs(db: Db, actor: Actor, targetId: number, update: ProfileUpdate, now: Date = new Date()): Promise<User> {
  const self = actor.user.id === targetId;
  if (!self && !actor.user.isAdmin) throw ApiError.forbidden('You can only edit your own profile.');

  const passwordHash = update.password ? await hashPassword(update.password) : undefined;

  const updated = await db.transaction(async (tx) => {
    const target = await findUserById(tx, targetId);
    if (!target) throw ApiError.notFound('User not found.');

    const wantsRoleChange =
      (update.is_admin !== undefined && update.is_admin !== target.isAdmin) ||
      (update.is_active !== undefined && update.is_active !== target.isActive);
    if (wantsRoleChange && !actor.user.isAdmin) throw ApiError.forbidden('Only an admin can change is_active or is_admin.');

    const demotes = target.isAdmin && update.is_admin === false;
    const deactivates = target.isActive && update.is_active === false;
    if (self && demotes) throw ApiError.conflict('You cannot remove your own admin rights. Ask another admin to do it.');
    if (self && deactivates) throw ApiError.conflict('You cannot deactivate your own account.');
    if (target.isAdmin && target.isActive && (demotes || deactivates)) {
      if ((await lockAndCountOtherActiveAdmins(tx, target.id)) === 0) throw ApiError.conflict(LAST_ADMIN);
    }

    const patch: UserPatch = {};
    if (update.name !== undefined) patch.name = update.name;
    if (update.phone_number !== undefined) patch.phoneNumber = update.phone_number;
    if (update.is_admin !== undefined && actor.user.isAdmin) patch.isAdmin = update.is_admin;
    if (update.is_active !== undefined && actor.user.isAdmin) patch.isActive = update.is_active;

    if (passwordHash) await setPasswordHash(tx, target.id, passwordHash);
    const updated = await updateUserRow(tx, target.id, patch);
    if (!updated) throw ApiError.notFound('User not found.');
    if (deactivates) await revokeUserTokens(tx, target.id, now);
    else if (passwordHash) await revokeUserTokens(tx, target.id, now, self ? actor.sessionId : undefined);
    return updated;
  });
  if (passwordHash) await sendNotice(passwordChangedMail(updated.email, self ? 'self' : 'admin'));
  return updated;
}

/** Why `actor` may not delete `targetId`, as an ApiError; the target row otherwise. */
async function deletableTarget(db: Db, actor: User, targetId: number): Promise<User> {
  if (!actor.isAdmin) throw ApiError.forbidden('Admin access is required.');
  if (actor.id === targetId) throw ApiError.conflict('You cannot delete your own account.');
  const target = await findUserById(db, targetId);
  if (!target) throw ApiError.notFound('User not found.');
  if (target.isAdmin && target.isActive && (await lockAndCountOtherActiveAdmins(db, target.id)) === 0) throw ApiError.conflict(LAST_ADMIN);
  return target;
}

/** Checks that `actor` may delete `targetId` (admin, not themself, not the last admin), before anything is done. */
export async function assertUserDeletable(db: Db, actor: User, targetId: number): Promise<void> {
  await deletableTarget(db, actor, targetId);
}

/**
 * DELETE /api/users/{id} (the caller is an admin): not themself, not the last admin. Sessions go with the
 * row. `beforeDelete` runs in the same transaction just before the row goes (rows that go with it, such
 * as the user's tasks, can be read and locked there).
 */
export async function deleteUserAs(db: Db, actor: User, targetId: number, beforeDelete?: (tx: Db, target: User) => Promise<void>): Promise<void> {
  await db
    .transaction(async (tx) => {
      const target = await deletableTarget(tx, actor, targetId);
      await beforeDelete?.(tx, target);
      // refresh_tokens cascade with the user row, so every session ends now; access tokens fail on the next
      // request because the guard loads the user.
      if (!(await deleteUserRow(tx, target.id))) throw ApiError.notFound('User not found.');
    })
    .catch((error: unknown) => {
      // A table of another feature that references users without ON DELETE CASCADE must not turn into a 500.
      if (hasPgCode(error, '23503')) throw ApiError.conflict('This user still has records that prevent deletion.');
      throw error;
    });
}

function hasPgCode(error: unknown, code: string): boolean {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
