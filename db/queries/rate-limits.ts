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
