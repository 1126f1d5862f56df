import { PDFRawStream, type PDFContext, type PDFRef } from '@cantoo/pdf-lib';
import encodeQR from 'qr';
import type { VoterRecord } from '../types';
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
  return /^[A-Z0-9/-]+$/.test(text) ? text : '-';
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
 * kept as tables of every value of its low 5 and high 6 bits. Encoding 100,000 codes then costs a few XORs
 * a row instead of 100,000 runs of the encoder; a test checks the two agree on every module.
 */
interface PairFlips {
  /** the rows flipped by each value of the pair's low 5 bits, `size` words an entry (a lone character has none) */
  low: Uint32Array | null;
  /** likewise for its high 6 bits (a lone character's 6 bits) */
  high: Uint32Array | null;
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

function alphanumericValue(payload: string, i: number): number {
  const code = payload.charCodeAt(i);
  const v = code < 128 ? ALPHANUMERIC_VALUE[code] : -1;
  if (v < 0) throw new RangeError(`"${payload[i]}" is not a QR alphanumeric character`);
  return v;
}

/** The rows of the code last worked out by `codeRows` (one buffer: a task draws 100,000 codes). */
const CODE = new Uint32Array(32);

/** Fills CODE with the payload's code from the learnt flips; returns its size, or 0 for a code wider than 32 modules. */
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
  CODE.set(zero);
  for (let i = 0, k = 0; i < length; i += 2, k++) {
    const pair = (version.pairs[k] ??= { low: null, high: null });
    if (i + 1 < length) {
      const v = alphanumericValue(payload, i) * 45 + alphanumericValue(payload, i + 1);
      pair.low ??= learnFlips(length, zero, k, 0, 4);
      pair.high ??= learnFlips(length, zero, k, 5, 10);
      const low = (v & 31) * size;
      const high = (v >> 5) * size;
      for (let r = 0; r < size; r++) CODE[r] ^= pair.low[low + r] ^ pair.high[high + r];
    } else {
      pair.high ??= learnFlips(length, zero, k, 5, 10);
      const high = alphanumericValue(payload, i) * size;
      for (let r = 0; r < size; r++) CODE[r] ^= pair.high[high + r];
    }
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
 * per window of 2 rows × 4 columns of modules, its code the window's 8 bits. A code of 25 modules is 24
 * rows of 8 glyphs: about 390 bytes of content where rectangles took 1,450, and no per-module work.
 *
 * The windows overlap: the glyphs of row r cover rows r and r + 1, and the next glyph of a row starts
 * three columns on. So every two neighbouring modules, across or down (and every 2 × 2 block), are
 * drawn by one glyph, in one fill: no seam where a viewer anti-aliases two fills meeting at an edge.
 * A module may be drawn up to four times, always at the same place; only an anti-aliased edge pixel
 * gets slightly darker.
 *
 * The glyphs read as spaces (ToUnicode), and the code sits in a span whose ActualText is empty, so text
 * extraction and search see nothing there.
 */
/** The glyph font's name in a page's /Font resources. */
export const QR_FONT = 'Q';
/** Modules a glyph covers across; the next glyph of a row starts one column before this one ends. */
const GLYPH_COLS = 4;
const GLYPH_STEP = GLYPH_COLS - 1;

/** Glyph `code`'s procedure: bits 0–3 the upper row's modules (left to right), bits 4–7 the lower row's, as rectangles filled once. */
function glyphProc(code: number): string {
  let ops = `${GLYPH_STEP} 0 0 -1 ${GLYPH_COLS} 1 d1`;
  for (const [nibble, y] of [
    [code & 15, 0],
    [code >> 4, -1],
  ] as const) {
    let c = 0;
    while (c < GLYPH_COLS) {
      if (((nibble >> c) & 1) === 0) {
        c++;
        continue;
      }
      const start = c;
      while (c < GLYPH_COLS && ((nibble >> c) & 1) === 1) c++;
      ops += ` ${start} ${y} ${c - start} 1 re`;
    }
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
      FontBBox: [0, -1, GLYPH_COLS, 1],
      FontMatrix: [1, 0, 0, 1, 0, 0],
      CharProcs: procs,
      Encoding: { Type: 'Encoding', Differences: [0, ...names] },
      FirstChar: 0,
      LastChar: 255,
      Widths: Array<number>(256).fill(GLYPH_STEP),
      Resources: {},
      ToUnicode: ctx.register(PDFRawStream.of(ctx.obj({}), Buffer.from(spacesCMap(), 'latin1'))),
    }),
  );
}

/** Room for one code's glyph strings (grown for a larger code than any before). */
let text = Buffer.alloc(1024);

/** Writes glyph code `b` at `at` in `text` as a literal string's byte; returns where it ends. */
function writeGlyph(at: number, b: number): number {
  if (b === 0x28 || b === 0x29 || b === 0x5c) text[at++] = 0x5c;
  else if (b === 0x0d || b === 0x0a) {
    // an end of line inside a string is read as a line feed: written as an escape
    text[at++] = 0x5c;
    b = b === 0x0d ? 0x72 : 0x6e;
  }
  text[at++] = b;
  return at;
}

/** Window (r, c) of the code in CODE: modules c..c+3 of rows r and r + 1. */
const codeWindow = (r: number, c: number): number => ((CODE[r] >>> c) & 15) | (((CODE[r + 1] >>> c) & 15) << 4);

/**
 * Content-stream operators that draw the payload's code in the square at (x, y) of side `size`, its quiet
 * zone included, in the glyph font (`qrFont`, named QR_FONT in the page's resources): one string of
 * window glyphs per row, `'` moving down one module, in module units under one `cm`. Black on the page's white.
 */
export function qrOps(payload: string, x: number, y: number, size: number): string {
  let n = codeRows(payload);
  let window = codeWindow;
  if (n === 0) {
    // a code wider than 32 modules (a payload longer than any a slip has): its windows from the encoder's modules
    const modules = libraryCode(payload);
    n = modules.length - 2 * QR_QUIET_ZONE;
    const dark = (r: number, c: number) => (r < n && c < n && modules[r + QR_QUIET_ZONE][c + QR_QUIET_ZONE] ? 1 : 0);
    window = (r, c) => {
      let bits = 0;
      for (let k = 0; k < GLYPH_COLS; k++) bits |= (dark(r, c + k) << k) | (dark(r + 1, c + k) << (k + GLYPH_COLS));
      return bits;
    };
  }
  // each row: its windows, every byte escaped at worst, and `()'`
  const room = n * (2 * Math.ceil(n / GLYPH_STEP) + 3);
  if (text.length < room) text = Buffer.alloc(room);
  const q = QR_QUIET_ZONE;
  const unit = size / (n + 2 * q);
  let at = 0;
  for (let r = 0; r + 1 < n; r++) {
    text[at++] = 0x28; // (
    let end = at;
    for (let c = 0; c + 1 < n; c += GLYPH_STEP) {
      const code = window(r, c);
      at = writeGlyph(at, code);
      // a row's last light windows are left out: nothing follows them on the line
      if (code !== 0) end = at;
    }
    at = end;
    text[at++] = 0x29; // )
    text[at++] = 0x27; // '
  }
  return (
    `/Span<</ActualText()>>BDC q ${fmt5(unit)} 0 0 ${fmt5(unit)} ${fmt2(x)} ${fmt2(y)} cm 0 g ` +
    `BT /${QR_FONT} 1 Tf 1 TL 0 Tc 0 Tw 100 Tz 0 Tr ${q} ${n + q} Td ${text.toString('latin1', 0, at)} ET Q EMC\n`
  );
}
