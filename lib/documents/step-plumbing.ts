import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findDocument } from '@/db/queries/documents';
import type { DocumentRow } from '@/db/schema';
import type { StoredFile } from '@/lib/files';
import { copyStoredFileTo, putLocalFile } from '@/lib/files/file-copies';
import { JobCancelledError, NonRetriableJobError } from '@/lib/jobs';
import { SandboxCrashError, SandboxLimitError, SandboxTaskError, withTaskDir, type ParseTaskResult, type RenderTaskInput, type RenderTaskResult } from '@/lib/sandbox';
import { VoterListError } from '@/lib/slips/ingest/errors';
import { LABEL_LANGUAGES, type LabelLanguage } from '@/lib/slips/labels';
import type { Orientation, PageSize } from '@/lib/slips/layout-options';
import { slipChoicesOf } from './states';
import { BannerError, LayoutError, SlipInputError } from '@/lib/slips/render/errors';
import type { ParseReport, VoterRecord } from '@/lib/slips/types';
import type { DocumentsDeps } from './deps';

/**
 * What the pipeline's steps share: loading the task, mapping errors to the job's terms, and the
 * sandbox work with its files (the stored upload copied into a task folder, the sandbox process run on
 * it, its output put back in the store).
 */

/**
 * Errors that mean the input is bad: no retry would help, the user is told what is wrong. A sandbox
 * process that broke a limit, failed in a way our code did not foresee, or died twice on the same work
 * is the file's doing too; a first unexplained death was already retried by the sandbox pool.
 */
