import {
  claimNextPart,
  claimPartFile,
  clearPartPreviews,
  countPendingParts,
  extendPartClaim,
  listDocumentParts,
  releasePartClaim,
  updateDocumentPart,
  type PartPhase,
} from '@/db/queries/document-parts';
import { transitionDocument } from '@/db/queries/documents';
import type { DocumentParseSummary, DocumentPartRow, DocumentRow, SlipSummary } from '@/db/schema';
import type { StoredFile } from '@/lib/files';
import { JobCancelledError, NonRetriableJobError, type JobIo } from '@/lib/jobs';
import { defaultSandboxLimits } from '@/lib/sandbox/limits';
import { chooseVoters } from '@/lib/slips/choose';
import { feeInPaise } from '@/lib/slips/fees';
import { chargedPages, type Orientation, type PageSize } from '@/lib/slips/layout-options';
import { computeGrid, pageCount } from '@/lib/slips/render/layout';
import type { VoterRecord } from '@/lib/slips/types';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyStoredFileTo } from '@/lib/files/file-copies';
import type { DocumentsDeps } from './deps';
import { partFileName, partsInOrder } from './parts';
import { ProgressReporter } from './progress';
import { asJobError, keepOrDiscard, linkedController, loadTask, readListInSandbox, renderInSandbox } from './step-plumbing';
import { slipChoicesOf, TRANSITIONS } from './states';
import { summariseReport } from './summary';
import { combineSummaries } from './part-summary';
import { zipStream } from '@/lib/files/zip-stream';

/**
 * The steps of a task of several voter lists (a ward's or a constituency's parts). Each list is its own
 * step, memoised like the single list's steps (a crash or a retry repeats no finished list), and up to
 * `partsConcurrency` of them run at once, each in a sandbox process. A list that cannot be read does
 * not fail the task: it is kept with its reason, and the rest go on.
 */

/** Lists read or rendered at once: the configured number, else one per sandbox process. */
export function partsConcurrency(deps: DocumentsDeps): number {
  return deps.config.PARTS_CONCURRENCY ?? deps.config.SANDBOX_PROCESSES ?? defaultSandboxLimits().processes;
}

/** Runs `work` over `items`, at most `limit` at once; the first failure stops new work and is thrown once the running ones end. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        await work(items[index], index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/**
 * How the lists of a task are shared between the processes of the local runner (on PostgreSQL, every server
 * process runs jobs): helper jobs any process may take, each claiming lists one at a time as the task's own
 * run does. Inngest needs none of it: each list's step is its own call to the app, taken by any instance.
 */
export interface PartSharing {
  /** Queues helper jobs for `phase` (each claims lists until none is left; a task's helpers are queued once per phase). */
  help(phase: PartPhase, count: number): Promise<void>;
}

/** How long a claim on a list holds without being renewed (renewed every third of it while the work goes on). */
export const PART_CLAIM_MS = 20_000;
/** How often the task's run looks again while other processes hold its last lists. */
const PART_WAIT_MS = 500;
/** Helper jobs per phase: with the task's own run, up to three processes share a task's lists. */
const PART_HELPERS = 2;

/** This process, as the claims on lists name it. */
const WORKER = `${os.hostname()}#${process.pid}`;

const stepOfPhase = (phase: PartPhase, position: number) => `${phase === 'read' ? 'parse' : 'final'}-part-${position}`;

/** Progress of a phase as the page shows it: "Reading part 37 of 312 · page 12 of 30 · 36 of 312 read". */
function phaseWords(phase: PartPhase) {
  return phase === 'read' ? { doing: 'Reading', done: 'read', stage: 30, span: 40 } : { doing: 'Making', done: 'made', stage: 75, span: 20 };
}

/**
 * A phase's work over a task's lists. Shared (the local runner): helper jobs are queued and this run claims
 * lists too, then waits for the ones others hold (taking any whose claim ran out). Not shared (Inngest): a
 * step per list, `partsConcurrency` at a time.
 */
