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

/** The modules of the payload's code, row by row (true = dark), inside a quiet zone of two light modules. */
export function qrModules(payload: string): boolean[][] {
  return encodeQR(payload, 'raw', { ecc: 'medium', encoding: 'alphanumeric', border: 2, mask: QR_MASK });
}

/**
 * Content-stream operators that draw the code as one filled vector path in the square at (x, y) of side
 * `size`, its quiet zone included: rectangles in module units under one `cm`, each a run of dark modules
 * in a row grown down over the rows that repeat it (the finder squares become a handful of rectangles,
 * not 21 rows of runs), so that a page of codes stays small. Black on the page's white.
 */
export function qrOps(payload: string, x: number, y: number, size: number): string {
  const modules = qrModules(payload);
  const n = modules.length;
  const unit = size / n;
  const covered = new Uint8Array(n * n);
  let ops = `q ${fmt5(unit)} 0 0 ${fmt5(unit)} ${fmt2(x)} ${fmt2(y)} cm 0 g`;
  for (let r = 0; r < n; r++) {
    const row = modules[r];
    let c = 0;
    while (c < n) {
      if (!row[c] || covered[r * n + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && row[c] && !covered[r * n + c]) c++;
      // grow down while the next row has the same run, dark and not yet drawn
      let height = 1;
      for (let below = r + 1; below < n; below++) {
        const next = modules[below];
        let same = true;
        for (let k = start; k < c && same; k++) same = next[k] && !covered[below * n + k];
        if (!same) break;
        for (let k = start; k < c; k++) covered[below * n + k] = 1;
        height++;
      }
      ops += ` ${start} ${n - r - height} ${c - start} ${height} re`;
    }
  }
  return `${ops} f Q\n`;
}
