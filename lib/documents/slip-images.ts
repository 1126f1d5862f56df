import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { DocumentRow } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { PdfFile } from '@/lib/api/pdf-response';
import { imageFileName, SLIP_IMAGE_WIDTH } from '@/lib/slips/images';
import type { DocumentsDeps } from './deps';
import { listFileName } from './service';
import { renderInputIn } from './step-plumbing';
import { zipStream } from '@/lib/files/zip-stream';
import { readThenRemove } from '@/lib/files/file-copies';
import { MAX_SELECTED_SLIPS, ONE_LIST_ONLY, namedVoters, sharedRenderError, sharedSlipsMode } from './voter-search';

/**
 * The most pictures one request makes: a part's slips (a 2025 roll has up to about 1,500 voters) in well under a
 * minute on two cores.
 */
export const MAX_SLIP_IMAGES = 2000;

/** `GET …/slip-images`: every slip the task prints, or the voters named (`indices`, positions in the list as search answers them); one PNG alone with `format=png`. */
export const slipImagesQuery = z
  .object({
    indices: z
      .string()
      .regex(/^\d{1,7}(,\d{1,7})*$/, 'must be voter positions separated by commas, such as 3,17,42')
      .transform((v) => [...new Set(v.split(',').map(Number))])
      .refine((v) => v.length <= MAX_SELECTED_SLIPS, `must name at most ${MAX_SELECTED_SLIPS} voters`)
      .optional(),
    format: z.enum(['zip', 'png']).default('zip'),
  })
  .strict()
  .refine((q) => q.format === 'zip' || q.indices?.length === 1, { message: 'format=png gives the picture of one voter: name exactly one in indices', path: ['format'] });
export type SlipImagesQuery = z.infer<typeof slipImagesQuery>;

/** Pictures made for one answer: the bytes as they are read (the folder they were made in goes once read or dropped), and their type. */
export interface PicturesAnswer extends PdfFile {
  /** application/zip, or image/png for one voter's picture */
  type: string;
}

/** A picture's name in the ZIP: `slip-0012-ABC1234567.png` (serial and EPIC, when the voter has them). */
export function pictureName(page: number, slip: { serial: number | null; epic: string | null } | undefined): string {
  const serial = slip?.serial !== null && slip?.serial !== undefined ? String(slip.serial).padStart(4, '0') : `n${String(page).padStart(4, '0')}`;
  const epic = slip?.epic ? `-${slip.epic.replace(/[^A-Za-z0-9]+/g, '')}` : '';
  return `slip-${serial}${epic}.png`;
}

/**
 * One PNG per slip the task prints, 800 px wide, in a ZIP: drawn in sandbox processes (the slips embed the uploaded
 * roll's pages), the pages shared between as many processes as the machine's sandbox allows (two on two cores).
 * A paid task's pictures are the final slips; before payment they carry the DRAFT watermark.
 */
export async function slipImagesZip(deps: Pick<DocumentsDeps, 'store' | 'sandbox'>, doc: DocumentRow, query: SlipImagesQuery, signal?: AbortSignal): Promise<PicturesAnswer> {
  if (doc.partCount !== null) throw ApiError.conflict(ONE_LIST_ONLY(doc.partCount));
  if (!doc.votersFileId || (doc.status !== 'draft_complete' && doc.status !== 'complete')) {
    throw ApiError.conflict('Slip pictures can be made once the draft is ready.');
  }
  const chosen = query.indices && namedVoters(doc, query.indices);
  const printed = chosen?.length ?? doc.slipSummary?.printed ?? doc.voterCount ?? 0;
  if (printed > MAX_SLIP_IMAGES) {
    throw ApiError.tooLarge(`Pictures are made for up to ${MAX_SLIP_IMAGES.toLocaleString('en-IN')} slips at a time, and this task prints ${printed.toLocaleString('en-IN')}. Print the PDF, or find the voters you need and share theirs.`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vsg-images-'));
  try {
    const mode = sharedSlipsMode(doc, printed);
    // named voters: cut from a copy of the roll holding only their boxes, as selected slips are
    const base = { ...(await renderInputIn(deps, doc, dir, mode)), ...(chosen ? { selected: { indices: chosen, onePerPage: true } } : {}) };
    const shares = Math.max(1, Math.min(2, deps.sandbox.limits.processes, printed));
    const results = await Promise.all(
      Array.from({ length: shares }, (_, index) =>
        deps.sandbox.run(
          'slip-images',
          { ...base, out: path.join(dir, `slips-${index}.pdf`), dir, width: SLIP_IMAGE_WIDTH, share: { index, of: shares } },
          { subject: 'render', signal },
        ),
      ),
    );
    const slips = results[0].slips;
    const pages = results.flatMap((r) => r.pages).sort((a, b) => a - b);
    if (query.format === 'png') {
      const png = await readFile(path.join(dir, imageFileName(1)));
      await rm(dir, { recursive: true, force: true });
      const name = pictureName(1, slips[0]);
      return { body: once(png), size: png.length, name: { ascii: name, utf8: encodeURIComponent(name) }, type: 'image/png' };
    }
    const zipFile = path.join(dir, 'slips.zip');
    await writeZip(
      zipFile,
      pages.map((page) => ({ name: pictureName(page, slips[page - 1]), file: path.join(dir, imageFileName(page)) })),
    );
    const size = (await stat(zipFile)).size;
    return { body: readThenRemove(zipFile, dir), size, name: listFileName(doc, `slip-pictures${doc.paidAt !== null ? '' : '-draft'}.zip`), type: 'application/zip' };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw sharedRenderError(error);
  }
}

/** A ZIP of the files, stored as they are (PNG is compressed already), written as it is built. */
async function writeZip(out: string, entries: { name: string; file: string }[]): Promise<void> {
  await pipeline(
    Readable.from(zipStream(entries.map((entry) => ({ name: entry.name, data: () => createReadStream(entry.file) })))),
    createWriteStream(out),
  );
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

