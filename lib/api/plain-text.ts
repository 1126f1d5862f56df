/**
 * Rules for the free text people type (names, the polling-station address): it is stored in PostgreSQL
 * (whose text cannot hold NUL), printed on slips and shown to admins, so it must be plain text.
 *  - control characters (C0, DEL, C1: U+0000–U+001F, U+007F–U+009F) are refused, except the ordinary
 *    whitespace a paste brings (tab, line feed, vertical tab, form feed, carriage return);
 *  - every run of whitespace (those, no-break and other Unicode spaces) becomes one space, trimmed;
 *  - text with no visible character (only combining marks, only format characters such as U+200D) is refused.
 */

/** Tab, line feed, vertical tab, form feed, carriage return: controls that are whitespace, normalised instead of refused. */
const WHITESPACE_CONTROLS = /[\t\n\v\f\r]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/gu;
/** A letter, digit, punctuation mark or symbol: what shows on paper. Marks, format characters and spaces do not. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** The control characters in a text (each once, in order of appearance), whitespace controls excepted. */
export function controlCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(CONTROL)) if (!WHITESPACE_CONTROLS.test(match[0])) found.add(match[0]);
  return [...found];
}

/** Runs of whitespace of any kind as one space, trimmed. */
export function normaliseSpaces(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Whether a text shows anything: at least one letter, digit, punctuation mark or symbol. */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}

/** "U+0000, U+001B": code points for a message (control characters have no face to show). */
export function codePoints(characters: readonly string[], max = 4): string {
  const shown = characters.slice(0, max).map((c) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`);
  return characters.length > max ? `${shown.join(', ')} …` : shown.join(', ');
}
