import { z } from 'zod';
import type { DocumentRow } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { controlCharacters } from '@/lib/api/plain-text';
import type { PdfFile } from '@/lib/api/pdf-response';
import { SandboxLimitError, SandboxTaskError, type RenderTaskInput } from '@/lib/sandbox';
import { SlipInputError } from '@/lib/slips/render/errors';
import { transliterateWord } from '@/lib/transliterate/engine';
import { voterIndexCache } from '@/lib/voters/search-cache';
import type { VoterSearchAnswer } from '@/lib/voters/search';
import type { DocumentsDeps } from './deps';
import { requireOwnDocument, safeFileName } from './service';
import { idsPendingJson } from './summary';
import { readVoters, renderSelectedInSandbox } from './step-plumbing';

/**
 * A task's voters looked up (by name, EPIC, house number or serial) and some of them printed: the
 * polling-day desk's search. The list is searched from an index held in memory (search-cache.ts), built
 * from the task's voters file on its first search.
 */

export const voterSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .refine((q) => controlCharacters(q).length === 0, 'must not contain control characters')
    .default(''),
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(100).default(20),
});
export type VoterSearchQuery = z.infer<typeof voterSearchQuery>;

/** Most slips one selected-slips PDF holds. */
export const MAX_SELECTED_SLIPS = 200;

export const SELECTED_FORMATS = ['sheet', 'single'] as const;

export const selectedSlipsInput = z
  .object({
    /** positions in the list, as the search answers them (`index`) */
    indices: z
      .array(z.number({ error: 'must be a list of whole numbers' }).int('must be a list of whole numbers').min(0))
      .min(1, 'must name at least one voter')
      .max(MAX_SELECTED_SLIPS, `must name at most ${MAX_SELECTED_SLIPS} voters`),
    /** `sheet`: the task's layout; `single`: one slip per page */
    format: z.enum(SELECTED_FORMATS).default('sheet'),
  })
  .strict();
export type SelectedSlipsInput = z.infer<typeof selectedSlipsInput>;

/** Search, chosen slips and pictures read one list's voters and roll: a task of several lists does not have them (yet). */
export const ONE_LIST_ONLY = (lists: number) =>
  `Voter search, selected slips and slip pictures work on a task of one voter list; this task holds ${lists} lists. Start a task with the one list you need for them.`;

/** A task whose list has been read (a draft or more); until then 409. */
function requireReadList(doc: DocumentRow): string {
  if (doc.partCount !== null) throw ApiError.conflict(ONE_LIST_ONLY(doc.partCount));
  if (!doc.votersFileId) {
    if (doc.filesDeletedAt) throw ApiError.conflict('The files of this task have been deleted.');
    throw ApiError.conflict(`The voter list is not read yet (this task is ${doc.status.replace(/_/g, ' ')}); try again in a moment.`);
  }
  return doc.votersFileId;
}

export async function searchTaskVoters(ctx: DocumentsDeps, userId: number, id: number, query: VoterSearchQuery): Promise<VoterSearchAnswer> {
  const doc = await requireOwnDocument(ctx, userId, id);
  const votersFileId = requireReadList(doc);
  const index = await voterIndexCache().get(votersFileId, () => readVoters(ctx, doc));
  const result = index.search(query.q, query.limit, (word) => transliterateWord(word, 3));
  return { ...result, names_readable: result.with_name > 0, ...idsPendingJson(doc.parseSummary) };
}

/** Voters named by their positions in the list (the search's `index`), each once; a position outside the list is a 422. */
export function namedVoters(doc: DocumentRow, indices: readonly number[]): number[] {
  const unique = [...new Set(indices)];
  const count = doc.voterCount ?? Number.MAX_SAFE_INTEGER;
  const outside = unique.find((i) => i >= count);
  if (outside !== undefined) throw ApiError.unprocessable(`This list has ${count} voters: there is no voter number ${outside}.`);
  return unique;
}

/** Slips that leave the task (selected slips, pictures): the final slips once paid, each watermarked before. */
export function sharedSlipsMode(doc: DocumentRow, slips: number): RenderTaskInput['mode'] {
  return doc.paidAt !== null ? { kind: 'final' } : { kind: 'draft', previewPages: Math.max(1, slips) };
}

/** A render of shared slips that failed on what the user chose or on what the roll holds, as the 422 saying so. */
export function sharedRenderError(error: unknown): unknown {
  if (error instanceof SlipInputError || error instanceof SandboxLimitError || error instanceof SandboxTaskError) return ApiError.unprocessable(error.message);
  return error;
}

/**
 * POST …/selected-slips: the chosen voters' slips, at once, as a PDF (not kept): free and without the
 * watermark once the task is paid, watermarked before. Their boxes come from a copy of the roll that
 * holds nothing else, so the PDF can be handed out.
 */
export async function selectedSlips(ctx: DocumentsDeps, userId: number, id: number, input: SelectedSlipsInput): Promise<PdfFile> {
  const doc = await requireOwnDocument(ctx, userId, id);
  requireReadList(doc);
  if (!doc.uploadFileId || !doc.bannerFileId) throw ApiError.conflict('The files of this task have been deleted.');
  const indices = namedVoters(doc, input.indices);
  const paid = doc.paidAt !== null;
  let pdf: Buffer;
  try {
    ({ pdf } = await renderSelectedInSandbox(ctx, doc, sharedSlipsMode(doc, indices.length), {
      indices,
      onePerPage: input.format === 'single',
    }));
  } catch (error) {
    throw sharedRenderError(error);
  }
  return {
    body: (async function* () {
      yield new Uint8Array(pdf);
    })(),
    size: pdf.length,
    name: safeFileName(doc, paid ? 'final' : 'draft', '-selected'),
  };
}
