import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { parseVoterList } from '@/lib/slips/parse';
import { splitGenderAge, splitRelation } from '@/lib/slips/ingest/excel/sheet';
import { fieldOf, findHeader } from '@/lib/slips/ingest/excel/headers';
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

  it('reads the database’s vernacular columns (FM_NAME_V2, RLN_FM_NM_V2, IDCARD_NO) and takes the English ones first when both are there', async () => {
    const list = await read([
      ['SLNOINPART', 'FM_NAME_V2', 'LASTNAME_V2', 'RLN_TYPE', 'RLN_FM_NM_V2', 'RLN_L_NM_V2', 'IDCARD_NO', 'SECTION_NO', 'AGE', 'GENDER'],
      [7, 'रमेश', 'पाटील', 'F', 'महेश', 'पाटील', 'ABC1234567', 2, 42, 'M'],
    ]);
    expect(list.voters[0]).toMatchObject({ serial: 7, name: 'रमेश पाटील', relation: 'Father', relativeName: 'महेश पाटील', epic: 'ABC1234567', section: '2', age: 42, gender: 'M' });
    const both = await read([
      ['SLNOINPART', 'FM_NAME_EN', 'FM_NAME_V1', 'EPIC_NO'],
      [1, 'Ramesh', 'रमेश', 'ABC1234567'],
    ]);
    expect(both.voters[0].name).toBe('Ramesh');
    expect(both.report.warnings.map((w) => w.message)).toContain('Columns not read (the slips do not use them): "FM_NAME_V1" (the name is read from "FM_NAME_EN").');
  });

  it('splits combined Age/Sex and Sex-Age cells in any order, with Indian digits', async () => {
    for (const heading of ['Age/Sex', 'Sex - Age', 'लिंग/आयु', 'వయస్సు / లింగం']) {
      const list = await read([
        ['S.No', 'Name', heading],
        [1, 'Ram Kumar', '59/M'],
        [2, 'Sita Devi', 'F-४२'],
      ]);
      expect(list.voters.map((v) => [v.gender, v.age]), heading).toEqual([
        ['M', 59],
        ['F', 42],
      ]);
    }
  });

  it('reads a Name (Relation) cell as the voter’s name, the relation and the relative', async () => {
    const list = await read([
      ['Sl No', 'Name (Relation)', 'EPIC'],
      [1, 'Ram Kumar (S/O Mohan Lal)', 'ABC1234567'],
      [2, 'Sita Devi W/O Ram Kumar', 'ABC7654321'],
      [3, 'Geeta Sharma (Father: Hari Sharma)', 'ABC1111111'],
      [4, 'Arjun Singh', 'ABC2222222'],
    ]);
    expect(list.voters.map((v) => [v.name, v.relation ?? null, v.relativeName ?? null])).toEqual([
      ['Ram Kumar', 'Father', 'Mohan Lal'],
      ['Sita Devi', 'Husband', 'Ram Kumar'],
      ['Geeta Sharma', 'Father', 'Hari Sharma'],
      ['Arjun Singh', null, null],
    ]);
    // beside a name column of its own, the combined cell is the relative's: "Mohan Lal (F)"
    const beside = await read([
      ['Sl No', 'Elector Name', 'Name (Relation)'],
      [1, 'Ram Kumar', 'Mohan Lal (F)'],
    ]);
    expect(beside.voters[0]).toMatchObject({ name: 'Ram Kumar', relation: 'Father', relativeName: 'Mohan Lal' });
  });

  it('takes the relation out of a relative’s name cell ("Mohan Lal (F)", "S/O Mohan Lal", "H - Ram Kumar"), and leaves other brackets alone', async () => {
    const list = await read([
      ['Sl No', 'Name', "Father's/Husband's Name"],
      [1, 'Ram Kumar', 'Mohan Lal (F)'],
      [2, 'Sita Devi', 'H - Ram Kumar'],
      [3, 'Arjun Singh', 'S/O Hari Singh'],
      [4, 'Geeta Sharma', 'Hari Sharma (Late)'],
    ]);
    expect(list.voters.map((v) => [v.relation ?? null, v.relativeName])).toEqual([
      ['Father', 'Mohan Lal'],
      ['Husband', 'Ram Kumar'],
      ['Father', 'Hari Singh'],
      [null, 'Hari Sharma (Late)'],
    ]);
    expect(splitRelation('पिता - मोहन लाल', false)).toEqual({ head: '', relation: 'पिता', relative: 'मोहन लाल' });
  });

  it('knows a Name (Relation) heading from a relative’s heading and from the relation’s', () => {
    expect(['Name (Relation)', 'Name of Elector / Relation', 'नाम (संबंध)', 'Father/Husband Name (Relation)', 'Relation Name', 'Relation Type', 'Name of Relative (Relation)'].map(fieldOf)).toEqual([
      'nameRelation',
      'nameRelation',
      'nameRelation',
      'relativeName',
      'relativeName',
      'relation',
      'relativeName',
    ]);
    expect(findHeader([['Name (Relation)', 'Age']])?.columns).toEqual({ nameRelation: 0, age: 1 });
  });

  it('takes an Excel error cell (#N/A from a lookup) and pandas’ <NA> as no value', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Sl No', 'Name', 'EPIC', 'Age', 'House No'],
      [1, 'Ram Kumar', 'ABC1234567', 42, '<NA>'],
      [2, 'Sita Devi', 'ABC7654321', 39, '#N/A'],
    ]);
    // a real error cell: its value is the error's code (42 for #N/A), which must not become an age
    sheet.D2 = { t: 'e', v: 0x2a, w: '#N/A' };
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, sheet, 'Voters');
    const bytes = new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const list = await parseVoterList({ bytes, filename: 'lookup.xlsx' });
    expect(list.voters.map((v) => [v.age ?? null, v.houseNumber ?? null])).toEqual([
      [null, null],
      [39, null],
    ]);
  });

  it('reads the district and the ward stated above the table as the list’s facts', async () => {
    const list = await read([
      ['जिला', 'पुणे'],
      ['प्रभाग क्रमांक : 14'],
      ['भाग संख्या', '12'],
      ['क्रम संख्या', 'नाम', 'एपिक'],
      [1, 'राम कुमार', 'ABC1234567'],
    ]);
    expect(list.report.header).toMatchObject({ district: 'पुणे', ward: '14', part: '12' });
    expect(list.voters[0].part).toBe('12');
  });

  it('reports once the columns it does not read: by heading, and those with values but no heading by letter', async () => {
    const list = await read([
      ['Sl No', 'Name', 'EPIC', 'Mobile No', '', 'Caste'],
      [1, 'Ram Kumar', 'ABC1234567', '9800000000', 'x', 'A'],
      [2, 'Sita Devi', 'ABC7654321', '9800000001', '', 'B'],
    ]);
    const said = list.report.warnings.map((w) => w.message);
    expect(said.filter((m) => /^Columns? /.test(m))).toEqual([
      'Columns not read (the slips do not use them): "Mobile No", "Caste".',
      'Column E holds values but no heading, so it was not read. Give it a heading such as Name or Age to have it read.',
    ]);
  });

  it('reports the columns past the 200th as not read', async () => {
    const wide = (cells: Cell[]) => [...cells, ...Array.from({ length: 205 - cells.length }, (_, i) => `v${i}`)];
    const list = await read([wide(['Sl No', 'Name', 'EPIC']), wide([1, 'Ram Kumar', 'ABC1234567'])]);
    expect(list.voters).toHaveLength(1);
    expect(list.report.warnings.map((w) => w.message)).toContain('Only the first 200 columns are read; 5 more column(s) to the right were not.');
  });

  it('knows headings in Punjabi, Odia, Telugu, Kannada, Malayalam and Assamese, and more of Bengali and Tamil', () => {
    expect(['ਲੜੀ ਨੰਬਰ', 'ਨਾਮ', 'ਪਿਤਾ ਦਾ ਨਾਮ', 'ਉਮਰ', 'ਲਿੰਗ', 'ਮਕਾਨ ਨੰਬਰ', 'ਭਾਗ ਨੰਬਰ'].map(fieldOf)).toEqual(['serial', 'name', 'relativeName', 'age', 'gender', 'houseNumber', 'part']);
    expect(['କ୍ରମିକ ସଂଖ୍ୟା', 'ନାମ', 'ପିତାଙ୍କ ନାମ', 'ବୟସ', 'ଲିଙ୍ଗ', 'ଘର ନମ୍ବର'].map(fieldOf)).toEqual(['serial', 'name', 'relativeName', 'age', 'gender', 'houseNumber']);
    expect(['క్రమ సంఖ్య', 'ఓటరు పేరు', 'తండ్రి పేరు', 'వయస్సు', 'లింగం', 'ఇంటి నంబరు'].map(fieldOf)).toEqual(['serial', 'name', 'relativeName', 'age', 'gender', 'houseNumber']);
    expect(['ಕ್ರಮ ಸಂಖ್ಯೆ', 'ಮತದಾರರ ಹೆಸರು', 'ತಂದೆಯ ಹೆಸರು', 'ವಯಸ್ಸು', 'ಲಿಂಗ', 'ಮನೆ ಸಂಖ್ಯೆ'].map(fieldOf)).toEqual(['serial', 'name', 'relativeName', 'age', 'gender', 'houseNumber']);
    expect(['ക്രമ നമ്പർ', 'പേര്', 'ഭർത്താവിന്റെ പേര്', 'വയസ്സ്', 'ലിംഗം', 'വീട്ടു നമ്പർ'].map(fieldOf)).toEqual(['serial', 'name', 'relativeName', 'age', 'gender', 'houseNumber']);
    // Malayalam written with the older chillu (consonant, virama, joiner) reads the same
    expect(fieldOf('ക്രമ നമ്\u0D2A\u0D30\u0D4D\u200D')).toBe('serial');
    expect(['ক্ৰমিক নং', 'নাম', 'পিতৃৰ নাম', 'বয়স', 'লিংগ', 'ঘৰ নং'].map(fieldOf)).toEqual(['serial', 'name', 'relativeName', 'age', 'gender', 'houseNumber']);
    expect(['ক্রমিক সংখ্যা', 'ভাগ নং'].map(fieldOf)).toEqual(['serial', 'part']);
    expect(['பாகம் எண்', 'தந்தை / கணவர் பெயர்', 'உறவினர் பெயர்'].map(fieldOf)).toEqual(['part', 'relativeName', 'relativeName']);
  });
});
