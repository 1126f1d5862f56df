import sharp from 'sharp';
import { crop, toPgm, type Gray } from '../engines/image';
import { ocrPageText, ocrWords, type TextModel } from '../engines/ocr';
import { asciiDigits, minOf } from '../numbers';
import { placedCoverLines, readInScript } from './cover';
import type { Prepared } from './prepare';

/**
 * The header of an image-only voter page, read by OCR: the lines a roll prints above its boxes, such as the
 * assembly constituency and part, the section ("अनुभाग संख्या एवं नाम : 4-…", "વિભાગનો નંબર અને નામ 2-…") and,
 * on a supplement's pages, the list's heading ("ઘટક - 1 : વધારા યાદી 1"). A text roll gives these lines as
 * text; a scanned one only as pixels. The strip above a page's first row of ruled cells is read with the text
 * model of its script: the first strip decides the script (readInScript: the model under which its lines state
 * the assembly and the part), the others are read with that model on the page-text worker, beside the boxes'
 * OCR. Best effort: a strip that cannot be read gives no lines.
 */

/** A header line as read: its text, and its middle's height on the page (PDF points). */
export interface HeaderLine {
  y: number;
  text: string;
}

/**
 * A page's header as read: its lines by the text model, and on demand the numbers a digits-only read sees in it
 * (each word's first run of digits, without leading zeros). The text models drop or misread the digit 1 ("भाग
 * संख्या : 161" read as 6): a number the lines state counts only if the digits reader saw it too (confirmedNumber).
 * Only the header the roll's facts come from is checked so, so the digits are read only when asked for.
 */
export interface PageHeader {
  lines: HeaderLine[];
  numbers(): Promise<string[]>;
}

/** A header with its numbers read: what confirmedNumber checks against. */
export interface CheckedHeader {
  lines: HeaderLine[];
  numbers: string[];
}

/** Strips are read at this multiple of the render scale (288 dpi): at 144 the text models drop vowel signs. */
const UPSCALE = 2;
/** A strip lower than this (pixels at the render scale) holds no line of text. */
const MIN_STRIP = 12;

export class PageHeaders {
  private model: Promise<TextModel> | null = null;
  private readonly reads = new Map<number, Promise<HeaderLine[]>>();
  private readonly strips = new Map<number, Gray>();

  /** Starts reading the header of a prepared page (an upright page with ruled cells and room above them). */
  add(p: Prepared): void {
    if (this.reads.has(p.page) || p.rendered.rotation % 360 !== 0 || p.cells.length === 0) return;
    const top = minOf(p.cells.map((c) => c.y)) - 2;
    if (top < MIN_STRIP) return;
    const strip = crop(p.image, 0, 0, p.image.width, top);
    this.strips.set(p.page, strip);
    const image = upscaled(strip);
    const [, pdfTop] = p.rendered.toPdf(0, 0);
    const scale = p.rendered.scale * UPSCALE;
    const dpi = 72 * scale;
    let lines: Promise<{ middle: number; text: string }[]>;
    if (!this.model) {
      const first = image.then((png) => readInScript(png, dpi, (h) => Boolean(h.assemblyNumber && h.part)));
      this.model = first.then((r) => r.model);
      // awaited by the pages after this one; with none after it, a failure here is the page's own (read: no lines)
      this.model.catch(() => undefined);
      lines = first.then((r) => r.lines);
    } else {
      const model = this.model;
      lines = image.then(async (png) => placedCoverLines(await ocrPageText(png, dpi, await model)).map((l) => ({ ...l, text: asciiDigits(l.text) })));
    }
    const read = lines.then(
      (ls) => ls.map((l) => ({ y: pdfTop - l.middle / scale, text: l.text })),
      () => [],
    );
    this.reads.set(p.page, read);
  }

  /** The header read on each page, once all are read. */
  async all(): Promise<Map<number, PageHeader>> {
    const out = new Map<number, PageHeader>();
    for (const [page, read] of this.reads) {
      const strip = this.strips.get(page) as Gray;
      out.set(page, { lines: await read, numbers: () => digitsIn(strip) });
    }
    return out;
  }
}

/** The numbers a digits-only read sees in a strip (best effort: none when it cannot be read). */
async function digitsIn(strip: Gray): Promise<string[]> {
  const words = await ocrWords(toPgm(strip), 'page-numbers').catch(() => []);
  return words.flatMap((w) => /\d+/.exec(w.text)?.[0].replace(/^0+(?=\d)/, '') ?? []);
}

/** A grey strip as a PNG at UPSCALE times its size. */
async function upscaled(strip: Gray): Promise<Uint8Array> {
  const png = await sharp(Buffer.from(strip.data.buffer, strip.data.byteOffset, strip.data.length), { raw: { width: strip.width, height: strip.height, channels: 1 } })
    .resize(strip.width * UPSCALE, strip.height * UPSCALE)
    .png({ compressionLevel: 1 })
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.length);
}

/**
 * A supplement's heading as OCR read it, shown to the user ("5 voters are in the supplement …"), without what OCR
 * reads worst: the list's period in brackets (dates), and the list's own number before the heading, in the text
 * model's digits ("1- परिवर्धन सूची" read "4- परिवर्धन सूची"); a danda alone between separators is the digit 1.
 */
export function scannedHeading(text: string): string {
  return text
    .replace(/\s*[(（][^)）]*[)）]?\s*$/u, '')
    .replace(/(?<=[-–:：]\s*)।(?=\s*(?:[-–:：]|$))/gu, '1')
    .replace(/^\d{1,2}\s*[-–.:)]\s*/u, '')
    .replace(/[\s\-–:：]+$/u, '')
    .trim();
}

/** A number a header's lines state, if its digits reader saw it as well ("0094" and "94" alike); else null. */
export function confirmedNumber(value: string | undefined, header: Pick<CheckedHeader, 'numbers'>): string | null {
  const n = value?.trim().replace(/^0+(?=\d)/, '');
  return n && /^\d+$/.test(n) && header.numbers.includes(n) ? n : null;
}
