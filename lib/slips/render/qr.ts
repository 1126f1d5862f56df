import { PDFRawStream, type PDFContext, type PDFRef } from '@cantoo/pdf-lib';
import encodeQR from 'qr';
import type { VoterRecord } from '../types';
import { LITERAL_ESCAPE } from './literal';
import { fmt2, fmt5 } from './num';

/**
 * The QR code on a slip, as on the official voter information slip: who the slip is for, in a compact
 * text a phone camera reads from a printed A4 sheet.
 *
 * Payload (version 1): `V1 <EPIC> <assembly> <part> <serial>` — five fields separated by one space, `-`
 * for a field the roll or list does not state. Only capital letters, digits, `/`, `-` and spaces, so
 * the code uses QR's alphanumeric mode (11 bits for two characters): "V1 ABC1234567 137 12 345" fits a
 * version-2 code (25 × 25 modules) at error correction level M.
 *
 * Encoded by `qr` (paulmillr, MIT/Apache-2.0, no dependencies) with one fixed mask (`npm run bench -- render`
 * prints what the facts line and the QR code cost on 100,000 slips).
 */
export const QR_PAYLOAD_VERSION = 'V1';

/** A field as the alphanumeric set allows: upper case, digits, `/` and `-`; anything else becomes `-`. */
function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const text = String(value).trim().toUpperCase();
  if (text === '') return '-';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // 0-9, A-Z, / and -
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || c === 0x2f || c === 0x2d)) return '-';
  }
  return text;
}

export function qrPayload(voter: Pick<VoterRecord, 'epic' | 'part' | 'serial' | 'assemblyEntry'>, assembly?: string | null): string {
  return [QR_PAYLOAD_VERSION, field(voter.epic), field(assembly ?? voter.assemblyEntry?.assemblyNumber), field(voter.part), field(voter.serial)].join(' ');
}

/** The payload's fields back (tests, and anyone reading the codes). */
export function parseQrPayload(text: string): { epic: string | null; assembly: string | null; part: string | null; serial: number | null } | null {
  const parts = text.split(' ');
  if (parts.length !== 5 || parts[0] !== QR_PAYLOAD_VERSION) return null;
  const value = (v: string) => (v === '-' ? null : v);
  return { epic: value(parts[1]), assembly: value(parts[2]), part: value(parts[3]), serial: parts[4] === '-' ? null : Number(parts[4]) };
}

/**
 * One mask for every code (the standard lets an encoder pick any of the eight; readers take it from the
 * code's format bits). Scoring all eight for each code costs a large share of the encoding time, 100,000 codes a task
 * can hold, and the tests decode every code on rendered pages with this mask.
 */
const QR_MASK = 2;
/** Light modules around the code, a side (the standard asks 4; 2 reads well on a white slip and keeps the code larger). */
export const QR_QUIET_ZONE = 2;
/** QR's alphanumeric characters in value order (ISO/IEC 18004, table 5). */
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const ALPHANUMERIC_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHANUMERIC.length; i++) ALPHANUMERIC_VALUE[ALPHANUMERIC.charCodeAt(i)] = i;

function libraryCode(payload: string): boolean[][] {
  return encodeQR(payload, 'raw', { ecc: 'medium', encoding: 'alphanumeric', border: QR_QUIET_ZONE, mask: QR_MASK });
}

/**
 * A code as rows of bits (bit c of a row: column c dark), for codes of at most 32 modules a side
 * (versions 1 to 3: payloads up to 61 characters at level M; a longer one comes from the encoder).
 *
 * The rows are an affine function of the payload's bits. With the version, the level and the mask fixed,
 * Reed–Solomon error correction is linear over GF(2), interleaving and placement only move bits, and
 * masking flips fixed modules; character pair k's 11 bits always sit at the same place in the data (after
 * the 4 mode bits and the 9 length bits), whatever the payload's length, and a last lone character's 6 bits
 * where a pair's first 6 would be. So the code of a payload is the code of the all-zero payload of its
 * length (which holds the length, the terminator and the padding), XOR, for each pair, the modules its value
 * flips — learnt once per version and pair by asking the encoder for codes with one bit of that pair set, and
 * kept as a table of every value of the pair. Encoding 100,000 codes then costs one XOR a row for each pair
 * instead of 100,000 runs of the encoder; a test checks the two agree on every module.
 */
