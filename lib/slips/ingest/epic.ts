/** EPIC (voter ID card) numbers: the current national format and older state formats. */
export const EPIC_CURRENT = /\b([A-Z]{3}[0-9]{7})\b/;
export const EPIC_OLD = /\b([A-Z]{2}\/[0-9]{2}\/[0-9]{2,3}\/[0-9]{5,7})\b/;

export function findEpic(text: string): string | null {
  const t = text.toUpperCase();
  const m = EPIC_CURRENT.exec(t) ?? EPIC_OLD.exec(t);
  return m ? m[1] : null;
}

const TO_DIGIT: Record<string, string> = { '/': '7', O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '1', J: '1', Z: '2', S: '5', B: '8', G: '6', A: '4', E: '8' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '3': 'B', '5': 'S', '7': 'T', '8': 'B', '6': 'G', '4': 'A' };

/** `letters` letters then digits, the usual OCR confusions fixed by position; null if it still is not. */
const SHAPES = { 2: /^[A-Z]{2}[0-9]{7}$/, 3: /^[A-Z]{3}[0-9]{7}$/ } as const;

function fixByPosition(run: string, letters: 2 | 3): string | null {
  const fixed = run.slice(0, letters).split('').map((c) => TO_LETTER[c] ?? c).join('') + run.slice(letters).split('').map((c) => TO_DIGIT[c] ?? c).join('');
  return SHAPES[letters].test(fixed) ? fixed : null;
}

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
      const fixed = fixByPosition(token.slice(s, s + 10), 3);
      if (fixed) return fixed;
    }
  }
  return null;
}

/**
 * An EPIC that OCR read with one prefix letter lost (seen: the "J" of a bold "GHJ" followed by a
 * wide gap): two letters then seven digits, confusions fixed by position. `repairEpicPrefixes`
 * completes it from the roll's dominant prefix; alone it is not an EPIC.
 */
export function epicFragmentFromOcr(text: string): string | null {
  const clean = text.toUpperCase().replace(/[^A-Z0-9]/g, ' ');
  for (const token of clean.split(/\s+/)) {
    const fixed = token.length === 9 ? fixByPosition(token, 2) : null;
    if (fixed) return fixed;
  }
  return null;
}

/** The prefixes that `fragment`'s two letters come from by losing one letter. */
function completions(fragmentLetters: string, prefixes: string[]): string[] {
  return prefixes.filter((p) => [0, 1, 2].some((k) => p.slice(0, k) + p.slice(k + 1) === fragmentLetters));
}

/**
 * Repairs OCR'd EPIC prefixes against the roll's dominant prefix: an EPIC read by OCR whose
 * 3-letter prefix differs by one letter from a prefix shared by most of the roll takes that
 * prefix, and a fragment (one prefix letter lost, see epicFragmentFromOcr) is completed when
 * exactly one dominant prefix fits it. Returns the number of EPICs changed.
 */
export function repairEpicPrefixes(items: { epic: string | null; fromOcr: boolean; fragment?: string | null }[]): number {
  const counts = new Map<string, number>();
  let total = 0;
  for (const it of items) {
    if (!it.epic || !/^[A-Z]{3}[0-9]{7}$/.test(it.epic)) continue;
    counts.set(it.epic.slice(0, 3), (counts.get(it.epic.slice(0, 3)) ?? 0) + 1);
    total++;
  }
  const common = [...counts.entries()].filter(([, n]) => n >= Math.max(3, total * 0.3)).map(([p]) => p);
  let repaired = 0;
  for (const it of items) {
    if (!it.fromOcr || it.epic || !it.fragment) continue;
    const fits = completions(it.fragment.slice(0, 2), common);
    if (fits.length === 1) {
      it.epic = fits[0] + it.fragment.slice(2);
      repaired++;
    }
  }
  for (const it of items) {
    if (!it.fromOcr || !it.epic || !/^[A-Z]{3}[0-9]{7}$/.test(it.epic)) continue;
    const prefix = it.epic.slice(0, 3);
    if (common.includes(prefix)) continue;
    const near = common.filter((c) => [0, 1, 2].filter((k) => c[k] !== prefix[k]).length === 1);
    if (near.length === 1) {
      it.epic = near[0] + it.epic.slice(3);
      repaired++;
    }
  }
  return repaired;
}
