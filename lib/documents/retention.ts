import { findExpiredDocuments, updateDocument } from '@/db/queries/documents';
import { findAbandonedFiles } from '@/db/queries/files';
import type { DocumentsDeps } from './deps';

/**
 * Deletes the files of tasks that ended more than RETENTION_DAYS ago (the privacy page promises it) and
 * of drafts left unpaid that long; the task record keeps its metadata (dates, status, pages, amount).
 * Also removes partial files a crashed process left behind. Idempotent: safe on any number of processes.
 */
export async function purgeExpiredFiles(deps: DocumentsDeps, now = new Date()): Promise<{ documents: number; files: number }> {
  const cutoff = new Date(now.getTime() - deps.config.RETENTION_DAYS * 24 * 3600 * 1000);
  let documents = 0;
  let files = 0;
  for (;;) {
    const batch = await findExpiredDocuments(deps.db, cutoff);
    if (batch.length === 0) break;
    for (const doc of batch) {
      const ids = [doc.uploadFileId, doc.bannerFileId, doc.votersFileId, doc.draftFileId, doc.finalFileId].filter((id): id is string => !!id);
      await deps.store.delete(ids);
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
  const abandoned = await findAbandonedFiles(deps.db, new Date(now.getTime() - 24 * 3600 * 1000));
  await deps.store.delete(abandoned);
  return { documents, files: files + abandoned.length };
}
