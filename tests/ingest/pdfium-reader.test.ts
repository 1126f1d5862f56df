import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPage, readPageWithPdfjs } from '@/lib/slips/ingest/engines/page-reader';
import { contentOrder, drawingFromRaw, piecesFromChars } from '@/lib/slips/ingest/engines/pdfium-page';
import { RAW_CHAR_FIELDS, RAW_CURVE, RAW_LINE, RAW_MOVE, type RawPage } from '@/lib/slips/ingest/engines/pdfium-thread';
import { leaseThread, releaseThread } from '@/lib/slips/ingest/engines/pdf-threads';
import { PdfSession } from '@/lib/slips/ingest/engines/pdfjs';
import { ROLLS_DIR } from './roll-truth';

/**
 * The PDFium page reader (lib/slips/ingest/pdf/pdfium-*.ts): characters grouped into text pieces
 * by pdf.js's rules, paths into painted rectangles and ruling, and the same page content as pdf.js
 * gives on a generated PDF and on the encrypted (owner-password) roll.
 */

const VIEW = [0, 0, 595, 842];

/** Raw characters: [text, x] on one baseline, each glyph `advance` wide (size 10, upright). */
function chars(list: { ch: string; x: number; y?: number; advance?: number; font?: number; obj?: number }[]): Float64Array {
  const out = new Float64Array(list.length * RAW_CHAR_FIELDS);
  list.forEach((c, i) => {
    out.set([c.ch.codePointAt(0) ?? 0, c.x, c.y ?? 700, c.advance ?? 5, 10, 1, 0, c.font ?? 0, c.obj ?? 0], i * RAW_CHAR_FIELDS);
  });
  return out;
}

/** Characters of `text` set one after another from x, each 5 wide. */
function run(text: string, x: number, extra: Partial<{ y: number; font: number; obj: number }> = {}) {
  return Array.from(text).map((ch, i) => ({ ch, x: x + i * 5, ...extra }));
}

describe('piecesFromChars', () => {
  it('keeps touching glyphs in one piece and turns a space-wide gap into a space', () => {
    const pieces = piecesFromChars(chars([...run('AB', 100), ...run('CD', 113)]), VIEW);
    expect(pieces.map((p) => p.str)).toEqual(['AB CD']);
    expect(pieces[0]).toMatchObject({ x: 100, y: 700, height: 10 });
    expect(pieces[0].width).toBeCloseTo(23);
  });

  it('starts a new piece after a wide gap, a step back, a new line or a new font', () => {
    const pieces = piecesFromChars(
      chars([...run('AB', 100), ...run('CD', 150), ...run('EF', 100, { y: 680 }), ...run('GH', 110, { y: 680, font: 1 })]),
      VIEW,
    );
    expect(pieces.map((p) => p.str)).toEqual(['AB', 'CD', 'EF', 'GH']);
  });

  it('turns a space glyph into a space, or into a piece break where the glyphs nearly touch (as pdf.js does)', () => {
    const spaced = piecesFromChars(chars([...run('A', 100), { ch: ' ', x: 105, advance: 2.5 }, ...run('B', 107.5)]), VIEW);
    expect(spaced.map((p) => p.str)).toEqual(['A B']);
    const tight = piecesFromChars(chars([...run('A', 100), { ch: ' ', x: 105, advance: 0.5 }, ...run('B', 105.5)]), VIEW);
    expect(tight.map((p) => p.str)).toEqual(['A', 'B']);
  });

  it('places combining marks without a position check and shares a glyph among its characters', () => {
    // "ન" + "ુ" (a mark drawn back over it) + "ં"; then "પિ" as one glyph (two characters, one origin)
    const pieces = piecesFromChars(
      chars([
        { ch: 'ન', x: 100, advance: 6 },
        { ch: 'ુ', x: 105.8, advance: 4 },
        { ch: 'ં', x: 106, advance: 3 },
        { ch: 'પ', x: 106, advance: 4 },
        { ch: 'િ', x: 106, advance: 4 },
        { ch: 'ત', x: 114.2, advance: 6 },
      ]),
      VIEW,
    );
    expect(pieces.map((p) => p.str)).toEqual(['નુંપિત']);
  });

  it('drops text outside the page and pieces of white space alone', () => {
    const pieces = piecesFromChars(chars([...run('X', -50), { ch: ' ', x: 100 }, ...run('Y', 200)]), VIEW);
    expect(pieces.map((p) => p.str)).toEqual(['Y']);
  });
});

describe('contentOrder', () => {
  it('reads text objects in content order and drops a repeated cluster text of the next glyph run', () => {
    const raw = chars([
      ...run('AB', 100, { obj: 0 }),
      // PDFium moved object 1 after object 2 within the line
      { ch: 'E', x: 130, obj: 2 },
      // one cluster drawn as two runs, each given the cluster's text at its origin
      ...['ક', 'િ'].map((ch) => ({ ch, x: 110, obj: 1 })),
      ...['ક', 'િ'].map((ch) => ({ ch, x: 118, obj: 1.5 })),
    ]);
    const text = Array.from(contentOrder(raw), (i) => String.fromCodePoint(raw[i]));
    expect(text).toEqual(['A', 'B', 'ક', 'િ', 'E']);
  });

  it('orders the thread\'s whole-number object order the same way (counting sort), keeping each object\'s characters in order', () => {
    const raw = chars([
      ...run('AB', 100, { obj: 0 }),
      { ch: 'E', x: 130, obj: 3 },
      ...['ક', 'િ'].map((ch) => ({ ch, x: 110, obj: 1 })),
      ...['ક', 'િ'].map((ch) => ({ ch, x: 118, obj: 2 })),
      ...run('CD', 140, { obj: 3 }),
    ]);
    const text = Array.from(contentOrder(raw), (i) => String.fromCodePoint(raw[i]));
    expect(text).toEqual(['A', 'B', 'ક', 'િ', 'E', 'C', 'D']);
  });
});

