/** EPIC (voter ID card) numbers: the current national format and older state formats. */
export const EPIC_CURRENT = /\b([A-Z]{3}[0-9]{7})\b/;
export const EPIC_OLD = /\b([A-Z]{2}\/[0-9]{2}\/[0-9]{2,3}\/[0-9]{5,7})\b/;

export function findEpic(text: string): string | null {
  const t = text.toUpperCase();
  const m = EPIC_CURRENT.exec(t) ?? EPIC_OLD.exec(t);
  return m ? m[1] : null;
}

/** What OCR reads in place of a digit, and of a letter: the usual confusions, fixed by position. */
export const TO_DIGIT: Record<string, string> = { '/': '7', O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '1', J: '1', Z: '2', S: '5', B: '8', G: '6', A: '4', E: '8' };
export const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '3': 'B', '5': 'S', '7': 'T', '8': 'B', '6': 'G', '4': 'A' };

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
  // an old-format ID read with a slip (a slash lost or read as 7, a letter misread) is not forced
  // into the current shape, where it would pass for another voter's ID: repairEpicPrefixes may
  // complete it from the roll's own old-format IDs
  if (oldFormatToken(clean)) return null;
  for (const whole of clean.split(/\s+/)) {
    const token = withoutRunOn(whole);
    // a 4 after the letters read twice, as "A" and as "4" (GXPA4109633 for GXP4109633, at 150-200 dpi)
    const twice = /^([A-Z]{3})A(4[0-9A-Z]{6})/.exec(token);
    const fixed = twice ? fixByPosition(twice[1] + twice[2], 3) : token !== whole ? fixByPosition(token.slice(0, 10), 3) : null;
    if (fixed) return fixed;
  }
  for (const token of clean.split(/\s+/)) {
    if (anotherScheme(token)) continue;
    for (let s = 0; s + 10 <= token.length; s++) {
      const fixed = fixByPosition(token.slice(s, s + 10), 3);
      if (fixed) return fixed;
    }
  }
  return null;
}

/**
 * A token read whole as three letters (or fewer) then nine digits or more ("SEC041000131"): two digits
 * more than an EPIC carries, so an ID of another scheme rather than an EPIC with a slip, and its first
 * ten characters are no EPIC. IDs of other schemes are read by the roll's own shapes (id-shapes.ts).
 * (Fewer digits, or more letters, may be an EPIC misread: "GXPABE2460" is GXP4882460.)
 */
function anotherScheme(token: string): boolean {
  return /^[A-Z]{1,3}[0-9]{9,}$/.test(token);
}

/**
 * A token without what OCR ran on before the ID: the serial's digits or a ruled line read as I, J
 * or L ("50RRG4249447", "IRRG1000843…"), when three letters and a digit follow (an ID that starts
 * with I or J leaves two letters, and is kept whole).
 */
function withoutRunOn(token: string): string {
  return token.replace(/^[0-9IJL]{1,2}(?=[A-Z]{3}A?[0-9])/, '');
}

/**
 * A token that can only be an old-format ID as OCR read it (the state code, maybe after a stray
 * mark, then numbers between slashes, some lost or read as 7): two slashes at least, or at most two
 * letters followed by nine digits or slashes and more. A current ID (three letters, seven digits)
 * has neither shape, also when OCR runs it on into the number printed after it. Null when the
 * text holds none.
 */
