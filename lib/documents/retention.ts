import { documentFileIds, findExpiredDocuments, updateDocument } from '@/db/queries/documents';
import { findUnreferencedFiles } from '@/db/queries/files';
import { clearDocumentPartFiles, documentPartFileIds } from '@/db/queries/document-parts';
import { purgeAbandonedUploads } from '@/lib/uploads';
import type { DocumentsDeps } from './deps';

/** A stored file no task has taken by this age is left over (a task deleted with its user, a failed step). */
const UNREFERENCED_AFTER_MS = 24 * 3600 * 1000;

/**
 * Deletes the files of tasks that ended more than RETENTION_DAYS ago (the privacy page promises it) and
 * of drafts left unpaid that long; the task record keeps its metadata (dates, status, pages, amount).
 * Also removes partial files whose writer died and files no task refers to. Idempotent: safe on any
 * number of processes.
 */
export async function purgeExpiredFiles(deps: Pick<DocumentsDeps, 'db' | 'store' | 'config'>, now = new Date()): Promise<{ documents: number; files: number }> {
  const cutoff = new Date(now.getTime() - deps.config.RETENTION_DAYS * 24 * 3600 * 1000);
  let documents = 0;
  let files = 0;
  for (;;) {
    const batch = await findExpiredDocuments(deps.db, cutoff);
    if (batch.length === 0) break;
    for (const doc of batch) {
      const ids = [...documentFileIds(doc), ...(await documentPartFileIds(deps.db, [doc.id]))];
      await deps.store.delete(ids);
      await clearDocumentPartFiles(deps.db, doc.id);
      await updateDocument(deps.db, doc.id, {
        uploadFileId: null,
        bannerFileId: null,
        votersFileId: null,
        draftFileId: null,
        finalFileId: null,
        filesDeletedAt: now,
      });
      documents++;
      files += ids.length;
    }
  }
  files += await purgeAbandonedUploads(deps.db, deps.store, now);
  files += await deps.store.removeUnfinished({ now });
  for (;;) {
    const left = await findUnreferencedFiles(deps.db, new Date(now.getTime() - UNREFERENCED_AFTER_MS));
    if (left.length === 0) break;
    await deps.store.delete(left);
    files += left.length;
  }
  return { documents, files };
}

/**
 * Start-up: partial files left by a process that was killed mid-write. On the embedded database this
 * process is the only one (its lock says so), so every unfinished file is abandoned; with a shared
 * database, other processes may be writing, and only files whose writer's hold ran out are removed.
 */
export async function removeAbandonedFilesAtStart(deps: Pick<DocumentsDeps, 'store'>, onlyProcess: boolean): Promise<number> {
  return deps.store.removeUnfinished({ all: onlyProcess });
}
