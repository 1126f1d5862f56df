import { getDb } from './database';
import { releaseOrphanedJobs } from '@/db/queries/jobs';
import { getConfig } from '@/lib/config';
import { LOCAL_JOBS, retentionJob } from '@/lib/documents/jobs';
import { invoiceMailsJob } from '@/lib/invoices/jobs';
import { LocalJobRunner, type JobDefinition, type JobDispatcher } from '@/lib/jobs';
import { LocalDispatcher } from '@/lib/jobs/dispatcher';
import { onShutdown } from './shutdown';

/**
 * The process's jobs: the configured dispatcher and, with the local runner, the runner itself (started
 * once per server process by the start-up hook; kept on globalThis because Next may load this module
 * once per bundle).
 */
interface JobsState {
  dispatcher?: Promise<JobDispatcher>;
  runner?: LocalJobRunner;
  scheduleTimers?: NodeJS.Timeout[];
}
const state: JobsState = ((globalThis as { __vsgJobs?: JobsState }).__vsgJobs ??= {});

/** The scheduled jobs on the local runner (Inngest runs them by their cron): each once per period across the deployment. */
const SCHEDULED: { job: JobDefinition<Record<string, never>>; everyMs: number }[] = [
  { job: retentionJob, everyMs: 60 * 60 * 1000 },
  { job: invoiceMailsJob, everyMs: 10 * 60 * 1000 },
];

export function getJobDispatcher(): Promise<JobDispatcher> {
  state.dispatcher ??= (async () => {
    if (getConfig().JOBS_PROVIDER === 'inngest') {
      const [{ inngest }, { InngestDispatcher }] = await Promise.all([import('@/lib/jobs/inngest-client'), import('@/lib/jobs/inngest-dispatcher')]);
      return new InngestDispatcher(inngest);
    }
    return new LocalDispatcher(await getDb(), state.runner ?? null);
  })();
  return state.dispatcher;
}

/** Start-up: with the local runner, run queued jobs in this process and schedule the retention sweep. */
export async function startLocalJobs(): Promise<void> {
  const config = getConfig();
  if (config.JOBS_PROVIDER !== 'local' || state.runner) return;
  const db = await getDb();
  // PGlite is one process by construction: a job left "running" was left by this data directory's last,
  // killed process, so it can be taken up at once instead of after its lease runs out.
  if (!config.DATABASE_URL) {
    const released = await releaseOrphanedJobs(db);
    if (released > 0) console.info(`[jobs] resuming ${released} job(s) interrupted by the last shutdown`);
  }
  const runner = new LocalJobRunner(db, LOCAL_JOBS, {
    concurrency: config.JOBS_CONCURRENCY,
    ...(process.env.VSG_JOBS_POLL_MS ? { pollMs: Number(process.env.VSG_JOBS_POLL_MS) } : {}),
    ...(process.env.VSG_JOBS_LEASE_MS ? { leaseMs: Number(process.env.VSG_JOBS_LEASE_MS) } : {}),
    ...(process.env.VSG_JOBS_RETRY_MS ? { retryDelayMs: () => Number(process.env.VSG_JOBS_RETRY_MS) } : {}),
  });
  state.runner = runner;
  state.dispatcher = Promise.resolve(new LocalDispatcher(db, runner));
  runner.start();
  const dispatcher = await state.dispatcher;
  state.scheduleTimers = SCHEDULED.map(({ job, everyMs }) => {
    // the period's number as the dedupe key: several processes starting it in one period start it once
    const due = () => void dispatcher.start(job, {}, { dedupeKey: `${job.id}:${Math.floor(Date.now() / everyMs)}` }).catch(() => undefined);
    due();
    const timer = setInterval(due, everyMs);
    timer.unref();
    return timer;
  });
  onShutdown('jobs', async () => {
    for (const timer of state.scheduleTimers ?? []) clearInterval(timer);
    await runner.stop();
  });
}

/** For tests: stop this process's runner and forget the dispatcher (the next call builds them again). */
export async function resetJobsForTests(): Promise<void> {
  for (const timer of state.scheduleTimers ?? []) clearInterval(timer);
  await state.runner?.stop();
  state.runner = undefined;
  state.dispatcher = undefined;
  state.scheduleTimers = undefined;
}

/** For tests: the runner of this process (to wait until it is idle). */
export function localRunnerForTests(): LocalJobRunner | undefined {
  return state.runner;
}
