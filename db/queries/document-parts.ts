import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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

/** The columns naming a list's stored files: its upload, voters, preview and final. */
const PART_FILE_COLUMNS = ['uploadFileId', 'votersFileId', 'draftFileId', 'finalFileId'] as const;
type PartFileColumn = (typeof PART_FILE_COLUMNS)[number];

/** The stored files a list holds, those it has. */
export function partFileIds(part: Pick<DocumentPartRow, PartFileColumn>): string[] {
  return PART_FILE_COLUMNS.map((column) => part[column]).filter((id): id is string => !!id);
}

/** Every stored file of the lists of these tasks. */
export async function documentPartFileIds(db: Db, documentIds: readonly number[]): Promise<string[]> {
  if (documentIds.length === 0) return [];
  const rows = await db
    .select(Object.fromEntries(PART_FILE_COLUMNS.map((column) => [column, documentParts[column]])) as Record<PartFileColumn, typeof documentParts.uploadFileId>)
    .from(documentParts)
    .where(inArray(documentParts.documentId, [...documentIds]));
  return rows.flatMap(partFileIds);
}

/** Forgets the files of a task's lists (their bytes were deleted: retention). */
export async function clearDocumentPartFiles(db: Db, documentId: number): Promise<void> {
  await db
    .update(documentParts)
    .set({ ...Object.fromEntries(PART_FILE_COLUMNS.map((column) => [column, null])), updatedAt: new Date() })
    .where(eq(documentParts.documentId, documentId));
}

/** The file ids every list of every task refers to, as SQL, for the sweep of unreferenced files. */
export const partFileRefs = sql`select ref from ${documentParts} cross join lateral unnest(array[${sql.join(
  PART_FILE_COLUMNS.map((column) => documentParts[column]),
  sql`, `,
)}]) as ref where ref is not null`;

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

export type PartPhase = 'read' | 'make';

/** A list still waiting for this phase's work: not read (nor failed), or read, printed and without its final slips. */
function pendingIn(phase: PartPhase, excluded: readonly number[]) {
  if (phase === 'read') return sql`${documentParts.votersFileId} is null and ${documentParts.errorMessage} is null`;
  const left = excluded.length > 0 ? sql` and ${documentParts.position} not in (${sql.join(excluded.map((p) => sql`${p}`), sql`, `)})` : sql``;
  return sql`${documentParts.votersFileId} is not null and ${documentParts.finalFileId} is null${left}`;
}

/**
 * Claims the first list of a task still waiting for `phase` that no live process holds (none, or one whose
 * claim ran out: its process died), for `leaseMs`; null when none is left to claim. One statement, rows
 * locked as they are looked at and others skipped: two processes never claim the same list.
 */
export async function claimNextPart(db: Db, documentId: number, phase: PartPhase, worker: string, leaseMs: number, excluded: readonly number[] = []): Promise<DocumentPartRow | null> {
  const [row] = await db
    .update(documentParts)
    .set({ claimedBy: worker, claimedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, updatedAt: new Date() })
    .where(
      sql`${documentParts.id} = (select id from ${documentParts} where ${documentParts.documentId} = ${documentId} and ${pendingIn(phase, excluded)} and (${documentParts.claimedUntil} is null or ${documentParts.claimedUntil} < now()) order by ${documentParts.position} limit 1 for update skip locked)`,
    )
    .returning();
  return row ?? null;
}

/** Keeps a claim alive while its work goes on; false when the claim is no longer this worker's. */
export async function extendPartClaim(db: Db, partId: number, worker: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(documentParts)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(documentParts.id, partId), eq(documentParts.claimedBy, worker)))
    .returning({ id: documentParts.id });
  return rows.length > 0;
}

/** Lets go of a claim; `done` records the worker as the one that did the phase's work. */
export async function releasePartClaim(db: Db, partId: number, worker: string, done: PartPhase | null): Promise<void> {
  await db
    .update(documentParts)
    .set({ claimedBy: null, claimedUntil: null, ...(done === 'read' ? { readBy: worker } : done === 'make' ? { madeBy: worker } : {}), updatedAt: new Date() })
    .where(and(eq(documentParts.id, partId), eq(documentParts.claimedBy, worker)));
}

/** How many of a task's lists still wait for `phase` (claimed or not). */
export async function countPendingParts(db: Db, documentId: number, phase: PartPhase, excluded: readonly number[] = []): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documentParts)
    .where(sql`${documentParts.documentId} = ${documentId} and ${pendingIn(phase, excluded)}`);
  return row.n;
}
