import { findDocument, transitionDocument, updateDocument } from '@/db/queries/documents';
import type { DocumentParseSummary, DocumentRow, SlipSummary } from '@/db/schema';
import type { StoredFile } from '@/lib/files';
import { NonRetriableJobError, type JobFailure } from '@/lib/jobs';
import type { RenderTaskInput, RenderTaskResult } from '@/lib/sandbox';
import { feeInPaise } from '@/lib/slips/fees';
import { chargedPages, type PageSize } from '@/lib/slips/layout-options';
import type { ParseReport } from '@/lib/slips/types';
import { withCoverFacts } from '@/lib/slips/ingest/pdf/roll-facts';
import { withLateIds } from '@/lib/slips/ingest/late-ids';
import { listOverview } from '@/lib/slips/overview';
import { deletedByReason } from '@/lib/slips/ingest/deleted';
import type { VoterRecord } from '@/lib/slips/types';
import { documentsDeps, type DocumentsDeps } from './deps';
import type { TaskPayload } from './jobs';
import { ProgressReporter } from './progress';
import { asJobError, keepOrDiscard, linkedController, loadTask, parseVotersInSandbox, readCoverInSandbox, readListInSandbox, readVoters, renderInSandbox } from './step-plumbing';
import { isListRead, TRANSITIONS } from './states';
import { summariseReport } from './summary';

/**
 * The steps of the slip jobs (jobs.ts). Each keeps its result on the task (file references, never the
 * files), so a step that finished is not run again — not after a retry, a crash, a resume, nor on
 * another runner — and reads an uploaded file only through a sandbox process.
 */
export const PIPELINE_STEPS = ['parse', 'render-draft', 'render-final'] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];

