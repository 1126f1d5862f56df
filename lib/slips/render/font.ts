/**
 * Text for slips: each string split into runs by the face that draws it (`faces.ts`), each run shaped
 * by HarfBuzz and placed glyph by glyph in a PDF content stream (Identity-H, CID = glyph id), every
 * string wrapped in an ActualText span so copy/search give back the original text; a ToUnicode map
 * per font is the fallback for simple glyphs. Only the faces a document draws with are embedded.
 */
import zlib from 'node:zlib';
import { PDFContext, PDFRawStream, PDFRef, PDFString } from '@cantoo/pdf-lib';
import { FACES, faceBytes, forEachRun, PRIMARY_FACE, shaperOf } from './faces';
import { LITERAL_ESCAPE } from './literal';
import { fmt2 } from './num';

/** A printable ASCII character (not the space) as the primary face draws it: one glyph, or null when it is not one plain glyph. */
interface PlainGlyph {
  gid: number;
  hex: string;
  advance: number;
}
const plainGlyphs: (PlainGlyph | null | undefined)[] = [];

/**
 * The glyph of a printable ASCII character when shaping gives it alone, with no offset and its own advance (every
 * letter and digit of the primary face): a word of such characters is shaped as its characters one by one
 * (shaper.ts), so its glyphs are theirs side by side, found here without shaping. Null for any other character.
 */
function plainGlyph(code: number): PlainGlyph | null {
  if (code < 0x21 || code > 0x7e) return null;
  let glyph = plainGlyphs[code];
  if (glyph === undefined) {
    const s = shaperOf(PRIMARY_FACE);
    const run = s.shape(String.fromCharCode(code));
    const only = run.glyphs.length === 1 ? run.glyphs[0] : null;
    glyph = only && only.dx === 0 && only.dy === 0 && run.advance === s.advanceOf(only.gid) ? { gid: only.gid, hex: escapeForHexGid(only.gid), advance: run.advance } : null;
    plainGlyphs[code] = glyph;
  }
  return glyph;
}

/**
 * `text`'s advance in font units when it is a plain word — one word of plain ASCII glyphs (a serial, an EPIC, an age),
 * each plainGlyph's — else -1; nothing allocated (a serial's width, each slip).
 */
function plainAdvance(text: string): number {
  if (text.length === 0 || text.length > 32) return -1;
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const glyph = plainGlyph(text.charCodeAt(i));
    if (!glyph) return -1;
    sum += glyph.advance;
  }
  return sum;
}

/** A plain word's glyphs as a TJ array's contents (`<gid><gid>…`), marked in `used`; null (nothing marked) for another text. */
function plainGlyphsHex(text: string, used: Set<number>): string | null {
  if (plainAdvance(text) < 0) return null;
  let tj = '';
  for (let i = 0; i < text.length; i++) {
    const glyph = plainGlyph(text.charCodeAt(i)) as PlainGlyph;
    used.add(glyph.gid);
    tj += `<${glyph.hex}>`;
  }
  return tj;
}

/** Width in ems (advances over units per em, summed over the runs), cached per string, bounded. */
const emWidthCache = new Map<string, number>();
function emWidth(text: string): number {
  const plain = plainAdvance(text);
  if (plain >= 0) return plain / shaperOf(PRIMARY_FACE).upem;
  let ems = emWidthCache.get(text);
  if (ems === undefined) {
    let sum = 0;
    forEachRun(text, (face, run) => {
      const s = shaperOf(face);
      sum += s.advance(run) / s.upem;
    });
    ems = sum;
    if (emWidthCache.size > 50_000) emWidthCache.clear();
    emWidthCache.set(text, ems);
  }
  return ems;
}

/** Width of `text` at `size` points. */
export function textWidth(text: string, size: number): number {
  return emWidth(text) * size;
}

const HEX2 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function utf16beHexBody(text: string): string {
  if (text.length <= 32) {
    let hex = '';
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      hex += HEX2[unit >> 8] + HEX2[unit & 0xff];
    }
    return hex;
  }
  return Buffer.from(text, 'utf16le').swap16().toString('hex');
}

/** For each byte, how a literal string writes it (LITERAL_ESCAPE), as latin1 characters. */
const LITERAL_BYTE = Array.from({ length: 256 }, (_, b) => (LITERAL_ESCAPE[b] === 0 ? String.fromCharCode(b) : `\\${String.fromCharCode(LITERAL_ESCAPE[b])}`));

