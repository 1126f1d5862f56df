/**
 * Text for slips: Noto Sans Devanagari (TTF from npm, it also carries Latin and ₹), shaped by
 * HarfBuzz, placed glyph by glyph in a PDF content stream (Identity-H, CID = glyph id), with every run
 * wrapped in an ActualText span so copy/search give back the original string; a ToUnicode map is the
 * fallback for simple glyphs.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as hb from 'harfbuzzjs';
import { PDFContext, PDFRawStream, PDFRef, PDFString } from '@cantoo/pdf-lib';
import { fmt2 } from './num';

// Resolved at run time from the project root: in a Next bundle, createRequire(import.meta.url).resolve of a
// constant is rewritten by Turbopack (a .ttf cannot be bundled, and a resolved id is a number, not a path).
const projectRequire = createRequire(path.join(process.cwd(), 'package.json'));

export const FONT_PACKAGE_FILE = '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf';
const FONT_NAME = 'NotoSansDevanagari-Regular';

export interface ShapedGlyph {
  gid: number;
  /** Position relative to the pen, in font units. */
  dx: number;
  dy: number;
}

export interface ShapedRun {
  text: string;
  glyphs: ShapedGlyph[];
  /** Advance width in font units. */
  advance: number;
}

let cachedFontBytes: Uint8Array | null = null;
function fontBytes(): Uint8Array {
  if (!cachedFontBytes) cachedFontBytes = new Uint8Array(fs.readFileSync(projectRequire.resolve(FONT_PACKAGE_FILE)));
  return cachedFontBytes;
}

/** One shaping font; cheap to keep for the process lifetime. */
class Shaper {
  readonly upem: number;
  readonly ascender: number;
  readonly descender: number;
  readonly bbox: [number, number, number, number];
  private readonly font: hb.Font;

  constructor(bytes: Uint8Array) {
    const face = new hb.Face(new hb.Blob(bytes));
    this.font = new hb.Font(face);
    this.upem = face.upem;
    const ext = this.font.hExtents();
    this.ascender = ext.ascender;
    this.descender = ext.descender;
    const head = face.referenceTable('head');
    if (head && head.length >= 44) {
      const v = new DataView(head.buffer, head.byteOffset, head.byteLength);
      this.bbox = [v.getInt16(36), v.getInt16(38), v.getInt16(40), v.getInt16(42)];
    } else {
      this.bbox = [-1000, -500, 2000, 1200];
    }
  }

  private readonly advances = new Map<number, number>();
  private readonly words = new Map<string, ShapedRun>();
  private readonly buffer = new hb.Buffer();
  private spaceAdvance = -1;

  advanceOf(gid: number): number {
    let a = this.advances.get(gid);
    if (a === undefined) {
      a = this.font.glyphHAdvance(gid);
      this.advances.set(gid, a);
    }
    return a;
  }

  /**
   * Shapes `text` word by word (words split at spaces, each shaped once and cached): labels and
   * common names are shaped once per process. Shaping does not act across a space in these scripts.
   */
  shape(text: string): ShapedRun {
    const glyphs: ShapedGlyph[] = [];
    const advance = this.forEachGlyph(text, (gid, dx, dy) => glyphs.push({ gid, dx, dy }));
    return { text, glyphs, advance };
  }

  /** Calls `fn` for every glyph of `text` (positions in font units from the run origin); returns the advance. */
  forEachGlyph(text: string, fn: (gid: number, dx: number, dy: number) => void): number {
    if (this.spaceAdvance < 0) this.spaceAdvance = this.shapeWord(' ').advance;
    let pen = 0;
    let start = 0;
    for (let i = 0; i <= text.length; i++) {
      if (i < text.length && text.charCodeAt(i) !== 32) continue;
      if (i > start) {
        const w = this.shapeWord(text.slice(start, i));
        for (const g of w.glyphs) fn(g.gid, pen + g.dx, g.dy);
        pen += w.advance;
      }
      if (i < text.length) pen += this.spaceAdvance;
      start = i + 1;
    }
    return pen;
  }

