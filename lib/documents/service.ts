import path from 'node:path';
import {
  countOpenDocuments,
  deleteUnpaidDocument,
  documentFileIds,
  findDocument,
  findUserDocumentRefs,
  findOwnDocument,
  insertDocument,
  listOwnDocuments,
  transitionDocument,
} from '@/db/queries/documents';
import { findUserWithSession } from '@/db/queries/users';
import { documentPartFileIds, findDocumentPart, insertDocumentParts, listDocumentParts } from '@/db/queries/document-parts';
import { NonRetriableJobError } from '@/lib/jobs';
import { combinedFinalPdf, PartsTooLargeError, partPreview } from './part-steps';
import { stat } from 'node:fs/promises';
import { readThenRemove } from '@/lib/files/file-copies';
import { asJobError } from './step-plumbing';
import type { DocumentRow, DocumentStatus, User } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { PdfFile } from '@/lib/api/pdf-response';
import { assertUserDeletable, deleteUserAs } from '@/lib/auth/users';
import type { JobDispatcher } from '@/lib/jobs';
import type { DocumentsDeps } from './deps';
import { signFileToken, verifyFileToken, type DocumentFileKind, type FileTokenIssuer } from './file-token';
import { CANCEL_EVENT, draftJob, finalJob, type TaskPayload } from './jobs';
import { RUNNING_STATUSES, TRANSITIONS, canResume, isListRead, slipChoicesOf } from './states';
import type { GeneratorUpload } from './upload';
import { z } from 'zod';
import { SlipChoiceError, parseSerialRanges, slipChoicesSchema } from '@/lib/slips/choose';
import { boothAddressField } from './form';

export { CANCEL_EVENT };

export { RUNNING_STATUSES };

export interface DocumentsContext extends DocumentsDeps {
  jobs: JobDispatcher;
}

function payloadOf(doc: DocumentRow): TaskPayload {
  return { documentId: doc.id, userId: doc.userId };
}

/** A user's document; another user's (or a missing) one is the same 404. */
export async function requireOwnDocument(ctx: DocumentsDeps, userId: number, id: number): Promise<DocumentRow> {
  const doc = await findOwnDocument(ctx.db, userId, id);
  if (!doc) throw ApiError.notFound('Task not found.');
  return doc;
}

/** Refuses a new task while the user has as many open as allowed (checked before an upload is read and stored). */
export async function requireTaskSlot(ctx: DocumentsDeps, userId: number): Promise<void> {
  const open = await countOpenDocuments(ctx.db, userId);
  if (open >= ctx.config.MAX_OPEN_TASKS) {
    throw ApiError.tooManyRequests(
      `You already have ${open} tasks being processed; wait for one to finish (or cancel one) before starting another.`,
      10,
    );
  }
}

/**
 * A stored upload becomes a task and its job starts; if that fails, the upload's files are deleted. One
 * voter list makes a task as it always has; several (the parts of a ward or a constituency) make a task of
 * parts, each list kept in document_parts.
 */
export async function createTask(ctx: DocumentsContext, userId: number, upload: GeneratorUpload): Promise<{ id: number; task_id: string }> {
  let doc: DocumentRow | null = null;
  const single = upload.voterLists.length === 1 ? upload.voterLists[0] : null;
  try {
    doc = await insertDocument(ctx.db, {
      userId,
      uploadFileId: single?.id ?? null,
      bannerFileId: upload.banner.id,
      partCount: single ? null : upload.voterLists.length,
      options: {
        page_size: upload.fields.page_size,
        orientation: upload.fields.orientation,
        slips_per_page: upload.fields.slips_per_page,
        print_photo: upload.fields.print_photo,
        booth_address: upload.fields.booth_address,
        voter_list_name: single ? single.name : upload.listName,
        banner_name: upload.banner.name,
        ...(upload.skipped.length > 0 ? { skipped_files: upload.skipped.slice(0, MAX_SKIPPED_NAMES) } : {}),
      },
    });
    if (!single) await insertDocumentParts(ctx.db, doc.id, upload.voterLists.map((list) => ({ name: list.name, uploadFileId: list.id })));
    const taskId = await ctx.jobs.start(draftJob, payloadOf(doc));
    await transitionDocument(ctx.db, doc.id, TRANSITIONS.queued, { taskId });
    return { id: doc.id, task_id: taskId };
  } catch (error) {
    // No task to show for it: the upload's files go, and a task that was made but not started with it.
    if (doc) await deleteUnpaidDocument(ctx.db, doc.id, ['pending']).catch(() => null);
    await ctx.store.delete([...upload.voterLists.map((list) => list.id), upload.banner.id]);
    throw error;
  }
}