async function runPhase(
  deps: DocumentsDeps,
  doc: DocumentRow,
  phase: PartPhase,
  parts: readonly DocumentPartRow[],
  io: Pick<JobIo, 'step' | 'signal'>,
  progress: ProgressReporter,
  sharing: PartSharing | undefined,
): Promise<void> {
  const words = phaseWords(phase);
  const total = parts.length;
  const excluded = phase === 'make' ? (doc.options.excluded_parts ?? []) : [];
  let done = total - (await countPendingParts(deps.db, doc.id, phase, excluded));
  const reportDone = async () => {
    done = total - (await countPendingParts(deps.db, doc.id, phase, excluded));
    progress.report({ progress: words.stage + Math.round((words.span * done) / Math.max(1, total)), progressMessage: `${words.doing} ${total} voter lists · ${done} of ${total} ${words.done}` });
    return done;
  };
  const onPage = (part: DocumentPartRow) => (page: number, pages: number) =>
    progress.report({ progressMessage: `${words.doing} part ${part.position + 1} of ${total} · page ${page} of ${pages} · ${done} of ${total} ${words.done}` });
  if (!sharing) {
    await inPool(parts, partsConcurrency(deps), async (part) => {
      await io.step(stepOfPhase(phase, part.position), () => phaseWork(deps, doc, phase, part, progress, onPage(part)));
      await reportDone();
    });
    return;
  }
  if (total > 1) await sharing.help(phase, Math.min(PART_HELPERS, total - 1));
  for (;;) {
    await inPool(Array.from({ length: partsConcurrency(deps) }), partsConcurrency(deps), () =>
      claimAndWork(deps, doc, phase, io, progress, excluded, (part) => onPage(part), reportDone),
    );
    if ((await reportDone()) >= total) return;
    // the last lists are another process's: wait for them, taking any whose claim runs out
    await new Promise((resolve) => setTimeout(resolve, PART_WAIT_MS));
    if (progress.signal.aborted) throw progress.signal.reason;
  }
}

/** The work of one phase on one list (each list's own memo: a list read or made is not done again). */
function phaseWork(
  deps: DocumentsDeps,
  doc: DocumentRow,
  phase: PartPhase,
  part: DocumentPartRow,
  progress: ProgressReporter,
  onPage: (page: number, pages: number) => void,
): Promise<PartReadResult | { finalFileId: string }> {
  return phase === 'read' ? readPart(deps, doc, part, progress.signal, onPage) : renderPartFinal(deps, doc, part, progress.signal, onPage);
}

/**
 * Claims lists waiting for `phase` one at a time until none is left to claim, and does each one's work as a
 * step of this run, its claim renewed while the work goes on and let go after.
 */
async function claimAndWork(
  deps: DocumentsDeps,
  doc: DocumentRow,
  phase: PartPhase,
  io: Pick<JobIo, 'step' | 'signal'>,
  progress: ProgressReporter,
  excluded: readonly number[],
  onPage: (part: DocumentPartRow) => (page: number, pages: number) => void,
  afterEach: () => Promise<unknown>,
): Promise<void> {
  for (;;) {
    if (progress.signal.aborted) throw progress.signal.reason;
    const part = await claimNextPart(deps.db, doc.id, phase, WORKER, PART_CLAIM_MS, excluded);
    if (!part) return;
    const renew = setInterval(() => void extendPartClaim(deps.db, part.id, WORKER, PART_CLAIM_MS).catch(() => undefined), PART_CLAIM_MS / 3);
    renew.unref();
    let done = false;
    try {
      await io.step(stepOfPhase(phase, part.position), () => phaseWork(deps, doc, phase, part, progress, onPage(part)));
      done = true;
    } finally {
      clearInterval(renew);
      await releasePartClaim(deps.db, part.id, WORKER, done ? phase : null).catch(() => undefined);
    }
    await afterEach();
  }
}

/**
 * A helper job's work: claim the task's lists waiting for `phase` and do them, until none is left to claim.
 * The task's own run waits for every list, so a helper that stops early loses nothing.
 */