export function asJobError(error: unknown): unknown {
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

export async function loadTask(deps: DocumentsDeps, documentId: number): Promise<DocumentRow> {
  const doc = await findDocument(deps.db, documentId);
  if (!doc) throw new JobCancelledError('The task was cancelled.');
  return doc;
}

/** A controller that follows the job's signal and can also be aborted by a progress write that finds the task gone. */
export function linkedController(signal: AbortSignal): AbortController {
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller;
}

export async function readVoters(deps: DocumentsDeps, doc: DocumentRow): Promise<VoterRecord[]> {
  if (!doc.votersFileId) throw new Error('The voter list has not been read yet.');
  return JSON.parse((await deps.store.readAll(doc.votersFileId)).toString('utf8')) as VoterRecord[];
}

/**
 * What the render task needs besides its files: the layout and address, who gets a slip and how slips
 * look (the task's choices, or the defaults: deleted voters left out, the facts line and a QR code), the
 * list's language and the roll's own facts.
 */
function renderChoices(doc: DocumentRow): Pick<RenderTaskInput, 'address' | 'layout' | 'printPhotos' | 'choices' | 'language' | 'roll'> {
  const o = doc.options;
  const header = doc.parseSummary?.header ?? {};
  const language = doc.parseSummary?.overview?.language;
  return {
    address: o.booth_address,
    layout: { pageSize: o.page_size as PageSize, orientation: o.orientation as Orientation, slipsPerPage: o.slips_per_page },
    printPhotos: o.print_photo,
    choices: slipChoicesOf(doc),
    language: (LABEL_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as LabelLanguage) : undefined,
    roll: { part: header.part, pollingStation: header.pollingStation, assemblyNumber: header.assemblyNumber },
  };
}

/** Keeps a new file only if the task took it; a task cancelled meanwhile gets nothing and the file goes. */
export async function keepOrDiscard(deps: DocumentsDeps, file: StoredFile, saved: DocumentRow | null): Promise<void> {
  if (saved) return;
  await deps.store.delete([file.id]);
  throw new JobCancelledError('The task was cancelled.');
}

/**
 * The uploaded voter list read in a sandbox process: this process copies the file out of the store into a
 * task folder and the voters the sandbox wrote back into the store (`onCopied` once the file is out).
 */
export async function readListInSandbox(
  deps: DocumentsDeps,
  list: { fileId: string; name: string },
  options: ListReadOptions,
): Promise<{ file: StoredFile; parsed: ParseTaskResult }> {
  const { taken, parsed } = await parseInSandbox(deps, list, options, (out) => putLocalFile(deps.store, out, { contentType: 'application/json' }));
  return { file: taken, parsed };
}

/** The voter list read in a sandbox process, its voters handed back as read rather than stored (a second read's, to merge). */
export async function parseVotersInSandbox(deps: DocumentsDeps, list: { fileId: string; name: string }, options: ListReadOptions): Promise<{ voters: VoterRecord[]; parsed: ParseTaskResult }> {
  const { taken, parsed } = await parseInSandbox(deps, list, options, async (out) => JSON.parse(await readFile(out, 'utf8')) as VoterRecord[]);
  return { voters: taken, parsed };
}

interface ListReadOptions {
  signal: AbortSignal;
  onCopied?: () => Promise<void>;
  onProgress?: (done: number, total: number) => void;
  scanIds?: 'now' | 'later';
}

/** The parse in a task folder; `take` keeps what it needs of the voters file the sandbox wrote before the folder goes. */
async function parseInSandbox<T>(deps: DocumentsDeps, list: { fileId: string; name: string }, options: ListReadOptions, take: (out: string) => Promise<T>): Promise<{ taken: T; parsed: ParseTaskResult }> {
  return withTaskDir(async (dir) => {
    const input = path.join(dir, 'voter-list');
    const out = path.join(dir, 'voters.json');
    await copyStoredFileTo(deps.store, list.fileId, input);
    await options.onCopied?.();
    const parsed = await deps.sandbox.run(
      'parse',
      { file: input, filename: list.name, out, maxBytes: deps.config.MAX_UPLOAD_MB * 1024 * 1024, ...(options.scanIds ? { scanIds: options.scanIds } : {}) },
      { subject: 'read', signal: options.signal, ...(options.onProgress ? { onProgress: options.onProgress } : {}) },
    );
    if (parsed.voters === 0) throw new NonRetriableJobError(`No voters were found in ${list.name}.`);
    return { taken: await take(out), parsed };
  });
}

/**
 * What a render in a sandbox process needs, copied into the task folder `dir`: the voters, the roll (when the
 * voters' boxes are cut from it) and the banner, with the task's layout and choices; the PDF goes to `dir`/slips.pdf.
 */
export async function renderInputIn(deps: Pick<DocumentsDeps, 'store'>, doc: DocumentRow, dir: string, mode: RenderTaskInput['mode']): Promise<RenderTaskInput> {
  const { votersFileId, uploadFileId, bannerFileId } = doc;
  if (!votersFileId) throw new Error('The voter list has not been read yet.');
  if (!uploadFileId || !bannerFileId) throw new NonRetriableJobError('The uploaded files of this task were deleted; please start a new task.');
  const needsSource = (doc.parseSummary?.source ?? (/\.pdf$/i.test(doc.options.voter_list_name) ? 'pdf' : 'excel')) === 'pdf';
  const files = { votersFile: path.join(dir, 'voters.json'), sourceFile: path.join(dir, 'roll.pdf'), bannerFile: path.join(dir, 'banner'), out: path.join(dir, 'slips.pdf') };
  await Promise.all([
    copyStoredFileTo(deps.store, votersFileId, files.votersFile),
    needsSource ? copyStoredFileTo(deps.store, uploadFileId, files.sourceFile) : undefined,
    copyStoredFileTo(deps.store, bannerFileId, files.bannerFile),
  ]);
  return { ...files, sourceFile: needsSource ? files.sourceFile : undefined, ...renderChoices(doc), mode };
}

/**
 * A task's slips rendered in a sandbox process (it reads the uploaded roll and banner) and put in the
 * store. A roll's voters are cut from its pages, so the roll goes in too; an Excel list's are typeset.
 */
export async function renderInSandbox(
  deps: DocumentsDeps,
  doc: DocumentRow,
  mode: RenderTaskInput['mode'],
  options: { signal: AbortSignal; onProgress?: (done: number, total: number) => void },
): Promise<{ file: StoredFile; result: RenderTaskResult }> {
  return renderTaskFiles(deps, doc, { mode }, options, async (out, result) => {
    if (result.repaired) console.info(`[pipeline] task ${doc.id}: the roll PDF was damaged and was repaired before its pages were copied`);
    return { file: await putLocalFile(deps.store, out, { contentType: 'application/pdf' }), result };
  });
}

/**
 * Some of a task's voters' slips (selected slips: a few, for a desk) rendered in a sandbox process from a
 * copy of the roll holding only their boxes, and answered as bytes: they are not kept.
 */
export async function renderSelectedInSandbox(
  deps: DocumentsDeps,
  doc: DocumentRow,
  mode: RenderTaskInput['mode'],
  selected: NonNullable<RenderTaskInput['selected']>,
  options: { signal?: AbortSignal } = {},
): Promise<{ pdf: Buffer; result: RenderTaskResult }> {
  return renderTaskFiles(deps, doc, { mode, selected }, options, async (out, result) => ({ pdf: await readFile(out), result }));
}

async function renderTaskFiles<T>(
  deps: DocumentsDeps,
  doc: DocumentRow,
  what: Pick<RenderTaskInput, 'mode' | 'selected'>,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void },
  take: (out: string, result: RenderTaskResult) => Promise<T>,
): Promise<T> {
  return withTaskDir(async (dir) => {
    const input = { ...(await renderInputIn(deps, doc, dir, what.mode)), ...what };
    const result = await deps.sandbox.run('render', input, { subject: 'render', signal: options.signal, onProgress: options.onProgress });
    return take(input.out, result);
  });
}

/**
 * An uploaded banner decoded in a sandbox process, never in the server's: a picture built to use up memory
 * or to crash its decoder ends there, as a plain refusal (BannerError).
 */
export async function checkBannerInSandbox(deps: Pick<DocumentsDeps, 'store' | 'sandbox'>, fileId: string): Promise<void> {
  await withTaskDir(async (dir) => {
    const file = path.join(dir, 'banner');
    await copyStoredFileTo(deps.store, fileId, file);
    try {
      await deps.sandbox.run('banner', { file }, { subject: 'read' });
    } catch (error) {
      if (error instanceof SandboxLimitError || error instanceof SandboxCrashError) {
        throw new BannerError('The banner picture could not be checked: reading it needed far more memory or time than a picture should. Save it again as JPG or PNG and upload it again.');
      }
      throw error;
    }
  });
}

/** A legacy-font roll's cover read by OCR in a sandbox process: the facts it gives (or none). */
export async function readCoverInSandbox(deps: DocumentsDeps, uploadFileId: string, signal: AbortSignal): Promise<ParseReport['header']> {
  return withTaskDir(async (dir) => {
    const file = path.join(dir, 'roll.pdf');
    await copyStoredFileTo(deps.store, uploadFileId, file);
    return (await deps.sandbox.run('legacy-cover', { file }, { subject: 'read', signal }))?.header ?? {};
  });
}
