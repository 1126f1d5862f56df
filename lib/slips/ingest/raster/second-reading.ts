import { EPIC_CURRENT, EPIC_OLD, repairEpicPrefixes } from '../epic';
import { lineModelAvailable, recogniseLines, type LineRead } from '../engines/line-rec';
import { binarized, readBand, SERIAL_LEVEL, type Band, type BandReading } from './strips';

/**
 * The second recogniser: PaddleOCR's line model (engines/line-rec.ts) reads the ID band of every box
 * that tesseract read first (page-cells.ts) unless tesseract was sure of its ID (FIRST_SURE), and the
 * serial band where tesseract read no serial;
 * `chooseId` decides between the two IDs, by the roll's own ID shapes first (decideRollIds, once the
 * roll is read whole; while a page is read, by the page's).
 *
 * Measured on the 115 dpi scan of a 2025 roll against its text layer (`npm run bench -- recognisers`):
 * tesseract alone 89.4% of IDs exact, the line model alone 94.6%, both reading every ID band and decided
 * by the page's shapes 96.6%, by the roll's 98.5% (98.7% read in an ID's shape and held by one box), the
 * line model reading only where tesseract was unsure 98.3%. Each errs where the
 * other does not: tesseract forces an old-format ID (`GJ/21/141/006017`) into the current shape and
 * slips single digits; the line model drops a digit of a long number or reads the edge of the serial
 * cell as letters before the ID. A page holds too few old-format IDs to learn their shape from.
 */

const EPIC_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/';
const DIGITS = '0123456789';
/** Below this, the line model's least sure character makes its ID doubtful: tesseract's is kept in a tie. */
const SURE = 0.5;

/**
 * Tesseract's least confidence in the words of an ID it read at first (0..100) at or above which the ID
 * stands without the line model's read. On the 115 dpi scan of a 2025 roll, against its text layer
 * (`npm run bench -- recognisers` prints these), every ID tesseract read at 75 or more was exact (319 of
 * 319), 10 of 11 between 70 and 75. At 80 the line model reads half of the ID bands (295 of 595), and the
 * IDs decided are exact in 585 of 595 against 586 with it reading all (the one read that differs changes
 * with the widths the line model's batch is padded to, not with the threshold).
 */
export const FIRST_SURE = 80;

/** Whether tesseract's first read of a band's ID is sure enough to stand alone (FIRST_SURE). */
function firstIsSure(reading: BandReading): boolean {
  return reading.epic !== null && (reading.idConfidence ?? 0) >= FIRST_SURE;
}

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

/** The line model's read of an ID band: its ID, the text it came from, and its least sure character. */
export interface SecondId {
  epic: string | null;
  text: string;
  confidence: number;
  /** what it saw of an ID it could not read whole, for the roll's prefix repair to complete (epic.ts) */
  fragment?: string | null;
}

/**
 * Both readers' IDs of a box whose ID band the line model read (tesseract's first), kept on the box's
 * reading so that the roll decides between them (decideRollIds) once every page is read.
 */
export interface IdReads {
  first: string | null;
  /** what tesseract saw of an ID it could not read whole */
  firstFragment?: string | null;
  second: SecondId;
}

/**
 * The ID shapes a roll shows: those of the IDs both recognisers read alike (or a text layer prints), with
 * how many. A roll's part gives most of its voters IDs of a few shapes (one or two letter prefixes, one
 * old-format prefix), so an ID of a shape read alike twice in the roll is likelier than one of a shape
 * never seen. Counted over the whole roll, not one page: a page of 30 boxes may hold only one or two
 * old-format IDs, too few to learn from.
 */
function rollShapes(items: { epic: string | null; idReads?: IdReads }[]): Map<string, number> {
  const shapes = new Map<string, number>();
  for (const it of items) {
    const agreed = it.idReads ? (it.idReads.first === it.idReads.second.epic ? it.idReads.first : null) : it.epic;
    if (agreed) shapes.set(shapeOf(agreed), (shapes.get(shapeOf(agreed)) ?? 0) + 1);
  }
  return shapes;
}

/**
 * The ID of a box from the two reads (tesseract's first): the same read by both; tesseract's when the
 * line model read none, unless the model read text there and tesseract's ID is of a shape that neither
 * the roll (`shapes`) nor tesseract's other reads (`firstShapes`, twice at least) show: a damaged or
 * old-format ID forced into the current shape, left unread rather than invented; the line model's when tesseract read none, if its shape is the roll's or the
 * model is sure of every character (else none: an unsure read of an unseen shape is likelier an
 * old-format ID forced into the current shape than an ID); the one whose shape the roll shows (two
 * alike reads at least) when the other's it does not; else the line model's (the more accurate),
 * unless one of its characters is doubtful (SURE).
 */
