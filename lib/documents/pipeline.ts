import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { findDocument, transitionDocument, updateDocument } from '@/db/queries/documents';
import type { DocumentRow } from '@/db/schema';
import type { StoredFile } from '@/lib/files';
import { JobCancelledError, NonRetriableJobError, defineJob, type JobFailure } from '@/lib/jobs';
import { feeInPaise } from '@/lib/slips/fees';
import { readLegacyCover } from '@/lib/slips/ingest/pdf/legacy-cover';
import { VoterListError, parseVoterList } from '@/lib/slips/parse';
import { BannerError, LayoutError, SlipInputError, renderSlips, type RenderInput, type RenderResult } from '@/lib/slips/render';
import type { Orientation, PageSize } from '@/lib/slips/layout-options';
import type { ParseReport, VoterRecord } from '@/lib/slips/types';
import { documentsDeps, type DocumentsDeps } from './deps';
import { ProgressReporter } from './progress';
import { summariseReport } from './summary';
import { purgeExpiredFiles } from './retention';

/**
 * The slip pipeline (issue 10): two jobs over one task.
 *   slips-draft: `parse` (the voter list → voters file, "Reading page 12 of 38") → `render-draft` (the
 *                watermarked preview, total pages, fee → draft_complete) → `roll-facts` (a legacy-font
 *                roll's cover read by OCR for the roll's facts; best effort, the slips never wait for it)
 *   slips-final: `render-final`, started only after a verified payment (→ complete)
 * Each step keeps its result on the task (file references, never the files), so a step that finished is
 * not run again — not after a retry, a crash, a resume, nor on another runner.
 */
const taskPayload = z.object({ documentId: z.number().int().positive(), userId: z.number().int().positive() });
export type TaskPayload = z.infer<typeof taskPayload>;

export const PIPELINE_STEPS = ['parse', 'render-draft', 'render-final'] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];

/** Errors that mean the input is bad: no retry would help, the user is told what is wrong. */
function asJobError(error: unknown): unknown {
  if (error instanceof VoterListError || error instanceof LayoutError || error instanceof BannerError || error instanceof SlipInputError) {
    return new NonRetriableJobError(error.message, { cause: error });
  }
  if (error instanceof Error && error.name === 'AbortError') return new JobCancelledError();
  return error;
}

async function loadTask(deps: DocumentsDeps, documentId: number): Promise<DocumentRow> {
  const doc = await findDocument(deps.db, documentId);
  if (!doc) throw new JobCancelledError('The task was cancelled.');
  return doc;
}

/** A controller that follows the job's signal and can also be aborted by a progress write that finds the task gone. */
function linkedController(signal: AbortSignal): AbortController {
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller;
}

/** Renders into the file store as it goes (the PDF is never whole in memory). */
async function renderToStore(deps: DocumentsDeps, input: RenderInput): Promise<{ file: StoredFile; result: RenderResult }> {
  const pipe = new PassThrough({ highWaterMark: 1024 * 1024 });
  // A failure reaches us through renderSlips or put; the stream's own 'error' event must not go unheard.
  pipe.on('error', () => undefined);
  const putting = deps.store.put(pipe, { contentType: 'application/pdf' });
  putting.catch((error: unknown) => pipe.destroy(error instanceof Error ? error : new Error(String(error))));
  try {
    const result = await renderSlips(input, pipe);
    return { file: await putting, result };
  } catch (error) {
    pipe.destroy(error instanceof Error ? error : new Error(String(error)));
    await putting.catch(() => undefined);
    throw error;
  }
}

async function readVoters(deps: DocumentsDeps, doc: DocumentRow): Promise<VoterRecord[]> {
  if (!doc.votersFileId) throw new Error('The voter list has not been read yet.');
  return JSON.parse((await deps.store.readAll(doc.votersFileId)).toString('utf8')) as VoterRecord[];
}

