import type { ParseReport, ParseWarning, VoterList, VoterRecord } from '../../types';
import { findEpic } from '../epic';
import { learnShapes, shapeOf } from '../id-shapes';
import { asciiDigits } from '../numbers';
import { checkAbort } from '../abort';
import { VoterListError } from '../errors';
import type { ParseOptions } from '../options';
import { exactFieldOf, fieldOf, findHeader, HEADER_SEARCH_ROWS, normalizeHeader, type Field, type HeaderMatch } from './headers';
import { MAX_CELL_CHARS, MAX_COLUMNS, readWorkbook, type SheetRows } from './read-workbook';
import { columnLetters, readCsv } from './csv';
import { checkZip } from './zip-guard';
import { deletedByReason } from '../deleted';
import { printableScripts, quoteCharacters, unprintableCharacters } from '../../render/faces';

const MAX_ROW_WARNINGS = 50;

function cellText(v: string | undefined): string {
  return (v ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** What data teams put in a cell that has no value: pandas' nan, NaT and <NA>, a dash, NULL, N/A, Excel's #N/A. */
const PLACEHOLDER = /^(?:nan|nat|<na>|none|null|nil|#?n\/?a|-+|—|–|\.)$/i;

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
  const digits = asciiDigits(text);
  const age = /\d{1,3}/.exec(digits)?.[0];
  const gender = digits
    .replace(/[0-9]+/g, ' ')
    .replace(/[/\\|,;:()\-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { ...(gender ? { gender } : {}), ...(age ? { age } : {}) };
}

/** A relation as a cell may write it alone: a code letter, an English word, or a Hindi word (kept as written). */
function relationWord(text: string): string | undefined {
  const t = text.trim().replace(/\.$/, '');
  const code = RELATION_CODES[t.toUpperCase()];
  if (code) return code;
  const english = Object.values(RELATION_CODES).find((w) => w.toLowerCase() === t.toLowerCase());
  if (english) return english;
  return ['पिता', 'पति', 'माता', 'पत्नी', 'अन्य'].includes(t) ? t : undefined;
}

/** "S/O Mohan Lal" (son of), "D/O", "W/O" (wife of), "H/O", "C/O": the relative's relation to the voter. */
const OF_RELATION: Record<string, string> = { S: 'Father', D: 'Father', W: 'Husband', H: 'Wife', C: 'Other' };
const OF_PREFIX = /^([SDWHC])\s*\/\s*O\b\.?\s*[:\-–]?\s*(.+)$/iu;
const OF_INFIX = /^(.+?)[\s,]+([SDWHC])\s*\/\s*O\b\.?\s*[:\-–]?\s*(.+)$/iu;
const LEADING_RELATION = /^(father|husband|mother|wife|other|guardian|[FHMWOG]|पिता|पति|माता|पत्नी|अन्य)\s*[:\-–]\s*(.+)$/iu;
const BRACKETED = /^(.*?)\s*[([]\s*([^()[\]]+?)\s*[)\]]$/u;

/** A relation with the relative's name: "S/O Mohan Lal", "Father: Mohan Lal", "F - Mohan Lal". */
function relativeWithRelation(text: string): { relation: string; relative: string } | null {
  const of = OF_PREFIX.exec(text);
  if (of) return { relation: OF_RELATION[of[1].toUpperCase()], relative: of[2].trim() };
  const lead = LEADING_RELATION.exec(text);
  const relation = lead ? relationWord(lead[1]) : undefined;
  return lead && relation ? { relation, relative: lead[2].trim() } : null;
}

/**
 * A cell holding a name with a relation: "Ram Kumar (S/O Mohan Lal)", "Ram Kumar S/O Mohan Lal" (with
 * `infix`), "Mohan Lal (F)", "S/O Mohan Lal", "Father: Mohan Lal". `head` is the name written first, when
 * there is one; `relative` the name after the relation. A cell none of these fits is all `head`.
 */
export function splitRelation(text: string, infix: boolean): { head: string; relation?: string; relative?: string } {
  const bracket = BRACKETED.exec(text);
  if (bracket && bracket[1]) {
    const alone = relationWord(bracket[2]);
    if (alone) return { head: bracket[1], relation: alone };
    const inner = relativeWithRelation(bracket[2]);
    if (inner) return { head: bracket[1], ...inner };
    return { head: text };
  }
  const whole = relativeWithRelation(text);
  if (whole) return { head: '', ...whole };
  const of = infix ? OF_INFIX.exec(text) : null;
  if (of) return { head: of[1].trim(), relation: OF_RELATION[of[2].toUpperCase()], relative: of[3].trim() };
  return { head: text };
}

/** The list's facts a sheet states above its table, each in one row: "Part No. : 12", or a label cell and its value beside it. */
interface BlockFacts {
  part?: string;
  pollingStation?: string;
  section?: string;
  assembly?: string;
  district?: string;
  ward?: string;
}

const ASSEMBLY_LABEL = /^(?:assembly|assemblyconstituency|acno|acname|acnoandname|constituency|विधानसभा|विधानसभाक्षेत्र|विधानसभामतदारसंघ|વિધાનસભા|વિધાનસભામતવિસ્તાર)$/u;
const DISTRICT_LABEL = /^(?:district|districtname|dist|जिला|जिलाकानाम|ज़िला|जिल्हा|જિલ્લો|জেলা|ਜ਼ਿਲ੍ਹਾ|ਜਿਲ੍ਹਾ|ଜିଲ୍ଲା|மாவட்டம்|జిల్లా|ಜಿಲ್ಲೆ|ജില്ല)$/u;
const WARD_LABEL = /^(?:ward|wardno|wardnumber|wardname|wardnoandname|वार्ड|वार्डसंख्या|वार्डनं|वार्डक्रमांक|प्रभाग|प्रभागक्रमांक|વોર્ડ|વોર્ડનં|ওয়ার্ড|ৱাৰ্ড|ਵਾਰਡ|ୱାର୍ଡ|வார்டு|వార్డు|ವಾರ್ಡ್|വാർഡ്|വാര്ഡ്)$/u;

export function blockFacts(rows: string[][], headerRow: number): BlockFacts {
  const facts: BlockFacts = {};
  const take = (label: string, value: string) => {
    const v = dataText(value);
    if (!v) return;
    const n = normalizeHeader(label);
    // the whole labels first: "प्रभाग क्रमांक" (ward number) holds "भाग क्रमांक" (part number)
    if (ASSEMBLY_LABEL.test(n)) facts.assembly ??= v;
    else if (DISTRICT_LABEL.test(n)) facts.district ??= v;
    else if (WARD_LABEL.test(n)) facts.ward ??= v;
    else {
      const f = fieldOf(label);
      if (f === 'part' || f === 'pollingStation' || f === 'section') facts[f] ??= v;
    }
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

/** The part a sheet's name states: "Part 12", "Part-12", "Part No 12", "भाग 12", "भाग संख्या १२"; otherwise none. */
export function partFromSheetName(name: string): string | undefined {
  const m = /^(.*?)[\s\-_:#.]*([0-9\u0966-\u096F\u09E6-\u09EF\u0A66-\u0A6F\u0AE6-\u0AEF\u0B66-\u0B6F\u0BE6-\u0BEF\u0C66-\u0C6F\u0CE6-\u0CEF\u0D66-\u0D6F]{1,4})$/u.exec(
    name.normalize('NFC').trim(),
  );
  if (!m || !m[1] || exactFieldOf(m[1]) !== 'part') return undefined;
  return String(Number(asciiDigits(m[2])));
}

/** A field as a campaign worker calls it, for the report of columns that were not read. */
const FIELD_WORDS: Record<Field, string> = {
  serial: 'serial number',
  part: 'part',
  epic: 'voter ID (EPIC)',
  name: 'name',
  surname: 'last name',
  relation: 'relation',
  relativeName: "relative's name",
  relativeSurname: "relative's last name",
  houseNumber: 'house number',
  genderAge: 'gender and age',
  nameRelation: 'name and relation',
  age: 'age',
  gender: 'gender',
  section: 'section',
  pollingStation: 'polling station',
};

/** What the reading of a workbook's sheets collects for its report. */
class Findings {
  readonly warnings: ParseWarning[] = [];
  malformed = 0;
  /** Headed columns not read, once each by heading ("Mobile No"), with why when another column holds the field. */
  readonly unreadColumns = new Map<string, string>();
  readonly unheadedColumns = new Set<string>();
  columnsCut = 0;

  constructor(
    private readonly several: boolean,
    readonly signal: AbortSignal | undefined,
  ) {}

  /** Where a row is, in words: "Row 12" or, in a workbook of several voter sheets, 'Sheet "Part 2", row 12'. */
  where(sheet: SheetRows, row: number): string {
    return this.several ? `Sheet "${sheet.name.slice(0, 40)}", row ${row}` : `Row ${row}`;
  }

  /** 'Sheet "Part 2": ' before a sheet's own message in a workbook of several voter sheets, else nothing. */
  sheetPrefix(sheet: SheetRows): string {
    return this.several ? `Sheet "${sheet.name.slice(0, 40)}": ` : '';
  }

  rowWarning(sheet: SheetRows, row: number, message: string): void {
    this.malformed++;
    if (this.warnings.length < MAX_ROW_WARNINGS) this.warnings.push({ message: `${this.where(sheet, row)}: ${message}` });
  }
}

interface SheetTable {
  sheet: SheetRows;
  header: HeaderMatch;
}

/** The columns a sheet's header row names but the reader does not use, noted once each. */
function noteUnreadColumns(table: SheetTable, found: Findings): void {
  const headings = table.sheet.rows[table.header.row].map(cellText);
  const used = new Set(Object.values(table.header.columns));
  headings.forEach((heading, c) => {
    if (!heading || used.has(c)) return;
    const f = fieldOf(heading);
    const taken = f === null ? undefined : table.header.columns[f];
    const why = f !== null && taken !== undefined ? `the ${FIELD_WORDS[f]} is read from "${headings[taken].slice(0, 40)}"` : '';
    const key = heading.slice(0, 40);
    if (!found.unreadColumns.has(key) || why) found.unreadColumns.set(key, why);
  });
}

/**
 * The ID shapes a sheet's ID column uses besides EPICs (id-shapes.ts: a state's older IDs, a local
 * body's numbers), learnt from its values as written: its IDs of those shapes are as valid as EPICs
 * and draw no warning. Every value is kept as written whatever its shape.
 */
function columnIdShapes(values: string[]): Set<string> {
  const evidence = values.filter((v) => v && !findEpic(v)).map((v) => ({ tokens: [v], fromOcr: false }));
  return new Set(learnShapes(evidence).map((s) => s.shape));
}

/** Voters from one sheet whose header row has been found. */
function sheetVoters(table: SheetTable, found: Findings): VoterRecord[] {
  const { sheet, header } = table;
  const col = header.columns;
  const voters: VoterRecord[] = [];
  let empty = 0;
  const emptyRows: number[] = [];
  const headings = sheet.rows[header.row];
  const used = new Set(Object.values(col));
  const unheaded = new Set<number>();
  const get = (row: string[], f: Field) => (col[f] === undefined ? '' : dataText(row[col[f] as number]));
  const idText = (row: string[]) => get(row, 'epic').toUpperCase().replace(/\s+/g, '');
  const ownIds = columnIdShapes(sheet.rows.slice(header.row + 1).map(idText));
  for (let i = header.row + 1; i < sheet.rows.length; i++) {
    const row = sheet.rows[i];
    const rowNo = sheet.firstRow + i;
    if (i % 10_000 === 0) checkAbort(found.signal);
    if (row.every((c) => cellText(c) === '')) {
      empty++;
      if (emptyRows.length < 10) emptyRows.push(rowNo);
      continue;
    }
    for (let c = 0; c < row.length; c++) if (!used.has(c) && !cellText(headings[c]) && dataText(row[c])) unheaded.add(c);
    const combined = col.nameRelation === undefined ? null : splitRelation(get(row, 'nameRelation'), true);
    const serialText = get(row, 'serial');
    const epicText = idText(row);
    // the database's first and last names, in two columns, are one name on a slip
    let name = [get(row, 'name'), get(row, 'surname')].filter(Boolean).join(' ');
    let relativeText = [get(row, 'relativeName'), get(row, 'relativeSurname')].filter(Boolean).join(' ');
    let relation = get(row, 'relation');
    if (combined) {
      // "Name (Relation)": the voter's name, then the relation and the relative; a name column of its own
      // makes the combined cell's name the relative's
      const head = combined.head;
      if (!name && head && (combined.relative || col.name === undefined)) name = head;
      if (!relativeText) relativeText = combined.relative ?? (col.name !== undefined ? head : '');
      if (!relation && combined.relation) relation = combined.relation;
    }
    if (relativeText) {
      // a relative's cell may carry the relation: "Mohan Lal (F)", "S/O Mohan Lal", "Father: Mohan Lal"
      const split = splitRelation(relativeText, false);
      if (split.relation && !(split.head && split.relative)) {
        relativeText = split.relative ?? split.head;
        if (!relation) relation = split.relation;
      }
    }
    let serial: number | null = null;
    if (serialText) {
      const n = Number(asciiDigits(serialText));
      if (Number.isInteger(n) && n > 0) serial = n;
    }
    if (serial === null && !epicText && !name) {
      found.rowWarning(
        sheet,
        rowNo,
        serialText ? `no valid serial number ("${serialText.slice(0, 20)}"), voter ID or name, so the row was skipped.` : 'no serial number, voter ID or name, so the row was skipped.',
      );
      continue;
    }
    if (serialText && serial === null) found.rowWarning(sheet, rowNo, `the serial number "${serialText.slice(0, 20)}" is not a whole number; the voter is kept without one.`);
    let epic: string | null = null;
    if (epicText) {
      epic = findEpic(epicText) ?? epicText.slice(0, 30);
      if (!findEpic(epicText) && !ownIds.has(shapeOf(epicText))) found.rowWarning(sheet, rowNo, `the voter ID "${epicText.slice(0, 20)}" does not look like an EPIC number; it is printed as written.`);
    }
    const v: VoterRecord = { serial, epic, page: rowNo };
    if (name) v.name = name;
    if (relation) v.relation = RELATION_CODES[relation.toUpperCase()] ?? relation;
    if (relativeText) v.relativeName = relativeText;
    const genderAge = splitGenderAge(get(row, 'genderAge'));
    const gender = get(row, 'gender') || genderAge.gender;
    if (gender) v.gender = gender;
    for (const f of ['houseNumber', 'part', 'section', 'pollingStation'] as const) {
      const value = get(row, f);
      if (value) v[f] = value;
    }
    const ageText = get(row, 'age') || genderAge.age || '';
    if (ageText) {
      const age = Number(asciiDigits(ageText));
      if (Number.isInteger(age) && age > 0 && age < 150) v.age = age;
      else found.rowWarning(sheet, rowNo, `the age "${ageText.slice(0, 10)}" is not a plausible age; the voter is kept without one.`);
    }
    voters.push(v);
  }
  if (empty > 0) {
    const rows = `${emptyRows.join(', ')}${empty > emptyRows.length ? ', …' : ''}`;
    found.warnings.push({ message: `${found.sheetPrefix(sheet)}${empty} empty row(s) skipped (rows ${rows}).` });
  }
  for (const c of unheaded) found.unheadedColumns.add(columnLetters(c));
  return voters;
}

/** Repeated serial numbers and jumps within one part of a sheet, in a sheet's words (rows, not pages). */
function serialWarnings(table: SheetTable, voters: VoterRecord[], found: Findings, limit = 20): ParseWarning[] {
  const out: ParseWarning[] = [];
  let more = 0;
  const add = (message: string) => (out.length < limit ? out.push({ message }) : more++);
  const seen = new Set<number>();
  let last: number | null = null;
  for (const v of voters) {
    if (v.serial === null) continue;
    const at = found.where(table.sheet, v.page);
    if (seen.has(v.serial)) add(`${at}: serial number ${v.serial} appears more than once; a voter may be listed twice.`);
    else if (last !== null && v.serial !== last + 1) {
      const gap = v.serial - last - 1;
      add(
        v.serial > last + 1
          ? `${at}: serial numbers jump from ${last} to ${v.serial}; ${gap === 1 ? `serial ${last + 1} is` : `serials ${last + 1}–${v.serial - 1} are`} not in the sheet.`
          : `${at}: serial numbers go back from ${last} to ${v.serial}.`,
      );
    }
    seen.add(v.serial);
    last = v.serial;
  }
  if (more > 0) out.push({ message: `${more} more serial-number warnings not shown.` });
  return out;
}

/**
 * Voters a later sheet repeats from an earlier one (the same voter ID): a copied sheet would print every
 * slip twice, and be paid for twice. One warning per repeating sheet.
 */
function repeatedAcrossSheets(tables: SheetTable[], perSheet: VoterRecord[][]): ParseWarning[] {
  if (tables.length < 2) return [];
  const firstSheet = new Map<string, number>();
  const out: ParseWarning[] = [];
  perSheet.forEach((voters, t) => {
    const earlier = new Map<number, number>();
    for (const v of voters) {
      if (!v.epic) continue;
      const seen = firstSheet.get(v.epic);
      if (seen === undefined) firstSheet.set(v.epic, t);
      else if (seen !== t) earlier.set(seen, (earlier.get(seen) ?? 0) + 1);
    }
    for (const [s, n] of earlier) {
      out.push({
        message: `Sheet "${tables[t].sheet.name.slice(0, 40)}" repeats ${n} voter ID(s) of sheet "${tables[s].sheet.name.slice(0, 40)}"; those voters would get two slips. If one sheet is a copy, delete it and upload the file again.`,
      });
    }
  });
  return out;
}

/** The fields a slip prints as text for a spreadsheet's voter. */
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
 * The most data rows a list may hold (all its voter sheets together): what the sandbox's memory holds with
 * room to spare, and about what the upload limit holds (`npm run bench -- excel-limit` prints the size,
 * time and memory at the limit).
 */
export const MAX_SHEET_ROWS = 250_000;

const tooManyRows = (maxRows: number, several: boolean) =>
  new VoterListError(
    'too-large',
    several
      ? `The voter sheets have more than ${maxRows.toLocaleString('en-IN')} rows in all; split the workbook into smaller files.`
      : `The sheet has more than ${maxRows.toLocaleString('en-IN')} rows; split it into smaller files.`,
  );

const quoted = (names: string[], max = 10) => `${names.slice(0, max).map((n) => `"${n.slice(0, 40)}"`).join(', ')}${names.length > max ? `, and ${names.length - max} more` : ''}`;

/**
 * Voters from the sheets of a workbook (or the one sheet of a CSV file): every sheet with a voter table
 * gives its voters, in sheet order, each keeping its sheet's part (its row's Part column, else the rows
 * above the table, else the sheet's name, "Part 12"); sheets without a table are named in the report once.
 */
export function readSheets(sheets: SheetRows[], opts: ParseOptions, what: 'workbook' | 'csv'): VoterList {
  const maxRows = opts.maxRows ?? MAX_SHEET_ROWS;
  const tables: SheetTable[] = [];
  const withoutTable: string[] = [];
  const notRead: string[] = [];
  const hidden: string[] = [];
  for (const sheet of sheets) {
    if (sheet.notRead) {
      notRead.push(sheet.name);
      continue;
    }
    const header = findHeader(sheet.rows);
    // a hidden sheet is no part of the list the user sees (a helper table, an old copy): named, not read
    if (header && sheet.hidden) hidden.push(sheet.name);
    else if (header) tables.push({ sheet, header });
    else if (sheet.rows.some((r) => r.some((c) => cellText(c) !== ''))) withoutTable.push(sheet.name);
  }
  if (tables.length === 0) {
    throw new VoterListError(
      'no-header',
      hidden.length
        ? `The only voter tables are on hidden sheets (${quoted(hidden)}); unhide the sheets to be read (right-click a sheet tab → Unhide) and upload the file again.`
        : `No header row was recognised in the ${what === 'csv' ? 'CSV file' : 'spreadsheet'} (expected columns such as Serial No., EPIC No., Name / क्रम संख्या, नाम).`,
    );
  }
  const several = tables.length > 1;
  const dataRows = tables.reduce((n, t) => n + Math.max(0, t.sheet.rows.length - t.header.row - 1), 0);
  if (tables.some((t) => t.sheet.truncated) || dataRows > maxRows) throw tooManyRows(maxRows, several);
  opts.onProgress?.(0, dataRows);
  const found = new Findings(several, opts.signal);
  const voters: VoterRecord[] = [];
  const continuity: ParseWarning[] = [];
  let assembly: string | undefined;
  let district: string | undefined;
  let ward: string | undefined;
  /** Sheets by the key columns they lack ("voter ID (EPIC)"). */
  const missing = new Map<string, string[]>();
  const perSheet: VoterRecord[][] = [];
  for (const table of tables) {
    checkAbort(opts.signal);
    noteUnreadColumns(table, found);
    found.columnsCut = Math.max(found.columnsCut, table.sheet.columnsCut ?? 0);
    const lacks = (['serial', 'epic', 'name'] as const).filter((f) => table.header.columns[f] === undefined && !(f === 'name' && table.header.columns.nameRelation !== undefined));
    if (lacks.length) {
      const key = lacks.map((f) => FIELD_WORDS[f]).join(', ');
      missing.set(key, [...(missing.get(key) ?? []), table.sheet.name]);
    }
    const own = sheetVoters(table, found);
    // the facts stated above the table go to every voter whose row does not give them; the sheet's name, when it names a part, last
    const block = blockFacts(table.sheet.rows, table.header.row);
    const part = block.part ?? partFromSheetName(table.sheet.name);
    for (const v of own) {
      if (part && !v.part) v.part = part;
      if (block.pollingStation && !v.pollingStation) v.pollingStation = block.pollingStation;
      if (block.section && !v.section) v.section = block.section;
    }
    assembly ??= block.assembly;
    district ??= block.district;
    ward ??= block.ward;
    if (table.header.columns.serial !== undefined && new Set(own.map((v) => v.part ?? '')).size <= 1) continuity.push(...serialWarnings(table, own, found));
    for (const v of own) voters.push(v);
    perSheet.push(own);
  }
  if (voters.length === 0) throw new VoterListError('no-voters', `The ${what === 'csv' ? 'CSV file' : 'spreadsheet'} has a header row but no voter rows.`);
  const warnings = found.warnings;
  if (found.malformed > MAX_ROW_WARNINGS) warnings.push({ message: `${found.malformed} rows with problems in all; only the first are listed.` });
  if (several) warnings.unshift({ message: `${tables.length} sheets with voters were read, in order: ${quoted(tables.map((t) => t.sheet.name), 20)}.` });
  if (withoutTable.length) warnings.push({ message: `Sheets without a voter table were not read: ${quoted(withoutTable)}.` });
  if (hidden.length) warnings.push({ message: `Hidden sheets were not read: ${quoted(hidden)}. Unhide a sheet to have its voters read.` });
  warnings.push(...repeatedAcrossSheets(tables, perSheet));
  if (notRead.length) {
    warnings.push({ message: `Only the first ${sheets.length - notRead.length} sheets of a workbook are read; ${quoted(notRead)} ${notRead.length === 1 ? 'was' : 'were'} not. Put those parts in another file.` });
  }
  for (const [fields, names] of missing) warnings.push({ message: `No ${fields} column was found${several ? ` in ${quoted(names)}` : ''}.` });
  if (found.unreadColumns.size) {
    const list = [...found.unreadColumns].map(([heading, why]) => (why ? `"${heading}" (${why})` : `"${heading}"`));
    warnings.push({ message: `Columns not read (the slips do not use them): ${list.slice(0, 20).join(', ')}${list.length > 20 ? `, and ${list.length - 20} more` : ''}.` });
  }
  if (found.unheadedColumns.size) {
    const letters = [...found.unheadedColumns];
    warnings.push({ message: `Column${letters.length > 1 ? 's' : ''} ${letters.slice(0, 10).join(', ')}${letters.length > 10 ? ', …' : ''} hold${letters.length > 1 ? '' : 's'} values but no heading, so ${letters.length > 1 ? 'they were' : 'it was'} not read. Give ${letters.length > 1 ? 'them headings' : 'it a heading'} such as Name or Age to have ${letters.length > 1 ? 'them' : 'it'} read.` });
  }
  if (found.columnsCut > 0) warnings.push({ message: `Only the first ${MAX_COLUMNS} columns are read; ${found.columnsCut} more column(s) to the right were not.` });
  const unprintable = unprintableWarning(voters);
  if (unprintable) warnings.push(unprintable);
  warnings.push(...continuity);
  opts.onProgress?.(dataRows, dataRows);
  const report: ParseReport = {
    source: 'excel',
    voters: voters.length,
    pages: { cover: 0, map: 0, voters: 0, supplement: 0, summary: 0, other: 0 },
    totalPages: 0,
    rows: voters.length,
    withoutEpic: voters.filter((v) => v.epic === null).length,
    deleted: voters.filter((v) => v.deleted).length,
    deletedByReason: deletedByReason(voters),
    ocrRead: 0,
    ocrRepaired: 0,
    header: {
      part: constant(voters, 'part'),
      pollingStation: constant(voters, 'pollingStation'),
      ...(assembly ? { assembly } : {}),
      ...(district ? { district } : {}),
      ...(ward ? { ward } : {}),
    },
    warnings,
  };
  if (!report.header.part) delete report.header.part;
  if (!report.header.pollingStation) delete report.header.pollingStation;
  return { voters, report };
}

export async function parseSpreadsheet(bytes: Uint8Array, kind: 'xlsx' | 'xls', opts: ParseOptions = {}): Promise<VoterList> {
  const maxRows = opts.maxRows ?? MAX_SHEET_ROWS;
  // a sheet past the row limit is refused from its XML's row count, before the spreadsheet library builds it
  // (a sheet twice the limit outgrows the sandbox's memory); the header may stand a few rows down
  if (kind === 'xlsx' && (await checkZip(bytes)).rows > maxRows + HEADER_SEARCH_ROWS) throw tooManyRows(maxRows, false);
  checkAbort(opts.signal);
  const sheets = await readWorkbook(bytes, { timeoutMs: opts.excelTimeoutMs ?? 60_000, memoryMb: opts.excelMemoryMb ?? 768, maxRows, signal: opts.signal });
  return readSheets(sheets, opts, 'workbook');
}

/**
 * Filled cells a CSV may hold per row of the row limit: the electoral database's export, the widest list
 * seen, has about 40 columns. 250,000 rows of 50 filled columns take about 800 MB in the sandbox (whose
 * limit is 1.5 GB); a file packed with more short cells is refused before it can take more.
 */
const CSV_FILLED_COLUMNS = 50;

/**
 * A CSV voter list (UTF-8 or UTF-16; comma, semicolon or tab), read as a workbook's one sheet. `name` is the
 * file's name: a list saved as "Part 12.csv" keeps part 12 when nothing inside says otherwise.
 */
export function parseCsvList(bytes: Uint8Array, name: string, opts: ParseOptions = {}): VoterList {
  const maxRows = opts.maxRows ?? MAX_SHEET_ROWS;
  const sheetName = name.replace(/\.[^.]*$/, '') || 'CSV';
  const sheet = readCsv(bytes, sheetName, {
    maxRows: maxRows + HEADER_SEARCH_ROWS + 1,
    maxColumns: MAX_COLUMNS,
    maxCellChars: MAX_CELL_CHARS,
    maxFilledCells: maxRows * CSV_FILLED_COLUMNS,
    signal: opts.signal,
  });
  return readSheets([sheet], opts, 'csv');
}
