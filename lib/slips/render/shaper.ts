/**
 * One font face shaped by HarfBuzz: glyphs and advances per word (cached), the code points it has
 * glyphs for, and the glyph → text hints its ToUnicode map is written from.
 */
import * as hb from 'harfbuzzjs';

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

/** One shaping font; cheap to keep for the process lifetime. */
export class Shaper {
  readonly upem: number;
  readonly ascender: number;
  readonly descender: number;
  readonly bbox: [number, number, number, number];
  /**
   * Glyph id → the text its cluster stands for, for the ToUnicode map (per font: glyph ids of two
   * fonts are unrelated). Deterministic given the same strings in the same order per process.
   */
  readonly toUnicodeHints = new Map<number, string>();
  private readonly font: hb.Font;
  /** One bit per code point the font's cmap maps. */
  private readonly coverage = new Uint8Array(0x110000 >> 3);

  constructor(bytes: Uint8Array) {
    const face = new hb.Face(new hb.Blob(bytes));
    this.font = new hb.Font(face);
    this.upem = face.upem;
    for (const cp of face.collectUnicodes()) this.coverage[cp >> 3] |= 1 << (cp & 7);
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

  /** Whether the font has a glyph for the code point. */
  covers(codePoint: number): boolean {
    return (this.coverage[codePoint >> 3] & (1 << (codePoint & 7))) !== 0;
  }

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
      if (!this.toUnicodeHints.has(glyphs[i].gid) && chars.length > 0) this.toUnicodeHints.set(glyphs[i].gid, chars);
    }
    const run: ShapedRun = { text: word, glyphs, advance: pen };
    if (this.words.size > 100_000) this.words.clear();
    this.words.set(word, run);
    return run;
  }
}
