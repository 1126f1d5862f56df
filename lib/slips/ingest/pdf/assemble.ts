import type { PageKind, ParseReport, ParseWarning, RollList, Supplement, VoterList, VoterRecord } from '../../types';
import { VoterListError } from '../errors';
import { roundRect } from '../geometry';
import { deletedByReason, deletedPeople } from '../deleted';
import { numberList } from '../numbers';
import type { CheckedNumbers } from './check-numbers';
import { MAX_RASTER_PATHS } from './find-boxes';
import { codeBeforeId } from './deletion-code';
import { listKey } from './list-headings';
import { listAt, reprintsEntries, type FoundBox, type PageBoxes, type PageClass, type PageScan, type TextLayer } from './page-model';

/**
 * Last stage of a roll parse (roll.ts): the voters in roll order with their box, numbers, fields,
 * part, section and supplement, and the report — the roll's own facts, pages by kind, and the
 * warnings a person should see before printing.
 */

export interface AssembleInput {
  scans: PageScan[];
  found: PageBoxes[];
  classes: PageClass[];
  boxes: FoundBox[];
  /** the list each box is in (page-model.ts, boxLists): null for the main list */
  lists: (Supplement | null)[];
  numbers: CheckedNumbers;
  textLayer: TextLayer;
  tooComplex: number[];
  /** the roll's facts (roll-facts.ts) */
  header: ParseReport['header'];
}

const n = (x: number) => x.toLocaleString('en-IN');

/** Refuses a PDF in which no voter box was found, saying why when it can. */
export function requireBoxes(boxes: FoundBox[], tooComplex: number[]): void {
  if (boxes.length > 0) return;
  if (tooComplex.length > 0) {
    throw new VoterListError('no-voters', `No voter boxes were found in this PDF, and page ${tooComplex[0]} has a drawing too complex to examine (over ${n(MAX_RASTER_PATHS)} shapes); is it an electoral roll?`);
  }
  throw new VoterListError('no-voters', 'No voter boxes were found in this PDF; is it an electoral roll?');
}

function methodWarnings(found: PageBoxes[], textLayer: TextLayer, tooComplex: number[]): ParseWarning[] {
  const warnings: ParseWarning[] = [];
  if (textLayer === 'scrambled') {
    warnings.push({
      message: 'The names on this roll cannot be read as text (it is written in an old font). Each slip shows the voter\'s box exactly as the roll prints it, so the slips are right; only the name cannot be typed onto a slip or searched.',
      detail: 'The text layer uses a legacy (non-Unicode) font encoding: the text extracted from it is gibberish, so names are not read from it.',
    });
  }
  const raster = found.filter((p) => p.method === 'raster').map((p) => p.page);
  if (raster.length > 0) {
    warnings.push({
      message: `${raster.length === 1 ? `Page ${raster[0]} is a picture` : `Pages ${numberList(raster)} are pictures`} (a scan, or a roll saved as images): the voters on ${raster.length === 1 ? 'it' : 'them'} were read from the image by text recognition.`,
      action: "Check a few slips' serials and IDs against the roll before printing.",
      detail: 'The voter boxes were found in the rendered page image (no drawn rectangles or text layer); serial numbers and IDs were read by OCR, deleted stamps and reason letters from the pixels.',
    });
  }
  const grid = found.filter((p) => p.method === 'grid').map((p) => p.page);
  if (grid.length > 0) {
    warnings.push({
      message: `No box outlines could be seen on ${grid.length === 1 ? `page ${grid[0]}` : `pages ${numberList(grid)}`}: the voters on ${grid.length === 1 ? 'it' : 'them'} were placed by the layout of the other pages.`,
      action: 'Check those slips against the roll before printing.',
      detail: 'The page draws no rectangles around its voters; the boxes were cut on the grid measured on the roll\'s other pages.',
    });
  }
  if (tooComplex.length > 0) {
    const one = tooComplex.length === 1;
    warnings.push({
      message: `${one ? `Page ${tooComplex[0]} was` : `Pages ${numberList(tooComplex)} were`} skipped: ${one ? 'it holds' : 'they hold'} far more drawing than a roll page (a map or a picture, usually).`,
      action: `If the roll has voters on ${one ? 'that page' : 'those pages'}, they have no slip: check ${one ? 'it' : 'them'} in the roll.`,
      detail: `${one ? 'It draws' : 'Each draws'} over ${n(MAX_RASTER_PATHS)} shapes, the most a page is examined with.`,
    });
  }
  return warnings;
}

/** The supplements the voters were read from, one line each ("12 voters in …"). */
function supplementNotes(voters: VoterRecord[]): ParseWarning[] {
  const counts = new Map<string, { page: number; count: number; list: Supplement }>();
  for (const v of voters) {
    if (!v.supplement) continue;
    const c = counts.get(listKey(v.supplement)) ?? { page: v.page, count: 0, list: v.supplement };
    c.count++;
    counts.set(listKey(v.supplement), c);
  }
  return [...counts.values()].map((c) => ({
    page: c.page,
    message: `${n(c.count)} voter(s) are in the supplement “${c.list.heading}”${c.list.kind === 'deletions' ? ' (deleted from the roll: kept and marked deleted)' : ''}.`,
  }));
}

/**
 * The roll's lists (when it has supplements), with the counts each states under it (a total line, a
 * table by gender) checked against the boxes read in it: a warning in plain words where they differ.
 */
