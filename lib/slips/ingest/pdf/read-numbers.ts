import { idLike, tokensOf } from '../id-shapes';
import type { ParseOptions } from '../options';
import type { IdReads } from '../raster/second-reading';
import { ocrKnownBoxes } from '../raster/page-cells';
import type { FoundBox, PageBoxes } from './page-model';
import type { PdfSession } from '../engines/pdfjs';

/**
 * Stage 3 of a roll parse (roll.ts): each box's serial and ID. The text layer gives them where it
 * has them; drawn boxes whose serial (or, in a box without any text, ID) it lacks have just their
 * serial/ID band rendered and read by OCR. Boxes found from pixels were read on the way.
 */

type OcrSetting = NonNullable<ParseOptions['ocr']>;

/** The pages' boxes, with the bands of drawn boxes that the text layer leaves without a serial or an ID read by OCR. */
export async function ocrMissingNumbers(session: PdfSession, found: PageBoxes[], ocr: OcrSetting, signal?: AbortSignal): Promise<PageBoxes[]> {
  const needs = (b: FoundBox) => ocr === 'always' || (ocr === 'auto' && (b.text.serial === null || (!b.text.hasText && b.text.epic === null)));
  const need = found.filter((p) => p.method === 'vector').flatMap((p) => p.boxes.filter(needs));
  if (need.length === 0) return found;
  const readings = await ocrKnownBoxes(session, need.map((b) => ({ page: b.page, rect: b.rect })), signal);
  const read = new Map(need.map((b, i) => [b, readings[i]]));
  return found.map((p) => ({ ...p, boxes: p.boxes.map((b) => (read.has(b) ? { ...b, ocr: read.get(b) ?? null } : b)) }));
}

export interface ChosenNumbers {
  serial: number | null;
  epic: string | null;
  /** the serial came from OCR (it may be repaired from continuity) */
  serialFromOcr: boolean;
  /** the ID came from OCR */
  epicFromOcr: boolean;
  /** what OCR saw of an ID it could not read whole (for prefix repair) */
  epicFragment: string | null;
  /** the text at the box's ID position, for the roll's own ID shapes (id-shapes.ts) */
  idText: string;
  /** that text was read by OCR */
  idTextFromOcr: boolean;
  /** both recognisers' IDs, when the ID came from OCR and the second recogniser read it too */
  idReads?: IdReads;
  /** the ID is to come from OCR but was left for a later, complete parse (ParseOptions.scanIds) */
  epicLater?: true;
}

/** Picks a box's serial and ID: the text layer where it has them, else OCR ('always': OCR only). */
export function chooseNumbers(b: FoundBox, ocr: OcrSetting): ChosenNumbers {
  if (!b.ocr) return { serial: b.text.serial, epic: b.text.epic, serialFromOcr: false, epicFromOcr: false, epicFragment: null, idText: b.text.idText, idTextFromOcr: false };
  const always = ocr === 'always';
  const serialFromOcr = always || b.text.serial === null;
  const epicFromOcr = always || b.text.epic === null;
  return {
    serial: serialFromOcr ? b.ocr.serial : b.text.serial,
    epic: epicFromOcr ? b.ocr.epic : b.text.epic,
    serialFromOcr,
    epicFromOcr,
    epicFragment: epicFromOcr ? (b.ocr.epicFragment ?? null) : null,
    ...(epicFromOcr && b.ocr.idReads ? { idReads: b.ocr.idReads } : {}),
    ...(epicFromOcr && b.ocr.idLater ? { epicLater: true as const } : {}),
    // the text layer's tokens where it prints them (as printed), else what OCR read
    ...(epicFromOcr && (always || !tokensOf(b.text.idText).some(idLike)) ? { idText: b.ocr.idText, idTextFromOcr: true } : { idText: b.text.idText, idTextFromOcr: false }),
  };
}