export async function helpWithParts(deps: DocumentsDeps, documentId: number, phase: PartPhase, io: Pick<JobIo, 'step' | 'signal'>): Promise<{ phase: PartPhase }> {
  const doc = await loadTask(deps, documentId);
  if (phase === 'make' && !doc.paidAt) return { phase };
  const controller = linkedController(io.signal);
  const progress = new ProgressReporter(deps.db, documentId, controller);
  const parts = phase === 'read' ? await listDocumentParts(deps.db, documentId) : printedParts(doc, await listDocumentParts(deps.db, documentId));
  const words = phaseWords(phase);
  await claimAndWork(
    deps,
    doc,
    phase,
    io,
    progress,
    phase === 'make' ? (doc.options.excluded_parts ?? []) : [],
    (part) => (page, pages) => progress.report({ progressMessage: `${words.doing} part ${part.position + 1} of ${parts.length} · page ${page} of ${pages}` }),
    async () => undefined,
  );
  return { phase };
}

/** What reading one list ended in. */
type PartReadResult = { voters: number } | { error: string };

/** Reads each list not yet read, side by side; then the task's totals. */
export async function readPartsSteps(deps: DocumentsDeps, documentId: number, io: Pick<JobIo, 'step' | 'signal'>, sharing?: PartSharing): Promise<void> {
  const doc = await loadTask(deps, documentId);
  if (doc.voterCount !== null && doc.parseSummary) return;
  const parts = await listDocumentParts(deps.db, documentId);
  const controller = linkedController(io.signal);
  const progress = new ProgressReporter(deps.db, documentId, controller);
  // only a task whose draft is not made yet is marked as reading: as for the final (renderPartsFinalSteps), this runs
  // again on every replay, and one beside the replay that ends the draft must not put a made draft back to 'processing'
  await transitionDocument(deps.db, documentId, TRANSITIONS.draftDone, { status: 'processing', progress: 30, progressMessage: `Reading ${parts.length} voter lists`, errorMessage: null, failedStep: null });
  await runPhase(deps, doc, 'read', parts, io, progress, sharing);
  const read = await listDocumentParts(deps.db, documentId);
  const good = read.filter((p) => p.votersFileId && p.parseSummary);
  if (good.length === 0) {
    const first = read.find((p) => p.errorMessage);
    throw new NonRetriableJobError(`None of the ${read.length} voter lists could be read${first ? `; ${first.name}: ${first.errorMessage}` : ''}.`);
  }
  const summary = combineSummaries(good.map((p) => ({ name: p.name, summary: p.parseSummary as DocumentParseSummary })));
  const saved = await transitionDocument(deps.db, documentId, TRANSITIONS.parsed, { voterCount: summary.voters, parseSummary: summary });
  if (!saved) throw new JobCancelledError('The task was cancelled.');
}

/** One list read in a sandbox process: its voters kept, or the reason it could not be read. */
async function readPart(deps: DocumentsDeps, doc: DocumentRow, part: DocumentPartRow, signal: AbortSignal, onProgress: (done: number, total: number) => void): Promise<PartReadResult> {
  if (part.votersFileId && part.voterCount !== null) return { voters: part.voterCount };
  if (part.errorMessage) return { error: part.errorMessage };
  if (!part.uploadFileId) return failPart(deps, doc, part, 'The uploaded file was deleted.');
  let read: { file: StoredFile; parsed: Awaited<ReturnType<typeof readListInSandbox>>['parsed'] };
  try {
    read = await readListInSandbox(deps, { fileId: part.uploadFileId, name: part.name }, { signal, onProgress });
  } catch (error) {
    const judged = asJobError(signal.aborted ? signal.reason : error);
    if (judged instanceof NonRetriableJobError) return failPart(deps, doc, part, judged.message);
    throw judged;
  }
  const { file, parsed } = read;
  const summary = summariseReport(parsed.report, parsed.overview);
  const claimed = await claimPartFile(deps.db, doc.id, part.position, 'votersFileId', file.id, { voterCount: parsed.voters, parseSummary: summary, errorMessage: null });
  if (!claimed) await deps.store.delete([file.id]);
  return { voters: parsed.voters };
}

