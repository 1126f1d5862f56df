import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rateLimits } from '@/db/schema';

export interface WindowCount {
  count: number;
  windowStart: Date;
}

/**
 * Adds one hit to a fixed-window counter in a single statement (safe across processes): a window that
 * started at or before `windowCutoff` is restarted at `now` with count 1.
 */
export async function incrementWindow(db: Db, key: string, now: Date, windowCutoff: Date): Promise<WindowCount> {
  const nowIso = now.toISOString();
  const cutoffIso = windowCutoff.toISOString();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${cutoffIso}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${cutoffIso}::timestamptz then ${nowIso}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return { count: row.count, windowStart: new Date(row.windowStart) };
}

export async function readWindow(db: Db, key: string): Promise<WindowCount | undefined> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return row ? { count: row.count, windowStart: new Date(row.windowStart) } : undefined;
}

export async function resetWindow(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Removes counters whose window ended long ago (housekeeping). */
export async function pruneWindows(db: Db, olderThan: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
}

export interface BackoffRule {
  /** Attempts allowed back to back before delays start. */
  free: number;
  /** The longest delay between attempts, in seconds. */
  maxDelaySeconds: number;
  /** A counter untouched this long starts again from zero. */
  resetSeconds: number;
}

/** Seconds to wait after the `count`-th attempt before the next is allowed: 0 while free, then 1, 2, 4, ... capped. */
export function backoffDelaySeconds(rule: BackoffRule, count: number): number {
  if (count < rule.free) return 0;
  return Math.min(rule.maxDelaySeconds, 2 ** (count - rule.free));
}

/**
 * Counts one attempt against a growing-delay counter in a single statement, so that the check and the
 * count are one atomic step: `window_start` holds the last attempt, `count` the attempts since the last
 * reset. The row is updated only when the attempt is allowed (free attempts left, or the delay earned
 * by the count has passed, or the counter is stale); otherwise nothing changes and `allowed` is false
 * with the seconds still to wait. Parallel attempts serialize on the row lock (PostgreSQL re-checks the
 * condition against the newest row), so no more than the allowed number ever pass.
 */
export async function takeBackoffAttempt(
  db: Db,
  key: string,
  rule: BackoffRule,
  now: Date,
): Promise<{ allowed: true; count: number } | { allowed: false; retryAfterSeconds: number }> {
  const nowIso = now.toISOString();
  const resetCutoffIso = new Date(now.getTime() - rule.resetSeconds * 1000).toISOString();
  const stale = sql`${rateLimits.windowStart} <= ${resetCutoffIso}::timestamptz`;
  const delay = sql`make_interval(secs => least(${rule.maxDelaySeconds}::float8, power(2::float8, (${rateLimits.count} - ${rule.free})::float8)))`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${stale} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`${nowIso}::timestamptz`,
      },
      setWhere: sql`${stale} or ${rateLimits.count} < ${rule.free} or ${rateLimits.windowStart} + ${delay} <= ${nowIso}::timestamptz`,
    })
    .returning({ count: rateLimits.count });
  if (rows.length > 0) return { allowed: true, count: rows[0].count };
  const current = await readWindow(db, key);
  const waitMs = current ? current.windowStart.getTime() + backoffDelaySeconds(rule, current.count) * 1000 - now.getTime() : 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
