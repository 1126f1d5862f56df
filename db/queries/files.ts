import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { partFileRefs } from './document-parts';
import { documents, fileChunks, storedFiles, uploads } from '@/db/schema';

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
export async function findUnfinishedFiles(db: Db, options: { now: Date; all?: boolean; piecewiseBefore: Date }): Promise<string[]> {
  const rows = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        isNull(storedFiles.completedAt),
        or(
          // a file written in pieces waits for its next piece between requests (and across restarts): it is
          // left over only once it is older than any upload may take (the uploads' purge removes it before)
          and(isNotNull(storedFiles.expectedSize), lt(storedFiles.createdAt, options.piecewiseBefore)),
          and(
            isNull(storedFiles.expectedSize),
            options.all
              ? sql`true`
              : or(lt(storedFiles.writingUntil, options.now), and(isNull(storedFiles.writingUntil), lt(storedFiles.createdAt, options.now))),
          ),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** A new, empty file to be written in pieces up to `expectedSize` bytes. */
export async function insertPiecewiseFileRecord(db: Db, id: string, contentType: string, expectedSize: number): Promise<void> {
  await db.insert(storedFiles).values({ id, contentType, expectedSize });
}

export interface PiecewiseFileRow {
  contentType: string;
  written: number;
  expectedSize: number;
  complete: boolean;
}

/** How far a file written in pieces has got; null when there is no such file. */
export async function findPiecewiseFile(db: Db, id: string): Promise<PiecewiseFileRow | null> {
  const [row] = await db
    .select({ contentType: storedFiles.contentType, size: storedFiles.size, expectedSize: storedFiles.expectedSize, completedAt: storedFiles.completedAt })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), isNotNull(storedFiles.expectedSize)));
  if (!row || row.expectedSize === null) return null;
  return { contentType: row.contentType, written: row.size, expectedSize: row.expectedSize, complete: row.completedAt !== null };
}

/**
 * Takes the one write of a file written in pieces for `writer` until `until`: only when `offset` is where
 * the file ends and no other writer holds it (a holder whose time ran out, a killed process, counts as
 * gone). False otherwise.
 */
export async function claimPiecewiseWrite(db: Db, id: string, offset: number, writer: string, until: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(storedFiles)
    .set({ writer, writingUntil: until })
    .where(
      and(
        eq(storedFiles.id, id),
        isNull(storedFiles.completedAt),
        isNotNull(storedFiles.expectedSize),
        eq(storedFiles.size, offset),
        or(isNull(storedFiles.writer), lt(storedFiles.writingUntil, now)),
      ),
    )
    .returning({ id: storedFiles.id });
  return rows.length > 0;
}

/** The writer is still at work: its hold moves to `until`; false when it lost the file (taken over, removed). */
export async function renewPiecewiseWrite(db: Db, id: string, writer: string, until: Date): Promise<boolean> {
  const rows = await db
    .update(storedFiles)
    .set({ writingUntil: until })
    .where(and(eq(storedFiles.id, id), eq(storedFiles.writer, writer)))
    .returning({ id: storedFiles.id });
  return rows.length > 0;
}

/** Records that the writer's bytes now reach `written`; false when it no longer holds the file. */
export async function advancePiecewiseWrite(db: Db, id: string, writer: string, written: number): Promise<boolean> {
  const rows = await db
    .update(storedFiles)
    .set({ size: written })
    .where(and(eq(storedFiles.id, id), eq(storedFiles.writer, writer), isNull(storedFiles.completedAt)))
    .returning({ id: storedFiles.id });
  return rows.length > 0;
}

/**
 * Stores one chunk of the database driver and moves the written count from `from` to `to` in one
 * transaction: a writer that lost the file, or a count that moved meanwhile, stores nothing.
 */
export async function appendChunk(db: Db, id: string, writer: string, seq: number, data: Uint8Array, from: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(storedFiles)
      .set({ size: from + data.length })
      .where(and(eq(storedFiles.id, id), eq(storedFiles.writer, writer), eq(storedFiles.size, from), isNull(storedFiles.completedAt)))
      .returning({ id: storedFiles.id });
    if (rows.length === 0) return false;
    await tx.insert(fileChunks).values({ fileId: id, seq, data });
    return true;
  });
}

/** The writer is done for now: the file waits for its next piece. */
export async function releasePiecewiseWrite(db: Db, id: string, writer: string): Promise<void> {
  await db
    .update(storedFiles)
    .set({ writer: null, writingUntil: null })
    .where(and(eq(storedFiles.id, id), eq(storedFiles.writer, writer)));
}

/** The number the database driver's next chunk of a file takes. */
export async function nextChunkSeq(db: Db, fileId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${fileChunks.seq}) + 1, 0)::int` }).from(fileChunks).where(eq(fileChunks.fileId, fileId));
  return row.n;
}

/**
 * Marks a file written in pieces complete once all its bytes are there and no writer holds it; false
 * otherwise (already complete, short, being written, or gone).
 */
export async function completePiecewiseFile(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(storedFiles)
    .set({ completedAt: now, writer: null, writingUntil: null })
    .where(
      and(
        eq(storedFiles.id, id),
        isNull(storedFiles.completedAt),
        eq(storedFiles.size, storedFiles.expectedSize),
        or(isNull(storedFiles.writer), lt(storedFiles.writingUntil, now)),
      ),
    )
    .returning({ id: storedFiles.id });
  return rows.length > 0;
}

/**
 * Complete files that no task refers to and that were finished before `before` (a file is stored a moment
 * before the task that takes it is written, so only files older than that moment count).
 */
export async function findUnreferencedFiles(db: Db, before: Date, limit = 500): Promise<string[]> {
  // an upload no task has taken yet keeps its file: the uploads' own purge decides when it goes
  const referenced = sql`select ref from ${documents} cross join lateral unnest(array[${documents.uploadFileId}, ${documents.bannerFileId}, ${documents.votersFileId}, ${documents.draftFileId}, ${documents.finalFileId}]) as ref where ref is not null union all select ${uploads.fileId} from ${uploads} where ${uploads.takenAt} is null`;
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