async function failPart(deps: DocumentsDeps, doc: DocumentRow, part: DocumentPartRow, message: string): Promise<PartReadResult> {
  if (!(await updateDocumentPart(deps.db, doc.id, part.position, { errorMessage: message }))) throw new JobCancelledError('The task was cancelled.');
  return { error: message };
}

/** A list as a task of its own, for the steps that work on one list (render, preview). */
export function partTask(doc: DocumentRow, part: DocumentPartRow): DocumentRow {
  return {
    ...doc,
    uploadFileId: part.uploadFileId,
    votersFileId: part.votersFileId,
    voterCount: part.voterCount,
    parseSummary: part.parseSummary,
    draftFileId: part.draftFileId,
    finalFileId: part.finalFileId,
    partCount: null,
    options: { ...doc.options, voter_list_name: part.name },
  };
}

/** The lists that get slips: read, and not left out by the user; in part-number order. */
export function printedParts(doc: DocumentRow, parts: readonly DocumentPartRow[]): DocumentPartRow[] {
  const excluded = new Set(doc.options.excluded_parts ?? []);
  return partsInOrder(parts).filter((p) => p.votersFileId && !excluded.has(p.position));
}

/**
 * Step `render-draft` of a task of lists: each list's pages counted from its voters and the task's choices
 * (the slips are not drawn: the count is the renderer's own, pages of `slips per page`), the fee for them
 * all, and the watermarked first pages of the first list — the draft that also checks the banner,
 * layout and address before anyone pays.
 */
export async function renderPartsDraftStep(deps: DocumentsDeps, documentId: number, signal: AbortSignal): Promise<{ draftFileId: string; totalPages: number }> {
  const doc = await loadTask(deps, documentId);
  if (doc.draftFileId && doc.totalPages !== null && doc.status === 'draft_complete') return { draftFileId: doc.draftFileId, totalPages: doc.totalPages };
  // the lists' previews showed the choices as they were
  await deps.store.delete(await clearPartPreviews(deps.db, documentId));
  const parts = await listDocumentParts(deps.db, documentId);
  const printed = printedParts(doc, parts);
  if (printed.length === 0) throw new NonRetriableJobError('Every voter list of this task is left out or could not be read; include at least one list.');
  const controller = linkedController(signal);
  const progress = new ProgressReporter(deps.db, documentId, controller);
  await progress.set({ status: 'generating', progress: 75, progressMessage: `Counting the slips of ${printed.length} voter lists`, errorMessage: null, failedStep: null });
  const perPage = computeGrid({ pageSize: doc.options.page_size as PageSize, orientation: doc.options.orientation as Orientation, slipsPerPage: doc.options.slips_per_page }).cells.length;
  const choices = slipChoicesOf(doc);
  const totals: SlipSummary = { printed: 0, deletedLeftOut: 0, leftOutByChoice: 0, orderNote: null };
  let totalPages = 0;
  const pagesOf = new Map<number, number>();
  for (const part of printed) {
    const voters = JSON.parse((await deps.store.readAll(part.votersFileId as string)).toString('utf8')) as VoterRecord[];
    const chosen = chooseVoters(voters, choices);
    const pages = pageCount(chosen.voters.length, perPage);
    totals.printed += chosen.voters.length;
    totals.deletedLeftOut += chosen.deletedLeftOut.length;
    totals.leftOutByChoice += chosen.leftOutByChoice;
    totals.orderNote ??= chosen.orderNote;
    totalPages += pages;
    pagesOf.set(part.position, pages);
    await updateDocumentPart(deps.db, documentId, part.position, { pages });
    if (controller.signal.aborted) throw controller.signal.reason;
  }
  if (totals.printed === 0) throw new NonRetriableJobError('No voter is chosen in any list: the choices leave every voter out. Widen the choice.');
  // the first list that prints a page (the rows read above hold the pages of the draft before)
  const first = printed.find((p) => (pagesOf.get(p.position) ?? 0) > 0) ?? printed[0];
  const preview = await previewOf(deps, doc, first, controller.signal);
  const amountPaise = feeInPaise(chargedPages(doc.options.page_size as PageSize, totalPages), { feePerPage: deps.config.FEE_PER_PAGE, minFee: deps.config.MIN_FEE });
  const saved = await transitionDocument(deps.db, documentId, TRANSITIONS.draftDone, {
    status: 'draft_complete',
    progress: 100,
    progressMessage: 'Draft ready',
    draftFileId: preview.id,
    totalPages,
    amountPaise,
    slipSummary: totals,
    errorMessage: null,
    failedStep: null,
    endedAt: null,
  });
  await keepOrDiscard(deps, preview, saved);
  if (doc.draftFileId && doc.draftFileId !== preview.id) await deps.store.delete([doc.draftFileId]);
  return { draftFileId: preview.id, totalPages };
}