function renderInput(doc: DocumentRow, voters: VoterRecord[], sourcePdf: Uint8Array | undefined, banner: Uint8Array): Omit<RenderInput, 'mode'> {
  const o = doc.options;
  return {
    voters,
    sourcePdf,
    banner,
    address: o.booth_address,
    layout: { pageSize: o.page_size as PageSize, orientation: o.orientation as Orientation, slipsPerPage: o.slips_per_page },
    printPhotos: o.print_photo,
  };
}

async function loadRenderInputs(deps: DocumentsDeps, doc: DocumentRow) {
  const voters = await readVoters(deps, doc);
  const needsSource = voters.some((v) => v.box);
  if (!doc.uploadFileId || !doc.bannerFileId) throw new NonRetriableJobError('The uploaded files of this task were deleted; please start a new task.');
  const [sourcePdf, banner] = await Promise.all([needsSource ? deps.store.readAll(doc.uploadFileId) : undefined, deps.store.readAll(doc.bannerFileId)]);
  return { voters, sourcePdf, banner };
}

/** Step `parse`: the uploaded voter list → a stored voters file and the report's summary on the task. */
export async function parseStep(deps: DocumentsDeps, documentId: number, signal: AbortSignal): Promise<{ votersFileId: string; voters: number }> {
  const doc = await loadTask(deps, documentId);
  if (doc.votersFileId && doc.voterCount !== null) return { votersFileId: doc.votersFileId, voters: doc.voterCount };
  if (!doc.uploadFileId) throw new NonRetriableJobError('The uploaded voter list was deleted; please start a new task.');
  const controller = linkedController(signal);
  const progress = new ProgressReporter(deps.db, documentId, controller);
  await progress.set({ status: 'preprocessing', progress: 25, progressMessage: 'Opening the voter list', errorMessage: null, failedStep: null });
  const bytes = await deps.store.readAll(doc.uploadFileId);
  await progress.set({ status: 'processing', progress: 50, progressMessage: 'Reading the voter list' });
  const isExcel = !/\.pdf$/i.test(doc.options.voter_list_name);
  const list = await parseVoterList(
    { bytes, filename: doc.options.voter_list_name },
    {
      maxBytes: deps.config.MAX_UPLOAD_MB * 1024 * 1024,
      signal: controller.signal,
      onProgress: (done, total) =>
        progress.report({ progressMessage: isExcel ? `Reading rows: ${done} of ${total}` : `Reading page ${done} of ${total}` }),
    },
  ).catch((error: unknown) => {
    throw asJobError(controller.signal.aborted ? controller.signal.reason : error);
  });
  if (list.voters.length === 0) throw new NonRetriableJobError(`No voters were found in ${doc.options.voter_list_name}.`);
  const file = await deps.store.put([Buffer.from(JSON.stringify(list.voters))], { contentType: 'application/json' });
  const saved = await transitionDocument(deps.db, documentId, ['preprocessing', 'processing'], {
    votersFileId: file.id,
    voterCount: list.voters.length,
    parseSummary: summariseReport(list.report),
  });
  await keepOrDiscard(deps, file, saved);
  return { votersFileId: file.id, voters: list.voters.length };
}

/**
 * Renders a task's slips into the store (status `generating`, 75), reporting pages as it goes when asked;
 * bad input becomes a NonRetriableJobError, an abort a JobCancelledError.
 */
async function renderTaskPdf(
  deps: DocumentsDeps,
  doc: DocumentRow,
  signal: AbortSignal,
  stage: { message: string; mode: RenderInput['mode']; pageMessage?: string },
): Promise<{ file: StoredFile; result: RenderResult }> {
  const controller = linkedController(signal);
  const progress = new ProgressReporter(deps.db, doc.id, controller);
  await progress.set({ status: 'generating', progress: 75, progressMessage: stage.message, errorMessage: null, failedStep: null });
  const inputs = await loadRenderInputs(deps, doc);
  const pageMessage = stage.pageMessage;
  return renderToStore(deps, {
    ...renderInput(doc, inputs.voters, inputs.sourcePdf, inputs.banner),
    mode: stage.mode,
    signal: controller.signal,
    onProgress: pageMessage ? (done, total) => progress.report({ progressMessage: `${pageMessage}: page ${done} of ${total}` }) : undefined,
  }).catch((error: unknown) => {
    throw asJobError(controller.signal.aborted ? controller.signal.reason : error);
  });
}

