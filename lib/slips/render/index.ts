/**
 * The slip renderer: voter records → a print-ready slips PDF. Used by the job pipeline, the
 * `vsg slips` command and the tests.
 *
 * Streaming (bounded memory): one PDF, written incrementally by StreamingPdfWriter. Each output page
 * is built (content stream deflated), then it and every object it reaches that is not yet written
 * (a source roll page's form XObject and its copied fonts, on first use) are serialised to the sink
 * and dropped from memory; a 1 MB write buffer honours the stream's backpressure. Shared objects
 * (banner image, slip template, watermark) are written once, on the first page. Only the page-tree
 * root (its Kids array: one reference per page) and the font (its glyph widths are known at the end)
 * wait for `finish`, followed by a classic xref table built from the recorded offsets. Memory is
 * therefore the input (voter records, the source roll bytes and pdf-lib's parse of it), one page and
 * bounded caches — not the output (`npm run bench -- render` prints the peak RSS for 100,000 Excel slips).
 */
import { rm } from 'node:fs/promises';
import zlib from 'node:zlib';
import { PDFRawStream, PDFRef, PDFString } from '@cantoo/pdf-lib';
import type { Rect, VoterRecord } from '../types';
import { normaliseBanner, type NormalisedBanner } from './banner';
import { unprintableAddressMessage, unprintableCharacters } from './faces';
import { DocumentFont } from './font';
import { isRollSize } from '../layout-options';
import { computeGrid, onePerPageGrid, pageCount, type PageGrid, type SlipLayout } from './layout';
import { fileSink, streamSink, StreamingPdfWriter, type ByteSink } from './pdf-writer';
import { PageCodes, QR_FONT, qrFont, qrPayload } from './qr';
import { CAMPAIGN_PARTS, deletedMarkOps, f, factsOps, fieldContentOps, nameBlockOps, rollContentOps, slipAreas, templateOps, watermarkOps, type SlipLook, type SlipParts } from './slip';
import { SlipInputError } from './errors';
import { SourcePages } from './source-pages';

export { computeGrid, onePerPageGrid, allLayouts, pageCount, validateLayout, LayoutError, PAGE_MARGIN, type PageGrid, type SlipLayout } from './layout';
export { BannerError, inspectBanner, MAX_BANNER_PIXELS, normaliseBanner } from './banner';
export type { ByteSink } from './pdf-writer';

export const DEFAULT_PREVIEW_PAGES = 3;

export type RenderMode = { kind: 'draft'; previewPages?: number } | { kind: 'final' };

/**
 * What a slip shows besides the voter: campaign slips (the banner, the address) or plain election-code
 * slips (white, no banner, no address: the voter, the roll's facts, the QR code); the roll's facts line
 * and the QR code; the labels' language. Without it, slips are drawn as they always were.
 */
export interface SlipOptions {
  style: 'campaign' | 'election-code';
  facts: boolean;
  qr: boolean;
  look: SlipLook;
}
export type { SlipLook } from './slip';

export interface RenderInput {
  voters: readonly VoterRecord[];
  /** The roll PDF the voters' boxes come from; required when any voter has a `box`. */
  sourcePdf?: Uint8Array;
  /** Banner image bytes (JPG/PNG); normalised with sharp and embedded once. */
  banner: Uint8Array;
  /** Polling-station address printed at the bottom of every slip. */
  address: string;
  layout: SlipLayout;
  /** Each slip on a page of its own, a cell of `layout` in size, no cut guides (selected slips, pictures); otherwise `layout`'s sheets. */
  onePerPage?: boolean;
  printPhotos: boolean;
  mode: RenderMode;
  slip?: SlipOptions;
  /** Stops the render between pages (rejects with the signal's reason; a file output is removed). */
  signal?: AbortSignal;
  /** Called after each output page is written: (pages written, pages to write). */
  onProgress?: (done: number, total: number) => void;
  /** Inspection hook (tests): called for every slip drawn, in page coordinates. */
  onSlip?: (placement: SlipPlacement) => void;
}

export interface SlipPlacement {
  /** 1-based output page. */
  page: number;
  /** 0-based index of the voter in the input. */
  index: number;
  cell: Rect;
  /** The slip (cell minus padding). */
  slip: Rect;
  /** Where the voter's content (box or fields) was drawn. */
  content: Rect;
  /** Where the QR code was drawn, when slips carry one. */
  qr?: Rect;
}

