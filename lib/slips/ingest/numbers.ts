/**
 * Serial numbers as rolls print them: ASCII or Indic digits (Devanagari, Bengali, Gurmukhi,
 * Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam), with or without thousands separators
 * ("1,005", Indian grouping "1,00,005").
 */
const INDIC_ZEROS = [0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66];

/** Indic digits replaced by ASCII ones; other characters unchanged. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0966-\u096F\u09E6-\u09EF\u0A66-\u0A6F\u0AE6-\u0AEF\u0B66-\u0B6F\u0BE6-\u0BEF\u0C66-\u0C6F\u0CE6-\u0CEF\u0D66-\u0D6F]/g, (d) => {
    const code = d.charCodeAt(0);
    const zero = INDIC_ZEROS.find((z) => code >= z && code <= z + 9) ?? code;
    return String(code - zero);
  });
}

const SERIAL = /^\s*(\d{1,5}|\d{1,3}(?:,\d{2,3})+)\s*$/;

/** The serial number a piece of text is, or null (a whole number of 1..99,999 and nothing else). */
export function serialOf(text: string): number | null {
  const m = SERIAL.exec(asciiDigits(text));
  if (!m) return null;
  const n = Number.parseInt(m[1].replace(/,/g, ''), 10);
  return n > 0 && n < 100_000 ? n : null;
}

/**
 * The largest of some numbers, or `empty` when there are none. A loop, not `Math.max(...values)`: a
 * spread passes every value as an argument, and a list of a few hundred thousand (an Excel list's rows)
 * overflows the call stack.
 */
export function maxOf(values: Iterable<number>, empty = -Infinity): number {
  let best = empty;
  let any = false;
  for (const v of values) {
    if (!any || v > best) best = v;
    any = true;
  }
  return any ? best : empty;
}

/** The smallest of some numbers, or `empty` when there are none (see maxOf). */
export function minOf(values: Iterable<number>, empty = Infinity): number {
  let best = empty;
  let any = false;
  for (const v of values) {
    if (!any || v < best) best = v;
    any = true;
  }
  return any ? best : empty;
}

/** Numbers as people list them: runs joined ("3–24"), the last one after "and" ("7, 9 and 12–14"); at most `max` items, then "…". */
export function numberList(values: readonly number[], max = 12): string {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push(j > i + 1 ? `${sorted[i]}–${sorted[j]}` : j === i + 1 ? `${sorted[i]}, ${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  const items = runs.join(', ').split(', ');
  if (items.length > max) return `${items.slice(0, max).join(', ')}, …`;
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