interface PairFlips {
  /** the rows flipped by each value of the pair (its two characters' values, the first times 45 plus the second), `size` words an entry */
  value: Uint32Array | null;
  /** the rows flipped by each value of a lone last character in this pair's place */
  lone: Uint32Array | null;
}
interface VersionFlips {
  size: number;
  pairs: PairFlips[];
}
/** The all-zero payload's code per length; null where it is wider than 32 modules. */
const zeros = new Map<number, Uint32Array | null>();
/** The learnt flips per code size (version). */
const versions = new Map<number, VersionFlips>();

function rowsOf(modules: boolean[][]): Uint32Array | null {
  const size = modules.length - 2 * QR_QUIET_ZONE;
  if (size > 32) return null;
  const rows = new Uint32Array(size);
  for (let r = 0; r < size; r++) {
    const line = modules[r + QR_QUIET_ZONE];
    let bits = 0;
    for (let c = 0; c < size; c++) if (line[c + QR_QUIET_ZONE]) bits |= 1 << c;
    rows[r] = bits >>> 0;
  }
  return rows;
}

function zeroCode(length: number): Uint32Array | null {
  let rows = zeros.get(length);
  if (rows === undefined) {
    rows = rowsOf(libraryCode('0'.repeat(length)));
    zeros.set(length, rows);
  }
  return rows;
}

/**
 * Pair k's flips in a code of `length` characters (whose all-zero code is `zero`): learnt from codes of this
 * length with one bit set — bits `from`..`to` of the pair's value, which a lone last character sets as its own
 * bits `from - 5`.. — and tabled for every value of those bits.
 */
function learnFlips(length: number, zero: Uint32Array, k: number, from: number, to: number): Uint32Array {
  const size = zero.length;
  const lone = 2 * k + 1 === length;
  const base = '0'.repeat(length);
  const single: Uint32Array[] = [];
  for (let j = from; j <= to; j++) {
    const value = 1 << j;
    const chars = lone ? ALPHANUMERIC[value >> 5] : `${ALPHANUMERIC[Math.floor(value / 45)]}${ALPHANUMERIC[value % 45]}`;
    const rows = rowsOf(libraryCode(`${base.slice(0, 2 * k)}${chars}${base.slice(2 * k + chars.length)}`))!;
    for (let r = 0; r < size; r++) rows[r] ^= zero[r];
    single.push(rows);
  }
  const table = new Uint32Array((1 << single.length) * size);
  for (let v = 1; v < 1 << single.length; v++) {
    // a value's flips: those of the value without its lowest set bit, and that bit's
    const bit = 31 - Math.clz32(v & -v);
    const rest = v & (v - 1);
    for (let r = 0; r < size; r++) table[v * size + r] = table[rest * size + r] ^ single[bit][r];
  }
  return table;
}

/** Pair k's flips for every value of its 11 bits: the flips of the low 5 bits' value XOR those of the high 6 bits'. */
function pairFlips(length: number, zero: Uint32Array, k: number): Uint32Array {
  const size = zero.length;
  const low = learnFlips(length, zero, k, 0, 4);
  const high = learnFlips(length, zero, k, 5, 10);
  const table = new Uint32Array(45 * 45 * size);
  for (let v = 0; v < 45 * 45; v++) {
    const l = (v & 31) * size;
    const h = (v >> 5) * size;
    for (let r = 0; r < size; r++) table[v * size + r] = low[l + r] ^ high[h + r];
  }
  return table;
}

