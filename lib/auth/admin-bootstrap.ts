import type { Db } from '@/db/client';
import { findUserByEmail, insertUser, setPasswordHash, updateUserRow } from '@/db/queries/users';
import type { User } from '@/db/schema';
import { hashPassword } from './password';

export interface EnsureAdminOptions {
  email: string;
  password: string;
  name?: string;
  /** For an existing user: also set this password (the CLI does; start-up does not). */
  resetPassword?: boolean;
}

/** Creates the admin, or promotes (and re-activates) an existing user with that e-mail. */
export async function ensureAdmin(db: Db, options: EnsureAdminOptions): Promise<{ user: User; created: boolean }> {
  const email = options.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const passwordHash = options.resetPassword ? await hashPassword(options.password) : undefined;
    if (existing.isAdmin && existing.isActive && !passwordHash) return { user: existing, created: false };
    if (passwordHash) await setPasswordHash(db, existing.id, passwordHash);
    const user = await updateUserRow(db, existing.id, { isAdmin: true, isActive: true });
    return { user: user ?? existing, created: false };
  }
  const user = await insertUser(db, {
    name: options.name?.trim() || 'Admin',
    email,
    passwordHash: await hashPassword(options.password),
    isAdmin: true,
    isActive: true,
  });
  return { user, created: true };
}
