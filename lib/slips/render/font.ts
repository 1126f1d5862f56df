/**
 * Text for slips: Noto Sans Devanagari (TTF from npm, it also carries Latin and ₹), shaped by
 * HarfBuzz, placed glyph by glyph in a PDF content stream (Identity-H, CID = glyph id), with every run
 * wrapped in an ActualText span so copy/search give back the original string; a ToUnicode map is the
 * fallback for simple glyphs.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import zlib from 'node:zlib';
import * as hb from 'harfbuzzjs';
import { PDFContext, PDFRawStream, PDFRef, PDFString } from 'pdf-lib';

const require = createRequire(import.meta.url);

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
  if (!cachedFontBytes) cachedFontBytes = new Uint8Array(fs.readFileSync(require.resolve(FONT_PACKAGE_FILE)));
  return cachedFontBytes;
}

/** One shaping font; cheap to keep for the process lifetime. */
class Shaper {
  readonly upem: number;
  readonly ascender: number;
  readonly descender: number;
  readonly bbox: [number, number, number, number];
  private readonly font: hb.Font;
  private readonly cache = new Map<string, ShapedRun>();

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

  advanceOf(gid: number): number {
    return this.font.glyphHAdvance(gid);
  }

  shape(text: string): ShapedRun {
    const hit = this.cache.get(text);
    if (hit) return hit;
    const buf = new hb.Buffer();
    buf.addText(text);
    buf.guessSegmentProperties();
    hb.shape(this.font, buf);
    const items = buf.getGlyphInfosAndPositions();
    const glyphs: ShapedGlyph[] = [];
    let pen = 0;
    const clusters: number[] = [];
    for (const g of items) {
      glyphs.push({ gid: g.codepoint, dx: pen + (g.xOffset ?? 0), dy: g.yOffset ?? 0 });
      clusters.push(g.cluster);
      pen += g.xAdvance ?? 0;
    }
    const run: ShapedRun = { text, glyphs, advance: pen };
    // ToUnicode fallback: first glyph of each cluster maps to the cluster's text (UTF-16 indices).
    const starts = [...new Set(clusters)].sort((a, b) => a - b);
    for (let i = 0; i < glyphs.length; i++) {
      if (i > 0 && clusters[i] === clusters[i - 1]) continue;
      const at = starts.indexOf(clusters[i]);
      const end = at + 1 < starts.length ? starts[at + 1] : text.length;
      const chars = text.slice(clusters[i], end);
      if (!toUnicodeHints.has(glyphs[i].gid) && chars.length > 0) toUnicodeHints.set(glyphs[i].gid, chars);
    }
    if (this.cache.size < 20_000) this.cache.set(text, run);
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
export function textWidth(text: string, size: number): number {
  const s = getShaper();
  return (s.shape(text).advance / s.upem) * size;
}

function utf16beHex(text: string): string {
  let out = 'FEFF';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return out;
}

function escapeForHexGid(gid: number): string {
  return gid.toString(16).padStart(4, '0');
}

const fmt = (n: number) => (Math.round(n * 100) / 100).toString();

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

  /**
   * Content-stream operators drawing `text` with its baseline starting at (x, y).
   * The run is wrapped in an ActualText span so extraction yields exactly `text`.
   */
  show(text: string, x: number, y: number, style: TextStyle): string {
    const s = getShaper();
    const run = s.shape(text);
    if (run.glyphs.length === 0) return '';
    const k = style.size / s.upem;
    const parts: string[] = [`q /Span<</ActualText<${utf16beHex(text)}>>>BDC BT /${this.resourceName} ${fmt(style.size)} Tf`];
    if (style.gray !== undefined) parts.push(`${fmt(style.gray)} g ${fmt(style.gray)} G`);
    if (style.bold) parts.push(`2 Tr ${fmt(style.size * 0.035)} w`);
    // Text position after the previous glyph (font units, relative to the run origin).
    let tx = Number.NaN;
    let ty = Number.NaN;
    let tj: string[] = [];
    const flush = () => {
      if (tj.length > 0) parts.push(`[${tj.join('')}]TJ`);
      tj = [];
    };
    for (const g of run.glyphs) {
      this.used.add(g.gid);
      if (g.dy !== ty || Number.isNaN(tx)) {
        flush();
        parts.push(`1 0 0 1 ${fmt(x + g.dx * k)} ${fmt(y + g.dy * k)} Tm`);
      } else if (Math.abs(g.dx - tx) > 0.5) {
        // TJ numbers are thousandths of text space, subtracted from the position.
        tj.push(fmt((-(g.dx - tx) * 1000) / s.upem));
      }
      tj.push(`<${escapeForHexGid(g.gid)}>`);
      tx = g.dx + s.advanceOf(g.gid);
      ty = g.dy;
    }
    flush();
    parts.push('ET EMC Q');
    return parts.join(' ') + '\n';
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
