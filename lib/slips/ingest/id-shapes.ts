import { editDistance, EPIC_CURRENT, EPIC_OLD, TO_DIGIT, TO_LETTER } from './epic';

/**
 * The ID shapes a roll uses, learnt from the roll itself. Besides the national EPIC (three letters,
 * seven digits) and the old `XX/nn/nnn/nnnnnn` numbers, which are known in advance (epic.ts), rolls
 * print IDs of their state's or their election body's own making: two letters and twelve digits
 * (`AP1208…`), a State Election Commission's numbers, and more. None is in a list here: the tokens
 * found where a roll's boxes print their ID are reduced to shapes, a shape that enough boxes carry is
 * accepted, and a box whose ID is still unread takes the token of an accepted shape. A token in an
 * odd shape that few boxes share stays unread: it is never forced into a shape it does not have.
 */

/** A shape's runs: letters (`A`) or digits (`D`) with their length, or a separator as printed. */
type Run = { kind: 'A' | 'D'; length: number } | { kind: 'sep'; char: string };

const SEPARATORS = /[/-]/;

function runsOf(token: string): Run[] {
  return [...token.matchAll(/[A-Z]+|[0-9]+|[/-]/g)].map(([run]) =>
    /[A-Z]/.test(run[0]) ? { kind: 'A', length: run.length } : /[0-9]/.test(run[0]) ? { kind: 'D', length: run.length } : { kind: 'sep', char: run },
  );
}

/**
 * A token's shape: its runs of letters (`A`) and digits (`D`) with their lengths, separators as
 * printed; runs that touch are spaced. "AP120812345678" is `A2 D12`, "GJ/21/141/006010" is
 * `A2/D2/D3/D6`, an EPIC `A3 D7`.
 */
export function shapeOf(token: string): string {
  let out = '';
  let last: Run['kind'] | null = null;
  for (const run of runsOf(token)) {
    if (run.kind === 'sep') out += run.char;
    else out += (last === 'A' || last === 'D' ? ' ' : '') + run.kind + run.length;
    last = run.kind;
  }
  return out;
}

/**
 * A token's shape as OCR read it: a lone letter between digits that OCR mistakes for a digit (the O in
 * "AP12O8…") counts as a digit, and a lone digit between letters as a letter, so that a confusion does
 * not make a shape of its own; readByShapes then repairs it (fitToShape).
 */
export function ocrShapeOf(token: string): string {
  const evened = token
    .replace(/(?<=[0-9])[A-Z](?=[0-9])/g, (c) => TO_DIGIT[c] ?? c)
    .replace(/(?<=[A-Z])[0-9](?=[A-Z])/g, (c) => TO_LETTER[c] ?? c);
  return shapeOf(evened);
}

/** A shape written out one class per character ("A2 D3" is "AADDD"), for comparing shapes by edits. */
function classString(shape: string): string {
  return [...shape.matchAll(/([AD])(\d+)|([/-])/g)].map((m) => (m[3] ? m[3] : m[1].repeat(Number(m[2])))).join('');
}

/** The pieces of a text that may be IDs: upper-cased, split at anything but letters, digits and separators. */
export function tokensOf(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9/-]+/g, ' ')
    .split(' ')
    .map((t) => t.replace(/^[/-]+|[/-]+$/g, ''))
    .filter(Boolean);
}

/**
 * Whether a token can be an ID at all: 6 to 24 characters with a letter and four digits at least, or
 * one run of 8 to 16 digits. A serial (five digits at most), an "AC/part/serial" entry, a date, a
 * reason letter are none.
 */
export function idLike(token: string): boolean {
  if (token.length < 6 || token.length > 24 || !/^[A-Z0-9/-]+$/.test(token)) return false;
  if (/^[0-9]{8,16}$/.test(token)) return true;
  return /[A-Z]/.test(token) && (token.match(/[0-9]/g) ?? []).length >= 4;
}

/** Whether a token is one of the known ID shapes in whole: an EPIC or an old-format number. */
export function knownId(token: string): boolean {
  return EPIC_CURRENT.exec(token)?.[1] === token || EPIC_OLD.exec(token)?.[1] === token;
}

