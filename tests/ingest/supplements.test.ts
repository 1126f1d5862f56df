import { describe, expect, it } from 'vitest';
import { listHeadings, lineHeading } from '@/lib/slips/ingest/pdf/list-headings';
import { statedCounts } from '@/lib/slips/ingest/pdf/list-counts';
import { deletionCode, labelledDeletionCode } from '@/lib/slips/ingest/pdf/deletion-code';
import { toLines } from '@/lib/slips/ingest/engines/text-layer';
import { classifyPages } from '@/lib/slips/ingest/pdf/classify';
import { listAt, type PageBoxes, type PageScan } from '@/lib/slips/ingest/pdf/page-model';
import { chooseVoters, DEFAULT_SLIP_CHOICES } from '@/lib/slips/choose';
import { listOverview } from '@/lib/slips/overview';
import { parseVoterList } from '@/lib/slips/parse';
import type { VoterList } from '@/lib/slips/types';
import { inventVoters } from './inputs';
import { drawSupplementRoll, WORDS, type DeletedVoter, type Layout, type Script } from './supplement-rolls';

describe('supplement headings in every shape', () => {
  it('reads a list named after its kind, its kind after "List of", or its kind alone', () => {
    expect(lineHeading('List of Additions')).toMatchObject({ kind: 'additions' });
    expect(lineHeading('LIST OF DELETIONS')).toMatchObject({ kind: 'deletions' });
    expect(lineHeading('List of Modifications')).toMatchObject({ kind: 'corrections' });
    expect(lineHeading('ADDITIONS')).toMatchObject({ kind: 'additions' });
    expect(lineHeading('समावेश यादी')).toMatchObject({ kind: 'additions' });
    expect(lineHeading('वगळणी यादी')).toMatchObject({ kind: 'deletions' });
    expect(lineHeading('जोड़ सूची')).toMatchObject({ kind: 'additions' });
    // the nukta letter as one code point or as the letter and its nukta
    expect(lineHeading('जो\u095C सूची')).toMatchObject({ kind: 'additions' });
    expect(lineHeading('विलोपन सूची')).toMatchObject({ kind: 'deletions' });
    expect(lineHeading('ઉમેરો યાદી')).toMatchObject({ kind: 'additions' });
    expect(lineHeading('કમી યાદી')).toMatchObject({ kind: 'deletions' });
  });

  it('reads the supplement’s number, in Indian digits too', () => {
    expect(lineHeading('SUPPLEMENTARY LIST No. 2')).toMatchObject({ kind: 'supplement', number: 2 });
    expect(lineHeading('पुरवणी यादी क्र. १')).toMatchObject({ kind: 'supplement', number: 1 });
    expect(lineHeading('पुरक सूची - 3')).toMatchObject({ kind: 'supplement', number: 3 });
    expect(lineHeading('પુરવણી યાદી ૨')).toMatchObject({ kind: 'supplement', number: 2 });
    expect(lineHeading('ઘટક - 1 : વધારા યાદી 2 (06-01-2025 01-04-2025 )')).toMatchObject({ kind: 'additions', number: 2 });
  });

  it('takes neither a count line, a revision line, nor a word mid-sentence for a heading', () => {
    expect(lineHeading('Total additions : 12')).toBeNull();
    expect(lineHeading('Additions : 12')).toBeNull();
    expect(lineHeading('Summary Revision 2025, qualifying date 01-01-2025')).toBeNull();
    expect(lineHeading('Names in the list of additions are printed after the main list')).toBeNull();
  });

  it('makes one heading of a block that numbers a supplement and names its kind; later lists keep the number', () => {
    const lines = [
      { y: 800, text: 'SUPPLEMENTARY LIST No. 1' },
      { y: 786, text: 'Summary Revision 2025, qualifying date 01-01-2025' },
      { y: 772, text: 'List of Additions' },
      { y: 500, text: 'Total additions : 5' },
      { y: 480, text: 'List of Deletions' },
    ];
    expect(listHeadings(lines, 30)).toEqual({
      headings: [
        { y: 772, list: { kind: 'additions', heading: 'SUPPLEMENTARY LIST No. 1 · List of Additions', number: 1 } },
        { y: 480, list: { kind: 'deletions', heading: 'List of Deletions', number: 1 } },
      ],
      number: 1,
    });
    // a kind's own number is not a supplement's number carried to the next list
    expect(listHeadings([{ y: 800, text: 'Component - 1 : Additions List 2' }, { y: 400, text: 'Component - 2 : Deletions List' }], 30).headings.map((h) => h.list?.number)).toEqual([2, undefined]);
    // the main list's heading ends a supplement
    expect(listHeadings([{ y: 800, text: 'Component - 1 : Main List' }], 30, 1)).toEqual({ headings: [{ y: 800, list: null }] });
  });
});