export interface RenderResult {
  /** Pages of the FINAL document (also reported for a draft: the fee is computed from it). */
  pages: number;
  /** Slips in the final document (one per voter). */
  slips: number;
  /** Pages actually written to this output (= pages for a final document). */
  previewPages: number;
  /** Bytes written. */
  bytes: number;
}

/** Where the PDF goes: a file path, a Node writable stream (ended when done), or a custom sink. */
export type RenderOutput = string | NodeJS.WritableStream | ByteSink;

export { SlipInputError, SourcePdfDamagedError } from './errors';

function isSink(o: RenderOutput): o is ByteSink {
  return typeof o === 'object' && o !== null && 'close' in o && typeof (o as ByteSink).close === 'function' && !('pipe' in o);
}

async function openSink(output: RenderOutput): Promise<ByteSink> {
  if (typeof output === 'string') return fileSink(output);
  if (isSink(output)) return output;
  return streamSink(output);
}

function offsetRect(r: Rect, dx: number, dy: number): Rect {
  return { x: r.x + dx, y: r.y + dy, width: r.width, height: r.height };
}

/**
 * Dashed cut guides along the edges of the first `used` cells (cells fill rows from the top): a full page gets
 * the whole grid, a part-filled one (the last) only its slips' edges, so no frame is drawn around an empty cell.
 */
function cutGuideOps(grid: PageGrid, used = grid.cells.length): string {
  const { margin, cols, cellWidth, cellHeight, pageHeight } = grid;
  const top = pageHeight - margin;
  const left = margin;
  const fullRows = Math.floor(used / cols);
  const rest = used % cols;
  const usedRows = fullRows + (rest > 0 ? 1 : 0);
  const parts = ['q 0.6 G 0.35 w [3 2] 0 d'];
  // vertical lines: column c's left edge runs down every used row that has a cell on either side of it
  for (let c = 0; c <= cols; c++) {
    const x = left + c * cellWidth;
    const rowsHere = rest > 0 && c <= rest ? usedRows : fullRows;
    if (rowsHere > 0) parts.push(`${f(x)} ${f(top - rowsHere * cellHeight)} m ${f(x)} ${f(top)} l`);
  }
  // horizontal lines: row line r spans the columns used above or below it
  for (let r = 0; r <= usedRows; r++) {
    const y = top - r * cellHeight;
    const span = r < fullRows || (r === fullRows && fullRows > 0) ? cols : rest;
    if (span > 0) parts.push(`${f(left)} ${f(y)} m ${f(left + span * cellWidth)} ${f(y)} l`);
  }
  parts.push('S Q\n');
  return parts.join(' ');
}

function flate(ctx: StreamingPdfWriter['context'], ops: string | Buffer, dict: Record<string, unknown> = {}): PDFRawStream {
  return PDFRawStream.of(
    ctx.obj({ ...(dict as Record<string, never>), Filter: 'FlateDecode' }),
    zlib.deflateSync(typeof ops === 'string' ? Buffer.from(ops, 'latin1') : ops, { level: 1 }),
  );
}

function validateInput(input: RenderInput): void {
  if (!input.voters || input.voters.length === 0) throw new SlipInputError('The voter list is empty.');
  if (!input.address || input.address.trim() === '') throw new SlipInputError('The polling-station address is blank.');
  const unprintable = unprintableCharacters(input.address);
  if (unprintable.length > 0) throw new SlipInputError(unprintableAddressMessage(unprintable));
  if (input.mode.kind === 'draft') {
    const n = input.mode.previewPages ?? DEFAULT_PREVIEW_PAGES;
    if (!Number.isInteger(n) || n < 1) throw new SlipInputError(`Draft preview pages must be a positive integer, got ${n}.`);
  }
  if (!input.sourcePdf && input.voters.some((v) => v.box)) {
    throw new SlipInputError('Voters come from a roll PDF but the source PDF was not given.');
  }
}

/**
 * Renders the slips PDF to `output`. Throws LayoutError, BannerError or SlipInputError on bad input
 * (before anything is written). A file output is removed if rendering fails half-way.
 */
