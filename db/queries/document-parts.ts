import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { documentParts, type DocumentPartRow } from '@/db/schema';

export type DocumentPartPatch = Partial<Pick<DocumentPartRow, 'votersFileId' | 'voterCount' | 'parseSummary' | 'errorMessage' | 'draftFileId' | 'finalFileId' | 'pages'>>;

/** The lists of a new task of several, in upload order. */
export async function insertDocumentParts(db: Db, documentId: number, lists: readonly { name: string; uploadFileId: string }[]): Promise<void> {
  if (lists.length === 0) return;
  await db.insert(documentParts).values(lists.map((list, position) => ({ documentId, position, name: list.name, uploadFileId: list.uploadFileId })));
}

export async function listDocumentParts(db: Db, documentId: number): Promise<DocumentPartRow[]> {
  return db.select().from(documentParts).where(eq(documentParts.documentId, documentId)).orderBy(asc(documentParts.position));
}

export async function findDocumentPart(db: Db, documentId: number, position: number): Promise<DocumentPartRow | null> {
  const [row] = await db
    .select()
    .from(documentParts)
    .where(and(eq(documentParts.documentId, documentId), eq(documentParts.position, position)));
  return row ?? null;
}

/** Updates one list of a task; null when the task (and so the list) is gone. */
export async function updateDocumentPart(db: Db, documentId: number, position: number, patch: DocumentPartPatch): Promise<DocumentPartRow | null> {
  const [row] = await db
    .update(documentParts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(documentParts.documentId, documentId), eq(documentParts.position, position)))
    .returning();
  return row ?? null;
}

/**
 * Sets a list's file column only while it is still empty (a compare-and-set): two runs that made the same
 * file both learn which one the list kept, and the other removes its copy.
 */
export async function claimPartFile(
  db: Db,
  documentId: number,
  position: number,
  column: 'votersFileId' | 'finalFileId',
  fileId: string,
  patch: DocumentPartPatch = {},
): Promise<boolean> {
  const rows = await db
    .update(documentParts)
    .set({ ...patch, [column]: fileId, updatedAt: new Date() })
    .where(and(eq(documentParts.documentId, documentId), eq(documentParts.position, position), sql`${documentParts[column]} is null`))
    .returning({ id: documentParts.id });
  return rows.length > 0;
}

/** The stored files a list holds (its upload, voters, preview and final), those it has. */
export function partFileIds(part: Pick<DocumentPartRow, 'uploadFileId' | 'votersFileId' | 'draftFileId' | 'finalFileId'>): string[] {
  return [part.uploadFileId, part.votersFileId, part.draftFileId, part.finalFileId].filter((id): id is string => !!id);
}

/** Every stored file of the lists of these tasks. */
export async function documentPartFileIds(db: Db, documentIds: readonly number[]): Promise<string[]> {
  if (documentIds.length === 0) return [];
  const rows = await db
    .select({ uploadFileId: documentParts.uploadFileId, votersFileId: documentParts.votersFileId, draftFileId: documentParts.draftFileId, finalFileId: documentParts.finalFileId })
    .from(documentParts)
    .where(sql`${documentParts.documentId} in (${sql.join(documentIds.map((id) => sql`${id}`), sql`, `)})`);
  return rows.flatMap(partFileIds);
}

/** Forgets the files of a task's lists (their bytes were deleted: retention). */
export async function clearDocumentPartFiles(db: Db, documentId: number): Promise<void> {
  await db
    .update(documentParts)
    .set({ uploadFileId: null, votersFileId: null, draftFileId: null, finalFileId: null, updatedAt: new Date() })
    .where(eq(documentParts.documentId, documentId));
}

/** The file ids every list of every task refers to, as SQL, for the sweep of unreferenced files. */
export const partFileRefs = sql`select ref from ${documentParts} cross join lateral unnest(array[${documentParts.uploadFileId}, ${documentParts.votersFileId}, ${documentParts.draftFileId}, ${documentParts.finalFileId}]) as ref where ref is not null`;

/** Forgets every list's preview (the choices changed what they show); answers their files, for removal. */
export async function clearPartPreviews(db: Db, documentId: number): Promise<string[]> {
  const rows = await db
    .select({ draftFileId: documentParts.draftFileId })
    .from(documentParts)
    .where(and(eq(documentParts.documentId, documentId), sql`${documentParts.draftFileId} is not null`));
  if (rows.length === 0) return [];
  await db.update(documentParts).set({ draftFileId: null, updatedAt: new Date() }).where(eq(documentParts.documentId, documentId));
  return rows.map((r) => r.draftFileId).filter((id): id is string => !!id);
}
