import { ocrPageText, type OcrWord, type TextModel } from '../engines/ocr';
import { COLUMN, toLines, type TextPiece } from '../engines/text-layer';
import { asciiDigits, maxOf, minOf } from '../numbers';
import { readHeader } from '../pdf/header';

/**
 * An image-only roll's cover as text: the words OCR reads on it, laid out in lines. What the lines
 * and numbers say is read by the roll's facts stage (pdf/roll-facts.ts).
 */

/** A scanned cover as OCR read it: its words read as numbers (digits only), and its text in lines. */
export interface ScannedCover {
  numbers: string[];
  lines: string[];
}

/** The share of the smaller of two word boxes that they have in common. */
function overlap(a: OcrWord, b: OcrWord): number {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return w <= 0 || h <= 0 ? 0 : (w * h) / Math.max(1, Math.min(a.width * a.height, b.width * b.height));
}

/**
 * A scanned cover's OCR words as text lines for the header reader (pdf/header.ts), laid out as a
 * text layer's lines are (engines/text-layer.ts toLines): words on one row joined, a wide gap marked as
 * a column break. OCR reads the digit 1 beside other digits as the Devanagari danda "।"; it is put
 * back. A line that starts well right of the page's text edge — a right-hand column or table cell
 * (the cover's "number of auxiliary stations" beside the station's address) — starts with a
 * COLUMN mark, so that no value runs on into it.
 */
export function coverLines(words: OcrWord[]): string[] {
  return placedCoverLines(words).map((l) => l.text);
}

/** coverLines, each line with the middle of its words (pixels from the image's top). */
function placedCoverLines(words: OcrWord[]): { middle: number; text: string }[] {
  // tesseract's layout sometimes reads one row twice, in two overlapping blocks (the second time
  // perhaps cut into other words): what lies mostly on a word already read is left out
  const kept: OcrWord[] = [];
  for (const w of words) if (!kept.some((k) => overlap(k, w) > 0.5)) kept.push(w);
  const byLine = new Map<string, OcrWord[]>();
  for (const w of kept) byLine.set(w.line, [...(byLine.get(w.line) ?? []), w]);
  const pieces: TextPiece[] = [];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const ws of byLine.values()) {
    // one row per tesseract line: its words share the middle and height of its typical word (a
    // vowel sign above or below one word does not move it, nor a line that spans two table rows)
    const y = -median(ws.map((w) => w.top + w.height / 2));
    const height = median(ws.map((w) => w.height));
    for (const w of ws) pieces.push({ str: w.text, x: w.left, y, width: w.width, height });
  }
  const lines = toLines(pieces);
  const starts = lines.map((l) => minOf(l.pieces.map((p) => p.x))).sort((a, b) => a - b);
  const right = maxOf(lines.map((l) => maxOf(l.pieces.map((p) => p.x + p.width))));
  // the text edge: where most lines start (a stray mark left of it does not move it)
  const edge = starts[Math.floor(starts.length * 0.1)] ?? 0;
  return lines.map((l) => {
    // the danda beside a digit, or alone before a number's dash after a label's colon ("नाम : ।-पुरानी"), is the digit 1
    const text = l.text.replace(/(?<=[0-9])।|।(?=[0-9])|(?<=[:：]\s*)।(?=\s*-)/gu, '1');
    const indented = minOf(l.pieces.map((p) => p.x)) - edge > (right - edge) * 0.3;
    return { middle: -l.y, text: indented ? COLUMN + text : text };
  });
}

/**
 * The models a scanned cover's or page header's text is tried with, in this order: Hindi (its character set holds
 * Latin letters and ASCII digits too: Hindi and Marathi, with English beside them), Gujarati, English. Nothing in
 * an image tells its script, and each model reads another's script as its own, with wrong digits: the Hindi model
 * reads a Gujarati cover's "137 - છોટાઉદેપુર" as "27 - छोटािटेपुर", and a bold English header as noise.
 */
const COVER_MODELS: readonly TextModel[] = ['hin', 'guj', 'eng'];

/**
 * A scanned cover's text lines (digits in ASCII), read with the model of its script (readInScript); the next model
 * is tried only while the part or the polling station, which every slip prints, is still missing. `image` is a PGM
 * at `dpi`; `first`: the model the roll's page headers were read in, tried first.
 */
export async function scannedCoverLines(image: Uint8Array, dpi: number, first?: TextModel | null): Promise<string[]> {
  return (await readInScript(image, dpi, (header) => Boolean(header.part && header.pollingStation), first)).lines.map((l) => l.text);
}

/**
 * A model's mean word confidence at or above this may be its own script's: each model reads another script's print
 * as garble it is less sure of (the Hindi model on Gujarati or English print: 24–49 on the fixture rolls and on
 * drawn ones; the Gujarati model on Hindi: 39–69), and its own at 69–95. Below it, the next model is tried even
 * where the read states what `enough` asks.
 */
const OWN_SCRIPT = 60;

/** Printed text in an image (PGM/PNG at `dpi`) read with one model: its lines (digits in ASCII), and the model's mean confidence in its words. */
export async function linesInModel(image: Uint8Array, dpi: number, model: TextModel): Promise<{ lines: { middle: number; text: string }[]; confidence: number }> {
  const words = await ocrPageText(image, dpi, model);
  const lines = placedCoverLines(words).map((l) => ({ ...l, text: asciiDigits(l.text) }));
  return { lines, confidence: words.length > 0 ? words.reduce((n, w) => n + w.confidence, 0) / words.length : 0 };
}

/**
 * Printed text in an image read with the model (COVER_MODELS) of its script: the one most sure of its words (a model
 * reading another script's print may still find a number after a label, and so the roll's facts, in its garble).
 * The next model is tried only while `enough` is not met by a read in its own script (OWN_SCRIPT). `first`: a model
 * to try before the others, the one another part of the same roll was read in (each model tried costs a read of the
 * whole image: a 288 dpi cover, 1–2 s). Digits in ASCII.
 */
export async function readInScript(
  image: Uint8Array,
  dpi: number,
  enough: (header: ReturnType<typeof readHeader>) => boolean,
  first?: TextModel | null,
): Promise<{ model: TextModel; lines: { middle: number; text: string }[] }> {
  let best: { model: TextModel; lines: { middle: number; text: string }[]; confidence: number } | null = null;
  const models = first ? [first, ...COVER_MODELS.filter((m) => m !== first)] : COVER_MODELS;
  for (const model of models) {
    const { lines, confidence } = await linesInModel(image, dpi, model);
    if (!best || confidence > best.confidence) best = { model, lines, confidence };
    if (confidence >= OWN_SCRIPT && enough(readHeader(lines.map((l) => l.text)))) break;
  }
  return best ?? { model: models[0], lines: [] };
}