function alphanumericValue(payload: string, i: number): number {
  const code = payload.charCodeAt(i);
  const v = code < 128 ? ALPHANUMERIC_VALUE[code] : -1;
  if (v < 0) throw new RangeError(`"${payload[i]}" is not a QR alphanumeric character`);
  return v;
}

/** The rows of the code last worked out by `codeRows` (one buffer: a task draws 100,000 codes). */
const CODE = new Uint32Array(32);

/** The flips tables and entries a payload's characters pick (codeRows), one per pair and one for a lone last character. */
const PICKED: Uint32Array[] = [];
const PICKED_AT = new Int32Array(64);

/**
 * Fills CODE with the payload's code from the learnt flips; returns its size, or 0 for a code wider than 32 modules.
 * The picked entries are XORed four at a time into each row (a row read and written once for four pairs, not four
 * times): entry 0 of every table is no flip at all, so the last group is filled up with it.
 */
function codeRows(payload: string): number {
  const length = payload.length;
  const zero = zeroCode(length);
  if (!zero) return 0;
  const size = zero.length;
  let version = versions.get(size);
  if (!version) {
    version = { size, pairs: [] };
    versions.set(size, version);
  }
  const pairs = version.pairs;
  let n = 0;
  for (let i = 0, k = 0; i < length; i += 2, k++) {
    const pair = (pairs[k] ??= { value: null, lone: null });
    if (i + 1 < length) {
      PICKED[n] = pair.value ??= pairFlips(length, zero, k);
      PICKED_AT[n++] = (alphanumericValue(payload, i) * 45 + alphanumericValue(payload, i + 1)) * size;
    } else {
      PICKED[n] = pair.lone ??= learnFlips(length, zero, k, 5, 10);
      PICKED_AT[n++] = alphanumericValue(payload, i) * size;
    }
  }
  while ((n & 3) !== 0) {
    PICKED[n] = PICKED[0];
    PICKED_AT[n++] = 0;
  }
  CODE.set(zero);
  for (let g = 0; g < n; g += 4) {
    const t0 = PICKED[g];
    const t1 = PICKED[g + 1];
    const t2 = PICKED[g + 2];
    const t3 = PICKED[g + 3];
    const a0 = PICKED_AT[g];
    const a1 = PICKED_AT[g + 1];
    const a2 = PICKED_AT[g + 2];
    const a3 = PICKED_AT[g + 3];
    for (let r = 0; r < size; r++) CODE[r] ^= t0[a0 + r] ^ t1[a1 + r] ^ t2[a2 + r] ^ t3[a3 + r];
  }
  return size;
}

/** The modules of the payload's code, row by row (true = dark), inside its quiet zone. */
export function qrModules(payload: string): boolean[][] {
  const size = codeRows(payload);
  if (size === 0) return libraryCode(payload);
  const q = QR_QUIET_ZONE;
  return Array.from({ length: size + 2 * q }, (_, r) =>
    Array.from({ length: size + 2 * q }, (_, c) => {
      const row = r - q;
      const col = c - q;
      return row >= 0 && col >= 0 && row < size && col < size && ((CODE[row] >>> col) & 1) === 1;
    }),
  );
}

/**
 * Drawing a code: as text in a font of 256 glyphs (a Type 3 font, whose glyphs are vector paths), one glyph
 * per window of 8 modules of a row, its code the window's 8 bits, one line of glyphs per row of modules. A code
 * of 25 modules is 25 lines of 4 glyphs, about 200 bytes with its place (rectangles took 1,450), and no
 * per-module work.
 *
 * Two dark neighbours in different glyphs would be two fills meeting at an edge, which a viewer anti-aliases
 * into a faint light seam: every dark module reaches QR_BLEED of a module down into the row below (another
 * line of glyphs), and a glyph's dark module on its right column as far into the next glyph, so that such
 * neighbours overlap instead. A light module below or beside them loses that sliver of its edge, never its
 * centre, where a reader samples it.
 *
 * Why rows of 8: each line of glyphs is placed on its own, and a rasteriser may round a Type 3 glyph's place
 * to its pixel grid. A line per row of modules keeps every row's edges where they belong. Windows of 2 rows × 4
 * columns side by side down a column (half the lines) put the inner edge of each pair off by that rounding: of
 * 16 codes rasterised at 150 dpi, 16 slips per A4 page, 1 decoded. Overlapping them (row r's glyphs cover rows
 * r and r + 1) wrote every module twice, 276 bytes a code, and at 120 dpi 9 of 32 codes decoded (all do now).
 *
 * The glyphs read as spaces (ToUnicode), and the code sits in a span whose ActualText is empty, so text
 * extraction and search see nothing there.
 */