export async function renderSlips(input: RenderInput, output: RenderOutput): Promise<RenderResult> {
  validateInput(input);
  const sheet = computeGrid(input.layout);
  const grid = input.onePerPage ? onePerPageGrid(sheet) : sheet;
  const banner = await normaliseBanner(input.banner);
  try {
    return await render(input, output, grid, banner);
  } catch (error) {
    if (typeof output === 'string') await rm(output, { force: true }).catch(() => undefined);
    throw error;
  }
}

async function render(input: RenderInput, output: RenderOutput, grid: PageGrid, banner: NormalisedBanner): Promise<RenderResult> {
  const perPage = grid.cells.length;
  const totalPages = pageCount(input.voters.length, perPage);
  const pagesToWrite =
    input.mode.kind === 'draft' ? Math.min(totalPages, input.mode.previewPages ?? DEFAULT_PREVIEW_PAGES) : totalPages;
  const slipsToWrite = Math.min(input.voters.length, pagesToWrite * perPage);

  const writer = new StreamingPdfWriter(await openSink(output));
  const ctx = writer.context;
  const font = new DocumentFont(ctx, (ref) => writer.defer(ref));
  const pagesRef = ctx.nextRef();
  writer.defer(pagesRef);
  const source = input.sourcePdf && input.voters.some((v) => v.box) ? await SourcePages.load(input.sourcePdf, ctx) : null;

  const bannerAspect = banner.width / banner.height;
  const options = input.slip;
  const plain = options?.style === 'election-code';
  const parts: SlipParts = options ? { banner: !plain, address: !plain, facts: plain || options.facts, qr: options.qr } : CAMPAIGN_PARTS;
  const areas = slipAreas(grid.cellWidth, grid.cellHeight, bannerAspect, parts, isRollSize(input.layout.pageSize));
  const look = options?.look;
  // one object for the whole document: the labels are made once per look
  const fieldLook = look ? { ...look, factsShown: parts.facts } : undefined;
  const bannerRef = ctx.register(
    PDFRawStream.of(
      ctx.obj({
        Type: 'XObject',
        Subtype: 'Image',
        Width: banner.width,
        Height: banner.height,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: 'DCTDecode',
      }),
      banner.jpeg,
    ),
  );
  const cellBBox = [0, 0, grid.cellWidth, grid.cellHeight];
  const templateRef = ctx.register(
    flate(ctx, templateOps(areas, bannerAspect, input.address, font), {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: cellBBox,
      Resources: { XObject: parts.banner ? { B: bannerRef } : {}, Font: font.resources() },
    }),
  );
  const draft = input.mode.kind === 'draft';
  const watermarkRef = draft
    ? ctx.register(
        flate(ctx, watermarkOps(grid.cellWidth, grid.cellHeight, font), {
          Type: 'XObject',
          Subtype: 'Form',
          BBox: cellBBox,
          Resources: {
            Font: font.resources(),
            ExtGState: { GS1: { Type: 'ExtGState', ca: 0.35, CA: 0.35 } },
          },
        }),
      )
    : null;
  const qrFontRef = look && areas.qr ? qrFont(ctx) : null;
  // each page's QR codes, in a stream of their own (PageCodes says why)
  const codes = qrFontRef ? new PageCodes() : null;
  // what is the same on many slips (a facts line's labels, a polling station's line): drawn once as a form, placed on each slip
  const sharedForms = new Map<string, { name: string; ref: PDFRef }>();
  const sharedForm = (ops: string) => {
    let form = sharedForms.get(ops);
    if (!form) {
      const ref = ctx.register(flate(ctx, ops, { Type: 'XObject', Subtype: 'Form', BBox: cellBBox, Resources: { Font: font.resources() } }));
      form = { name: `S${sharedForms.size}`, ref };
      sharedForms.set(ops, form);
    }
    return form;
  };
  const guides = cutGuideOps(grid);
  const noGuides = isRollSize(input.layout.pageSize) || input.onePerPage === true;
  const kids: PDFRef[] = [];

  for (let p = 0; p < pagesToWrite; p++) {
    input.signal?.throwIfAborted();
    const first = p * perPage;
    const last = Math.min(slipsToWrite, first + perPage);
    // a roll's labels are torn off one by one, and a page of one slip needs none: no guides to cut along
    const ops: string[] = [noGuides ? '' : last - first === perPage ? guides : cutGuideOps(grid, last - first)];
    const xobjects: Record<string, PDFRef> = { T: templateRef };
    if (watermarkRef) xobjects.W = watermarkRef;
    const placeForm = (formOps: string) => {
      const form = sharedForm(formOps);
      xobjects[form.name] = form.ref;
      return form.name;
    };
    // drawn after the slips and the page's QR codes, in a stream of their own: a deleted voter's mark and a draft's
    // watermark, over everything
    const overlays: string[] = [];
    for (let i = first; i < last; i++) {
      const voter = input.voters[i];
      const cell = grid.cells[i - first];
      // the cell's origin and clip, for the slip and for what is drawn over it
      const inCell = `q 1 0 0 1 ${f(cell.x)} ${f(cell.y)} cm 0 0 ${f(cell.width)} ${f(cell.height)} re W n`;
      ops.push(`${inCell} /T Do\n`);
      let content: Rect;
      if (plain && look && voter.name) {
        ops.push(nameBlockOps(voter, areas.content, look, font));
        content = areas.content;
      } else if (voter.box && source) {
        const form = source.form(voter.box.page);
        xobjects[form.name] = form.ref;
        // a plain slip never shows the photo area
        const placed = rollContentOps(voter, form, areas.content, input.printPhotos && !plain);
        ops.push(placed.ops);
        content = placed.placed;
      } else {
        ops.push(fieldContentOps(voter, areas.content, font, fieldLook));
        content = areas.content;
      }
      // on a plain slip the serial, part and polling station are what the agent reads: larger
      if (look && areas.facts) {
        ops.push(factsOps(voter, areas.facts, look, font, placeForm, plain ? 18 : 11));
      }
      if (codes && areas.qr) codes.add(qrPayload(voter, look?.roll.assemblyNumber), cell.x + areas.qr.x, cell.y + areas.qr.y, areas.qr.width);
      ops.push('Q\n');
      const overlay = `${look && voter.deleted ? deletedMarkOps(content, look, font) : ''}${watermarkRef ? '/W Do\n' : ''}`;
      if (overlay !== '') overlays.push(`${inCell} ${overlay}Q\n`);
      input.onSlip?.({
        page: p + 1,
        index: i,
        cell,
        slip: offsetRect(areas.slip, cell.x, cell.y),
        content: offsetRect(content, cell.x, cell.y),
        ...(look && areas.qr ? { qr: offsetRect(areas.qr, cell.x, cell.y) } : {}),
      });
    }
    const contents = [ctx.register(flate(ctx, ops.join('')))];
    const codeBytes = codes?.take();
    // uncompressed (PageCodes says why)
    if (codeBytes) contents.push(ctx.register(PDFRawStream.of(ctx.obj({}), codeBytes)));
    if (overlays.length > 0) contents.push(ctx.register(flate(ctx, overlays.join(''))));
    const pageRef = ctx.register(
      ctx.obj({
        Type: 'Page',
        Parent: pagesRef,
        MediaBox: [0, 0, grid.pageWidth, grid.pageHeight],
        Resources: { Font: qrFontRef ? { ...font.resources(), [QR_FONT]: qrFontRef } : font.resources(), XObject: xobjects },
        Contents: contents.length === 1 ? contents[0] : contents,
      }),
    );
    kids.push(pageRef);
    await writer.writeReachable(pageRef);
    input.onProgress?.(p + 1, pagesToWrite);
  }

  font.finalize();
  for (const ref of font.refs()) await writer.writeDeferred(ref);
  ctx.assign(pagesRef, ctx.obj({ Type: 'Pages', Kids: kids, Count: kids.length }));
  await writer.writeDeferred(pagesRef);
  const catalogRef = ctx.register(ctx.obj({ Type: 'Catalog', Pages: pagesRef }));
  const infoRef = ctx.register(
    ctx.obj({ Producer: PDFString.of('Voter Slip Generator'), Title: PDFString.of(draft ? 'Voter slips (draft)' : 'Voter slips') }),
  );
  await writer.finish(catalogRef, infoRef);
  return { pages: totalPages, slips: input.voters.length, previewPages: pagesToWrite, bytes: writer.bytesWritten };
}
