import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { otpCodes, type OtpPurpose } from '@/db/schema';

export type OtpRow = typeof otpCodes.$inferSelect;

/** The newest code for an e-mail and purpose (consumed or not). */
export async function latestOtp(db: Db, email: string, purpose: OtpPurpose): Promise<OtpRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  return row;
}

/** Drops the e-mail's earlier unconsumed codes for the purpose: only the newest one is valid. */
export async function deletePendingOtps(db: Db, email: string, purpose: OtpPurpose): Promise<void> {
  await db.delete(otpCodes).where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
}

export async function insertOtp(
  db: Db,
  values: { email: string; purpose: OtpPurpose; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<OtpRow> {
  const [row] = await db.insert(otpCodes).values(values).returning();
  return row;
}

/** Counts one wrong attempt, atomically and never past the limit; answers the new count or undefined. */
export async function addOtpAttempt(db: Db, id: number, maxAttempts: number): Promise<number | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, maxAttempts)))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts;
}

/** Consumes a code once; a second (concurrent) consumer gets false. */
export async function consumeOtp(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}
