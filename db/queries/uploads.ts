import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { uploads, users, type UploadKind, type UploadRow } from '@/db/schema';

export interface NewUpload {
  id: string;
  userId: number;
  fileId: string;
  name: string;
  kind: UploadKind;
  length: number;
}

/**
 * Records a new upload unless its user already has `maxOpen` open ones (not yet taken by a task, finished
 * or not: both hold disk space); false then. The user's row is locked for the count and the insert, so
 * uploads created at the same moment cannot pass the cap together.
 */
export async function insertUploadWithinCap(db: Db, upload: NewUpload, maxOpen: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, upload.userId)).for('update');
    const [{ open }] = await tx
      .select({ open: count() })
      .from(uploads)
      .where(and(eq(uploads.userId, upload.userId), isNull(uploads.takenAt)));
    if (open >= maxOpen) return false;
    await tx.insert(uploads).values(upload);
    return true;
  });
}

/** One of the user's uploads that no task has taken yet (a taken one is no longer an upload), or null. */
export async function findOpenUpload(db: Db, userId: number, id: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId), isNull(uploads.takenAt)));
  return row ?? null;
}

/** Keeps the offset mirror up to date (the file store's count is the truth). */
export async function setUploadOffset(db: Db, id: string, offset: number): Promise<void> {
  await db.update(uploads).set({ offset }).where(eq(uploads.id, id));
}

export async function markUploadFinished(db: Db, id: string, length: number, now: Date): Promise<void> {
  await db
    .update(uploads)
    .set({ offset: length, finishedAt: now })
    .where(and(eq(uploads.id, id), isNull(uploads.finishedAt)));
}

/** Marks the user's finished, untaken upload taken and answers it; null for any other (one taker only). */
export async function takeUpload(db: Db, userId: number, id: string, now: Date): Promise<UploadRow | null> {
  const [row] = await db
    .update(uploads)
    .set({ takenAt: now })
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId), isNotNull(uploads.finishedAt), isNull(uploads.takenAt)))
    .returning();
  return row ?? null;
}

export async function deleteUploads(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(uploads).where(inArray(uploads.id, [...ids]));
}

export interface StaleUpload {
  id: string;
  fileId: string;
  /** Taken by a task: the file is the task's now and stays. */
  taken: boolean;
}

/**
 * Uploads left over: unfinished ones created before `before`, finished ones no task took finished
 * before it, and the records of taken ones taken before it.
 */
export async function findStaleUploads(db: Db, before: Date, limit = 500): Promise<StaleUpload[]> {
  const rows = await db
    .select({ id: uploads.id, fileId: uploads.fileId, takenAt: uploads.takenAt })
    .from(uploads)
    .where(
      or(
        and(isNull(uploads.finishedAt), lt(uploads.createdAt, before)),
        and(isNull(uploads.takenAt), lt(uploads.finishedAt, before)),
        lt(uploads.takenAt, before),
      ),
    )
    .limit(limit);
  return rows.map((r) => ({ id: r.id, fileId: r.fileId, taken: r.takenAt !== null }));
}
