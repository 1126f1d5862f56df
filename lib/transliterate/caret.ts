/** Finding and replacing the Latin word under the caret in an address being typed. */
export interface WordRange {
  word: string;
  start: number;
  end: number;
}

const LATIN = /[A-Za-z]/;

/**
 * The run of Latin letters touching the caret (before or after it), or null. Digits, punctuation,
 * spaces and Devanagari are not part of a word, so `12/rampur` at the end gives `rampur`.
 */
export function latinWordAt(text: string, caret: number): WordRange | null {
  const at = Math.max(0, Math.min(caret, text.length));
  let start = at;
  while (start > 0 && LATIN.test(text[start - 1])) start--;
  let end = at;
  while (end < text.length && LATIN.test(text[end])) end++;
  if (start === end) return null;
  return { word: text.slice(start, end), start, end };
}

/** Replaces `range` in `text` with `replacement` (+ `after`), and says where the caret goes. */
export function replaceRange(text: string, range: { start: number; end: number }, replacement: string, after = ''): { text: string; caret: number } {
  const inserted = replacement + after;
  return { text: text.slice(0, range.start) + inserted + text.slice(range.end), caret: range.start + inserted.length };
}
