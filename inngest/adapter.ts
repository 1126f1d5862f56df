import { NonRetriableError, type Inngest } from 'inngest';
import { JobCancelledError, NonRetriableJobError, type JobDefinition, type JobIo } from '@/lib/jobs';

/**
 * Wraps one of our job definitions as an Inngest function: `io.step` is `step.run` (Inngest memoises
 * finished steps per run), bad input is a NonRetriableError, cancellation is `cancelOn` between steps
 * and, inside a step, the job's own AbortSignal (aborted when a progress write finds the task gone).
 */
function toInngestError(error: unknown): unknown {
  if (error instanceof NonRetriableJobError) return new NonRetriableError(error.message, { cause: error });
  if (error instanceof JobCancelledError) return new NonRetriableError(error.message, { cause: error });
  return error;
}

export function toInngestFunction<P>(client: Inngest, job: JobDefinition<P>) {
  const triggers = job.cron ? [{ cron: job.cron }] : [{ event: job.event }];
  return client.createFunction(
    {
      id: job.id,
      triggers,
      retries: Math.min(job.retries, 20) as 0,
      ...(job.concurrencyKey ? { concurrency: [{ key: job.concurrencyKey, limit: 2 }] } : {}),
      ...(job.cancelOn ? { cancelOn: [{ event: job.cancelOn.event, match: job.cancelOn.match }] } : {}),
      ...(job.onFailure ? { onFailure: async ({ event, error }: { event: { data: unknown }; error: Error }) => {
        if (!job.onFailure) return;
        const original = (event.data as { event?: { data?: unknown } }).event;
        const parsed = job.schema.safeParse(original?.data ?? {});
        if (!parsed.success) return;
        const permanent = error.name === 'NonRetriableError';
        await job.onFailure(parsed.data, { message: error.message, step: null, permanent });
      } } : {}),
    },
    async ({ event, step, runId }) => {
      const parsed = job.schema.safeParse(job.cron ? {} : event.data);
      if (!parsed.success) throw new NonRetriableError(`Bad payload for ${job.id}: ${parsed.error.message}`);
      const controller = new AbortController();
      const io: JobIo = {
        runId,
        signal: controller.signal,
        // Bad input thrown inside a step must stop Inngest's step retries at once.
        step: <T>(id: string, fn: () => Promise<T>) =>
          step.run(id, async () => {
            try {
              return await fn();
            } catch (error) {
              throw toInngestError(error);
            }
          }) as Promise<T>,
      };
      try {
        await job.handler(parsed.data, io);
      } catch (error) {
        if (error instanceof JobCancelledError || (error instanceof Error && error.name === 'JobCancelledError')) return { cancelled: true };
        throw toInngestError(error);
      }
      return { done: true };
    },
  );
}