/**
 * The watermarked first pages of one list's slips, rendered in a sandbox process: the draft's own (a new
 * file each time, the task's draft) — the draft screen's preview of another list is `partPreview`.
 */
async function previewOf(deps: DocumentsDeps, doc: DocumentRow, part: DocumentPartRow, signal: AbortSignal): Promise<StoredFile> {
  const { file } = await renderInSandbox(deps, partTask(doc, part), { kind: 'draft', previewPages: deps.config.DRAFT_PREVIEW_PAGES }, { signal }).catch((error: unknown) => {
    throw asJobError(signal.aborted ? signal.reason : error);
  });
  return file;
}

/**
 * The draft screen's preview of one list (made on first asking, then kept with the list). Answers null for
 * a list that was not read or is not printed.
 */
export async function partPreview(deps: DocumentsDeps, doc: DocumentRow, position: number): Promise<string | null> {
  const parts = await listDocumentParts(deps.db, doc.id);
  const part = printedParts(doc, parts).find((p) => p.position === position);
  if (!part) return null;
  if (part.draftFileId) return part.draftFileId;
  const file = await previewOf(deps, doc, part, AbortSignal.timeout(10 * 60_000));
  const kept = await updateDocumentPartPreview(deps, doc.id, position, file.id);
  return kept;
}

async function updateDocumentPartPreview(deps: DocumentsDeps, documentId: number, position: number, fileId: string): Promise<string | null> {
  const saved = await updateDocumentPart(deps.db, documentId, position, { draftFileId: fileId });
  if (!saved) {
    await deps.store.delete([fileId]);
    return null;
  }
  return fileId;
}

/**
 * Step `render-final` of a task of lists: each printed list's final slips rendered side by side (a step
 * each), then put into one ZIP, a PDF per list named by its constituency, part and polling station.
 */
export async function renderPartsFinalSteps(deps: DocumentsDeps, documentId: number, io: Pick<JobIo, 'step' | 'signal'>, sharing?: PartSharing): Promise<void> {
  const doc = await loadTask(deps, documentId);
  if (!doc.paidAt) throw new NonRetriableJobError('The final slips are made only after the payment is confirmed.');
  if (doc.finalFileId && doc.status === 'complete') return;
  const printed = printedParts(doc, await listDocumentParts(deps.db, documentId));
  const controller = linkedController(io.signal);
  const progress = new ProgressReporter(deps.db, documentId, controller);
  // Only a task whose final is not made yet is marked as making it: this runs again on every replay of the function,
  // and a replay beside the one whose zip step ends the task (steps found together run side by side) may read the
  // task before that step and write after it; a plain write here put a complete task back to 'generating' for good.
  await transitionDocument(deps.db, documentId, TRANSITIONS.finalDone, { status: 'generating', progress: 75, progressMessage: `Making the final slips of ${printed.length} voter lists`, errorMessage: null, failedStep: null });
  await runPhase(deps, doc, 'make', printed, io, progress, sharing);
  await io.step('zip', () => zipPartsStep(deps, documentId, controller.signal));
}