/**
 * `text` as UTF-16BE bytes inside a literal string `(…)`, one character a byte (the content stream is written as
 * latin1), without the byte-order mark: half the bytes of the same text in hex, on the one span every slip writes.
 */
function utf16beLiteralBody(text: string): string {
  let body = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    body += LITERAL_BYTE[unit >> 8] + LITERAL_BYTE[unit & 0xff];
  }
  return body;
}

function utf16beHex(text: string): string {
  return `FEFF${utf16beHexBody(text)}`;
}

const HEX4: string[] = [];
function escapeForHexGid(gid: number): string {
  let h = HEX4[gid];
  if (h === undefined) {
    h = gid.toString(16).padStart(4, '0');
    HEX4[gid] = h;
  }
  return h;
}

const fmt = fmt2;

export interface TextStyle {
  size: number;
  /** Fake bold by fill+stroke (no second font to embed). */
  bold?: boolean;
  /** Grey level 0 (black) .. 1 (white). */
  gray?: number;
}

/** The grey and fake-bold operators of a style, after a span's start. */
function styleOps(style: TextStyle): string {
  let ops = '';
  if (style.gray !== undefined) ops += ` ${fmt(style.gray)} g ${fmt(style.gray)} G`;
  if (style.bold) ops += ` 2 Tr ${fmt(style.size * 0.035)} w`;
  return ops;
}

/** One run of a text (one face) laid out: its glyphs in pieces, each written from its own text position. */
interface RunLayout {
  resourceName: string;
  upem: number;
  /** from the run's origin, in font units: where each piece starts, and its TJ array's contents */
  pieces: { dx: number; dy: number; tj: string }[];
  /** the run's advance, in font units */
  advance: number;
}

/** One face as one document uses it: its PDF font object, its name in resource dictionaries, its glyphs. */
interface DocumentFace {
  face: number;
  resourceName: string;
  ref: PDFRef;
  used: Set<number>;
}

/**
 * Tracks the faces and glyphs one document draws with and writes their font objects at the end.
 * A face gets its PDF object (deferred through `defer`: its glyph widths are known only at the end)
 * the first time it draws; `resources()` names every face drawn so far, so a resource dictionary made
 * after its content stream covers every font that stream uses.
 */
export class DocumentFont {
  private readonly faces: (DocumentFace | undefined)[] = [];

  constructor(
    private readonly context: PDFContext,
    private readonly defer: (ref: PDFRef) => void,
  ) {}

  private faceEntry(face: number): DocumentFace {
    let entry = this.faces[face];
    if (!entry) {
      entry = { face, resourceName: `F${face + 1}`, ref: this.context.nextRef(), used: new Set() };
      this.defer(entry.ref);
      this.faces[face] = entry;
    }
    return entry;
  }

  private drawn(): DocumentFace[] {
    return this.faces.filter((f): f is DocumentFace => f !== undefined);
  }

  /** The /Font entries of a resource dictionary: every face drawn with so far. */
  resources(): Record<string, PDFRef> {
    const out: Record<string, PDFRef> = {};
    for (const f of this.drawn()) out[f.resourceName] = f.ref;
    return out;
  }

  /** The font objects to write once `finalize` has filled them in. */
  refs(): PDFRef[] {
    return this.drawn().map((f) => f.ref);
  }

  /**
   * Content-stream operators drawing `text` with its baseline starting at (x, y), wrapped in an
   * ActualText span so extraction yields exactly `text`.
   */
  show(text: string, x: number, y: number, style: TextStyle): string {
    return this.showParts([{ text, x, y, constant: true }], style);
  }

  /**
   * Several runs (e.g. a label and its value) under ONE ActualText span whose text is the runs'
   * texts joined: extraction gives the line as one string. A constant run's glyph layout is kept per
   * document, so a label is shaped once whatever the sizes and places it is drawn at.
   */
  showParts(parts: { text: string; x: number; y: number; constant?: boolean }[], style: TextStyle): string {
    let hex = '';
    for (const p of parts) hex += p.constant ? this.cachedHex(p.text) : utf16beHexBody(p.text);
    if (hex.length === 0) return '';
    let out = `q /Span<</ActualText<FEFF${hex}>>>BDC${styleOps(style)}`;
    for (const p of parts) out += ` ${this.glyphOps(p.text, p.x, p.y, style.size, p.constant ?? false)}`;
    return `${out} EMC Q\n`;
  }

