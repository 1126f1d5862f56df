import { describe, expect, it } from 'vitest';
import { detectKind } from '@/lib/slips/ingest/detect';
import { columnLetters, decodeCsv, readCsv, sniffDelimiter } from '@/lib/slips/ingest/excel/csv';
import { parseVoterList, VoterListError } from '@/lib/slips/parse';
import { refusal } from './refusal';

/** CSV voter lists as data teams export them (files made here; the names are invented). */

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (text: string) => Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)]);

function utf16(text: string, order: 'le' | 'be', bom = true): Uint8Array {
  const le = Buffer.from(text, 'utf16le');
  const body = order === 'le' ? le : Buffer.from(le).swap16();
  const mark = order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff];
  return Uint8Array.from([...(bom ? mark : []), ...body]);
}

const LIMITS = { maxRows: 1000, maxColumns: 200, maxCellChars: 1000 };
const rowsOf = (bytes: Uint8Array) => readCsv(bytes, 'list', LIMITS).rows;

const HINDI = 'क्रम संख्या,नाम,पिता/पति का नाम,आयु,लिंग,मतदाता पहचान पत्र\r\n1,राम कुमार,मोहन लाल,42,पुरुष,ABC1234567\r\n2,सीता देवी,राम कुमार,39,महिला,ABC7654321\r\n';

describe('CSV text: encodings', () => {
  it('reads UTF-8 with and without its mark, and UTF-16 little- and big-endian with a mark, as the same cells', () => {
    const expected = [
      ['क्रम संख्या', 'नाम', 'पिता/पति का नाम', 'आयु', 'लिंग', 'मतदाता पहचान पत्र'],
      ['1', 'राम कुमार', 'मोहन लाल', '42', 'पुरुष', 'ABC1234567'],
      ['2', 'सीता देवी', 'राम कुमार', '39', 'महिला', 'ABC7654321'],
    ];
    expect(rowsOf(utf8(HINDI))).toEqual(expected);
    expect(rowsOf(withBom(HINDI))).toEqual(expected);
    expect(rowsOf(utf16(HINDI, 'le'))).toEqual(expected);
    expect(rowsOf(utf16(HINDI, 'be'))).toEqual(expected);
    expect(decodeCsv(utf16(HINDI, 'be')).encoding).toBe('utf-16be');
    // a UTF-16 file saved without its mark is known by its zero bytes
    expect(decodeCsv(utf16('Sl No,Name\r\n1,Ram\r\n', 'le', false))).toEqual({ text: 'Sl No,Name\r\n1,Ram\r\n', encoding: 'utf-16le' });
  });

  it('refuses text that is not UTF-8 (a list saved in an old code page), saying how to save it', () => {
    const latin1 = Uint8Array.from([...utf8('Sl No,Name\n1,Jos'), 0xe9, 0x0a]);
    expect(() => decodeCsv(latin1)).toThrow(/not saved as UTF-8 text.*CSV UTF-8 \(Comma delimited\)/);
  });

  it('judges UTF-16 text as text by its content, with or without a mark, and binary as no text', () => {
    expect(detectKind(utf16(HINDI, 'le'))).toBe('text');
    expect(detectKind(utf16(HINDI, 'be'))).toBe('text');
    expect(detectKind(utf16('Sl No\tName\r\n1\tRam\r\n', 'le', false))).toBe('text');
    expect(detectKind(withBom(HINDI))).toBe('text');
    expect(detectKind(Uint8Array.from([0xff, 0xfe, 0x01, 0x00, 0x02, 0x00, 0x41, 0x00]))).toBe('unknown');
    expect(detectKind(Uint8Array.from([0x00, 0x01, 0x02, 0x03, 0x04, 0x05]))).toBe('unknown');
  });
});