describe('where a heading stands on a voter page', () => {
  const piece = (str: string, y: number) => ({ str, x: 40, y, width: str.length * 5, height: 9 });
  const scan = (page: number, pieces: ReturnType<typeof piece>[]): PageScan => ({ page, width: 595, height: 842, rects: [], smallRects: [], candidates: [], pieces, imageCover: 0, imageMatrix: null, paths: 0, marks: [] });
  const boxes = (page: number, tops: number[]): PageBoxes => ({
    page,
    method: 'vector',
    boxes: tops.map((top, k) => ({ page, rect: { x: 30, y: top - 70, width: 178, height: 70 }, photo: null, stamped: false, ocr: null, text: { serial: k + 1, epic: null, idText: String(k + 1), deleted: false, deletionReason: null, hasText: true, fields: {} } })),
  });

  it('opens the list of the boxes below it; a footnote under the last row opens none', () => {
    const scans = [
      scan(1, [piece('Part No. 17', 820), piece('List of Additions', 800), piece('List of Deletions', 600), piece('# Correction list entries are marked', 100)]),
      scan(2, [piece('Part No. 17', 820), piece('Corrections List in this part', 60)]),
    ];
    const classes = classifyPages(scans, [boxes(1, [790, 720, 590]), boxes(2, [790])], 'clean');
    const lists = classes.flatMap((c, i) => boxes(i + 1, i === 0 ? [790, 720, 590] : [790]).boxes.map((b) => listAt(c, b.rect.y + b.rect.height - 2)?.kind ?? 'main'));
    expect(lists).toEqual(['additions', 'additions', 'deletions', 'deletions']);
  });
});

describe('counts stated under a list', () => {
  const piece = (str: string, x: number, y: number) => ({ str, x, y, width: str.length * 5, height: 9 });

  it('reads a total line in English and Indian scripts, and the Total column of a table by gender', () => {
    const lines = toLines([
      piece('Total additions : 12', 40, 700),
      piece('एकूण : 7', 40, 650),
      piece('Male', 230, 600), piece('Female', 310, 600), piece('Third Gender', 390, 600), piece('Total', 490, 600),
      piece('7', 234, 586), piece('5', 314, 586), piece('0', 394, 586), piece('12', 494, 586),
    ]);
    expect(statedCounts(lines)).toEqual([{ y: 700, count: 12 }, { y: 650, count: 7 }, { y: 600, count: 12 }]);
  });

  it('is not another total: pages, a footer, a table row of several numbers', () => {
    const lines = toLines([
      piece('કુલ પૃષ્ઠો 26 - પૃષ્ઠ 24', 40, 700),
      piece('Total 7 5 0 12', 40, 650),
      piece('Total pages : 4', 40, 600),
    ]);
    expect(statedCounts(lines)).toEqual([]);
  });
});

describe('deletion codes', () => {
  it('a code alone in the top band, with or without the supplement’s number', () => {
    expect(deletionCode('E')).toBe('E');
    expect(deletionCode(' S2 ')).toBe('S');
    expect(deletionCode('X')).toBeNull();
    expect(deletionCode('12')).toBeNull();
  });

  it('a labelled code or reason word, in English and Indian scripts', () => {
    expect(labelledDeletionCode('Name : A\nReason for deletion : Shifted')).toBe('S');
    expect(labelledDeletionCode('Deletion Code : Q')).toBe('Q');
    // a code letter ends its line, whatever the next line says
    expect(labelledDeletionCode('Reason : E\nAge : 40')).toBe('E');
    expect(labelledDeletionCode('Reason Code : S2')).toBe('S');
    expect(labelledDeletionCode('विलोपन का कारण : मृत्यु')).toBe('E');
    expect(labelledDeletionCode('वगळणीचे कारण : दुबार')).toBe('R');
    expect(labelledDeletionCode('કારણ : ગેરહાજર')).toBe('M');
    expect(labelledDeletionCode('Name : Reasonable Person')).toBeNull();
    expect(labelledDeletionCode('Name : A\nAge : 40')).toBeNull();
  });
});

/**
 * A roll of 36 main-list voters on two pages, then a page that opens supplement 1 with a heading block
 * (its number, the revision and qualifying date, "List of Additions") above 5 additions, a total line,
 * then the deletions list's heading, 4 deleted entries of the main list (each with its code, alone in
 * the top band or labelled) and a table by gender; then a page opening supplement 2's corrections.
 */
