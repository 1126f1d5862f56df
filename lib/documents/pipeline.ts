import path from 'node:path';
import { z } from 'zod';
import { findDocument, transitionDocument, updateDocument } from '@/db/queries/documents';
import type { DocumentRow } from '@/db/schema';
import type { StoredFile } from '@/lib/files';
import { copyStoredFileTo, putLocalFile } from '@/lib/files/file-copies';
import { JobCancelledError, NonRetriableJobError, defineJob, type JobFailure } from '@/lib/jobs';
import { feeInPaise } from '@/lib/slips/fees';
import { SandboxCrashError, SandboxLimitError, SandboxTaskError, withTaskDir, type RenderTaskInput, type RenderTaskResult } from '@/lib/sandbox';
import { VoterListError } from '@/lib/slips/ingest/errors';
import { BannerError, LayoutError, SlipInputError } from '@/lib/slips/render/errors';
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

/**
 * Errors that mean the input is bad: no retry would help, the user is told what is wrong. A sandbox
 * process that broke a limit, failed in a way our code did not foresee, or died twice on the same work
 * is the file's doing too; a first unexplained death was already retried by the sandbox pool.
 */
function asJobError(error: unknown): unknown {
  if (
    error instanceof VoterListError ||
    error instanceof LayoutError ||
    error instanceof BannerError ||
    error instanceof SlipInputError ||
    error instanceof SandboxLimitError ||
    error instanceof SandboxTaskError ||
    (error instanceof SandboxCrashError && error.repeated)
  ) {
    if (error instanceof SandboxTaskError) console.error(`[pipeline] a sandbox task failed unexpectedly: ${error.detail}`);
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

async function readVoters(deps: DocumentsDeps, doc: DocumentRow): Promise<VoterRecord[]> {
  if (!doc.votersFileId) throw new Error('The voter list has not been read yet.');
  return JSON.parse((await deps.store.readAll(doc.votersFileId)).toString('utf8')) as VoterRecord[];
}

/** What the render task needs besides its files. */
function renderChoices(doc: DocumentRow): Pick<RenderTaskInput, 'address' | 'layout' | 'printPhotos'> {
  const o = doc.options;
  return {
    address: o.booth_address,
    layout: { pageSize: o.page_size as PageSize, orientation: o.orientation as Orientation, slipsPerPage: o.slips_per_page },
    printPhotos: o.print_photo,
  };
}

/**
 * Step `parse`: the uploaded voter list → a stored voters file and the report's summary on the task. The
 * list is read in a sandbox process: this process only copies the file out of the store and the voters
 * back in.
 */
export async function parseStep(deps: DocumentsDeps, documentId: number, signal: AbortSignal): Promise<{ votersFileId: string; voters: number }> {
  const doc = await loadTask(deps, documentId);
  if (doc.votersFileId && doc.voterCount !== null) return { votersFileId: doc.votersFileId, voters: doc.voterCount };
  const uploadFileId = doc.uploadFileId;
  if (!uploadFileId) throw new NonRetriableJobError('The uploaded voter list was deleted; please start a new task.');
  const controller = linkedController(signal);
  const progress = new ProgressReporter(deps.db, documentId, controller);
  await progress.set({ status: 'preprocessing', progress: 25, progressMessage: 'Opening the voter list', errorMessage: null, failedStep: null });
  const name = doc.options.voter_list_name;
  const isExcel = !/\.pdf$/i.test(name);
  const { file, parsed } = await withTaskDir(async (dir) => {
    const input = path.join(dir, 'voter-list');
    const out = path.join(dir, 'voters.json');
    await copyStoredFileTo(deps.store, uploadFileId, input);
    await progress.set({ status: 'processing', progress: 50, progressMessage: 'Reading the voter list' });
    const parsed = await deps.sandbox.run(
      'parse',
      { file: input, filename: name, out, maxBytes: deps.config.MAX_UPLOAD_MB * 1024 * 1024 },
      {
        subject: 'read',
        signal: controller.signal,
        onProgress: (done, total) => progress.report({ progressMessage: isExcel ? `Reading rows: ${done} of ${total}` : `Reading page ${done} of ${total}` }),
      },
    );
    if (parsed.voters === 0) throw new NonRetriableJobError(`No voters were found in ${name}.`);
    return { file: await putLocalFile(deps.store, out, { contentType: 'application/json' }), parsed };
  }).catch((error: unknown) => {
    throw asJobError(controller.signal.aborted ? controller.signal.reason : error);
  });
  const saved = await transitionDocument(deps.db, documentId, ['preprocessing', 'processing'], {
    votersFileId: file.id,
    voterCount: parsed.voters,
    parseSummary: summariseReport(parsed.report),
  });
  await keepOrDiscard(deps, file, saved);
  return { votersFileId: file.id, voters: parsed.voters };
}

/**
 * Renders a task's slips into the store (status `generating`, 75), reporting pages as it goes when asked.
 * The render runs in a sandbox process (it reads the uploaded roll and banner); bad input becomes a
 * NonRetriableJobError, an abort a JobCancelledError.
 */
async function renderTaskPdf(
  deps: DocumentsDeps,
  doc: DocumentRow,
  signal: AbortSignal,
  stage: { message: string; mode: RenderTaskInput['mode']; pageMessage?: string },
): Promise<{ file: StoredFile; result: RenderTaskResult }> {
  const controller = linkedController(signal);
  const progress = new ProgressReporter(deps.db, doc.id, controller);
  await progress.set({ status: 'generating', progress: 75, progressMessage: stage.message, errorMessage: null, failedStep: null });
  const { votersFileId, uploadFileId, bannerFileId } = doc;
  if (!votersFileId) throw new Error('The voter list has not been read yet.');
  if (!uploadFileId || !bannerFileId) throw new NonRetriableJobError('The uploaded files of this task were deleted; please start a new task.');
  // a roll's voters are cut from its pages; an Excel list's are typeset from their fields
  const needsSource = (doc.parseSummary?.source ?? (/\.pdf$/i.test(doc.options.voter_list_name) ? 'pdf' : 'excel')) === 'pdf';
  const pageMessage = stage.pageMessage;
  return withTaskDir(async (dir) => {
    const files = { votersFile: path.join(dir, 'voters.json'), sourceFile: path.join(dir, 'roll.pdf'), bannerFile: path.join(dir, 'banner'), out: path.join(dir, 'slips.pdf') };
    await Promise.all([
      copyStoredFileTo(deps.store, votersFileId, files.votersFile),
      needsSource ? copyStoredFileTo(deps.store, uploadFileId, files.sourceFile) : undefined,
      copyStoredFileTo(deps.store, bannerFileId, files.bannerFile),
    ]);
    const result = await deps.sandbox.run(
      'render',
      { ...files, sourceFile: needsSource ? files.sourceFile : undefined, ...renderChoices(doc), mode: stage.mode },
      {
        subject: 'render',
        signal: controller.signal,
        onProgress: pageMessage ? (done, total) => progress.report({ progressMessage: `${pageMessage}: page ${done} of ${total}` }) : undefined,
      },
    );
    if (result.repaired) console.info(`[pipeline] task ${doc.id}: the roll PDF was damaged and was repaired before its pages were copied`);
    return { file: await putLocalFile(deps.store, files.out, { contentType: 'application/pdf' }), result };
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
  const uploadFileId = doc.uploadFileId;
  try {
    facts = await withTaskDir(async (dir) => {
      const file = path.join(dir, 'roll.pdf');
      await copyStoredFileTo(deps.store, uploadFileId, file);
      return (await deps.sandbox.run('legacy-cover', { file }, { subject: 'read', signal }))?.header ?? {};
    });
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
    errorRetryable: !failure.permanent,
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
