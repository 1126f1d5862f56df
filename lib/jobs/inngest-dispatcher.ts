import type { Inngest } from 'inngest';
import type { JobDefinition } from './define';
import type { JobDispatcher } from './dispatcher';

/**
 * Jobs on Inngest: a run starts with the job's event (its id is the event id, the task_id users see);
 * cancelling sends the job's cancel event (matched by `cancelOn`); resuming sends the event again — a
 * new run whose finished steps answer from what the task already holds.
 */
export class InngestDispatcher implements JobDispatcher {
  readonly provider = 'inngest' as const;
  constructor(private readonly client: Inngest) {}

  async start<P>(job: JobDefinition<P>, payload: P): Promise<string> {
    const { ids } = await this.client.send({ name: job.event, data: job.schema.parse(payload) as Record<string, unknown> });
    return ids[0];
  }

  async cancel<P>(job: JobDefinition<P>, _runIds: readonly string[], payload: P): Promise<void> {
    if (job.cancelOn) await this.client.send({ name: job.cancelOn.event, data: payload as Record<string, unknown> });
  }

  async resume<P>(job: JobDefinition<P>, _runId: string, payload: P): Promise<string> {
    return this.start(job, payload);
  }
}
