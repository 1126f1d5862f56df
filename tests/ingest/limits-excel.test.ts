import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { VoterListError } from '@/lib/slips/ingest/errors';
import { checkZip } from '@/lib/slips/ingest/excel/zip-guard';
import { parseVoterList } from '@/lib/slips/parse';
import { deflatedRepeat, handmadeXlsx, zip } from '@/tests/helpers/bad-files';
import { ENGLISH_HEADER, voterRows, workbook } from './sheets';
import { refusal } from './refusal';

/** Spreadsheets that would take the reader down, refused before they can, each with the limit named. */
const workbookParts = [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
];

describe('Excel limits before work', () => {
  it('the deflate pieces of the test helper join into the stream they claim', () => {
    const built = deflatedRepeat('AB', 3 * 1024 * 1024 + 17);
    const back = inflateRawSync(built.packed);
    expect(back.length).toBe(built.size);
    expect(back.subarray(0, 4).toString()).toBe('ABAB');
  });

  it('an entry that claims 1,000 bytes and unpacks to 400 MB of one cell is refused while unpacking, never trusted', async () => {
    const cell = deflatedRepeat('A', 400 * 1024 * 1024);
    expect(cell.packed.length).toBeLessThan(1024 * 1024);
    const bomb = zip([...workbookParts, { name: 'xl/sharedStrings.xml', packed: cell.packed, size: cell.size, crc: cell.crc, declared: 1000 }]);
    const before = process.memoryUsage().rss;
    const e = await refusal(checkZip(bomb));
    // what it unpacked to was counted, not kept
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(e.code).toBe('zip-bomb');
    expect(e.message).toBe('A part of the Excel file unpacks more than 200 times larger than it is packed (a zip bomb, not a spreadsheet); it is refused.');
    // and the parse says the same, before the spreadsheet library sees the file
    expect((await refusal(parseVoterList({ bytes: bomb, filename: 'list.xlsx' }))).code).toBe('zip-bomb');
  });

  it('entries that are honest about their sizes but unpack past the total are refused, naming the limit', async () => {
    const part = deflatedRepeat('<c r="A1"><v>1</v></c>', 200 * 1024 * 1024);
    const many = zip([...workbookParts, ...[1, 2, 3, 4].map((n) => ({ name: `xl/worksheets/sheet${n}.xml`, packed: part.packed, size: part.size, crc: part.crc }))]);
    const e = await refusal(checkZip(many, { maxTotal: 640 * 1024 * 1024, maxEntry: 512 * 1024 * 1024, maxRatio: 100_000, ratioFrom: 16 * 1024 * 1024, maxEntries: 100 }));
    expect(e.message).toMatch(/^The Excel file would unpack to more than 640 MB; a voter list of 250,000 rows unpacks to about 140 MB\. It is refused\.$/);
  });

  it('a cell of 8 MB (a name no voter has) is refused naming its row and column', async () => {
    const rows = [ENGLISH_HEADER, ...voterRows(5, false)].map((r) => r.map((c) => String(c ?? '')));
    rows[3][3] = 'N'.repeat(8 * 1024 * 1024);
    const e = await refusal(parseVoterList({ bytes: handmadeXlsx(rows), filename: 'list.xlsx' }));
    expect(e.code).toBe('too-large');
    expect(e.message).toMatch(/^Row 4, column D of the sheet "Voters" holds 83,88,608 characters; a cell of a voter list holds at most 1,000 \(a name, an address\)\./);
  });

  it("a sheet's rows are counted in its XML as it unpacks, whatever it declares, across the unpacker's chunks", async () => {
    expect((await checkZip(workbook([ENGLISH_HEADER, ...voterRows(3_000, true)], 'xlsx'))).rows).toBe(3_001);
    // namespace prefixes and self-closed rows count; the word "row" in a cell, <rows> or <rowBreaks> do not
    const sheet = `<x:worksheet xmlns:x="s"><x:dimension ref="A1:A2"/><x:sheetData>${'<x:row r="1"><x:c t="inlineStr"><x:is><x:t>a row of text</x:t></x:is></x:c></x:row>'.repeat(150_000)}<row/><row\n r="2"></row></x:sheetData><rowBreaks/><rows/></x:worksheet>`;
    expect((await checkZip(zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) }]))).rows).toBe(150_002);
  });

  it('a sheet longer than the row limit is refused by its row count', async () => {
    const bytes = workbook([ENGLISH_HEADER, ...voterRows(3_000, false)], 'xlsx');
    const e = await refusal(parseVoterList({ bytes, filename: 'list.xlsx' }, { maxRows: 1_000 }));
    expect(e.message).toBe('The sheet has more than 1,000 rows; split it into smaller files.');
    // at the limit it is read
    const list = await parseVoterList({ bytes: workbook([ENGLISH_HEADER, ...voterRows(1_000, false)], 'xlsx'), filename: 'list.xlsx' }, { maxRows: 1_000 });
    expect(list.voters).toHaveLength(1_000);
  });

  it('250,000 rows are read (a spread over every row once overflowed the call stack)', { timeout: 180_000 }, async () => {
    const list = await parseVoterList({ bytes: workbook([ENGLISH_HEADER, ...voterRows(250_000, false)], 'xlsx'), filename: 'big.xlsx' });
    expect(list.voters).toHaveLength(250_000);
  });
});