/** The glyph font's name in a page's /Font resources. */
export const QR_FONT = 'Q';
/** Modules a glyph covers across (and the step to the next glyph of a row). */
const GLYPH_COLS = 8;
/** How far, in modules, a dark module reaches down into the row below, and right into the next glyph from a glyph's right column. */
export const QR_BLEED = 0.25;

/** Glyph `code`'s procedure: bit c the window's module c (left to right), runs of dark modules as rectangles filled once. */
function glyphProc(code: number): string {
  let ops = `${GLYPH_COLS} 0 0 ${-QR_BLEED} ${GLYPH_COLS + QR_BLEED} 1 d1`;
  let c = 0;
  while (c < GLYPH_COLS) {
    if (((code >> c) & 1) === 0) {
      c++;
      continue;
    }
    const start = c;
    while (c < GLYPH_COLS && ((code >> c) & 1) === 1) c++;
    ops += ` ${start} ${-QR_BLEED} ${c - start + (c === GLYPH_COLS ? QR_BLEED : 0)} ${1 + QR_BLEED} re`;
  }
  return code === 0 ? ops : `${ops} f`;
}

/** A ToUnicode map reading every glyph as a space, for viewers that take text from glyphs and not from the span's empty ActualText. */
function spacesCMap(): string {
  const blocks: string[] = [];
  for (let from = 0; from < 256; from += 100) {
    const codes = Array.from({ length: Math.min(100, 256 - from) }, (_, i) => `<${(from + i).toString(16).padStart(2, '0')}> <0020>`);
    blocks.push(`${codes.length} beginbfchar\n${codes.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    ...blocks,
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
}

/** The glyph font, registered in `ctx` (once per document that draws codes): glyph units are modules. */
export function qrFont(ctx: PDFContext): PDFRef {
  const procs: Record<string, PDFRef> = {};
  const names: string[] = [];
  for (let code = 0; code < 256; code++) {
    const name = `m${code}`;
    names.push(name);
    procs[name] = ctx.register(PDFRawStream.of(ctx.obj({}), Buffer.from(glyphProc(code), 'latin1')));
  }
  return ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, -QR_BLEED, GLYPH_COLS + QR_BLEED, 1],
      FontMatrix: [1, 0, 0, 1, 0, 0],
      CharProcs: procs,
      Encoding: { Type: 'Encoding', Differences: [0, ...names] },
      FirstChar: 0,
      LastChar: 255,
      Widths: Array<number>(256).fill(GLYPH_COLS),
      Resources: {},
      ToUnicode: ctx.register(PDFRawStream.of(ctx.obj({}), Buffer.from(spacesCMap(), 'latin1'))),
    }),
  );
}


/** The most bytes `writeRows` writes for a code of `n` modules a side: each row of glyphs `(…)'`, every glyph escaped. */
const rowsRoom = (n: number): number => n * (2 * Math.ceil(n / GLYPH_COLS) + 3);

/**
 * Writes the rows of glyphs of a code of `n` modules a side into `out` from `at` (room for `rowsRoom(n)` bytes):
 * one `(…)'` per row of modules, a row's last light windows left out (nothing follows them on the line). Module
 * row r is `words` words of `rows` from r × words, column c at bit c % 32 of its word c / 32 (a window of 8
 * columns never straddles two words). Returns where the writing ends.
 */
function writeRows(out: Buffer, at: number, n: number, rows: Uint32Array, words: number): number {
  for (let r = 0; r < n; r++) {
    const row = r * words;
    out[at++] = 0x28; // (
    let end = at;
    for (let c = 0; c < n; c += GLYPH_COLS) {
      const word = c >> 5;
      const shift = c & 31;
      const code = (rows[row + word] >>> shift) & 255;
      const escaped = LITERAL_ESCAPE[code];
      if (escaped !== 0) out[at++] = 0x5c;
      out[at++] = escaped === 0 ? code : escaped;
      if (code !== 0) end = at;
    }
    at = end;
    out[at++] = 0x29; // )
    out[at++] = 0x27; // '
  }
  return at;
}

/** A code of more than 32 modules a side, from the encoder, as writeRows reads it; returns its size and words a row. */
function wideCode(payload: string): { n: number; rows: Uint32Array; words: number } {
  const modules = libraryCode(payload);
  const n = modules.length - 2 * QR_QUIET_ZONE;
  const words = Math.ceil(n / 32);
  const rows = new Uint32Array(n * words);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (modules[r + QR_QUIET_ZONE][c + QR_QUIET_ZONE]) rows[r * words + (c >> 5)] |= 1 << (c & 31);
  }
  return { n, rows, words };
}

/**
 * The QR codes of one page, drawn black on the page's white in one text object in the glyph font (`qrFont`, named
 * QR_FONT in the page's resources): for each code, the font set to the size of one module, the text matrix moved
 * to the code's corner, then one string of window glyphs per row of modules, `'` moving down one module.
 *
 * The bytes are written straight into one buffer, page after page (a task draws 100,000 codes), for a content
 * stream of the page's codes alone, which the renderer writes uncompressed: to a compressor the glyphs are nearly
 * random bytes. Deflating them halved them, and cost more CPU than all the rest of drawing the codes (`npm run
 * bench -- render` prints what the codes cost in all, beside renders without them).
 */
export class PageCodes {
  private out = Buffer.alloc(64 * 1024);
  private at = 0;
  private unit = Number.NaN;

  private room(bytes: number): void {
    if (this.at + bytes <= this.out.length) return;
    const grown = Buffer.alloc(Math.max(2 * this.out.length, this.at + bytes));
    this.out.copy(grown, 0, 0, this.at);
    this.out = grown;
  }

  private write(text: string): void {
    this.room(text.length);
    this.at += this.out.write(text, this.at, 'latin1');
  }

  /** Adds the payload's code in the square at (x, y) of side `size`, its quiet zone included, in page space. */
  add(payload: string, x: number, y: number, size: number): void {
    if (this.at === 0) this.write('q 0 g /Span<</ActualText()>>BDC BT 0 Tc 0 Tw 100 Tz 0 Tr');
    let n = codeRows(payload);
    let rows: Uint32Array = CODE;
    let words = 1;
    if (n === 0) {
      // a code wider than 32 modules (a payload longer than any a slip has)
      ({ n, rows, words } = wideCode(payload));
    }
    const q = QR_QUIET_ZONE;
    const unit = size / (n + 2 * q);
    if (unit !== this.unit) {
      this.unit = unit;
      this.write(` /${QR_FONT} ${fmt5(unit)} Tf ${fmt5(unit)} TL`);
    }
    // the first ' moves down to the first row of glyphs, whose modules lie between their baseline and a module above it
    this.write(`\n1 0 0 1 ${fmt2(x + q * unit)} ${fmt2(y + (n + q) * unit)} Tm `);
    this.room(rowsRoom(n));
    this.at = writeRows(this.out, this.at, n, rows, words);
  }

  /** The page's codes as a content stream's bytes (a copy), or null when it has none; the next page starts empty. */
  take(): Buffer | null {
    if (this.at === 0) return null;
    this.write('\nET EMC Q\n');
    const bytes = Buffer.from(this.out.subarray(0, this.at));
    this.at = 0;
    this.unit = Number.NaN;
    return bytes;
  }
}
