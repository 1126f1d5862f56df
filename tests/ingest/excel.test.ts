import { describe, expect, it } from 'vitest';
import { parseVoterList, VoterListError } from '@/lib/slips/parse';
import { ENGLISH_HEADER, HINDI_HEADER, voterRows, workbook } from './sheets';

describe.each([
  ['xlsx', false],
  ['xls', false],
  ['xlsx', true],
  ['xls', true],
] as const)('Excel %s (Hindi headers: %s)', (bookType, hindi) => {
  const header = hindi ? HINDI_HEADER : ENGLISH_HEADER;
  const rows = [['Voter list export, part 12'], [], header, ...voterRows(40, hindi), [], [], ['junk', '', '', ''], ...voterRows(3, hindi).map((r) => [41 + (r[0] as number) - 1, ...r.slice(1)])];

  it('finds the header below a title, reads every voter in order with all fields', async () => {
    const list = await parseVoterList({ bytes: workbook(rows, bookType), filename: `list.${bookType}` });
    expect(list.report.source).toBe('excel');
    expect(list.voters).toHaveLength(43);
    expect(list.voters.map((v) => v.serial)).toEqual(Array.from({ length: 43 }, (_, i) => i + 1));
    const v = list.voters[1];
    expect(v).toMatchObject({ serial: 2, epic: 'ABC1000001', page: 5, part: '12', age: 19, houseNumber: '101' });
    if (hindi) {
      expect(v.name).toBe('सीता देवी');
      expect(v.relativeName).toBe('गीता शर्मा');
      expect(v.relation).toBe('पिता');
      expect(v.gender).toBe('महिला');
      expect(v.pollingStation).toBe('राजकीय विद्यालय कक्ष 1');
      expect(v.section).toBe('1-गांधी नगर');
    } else {
      expect(v).toMatchObject({ name: 'Sita Devi', relativeName: 'Geeta Sharma', relation: 'Father', gender: 'F', section: '1-Gandhi Nagar' });
    }
    expect(list.report.header.part).toBe('12');
    expect(list.report.rows).toBe(43);
    expect(list.report.withoutEpic).toBe(0);
  });

  it('reports empty and malformed rows with their row numbers', async () => {
    const list = await parseVoterList({ bytes: workbook(rows, bookType), filename: `list.${bookType}` });
    const messages = list.report.warnings.map((w) => `${w.page ?? '-'}: ${w.message}`);
    expect(messages.some((m) => /^-: 2 empty row\(s\) skipped \(rows 44, 45\)/.test(m))).toBe(true);
    // a row is named in the message in a sheet's words ("Row 46"), not as a page
    expect(messages.some((m) => /^-: Row 46: .*junk.*skipped/.test(m))).toBe(true);
  });
});

describe('Excel edge cases', () => {
  it('refuses a sheet without a recognisable header', async () => {
    const bytes = workbook([['a', 'b', 'c'], ['1', '2', '3'], ['x', 'y', 'z']], 'xlsx');
    await expect(parseVoterList({ bytes, filename: 'x.xlsx' })).rejects.toMatchObject({ code: 'no-header', name: 'VoterListError' });
  });

  it('reads the voter sheet when another sheet comes first, and warns about bad values', async () => {
    const bytes = workbook(
      [ENGLISH_HEADER, [1, 3, 'abc123', 'A B', 'C D', 'Father', '1', 'old', 'M', '', ''], [2, 3, 'XYZ7654321', 'E F', 'G H', 'Father', '2', 33, 'F', '', '']],
      'xlsx',
      'Roll',
      [{ name: 'Notes', rows: [['read me'], ['nothing here']] }],
    );
    const list = await parseVoterList({ bytes, filename: 'x.xlsx' });
    expect(list.voters.map((v) => v.epic)).toEqual(['ABC123', 'XYZ7654321']);
    expect(list.voters[0].age).toBeUndefined();
    const messages = list.report.warnings.map((w) => w.message).join('\n');
    expect(messages).toMatch(/does not look like an EPIC/);
    expect(messages).toMatch(/not a plausible age/);
  });

  it('reads names in any script, and warns once, with the rows, about characters no slip font has', async () => {
    const rows = voterRows(4, false);
    rows[0][3] = 'સીતા દેવી';
    rows[1][3] = 'சீதா தேவி';
    rows[2][3] = 'سیتا دیوی';
    rows[3][4] = 'گیتا';
    const list = await parseVoterList({ bytes: workbook([ENGLISH_HEADER, ...rows], 'xlsx'), filename: 'list.xlsx' });
    expect(list.voters.map((v) => v.name)).toEqual(['સીતા દેવી', 'சீதா தேவி', 'سیتا دیوی', 'Geeta Sharma']);
    const unprintable = list.report.warnings.filter((w) => /cannot print/.test(w.message));
    expect(unprintable).toHaveLength(1);
    // Each quoted character is isolated (FSI … PDI) so Urdu letters do not reorder the sentence.
    expect(unprintable[0].message).toContain('"\u2068س\u2069"');
    expect(unprintable[0].message.replace(/[\u2068\u2069]/g, '')).toMatch(/^2 row\(s\) hold characters the slips cannot print \("س", "ی", "ت", "ا", "د", "و", "گ"\); they would print as empty boxes \(rows 4, 5\)\. Slips print English and Devanagari/);
  });

  it('gives up on a spreadsheet that takes too long (worker time limit)', async () => {
    const bytes = workbook([ENGLISH_HEADER, ...voterRows(2000, false)], 'xlsx');
    const err = await parseVoterList({ bytes, filename: 'x.xlsx' }, { excelTimeoutMs: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VoterListError);
    expect((err as VoterListError).code).toBe('timeout');
  });

  it('stops a spreadsheet that needs too much memory (worker heap limit)', async () => {
    // 3,000 rows each carrying a distinct 4,000-character cell: ~12 M characters to hold
    const rows = voterRows(3000, true).map((r, i) => [...r.slice(0, 3), `${i}`.padEnd(4000, 'क'), ...r.slice(4)]);
    const bytes = workbook([ENGLISH_HEADER, ...rows], 'xlsx');
    const err = await parseVoterList({ bytes, filename: 'x.xlsx' }, { excelMemoryMb: 16 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VoterListError);
    expect((err as VoterListError).code).toBe('too-large');
  });
});