/** Names of a ZIP's files that were not voter lists, kept to tell the user (the rest are counted). */
const MAX_SKIPPED_NAMES = 50;

/** The PDF a user may open now: the final once complete, else the draft once made. */
export function openableFile(doc: DocumentRow): { kind: DocumentFileKind; fileId: string } | null {
  if (doc.status === 'complete' && doc.finalFileId) return { kind: 'final', fileId: doc.finalFileId };
  if (doc.draftFileId && doc.status !== 'error') return { kind: 'draft', fileId: doc.draftFileId };
  return null;
}

/** The view/download URLs of a task's PDF, signed for the owner's session (null when there is none yet). */
export async function fileUrls(doc: DocumentRow, issuer: FileTokenIssuer): Promise<{ view_url: string | null; download_url: string | null }> {
  const file = openableFile(doc);
  if (!file) return { view_url: null, download_url: null };
  const token = encodeURIComponent(await signFileToken(doc.id, file.kind, issuer));
  return { view_url: `/api/documents/${doc.id}/view?token=${token}`, download_url: `/api/documents/${doc.id}/download?token=${token}` };
}

/** POST …/cancel: stops the work and deletes the task and its files; refused once paid or ended. */
export async function cancelTask(ctx: DocumentsContext, userId: number, id: number): Promise<void> {
  const doc = await requireOwnDocument(ctx, userId, id);
  if (doc.paidAt) throw ApiError.conflict('This task has been paid for and can no longer be cancelled.');
  if (doc.status === 'complete' || doc.status === 'error') {
    throw ApiError.conflict(`A task in status ${doc.status} cannot be cancelled.`);
  }
  // Delete first (only while still unpaid), then stop the job: a step that finishes meanwhile finds the task gone.
  const partFiles = await documentPartFileIds(ctx.db, [doc.id]);
  const gone = await deleteUnpaidDocument(ctx.db, doc.id, TRANSITIONS.cancelled);
  if (!gone) throw ApiError.conflict('This task has been paid for or has ended, and can no longer be cancelled.');
  await stopAndRemoveFiles(ctx, gone, partFiles);
}

/**
 * A task just deleted: its job stopped (a step finishing now finds the task gone and removes its own new
 * file) and its files removed, its lists' too (listed before the delete took their rows).
 */
async function stopAndRemoveFiles(ctx: DocumentsContext, gone: DocumentRow, partFiles: readonly string[]): Promise<void> {
  if (gone.taskId) await ctx.jobs.cancel(draftJob, [gone.taskId], payloadOf(gone));
  await ctx.store.delete([...documentFileIds(gone), ...partFiles]);
}

/** DELETE /api/documents/{id}: an unpaid task that stopped with an error goes, with its files (history's Delete). */
export async function deleteFailedTask(ctx: DocumentsContext, userId: number, id: number): Promise<void> {
  const doc = await requireOwnDocument(ctx, userId, id);
  if (doc.paidAt) throw ApiError.conflict('This task has been paid for and cannot be deleted: resume it, or ask for a refund.');
  if (doc.status !== 'error') throw ApiError.conflict(`Only a task that stopped with an error can be deleted (this one is ${doc.status}); cancel a task that is still running.`);
  const partFiles = await documentPartFileIds(ctx.db, [doc.id]);
  const gone = await deleteUnpaidDocument(ctx.db, doc.id, TRANSITIONS.deleted);
  if (!gone) throw ApiError.conflict('This task changed meanwhile and was not deleted; reload the page.');
  await stopAndRemoveFiles(ctx, gone, partFiles);
}

