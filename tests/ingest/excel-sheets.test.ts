import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '@/lib/slips/ingest/excel/read-workbook';
import { partFromSheetName, readSheets } from '@/lib/slips/ingest/excel/sheet';
import { parseVoterList, VoterListError } from '@/lib/slips/parse';
import type { Cell } from './sheets';

/** Workbooks of several sheets, one per part, as data teams keep a ward (sheets made here; the names are invented). */

function book(sheets: { name: string; rows: Cell[][] }[], bookType: 'xlsx' | 'xls' = 'xlsx'): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const s of sheets) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(s.rows), s.name);
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType, compression: true }) as Buffer);
}

const people = ['Ram Kumar', 'Sita Devi', 'Mohan Lal', 'Geeta Sharma'];
const table = (count: number, epicFrom: number, extra: (i: number) => Cell[] = () => []): Cell[][] =>
  Array.from({ length: count }, (_, i) => [i + 1, people[i % people.length], `ABC${String(epicFrom + i).padStart(7, '0')}`, ...extra(i)]);

const messages = (list: { report: { warnings: { message: string }[] } }) => list.report.warnings.map((w) => w.message);

describe('a workbook of several voter sheets', () => {
  for (const bookType of ['xlsx', 'xls'] as const) {
    it(`reads every sheet with a voter table, in sheet order, each voter keeping its sheet's part (${bookType})`, async () => {
      const bytes = book(
        [
          { name: 'Summary', rows: [['Ward 14 summary'], ['Parts', 3], ['Voters', 7]] },
          // the part stated in the rows above the table
          { name: 'First', rows: [['Part No. : 21'], [], ['Sl No', 'Name', 'EPIC'], ...table(3, 1)] },
          // a Part column in the table
          { name: 'Second', rows: [['Sl No', 'Name', 'EPIC', 'Part No'], ...table(2, 100, () => [22])] },
          { name: 'Notes', rows: [['Checked by the booth team'], ['call before 5 pm']] },
          // nothing says but the sheet's name
          { name: 'भाग 23', rows: [['क्रम संख्या', 'नाम', 'एपिक'], ...table(2, 200)] },
          { name: 'Empty', rows: [] },
        ],
        bookType,
      );
      const list = await parseVoterList({ bytes, filename: `ward.${bookType}` });
      expect(list.voters.map((v) => [v.part, v.serial, v.epic])).toEqual([
        ['21', 1, 'ABC0000001'],
        ['21', 2, 'ABC0000002'],
        ['21', 3, 'ABC0000003'],
        ['22', 1, 'ABC0000100'],
        ['22', 2, 'ABC0000101'],
        ['23', 1, 'ABC0000200'],
        ['23', 2, 'ABC0000201'],
      ]);
      expect(list.report.voters).toBe(7);
      // several parts: the list states none of them as its own
      expect(list.report.header.part).toBeUndefined();
      const said = messages(list);
      expect(said[0]).toBe('3 sheets with voters were read, in order: "First", "Second", "भाग 23".');
      // sheets without a table are named once; an empty sheet is not worth a word
      expect(said.filter((m) => /without a voter table/.test(m))).toEqual(['Sheets without a voter table were not read: "Summary", "Notes".']);
      // serials restart in every part: that is no jump
      expect(said.filter((m) => /serial numbers/i.test(m))).toEqual([]);
    });
  }

  it('names the sheet with the row in every row warning, and checks serials within each part', async () => {
    const bytes = book([
      { name: 'Part 1', rows: [['Sl No', 'Name', 'EPIC', 'Age'], [1, 'Ram Kumar', 'ABC0000001', 'old'], [2, 'Sita Devi', 'ABC0000002', 40]] },
      { name: 'Part 2', rows: [['Sl No', 'Name', 'EPIC'], [1, 'Mohan Lal', 'ABC0000003'], [4, 'Geeta Sharma', 'ABC0000004'], [], ['', '', '']] },
    ]);
    const list = await parseVoterList({ bytes, filename: 'ward.xlsx' });
    expect(list.voters.map((v) => v.part)).toEqual(['1', '1', '2', '2']);
    const said = messages(list);
    expect(said).toContain('Sheet "Part 1", row 2: the age "old" is not a plausible age; the voter is kept without one.');
    expect(said).toContain('Sheet "Part 2", row 3: serial numbers jump from 1 to 4; serials 2–3 are not in the sheet.');
    expect(said).toContain('Sheet "Part 2": 2 empty row(s) skipped (rows 4, 5).');
    // the row warnings carry no page: a sheet has rows, not pages
    expect(list.report.warnings.every((w) => w.page === undefined)).toBe(true);
  });

  it('counts the rows of all voter sheets against the limit', async () => {
    const bytes = book([
      { name: 'Part 1', rows: [['Sl No', 'Name', 'EPIC'], ...table(600, 1)] },
      { name: 'Part 2', rows: [['Sl No', 'Name', 'EPIC'], ...table(600, 1000)] },
    ]);
    const e = await parseVoterList({ bytes, filename: 'ward.xlsx' }, { maxRows: 1000 }).catch((error: unknown) => error);
    expect(e).toBeInstanceOf(VoterListError);
    expect((e as VoterListError).message).toBe('The voter sheets have more than 1,000 rows in all; split the workbook into smaller files.');
    expect((await parseVoterList({ bytes, filename: 'ward.xlsx' }, { maxRows: 1200 })).voters).toHaveLength(1200);
  });

  it('names the sheets past the most a workbook may have read, and reads the rest', async () => {
    const bytes = book([1, 2, 3].map((n) => ({ name: `Part ${n}`, rows: [['Sl No', 'Name', 'EPIC'], ...table(2, n * 10)] })));
    const sheets = await readWorkbook(bytes, { timeoutMs: 60_000, memoryMb: 256, maxRows: 1000, maxSheets: 2 });
    expect(sheets.map((s) => [s.name, s.notRead ?? false, s.rows.length])).toEqual([
      ['Part 1', false, 3],
      ['Part 2', false, 3],
      ['Part 3', true, 0],
    ]);
    const list = readSheets(sheets, {}, 'workbook');
    expect(list.voters.map((v) => v.part)).toEqual(['1', '1', '2', '2']);
    expect(messages(list)).toContain('Only the first 2 sheets of a workbook are read; "Part 3" was not. Put those parts in another file.');
  });

  it('leaves hidden sheets out, naming them, and says when a sheet repeats another’s voters', async () => {
    const wb = XLSX.utils.book_new();
    const sheets = [
      { name: 'Part 1', rows: [['Sl No', 'Name', 'EPIC'], ...table(3, 1)] },
      { name: 'Old Part 1', rows: [['Sl No', 'Name', 'EPIC'], ...table(3, 1)] },
      { name: 'Part 1 (2)', rows: [['Sl No', 'Name', 'EPIC'], ...table(3, 1)] },
    ];
    for (const sh of sheets) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(sh.rows), sh.name);
    wb.Workbook = { Sheets: [{ Hidden: 0 }, { Hidden: 1 }, { Hidden: 0 }] };
    const bytes = new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const list = await parseVoterList({ bytes, filename: 'ward.xlsx' });
    expect(list.voters).toHaveLength(6);
    const said = messages(list);
    expect(said).toContain('Hidden sheets were not read: "Old Part 1". Unhide a sheet to have its voters read.');
    expect(said).toContain('Sheet "Part 1 (2)" repeats 3 voter ID(s) of sheet "Part 1"; those voters would get two slips. If one sheet is a copy, delete it and upload the file again.');
    // only hidden tables: the refusal says how to unhide
    wb.Workbook = { Sheets: [{ Hidden: 1 }, { Hidden: 1 }, { Hidden: 2 }] };
    const allHidden = new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const e = await parseVoterList({ bytes: allHidden, filename: 'ward.xlsx' }).catch((error: unknown) => error);
    expect((e as VoterListError).message).toMatch(/^The only voter tables are on hidden sheets \("Part 1", "Old Part 1", "Part 1 \(2\)"\); unhide/);
  });

  it('reads a part from a sheet name only when the name is a part label and a number', () => {
    expect(['Part 12', 'part-7', 'Part No. 3', 'PART_NO 45', 'भाग 23', 'भाग संख्या १२', 'ભાગ ૫', 'பாகம் 8'].map(partFromSheetName)).toEqual(['12', '7', '3', '45', '23', '12', '5', '8']);
    expect(['Sheet1', 'Counterpart 3', 'Part', '12', 'Part 12 old', 'Summary 2'].map(partFromSheetName)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