/** Keeps a new file only if the task took it; a task cancelled meanwhile gets nothing and the file goes. */
async function keepOrDiscard(deps: DocumentsDeps, file: StoredFile, saved: DocumentRow | null): Promise<void> {
  if (saved) return;
  await deps.store.delete([file.id]);
  throw new JobCancelledError('The task was cancelled.');
}

/** Step `render-draft`: the watermarked preview, the page count and the fee → draft_complete. */
export async function renderDraftStep(deps: DocumentsDeps, documentId: number, signal: AbortSignal): Promise<{ draftFileId: string; totalPages: number }> {
  const doc = await loadTask(deps, documentId);
  if (doc.draftFileId && doc.totalPages !== null && doc.status === 'draft_complete') return { draftFileId: doc.draftFileId, totalPages: doc.totalPages };
  const { file, result } = await renderTaskPdf(deps, doc, signal, {
    message: `Making the draft of ${doc.voterCount ?? 'the'} slips`,
    mode: { kind: 'draft', previewPages: deps.config.DRAFT_PREVIEW_PAGES },
  });
  const amountPaise = feeInPaise(result.pages, { feePerPage: deps.config.FEE_PER_PAGE, minFee: deps.config.MIN_FEE });
  const saved = await transitionDocument(deps.db, documentId, ['pending', 'preprocessing', 'processing', 'generating', 'error'], {
    status: 'draft_complete',
    progress: 100,
    progressMessage: 'Draft ready',
    draftFileId: file.id,
    totalPages: result.pages,
    amountPaise,
    errorMessage: null,
    failedStep: null,
    endedAt: null,
  });
  await keepOrDiscard(deps, file, saved);
  if (doc.draftFileId && doc.draftFileId !== file.id) await deps.store.delete([doc.draftFileId]);
  return { draftFileId: file.id, totalPages: result.pages };
}

/**
 * Step `roll-facts`: the facts of a roll whose text layer a legacy font garbled (part, polling
 * station), read from its cover by OCR (legacy-cover.ts) and added to the task's summary. After the
 * draft, so that the slips never wait for it; best effort: a cover that cannot be read leaves the
 * summary as the parse made it. Rolls whose facts the parse read (a clean text layer, a scanned
 * cover) and Excel lists are left alone.
 */