/** One box's evidence for the learner: the tokens at its ID position, and whether OCR read them. */
export interface IdEvidence {
  tokens: string[];
  fromOcr: boolean;
}

export interface LearntShape {
  shape: string;
  /** boxes that carry a token of this shape */
  support: number;
}

/**
 * A shape is accepted when at least MIN_SUPPORT boxes carry it (a token seen once or twice may be a
 * misprint, a stamp's letters or an OCR slip: a roll's own ID scheme is printed in many boxes)...
 */
export const MIN_SUPPORT = 3;
/**
 * ...and at least this share of the boxes that hold an unread ID-like token carries it: the shape is
 * what those boxes print, not one of several scattered slips. A fifth leaves room for a roll that
 * mixes a few schemes (old state numbers and a local body's numbers beside EPICs).
 */
export const MIN_SHARE = 0.2;

/** Known shapes as class strings: the EPIC, and the old format's lengths (2 or 3 digits, then 5 to 7). */
const EPIC_CLASSES = 'AAADDDDDDD';
const OLD_CLASSES = [2, 3].flatMap((mid) => [5, 6, 7].map((tail) => `AA/DD/${'D'.repeat(mid)}/${'D'.repeat(tail)}`));

/**
 * Whether OCR could have made this shape out of a known ID by one slip (a letter read as a digit or
 * the reverse, a character lost or added): then OCR tokens of it are misread EPICs (or old-format
 * numbers, on a roll that prints them, slashes read as digits) rather than a scheme of the roll's
 * own, and only a text layer can show that the roll prints it. Shapes further away are the roll's.
 */
