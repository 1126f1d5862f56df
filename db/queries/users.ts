import { and, asc, count, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { refreshTokens, users, type LicenseStatus, type NewUser, type User } from '@/db/schema';

/** User rows. Every function takes the database first. */

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** E-mail lookups are case-insensitive (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export type UserPatch = Partial<Pick<NewUser, 'name' | 'phoneNumber' | 'isActive' | 'isAdmin' | 'vsgLicenseStatus'>>;

export async function updateUserRow(db: Db, id: number, patch: UserPatch): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * A user and whether one of their sessions (a refresh-token family) is still live, in one round trip: the
 * user by primary key and an EXISTS on the family's index. What every authenticated request costs.
 */
export async function findUserWithSession(db: Db, userId: number, sessionId: string): Promise<{ user: User; sessionLive: boolean } | undefined> {
  const [row] = await db
    .select({
      user: users,
      sessionLive: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, sessionId), eq(refreshTokens.userId, users.id), isNull(refreshTokens.revokedAt)))})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { user: row.user, sessionLive: row.sessionLive === true } : undefined;
}

/** The one way a password changes: the new hash, and the password version raised (file links signed before it stop working). */
export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, passwordVersion: sql`${users.passwordVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteUserRow(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface ListUsersOptions {
  q?: string;
  limit: number;
  offset: number;
}

export async function listUsers(db: Db, options: ListUsersOptions): Promise<{ rows: User[]; total: number }> {
  const q = options.q?.trim();
  const where = q ? or(ilike(users.name, `%${escapeLike(q)}%`), ilike(users.email, `%${escapeLike(q)}%`)) : undefined;
  const rows = await db.select().from(users).where(where).orderBy(asc(users.id)).limit(options.limit).offset(options.offset);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total: Number(total) };
}

export async function listLicenses(db: Db): Promise<{ id: number; email: string; vsgLicenseStatus: LicenseStatus }[]> {
  return db
    .select({ id: users.id, email: users.email, vsgLicenseStatus: users.vsgLicenseStatus })
    .from(users)
    .orderBy(asc(users.id));
}

/**
 * Locks the active admins' rows (inside a transaction) and counts those other than `exceptId`, so two
 * admins demoting each other at once cannot leave the site without an admin.
 */
export async function lockAndCountOtherActiveAdmins(db: Db, exceptId: number): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true), ne(users.id, exceptId)))
    .for('update');
  return rows.length;
}

/** The billing details printed on a user's next invoices. */
export async function setBillingDetails(db: Db, id: number, details: { billingName: string | null; billingGstin: string | null; billingStateCode: string | null }): Promise<User | undefined> {
  const [row] = await db.update(users).set({ ...details, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row;
}