const main = inventVoters(36, 3);
const added = inventVoters(5, 5, 37);
const REASONS = ['E', 'S', 'R', 'M'];
const deleted: DeletedVoter[] = [main[4], main[11], main[19], main[30]].map((v, k) => ({ ...v, code: k % 2 === 0 ? { letter: REASONS[k] } : { letter: REASONS[k], labelled: REASONS[k] } }));
const corrected = [{ ...main[7], house: '8-A' }, { ...main[22], age: main[22].age + 1 }];

async function rollOf(layout: Layout, script: Script, stated: { additions: number; deletions: number }): Promise<VoterList> {
  const w = WORDS[script];
  const bytes = await drawSupplementRoll(layout, script, [
    [{ voters: main.slice(0, 30) }],
    [{ voters: main.slice(30) }],
    [
      { heading: [w.supplement(1), w.revision, w.additions] },
      { voters: added, supplement: true },
      { total: stated.additions },
      { heading: [w.deletions] },
      { voters: deleted, supplement: true },
      { table: { male: 2, female: stated.deletions - 2, third: 0, total: stated.deletions } },
    ],
    [{ heading: [w.supplement(2), w.revision, w.corrections] }, { voters: corrected, supplement: true }, { total: 2 }],
  ]);
  return parseVoterList({ bytes, filename: `${layout}-${script}.pdf` });
}

describe('a supplement over several pages', () => {
  it('is one list when a later page repeats only its kind heading, and its count covers all its pages', async () => {
    const w = WORDS.english;
    const many = inventVoters(35, 9, 37);
    const bytes = await drawSupplementRoll('eci2025', 'english', [
      [{ voters: main.slice(0, 30) }],
      [{ voters: main.slice(30) }],
      [{ heading: [w.supplement(1), w.revision, w.additions] }, { voters: many.slice(0, 27), supplement: true }],
      [{ heading: [w.additions] }, { voters: many.slice(27), supplement: true }, { total: 35 }],
    ]);
    const list = await parseVoterList({ bytes, filename: 'long.pdf' });
    expect(list.voters).toHaveLength(71);
    const lists = new Set(list.voters.slice(36).map((v) => JSON.stringify(v.supplement)));
    expect([...lists]).toEqual([JSON.stringify({ kind: 'additions', heading: `${w.supplement(1)} · ${w.additions}`, number: 1 })]);
    expect(list.report.lists).toEqual([
      { kind: 'main', voters: 36, deleted: 0 },
      { kind: 'additions', heading: `${w.supplement(1)} · ${w.additions}`, number: 1, voters: 35, deleted: 0, stated: 35 },
    ]);
    expect(list.report.warnings.map((x) => x.message)).toEqual([`35 voter(s) are in the supplement “${w.supplement(1)} · ${w.additions}”.`]);
  }, 60_000);
});

const CASES: [Layout, Script][] = [
  ['eci2025', 'english'],
  ['eci2025', 'marathi'],
  ['older', 'hindi'],
  ['older', 'gujarati'],
];