  /**
   * A line drawn many times with only one value changing (the facts line: label, serial, label, serial): the
   * constant runs laid out and drawn once (`constant`, for the caller to draw as a form), and a function writing
   * the line for a value: that form, then the value at each of its places, under one ActualText span whose text is
   * the whole line's, as `showParts` would write it.
   */
  preparedLine(
    parts: ({ text: string; x: number } | { value: true; x: number })[],
    y: number,
    style: TextStyle,
  ): { constant: string; line: (value: string, constantForm: string) => string } {
    const style0 = styleOps(style);
    const constant = parts.flatMap((p) => ('text' in p && p.text !== '' ? [this.glyphOps(p.text, p.x, y, style.size, true)] : []));
    const places = parts.flatMap((p) => ('value' in p ? [p.x] : []));
    // the span's text: the constant parts between the value's places, as the bytes of a literal string (the line is
    // written on every slip, and deflated with the page: half the bytes of hex)
    const between: string[] = [''];
    for (const p of parts) {
      if ('text' in p) between[between.length - 1] += utf16beLiteralBody(p.text);
      else between.push('');
    }
    // a plain value's places: one text object, each place a move from the last as written (rounded), so rounding
    // never adds up along the line
    const entry = this.faceEntry(PRIMARY_FACE);
    const moves: string[] = [];
    let at = Number.NaN;
    for (const x of places) {
      moves.push(Number.isNaN(at) ? `${fmt(x)} ${fmt(y)} Td [` : `]TJ ${fmt(x - at)} 0 Td [`);
      at = Number.isNaN(at) ? Number(fmt(x)) : at + Number(fmt(x - at));
    }
    const plainHead = `${style0} BT /${entry.resourceName} ${fmt(style.size)} Tf `;
    return {
      constant: constant.length === 0 ? '' : `q${style0} ${constant.join(' ')} Q\n`,
      line: (value, constantForm) => {
        const valueBytes = utf16beLiteralBody(value);
        let text = between[0];
        for (let i = 1; i < between.length; i++) text += valueBytes + between[i];
        if (text.length === 0) return '';
        let ops = `q /Span<</ActualText(\xfe\xff${text})>>BDC`;
        if (constant.length > 0) ops += ` /${constantForm} Do`;
        const tj = places.length > 0 ? plainGlyphsHex(value, entry.used) : null;
        if (tj !== null) {
          // a plain word (a serial)
          ops += plainHead;
          for (const move of moves) ops += move + tj;
          return `${ops}]TJ ET EMC Q\n`;
        }
        ops += style0;
        for (const x of places) ops += ` ${this.glyphOps(value, x, y, style.size, false)}`;
        return `${ops} EMC Q\n`;
      },
    };
  }

  private readonly hexCache = new Map<string, string>();
  private cachedHex(text: string): string {
    let h = this.hexCache.get(text);
    if (h === undefined) {
      h = utf16beHexBody(text);
      if (this.hexCache.size > 10_000) this.hexCache.clear();
      this.hexCache.set(text, h);
    }
    return h;
  }

  private glyphOps(text: string, x: number, y: number, size: number, cache: boolean): string {
    if (plainAdvance(text) >= 0) {
      // the same operators as shaping would write: one run of the primary face, its glyphs side by side
      const entry = this.faceEntry(PRIMARY_FACE);
      return `BT /${entry.resourceName} ${fmt(size)} Tf 1 0 0 1 ${fmt(x)} ${fmt(y)} Tm [${plainGlyphsHex(text, entry.used)}]TJ ET`;
    }
    let runs = cache ? this.layouts.get(text) : undefined;
    if (!runs) {
      runs = this.layoutOf(text);
      if (cache) {
        if (this.layouts.size > 50_000) this.layouts.clear();
        this.layouts.set(text, runs);
      }
    }
    let ops = 'BT';
    // Pen position of the run's start, in points from x.
    let runX = x;
    for (const run of runs) {
      const k = size / run.upem;
      ops += ` /${run.resourceName} ${fmt(size)} Tf`;
      for (const piece of run.pieces) ops += ` 1 0 0 1 ${fmt(runX + piece.dx * k)} ${fmt(y + piece.dy * k)} Tm [${piece.tj}]TJ`;
      runX += run.advance * k;
    }
    return `${ops} ET`;
  }

