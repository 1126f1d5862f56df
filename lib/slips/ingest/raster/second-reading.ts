import { EPIC_CURRENT, EPIC_OLD, repairEpicPrefixes } from '../epic';
import { recogniseLines, type LineRead } from '../engines/line-rec';
import { binarized, readBand, SERIAL_LEVEL, type Band, type BandReading } from './strips';

/**
 * The second recogniser: PaddleOCR's line model (engines/line-rec.ts) reads the ID band of every box
 * that tesseract read first (page-cells.ts), and the serial band where tesseract read no serial;
 * `choose` decides between the two IDs, by the page's own ID shapes first.
 *
 * Measured on the 115 dpi scan of a 2025 roll against its text layer (`npm run bench -- recognisers`):
 * tesseract alone 88.7% of IDs exact, the line model alone 94.3%, the two decided so 96.6% (98.3% read
 * in an ID's shape and held by one box). Each errs where the other does not: tesseract forces an
 * old-format ID (`GJ/21/141/006017`) into the current shape and slips single digits; the line model
 * drops a digit of a long number or reads the edge of the serial cell as letters before the ID.
 */

const EPIC_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/';
const DIGITS = '0123456789';
/** Below this, the line model's least sure character makes its ID doubtful: tesseract's is kept in a tie. */
const SURE = 0.5;

/** What the line model read in a band: its reading as tesseract's is made (readBand), with the model's confidences. */
export interface LineReading {
  reading: BandReading;
  serial: LineRead;
  epic: LineRead;
}

const NOTHING: LineRead = { text: '', confidence: 0 };

/**
 * The line model's reading of the bands marked in `ids` (their ID, grey, as tesseract is given it)
 * and in `serials` (their serial, black and white, likewise); null for a band marked in neither.
 */
export async function lineReadings(bands: Band[], ids: boolean[] = bands.map(() => true), serials: boolean[] = ids): Promise<(LineReading | null)[]> {
  const serialBands = bands.map((b, i) => (serials[i] && b.serial ? binarized(b.serial, SERIAL_LEVEL) : null));
  const epicBands = bands.map((b, i) => (ids[i] ? b.epic : null));
  // one after the other: the model's session runs one batch at a time
  const s = serialBands.some(Boolean) ? await recogniseLines(serialBands, DIGITS) : serialBands.map(() => NOTHING);
  const e = epicBands.some(Boolean) ? await recogniseLines(epicBands, EPIC_CHARS) : epicBands.map(() => NOTHING);
  return bands.map((_, i) => (ids[i] || serials[i] ? { reading: readBand(s[i].text, e[i].text), serial: s[i], epic: e[i] } : null));
}

/** An ID's shape: the current format's three letters, or an old-format ID's prefix and number length. */
function shapeOf(epic: string): string {
  if (EPIC_OLD.exec(epic)?.[1] === epic) {
    const cut = epic.lastIndexOf('/') + 1;
    return `${epic.slice(0, cut)}${epic.length - cut}`;
  }
  return epic.slice(0, 3);
}

/**
 * The ID shapes a page shows: those of the IDs both recognisers read alike, with how many. A roll's
 * part gives most of its voters IDs of a few shapes (one or two letter prefixes, one old-format
 * prefix), so an ID of a shape read alike twice on the page is likelier than one of a shape never seen.
 */
function pageShapes(first: BandReading[], second: (LineReading | null)[]): Map<string, number> {
  const shapes = new Map<string, number>();
  first.forEach((r, i) => {
    if (r.epic && r.epic === second[i]?.reading.epic) shapes.set(shapeOf(r.epic), (shapes.get(shapeOf(r.epic)) ?? 0) + 1);
  });
  return shapes;
}

/**
 * The ID of a box from the two reads (tesseract's first): the same read by both; tesseract's when the
 * line model read none; the line model's when tesseract read none, if its shape is the page's or the
 * model is sure of every character (else none: an unsure read of an unseen shape is likelier an
 * old-format ID forced into the current shape than an ID); the one whose shape the page shows (two
 * alike reads at least) when the other's it does not; else the line model's (the more accurate),
 * unless one of its characters is doubtful (SURE).
 */
export function chooseId(first: string | null, second: LineReading | null, shapes: Map<string, number>): string | null {
  const other = second?.reading.epic ?? null;
  if (first === other || other === null) return first;
  // only old-format IDs print a slash: a current-format ID the line model made of text holding one is an
  // old-format ID forced into the current shape (its slashes read as 7s), never taken
  if (EPIC_CURRENT.exec(other)?.[1] === other && second!.epic.text.includes('/')) return first;
  const fits = (e: string) => (shapes.get(shapeOf(e)) ?? 0) >= 2;
  const sure = (second?.epic.confidence ?? 0) >= SURE;
  if (first === null) return fits(other) || sure ? other : null;
  if (fits(first) !== fits(other)) return fits(first) ? first : other;
  return sure ? other : first;
}

/** One reader's IDs of a page after repairEpicPrefixes over them (a prefix letter misread, a lost letter, an old-format slip). */
function repairedOnPage(readings: (BandReading | null)[]): (string | null)[] {
  const items = readings.map((r) => ({ epic: r?.epic ?? null, fromOcr: true, fragment: r?.epicFragment ?? null }));
  repairEpicPrefixes(items);
  return items.map((it) => it.epic);
}

/** Tesseract's readings of a page's bands, each ID decided with the line model's (chooseId), and serials it did not read taken from it. */
export async function secondReading(bands: Band[], readings: BandReading[]): Promise<BandReading[]> {
  const ids = bands.map((b) => b.epic !== null);
  const serials = bands.map((b, i) => b.serial !== null && readings[i].serial === null);
  if (!ids.some(Boolean) && !serials.some(Boolean)) return readings;
  const second = await lineReadings(bands, ids, serials);
  // each reader's IDs first repaired against the page's own prefixes, as the roll's are after (epic.ts)
  const firstIds = repairedOnPage(readings);
  const secondIds = repairedOnPage(second.map((s) => s?.reading ?? null));
  const repairedSecond = second.map((s, i) => (s ? { ...s, reading: { ...s.reading, epic: secondIds[i] } } : null));
  const shapes = pageShapes(
    readings.map((r, i) => ({ ...r, epic: firstIds[i] })),
    repairedSecond,
  );
  return readings.map((r, i) => {
    const s = repairedSecond[i];
    if (!s) return r;
    const epic = chooseId(firstIds[i], s, shapes);
    return {
      ...r,
      serial: r.serial ?? s.reading.serial,
      epic,
      epicFragment: epic ? null : (r.epicFragment ?? s.reading.epicFragment),
    };
  });
}
