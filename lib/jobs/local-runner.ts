import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '@/db/client';
import { claimJob, completeStep, endAbandonedJobs, findStep, renewLease, settleJob, startStep, unfinishedStep } from '@/db/queries/jobs';
import type { JobRow } from '@/db/schema';
import { JobCancelledError, NonRetriableJobError, retryDelayMs, stepOf, withStep, type AnyJob, type JobIo } from './define';

export interface LocalRunnerOptions {
  /** Jobs run at once by this process (default: CPU count). */
  concurrency?: number;
  /** A claimed job is ours for this long; renewed every third of it while it runs. */
  leaseMs?: number;
  /** How often the queue is looked at when nothing woke the runner (other processes' jobs, retries). */
  pollMs?: number;
  workerId?: string;
  /** Delay before retry number `attempt` (default: 2 s, 8 s, 32 s … capped at 5 min). */
  retryDelayMs?: (attempt: number) => number;
  log?: (line: string) => void;
}


/** What the user is told about a job that processes died running twice. */
export const ABANDONED_MESSAGE =
  'The server stopped twice while working on this task, so the task was ended. The file may be the cause: check that it opens, or start a new task with another copy.';

/**
 * The local runner: jobs and step results in the database; any number of processes may run one over
 * the same PostgreSQL database. Each claims work atomically, holds it under a renewed lease (a job
 * whose process died is claimed again once the lease runs out and resumes after its last finished
 * step), runs at most `concurrency` jobs at once, retries transient faults with backoff and none for
 * bad input, and aborts a job's work when it is cancelled.
 */