  /**
   * Glyph layouts of constant texts (labels): what does not depend on the size or the place a text is drawn at,
   * so that a label drawn at many sizes (lines shrunk to fit) is shaped and written out once per document.
   */
  private readonly layouts = new Map<string, RunLayout[]>();

  /** `text` shaped, run by run, its glyphs marked as used by this document. */
  private layoutOf(text: string): RunLayout[] {
    const runs: RunLayout[] = [];
    forEachRun(text, (face, run) => {
      const s = shaperOf(face);
      const entry = this.faceEntry(face);
      const pieces: RunLayout['pieces'] = [];
      // Text position after the previous glyph (font units, relative to the run origin).
      let tx = Number.NaN;
      let ty = Number.NaN;
      let piece: RunLayout['pieces'][number] | null = null;
      const advance = s.forEachGlyph(run, (gid, dx, dy) => {
        entry.used.add(gid);
        if (!piece || dy !== ty) {
          // a new text position: at the run's start, and where a glyph is raised or lowered
          piece = { dx, dy, tj: '' };
          pieces.push(piece);
        } else if (Math.abs(dx - tx) > 0.5) {
          // TJ numbers are thousandths of text space, subtracted from the position.
          piece.tj += String(Math.round((-(dx - tx) * 1000) / s.upem));
        }
        piece.tj += `<${escapeForHexGid(gid)}>`;
        tx = dx + s.advanceOf(gid);
        ty = dy;
      });
      runs.push({ resourceName: entry.resourceName, upem: s.upem, pieces, advance });
    });
    return runs;
  }

  /** Fills in each drawn face's Type0 font, descendant, descriptor, font file and ToUnicode map. */
  finalize(): void {
    for (const entry of this.drawn()) this.finalizeFace(entry);
  }

  private finalizeFace(entry: DocumentFace): void {
    const s = shaperOf(entry.face);
    const fontName = FACES[entry.face].fontName;
    const bytes = faceBytes(entry.face);
    const ctx = this.context;
    const gids = [...entry.used].sort((a, b) => a - b);
    const widths: (number | number[])[] = [];
    for (const gid of gids) widths.push(gid, [Math.round((s.advanceOf(gid) * 1000) / s.upem)]);
    const fontFile = PDFRawStream.of(ctx.obj({ Filter: 'FlateDecode', Length1: bytes.length }), zlib.deflateSync(bytes));
    const fontFileRef = ctx.register(fontFile);
    const descriptorRef = ctx.register(
      ctx.obj({
        Type: 'FontDescriptor',
        FontName: fontName,
        Flags: 32,
        FontBBox: s.bbox.map((v) => Math.round((v * 1000) / s.upem)),
        ItalicAngle: 0,
        Ascent: Math.round((s.ascender * 1000) / s.upem),
        Descent: Math.round((s.descender * 1000) / s.upem),
        CapHeight: 714,
        StemV: 80,
        FontFile2: fontFileRef,
      }),
    );
    const cidFontRef = ctx.register(
      ctx.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: fontName,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptorRef,
        DW: 1000,
        W: widths,
        CIDToGIDMap: 'Identity',
      }),
    );
    const cmap = toUnicodeCMap(gids, s.toUnicodeHints);
    const toUnicodeRef = ctx.register(
      PDFRawStream.of(ctx.obj({ Filter: 'FlateDecode' }), zlib.deflateSync(Buffer.from(cmap, 'latin1'))),
    );
    ctx.assign(
      entry.ref,
      ctx.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: fontName,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFontRef],
        ToUnicode: toUnicodeRef,
      }),
    );
  }
}

function toUnicodeCMap(gids: number[], hints: ReadonlyMap<number, string>): string {
  const entries: string[] = [];
  for (const gid of gids) {
    const text = hints.get(gid);
    if (!text) continue;
    entries.push(`<${escapeForHexGid(gid)}> <${utf16beHex(text).slice(4)}>`);
  }
  const chunks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const part = entries.slice(i, i + 100);
    chunks.push(`${part.length} beginbfchar\n${part.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...chunks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