/**
 * DELETE /api/users/{id}: a user goes with their tasks and every file of them (uploads, voter files,
 * drafts, finals). The checks come first; then the jobs of their tasks are cancelled; then, in one
 * transaction, their tasks are locked (a step finishing now waits, then finds its task gone and removes
 * its own new file) and the user row is deleted, the tasks with it; last, the files are deleted.
 */
export async function deleteUserWithTasks(ctx: DocumentsContext, actor: User, targetId: number): Promise<void> {
  await assertUserDeletable(ctx.db, actor, targetId);
  for (const doc of await findUserDocumentRefs(ctx.db, targetId)) {
    if (doc.taskId) await ctx.jobs.cancel(draftJob, [doc.taskId], { documentId: doc.id, userId: doc.userId });
  }
  let fileIds: string[] = [];
  await deleteUserAs(ctx.db, actor, targetId, async (tx) => {
    const refs = await findUserDocumentRefs(tx, targetId, { lock: true });
    fileIds = [...refs.flatMap((doc) => doc.fileIds), ...(await documentPartFileIds(tx, refs.map((doc) => doc.id)))];
  });
  await ctx.store.delete(fileIds);
}

/** POST …/continue on an errored task: run it again from the step that failed. */
export async function resumeTask(ctx: DocumentsContext, doc: DocumentRow): Promise<{ id: number; task_id: string; status: DocumentStatus }> {
  if (doc.status !== 'error') throw ApiError.conflict(`Only a task that stopped with an error can be resumed (this one is ${doc.status}).`);
  if (doc.filesDeletedAt) throw ApiError.conflict('The files of this task have been deleted; please start a new task.');
  if (!canResume(doc)) throw ApiError.conflict('This task cannot be resumed: its file caused the error, so it would fail again. Press Start Over and upload another copy.');
  const final = doc.failedStep === 'render-final' || (doc.paidAt !== null && isListRead(doc));
  const job = final ? finalJob : draftJob;
  const resumed = await transitionDocument(ctx.db, doc.id, TRANSITIONS.resumed, {
    status: 'pending',
    progress: 10,
    progressMessage: 'Resuming',
    errorMessage: null,
    errorRetryable: null,
    endedAt: null,
  });
  if (!resumed) throw ApiError.conflict('This task is already being resumed.');
  const taskId = doc.taskId ? await ctx.jobs.resume(job, doc.taskId, payloadOf(doc)) : await ctx.jobs.start(job, payloadOf(doc));
  await transitionDocument(ctx.db, doc.id, TRANSITIONS.resumedRunning, { taskId });
  return { id: doc.id, task_id: taskId, status: 'pending' };
}

/** After a verified payment (called once, by whoever marked the task paid): start the final render. */
export async function startFinalRender(ctx: DocumentsContext, documentId: number): Promise<string | null> {
  const doc = await findDocument(ctx.db, documentId);
  if (!doc || !doc.paidAt) return null;
  const taskId = await ctx.jobs.start(finalJob, payloadOf(doc));
  await transitionDocument(ctx.db, doc.id, TRANSITIONS.paid, { taskId, status: 'generating', progress: 75, progressMessage: 'Payment received; making the final slips' });
  return taskId;
}

export async function listTasks(ctx: DocumentsDeps, userId: number): Promise<DocumentRow[]> {
  return listOwnDocuments(ctx.db, userId);
}

/** The name a task's PDF is saved under (`part` names a part of the slips, such as `-selected`). */
export function safeFileName(doc: DocumentRow, kind: DocumentFileKind, part = ''): { ascii: string; utf8: string } {
  return listFileName(doc, `slips-${doc.id}${part}${kind === 'draft' ? '-draft' : ''}.pdf`);
}

/** A download's name: the voter list's name without its extension, then `rest`; in ASCII, and in UTF-8 percent-encoded. */
export function listFileName(doc: DocumentRow, rest: string): { ascii: string; utf8: string } {
  const base = path.basename(doc.options.voter_list_name, path.extname(doc.options.voter_list_name)) || 'voter-list';
  const name = `${base}-${rest}`;
  const ascii = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+/g, '_');
  return { ascii, utf8: encodeURIComponent(name) };
}

