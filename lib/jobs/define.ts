import type { ZodType } from 'zod';

/**
 * One job definition, two runners: a job is declared once — an id, the event that starts
 * it, a zod schema for its payload and a handler that does its work through `io` — and the local
 * runner (lib/jobs/local-runner.ts) and Inngest (inngest/functions.ts) both execute it.
 */
export interface JobIo {
  /** The run's id (local: the job row; Inngest: the run id). */
  readonly runId: string;
  /** Aborted when the job is cancelled (between and inside steps) or its lease is lost. */
  readonly signal: AbortSignal;
  /**
   * Runs `fn` once per job run: a finished step answers its stored result without running again — after
   * a retry, a crash or a resume. Results are stored and replayed, so they must be small JSON (references to
   * stored files, never the files themselves: Inngest caps a step's output at 4 MB).
   */
  step<T>(id: string, fn: () => Promise<T>): Promise<T>;
}

export interface JobFailure {
  message: string;
  /** The step that threw, when known. */
  step: string | null;
  /** Bad input (no retry would help) rather than a fault that outlived its retries. */
  permanent: boolean;
}

export interface JobDefinition<P> {
  /** Stable id: the local queue's job name and the Inngest function id. */
  id: string;
  /** The event that starts it on Inngest (and names it in logs). */
  event: string;
  /** A cron schedule instead of an event (scheduled work). */
  cron?: string;
  schema: ZodType<P>;
  /** Retries after the first attempt, for transient faults. */
  retries: number;
  /** Groups runs for the per-key concurrency limit on Inngest (e.g. one user's jobs). */
  concurrencyKey?: string;
  /** Cancels a run on Inngest when this event arrives with the same `match` field. */
  cancelOn?: { event: string; match: string };
  handler(payload: P, io: JobIo): Promise<void>;
  /** Called once when a run ends failed (bad input at once, or after its last retry). */
  onFailure?(payload: P, failure: JobFailure): Promise<void>;
}

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** A job of any payload, as runners hold them: each run parses its payload with the job's own schema. */
export type AnyJob = JobDefinition<unknown>;

/**
 * A definition as an AnyJob. The one cast of payload types: a handler takes its own payload type P, not
 * any value, so JobDefinition<P> is not a JobDefinition<unknown>; the runners only ever call it with what
 * `schema` parsed, which is a P.
 */
export function eraseJob<P>(job: JobDefinition<P>): AnyJob {
  return job as unknown as AnyJob;
}

/** Bad input: the job ends at once, without retries, with this message for the user. */
export class NonRetriableJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NonRetriableJobError';
  }
}

/** The run was cancelled (the task was deleted or its job cancelled): it stops quietly. */
export class JobCancelledError extends Error {
  constructor(message = 'The job was cancelled.') {
    super(message);
    this.name = 'JobCancelledError';
  }
}

/** Attaches the failing step to an error on its way out of `io.step`. */
export function withStep(error: unknown, step: string): unknown {
  if (error instanceof Error && !(error as { step?: string }).step) (error as Error & { step?: string }).step = step;
  return error;
}

export function stepOf(error: unknown): string | null {
  return error instanceof Error ? ((error as { step?: string }).step ?? null) : null;
}

/** Retry delays: 2 s, 8 s, 32 s … capped at 5 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5 * 60_000, 2000 * 4 ** Math.max(0, attempt - 1));
}