  /** Advance of `text` in font units, without allocating glyphs. */
  advance(text: string): number {
    if (this.spaceAdvance < 0) this.spaceAdvance = this.shapeWord(' ').advance;
    let pen = 0;
    let start = 0;
    for (let i = 0; i <= text.length; i++) {
      if (i < text.length && text.charCodeAt(i) !== 32) continue;
      if (i > start) pen += this.shapeWord(text.slice(start, i)).advance;
      if (i < text.length) pen += this.spaceAdvance;
      start = i + 1;
    }
    return pen;
  }

  private shapeWord(word: string): ShapedRun {
    const hit = this.words.get(word);
    if (hit) return hit;
    if (word.length > 1 && /^[\x21-\x7e]+$/.test(word)) {
      // Printable ASCII (EPICs, numbers, Latin words): no complex shaping needed; glyphs per
      // character from the cmap (characters cached), unkerned. Keeps unique IDs off HarfBuzz.
      const glyphs: ShapedGlyph[] = [];
      let pen = 0;
      for (let i = 0; i < word.length; i++) {
        const c = this.shapeWord(word[i]);
        for (const g of c.glyphs) glyphs.push({ gid: g.gid, dx: pen + g.dx, dy: g.dy });
        pen += c.advance;
      }
      const run: ShapedRun = { text: word, glyphs, advance: pen };
      if (this.words.size > 100_000) this.words.clear();
      this.words.set(word, run);
      return run;
    }
    const buf = this.buffer;
    buf.reset();
    buf.addText(word);
    buf.guessSegmentProperties();
    hb.shape(this.font, buf);
    const infos = buf.getGlyphInfos();
    const positions = buf.getGlyphPositions();
    const glyphs: ShapedGlyph[] = [];
    let pen = 0;
    for (let i = 0; i < infos.length; i++) {
      const p = positions[i];
      glyphs.push({ gid: infos[i].codepoint, dx: pen + p.xOffset, dy: p.yOffset });
      pen += p.xAdvance;
    }
    // ToUnicode fallback: the first glyph of each cluster maps to the cluster's text.
    const starts = [...new Set(infos.map((g) => g.cluster))].sort((a, b) => a - b);
    for (let i = 0; i < infos.length; i++) {
      if (i > 0 && infos[i].cluster === infos[i - 1].cluster) continue;
      const at = starts.indexOf(infos[i].cluster);
      const end = at + 1 < starts.length ? starts[at + 1] : word.length;
      const chars = word.slice(infos[i].cluster, end);
      if (!toUnicodeHints.has(glyphs[i].gid) && chars.length > 0) toUnicodeHints.set(glyphs[i].gid, chars);
    }
    const run: ShapedRun = { text: word, glyphs, advance: pen };
    if (this.words.size > 100_000) this.words.clear();
    this.words.set(word, run);
    return run;
  }
}

/** Process-wide gid → text hints (deterministic given the same strings in the same order per process). */
const toUnicodeHints = new Map<number, string>();

let shaper: Shaper | null = null;
export function getShaper(): Shaper {
  if (!shaper) shaper = new Shaper(fontBytes());
  return shaper;
}

/** Width of `text` at `size` points. */
const widthCache = new Map<string, number>();
/** Width of `text` at `size` points (advances cached per string, bounded). */
export function textWidth(text: string, size: number): number {
  const s = getShaper();
  let a = widthCache.get(text);
  if (a === undefined) {
    a = s.advance(text);
    if (widthCache.size > 50_000) widthCache.clear();
    widthCache.set(text, a);
  }
  return (a / s.upem) * size;
}