export class LocalJobRunner {
  readonly workerId: string;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly log: (line: string) => void;
  private readonly retryDelayMs: (attempt: number) => number;
  private readonly definitions = new Map<string, AnyJob>();
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private filling: Promise<void> | null = null;
  private refill = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    definitions: readonly AnyJob[],
    options: LocalRunnerOptions = {},
  ) {
    for (const d of definitions) this.definitions.set(d.id, d);
    this.concurrency = options.concurrency ?? Math.max(1, os.availableParallelism());
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1000;
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.log = options.log ?? ((line) => console.info(`[jobs] ${line}`));
    this.retryDelayMs = options.retryDelayMs ?? retryDelayMs;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops claiming; running jobs are aborted and left to be claimed again (their lease lapses). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const { controller } of this.running.values()) controller.abort(new JobCancelledError('The server is shutting down.'));
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }

  /** Look at the queue now (a job was just queued by this process). */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** Aborts a job this process is running (the caller has marked it cancelled in the database). */
  abortLocal(jobId: string, reason = 'The task was cancelled.'): void {
    this.running.get(jobId)?.controller.abort(new JobCancelledError(reason));
  }

  /** Resolves when no job runs in this process (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.filling) {
      await Promise.allSettled([...this.running.values()].map((r) => r.done));
      if (this.filling) await this.filling;
    }
  }

  get active(): number {
    return this.running.size;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.fill(), delay);
    this.timer.unref();
  }

  /** Claims jobs until the process is full or the queue is empty; one claiming loop at a time. */
  private fill(): Promise<void> {
    if (this.filling) {
      this.refill = true;
      return this.filling;
    }
    // .finally runs in a later microtask, so `filling` is always set before it is cleared (the loop may
    // finish without awaiting anything when the process is already full).
    const run = this.claimLoop().finally(() => {
      this.filling = null;
      this.schedule(this.pollMs);
    });
    this.filling = run;
    return run;
  }

  private async claimLoop(): Promise<void> {
    try {
      await this.endAbandoned();
      do {
        this.refill = false;
        while (!this.stopped && this.running.size < this.concurrency) {
          const job = await claimJob(this.db, [...this.definitions.keys()], this.workerId, this.leaseMs);
          if (!job) break;
          this.launch(job);
        }
      } while (this.refill && !this.stopped);
    } catch (error) {
      this.log(`claiming failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Jobs that processes died running twice are ended here, not run a third time: whatever stops a process
   * (a file, a fault of ours) must not stop every process of a fleet in turn, or one process at every restart.
   */
  private async endAbandoned(): Promise<void> {
    const ended = await endAbandonedJobs(this.db, [...this.definitions.keys()], ABANDONED_MESSAGE);
    for (const job of ended) {
      const definition = this.definitions.get(job.name);
      this.log(`${job.name} ${job.id} ended: its process stopped twice while running it`);
      if (!definition?.onFailure) continue;
      const parsed = definition.schema.safeParse(job.payload);
      if (!parsed.success) continue;
      const step = await unfinishedStep(this.db, job.id).catch(() => null);
      await definition.onFailure(parsed.data, { message: ABANDONED_MESSAGE, step, permanent: true }).catch((e: unknown) => {
        console.error(`[jobs] ${job.name} ${job.id} onFailure failed`, e);
      });
    }
  }

  private launch(job: JobRow): void {
    const controller = new AbortController();
    const done = this.execute(job, controller).finally(() => {
      this.running.delete(job.id);
      this.wake();
    });
    this.running.set(job.id, { controller, done });
  }

  private async execute(job: JobRow, controller: AbortController): Promise<void> {
    const definition = this.definitions.get(job.name);
    if (!definition) return;
    const heartbeat = setInterval(() => {
      void renewLease(this.db, job.id, this.workerId, this.leaseMs).then(
        (ours) => {
          if (!ours) controller.abort(new JobCancelledError('The job was cancelled or taken over.'));
        },
        () => undefined,
      );
    }, Math.max(250, Math.floor(this.leaseMs / 3)));
    heartbeat.unref();
    const io: JobIo = {
      runId: job.id,
      signal: controller.signal,
      step: async <T>(id: string, fn: () => Promise<T>): Promise<T> => {
        if (controller.signal.aborted) throw controller.signal.reason;
        const stored = await findStep(this.db, job.id, id);
        if (stored?.done) return stored.result as T;
        await startStep(this.db, job.id, id);
        try {
          const result = await fn();
          await completeStep(this.db, job.id, id, result);
          return result;
        } catch (error) {
          throw withStep(error, id);
        }
      },
    };
    let payload: unknown;
    try {
      payload = definition.schema.parse(job.payload);
      await definition.handler(payload, io);
      await settleJob(this.db, job.id, this.workerId, { status: 'succeeded' });
    } catch (error) {
      await this.settleFailure(job, definition, payload, error, controller.signal);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async settleFailure(job: JobRow, definition: AnyJob, payload: unknown, error: unknown, signal: AbortSignal): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof JobCancelledError || signal.aborted) {
      // Stopping: hand the job back to the queue at once (a cancelled one is no longer ours and stays cancelled).
      if (this.stopped) await settleJob(this.db, job.id, this.workerId, { status: 'queued', error: 'interrupted by shutdown', retryAt: new Date() }).catch(() => undefined);
      this.log(`${job.name} ${job.id} stopped: ${signal.aborted && signal.reason instanceof Error ? signal.reason.message : message}`);
      return;
    }
    const permanent = error instanceof NonRetriableJobError;
    if (!permanent && job.attempts < job.maxAttempts) {
      const retryAt = new Date(Date.now() + this.retryDelayMs(job.attempts));
      this.log(`${job.name} ${job.id} attempt ${job.attempts} failed (${message}); retrying at ${retryAt.toISOString()}`);
      await settleJob(this.db, job.id, this.workerId, { status: 'queued', error: message, retryAt }).catch(() => undefined);
      return;
    }
    if (!permanent) console.error(`[jobs] ${job.name} ${job.id} failed after ${job.attempts} attempts`, error);
    const settled = await settleJob(this.db, job.id, this.workerId, { status: 'failed', error: message }).catch(() => false);
    if (settled && definition.onFailure && payload !== undefined) {
      await definition.onFailure(payload, { message, step: stepOf(error), permanent }).catch((e: unknown) => {
        console.error(`[jobs] ${job.name} ${job.id} onFailure failed`, e);
      });
    }
  }
}