/** Step `parse`: the uploaded voter list → a stored voters file and the report's summary on the task. */
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
  // an image-only roll is read to its draft first, its IDs after it (late-ids)
  const { file, parsed } = await readListInSandbox(deps, { fileId: uploadFileId, name }, {
    scanIds: 'later',
    signal: controller.signal,
    onCopied: () => progress.set({ status: 'processing', progress: 50, progressMessage: 'Reading the voter list' }),
    onProgress: (done, total) => progress.report({ progressMessage: isExcel ? `Reading rows: ${done} of ${total}` : `Reading page ${done} of ${total}` }),
  }).catch((error: unknown) => {
    throw asJobError(controller.signal.aborted ? controller.signal.reason : error);
  });
  const saved = await transitionDocument(deps.db, documentId, TRANSITIONS.parsed, {
    votersFileId: file.id,
    voterCount: parsed.voters,
    parseSummary: summariseReport(parsed.report, parsed.overview),
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
  const pageMessage = stage.pageMessage;
  return renderInSandbox(deps, doc, stage.mode, {
    signal: controller.signal,
    onProgress: pageMessage ? (done, total) => progress.report({ progressMessage: `${pageMessage}: page ${done} of ${total}` }) : undefined,
  }).catch((error: unknown) => {
    throw asJobError(controller.signal.aborted ? controller.signal.reason : error);
  });
}

/** The fee for a task's slips: per page, a roll's labels counted in eights (chargedPages). */
function taskFee(deps: DocumentsDeps, doc: DocumentRow, pages: number): number {
  return feeInPaise(chargedPages(doc.options.page_size as PageSize, pages), { feePerPage: deps.config.FEE_PER_PAGE, minFee: deps.config.MIN_FEE });
}

/** Step `render-draft`: the watermarked preview, the page count and the fee → draft_complete. */
export async function renderDraftStep(deps: DocumentsDeps, documentId: number, signal: AbortSignal): Promise<{ draftFileId: string; totalPages: number }> {
  const doc = await loadTask(deps, documentId);
  if (doc.draftFileId && doc.totalPages !== null && doc.status === 'draft_complete') return { draftFileId: doc.draftFileId, totalPages: doc.totalPages };
  const { file, result } = await renderTaskPdf(deps, doc, signal, {
    message: `Making the draft of ${doc.voterCount ?? 'the'} slips`,
    mode: { kind: 'draft', previewPages: deps.config.DRAFT_PREVIEW_PAGES },
  });
  const amountPaise = taskFee(deps, doc, result.pages);
  const saved = await transitionDocument(deps.db, documentId, TRANSITIONS.draftDone, {
    status: 'draft_complete',
    progress: 100,
    progressMessage: 'Draft ready',
    draftFileId: file.id,
    totalPages: result.pages,
    amountPaise,
    slipSummary: slipSummaryOf(result),
    errorMessage: null,
    failedStep: null,
    endedAt: null,
  });
  await keepOrDiscard(deps, file, saved);
  if (doc.draftFileId && doc.draftFileId !== file.id) await deps.store.delete([doc.draftFileId]);
  return { draftFileId: file.id, totalPages: result.pages };
}

/**
 * Step `late-ids`: the IDs of an image-only roll, read after its draft (readLateIds), so that the draft's QR
 * codes and the voter search have them; the draft is made again with them. Best effort, and only while the
 * task waits at its draft: the final slips read them first when they are still missing (renderFinalStep).
 */
export async function lateIdsStep(deps: DocumentsDeps, documentId: number, signal: AbortSignal): Promise<{ filled: number }> {
  const doc = await loadTask(deps, documentId);
  if (doc.status !== 'draft_complete' || doc.paidAt) return { filled: 0 };
  let read: LateIds | null;
  try {
    // before payment the draft is made again from the merged voters: the complete parse's serials are taken too
    read = await readLateIds(deps, doc, signal, { serials: true });
  } catch (error) {
    if (signal.aborted) throw asJobError(signal.reason);
    console.warn(`late-ids: task ${documentId}: ${error instanceof Error ? error.message : String(error)}`);
    await idsAtFinal(deps, documentId);
    return { filled: 0 };
  }
  if (!read) return { filled: 0 };
  // the voters with their IDs and the draft made from them change together: the draft screen shows the IDs
  // as read only once the draft that carries them is there
  const saved = await refreshDraft(deps, documentId, signal, { votersFileId: read.file.id, parseSummary: read.summary }).catch(async (error: unknown) => {
    await deps.store.delete([read.file.id]);
    throw error;
  });
  await deps.store.delete([saved && doc.votersFileId ? doc.votersFileId : read.file.id]);
  return { filled: read.filled };
}

/**
 * The draft screen and the search stop promising the IDs soon: the final slips read them (lateIdsBeforeFinal).
 * Only while the task waits at its draft, so that a final render that has begun meanwhile keeps its summary.
 */
async function idsAtFinal(deps: DocumentsDeps, documentId: number): Promise<void> {
  const summary = (await loadTask(deps, documentId)).parseSummary;
  if (summary?.idsLater) await transitionDocument(deps.db, documentId, TRANSITIONS.draftAmended, { parseSummary: { ...summary, idsLaterAtFinal: true } });
}

interface LateIds {
  file: StoredFile;
  summary: DocumentParseSummary;
  filled: number;
}

/**
 * An image-only roll read to its draft without most of its IDs (parseStep: ParseOptions.scanIds 'later'),
 * parsed again whole in a sandbox process: each draft voter takes the ID read in its box, and with `merge.serials`
 * its serial (withLateIds), in a new voters file; the summary takes the complete parse's warnings (unread IDs, the
 * roll's own ID shapes) and keeps the draft's counts and choices. Null when nothing is left to read.
 */
async function readLateIds(deps: DocumentsDeps, doc: DocumentRow, signal: AbortSignal, merge: { serials: boolean } = { serials: false }): Promise<LateIds | null> {
  const summary = doc.parseSummary;
  if (!summary?.idsLater || !doc.uploadFileId) return null;
  const list = { fileId: doc.uploadFileId, name: doc.options.voter_list_name };
  const { voters: complete, parsed } = await parseVotersInSandbox(deps, list, { scanIds: 'now', signal });
  const { voters, filled } = withLateIds(await readVoters(deps, doc), complete, merge);
  const file = await deps.store.put([Buffer.from(JSON.stringify(voters))], { contentType: 'application/json' });
  const read = summariseReport(parsed.report);
  const { idsLater: _read, idsLaterAtFinal: _atFinal, deletedByReason: _before, ...rest } = summary;
  // the facts of a scanned cover, whose text the draft's read leaves to this one, where the draft has none
  const header = withCoverFacts(summary.header, read.header);
  // the overview again: the deleted voters listed with their IDs, the sections and supplements a scanned page's
  // header names, the labels' language from the cover's script
  const overview = listOverview(voters, header);
  const deleted = { deleted: overview.deletedCount, ...(overview.deletedCount > 0 ? { deletedByReason: deletedByReason(voters) } : {}) };
  return { file, filled, summary: { ...rest, ...deleted, header, overview, warnings: read.warnings, moreWarnings: read.moreWarnings, withoutEpic: voters.filter((v) => !v.epic).length } };
}

/** A paid task whose IDs are still unread (the draft's late-ids step had not finished, or failed): they are read now. */
async function lateIdsBeforeFinal(deps: DocumentsDeps, doc: DocumentRow, signal: AbortSignal): Promise<DocumentRow> {
  const controller = linkedController(signal);
  const progress = new ProgressReporter(deps.db, doc.id, controller);
  await progress.set({ status: 'generating', progress: 75, progressMessage: "Reading the voters' ID numbers", errorMessage: null, failedStep: null });
  const read = await readLateIds(deps, doc, controller.signal).catch((error: unknown) => {
    throw asJobError(controller.signal.aborted ? controller.signal.reason : error);
  });
  if (!read) return doc;
  await updateDocument(deps.db, doc.id, { votersFileId: read.file.id, parseSummary: read.summary });
  if (doc.votersFileId) await deps.store.delete([doc.votersFileId]);
  return loadTask(deps, doc.id);
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
    facts = await readCoverInSandbox(deps, doc.uploadFileId, signal);
  } catch (error) {
    if (signal.aborted) throw asJobError(signal.reason);
    // an unreadable cover (OCR unavailable, a damaged page) costs the facts only
    console.warn(`roll-facts: task ${documentId}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const found = Object.values(facts).filter(Boolean).length;
  if (found === 0) return { facts: 0 };
  if (facts.part) await givePart(deps, doc, facts.part);
  // what the parse read (the year from the cover's digits) stays as it is
  await updateDocument(deps.db, documentId, { parseSummary: { ...summary, header: withCoverFacts(summary.header, facts) } });
  await refreshDraft(deps, documentId, signal);
  return { facts: found };
}

/**
 * The draft made again, without leaving the draft screen, once facts read after it (a legacy-font cover's
 * part and polling station, the IDs of a scanned roll) change what its slips print; only while the task still
 * waits at its draft. `amend` (a new voters file, a new summary) is saved with the new draft, in one change.
 * Whether the task took them.
 */
async function refreshDraft(deps: DocumentsDeps, documentId: number, signal: AbortSignal, amend: Partial<Pick<DocumentRow, 'votersFileId' | 'parseSummary'>> = {}): Promise<boolean> {
  const loaded = await loadTask(deps, documentId);
  if (loaded.status !== 'draft_complete' || loaded.paidAt) return false;
  const doc = { ...loaded, ...amend };
  const { file, result } = await renderInSandbox(deps, doc, { kind: 'draft', previewPages: deps.config.DRAFT_PREVIEW_PAGES }, { signal }).catch((error: unknown) => {
    throw asJobError(signal.aborted ? signal.reason : error);
  });
  const saved = await transitionDocument(deps.db, documentId, TRANSITIONS.draftAmended, {
    ...amend,
    draftFileId: file.id,
    totalPages: result.pages,
    amountPaise: taskFee(deps, doc, result.pages),
    slipSummary: slipSummaryOf(result),
  });
  await deps.store.delete([saved ? doc.draftFileId : file.id]);
  return saved !== null;
}

function slipSummaryOf(result: RenderTaskResult): SlipSummary {
  return { printed: result.printed, deletedLeftOut: result.deletedLeftOut, leftOutByChoice: result.leftOutByChoice, orderNote: result.orderNote };
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
  const saved = await transitionDocument(deps.db, doc.id, TRANSITIONS.draftAmended, { votersFileId: file.id });
  await deps.store.delete([saved ? doc.votersFileId : file.id]);
}

/** Step `render-final`: the unwatermarked slips, only for a paid task → complete. */
export async function renderFinalStep(deps: DocumentsDeps, documentId: number, signal: AbortSignal): Promise<{ finalFileId: string }> {
  const doc = await loadTask(deps, documentId);
  if (!doc.paidAt) throw new NonRetriableJobError('The final slips are made only after the payment is confirmed.');
  if (doc.finalFileId && doc.status === 'complete') return { finalFileId: doc.finalFileId };
  const ready = doc.parseSummary?.idsLater ? await lateIdsBeforeFinal(deps, doc, signal) : doc;
  const { file, result } = await renderTaskPdf(deps, ready, signal, { message: 'Making the final slips', mode: { kind: 'final' }, pageMessage: 'Making the final slips' });
  const now = new Date();
  const saved = await transitionDocument(deps.db, documentId, TRANSITIONS.finalDone, {
    status: 'complete',
    slipSummary: slipSummaryOf(result),
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
export async function markFailed(payload: TaskPayload, failure: JobFailure, fallbackStep: PipelineStep): Promise<void> {
  const deps = await documentsDeps();
  const doc = await findDocument(deps.db, payload.documentId);
  if (!doc) return;
  const step = (PIPELINE_STEPS as readonly string[]).includes(failure.step ?? '') ? failure.step : inferStep(doc, fallbackStep);
  const message = failure.permanent
    ? failure.message
    : `Something went wrong while ${step === 'parse' ? 'reading the voter list' : 'making the slips'}. Press Resume Processing to try again.`;
  await transitionDocument(deps.db, doc.id, TRANSITIONS.failed, {
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
  if (!isListRead(doc)) return 'parse';
  if (!doc.paidAt) return 'render-draft';
  return fallback === 'parse' ? 'render-final' : fallback;
}
