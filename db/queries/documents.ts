import { and, desc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { documents, type DocumentOptions, type DocumentRow, type DocumentStatus } from '@/db/schema';

export type DocumentPatch = Partial<Omit<DocumentRow, 'id' | 'userId' | 'createdAt'>>;

export async function insertDocument(
  db: Db,
  values: { userId: number; options: DocumentOptions; uploadFileId: string | null; bannerFileId: string; partCount?: number | null },
): Promise<DocumentRow> {
  const [row] = await db
    .insert(documents)
    .values({ ...values, status: 'pending', progress: 10, progressMessage: 'Waiting to start' })
    .returning();
  return row;
}

export async function findDocument(db: Db, id: number): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

/** The user's own document, or null (another user's document is indistinguishable from none). */
export async function findOwnDocument(db: Db, userId: number, id: number): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(and(eq(documents.id, id), eq(documents.userId, userId)));
  return row ?? null;
}

export async function listOwnDocuments(db: Db, userId: number, limit = 500): Promise<DocumentRow[]> {
  return db.select().from(documents).where(eq(documents.userId, userId)).orderBy(desc(documents.createdAt), desc(documents.id)).limit(limit);
}

/** Updates a document; false when it is gone (cancelled and deleted). */
export async function updateDocument(db: Db, id: number, patch: DocumentPatch): Promise<boolean> {
  const rows = await db
    .update(documents)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(documents.id, id))
    .returning({ id: documents.id });
  return rows.length > 0;
}

/** Updates a document only while it is in one of `from` (a compare-and-set on the status). */
export async function transitionDocument(db: Db, id: number, from: readonly DocumentStatus[], patch: DocumentPatch): Promise<DocumentRow | null> {
  const [row] = await db
    .update(documents)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(documents.id, id), inArray(documents.status, [...from])))
    .returning();
  return row ?? null;
}

/** Marks a document paid exactly once; null when it was already paid (or is not awaiting payment). */
export async function markDocumentPaid(db: Db, id: number): Promise<DocumentRow | null> {
  const [row] = await db
    .update(documents)
    .set({ paidAt: new Date(), updatedAt: new Date() })
    .where(and(eq(documents.id, id), isNull(documents.paidAt), eq(documents.status, 'draft_complete')))
    .returning();
  return row ?? null;
}

/** Deletes a task only while it is unpaid and in one of `statuses` (one statement: a payment cannot slip in between). */
export async function deleteUnpaidDocument(db: Db, id: number, statuses: readonly DocumentStatus[]): Promise<DocumentRow | null> {
  const [row] = await db
    .delete(documents)
    .where(and(eq(documents.id, id), isNull(documents.paidAt), inArray(documents.status, [...statuses])))
    .returning();
  return row ?? null;
}

/** Tasks of a user that are still being worked on (not ended, not waiting for payment). */
export async function countOpenDocuments(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.userId, userId), notInArray(documents.status, ['draft_complete', 'complete', 'error'])));
  return row.n;
}

/**
 * Documents whose files are due for deletion: ended (complete or error) before `cutoff`, or a draft left
 * unpaid since before `cutoff`.
 */
export async function findExpiredDocuments(db: Db, cutoff: Date, limit = 200): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(
      and(
        isNull(documents.filesDeletedAt),
        or(
          and(isNotNull(documents.endedAt), lt(documents.endedAt, cutoff)),
          and(eq(documents.status, 'draft_complete'), isNull(documents.paidAt), lt(documents.updatedAt, cutoff)),
        ),
      ),
    )
    .limit(limit);
}

/** The stored files a task holds (its upload, banner, voters, draft and final), those it has. */
export function documentFileIds(doc: Pick<DocumentRow, 'uploadFileId' | 'bannerFileId' | 'votersFileId' | 'draftFileId' | 'finalFileId'>): string[] {
  return [doc.uploadFileId, doc.bannerFileId, doc.votersFileId, doc.draftFileId, doc.finalFileId].filter((id): id is string => !!id);
}

export interface DocumentRefs {
  id: number;
  userId: number;
  taskId: string | null;
  fileIds: string[];
}

/** A user's tasks: their job runs and stored files; `lock` (inside a transaction) holds the rows until it ends. */
export async function findUserDocumentRefs(db: Db, userId: number, options: { lock?: boolean } = {}): Promise<DocumentRefs[]> {
  const query = db
    .select({
      id: documents.id,
      userId: documents.userId,
      taskId: documents.taskId,
      uploadFileId: documents.uploadFileId,
      bannerFileId: documents.bannerFileId,
      votersFileId: documents.votersFileId,
      draftFileId: documents.draftFileId,
      finalFileId: documents.finalFileId,
    })
    .from(documents)
    .where(eq(documents.userId, userId));
  const rows = options.lock ? await query.for('update') : await query;
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    taskId: r.taskId,
    fileIds: documentFileIds(r),
  }));
}
