import type { Db } from '@/db/client';
import { deleteUploads, findStaleUploads, takeUpload } from '@/db/queries/uploads';
import type { FileStore } from '@/lib/files';
import { UPLOAD_MAX_AGE_MS, type UploadKind } from './rules';

export interface TakenUpload {
  fileId: string;
  /** For display only, never a path. */
  name: string;
  size: number;
  kind: UploadKind;
}

/**
 * Hands a finished upload to the task that uses it, once: the stored file's id, its display name, size
 * and kind, and the upload is marked taken (the file is the task's from now on; the upload endpoints no
 * longer know it). Null for an unfinished upload, someone else's, one already taken, or no such upload.
 */
export async function takeFinishedUpload(db: Db, userId: number, uploadId: string, now = new Date()): Promise<TakenUpload | null> {
  const row = await takeUpload(db, userId, uploadId, now);
  return row && { fileId: row.fileId, name: row.name, size: row.length, kind: row.kind };
}

/**
 * Removes uploads left over, with their bytes: unfinished ones begun more than a day before `now`, and
 * finished ones no task took within a day of finishing. Taken ones lose only their record after a day (the
 * file is the task's). Idempotent: safe on any number of processes. Answers how many files it removed.
 */
export async function purgeAbandonedUploads(db: Db, store: FileStore, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UPLOAD_MAX_AGE_MS);
  let removed = 0;
  for (;;) {
    const stale = await findStaleUploads(db, before);
    if (stale.length === 0) return removed;
    // bytes first: a record whose file is gone is removed next time, a file whose record is gone would stay
    const files = stale.filter((u) => !u.taken).map((u) => u.fileId);
    await store.delete(files);
    await deleteUploads(
      db,
      stale.map((u) => u.id),
    );
    removed += files.length;
  }
}
