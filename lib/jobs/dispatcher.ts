import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { cancelJobs, findJobByDedupeKey, insertJob, requeueJob } from '@/db/queries/jobs';
import type { JobDefinition } from './define';
import type { LocalJobRunner } from './local-runner';

/**
 * Starts, cancels and resumes job runs on whichever runner is configured. Callers (route handlers,
 * the payment step) know nothing of the runner behind it.
 */
export interface JobDispatcher {
  readonly provider: 'local' | 'inngest';
  /** Starts a run; answers its id (the task_id users see). */
  start<P>(job: JobDefinition<P>, payload: P, options?: { dedupeKey?: string }): Promise<string>;
  /** Stops runs (between steps, and inside long loops through their AbortSignal). */
  cancel<P>(job: JobDefinition<P>, runIds: readonly string[], payload: P): Promise<void>;
  /** Runs a failed job again from the step that failed; answers the run id to follow. */
  resume<P>(job: JobDefinition<P>, runId: string, payload: P): Promise<string>;
}

/** The local runner's dispatcher: jobs are rows in the database, and this process's runner is woken. */
export class LocalDispatcher implements JobDispatcher {
  readonly provider = 'local' as const;
  constructor(
    private readonly db: Db,
    private readonly runner: LocalJobRunner | null,
  ) {}

  async start<P>(job: JobDefinition<P>, payload: P, options: { dedupeKey?: string } = {}): Promise<string> {
    const id = randomUUID();
    const queued = await insertJob(this.db, { id, name: job.id, payload: job.schema.parse(payload), maxAttempts: job.retries + 1, dedupeKey: options.dedupeKey });
    if (!queued && options.dedupeKey) {
      // already queued under this key: that run is the one to follow
      const existing = await findJobByDedupeKey(this.db, options.dedupeKey);
      if (existing) return existing.id;
    }
    this.runner?.wake();
    return id;
  }

  async cancel<P>(_job: JobDefinition<P>, runIds: readonly string[], _payload?: P): Promise<void> {
    await cancelJobs(this.db, runIds);
    for (const id of runIds) this.runner?.abortLocal(id);
  }

  async resume<P>(job: JobDefinition<P>, runId: string, payload: P): Promise<string> {
    // The same run again: its finished steps are stored against its id and are not repeated.
    if (await requeueJob(this.db, runId)) {
      this.runner?.wake();
      return runId;
    }
    return this.start(job, payload);
  }
}
