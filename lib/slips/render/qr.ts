import qrcode from 'qrcode-generator';
import type { VoterRecord } from '../types';
import { fmt2 } from './num';

/**
 * The QR code on a slip, as on the official voter information slip: who the slip is for, in a compact
 * text a phone camera reads from a printed A4 sheet.
 *
 * Payload (version 1): `V1 <EPIC> <assembly> <part> <serial>` — five fields separated by one space, `-`
 * for a field the roll or list does not state. Only capital letters, digits, `/`, `-` and spaces, so
 * the code uses QR's alphanumeric mode (11 bits for two characters): "V1 ABC1234567 137 12 345" fits a
 * version-2 code (25 × 25 modules) at error correction level M.
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

/** The dark modules of the payload's code, row by row (true = dark), with no quiet zone. */
export function qrModules(payload: string): boolean[][] {
  const code = qrcode(0, 'M');
  code.addData(payload, 'Alphanumeric');
  code.make();
  const n = code.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => code.isDark(r, c)));
}

/**
 * Content-stream operators that draw the code as filled vector rectangles (one per run of dark modules
 * in a row) in the square at (x, y) of side `size`, a quiet zone of two modules included. Black on the
 * page's white.
 */
export function qrOps(payload: string, x: number, y: number, size: number): string {
  const modules = qrModules(payload);
  const n = modules.length;
  const quiet = 2;
  const unit = size / (n + 2 * quiet);
  const parts: string[] = ['q 0 g'];
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!modules[r][c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && modules[r][c]) c++;
      const left = x + (quiet + start) * unit;
      const top = y + size - (quiet + r) * unit;
      parts.push(`${fmt2(left)} ${fmt2(top - unit)} ${fmt2((c - start) * unit)} ${fmt2(unit)} re`);
    }
  }
  parts.push('f Q\n');
  return parts.join(' ');
}