describe('drawingFromRaw', () => {
  const raw = (paths: number[], images: number[] = []): RawPage => ({
    view: [0, 0, 595, 842],
    chars: new Float64Array(0),
    paths: Float64Array.from(paths),
    images: Float64Array.from(images),
    pathCount: 1,
  });

  it('reads a stroked rectangle closed by a line back to its start as one rectangle and four sides', () => {
    const pts = [
      [RAW_MOVE, 10, 10, 0],
      [RAW_LINE, 110, 10, 0],
      [RAW_LINE, 110, 60, 0],
      [RAW_LINE, 10, 60, 0],
      [RAW_LINE, 10, 10, 1],
    ];
    const d = drawingFromRaw(raw([2, pts.length, ...pts.flat()]));
    expect(d.rects).toEqual([{ x: 10, y: 10, width: 100, height: 50, stroked: true }]);
    expect(d.segments).toHaveLength(4);
    expect(d.paths).toBe(1);
  });

  it('never makes a box of a curve, and reports the largest image', () => {
    const pts = [
      [RAW_MOVE, 10, 10, 0],
      [RAW_LINE, 110, 10, 0],
      [RAW_CURVE, 110, 30, 0],
      [RAW_CURVE, 110, 40, 0],
      [RAW_CURVE, 110, 60, 0],
      [RAW_LINE, 10, 60, 0],
      [RAW_LINE, 10, 10, 1],
    ];
    const d = drawingFromRaw(raw([1, pts.length, ...pts.flat()], [595, 0, 0, 842, 0, 0]));
    expect(d.rects).toEqual([]);
    expect(d.images).toBe(1);
    expect(d.imageCover).toBe(1);
    expect(d.imageMatrix).toEqual([595, 0, 0, 842, 0, 0]);
  });
});

async function boxesPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 2; col++) {
      const x = 30 + col * 270;
      const y = 600 - row * 90;
      page.drawRectangle({ x, y, width: 250, height: 80, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
      page.drawText(`${row * 2 + col + 1}`, { x: x + 5, y: y + 65, size: 9, font });
      page.drawText(`ABC${1234560 + row * 2 + col}`, { x: x + 150, y: y + 65, size: 9, font });
      page.drawText('Name : Test Person', { x: x + 5, y: y + 45, size: 9, font });
    }
  }
  page.drawLine({ start: { x: 30, y: 720 }, end: { x: 550, y: 720 }, thickness: 1 });
  return doc.save();
}

describe('PDFium and pdf.js read the same page', () => {
  it('gives the same rectangles, ruling and text pieces on a generated roll page', async () => {
    const session = await PdfSession.open(await boxesPdf());
    try {
      expect(await session.pdfiumDoc(session.doc)).not.toBeNull();
      const a = await readPageWithPdfjs(session.doc, 1);
      const b = await readPage(session, session.doc, 1);
      expect(b.view).toEqual(a.view);
      expect(b.drawing.rects).toEqual(a.drawing.rects);
      expect(b.drawing.segments).toEqual(a.drawing.segments);
      const text = (p: { str: string; x: number; y: number }) => `${p.str}@${p.x.toFixed(1)},${p.y.toFixed(1)}`;
      expect(b.pieces.map(text)).toEqual(a.pieces.map(text));
      b.pieces.forEach((p, i) => expect(p.width).toBeCloseTo(a.pieces[i].width, 1));
    } finally {
      await session.close();
    }
  }, 60_000);

  const encrypted = path.join(ROLLS_DIR, 'maharashtra-2025-sec-ward4-marathi.pdf');
  it.skipIf(!existsSync(encrypted))('reads a roll encrypted with an owner password', async () => {
    const session = await PdfSession.open(new Uint8Array(readFileSync(encrypted)));
    try {
      expect(await session.pdfiumDoc(session.doc)).not.toBeNull();
      const a = await readPageWithPdfjs(session.doc, 3);
      const b = await readPage(session, session.doc, 3);
      expect(b.drawing.rects.length + b.drawing.segments.length).toBeGreaterThan(0);
      expect(b.drawing.segments.length).toBe(a.drawing.segments.length);
      const ids = (pieces: { str: string }[]) => pieces.map((p) => p.str).join(' ').match(/[A-Z]{3}[0-9]{7}/g);
      expect(ids(b.pieces)).toEqual(ids(a.pieces));
    } finally {
      await session.close();
    }
  }, 60_000);
});

describe('PDFium within the thread limits', () => {
  it('refuses to grow past the thread memory limit, fails only that page, and reads the next file afresh', async () => {
    // a million filled rectangles: hundreds of MB of page objects in PDFium
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const content = doc.context.stream(deflateSync(Buffer.from('1 1 1 1 re f\n'.repeat(1_000_000), 'latin1')), { Filter: 'FlateDecode' });
    page.node.set(PDFName.of('Contents'), doc.context.register(content));
    const crafted = await doc.save({ useObjectStreams: false });

    const thread = leaseThread(96);
    try {
      const opened = await thread.pdfium.open(crafted);
      await expect(thread.pdfium.page(opened.id, 1)).rejects.toThrow();
      expect(thread.dead).toBe(false);
      const fine = await thread.pdfium.open(await boxesPdf());
      const raw = await thread.pdfium.page(fine.id, 1);
      expect(raw.pathCount).toBeGreaterThan(0);
      await thread.pdfium.close(fine.id);
    } finally {
      releaseThread(thread);
    }
  }, 60_000);
});