describe('CSV text: delimiters and quoting', () => {
  it('finds comma, semicolon or tab from the table, not from title lines or commas inside quotes', () => {
    expect(sniffDelimiter('Sl No,Name,Age\n1,Ram,42\n2,Sita,39\n')).toBe(',');
    expect(sniffDelimiter('Sl No;Name;Age\n1;"Kumar, Ram";42\n2;"Devi, Sita";39\n')).toBe(';');
    expect(sniffDelimiter('District: Pune, Maharashtra\nPart: 12\nSl No\tName\tAge\n1\tRam, Kumar\t42\n2\tSita\t39\n')).toBe('\t');
    expect(sniffDelimiter('"Name, with comma";Age\n"Ram, K";42\n')).toBe(';');
  });

  it('keeps delimiters, line breaks and doubled quotes inside quoted cells, and every line ending', () => {
    const text = 'Sl No,Name,Address\r\n1,"Kumar, Ram","House 12\nGandhi Nagar"\r2,"Sita ""Rani"" Devi",\n3,Ram "Lal",x"y"\n';
    expect(rowsOf(utf8(text))).toEqual([
      ['Sl No', 'Name', 'Address'],
      ['1', 'Kumar, Ram', 'House 12\nGandhi Nagar'],
      ['2', 'Sita "Rani" Devi', ''],
      ['3', 'Ram "Lal"', 'x"y"'],
    ]);
  });

  it('takes the delimiter from an Excel "sep=" first line, and counts rows from the line after it', () => {
    const sheet = readCsv(utf8('sep=;\nSl No;Name\n1;Kumar, Ram\n'), 'list', LIMITS);
    expect(sheet).toMatchObject({ delimiter: ';', firstRow: 2, rows: [['Sl No', 'Name'], ['1', 'Kumar, Ram']] });
  });

  it('names columns as a spreadsheet program does', () => {
    expect([0, 25, 26, 27, 199, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'GR', 'ZZ', 'AAA']);
  });
});

describe('CSV text: limits before work', () => {
  it('stops keeping rows at the row limit and marks the sheet cut short', () => {
    const text = `Sl No,Name\n${Array.from({ length: 50 }, (_, i) => `${i + 1},Voter ${i + 1}`).join('\n')}\n`;
    const sheet = readCsv(utf8(text), 'list', { ...LIMITS, maxRows: 10 });
    expect(sheet.rows).toHaveLength(10);
    expect(sheet.truncated).toBe(true);
    expect(readCsv(utf8(text), 'list', { ...LIMITS, maxRows: 51 }).truncated).toBe(false);
  });

  it('keeps the columns within the limit and counts the ones past it that hold values', () => {
    const sheet = readCsv(utf8('a,b,c,d,e\n1,2,3,4,5\n1,2,3,,\n'), 'list', { ...LIMITS, maxColumns: 3 });
    expect(sheet.rows).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['1', '2', '3'],
    ]);
    expect(sheet.columnsCut).toBe(2);
  });

  it('refuses a cell longer than a voter list holds, naming its row and column, and a quote never closed', () => {
    expect(() => readCsv(utf8(`Sl No,Name\n1,${'N'.repeat(5000)}\n`), 'list', LIMITS)).toThrow(
      /^Row 2, column B of the CSV file holds 5,000 characters; a cell of a voter list holds at most 1,000/,
    );
    expect(() => readCsv(utf8(`Sl No,Name\n1,"Ram\n${'2,Sita\n'.repeat(400)}`), 'list', LIMITS)).toThrow(/^Row 2, column B of the CSV file opens a quote \(".*never closed/);
    // a short unclosed quote at the very end is kept as it stands
    expect(rowsOf(utf8('Sl No,Name\n1,"Ram'))).toEqual([
      ['Sl No', 'Name'],
      ['1', 'Ram'],
    ]);
  });

  it('refuses a file packed with more filled cells than the budget, naming it', () => {
    const text = `Sl No,Name,Age\n${'1,Ram,42\n'.repeat(20)}`;
    expect(() => readCsv(utf8(text), 'list', { ...LIMITS, maxFilledCells: 50 })).toThrow(
      /^The CSV file holds more than 50 filled cells, more than a voter list needs\. Remove the columns the slips do not use, or split the file\.$/,
    );
    expect(readCsv(utf8(text), 'list', { ...LIMITS, maxFilledCells: 63 }).rows).toHaveLength(21);
  });

  it('a CSV longer than the row limit is refused by the parse, naming the limit; at the limit it is read', async () => {
    const text = (n: number) => `Sl No,Name,EPIC\n${Array.from({ length: n }, (_, i) => `${i + 1},Voter,ABC${String(1000000 + i)}`).join('\n')}\n`;
    const e = await refusal(parseVoterList({ bytes: utf8(text(1200)), filename: 'list.csv' }, { maxRows: 1000 }));
    expect(e.message).toBe('The sheet has more than 1,000 rows; split it into smaller files.');
    expect((await parseVoterList({ bytes: utf8(text(1000)), filename: 'list.csv' }, { maxRows: 1000 })).voters).toHaveLength(1000);
  });

  it('an aborted parse stops with the signal’s reason', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    await expect(parseVoterList({ bytes: utf8(HINDI), filename: 'list.csv' }, { signal: controller.signal })).rejects.toThrow('cancelled by the user');
  });
});

