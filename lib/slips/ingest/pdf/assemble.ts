import type { PageKind, ParseReport, ParseWarning, VoterList, VoterRecord } from '../../types';
import { VoterListError } from '../errors';
import { roundRect } from '../geometry';
import { deletedByReason } from '../deleted';
import { numberList } from '../numbers';
import type { CheckedNumbers } from './check-numbers';
import { MAX_RASTER_PATHS } from './find-boxes';
import type { FoundBox, PageBoxes, PageClass, PageScan, TextLayer } from './page-model';

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
  const counts = new Map<string, { page: number; count: number; deletions: boolean }>();
  for (const v of voters) {
    if (!v.supplement) continue;
    const c = counts.get(v.supplement.heading) ?? { page: v.page, count: 0, deletions: v.supplement.kind === 'deletions' };
    c.count++;
    counts.set(v.supplement.heading, c);
  }
  return [...counts].map(([heading, c]) => ({
    page: c.page,
    message: `${n(c.count)} voter(s) are in the supplement “${heading}”${c.deletions ? ' (deleted from the roll: kept and marked deleted)' : ''}.`,
  }));
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
    if (cls.supplement) v.supplement = cls.supplement;
    // the reason letter beside the serial: in the text layer, or read from the pixels (# marks a modified entry, not a deleted one);
    // the DELETED stamp marks the entry deleted even where no letter could be read
    const reason = b.text.deletionReason ?? (b.ocr?.mark && b.ocr.mark !== '#' ? b.ocr.mark : null);
    if (b.text.deleted || reason || b.stamped || cls.supplement?.kind === 'deletions') v.deleted = true;
    if (reason) v.deletionReason = reason;
    return v;
  });

  const warnings = [...methodWarnings(found, textLayer, input.tooComplex), ...supplementNotes(voters), ...numbers.warnings];
  const report: ParseReport = {
    source: 'pdf',
    voters: voters.length,
    pages,
    pageKinds: classes.map((c) => c.kind),
    totalPages: scans.length,
    textLayer,
    withoutEpic: voters.filter((v) => v.epic === null).length,
    deleted: voters.filter((v) => v.deleted).length,
    deletedByReason: deletedByReason(voters),
    ocrRead: numbers.ocrRead,
    ocrRepaired: numbers.ocrRepaired,
    header,
    warnings,
  };
  return { voters, report };
}
