import type { ParseReport, ParseWarning, VoterList, VoterRecord } from '../../types';
import { findEpic } from '../epic';
import { asciiDigits } from '../numbers';
import { checkAbort } from '../abort';
import { VoterListError } from '../errors';
import type { ParseOptions } from '../options';
import { continuityWarnings } from '../serials';
import { fieldOf, findHeader, HEADER_SEARCH_ROWS, normalizeHeader, type Field } from './headers';
import { readWorkbook, type SheetRows } from './read-workbook';
import { checkZip } from './zip-guard';
import { printableScripts, quoteCharacters, unprintableCharacters } from '../../render/faces';

const MAX_ROW_WARNINGS = 50;

function cellText(v: string | undefined): string {
  return (v ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** What data teams put in a cell that has no value: pandas' nan, a dash, NULL, N/A. */
const PLACEHOLDER = /^(?:nan|none|null|n\/?a|-+|—|–|\.)$/i;

/** A data cell's value: a placeholder as nothing, and a whole number written as a float ("1.0", from a CSV through pandas) as the number. */
function dataText(v: string | undefined): string {
  const text = cellText(v);
  if (PLACEHOLDER.test(text)) return '';
  const whole = /^(\d+)\.0+$/.exec(text);
  return whole ? whole[1] : text;
}

/** Relation codes of the electoral database (and of sheets made from it) as the words a slip prints. */
const RELATION_CODES: Record<string, string> = { F: 'Father', H: 'Husband', M: 'Mother', W: 'Wife', O: 'Other', G: 'Guardian' };

/** A combined cell such as "M / 59", "59-F" or "पुरुष, 42": the gender and the age in it. */
export function splitGenderAge(text: string): { gender?: string; age?: string } {
  const age = /\d{1,3}/.exec(asciiDigits(text))?.[0];
  const gender = text
    .replace(/[0-9\u0966-\u096F\u0AE6-\u0AEF\u09E6-\u09EF]+/g, ' ')
    .replace(/[/\\|,;:()\-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { ...(gender ? { gender } : {}), ...(age ? { age } : {}) };
}

/** The list's facts a sheet states above its table, each in one row: "Part No. : 12", or a label cell and its value beside it. */
interface BlockFacts {
  part?: string;
  pollingStation?: string;
  section?: string;
  assembly?: string;
}

const ASSEMBLY_LABEL = /^(?:assembly|assemblyconstituency|acno|acname|acnoandname|constituency|विधानसभा|विधानसभाक्षेत्र|विधानसभामतदारसंघ|વિધાનસભા|વિધાનસભામતવિસ્તાર)$/u;

export function blockFacts(rows: string[][], headerRow: number): BlockFacts {
  const facts: BlockFacts = {};
  const take = (label: string, value: string) => {
    const v = dataText(value);
    if (!v) return;
    const f = fieldOf(label);
    if ((f === 'part' || f === 'pollingStation' || f === 'section') && !facts[f]) facts[f] = v;
    else if (ASSEMBLY_LABEL.test(normalizeHeader(label)) && !facts.assembly) facts.assembly = v;
  };
  for (const row of rows.slice(0, headerRow)) {
    const cells = row.map(cellText).filter(Boolean);
    cells.forEach((cell, i) => {
      const colon = /^([^:：]{1,40})[:：]\s*(.+)$/u.exec(cell);
      if (colon) take(colon[1], colon[2]);
      else if (i + 1 < cells.length && !/[:：]/.test(cells[i + 1])) take(cell.replace(/[:：]\s*$/u, ''), cells[i + 1]);
    });
  }
  return facts;
}

/** Voters from one sheet whose header row has been found. */
function sheetVoters(sheet: SheetRows, header: NonNullable<ReturnType<typeof findHeader>>, warnings: ParseWarning[]) {
  const col = header.columns;
  const voters: VoterRecord[] = [];
  let empty = 0;
  let malformed = 0;
  const emptyRows: number[] = [];
  const warn = (row: number, message: string) => {
    malformed++;
    if (warnings.length < MAX_ROW_WARNINGS) warnings.push({ page: row, message });
  };
  const get = (row: string[], f: Field) => (col[f] === undefined ? '' : dataText(row[col[f] as number]));
  for (let i = header.row + 1; i < sheet.rows.length; i++) {
    const row = sheet.rows[i];
    const rowNo = sheet.firstRow + i;
    if (row.every((c) => cellText(c) === '')) {
      empty++;
      if (emptyRows.length < 10) emptyRows.push(rowNo);
      continue;
    }
    const serialText = get(row, 'serial');
    const epicText = get(row, 'epic').toUpperCase().replace(/\s+/g, '');
    // the database's first and last names, in two columns, are one name on a slip
    const name = [get(row, 'name'), get(row, 'surname')].filter(Boolean).join(' ');
    let serial: number | null = null;
    if (serialText) {
      const n = Number(asciiDigits(serialText));
      if (Number.isInteger(n) && n > 0) serial = n;
    }
    if (serial === null && !epicText && !name) {
      warn(rowNo, serialText ? `Row has no valid serial number ("${serialText.slice(0, 20)}"), EPIC or name; skipped.` : 'Row has no serial number, EPIC or name; skipped.');
      continue;
    }
    if (serialText && serial === null) warn(rowNo, `Serial number "${serialText.slice(0, 20)}" is not a whole number.`);
    let epic: string | null = null;
    if (epicText) {
      epic = findEpic(epicText) ?? epicText.slice(0, 30);
      if (!findEpic(epicText)) warn(rowNo, `EPIC "${epicText.slice(0, 20)}" does not look like an EPIC number.`);
    }
    const v: VoterRecord = { serial, epic, page: rowNo };
    if (name) v.name = name;
    const text: [Field, keyof VoterRecord][] = [
      ['relation', 'relation'],
      ['relativeName', 'relativeName'],
      ['houseNumber', 'houseNumber'],
      ['gender', 'gender'],
      ['part', 'part'],
      ['section', 'section'],
      ['pollingStation', 'pollingStation'],
    ];
    const combined = splitGenderAge(get(row, 'genderAge'));
    const relativeName = [get(row, 'relativeName'), get(row, 'relativeSurname')].filter(Boolean).join(' ');
    const values: Partial<Record<Field, string>> = {};
    for (const [f] of text) values[f] = get(row, f);
    if (relativeName) values.relativeName = relativeName;
    if (!values.gender && combined.gender) values.gender = combined.gender;
    const relation = values.relation ?? '';
    if (RELATION_CODES[relation.toUpperCase()]) values.relation = RELATION_CODES[relation.toUpperCase()];
    for (const [f, key] of text) {
      const value = values[f];
      if (value) (v as unknown as Record<string, unknown>)[key] = value;
    }
    const ageText = get(row, 'age') || combined.age || '';
    if (ageText) {
      const age = Number(ageText);
      if (Number.isInteger(age) && age > 0 && age < 150) v.age = age;
      else warn(rowNo, `Age "${ageText.slice(0, 10)}" is not a plausible age.`);
    }
    voters.push(v);
  }
  if (empty > 0) warnings.push({ message: `${empty} empty row(s) skipped (rows ${emptyRows.join(', ')}${empty > emptyRows.length ? ', ...' : ''}).` });
  return { voters, empty, malformed };
}

/** The fields a slip prints as text for an Excel voter. */
const PRINTED_FIELDS = ['name', 'relation', 'relativeName', 'houseNumber', 'gender', 'part', 'section'] as const;

/** One warning for the rows whose printed text holds characters no slip font has (they would print as boxes). */
function unprintableWarning(voters: VoterRecord[]): ParseWarning | null {
  const characters = new Set<string>();
  const rows: number[] = [];
  for (const v of voters) {
    let found = false;
    for (const field of PRINTED_FIELDS) {
      const text = v[field];
      if (!text) continue;
      for (const c of unprintableCharacters(text)) {
        characters.add(c);
        found = true;
      }
    }
    if (found) rows.push(v.page);
  }
  if (rows.length === 0) return null;
  return {
    message: `${rows.length} row(s) hold characters the slips cannot print (${quoteCharacters([...characters])}); they would print as empty boxes (rows ${rows.slice(0, 10).join(', ')}${rows.length > 10 ? ', …' : ''}). Slips print English and ${printableScripts().join(', ')}.`,
  };
}

function constant(voters: VoterRecord[], key: 'part' | 'pollingStation'): string | undefined {
  const values = new Set(voters.map((v) => v[key]).filter(Boolean));
  return values.size === 1 ? [...values][0] : undefined;
}

/**
 * The most data rows a sheet may hold: what the sandbox's memory holds with room to spare, and about what
 * the upload limit holds (`npm run bench -- excel-limit` prints the size, time and memory at the limit).
 */
export const MAX_SHEET_ROWS = 250_000;

const tooManyRows = (maxRows: number) => new VoterListError('too-large', `The sheet has more than ${maxRows.toLocaleString('en-IN')} rows; split it into smaller files.`);

export async function parseSpreadsheet(bytes: Uint8Array, kind: 'xlsx' | 'xls', opts: ParseOptions = {}): Promise<VoterList> {
  const maxRows = opts.maxRows ?? MAX_SHEET_ROWS;
  // a sheet past the row limit is refused from its XML's row count, before the spreadsheet library builds it
  // (a sheet twice the limit outgrows the sandbox's memory); the header may stand a few rows down
  if (kind === 'xlsx' && (await checkZip(bytes)).rows > maxRows + HEADER_SEARCH_ROWS) throw tooManyRows(maxRows);
  checkAbort(opts.signal);
  const sheets = await readWorkbook(bytes, { timeoutMs: opts.excelTimeoutMs ?? 60_000, memoryMb: opts.excelMemoryMb ?? 768, maxRows, signal: opts.signal });
  const withHeader = sheets.map((s) => ({ sheet: s, header: findHeader(s.rows) })).filter((x) => x.header !== null);
  if (withHeader.length === 0) {
    throw new VoterListError('no-header', 'No header row was recognised in the spreadsheet (expected columns such as Serial No., EPIC No., Name / क्रम संख्या, नाम).');
  }
  const { sheet, header } = withHeader[0] as { sheet: SheetRows; header: NonNullable<ReturnType<typeof findHeader>> };
  const warnings: ParseWarning[] = [];
  if (withHeader.length > 1) warnings.push({ message: `Only the sheet "${sheet.name.slice(0, 40)}" was read; ${withHeader.length - 1} other sheet(s) also look like voter lists.` });
  if (sheet.truncated || sheet.rows.length - header.row - 1 > maxRows) {
    throw tooManyRows(maxRows);
  }
  const missing = (['serial', 'epic', 'name'] as Field[]).filter((f) => header.columns[f] === undefined);
  if (missing.length) warnings.push({ message: `No ${missing.join(', ')} column was found.` });
  const rows = Math.max(0, sheet.rows.length - header.row - 1);
  opts.onProgress?.(0, rows);
  const { voters, malformed } = sheetVoters(sheet, header, warnings);
  // the facts stated above the table go to every voter whose row does not give them
  const block = blockFacts(sheet.rows, header.row);
  for (const v of voters) {
    if (block.part && !v.part) v.part = block.part;
    if (block.pollingStation && !v.pollingStation) v.pollingStation = block.pollingStation;
    if (block.section && !v.section) v.section = block.section;
  }
  if (voters.length === 0) throw new VoterListError('no-voters', 'The spreadsheet has a header row but no voter rows.');
  if (malformed > MAX_ROW_WARNINGS) warnings.push({ message: `${malformed} malformed row(s) in all; only the first are listed.` });
  const unprintable = unprintableWarning(voters);
  if (unprintable) warnings.push(unprintable);
  if (header.columns.serial !== undefined && new Set(voters.map((v) => v.part ?? '')).size <= 1) {
    warnings.push(...continuityWarnings(voters.map((v) => ({ serial: v.serial, fromOcr: false, page: v.page })), 20).filter((w) => !/could not be read/.test(w.message)));
  }
  opts.onProgress?.(rows, rows);
  const report: ParseReport = {
    source: 'excel',
    voters: voters.length,
    pages: { cover: 0, map: 0, voters: 0, supplement: 0, summary: 0, other: 0 },
    totalPages: 0,
    rows: voters.length,
    withoutEpic: voters.filter((v) => v.epic === null).length,
    deleted: voters.filter((v) => v.deleted).length,
    ocrRead: 0,
    ocrRepaired: 0,
    header: { part: constant(voters, 'part'), pollingStation: constant(voters, 'pollingStation'), ...(block.assembly ? { assembly: block.assembly } : {}) },
    warnings,
  };
  if (!report.header.part) delete report.header.part;
  if (!report.header.pollingStation) delete report.header.pollingStation;
  return { voters, report };
}