describe('CSV voter lists read as a sheet is read', () => {
  it('reads a Hindi UTF-16 tab-separated list end to end, with every field', async () => {
    const list = await parseVoterList({ bytes: utf16(HINDI.replace(/,/g, '\t'), 'le'), filename: 'सूची.csv' });
    expect(list.report.source).toBe('excel');
    expect(list.voters).toEqual([
      { serial: 1, epic: 'ABC1234567', page: 2, name: 'राम कुमार', relativeName: 'मोहन लाल', gender: 'पुरुष', age: 42 },
      { serial: 2, epic: 'ABC7654321', page: 3, name: 'सीता देवी', relativeName: 'राम कुमार', gender: 'महिला', age: 39 },
    ]);
  });

  it('takes the database’s columns, combined cells, placeholders, floats and the facts above the table, as in a workbook', async () => {
    const text = [
      'District;Pune',
      'Ward No.;14',
      'Part No.;12;Polling Station;"Zilla Parishad School; Room 3"',
      '',
      'SLNOINPART;FM_NAME_EN;LASTNAME_EN;RLN_TYPE;RLN_FM_NM_EN;EPIC_NO;Age/Sex;C_HOUSE_NO;MOBILE_NO',
      '1.0;Ramesh;Patil;F;Mahesh Patil;ABC1234567;42 / M;12.0;9800000000',
      '2.0;Geeta;Patil;H;Ramesh Patil;nan;39/F;-;NULL',
    ].join('\n');
    const list = await parseVoterList({ bytes: utf8(text), filename: 'ward 14.csv' });
    expect(list.voters).toEqual([
      { serial: 1, epic: 'ABC1234567', page: 6, name: 'Ramesh Patil', relation: 'Father', relativeName: 'Mahesh Patil', gender: 'M', houseNumber: '12', age: 42, part: '12', pollingStation: 'Zilla Parishad School; Room 3' },
      { serial: 2, epic: null, page: 7, name: 'Geeta Patil', relation: 'Husband', relativeName: 'Ramesh Patil', gender: 'F', age: 39, part: '12', pollingStation: 'Zilla Parishad School; Room 3' },
    ]);
    expect(list.report.header).toMatchObject({ part: '12', district: 'Pune', ward: '14' });
    expect(list.report.warnings.map((w) => w.message)).toContain('Columns not read (the slips do not use them): "MOBILE_NO".');
  });

  it('a list saved as "Part 7.csv" keeps part 7 when nothing inside states the part', async () => {
    const list = await parseVoterList({ bytes: utf8('Sl No,Name\n1,Ram\n2,Sita\n'), filename: 'Part 7.csv' });
    expect(list.voters.map((v) => v.part)).toEqual(['7', '7']);
    const stated = await parseVoterList({ bytes: utf8('Sl No,Name,Part No\n1,Ram,3\n'), filename: 'Part 7.csv' });
    expect(stated.voters[0].part).toBe('3');
  });

  it('refuses a CSV without a voter table, and text under a name other than .csv', async () => {
    expect((await refusal(parseVoterList({ bytes: utf8('a,b\n1,2\n'), filename: 'x.csv' }))).message).toMatch(/^No header row was recognised in the CSV file/);
    expect((await refusal(parseVoterList({ bytes: utf8('Sl No,Name\n'), filename: 'x.csv' }))).message).toBe('The CSV file has a header row but no voter rows.');
    const e = await refusal(parseVoterList({ bytes: utf8('Sl No,Name\n1,Ram\n'), filename: 'list.txt' }));
    expect(e.message).toBe('list.txt is a plain-text file; upload the roll as a PDF or the list as an Excel (.xlsx or .xls) or CSV (.csv) file.');
    const renamed = await refusal(parseVoterList({ bytes: utf8('Sl No,Name\n1,Ram\n'), filename: 'roll.pdf' }));
    expect(renamed.message).toMatch(/^roll\.pdf is a plain-text file despite its \.pdf name/);
  });
});
