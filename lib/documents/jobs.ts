import { z } from 'zod';
import { defineJob, eraseJob } from '@/lib/jobs';
import { documentsDeps } from './deps';
import { purgeExpiredFiles } from './retention';
import { lateIdsStep, markFailed, parseStep, renderDraftStep, renderFinalStep, rollFactsStep } from './steps';
import { helpWithParts, readPartsSteps, renderPartsDraftStep, renderPartsFinalSteps, type PartSharing } from './part-steps';
import { findDocument } from '@/db/queries/documents';
import { invoiceMailsJob } from '@/lib/invoices/jobs';
import type { DocumentsDeps } from './deps';

/** Whether a task holds several voter lists (a gone task is not: its steps find it gone and stop). */
async function isTaskOfParts(deps: DocumentsDeps, documentId: number): Promise<boolean> {
  return ((await findDocument(deps.db, documentId))?.partCount ?? null) !== null;
}

/**
 * The slip pipeline: two jobs over one task, and the hourly retention sweep.
 *   slips-draft: `parse` (the voter list → voters file, "Reading page 12 of 38") → `render-draft` (the
 *                watermarked preview, total pages, fee → draft_complete) → `late-ids` (an image-only roll,
 *                read to its draft without most of its IDs, read again whole for them; best effort, the
 *                final slips read them first when they are still missing) → `roll-facts` (a legacy-font
 *                roll's cover read by OCR for the roll's facts; best effort, the slips never wait for it)
 *   slips-final: `render-final`, started only after a verified payment (→ complete)
 * A task of several voter lists (part-steps.ts) reads each list in a step of its own (`parse-part-N`, side
 * by side), counts their pages in `render-draft`, and makes each list's final slips in `final-part-N`
 * before a `zip` step puts them in one ZIP.
 * The steps are in steps.ts; both runners (lib/jobs) execute these definitions.
 */
const taskPayload = z.object({ documentId: z.number().int().positive(), userId: z.number().int().positive() });
export type TaskPayload = z.infer<typeof taskPayload>;

export const CANCEL_EVENT = 'slips/task.cancelled';

export const draftJob = defineJob<TaskPayload>({
  id: 'slips-draft',
  event: 'slips/draft.requested',
  schema: taskPayload,
  retries: 3,
  concurrencyKey: 'event.data.userId',
  cancelOn: { event: CANCEL_EVENT, match: 'data.documentId' },
  async handler({ documentId, userId }, io) {
    const deps = await documentsDeps();
    if (await isTaskOfParts(deps, documentId)) {
      // a step per list (parse-part-N), side by side; then the pages of them all and the first list's preview
      await readPartsSteps(deps, documentId, io, await partSharing({ documentId, userId }));
      await io.step('render-draft', () => renderPartsDraftStep(deps, documentId, io.signal));
      return;
    }
    await io.step('parse', () => parseStep(deps, documentId, io.signal));
    await io.step('render-draft', () => renderDraftStep(deps, documentId, io.signal));
    await io.step('late-ids', () => lateIdsStep(deps, documentId, io.signal));
    await io.step('roll-facts', () => rollFactsStep(deps, documentId, io.signal));
  },
  onFailure: (payload, failure) => markFailed(payload, failure, 'render-draft'),
});

export const finalJob = defineJob<TaskPayload>({
  id: 'slips-final',
  event: 'slips/payment.verified',
  schema: taskPayload,
  retries: 5,
  concurrencyKey: 'event.data.userId',
  async handler({ documentId, userId }, io) {
    const deps = await documentsDeps();
    // a task of lists: a step per list (final-part-N), side by side, then one ZIP of their PDFs
    if (await isTaskOfParts(deps, documentId)) await renderPartsFinalSteps(deps, documentId, io, await partSharing({ documentId, userId }));
    else await io.step('render-final', () => renderFinalStep(deps, documentId, io.signal));
  },
  onFailure: (payload, failure) => markFailed(payload, failure, 'render-final'),
});

const helperPayload = taskPayload.extend({ phase: z.enum(['read', 'make']) });
type HelperPayload = z.infer<typeof helperPayload>;

/**
 * A helper of a task of several lists on the local runner: claims the task's lists waiting for `phase` (read,
 * or make the final slips) one at a time until none is left. Any server process may run it, so the
 * processes of a deployment share one task's lists; the task's own run does the same and waits for all.
 */
export const partsHelperJob = defineJob<HelperPayload>({
  id: 'slips-parts',
  event: 'slips/parts.help',
  schema: helperPayload,
  retries: 3,
  cancelOn: { event: CANCEL_EVENT, match: 'data.documentId' },
  async handler({ documentId, phase }, io) {
    await helpWithParts(await documentsDeps(), documentId, phase, io);
  },
  // what a helper leaves undone, the task's own run takes over (its claims run out)
  onFailure: async () => undefined,
});

/** On the local runner, the helpers a task's run queues (once per task and phase); Inngest needs none (each list's step is its own call). */
async function partSharing(task: TaskPayload): Promise<PartSharing | undefined> {
  // imported on use: the process's dispatcher module imports these definitions
  const { getJobDispatcher } = await import('@/lib/server/jobs');
  const jobs = await getJobDispatcher();
  if (jobs.provider !== 'local') return undefined;
  return {
    async help(phase, count) {
      for (let i = 0; i < count; i++) await jobs.start(partsHelperJob, { ...task, phase }, { dedupeKey: `parts-${task.documentId}-${phase}-${i}` });
    },
  };
}

export const retentionJob = defineJob({
  id: 'files-retention',
  event: 'files/retention.due',
  cron: '17 * * * *',
  schema: z.object({}).strict(),
  retries: 2,
  async handler(_payload, io) {
    await io.step('purge', async () => purgeExpiredFiles(await documentsDeps()));
  },
});

/** Every job of the pipeline, and the scheduled ones beside it (retention, unsent invoice mails), as the runners take them. */
export const PIPELINE_JOBS = [eraseJob(draftJob), eraseJob(finalJob), eraseJob(retentionJob), eraseJob(invoiceMailsJob)];

/** The local runner's jobs: the pipeline's and the helpers that share a task's lists between processes (Inngest needs none). */
export const LOCAL_JOBS = [...PIPELINE_JOBS, eraseJob(partsHelperJob)];
