import type { ParseWarning } from '../../types';
import { repairEpicPrefixes } from '../epic';
import type { CoverRange } from './roll-facts';
import { continuityWarnings, coverWarnings, fitPageSerials, repairSerials, type SerialSlot } from '../serials';
import type { ChosenNumbers } from './read-numbers';

/**
 * Stage 4 of a roll parse (roll.ts): the numbers checked against each other. Serials run 1, 2,
 * 3 … in box order, so OCR'd serials are fitted page by page and repaired from their neighbours;
 * OCR'd IDs that lost a prefix letter take it from the IDs around them. Text-layer values are
 * trusted as printed. Gaps, repeats and unread serials become warnings (one per page for unread),
 * and so do boxes that fall short of the range a scanned cover states.
 */

export interface CheckedNumbers {
  serials: (number | null)[];
  epics: (string | null)[];
  /** values read by OCR, and how many of them the checks changed */
  ocrRead: number;
  ocrRepaired: number;
  warnings: ParseWarning[];
}

export function checkNumbers(chosen: ChosenNumbers[], pages: number[], cover: CoverRange | null = null): CheckedNumbers {
  const ocrRead = chosen.reduce((n, c) => n + (c.serialFromOcr && c.serial !== null ? 1 : 0) + (c.epicFromOcr && c.epic !== null ? 1 : 0), 0);
  const slots: SerialSlot[] = chosen.map((c, i) => ({ serial: c.serial, fromOcr: c.serialFromOcr, page: pages[i] }));
  let ocrRepaired = fitPageSerials(slots) + repairSerials(slots);
  const epics = chosen.map((c) => ({ epic: c.epic, fromOcr: c.epicFromOcr, fragment: c.epicFragment }));
  ocrRepaired += repairEpicPrefixes(epics);
  return {
    serials: slots.map((s) => s.serial),
    epics: epics.map((e) => e.epic),
    ocrRead,
    ocrRepaired,
    warnings: [...continuityWarnings(slots), ...unreadIdWarnings(chosen, epics, pages), ...coverWarnings(cover, slots)],
  };
}

/** One warning per page for boxes whose ID OCR could not read (a box may also print none). */
function unreadIdWarnings(chosen: ChosenNumbers[], epics: { epic: string | null }[], pages: number[]): ParseWarning[] {
  const unread = new Map<number, number>();
  chosen.forEach((c, i) => {
    if (c.epicFromOcr && epics[i].epic === null) unread.set(pages[i], (unread.get(pages[i]) ?? 0) + 1);
  });
  return [...unread].map(([page, count]) => ({
    page,
    message: count === 1 ? 'One voter box whose ID (EPIC) could not be read, or which prints none.' : `${count} voter boxes whose IDs (EPIC) could not be read, or which print none.`,
  }));
}