function oldFormatToken(clean: string): string | null {
  const old = (t: string) =>
    /\d{4,}$/.test(t) &&
    !/^[A-Z]{3}\d{7}/.test(t) && // a current ID run on into the number printed after it (a ward list's "40/259/911")
    (((t.match(/\//g) ?? []).length >= 2 && /^[A-Z0-9]{1,3}[/7]?\d/.test(t)) || /^[A-Z]{1,2}[0-9/]{9,}$/.test(t));
  return clean.split(/\s+/).find(old) ?? null;
}

/** A fragment of a current-format ID that lost one prefix letter; any other fragment is old-format. */
const FRAGMENT_LOST_LETTER = /^[A-Z]{2}[0-9]{7}$/;

/**
 * What OCR saw of an ID it could not read whole, for `repairEpicPrefixes` to complete from the
 * roll's own IDs (alone it is not an EPIC): an old-format ID with a slip, as read; or a current ID
 * with one prefix letter lost (seen: the "J" of a bold "GHJ" followed by a wide gap), two letters
 * then seven digits, confusions fixed by position.
 */
export function epicFragmentFromOcr(text: string): string | null {
  const old = oldFormatToken(text.toUpperCase().replace(/[^A-Z0-9/]/g, ' '));
  if (old) return old;
  const clean = text.toUpperCase().replace(/[^A-Z0-9]/g, ' ');
  for (const token of clean.split(/\s+/)) {
    const fixed = token.length === 9 ? fixByPosition(token, 2) : null;
    if (fixed) return fixed;
  }
  return null;
}

/** Levenshtein distance, for short strings. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length];
}

/** An old-format ID's part before its number: everything up to its last slash ("GJ/21/141/"). */
function oldPrefix(epic: string): string {
  return epic.slice(0, epic.lastIndexOf('/') + 1);
}

/**
 * Old-format IDs of one part share their prefix (oldPrefix): the roll's dominant one (three IDs
 * and 30% of the old-format ones at least) and the length its numbers most often have.
 */
function dominantOldPrefix(epics: string[]): { prefix: string; tail: number } | null {
  const old = epics.filter((e) => EPIC_OLD.exec(e)?.[1] === e);
  const counts = new Map<string, number>();
  for (const e of old) counts.set(oldPrefix(e), (counts.get(oldPrefix(e)) ?? 0) + 1);
  const best = [...counts].sort((x, y) => y[1] - x[1])[0];
  if (!best || best[1] < Math.max(3, old.length * 0.3)) return null;
  const tails = new Map<number, number>();
  for (const e of old) if (e.startsWith(best[0])) tails.set(e.length - best[0].length, (tails.get(e.length - best[0].length) ?? 0) + 1);
  return { prefix: best[0], tail: [...tails].sort((x, y) => y[1] - x[1])[0][0] };
}

/**
 * An old-format ID completed from the roll's prefix: the fragment's last `tail` digits are the
 * number, and what comes before them must be the prefix as OCR misreads it (slashes lost or read
 * as 7, a letter misread: within two edits of it, slashes aside).
 */
function completeOld(fragment: string, dominant: { prefix: string; tail: number }): string | null {
  const digits = /\d+$/.exec(fragment)?.[0] ?? '';
  if (digits.length < dominant.tail) return null;
  const before = fragment.slice(0, fragment.length - dominant.tail).replace(/\//g, '');
  const prefix = dominant.prefix.replace(/\//g, '');
  return editDistance(before, prefix) <= 2 ? dominant.prefix + fragment.slice(fragment.length - dominant.tail) : null;
}

/** The prefixes that `fragment`'s two letters come from by losing one letter. */
function completions(fragmentLetters: string, prefixes: string[]): string[] {
  return prefixes.filter((p) => [0, 1, 2].some((k) => p.slice(0, k) + p.slice(k + 1) === fragmentLetters));
}

/**
 * Repairs OCR'd EPIC prefixes against the roll's common prefixes (each held by a tenth of its
 * current-format IDs at least, and three: a part often has two, such as AGP for 70% and GXP for
 * 25%): an EPIC read by OCR whose 3-letter prefix differs by one letter from exactly one of them
 * takes that prefix, and a fragment (one prefix letter lost, see epicFragmentFromOcr) is completed when
 * exactly one dominant prefix fits it. Old-format IDs likewise, against the roll's dominant
 * old-format prefix (repairOldFormat). Returns the number of EPICs changed.
 */
export function repairEpicPrefixes(items: { epic: string | null; fromOcr: boolean; fragment?: string | null }[]): number {
  const counts = new Map<string, number>();
  let total = 0;
  for (const it of items) {
    if (!it.epic || !/^[A-Z]{3}[0-9]{7}$/.test(it.epic)) continue;
    counts.set(it.epic.slice(0, 3), (counts.get(it.epic.slice(0, 3)) ?? 0) + 1);
    total++;
  }
  const common = [...counts.entries()].filter(([, n]) => n >= Math.max(3, total * 0.1)).map(([p]) => p);
  let repaired = 0;
  for (const it of items) {
    if (!it.fromOcr || it.epic || !it.fragment || !FRAGMENT_LOST_LETTER.test(it.fragment)) continue;
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
  repaired += repairOldFormat(items);
  return repaired;
}

/** Old-format IDs read by OCR, against the roll's dominant old-format prefix (see repairEpicPrefixes). */
function repairOldFormat(items: { epic: string | null; fromOcr: boolean; fragment?: string | null }[]): number {
  const dominant = dominantOldPrefix(items.map((it) => it.epic).filter((e): e is string => e !== null));
  if (!dominant) return 0;
  let repaired = 0;
  for (const it of items) {
    if (!it.fromOcr) continue;
    if (it.epic && EPIC_OLD.test(it.epic)) {
      const prefix = oldPrefix(it.epic);
      if (prefix !== dominant.prefix && prefix.length === dominant.prefix.length && editDistance(prefix, dominant.prefix) === 1) {
        it.epic = dominant.prefix + it.epic.slice(prefix.length);
        repaired++;
      }
    } else if (!it.epic && it.fragment && !FRAGMENT_LOST_LETTER.test(it.fragment)) {
      const completed = completeOld(it.fragment, dominant);
      if (completed) {
        it.epic = completed;
        repaired++;
      }
    }
  }
  return repaired;
}