/**
 * GET …/view and …/download: the PDF a valid token names, from the store. 401 without a valid token (a
 * token for another document, one whose session has ended or issued before a password change); 404 when
 * the task or its file no longer exists. A task of several lists: its final is a ZIP of their PDFs (or, with
 * `combined`, one PDF of them all, made on asking), and a draft token with `part` (a list's position) opens
 * that list's preview, made on first asking.
 */
export async function openDocumentFile(ctx: DocumentsDeps, id: number, token: string | null, want: { part?: string | null; combined?: boolean } = {}): Promise<PdfFile> {
  const claims = await verifyFileToken(token);
  const expired = () => ApiError.unauthorized('This link has expired or is not valid; open the task again to get a new one.');
  if (!claims || claims.documentId !== id) throw expired();
  // The link lives only as long as the session it was issued in, and until the owner's password changes.
  const owner = await findUserWithSession(ctx.db, claims.userId, claims.sessionId);
  if (!owner || !owner.sessionLive || !owner.user.isActive || owner.user.passwordVersion !== claims.passwordVersion) throw expired();
  const doc = await findOwnDocument(ctx.db, claims.userId, id);
  if (!doc) throw ApiError.notFound('Task not found.');
  const gone = () => ApiError.notFound(doc.filesDeletedAt ? 'The files of this task have been deleted.' : 'This PDF is not available.');
  if (want.part != null) return openPartPreview(ctx, doc, claims.kind, want.part, gone);
  if (want.combined) return openCombined(ctx, doc, claims.kind, gone);
  const fileId = claims.kind === 'final' ? (doc.status === 'complete' ? doc.finalFileId : null) : doc.draftFileId;
  const file = fileId ? await ctx.store.stat(fileId) : null;
  if (!fileId || !file) throw gone();
  const zipped = claims.kind === 'final' && doc.partCount !== null;
  return {
    body: ctx.store.read(fileId),
    size: file.size,
    name: zipped ? listFileName(doc, `slips-${doc.id}.zip`) : safeFileName(doc, claims.kind),
    type: zipped ? 'application/zip' : undefined,
    storedId: fileId,
  };
}

/** A complete task of several lists' final slips as one PDF (a ward's, up to COMBINED_MAX_PAGES). */
async function openCombined(ctx: DocumentsDeps, doc: DocumentRow, kind: DocumentFileKind, gone: () => ApiError): Promise<PdfFile> {
  if (kind !== 'final' || doc.partCount === null) throw ApiError.notFound('One combined PDF is made for the final slips of a task of several voter lists.');
  if (doc.status !== 'complete' || doc.filesDeletedAt) throw gone();
  let made: Awaited<ReturnType<typeof combinedFinalPdf>>;
  try {
    made = await combinedFinalPdf(ctx, doc);
  } catch (error) {
    if (error instanceof PartsTooLargeError) throw ApiError.tooLarge(error.message);
    const judged = asJobError(error);
    if (judged instanceof NonRetriableJobError) throw ApiError.unprocessable(judged.message);
    throw error;
  }
  const size = (await stat(made.file)).size;
  return { body: readThenRemove(made.file, made.dir), size, name: listFileName(doc, `slips-${doc.id}-all.pdf`) };
}

/** One list's watermarked preview, for the draft screen of a task of several lists. */
async function openPartPreview(ctx: DocumentsDeps, doc: DocumentRow, kind: DocumentFileKind, part: string, gone: () => ApiError): Promise<PdfFile> {
  const position = Number(part);
  if (kind !== 'draft' || doc.partCount === null || !/^\d{1,5}$/.test(part) || position >= doc.partCount) throw ApiError.notFound('This task has no such voter list.');
  if (doc.filesDeletedAt || (doc.status !== 'draft_complete' && doc.status !== 'complete')) throw gone();
  let fileId: string | null;
  try {
    fileId = await partPreview(ctx, doc, position);
  } catch (error) {
    const judged = asJobError(error);
    if (judged instanceof NonRetriableJobError) throw ApiError.unprocessable(judged.message);
    throw error;
  }
  const file = fileId ? await ctx.store.stat(fileId) : null;
  if (!fileId || !file) throw ApiError.notFound('This voter list was left out or could not be read, so it has no preview.');
  const listName = (await findDocumentPart(ctx.db, doc.id, position))?.name ?? `list-${position + 1}`;
  const base = path.basename(listName, path.extname(listName));
  return { body: ctx.store.read(fileId), size: file.size, name: listFileName({ ...doc, options: { ...doc.options, voter_list_name: base } }, `draft.pdf`), storedId: fileId };
}

