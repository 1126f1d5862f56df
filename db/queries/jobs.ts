import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobSteps, jobs, type JobRow } from '@/db/schema';

export interface NewJob {
  id: string;
  name: string;
  payload: unknown;
  maxAttempts: number;
  dedupeKey?: string;
  runAt?: Date;
}

/** Queues a job; with a dedupe key already queued, nothing is added and false is answered. */
export async function insertJob(db: Db, job: NewJob): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({ id: job.id, name: job.name, payload: job.payload, maxAttempts: job.maxAttempts, dedupeKey: job.dedupeKey, runAt: job.runAt ?? new Date() })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function findJobByDedupeKey(db: Db, dedupeKey: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey));
  return row ?? null;
}

export async function findJob(db: Db, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/** A job left running by dead processes this many times is ended instead of being run again. */
export const MAX_ABANDONS = 2;

/**
 * Atomically claims the next runnable job of the given names: a queued one that is due, or a running one
 * whose lease ran out (its process died) and that no process has abandoned before. One statement with
 * FOR UPDATE SKIP LOCKED, so any number of processes can share the queue without taking the same job.
 */
export async function claimJob(db: Db, names: readonly string[], workerId: string, leaseMs: number): Promise<JobRow | null> {
  if (names.length === 0) return null;
  const nameList = sql.join(names.map((n) => sql`${n}`), sql`, `);
  // SET expressions read the row as it was: a job taken over from a dead process counts one abandonment
  const result = await db.execute(sql`
    update ${jobs} set
      abandons = ${jobs.abandons} + (case when ${jobs.status} = 'running' then 1 else 0 end),
      status = 'running',
      locked_by = ${workerId},
      locked_until = now() + (${leaseMs} * interval '1 millisecond'),
      attempts = ${jobs.attempts} + 1,
      updated_at = now()
    where ${jobs.id} = (
      select id from ${jobs}
      where name in (${nameList})
        and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now() and abandons + 1 < ${MAX_ABANDONS}))
      order by run_at
      for update skip locked
      limit 1
    )
    returning id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: string }[];
  if (rows.length === 0) return null;
  return findJob(db, rows[0].id);
}

/**
 * Ends the jobs that dead processes left running once too often (a job that takes its process down every
 * time must not take down every process that picks it up): failed, with `error`. Returns them, for
 * their failure handlers; each is returned to one caller only.
 */
export async function endAbandonedJobs(db: Db, names: readonly string[], error: string): Promise<JobRow[]> {
  if (names.length === 0) return [];
  const nameList = sql.join(names.map((n) => sql`${n}`), sql`, `);
  const result = await db.execute(sql`
    update ${jobs} set
      status = 'failed',
      abandons = ${jobs.abandons} + 1,
      last_error = ${error},
      locked_by = null,
      locked_until = null,
      finished_at = now(),
      updated_at = now()
    where ${jobs.id} in (
      select id from ${jobs}
      where name in (${nameList}) and status = 'running' and locked_until < now() and abandons + 1 >= ${MAX_ABANDONS}
      for update skip locked
    )
    returning id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: string }[];
  const found = await Promise.all(rows.map((r) => findJob(db, r.id)));
  return found.filter((j): j is JobRow => j !== null);
}

/** The step a job was in when it stopped: the last one started and not finished, if any. */
export async function unfinishedStep(db: Db, jobId: string): Promise<string | null> {
  const rows = await db
    .select({ stepId: jobSteps.stepId, completedAt: jobSteps.completedAt, updatedAt: jobSteps.updatedAt })
    .from(jobSteps)
    .where(eq(jobSteps.jobId, jobId));
  const open = rows.filter((r) => r.completedAt === null).sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  return open[0]?.stepId ?? null;
}

/** Extends a lease; false when the job is no longer ours to run (cancelled, or taken over after a lapse). */
export async function renewLease(db: Db, id: string, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + (${leaseMs} * interval '1 millisecond')` })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Ends a run held by this worker: succeeded, failed, or back to the queue for a retry at `retryAt`. */
export async function settleJob(
  db: Db,
  id: string,
  workerId: string,
  outcome: { status: 'succeeded' } | { status: 'failed'; error: string } | { status: 'queued'; error: string; retryAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: outcome.status,
      lastError: outcome.status === 'succeeded' ? null : outcome.error,
      runAt: outcome.status === 'queued' ? outcome.retryAt : undefined,
      finishedAt: outcome.status === 'queued' ? null : new Date(),
      lockedBy: null,
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Marks jobs cancelled (any not yet finished); a worker running one sees it at its next lease renewal. */
export async function cancelJobs(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: new Date(), lockedBy: null, lockedUntil: null, updatedAt: new Date() })
    .where(and(inArray(jobs.id, [...ids]), inArray(jobs.status, ['queued', 'running'])));
}

/** Puts a failed job back in the queue with fresh attempts; its finished steps are kept (resume). */
export async function requeueJob(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, abandons: 0, runAt: new Date(), lastError: null, finishedAt: null, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['failed', 'succeeded'])))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Running jobs left by dead processes: their leases end now, so they are taken up (or, abandoned once too
 * often, ended) at once instead of after the lease runs out. Only safe when no other process can be
 * running them (the embedded database is one process's).
 */
export async function releaseOrphanedJobs(db: Db): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(jobs.status, 'running'))
    .returning({ id: jobs.id });
  return rows.length;
}

export interface StepRecord {
  done: boolean;
  result: unknown;
  runs: number;
}

export async function findStep(db: Db, jobId: string, stepId: string): Promise<StepRecord | null> {
  const [row] = await db.select().from(jobSteps).where(and(eq(jobSteps.jobId, jobId), eq(jobSteps.stepId, stepId)));
  return row ? { done: row.completedAt !== null, result: row.result, runs: row.runs } : null;
}

/** Counts one more start of a step. */
export async function startStep(db: Db, jobId: string, stepId: string): Promise<void> {
  await db
    .insert(jobSteps)
    .values({ jobId, stepId, runs: 1 })
    .onConflictDoUpdate({ target: [jobSteps.jobId, jobSteps.stepId], set: { runs: sql`${jobSteps.runs} + 1`, updatedAt: new Date() } });
}

export async function completeStep(db: Db, jobId: string, stepId: string, result: unknown): Promise<void> {
  await db
    .update(jobSteps)
    .set({ result: result === undefined ? null : result, completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(jobSteps.jobId, jobId), eq(jobSteps.stepId, stepId)));
}

export async function listSteps(db: Db, jobId: string): Promise<{ stepId: string; runs: number; done: boolean }[]> {
  const rows = await db.select().from(jobSteps).where(eq(jobSteps.jobId, jobId));
  return rows.map((r) => ({ stepId: r.stepId, runs: r.runs, done: r.completedAt !== null }));
}