function rollLists(classes: PageClass[], voters: VoterRecord[]): { lists: RollList[]; warnings: ParseWarning[] } {
  if (!voters.some((v) => v.supplement)) return { lists: [], warnings: [] };
  const stated = new Map<string, { counts: Set<number>; page: number }>();
  for (const cls of classes) {
    for (const c of cls.counts) {
      const key = listKey(listAt(cls, c.y));
      if (!key) continue;
      const entry = stated.get(key) ?? { counts: new Set<number>(), page: cls.page };
      entry.counts.add(c.count);
      stated.set(key, entry);
    }
  }
  const lists = new Map<string, { list: Supplement | null; voters: VoterRecord[] }>([['', { list: null, voters: [] }]]);
  for (const v of voters) {
    const key = listKey(v.supplement ?? null);
    const entry = lists.get(key) ?? { list: v.supplement ?? null, voters: [] };
    entry.voters.push(v);
    lists.set(key, entry);
  }
  const warnings: ParseWarning[] = [];
  const out: RollList[] = [];
  for (const [key, { list, voters: inList }] of lists) {
    const counts = [...(stated.get(key)?.counts ?? [])];
    out.push({
      kind: list?.kind ?? 'main',
      ...(list ? { heading: list.heading } : {}),
      ...(list?.number !== undefined ? { number: list.number } : {}),
      voters: inList.length,
      deleted: inList.filter((v) => v.deleted).length,
      ...(counts.length > 0 ? { stated: counts[0] } : {}),
    });
    if (!list) continue;
    const read = inList.length;
    const pages = [...new Set(inList.map((v) => v.page))];
    for (const count of counts) {
      if (count === read) continue;
      warnings.push({
        page: stated.get(key)?.page,
        message: `The supplement “${list.heading}” states ${n(count)} voter(s), but ${n(read)} ${read === 1 ? 'was' : 'were'} read in it${pages.length > 0 ? ` (${pages.length === 1 ? 'page' : 'pages'} ${numberList(pages)})` : ''}.`,
        action: 'Compare that list in the roll with the slips before printing: a voter may be missing or counted twice.',
        detail: 'The count is the one printed under the list (a total line, or the total of a table by gender); the voters read are the boxes found below the list\'s heading.',
      });
    }
  }
  return { lists: out, warnings };
}

/**
 * A deletion list prints the entries it deletes from the main list again: the entry of each in the
 * main list or an additions list (the same ID, or the same serial where the deleted entry has no ID)
 * is deleted too, with the list's reason. A serial read by OCR (`serialByOcr`) alone deletes nothing: in a
 * deletions list no run checks it, and a misread one would take a voter's slip away.
 */
function deleteMainEntries(voters: VoterRecord[], serialByOcr: boolean[]): void {
  // the main list's entries, and a supplement's additions (a later supplement may delete them)
  const main = voters.filter((v) => !reprintsEntries(v.supplement ?? null));
  const byEpic = new Map(main.filter((v) => v.epic).map((v) => [v.epic, v]));
  const bySerial = new Map(main.filter((v) => v.serial !== null).map((v) => [v.serial, v]));
  for (const [i, d] of voters.entries()) {
    if (d.supplement?.kind !== 'deletions') continue;
    const entry = d.epic ? byEpic.get(d.epic) : d.serial !== null && !serialByOcr[i] ? bySerial.get(d.serial) : undefined;
    if (!entry || entry.deleted) continue;
    entry.deleted = true;
    if (d.deletionReason) entry.deletionReason = d.deletionReason;
  }
}

export function assemble(input: AssembleInput): VoterList {
  const { scans, found, classes, boxes, numbers, textLayer, header } = input;
  const pages: Record<PageKind, number> = { cover: 0, map: 0, voters: 0, supplement: 0, summary: 0, other: 0 };
  for (const c of classes) pages[c.kind]++;

  const voters: VoterRecord[] = boxes.map((b, i) => {
    const v: VoterRecord = {
      serial: numbers.serials[i],
      epic: numbers.epics[i],
      page: b.page,
      ...b.text.fields,
      box: { page: b.page, rect: roundRect(b.rect), photo: b.photo ? roundRect(b.photo) : null, textCut: b.textCut },
    };
    const cls = classes[b.page - 1];
    if (header.part) v.part = header.part;
    if (cls.section) v.section = cls.section;
    const list = input.lists[i];
    if (list) v.supplement = list;
    // the reason letter beside the serial: in the text layer, or read from the pixels (# marks a modified entry, not a deleted one);
    // the DELETED stamp marks the entry deleted even where no letter could be read
    const reason =
      b.text.deletionReason ?? (b.ocr?.mark && b.ocr.mark !== '#' ? b.ocr.mark : null) ?? (list?.kind === 'deletions' && b.ocr ? codeBeforeId(b.ocr.idText) : null);
    if (b.text.deleted || reason || b.stamped || list?.kind === 'deletions') v.deleted = true;
    if (reason) v.deletionReason = reason;
    return v;
  });

  deleteMainEntries(voters, boxes.map((b) => b.ocr !== null));
  const lists = rollLists(classes, voters);
  const warnings = [...methodWarnings(found, textLayer, input.tooComplex), ...supplementNotes(voters), ...lists.warnings, ...numbers.warnings];
  const report: ParseReport = {
    source: 'pdf',
    voters: voters.length,
    pages,
    pageKinds: classes.map((c) => c.kind),
    totalPages: scans.length,
    textLayer,
    withoutEpic: voters.filter((v) => v.epic === null).length,
    deleted: deletedPeople(voters).length,
    deletedByReason: deletedByReason(voters),
    ocrRead: numbers.ocrRead,
    ocrRepaired: numbers.ocrRepaired,
    ...(numbers.idsLater > 0 ? { idsLater: numbers.idsLater } : {}),
    header,
    warnings,
    ...(lists.lists.length > 0 ? { lists: lists.lists } : {}),
  };
  return { voters, report };
}
