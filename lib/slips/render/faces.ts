/**
 * The fonts slips are printed in, and which one draws which character. Noto Sans Devanagari comes
 * first (Hindi, Marathi, and the Latin and ₹ every label uses); the other Indian scripts a roll, an
 * Excel list or a typed address may be in follow, each in its Noto Sans face (TTFs from npm, read
 * from disk, never fetched). A face is read the first time one of its characters is met.
 */
import fs from 'node:fs';
import { Shaper } from './shaper';
import { resolvePackageFile } from '../../packages';

export interface FaceSpec {
  /** The script the face is here for, as a user would name it. */
  script: string;
  /** PostScript name, written as the PDF font's BaseFont. */
  fontName: string;
  /** The TTF, as a path inside node_modules. */
  packageFile: string;
}

function noto(script: string, family: string): FaceSpec {
  return {
    script,
    fontName: `NotoSans${family}-Regular`,
    packageFile: `@expo-google-fonts/noto-sans-${family.toLowerCase()}/400Regular/NotoSans${family}_400Regular.ttf`,
  };
}

/** In the order a character looks for a face that has it: the first is the primary face. */
export const FACES: readonly FaceSpec[] = [
  noto('Devanagari (Hindi, Marathi)', 'Devanagari'),
  noto('Gujarati', 'Gujarati'),
  noto('Bengali (Bengali, Assamese)', 'Bengali'),
  noto('Gurmukhi (Punjabi)', 'Gurmukhi'),
  noto('Odia', 'Oriya'),
  noto('Tamil', 'Tamil'),
  noto('Telugu', 'Telugu'),
  noto('Kannada', 'Kannada'),
  noto('Malayalam', 'Malayalam'),
];

export const PRIMARY_FACE = 0;

const fileBytes: (Uint8Array | undefined)[] = [];
/** The face's font file, read once per process. */
export function faceBytes(face: number): Uint8Array {
  let bytes = fileBytes[face];
  if (!bytes) {
    bytes = new Uint8Array(fs.readFileSync(resolvePackageFile(FACES[face].packageFile)));
    fileBytes[face] = bytes;
  }
  return bytes;
}

const shapers: (Shaper | undefined)[] = [];
/** The face's shaper, made once per process. */
export function shaperOf(face: number): Shaper {
  let s = shapers[face];
  if (!s) {
    s = new Shaper(faceBytes(face));
    shapers[face] = s;
  }
  return s;
}

/** Code point → the first face that has it, or -1 (no face has it). */
const faceOfCodePoint = new Map<number, number>();
function firstFaceCovering(codePoint: number): number {
  let face = faceOfCodePoint.get(codePoint);
  if (face === undefined) {
    face = FACES.findIndex((_, i) => shaperOf(i).covers(codePoint));
    faceOfCodePoint.set(codePoint, face);
  }
  return face;
}

/** A stretch of text drawn in one face. */
export interface FaceRun {
  face: number;
  text: string;
}

function isSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

/**
 * Calls `fn` for each run of `text` drawn in one face, in order.
 * A character stays in the current run's face while that face has it (so spaces, digits, punctuation
 * and joiners stay with the script around them) and otherwise moves to the first face that has it.
 * A character no face has stays where it is (it prints as the face's missing-glyph box;
 * `unprintableCharacters` finds these before anything is printed). It runs for every string on every
 * slip: a text in one face is handed over as it is, and nothing else is allocated for it.
 */
export function forEachRun(text: string, fn: (face: number, run: string) => void): void {
  const primary = shaperOf(PRIMARY_FACE);
  let i = 0;
  while (i < text.length) {
    const unit = text.charCodeAt(i);
    // Printable ASCII is in the primary face: the common case skips the coverage lookup.
    if ((unit < 0x20 || unit > 0x7e) && (isSurrogate(unit) || !primary.covers(unit))) break;
    i++;
  }
  if (i === text.length) {
    fn(PRIMARY_FACE, text);
    return;
  }
  let face = PRIMARY_FACE;
  let start = 0;
  for (let j = i; j < text.length; ) {
    const codePoint = text.codePointAt(j) as number;
    if (!shaperOf(face).covers(codePoint)) {
      const other = firstFaceCovering(codePoint);
      if (other >= 0 && other !== face) {
        if (j > start) fn(face, text.slice(start, j));
        face = other;
        start = j;
      }
    }
    j += codePoint > 0xffff ? 2 : 1;
  }
  fn(face, start === 0 ? text : text.slice(start));
}

/** The runs of `text`, each drawn in one face (see `forEachRun`). */
export function splitByFace(text: string): FaceRun[] {
  const runs: FaceRun[] = [];
  forEachRun(text, (face, run) => runs.push({ face, text: run }));
  return runs;
}

/** Characters of `text` no face has (white space and control characters aside), each once, in order. */
export function unprintableCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const ch of text) {
    const codePoint = ch.codePointAt(0) as number;
    if (/[\s\p{Cc}]/u.test(ch)) continue;
    if (firstFaceCovering(codePoint) < 0) found.add(ch);
  }
  return [...found];
}

/**
 * Characters quoted for a message, the first `max` of them: each isolated (FSI … PDI) so that
 * right-to-left letters (Urdu) do not reorder the sentence they are quoted in.
 */
export function quoteCharacters(characters: readonly string[], max = 8): string {
  const shown = characters.slice(0, max).map((c) => `"\u2068${c}\u2069"`);
  return characters.length > max ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** The scripts slips print besides Latin, for messages ("Devanagari (Hindi, Marathi), Gujarati, …"). */
export function printableScripts(): string[] {
  return FACES.map((f) => f.script);
}

/** Why an address cannot be printed: which characters, and what can be. */
export function unprintableAddressMessage(characters: readonly string[]): string {
  return `The polling station address holds characters the slips cannot print (${quoteCharacters(characters)}). Write it in English or in an Indian script the slips print: ${printableScripts().join(', ')}.`;
}