async function renderPartFinal(deps: DocumentsDeps, doc: DocumentRow, part: DocumentPartRow, signal: AbortSignal, onProgress: (done: number, total: number) => void): Promise<{ finalFileId: string }> {
  if (part.finalFileId) return { finalFileId: part.finalFileId };
  const { file, result } = await renderInSandbox(deps, partTask(doc, part), { kind: 'final' }, { signal, onProgress }).catch((error: unknown) => {
    throw asJobError(signal.aborted ? signal.reason : error);
  });
  if (await claimPartFile(deps.db, doc.id, part.position, 'finalFileId', file.id, { pages: result.pages })) return { finalFileId: file.id };
  await deps.store.delete([file.id]);
  const again = (await listDocumentParts(deps.db, doc.id)).find((p) => p.position === part.position);
  if (!again?.finalFileId) throw new JobCancelledError('The task was cancelled.');
  return { finalFileId: again.finalFileId };
}

/** Step `zip`: the lists' final PDFs in one ZIP (stored, since PDFs are compressed already) → complete. */
async function zipPartsStep(deps: DocumentsDeps, documentId: number, signal: AbortSignal): Promise<{ finalFileId: string }> {
  const doc = await loadTask(deps, documentId);
  if (doc.finalFileId && doc.status === 'complete') return { finalFileId: doc.finalFileId };
  const printed = printedParts(doc, await listDocumentParts(deps.db, documentId));
  const entries = printed.map((part) => ({ name: partFileName(part), data: () => deps.store.read(part.finalFileId as string) }));
  const zip = await deps.store.put(zipStream(entries, signal), { contentType: 'application/zip' });
  const now = new Date();
  const slips = doc.slipSummary;
  const saved = await transitionDocument(deps.db, documentId, TRANSITIONS.finalDone, {
    status: 'complete',
    slipSummary: slips,
    progress: 100,
    progressMessage: 'Processing Complete!',
    finalFileId: zip.id,
    completedAt: now,
    endedAt: now,
    errorMessage: null,
    failedStep: null,
  });
  await keepOrDiscard(deps, zip, saved);
  return { finalFileId: zip.id };
}

/** A combined PDF is made for a ward, not a constituency: past this many pages the ZIP is the download. */
export const COMBINED_MAX_PAGES = 5000;

/**
 * The final slips of a paid task of several lists as one PDF, the lists in part-number order, made on
 * asking in a sandbox process (PDFium copies the pages) and answered as a file in a scratch folder
 * (`readThenRemove` it); not kept: the ZIP is what the task keeps.
 */
export async function combinedFinalPdf(deps: DocumentsDeps, doc: DocumentRow): Promise<{ file: string; dir: string; pages: number }> {
  const printed = printedParts(doc, await listDocumentParts(deps.db, doc.id));
  const pages = printed.reduce((n, p) => n + (p.pages ?? 0), 0);
  if (pages > COMBINED_MAX_PAGES) {
    throw new PartsTooLargeError(`One PDF is made for up to ${COMBINED_MAX_PAGES.toLocaleString('en-IN')} pages; these slips have ${pages.toLocaleString('en-IN')}. Download the ZIP: a PDF per list.`);
  }
  if (printed.some((p) => !p.finalFileId)) throw new NonRetriableJobError('The lists\' final slips are not all made.');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vsg-combined-'));
  try {
    const files = printed.map((_, i) => path.join(dir, `part-${i}.pdf`));
    await Promise.all(printed.map((part, i) => copyStoredFileTo(deps.store, part.finalFileId as string, files[i])));
    const out = path.join(dir, 'combined.pdf');
    const result = await deps.sandbox.run('combine', { files, out }, { subject: 'render' });
    await Promise.all(files.map((file) => rm(file, { force: true })));
    return { file: out, dir, pages: result.pages };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A combined PDF asked for slips past COMBINED_MAX_PAGES. */
export class PartsTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PartsTooLargeError';
  }
}