describe.each(CASES)('a %s roll with supplements headed in %s', (layout, script) => {
  it('reads every box once, each in its list, deleted entries with their code; the counts agree', async () => {
    const list = await rollOf(layout, script, { additions: 5, deletions: 4 });
    const w = WORDS[script];
    expect(list.report.pageKinds).toEqual(['cover', 'voters', 'voters', 'voters', 'voters']);
    expect(list.voters.map((v) => v.serial)).toEqual([...main, ...added, ...deleted, ...corrected].map((v) => v.serial));
    expect(list.voters.map((v) => v.epic)).toEqual([...main, ...added, ...deleted, ...corrected].map((v) => v.epic));

    const [mainRead, addedRead, deletedRead, correctedRead] = [list.voters.slice(0, 36), list.voters.slice(36, 41), list.voters.slice(41, 45), list.voters.slice(45)];
    expect(mainRead.every((v) => v.supplement === undefined)).toBe(true);
    expect(addedRead.map((v) => v.supplement)).toEqual(added.map(() => ({ kind: 'additions', heading: `${w.supplement(1)} · ${w.additions}`, number: 1 })));
    expect(addedRead.some((v) => v.deleted)).toBe(false);
    expect(deletedRead.map((v) => v.supplement)).toEqual(deleted.map(() => ({ kind: 'deletions', heading: w.deletions, number: 1 })));
    expect(deletedRead.map((v) => [v.deleted, v.deletionReason])).toEqual(REASONS.map((r) => [true, r]));
    expect(correctedRead.map((v) => v.supplement)).toEqual(corrected.map(() => ({ kind: 'corrections', heading: `${w.supplement(2)} · ${w.corrections}`, number: 2 })));
    // the main list's entries of the deleted voters are deleted too, with the list's code
    expect(mainRead.filter((v) => v.deleted).map((v) => [v.serial, v.deletionReason])).toEqual(deleted.map((d, k) => [d.serial, REASONS[k]]));

    // the report's lists, with the counts the roll states under them
    expect(list.report.lists).toEqual([
      { kind: 'main', voters: 36, deleted: 4 },
      { kind: 'additions', heading: `${w.supplement(1)} · ${w.additions}`, number: 1, voters: 5, deleted: 0, stated: 5 },
      { kind: 'deletions', heading: w.deletions, number: 1, voters: 4, deleted: 4, stated: 4 },
      { kind: 'corrections', heading: `${w.supplement(2)} · ${w.corrections}`, number: 2, voters: 2, deleted: 0, stated: 2 },
    ]);
    // a deletion or correction list reprints main-list serials: not a repeat; the counts agree: no warning of either
    const messages = list.report.warnings.map((x) => x.message);
    expect(messages.filter((m) => /more than once|jump|states \d/.test(m))).toEqual([]);
    expect(messages).toContain(`4 voter(s) are in the supplement “${w.deletions}” (deleted from the roll: kept and marked deleted).`);
    if (layout === 'older') {
      // the older layout prints a supplement's boxes taller than the main list's: found all the same
      expect(new Set(addedRead.map((v) => Math.round(v.box!.rect.height)))).not.toEqual(new Set(mainRead.map((v) => Math.round(v.box!.rect.height))));
    }

    // the draft's choices: additions and corrections in or out; deleted voters out, listed
    const all = chooseVoters(list.voters, DEFAULT_SLIP_CHOICES);
    // each corrected voter once, with the corrections list's details, where the main list prints the entry
    expect(all.voters).toHaveLength(36 - 4 + 5);
    const mainPrinted = main.filter((v) => !deleted.some((d) => d.serial === v.serial));
    expect(all.voters.slice(0, 32).map((v) => v.serial)).toEqual(mainPrinted.map((v) => v.serial));
    expect(all.voters.filter((v) => v.supplement?.kind === 'corrections').map((v) => all.voters.indexOf(v))).toEqual(
      corrected.map((c) => mainPrinted.findIndex((v) => v.serial === c.serial)),
    );
    expect(all.voters.filter((v) => v.supplement?.kind === 'corrections')).toEqual(correctedRead);
    // each deleted person once: the deletions list reprints the main list's entries, which are the ones listed
    expect(all.deletedLeftOut.map((d) => d.reason)).toEqual(REASONS);
    expect(all.deletedLeftOut.map((d) => d.serial)).toEqual(deleted.map((d) => d.serial));
    // without the supplements' added voters, the main list's corrected entries still print as corrected
    const mainOnly = chooseVoters(list.voters, { ...DEFAULT_SLIP_CHOICES, supplements: false }).voters;
    expect(mainOnly).toHaveLength(36 - 4);
    expect(mainOnly.filter((v) => v.supplement).map((v) => v.supplement?.kind)).toEqual(['corrections', 'corrections']);
    // asked to print the deleted too (marked), each gets one slip, not one per list
    expect(chooseVoters(list.voters, { ...DEFAULT_SLIP_CHOICES, deleted: true }).voters).toHaveLength(36 + 5);
    expect(listOverview(list.voters, list.report.header)).toMatchObject({ supplementAdditions: 5, deletedCount: 4, correctedEntries: 2 });
    expect(list.report.deleted).toBe(4);
    expect(Object.values(list.report.deletedByReason ?? {}).reduce((a, b) => a + b, 0)).toBe(4);
  }, 60_000);

  it('says so where a list’s stated count differs from the boxes read', async () => {
    const list = await rollOf(layout, script, { additions: 6, deletions: 3 });
    const w = WORDS[script];
    expect(list.voters).toHaveLength(47);
    const counts = list.report.warnings.filter((x) => /states \d/.test(x.message));
    expect(counts.map((x) => x.message)).toEqual([
      `The supplement “${w.supplement(1)} · ${w.additions}” states 6 voter(s), but 5 were read in it (page 4).`,
      `The supplement “${w.deletions}” states 3 voter(s), but 4 were read in it (page 4).`,
    ]);
    expect(counts.every((x) => x.page === 4 && x.action)).toBe(true);
  }, 60_000);
});