export function chooseId(first: string | null, second: SecondId | null, shapes: Map<string, number>, firstShapes: Map<string, number> = shapes): string | null {
  const other = second?.epic ?? null;
  if (first === other) return first;
  if (other === null) {
    const seen = (e: string) => (shapes.get(shapeOf(e)) ?? 0) >= 2 || (firstShapes.get(shapeOf(e)) ?? 0) >= 2;
    return first !== null && second !== null && second.text.trim() !== '' && !seen(first) ? null : first;
  }
  // only old-format IDs print a slash: a current-format ID the line model made of text holding one is an
  // old-format ID forced into the current shape (its slashes read as 7s), never taken
  if (EPIC_CURRENT.exec(other)?.[1] === other && second!.text.includes('/')) return first;
  const fits = (e: string) => (shapes.get(shapeOf(e)) ?? 0) >= 2;
  const sure = (second?.confidence ?? 0) >= SURE;
  if (first === null) return fits(other) || sure ? other : null;
  if (fits(first) !== fits(other)) return fits(first) ? first : other;
  return sure ? other : first;
}

/**
 * Each box's ID decided between its two reads (chooseId) by the shapes of the whole roll, each reader's
 * IDs first repaired against the roll's own prefixes (repairEpicPrefixes: a prefix letter misread, a lost
 * letter or slash) as a roll's IDs are; boxes read once (a text layer, tesseract alone) keep theirs.
 * `items` are a roll's boxes in order (or one page's, for a first decision while the page is read).
 */
export function decideRollIds(items: ReadIds[]): (string | null)[] {
  const repaired = repairReads(items);
  const shapes = rollShapes(repaired);
  const firstShapes = new Map<string, number>();
  for (const it of repaired) {
    const first = it.idReads ? it.idReads.first : null;
    if (first) firstShapes.set(shapeOf(first), (firstShapes.get(shapeOf(first)) ?? 0) + 1);
  }
  return repaired.map((it) => (it.idReads ? chooseId(it.idReads.first, it.idReads.second, shapes, firstShapes) : it.epic));
}

type ReadIds = { epic: string | null; idReads?: IdReads };

/** Each reader's IDs over `items` repaired against their prefixes (repairEpicPrefixes); a fragment is kept while its ID is unread. */
function repairReads(items: ReadIds[]): ReadIds[] {
  const readerIds = (pick: (r: IdReads) => { epic: string | null; fragment?: string | null }) => {
    const out = items.map((it) => (it.idReads ? { ...pick(it.idReads), fromOcr: true } : { epic: it.epic, fromOcr: false, fragment: null }));
    repairEpicPrefixes(out);
    return out.map((o) => o.epic);
  };
  const firsts = readerIds((r) => ({ epic: r.first, fragment: r.firstFragment }));
  const seconds = readerIds((r) => ({ epic: r.second.epic, fragment: r.second.fragment }));
  return items.map((it, i) =>
    it.idReads ? { epic: it.epic, idReads: { ...it.idReads, first: firsts[i], second: { ...it.idReads.second, epic: seconds[i] } } } : it,
  );
}

/**
 * Tesseract's readings of a page's bands, each ID it was not sure of (FIRST_SURE) decided with the line
 * model's by the page's shapes for now (chooseId; the roll decides again once it is read whole:
 * decideRollIds), both reads kept on the reading, and serials it did not read taken from it.
 */
export async function secondReading(bands: Band[], readings: BandReading[]): Promise<BandReading[]> {
  const ids = bands.map((b, i) => b.epic !== null && !firstIsSure(readings[i]));
  const serials = bands.map((b, i) => b.serial !== null && readings[i].serial === null);
  if (!ids.some(Boolean) && !serials.some(Boolean)) return readings;
  if (!(await lineModelAvailable())) return readings;
  const second = await lineReadings(bands, ids, serials);
  const reads = second.map((s, i): IdReads | undefined =>
    s && ids[i]
      ? {
          first: readings[i].epic,
          firstFragment: readings[i].epicFragment,
          second: { epic: s.reading.epic, fragment: s.reading.epicFragment, text: s.epic.text, confidence: s.epic.confidence },
        }
      : undefined,
  );
  // both reads repaired against the page's prefixes first (a page shows a prefix of the roll's second rank
  // clearly enough), kept so, and again against the roll's once it is read (check-numbers.ts)
  const pageReads = repairReads(readings.map((r, i) => ({ epic: r.epic, idReads: reads[i] })));
  const onPage = decideRollIds(pageReads);
  return readings.map((r, i) => {
    const s = second[i];
    if (!s) return r;
    const epic = ids[i] ? onPage[i] : r.epic;
    return {
      ...r,
      serial: r.serial ?? s.reading.serial,
      epic,
      epicFragment: epic ? null : (r.epicFragment ?? s.reading.epicFragment),
      ...(pageReads[i].idReads ? { idReads: pageReads[i].idReads } : {}),
    };
  });
}