export async function rollFactsStep(deps: DocumentsDeps, documentId: number, signal: AbortSignal): Promise<{ facts: number }> {
  const doc = await loadTask(deps, documentId);
  const summary = doc.parseSummary;
  if (!summary || summary.source !== 'pdf' || summary.header.part || summary.header.pollingStation || !doc.uploadFileId) return { facts: 0 };
  let facts: ParseReport['header'] = {};
  try {
    facts = (await readLegacyCover(await deps.store.readAll(doc.uploadFileId), signal))?.header ?? {};
  } catch (error) {
    if (signal.aborted) throw asJobError(signal.reason);
    // an unreadable cover (OCR unavailable, a damaged page) costs the facts only
    console.warn(`roll-facts: task ${documentId}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const found = Object.entries(facts).filter(([, v]) => v);
  if (found.length === 0) return { facts: 0 };
  if (facts.part) await givePart(deps, doc, facts.part);
  // what the parse read (the year from the cover's digits) stays as it is
  await updateDocument(deps.db, documentId, { parseSummary: { ...summary, header: { ...Object.fromEntries(found), ...summary.header } } });
  return { facts: found.length };
}

/**
 * The roll's part number on each of its voters (as the parse gives it when it can read the cover),
 * in a new voters file that replaces the old one only while the task waits at its draft: once paid,
 * the final slips are made from the voters as they are.
 */
async function givePart(deps: DocumentsDeps, doc: DocumentRow, part: string): Promise<void> {
  const voters = await readVoters(deps, doc);
  if (voters.every((v) => v.part)) return;
  const file = await deps.store.put([Buffer.from(JSON.stringify(voters.map((v) => (v.part ? v : { ...v, part }))))], { contentType: 'application/json' });
  const saved = await transitionDocument(deps.db, doc.id, ['draft_complete'], { votersFileId: file.id });
  await deps.store.delete([saved ? doc.votersFileId : file.id]);
}

/** Step `render-final`: the unwatermarked slips, only for a paid task → complete. */
export async function renderFinalStep(deps: DocumentsDeps, documentId: number, signal: AbortSignal): Promise<{ finalFileId: string }> {
  const doc = await loadTask(deps, documentId);
  if (!doc.paidAt) throw new NonRetriableJobError('The final slips are made only after the payment is confirmed.');
  if (doc.finalFileId && doc.status === 'complete') return { finalFileId: doc.finalFileId };
  const { file } = await renderTaskPdf(deps, doc, signal, { message: 'Making the final slips', mode: { kind: 'final' }, pageMessage: 'Making the final slips' });
  const now = new Date();
  const saved = await transitionDocument(deps.db, documentId, ['generating', 'draft_complete', 'error'], {
    status: 'complete',
    progress: 100,
    progressMessage: 'Processing Complete!',
    finalFileId: file.id,
    completedAt: now,
    endedAt: now,
    errorMessage: null,
    failedStep: null,
  });
  await keepOrDiscard(deps, file, saved);
  return { finalFileId: file.id };
}

/** A run that ended failed: the task shows the error and remembers the step to resume from. */
async function markFailed(payload: TaskPayload, failure: JobFailure, fallbackStep: PipelineStep): Promise<void> {
  const deps = await documentsDeps();
  const doc = await findDocument(deps.db, payload.documentId);
  if (!doc) return;
  const step = (PIPELINE_STEPS as readonly string[]).includes(failure.step ?? '') ? failure.step : inferStep(doc, fallbackStep);
  const message = failure.permanent
    ? failure.message
    : `Something went wrong while ${step === 'parse' ? 'reading the voter list' : 'making the slips'}. Press Resume Processing to try again.`;
  await transitionDocument(deps.db, doc.id, ['pending', 'preprocessing', 'processing', 'generating'], {
    status: 'error',
    errorMessage: message,
    failedStep: step,
    progressMessage: '',
    endedAt: new Date(),
  });
}

/** The step a task stopped in, from what it has (Inngest's failure handler does not know the step). */
export function inferStep(doc: DocumentRow, fallback: PipelineStep): PipelineStep {
  if (!doc.votersFileId) return 'parse';
  if (!doc.paidAt) return 'render-draft';
  return fallback === 'parse' ? 'render-final' : fallback;
}

export const CANCEL_EVENT = 'slips/task.cancelled';

export const draftJob = defineJob<TaskPayload>({
  id: 'slips-draft',
  event: 'slips/draft.requested',
  schema: taskPayload,
  retries: 3,
  concurrencyKey: 'event.data.userId',
  cancelOn: { event: CANCEL_EVENT, match: 'data.documentId' },
  async handler({ documentId }, io) {
    const deps = await documentsDeps();
    await io.step('parse', () => parseStep(deps, documentId, io.signal));
    await io.step('render-draft', () => renderDraftStep(deps, documentId, io.signal));
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
  async handler({ documentId }, io) {
    const deps = await documentsDeps();
    await io.step('render-final', () => renderFinalStep(deps, documentId, io.signal));
  },
  onFailure: (payload, failure) => markFailed(payload, failure, 'render-final'),
});

export const retentionJob = defineJob<Record<string, never>>({
  id: 'files-retention',
  event: 'files/retention.due',
  cron: '17 * * * *',
  schema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  retries: 2,
  async handler(_payload, io) {
    await io.step('purge', async () => purgeExpiredFiles(await documentsDeps()));
  },
});

export const PIPELINE_JOBS = [draftJob, finalJob, retentionJob] as const;
