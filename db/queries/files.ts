import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { fileChunks, storedFiles } from '@/db/schema';

export interface StoredFileRow {
  id: string;
  size: number;
  contentType: string;
  completedAt: Date | null;
}

export async function insertFileRecord(db: Db, id: string, contentType: string): Promise<void> {
  await db.insert(storedFiles).values({ id, contentType });
}

export async function completeFileRecord(db: Db, id: string, size: number): Promise<void> {
  await db.update(storedFiles).set({ size, completedAt: new Date() }).where(eq(storedFiles.id, id));
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

/** Files whose write never completed (a process died mid-write) and that are older than `before`. */
export async function findAbandonedFiles(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(isNull(storedFiles.completedAt), lt(storedFiles.createdAt, before)));
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
