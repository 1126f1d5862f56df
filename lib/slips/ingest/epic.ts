/** EPIC (voter ID card) numbers: the current national format and older state formats. */
export const EPIC_CURRENT = /\b([A-Z]{3}[0-9]{7})\b/;
export const EPIC_OLD = /\b([A-Z]{2}\/[0-9]{2}\/[0-9]{2,3}\/[0-9]{5,7})\b/;

export function findEpic(text: string): string | null {
  const t = text.toUpperCase();
  const m = EPIC_CURRENT.exec(t) ?? EPIC_OLD.exec(t);
  return m ? m[1] : null;
}

const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '1', J: '1', Z: '2', S: '5', B: '8', G: '6', A: '4', E: '8' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B', '6': 'G', '4': 'A' };

/**
 * Reads an EPIC from OCR output: takes the most plausible 10-character run and fixes the usual
 * letter/digit confusions by position (3 letters, then 7 digits). Returns null when nothing fits.
 */
export function epicFromOcr(text: string): string | null {
  const clean = text.toUpperCase().replace(/[^A-Z0-9/]/g, ' ');
  const direct = findEpic(clean);
  if (direct) return direct;
  for (const token of clean.split(/\s+/)) {
    for (let s = 0; s + 10 <= token.length; s++) {
      const cand = token.slice(s, s + 10);
      const letters = cand.slice(0, 3).split('').map((c) => TO_LETTER[c] ?? c).join('');
      const digits = cand.slice(3).split('').map((c) => TO_DIGIT[c] ?? c).join('');
      const fixed = letters + digits;
      if (/^[A-Z]{3}[0-9]{7}$/.test(fixed)) return fixed;
    }
  }
  return null;
}