/** PUT …/slips: the draft screen's choices (who gets a slip, order, look, the address). */
export const slipChoicesInput = slipChoicesSchema
  .partial()
  .extend({
    booth_address: boothAddressField.optional(),
    /** A task of several lists: the positions of the lists to leave out (the rest get slips). */
    excluded_parts: z.array(z.number().int().min(0).max(100_000)).max(5000).optional(),
  })
  .strict();
export type SlipChoicesInput = z.infer<typeof slipChoicesInput>;

/**
 * New slip choices for an unpaid task whose list is read: kept with the task, and its draft made again
 * (a new run of the draft job: the parse is not repeated). Refused once paid, and while a draft is being made.
 */
export async function chooseSlips(ctx: DocumentsContext, userId: number, id: number, input: SlipChoicesInput): Promise<{ id: number; task_id: string; status: DocumentStatus }> {
  const doc = await requireOwnDocument(ctx, userId, id);
  if (doc.paidAt) throw ApiError.conflict('This task has been paid for: its slips can no longer be changed.');
  if (!isListRead(doc) || !(TRANSITIONS.rechosen as readonly string[]).includes(doc.status)) {
    throw ApiError.conflict(`The slips can be chosen once the list is read and the draft is ready (this task is ${doc.status.replace(/_/g, ' ')}); try again in a moment.`);
  }
  const { booth_address: address, excluded_parts: excludedParts, ...changes } = input;
  if (excludedParts !== undefined) {
    if (doc.partCount === null) throw ApiError.unprocessable('This task holds one voter list: there are no lists to leave out.');
    if (excludedParts.some((p) => p >= (doc.partCount ?? 0))) throw ApiError.unprocessable(`This task holds ${doc.partCount} voter lists, numbered from 0.`);
    const left = new Set(excludedParts);
    if (!(await listDocumentParts(ctx.db, doc.id)).some((part) => part.votersFileId && !left.has(part.position))) {
      throw ApiError.unprocessable('Keep at least one voter list that was read: every list would be left out.');
    }
  }
  const choices = slipChoicesSchema.parse({ ...slipChoicesOf(doc), ...changes });
  try {
    parseSerialRanges(choices.serials);
  } catch (error) {
    if (error instanceof SlipChoiceError) throw ApiError.unprocessable(error.message);
    throw error;
  }
  const known = new Set((doc.parseSummary?.overview?.sections ?? []).map((s) => s.name));
  const unknown = choices.sections.filter((s) => !known.has(s));
  if (unknown.length > 0) throw ApiError.unprocessable(`This list has no section named "${unknown[0].slice(0, 80)}".`);
  const rechosen = await transitionDocument(ctx.db, doc.id, TRANSITIONS.rechosen, {
    status: 'pending',
    progress: 10,
    progressMessage: 'Making the draft again',
    errorMessage: null,
    errorRetryable: null,
    failedStep: null,
    endedAt: null,
    options: {
      ...doc.options,
      slips: choices,
      ...(address !== undefined ? { booth_address: address } : {}),
      ...(excludedParts !== undefined ? { excluded_parts: [...new Set(excludedParts)].sort((a, b) => a - b) } : {}),
    },
  });
  if (!rechosen) throw ApiError.conflict('This task changed meanwhile (paid, cancelled or already being redrawn); reload it.');
  const taskId = await ctx.jobs.start(draftJob, payloadOf(doc));
  await transitionDocument(ctx.db, doc.id, TRANSITIONS.queued, { taskId });
  return { id: doc.id, task_id: taskId, status: 'pending' };
}
