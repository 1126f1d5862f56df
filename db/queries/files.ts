import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { partFileRefs } from './document-parts';
import { documents, fileChunks, storedFiles } from '@/db/schema';

export interface StoredFileRow {
  id: string;
  size: number;
  contentType: string;
  completedAt: Date | null;
}

/** A new, empty file record whose writer holds it until `writingUntil` (and keeps moving that forward). */
export async function insertFileRecord(db: Db, id: string, contentType: string, writingUntil: Date): Promise<void> {
  await db.insert(storedFiles).values({ id, contentType, writingUntil });
}

/** The writer is still at work: its partial file is kept until `until`. */
export async function extendFileWrite(db: Db, id: string, until: Date): Promise<void> {
  await db
    .update(storedFiles)
    .set({ writingUntil: until })
    .where(and(eq(storedFiles.id, id), isNull(storedFiles.completedAt)));
}

/** Marks a partial file complete; false when its record is gone (removed as abandoned meanwhile). */
export async function completeFileRecord(db: Db, id: string, size: number): Promise<boolean> {
  const rows = await db
    .update(storedFiles)
    .set({ size, completedAt: new Date(), writingUntil: null })
    .where(and(eq(storedFiles.id, id), isNull(storedFiles.completedAt)))
    .returning({ id: storedFiles.id });
  return rows.length > 0;
}

export async function findFileRecord(db: Db, id: string): Promise<StoredFileRow | null> {
  const [row] = await db
    .select({ id: storedFiles.id, size: storedFiles.size, contentType: storedFiles.contentType, completedAt: storedFiles.completedAt })
    .from(storedFiles)
    .where(eq(storedFiles.id, id));
  return row ?? null;
}

export async function deleteFileRecords(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(storedFiles).where(inArray(storedFiles.id, ids));
}

/**
 * Files whose write never finished and whose writer is gone: its hold ran out before `now` (a record from
 * before holds were kept counts from its creation); with `all`, every unfinished file (only for a caller
 * that knows no other process can be writing).
 */
export async function findUnfinishedFiles(db: Db, options: { now: Date; all?: boolean }): Promise<string[]> {
  const rows = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      options.all
        ? isNull(storedFiles.completedAt)
        : and(
            isNull(storedFiles.completedAt),
            or(lt(storedFiles.writingUntil, options.now), and(isNull(storedFiles.writingUntil), lt(storedFiles.createdAt, options.now))),
          ),
    );
  return rows.map((r) => r.id);
}

/**
 * Complete files that no task refers to and that were finished before `before` (a file is stored a moment
 * before the task that takes it is written, so only files older than that moment count).
 */
export async function findUnreferencedFiles(db: Db, before: Date, limit = 500): Promise<string[]> {
  const referenced = sql`select ref from ${documents} cross join lateral unnest(array[${documents.uploadFileId}, ${documents.bannerFileId}, ${documents.votersFileId}, ${documents.draftFileId}, ${documents.finalFileId}]) as ref where ref is not null`;
  const rows = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(lt(storedFiles.completedAt, before), sql`${storedFiles.id} not in (${referenced})`, sql`${storedFiles.id} not in (${partFileRefs})`))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function insertChunk(db: Db, fileId: string, seq: number, data: Uint8Array): Promise<void> {
  await db.insert(fileChunks).values({ fileId, seq, data });
}

/** One chunk by position (the reader pages through a file one chunk at a time: bounded memory). */
export async function findChunk(db: Db, fileId: string, seq: number): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ data: fileChunks.data })
    .from(fileChunks)
    .where(and(eq(fileChunks.fileId, fileId), eq(fileChunks.seq, seq)));
  return row ? row.data : null;
}

export async function countChunks(db: Db, fileId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(fileChunks).where(eq(fileChunks.fileId, fileId));
  return row.n;
}
