import type { ParseWarning } from '../../types';
import { repairEpicPrefixes } from '../epic';
import { readByRollShapes, shapeOf, shapeWords, type LearntShape } from '../id-shapes';
import { numberList } from '../numbers';
import { decideRollIds } from '../raster/second-reading';
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
  /** boxes whose IDs were left for a later, complete parse (ParseOptions.scanIds 'later') */
  idsLater: number;
  warnings: ParseWarning[];
}

/**
 * `reprinted[i]`: box i is in a list that prints entries of the main list again under their serials
 * (a supplement's deletions or corrections), so its serial does not continue the run.
 */
export function checkNumbers(chosen: ChosenNumbers[], pages: number[], cover: CoverRange | null = null, reprinted: boolean[] = []): CheckedNumbers {
  const ocrRead = chosen.reduce((n, c) => n + (c.serialFromOcr && c.serial !== null ? 1 : 0) + (c.epicFromOcr && c.epic !== null ? 1 : 0), 0);
  const slots: SerialSlot[] = chosen.map((c, i) => ({ serial: c.serial, fromOcr: c.serialFromOcr, page: pages[i] }));
  // a reprinted entry keeps the serial it was read with: the run it does not continue would renumber it
  const run = slots.filter((_, i) => !reprinted[i]);
  let ocrRepaired = fitPageSerials(run) + repairSerials(run);
  // IDs read twice decided by the shapes of the whole roll, before its prefixes repair them
  const decided = decideRollIds(chosen);
  const epics = chosen.map((c, i) => ({ epic: decided[i], fromOcr: c.epicFromOcr, fragment: decided[i] ? null : c.epicFragment }));
  ocrRepaired += repairEpicPrefixes(epics);
  // IDs of the roll's own shapes, in the boxes the known shapes left unread
  const idSlots = epics.map((e, i) => ({ epic: e.epic, fromOcr: chosen[i].idTextFromOcr, idText: chosen[i].idText }));
  const shapes = readByRollShapes(idSlots);
  idSlots.forEach((s, i) => (epics[i].epic = s.epic));
  ocrRepaired += reprintedSerials(slots, epics, reprinted);
  return {
    serials: slots.map((s) => s.serial),
    epics: epics.map((e) => e.epic),
    ocrRead,
    ocrRepaired,
    idsLater: chosen.filter((c) => c.epicLater).length,
    warnings: [
      ...ownShapeNotes(shapes.shapes, idSlots),
      ...continuityWarnings(run),
      ...unreadIdWarnings(chosen, epics, pages, slots.map((s) => s.serial)),
      ...coverWarnings(cover, run),
    ],
  };
}

/**
 * A reprinted entry (a deletions or corrections list) whose OCR'd serial differs from the serial of the main-list
 * entry with its ID takes that entry's serial: the list prints the entry again under its serial, and the ID is the
 * likelier read (an ID read in two boxes alike, against one serial read once). Returns how many were changed.
 */
function reprintedSerials(slots: SerialSlot[], epics: { epic: string | null }[], reprinted: boolean[]): number {
  const entries = new Map<string, number>();
  slots.forEach((s, i) => {
    const epic = epics[i].epic;
    if (!reprinted[i] && epic && s.serial !== null && !entries.has(epic)) entries.set(epic, s.serial);
  });
  let changed = 0;
  slots.forEach((s, i) => {
    const epic = epics[i].epic;
    const entry = reprinted[i] && s.fromOcr && epic ? entries.get(epic) : undefined;
    if (entry === undefined || entry === s.serial) return;
    s.serial = entry;
    changed++;
  });
  return changed;
}

/**
 * A note on the IDs read by shapes the roll itself uses (not EPICs nor old-format numbers): which shapes,
 * and how many voters carry each.
 */
function ownShapeNotes(shapes: LearntShape[], ids: { epic: string | null }[]): ParseWarning[] {
  const read = shapes.map((s) => ({ ...s, voters: ids.filter((id) => id.epic !== null && shapeOf(id.epic) === s.shape).length })).filter((s) => s.voters > 0);
  if (read.length === 0) return [];
  const which = read.map((s) => `${s.voters} voter${s.voters === 1 ? '' : 's'} with ${shapeWords(s.shape)}`).join('; ');
  return [
    {
      message: `Besides EPIC numbers, the roll prints IDs of its own: ${which}. They were read as the voters' IDs.`,
      detail: `ID shapes learnt from the roll (A letters, D digits): ${read.map((s) => `${s.shape} in ${s.support} boxes`).join(', ')}.`,
    },
  ];
}

/**
 * One warning per page for boxes whose ID OCR could not read (a box may also print none), naming their
 * serials and what to do; none for IDs left for later.
 */
function unreadIdWarnings(chosen: ChosenNumbers[], epics: { epic: string | null }[], pages: number[], serials: (number | null)[]): ParseWarning[] {
  const unread = new Map<number, { count: number; serials: number[] }>();
  chosen.forEach((c, i) => {
    // an ID left for later is not unreadable: the complete parse reads it and warns then
    if (!c.epicFromOcr || c.epicLater || epics[i].epic !== null) return;
    const page = unread.get(pages[i]) ?? { count: 0, serials: [] };
    page.count++;
    const serial = serials[i];
    if (serial !== null) page.serials.push(serial);
    unread.set(pages[i], page);
  });
  return [...unread].map(([page, { count, serials: known }]) => {
    const which = known.length === count ? ` of serial${count === 1 ? '' : 's'} ${numberList(known)}` : count === 1 ? ' of one voter' : ` of ${count} voters`;
    const what = count === 1 ? 'its slip shows the box as the roll prints it, but its QR code carries no ID; check it before printing' : 'their slips show the boxes as the roll prints them, but their QR codes carry no ID; check them before printing';
    return { page, message: `Page ${page}: the ID (EPIC)${which} could not be read, or the roll prints none; ${what}.` };
  });
}
