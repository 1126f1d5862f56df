import { describe, expect, it } from 'vitest';
import { parseVoterList } from '@/lib/slips/parse';
import { splitGenderAge } from '@/lib/slips/ingest/excel/sheet';
import { fieldOf } from '@/lib/slips/ingest/excel/headers';
import { workbook, type Cell } from './sheets';

/** Spreadsheets as campaign data teams keep them (sheets made here; the names are invented). */

const read = (rows: Cell[][]) => parseVoterList({ bytes: workbook(rows, 'xlsx'), filename: 'campaign.xlsx' });

describe('campaign spreadsheets', () => {
  it('takes an ID column headed ID Code, IDCARD_NO or New SEC ID as the voter’s ID', async () => {
    for (const heading of ['ID Code', 'IDCARD_NO', 'New SEC ID']) {
      const list = await read([
        ['Sr No', 'Name', heading],
        [1, 'Ram Kumar', 'ABC1234567'],
        [2, 'Sita Devi', 'ABC7654321'],
      ]);
      expect(list.voters.map((v) => v.epic), heading).toEqual(['ABC1234567', 'ABC7654321']);
    }
  });

  it('reads the electoral database’s own columns: first and last names joined, relation codes as words, house and part', async () => {
    const list = await read([
      ['AC_NO', 'PART_NO', 'SLNOINPART', 'C_HOUSE_NO', 'FM_NAME_EN', 'LASTNAME_EN', 'RLN_TYPE', 'RLN_FM_NM_EN', 'RLN_L_NM_EN', 'EPIC_NO', 'GENDER', 'AGE'],
      [137, 1, 1, '12', 'Ramesh', 'Patel', 'F', 'Mahesh', 'Patel', 'ABC1234567', 'M', 42],
      [137, 1, 2, '12', 'Geeta', 'Patel', 'H', 'Ramesh', 'Patel', 'ABC7654321', 'F', 39],
    ]);
    expect(list.voters[0]).toMatchObject({ serial: 1, part: '1', houseNumber: '12', name: 'Ramesh Patel', relation: 'Father', relativeName: 'Mahesh Patel', epic: 'ABC1234567', gender: 'M', age: 42 });
    expect(list.voters[1]).toMatchObject({ relation: 'Husband', relativeName: 'Ramesh Patel' });
  });

  it('splits a combined Gender / Age cell', async () => {
    const list = await read([
      ['S.No', 'Name', 'EPIC', 'Gender / Age'],
      [1, 'Ram Kumar', 'ABC1234567', 'M / 59'],
      [2, 'Sita Devi', 'ABC7654321', '42-F'],
    ]);
    expect(list.voters.map((v) => [v.gender, v.age])).toEqual([
      ['M', 59],
      ['F', 42],
    ]);
    expect(splitGenderAge('पुरुष, 42')).toEqual({ gender: 'पुरुष', age: '42' });
  });

  it('takes nan, -, NULL and N/A as no value, and whole numbers written as floats as the number', async () => {
    const list = await read([
      ['Serial No', 'Part No', 'Name', 'EPIC No', 'Age', 'House No'],
      ['1.0', '3.0', 'Ram Kumar', 'nan', '59.0', '-'],
      ['2.0', '3.0', 'Sita Devi', 'NULL', 'N/A', '14.0'],
    ]);
    expect(list.voters.map((v) => [v.serial, v.part, v.epic, v.age ?? null, v.houseNumber ?? null])).toEqual([
      [1, '3', null, 59, null],
      [2, '3', null, null, '14'],
    ]);
    // no row is refused for a placeholder ID, and no "does not look like an EPIC" warning is given for one
    expect(list.report.warnings.filter((w) => /EPIC/.test(w.message) && /look like/.test(w.message))).toEqual([]);
  });

  it('reads the facts stated above the table and gives them to every voter', async () => {
    const list = await read([
      ['District : Ahmedabad'],
      ['Assembly Constituency', '137 - Amraiwadi'],
      ['Part No.', '12', 'Polling Station', 'Govt. Primary School, Room 3'],
      [],
      ['Sl. No.', 'Name', 'EPIC No.'],
      [1, 'Ram Kumar', 'ABC1234567'],
      [2, 'Sita Devi', 'ABC7654321'],
    ]);
    expect(list.voters.map((v) => [v.part, v.pollingStation])).toEqual([
      ['12', 'Govt. Primary School, Room 3'],
      ['12', 'Govt. Primary School, Room 3'],
    ]);
    expect(list.report.header).toMatchObject({ part: '12', pollingStation: 'Govt. Primary School, Room 3', assembly: '137 - Amraiwadi' });
  });

  it('knows headings in Marathi, Gujarati, Bengali and Tamil', () => {
    expect(['अनुक्रमांक', 'मतदाराचे नाव', 'वय', 'घर क्रमांक'].map(fieldOf)).toEqual(['serial', 'name', 'age', 'houseNumber']);
    expect(['ક્રમ', 'મતદારનું નામ', 'ઉંમર', 'જાતિ', 'પિતાનું નામ'].map(fieldOf)).toEqual(['serial', 'name', 'age', 'gender', 'relativeName']);
    expect(['নাম', 'বয়স', 'লিঙ্গ'].map(fieldOf)).toEqual(['name', 'age', 'gender']);
    expect(['பெயர்', 'வயது', 'பாலினம்'].map(fieldOf)).toEqual(['name', 'age', 'gender']);
  });
});