function nearKnown(shape: string, rollUsesOld: boolean): boolean {
  const classes = classString(shape);
  if (editDistance(classes, EPIC_CLASSES) <= 1) return true;
  if (!rollUsesOld) return false;
  const slashless = classes.replace(/[/-]/g, 'D');
  return OLD_CLASSES.some((old) => editDistance(classes, old) <= 1 || editDistance(slashless, old.replace(/\//g, 'D')) <= 1);
}

/**
 * The roll's own ID shapes beyond the known ones, most used first, from the boxes whose ID is still
 * unread (`unread`: each box's tokens at its ID position). `rollUsesOld`: the roll prints old-format
 * numbers somewhere (OCR slips of them are not a shape of its own).
 */
export function learnShapes(unread: IdEvidence[], rollUsesOld = false): LearntShape[] {
  const bySource = new Map<string, { text: number; ocr: number }>();
  let pool = 0;
  for (const box of unread) {
    const shapes = new Set(box.tokens.filter((t) => idLike(t) && !knownId(t)).map(box.fromOcr ? ocrShapeOf : shapeOf));
    if (shapes.size === 0) continue;
    pool++;
    for (const s of shapes) {
      const n = bySource.get(s) ?? { text: 0, ocr: 0 };
      if (box.fromOcr) n.ocr++;
      else n.text++;
      bySource.set(s, n);
    }
  }
  const learnt: LearntShape[] = [];
  for (const [shape, n] of bySource) {
    const support = nearKnown(shape, rollUsesOld) ? n.text : n.text + n.ocr;
    if (support >= MIN_SUPPORT && support >= pool * MIN_SHARE) learnt.push({ shape, support });
  }
  return learnt.sort((a, b) => b.support - a.support || a.shape.localeCompare(b.shape));
}

/**
 * A token as OCR read it, fitted to `shape` by position: a digit where the shape has a letter is read
 * as the letter it is mistaken for, and the reverse (O for 0, 1 for I, 5 for S, …); separators must
 * be where the shape has them. At most a quarter of the characters (two at least) may be fitted so:
 * more is another text, not this ID misread. Null when it does not fit.
 */
export function fitToShape(token: string, shape: string): string | null {
  const classes = classString(shape);
  if (token.length !== classes.length) return null;
  let fixed = '';
  let repairs = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    const want = classes[i];
    let out: string | undefined;
    if (want === 'A') out = /[A-Z]/.test(c) ? c : TO_LETTER[c];
    else if (want === 'D') out = /[0-9]/.test(c) ? c : TO_DIGIT[c];
    else out = c === want || (SEPARATORS.test(c) && SEPARATORS.test(want)) ? want : undefined;
    if (out === undefined) return null;
    if (out !== c) repairs++;
    fixed += out;
  }
  return repairs <= Math.max(2, Math.floor(token.length / 4)) ? fixed : null;
}

/** Each run of `n` neighbouring tokens written as one (an ID that OCR read with spaces inside). */
function joined(tokens: string[], n: number): string[] {
  return tokens.slice(n - 1).map((_, i) => tokens.slice(i, i + n).join(''));
}

/**
 * A box's ID read by the roll's learnt shapes (most used first): a token of that shape as printed, or,
 * read by OCR, a token (or two neighbours OCR split apart) fitted to it by position (fitToShape).
 * Null when no token fits any.
 */
export function readByShapes(tokens: string[], shapes: LearntShape[], fromOcr: boolean): string | null {
  const candidates = fromOcr ? [...tokens, ...joined(tokens, 2), ...joined(tokens, 3)] : tokens;
  for (const { shape } of shapes) {
    const exact = candidates.find((t) => shapeOf(t) === shape);
    if (exact) return exact;
    if (!fromOcr) continue;
    for (const t of candidates) {
      const fitted = fitToShape(t, shape);
      if (fitted) return fitted;
    }
  }
  return null;
}

/** A box's ID as the known shapes left it (epic.ts), and the text found at its ID position. */
export interface IdSlot {
  epic: string | null;
  fromOcr: boolean;
  idText: string;
}

/**
 * Whether OCR's EPIC was cut out of a longer token, or made of several, rather than read whole: then the
 * token may be an ID of the roll's own shape that the known shapes could only cut (an `AP…` ID with an
 * O read for a 0 is no old-format ID, and its first ten characters passed for an EPIC).
 */
function cutFromToken(it: IdSlot): boolean {
  if (!it.fromOcr || it.epic === null) return false;
  const epic = it.epic;
  return !tokensOf(it.idText).some((t) => t.length === epic.length);
}

/**
 * The roll's step for IDs of its own shapes: learns them from the boxes whose ID the known shapes left
 * unread (learnShapes), then reads those boxes by them (readByShapes), in place; and a box whose EPIC OCR
 * cut out of a longer token takes that token instead when it fits a learnt shape. Returns the shapes
 * accepted and how many IDs they gave.
 */
export function readByRollShapes(items: IdSlot[]): { shapes: LearntShape[]; read: number } {
  const unread = items.filter((it) => it.epic === null);
  const rollUsesOld = items.some((it) => it.epic !== null && EPIC_OLD.exec(it.epic)?.[1] === it.epic);
  const shapes = learnShapes(
    unread.map((it) => ({ tokens: tokensOf(it.idText), fromOcr: it.fromOcr })),
    rollUsesOld,
  );
  let read = 0;
  if (shapes.length === 0) return { shapes, read };
  for (const it of items) {
    const cut = cutFromToken(it);
    if (it.epic !== null && !cut) continue;
    const id = readByShapes(tokensOf(it.idText), shapes, it.fromOcr);
    // a cut EPIC gives way only to a token of another length (the one it was cut from)
    if (id && (!cut || id.length !== it.epic?.length)) {
      it.epic = id;
      read++;
    }
  }
  return { shapes, read };
}

/** A shape in words: "A2 D12" is "2 letters, 12 digits"; "A2/D2" is "2 letters, "/", 2 digits". */
export function shapeWords(shape: string): string {
  return [...shape.matchAll(/([AD])(\d+)|([/-])/g)]
    .map((m) => (m[3] ? `"${m[3]}"` : `${m[2]} ${m[1] === 'A' ? 'letter' : 'digit'}${m[2] === '1' ? '' : 's'}`))
    .join(', ');
}