function utf16beHexBody(text: string): string {
  return Buffer.from(text, 'utf16le').swap16().toString('hex');
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

/**
 * Tracks the glyphs used by one document and writes the font objects at the end.
 * `resourceName` is the name under /Font in every resource dictionary that uses it.
 */
export class DocumentFont {
  readonly resourceName = 'F1';
  readonly ref: PDFRef;
  private readonly used = new Set<number>();

  constructor(private readonly context: PDFContext) {
    this.ref = context.nextRef();
  }

  private readonly opsCache = new Map<string, string>();

  /**
   * Content-stream operators drawing `text` with its baseline starting at (x, y), wrapped in an
   * ActualText span so extraction yields exactly `text`.
   */
  show(text: string, x: number, y: number, style: TextStyle): string {
    return this.showParts([{ text, x, y, constant: true }], style);
  }

  /**
   * Several runs (e.g. a label and its value) under ONE ActualText span whose text is the runs'
   * texts joined: extraction gives the line as one string. Glyph operators are cached per run and
   * position, so constant labels are laid out once per document.
   */
  showParts(parts: { text: string; x: number; y: number; constant?: boolean }[], style: TextStyle): string {
    let hex = '';
    for (const p of parts) hex += p.constant ? this.cachedHex(p.text) : utf16beHexBody(p.text);
    if (hex.length === 0) return '';
    let out = `q /Span<</ActualText<FEFF${hex}>>>BDC`;
    if (style.gray !== undefined) out += ` ${fmt(style.gray)} g ${fmt(style.gray)} G`;
    if (style.bold) out += ` 2 Tr ${fmt(style.size * 0.035)} w`;
    for (const p of parts) out += ` ${this.glyphOps(p.text, p.x, p.y, style.size, p.constant ?? false)}`;
    return `${out} EMC Q\n`;
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
    const key = cache ? `${text}\u0000${fmt(x)}\u0000${fmt(y)}\u0000${fmt(size)}` : '';
    if (cache) {
      const hit = this.opsCache.get(key);
      if (hit !== undefined) return hit;
    }
    const s = getShaper();
    const k = size / s.upem;
    let ops = `BT /${this.resourceName} ${fmt(size)} Tf`;
    // Text position after the previous glyph (font units, relative to the run origin).
    let tx = Number.NaN;
    let ty = Number.NaN;
    let tj = '';
    s.forEachGlyph(text, (gid, dx, dy) => {
      this.used.add(gid);
      if (dy !== ty || Number.isNaN(tx)) {
        if (tj) ops += ` [${tj}]TJ`;
        tj = '';
        ops += ` 1 0 0 1 ${fmt(x + dx * k)} ${fmt(y + dy * k)} Tm`;
      } else if (Math.abs(dx - tx) > 0.5) {
        // TJ numbers are thousandths of text space, subtracted from the position.
        tj += String(Math.round((-(dx - tx) * 1000) / s.upem));
      }
      tj += `<${escapeForHexGid(gid)}>`;
      tx = dx + s.advanceOf(gid);
      ty = dy;
    });
    if (tj) ops += ` [${tj}]TJ`;
    ops += ' ET';
    if (cache) {
      if (this.opsCache.size > 50_000) this.opsCache.clear();
      this.opsCache.set(key, ops);
    }
    return ops;
  }

  /** Writes the Type0 font, its descendant, descriptor, font file and ToUnicode map into the context. */
  finalize(): void {
    const s = getShaper();
    const ctx = this.context;
    const gids = [...this.used].sort((a, b) => a - b);
    const widths: (number | number[])[] = [];
    for (const gid of gids) widths.push(gid, [Math.round((s.advanceOf(gid) * 1000) / s.upem)]);
    const fontFile = PDFRawStream.of(
      ctx.obj({ Filter: 'FlateDecode', Length1: fontBytes().length }),
      zlib.deflateSync(fontBytes()),
    );
    const fontFileRef = ctx.register(fontFile);
    const descriptorRef = ctx.register(
      ctx.obj({
        Type: 'FontDescriptor',
        FontName: FONT_NAME,
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
        BaseFont: FONT_NAME,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptorRef,
        DW: 1000,
        W: widths,
        CIDToGIDMap: 'Identity',
      }),
    );
    const toUnicodeRef = ctx.register(
      PDFRawStream.of(ctx.obj({ Filter: 'FlateDecode' }), zlib.deflateSync(Buffer.from(this.toUnicodeCMap(gids), 'latin1'))),
    );
    ctx.assign(
      this.ref,
      ctx.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: FONT_NAME,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFontRef],
        ToUnicode: toUnicodeRef,
      }),
    );
  }

  private toUnicodeCMap(gids: number[]): string {
    const entries: string[] = [];
    for (const gid of gids) {
      const text = toUnicodeHints.get(gid);
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
}
