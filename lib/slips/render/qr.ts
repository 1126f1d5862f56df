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

/** The modules of the payload's code, row by row (true = dark), inside its quiet zone. */
export function qrModules(payload: string): boolean[][] {
  const symbol = qrSymbol(payload);
  const n = symbol.size + 2 * QR_QUIET_ZONE;
  return Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => {
      const row = r - QR_QUIET_ZONE;
      const col = c - QR_QUIET_ZONE;
      return row >= 0 && col >= 0 && row < symbol.size && col < symbol.size && (symbol.bits(row, col) & 1) === 1;
    }),
  );
}

/** A code's modules, its quiet zone left out. */
export interface QrSymbol {
  /** modules a side */
  size: number;
  /** row `r`'s modules from column `c` on, five of them as bits (bit k: column c + k dark; 0 past the edge) */
  bits(r: number, c: number): number;
  /** the rows as bits (bit c: column c dark) for a code of at most 32 modules a side, else null */
  rows: Uint32Array | null;
}

/**
 * A code as rows of bits (bit c of a row: column c dark), for codes of at most 32 modules a side
 * (versions 1 to 3: payloads up to 61 characters at level M).
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

/** The payload's code: from the learnt flips when it is small enough, else from the encoder itself. */
export function qrSymbol(payload: string): QrSymbol {
  const length = payload.length;
  const zero = zeroCode(length);
  if (!zero) {
    const modules = libraryCode(payload);
    const size = modules.length - 2 * QR_QUIET_ZONE;
    return {
      size,
      rows: null,
      bits: (r, c) => {
        let bits = 0;
        for (let k = 0; k < 5 && c + k < size; k++) if (modules[r + QR_QUIET_ZONE][c + k + QR_QUIET_ZONE]) bits |= 1 << k;
        return bits;
      },
    };
  }
  const size = zero.length;
  let version = versions.get(size);
  if (!version) {
    version = { size, pairs: [] };
    versions.set(size, version);
  }
  const rows = zero.slice();
  for (let i = 0, k = 0; i < length; i += 2, k++) {
    const pair = (version.pairs[k] ??= { low: null, high: null });
    if (i + 1 < length) {
      const v = alphanumericValue(payload, i) * 45 + alphanumericValue(payload, i + 1);
      pair.low ??= learnFlips(length, zero, k, 0, 4);
      pair.high ??= learnFlips(length, zero, k, 5, 10);
      const low = (v & 31) * size;
      const high = (v >> 5) * size;
      for (let r = 0; r < size; r++) rows[r] ^= pair.low[low + r] ^ pair.high[high + r];
    } else {
      pair.high ??= learnFlips(length, zero, k, 5, 10);
      const high = alphanumericValue(payload, i) * size;
      for (let r = 0; r < size; r++) rows[r] ^= pair.high[high + r];
    }
  }
  return { size, rows, bits: (r, c) => (c >= 32 ? 0 : (rows[r] >>> c) & 31) };
}

/** Room for the rectangles of one code (at most 32 × 32 runs of ` 31 31 32 32 re`). */
const scratch = Buffer.alloc(32 * 32 * 15);

/** Writes the number (0–99) at `at` in `scratch` after a space; returns where it ends. */
function writeNumber(at: number, value: number): number {
  scratch[at++] = 0x20;
  if (value >= 10) scratch[at++] = 0x30 + Math.floor(value / 10);
  scratch[at++] = 0x30 + (value % 10);
  return at;
}

/**
 * The rectangles of a code of at most 32 modules a side given as rows of bits: a run is the lowest stretch
 * of a row's dark modules not yet drawn, grown down while the rows below repeat it; ` x y w h re` each, in
 * module units with the quiet zone around. Written as bytes (a code has a hundred or so), one string at the end.
 */
function runRects(rows: Uint32Array, n: number): string {
  const q = QR_QUIET_ZONE;
  const covered = new Uint32Array(n);
  let at = 0;
  for (let r = 0; r < n; r++) {
    let open = (rows[r] & ~covered[r]) >>> 0;
    while (open !== 0) {
      const start = 31 - Math.clz32(open & -open);
      const ones = ~(open >>> start) >>> 0;
      const length = ones === 0 ? 32 - start : 31 - Math.clz32(ones & -ones);
      const mask = (length >= 32 ? 0xffffffff : ((1 << length) - 1) << start) >>> 0;
      let height = 1;
      while (r + height < n && ((rows[r + height] & mask) >>> 0) === mask && (covered[r + height] & mask) === 0) {
        covered[r + height] |= mask;
        height++;
      }
      at = writeNumber(at, start + q);
      at = writeNumber(at, n + q - r - height);
      at = writeNumber(at, length);
      at = writeNumber(at, height);
      scratch[at++] = 0x20;
      scratch[at++] = 0x72; // r
      scratch[at++] = 0x65; // e
      open = (open & ~mask) >>> 0;
    }
  }
  return scratch.toString('latin1', 0, at);
}

/**
 * Content-stream operators that draw the code as one filled vector path in the square at (x, y) of side
 * `size`, its quiet zone included: rectangles in module units under one `cm`, each a run of dark modules
 * in a row grown down over the rows that repeat it (the finder squares become a handful of rectangles,
 * not 21 rows of runs), so that a page of codes stays small. One path filled once: no seams between
 * rectangles where a viewer anti-aliases. Black on the page's white.
 */
export function qrOps(payload: string, x: number, y: number, size: number): string {
  const symbol = qrSymbol(payload);
  const n = symbol.size;
  const q = QR_QUIET_ZONE;
  const unit = size / (n + 2 * q);
  let ops = `q ${fmt5(unit)} 0 0 ${fmt5(unit)} ${fmt2(x)} ${fmt2(y)} cm 0 g`;
  const rows = symbol.rows;
  if (rows) return `${ops}${runRects(rows, n)} f Q\n`;
  // a code wider than 32 modules (a payload longer than any a slip has): the same runs, module by module
  const dark = (r: number, c: number) => ((symbol.bits(r, c - (c % 5)) >> (c % 5)) & 1) === 1;
  const covered = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!dark(r, c) || covered[r * n + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && dark(r, c) && !covered[r * n + c]) c++;
      let height = 1;
      for (let below = r + 1; below < n; below++) {
        let same = true;
        for (let k = start; k < c && same; k++) same = dark(below, k) && !covered[below * n + k];
        if (!same) break;
        for (let k = start; k < c; k++) covered[below * n + k] = 1;
        height++;
      }
      ops += ` ${start + q} ${n + q - r - height} ${c - start} ${height} re`;
    }
  }
  return `${ops} f Q\n`;
}
