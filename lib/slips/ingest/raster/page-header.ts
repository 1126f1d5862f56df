import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { crop, toPgm, type Gray } from '../engines/image';
import { ocrWords, type TextModel } from '../engines/ocr';
import { minOf } from '../numbers';
import type { PixelRect } from './cells';
import { linesInModel, readInScript } from './cover';
import type { Prepared } from './prepare';

/**
 * The header of an image-only voter page, read by OCR: the lines a roll prints above its boxes, such as the
 * assembly constituency and part, the section ("अनुभाग संख्या एवं नाम : 4-…", "વિભાગનો નંબર અને નામ 2-…") and,
 * on a supplement's pages, the list's heading ("ઘટક - 1 : વધારા યાદી 1"). A text roll gives these lines as
 * text; a scanned one only as pixels. The strip above a page's first row of ruled cells is read with the text
 * model of its script: the first strip decides the script (readInScript: the model surest of its words, tried
 * until one states the assembly and the part), the others are read with that model on the page-text worker,
 * beside the boxes' OCR. A page that holds two lists (additions, then deletions) prints the second one's heading between two rows of
 * boxes, with the first list's count line: the bands between rows tall enough for a line of text are read too, in
 * the page's model (`between`). Best effort: a strip that cannot be read gives no lines.
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
  /** the lines printed between its rows of boxes: a list's heading, the count line of the list above it */
  between: HeaderLine[];
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
/**
 * A band between two rows of boxes lower than this (pixels at the render scale: 8 pt) holds no line of text: rows
 * of a list's boxes touch, or stand a rule's width apart.
 */
const MIN_GAP = 16;

/** A horizontal band of a page image (pixels, top inclusive, bottom exclusive). */
export interface Band {
  top: number;
  bottom: number;
}

/**
 * The bands between a page's rows of ruled cells at least `min` pixels high, top to bottom: where a page prints the
 * heading of the list whose boxes follow. A row is the cells whose heights overlap (a box's serial cell and photo
 * frame lie within it).
 */
export function bandsBetweenRows(cells: readonly PixelRect[], min = MIN_GAP): Band[] {
  const spans = cells.map((c) => [c.y, c.y + c.height] as const).sort((a, b) => a[0] - b[0]);
  const bands: Band[] = [];
  let end = spans.length > 0 ? spans[0][1] : 0;
  for (const [top, bottom] of spans.slice(1)) {
    if (top - end >= min) bands.push({ top: end, bottom: top });
    end = Math.max(end, bottom);
  }
  return bands;
}

/** What is being read of one page: the lines above its boxes and between their rows, and the strip above them (for its digits). */
interface PageRead {
  lines: Promise<HeaderLine[]>;
  between: Promise<HeaderLine[]>;
  strip: Gray | null;
}

/** A header strip's lines as the text model read them (`middle`: pixels of the upscaled strip). */
type StripLines = Promise<{ middle: number; text: string }[]>;

export class PageHeaders {
  private model: Promise<TextModel> | null = null;
  /** Settles `script()`: with the first strip's model once it is being read, or with null by `done()`. */
  private decide: (model: Promise<TextModel | null>) => void = () => undefined;
  private readonly decided = new Promise<TextModel | null>((resolve) => {
    this.decide = resolve;
  });
  private readonly pages = new Map<number, PageRead>();
  /**
   * The strips read so far, by a digest of their pixels: the pages of one section print the same header, and a roll
   * rendered to images (not scanned from paper) gives it byte for byte, so it is read once (a strip equal to one
   * read before reads the same; on a 26-page roll, 20 of its 24 strips).
   */
  private readonly strips = new Map<string, { strip: Gray; lines: StripLines }[]>();

  /** The lines of a strip equal, pixel for pixel, to one read before; null when none was. */
  private readBefore(strip: Gray, digest: string): StripLines | null {
    const same = this.strips.get(digest)?.find((s) => s.strip.width === strip.width && s.strip.height === strip.height && Buffer.compare(s.strip.data, strip.data) === 0);
    return same?.lines ?? null;
  }

  private remember(strip: Gray, digest: string, lines: StripLines): void {
    const list = this.strips.get(digest) ?? [];
    list.push({ strip, lines });
    this.strips.set(digest, list);
  }

  /** Starts reading the header of a prepared page (an upright page with ruled cells and room above them), and what stands between its rows. */
  add(p: Prepared): void {
    if (this.pages.has(p.page) || p.rendered.rotation % 360 !== 0 || p.cells.length === 0) return;
    const top = minOf(p.cells.map((c) => c.y)) - 2;
    const gaps = bandsBetweenRows(p.cells);
    if (top < MIN_STRIP && gaps.length === 0) return;
    const [, pdfTop] = p.rendered.toPdf(0, 0);
    const scale = p.rendered.scale * UPSCALE;
    const dpi = 72 * scale;
    /** A band's lines as read, placed on the page (`band.top`: where it starts, pixels at the render scale). */
    const placed = (band: Band, lines: Promise<{ middle: number; text: string }[]>): Promise<HeaderLine[]> =>
      lines.then(
        (ls) => ls.map((l) => ({ y: pdfTop - (band.top * UPSCALE + l.middle) / scale, text: l.text })),
        () => [],
      );
    const inModel = (model: Promise<TextModel>, png: Promise<Uint8Array>) => png.then(async (image) => (await linesInModel(image, dpi, await model)).lines);
    let lines: Promise<HeaderLine[]> = Promise.resolve([]);
    const strip = top >= MIN_STRIP ? crop(p.image, 0, 0, p.image.width, top) : null;
    if (strip) {
      const digest = createHash('sha1').update(strip.data).digest('hex');
      let read = this.readBefore(strip, digest);
      if (!read) {
        if (!this.model) {
          const first = upscaled(strip).then((png) => readInScript(png, dpi, (h) => Boolean(h.assemblyNumber && h.part)));
          this.model = first.then((r) => r.model);
          // awaited by the pages after this one and by script(), which answers null for a failure (handled there:
          // with no page after it, a failure here is the page's own, read as no lines)
          this.decide(this.model.catch(() => null));
          read = first.then((r) => r.lines);
        } else {
          read = inModel(this.model, upscaled(strip));
        }
        this.remember(strip, digest, read);
      }
      lines = placed({ top: 0, bottom: top }, read);
    }
    // the bands between rows in the model the roll's header was read in (none yet: a page printing no header)
    const model = this.model;
    const inset = (g: Band): Band => ({ top: g.top + 2, bottom: g.bottom - 2 });
    const between = model
      ? Promise.all(gaps.map(inset).map((g) => placed(g, inModel(model, upscaled(crop(p.image, 0, g.top, p.image.width, g.bottom - g.top)))))).then((ls) => ls.flat())
      : Promise.resolve([]);
    this.pages.set(p.page, { lines, between, strip });
  }

  /**
   * The text model the roll's first header strip was read in (readInScript), once it is decided; null when its read
   * failed, or when `done()` came before any page had a strip to read. The cover is read in it first (pages.ts).
   */
  script(): Promise<TextModel | null> {
    return this.decided;
  }

  /** No more pages are added: a `script()` still waiting for a first strip gets null. */
  done(): void {
    this.decide(Promise.resolve(null));
  }

  /** The header read on each page, once all are read. */
  async all(): Promise<Map<number, PageHeader>> {
    const out = new Map<number, PageHeader>();
    for (const [page, { lines, between, strip }] of this.pages) {
      out.set(page, { lines: await lines, between: await between, numbers: async () => (strip ? digitsIn(strip) : []) });
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
