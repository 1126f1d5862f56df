import { checkAbort } from '../abort';
import { VoterListError } from '../errors';
import type { SheetRows } from './read-workbook';

/**
 * A CSV voter list read as one sheet of text cells, for the same sheet reader as a workbook's sheets.
 *
 * Written here rather than through the spreadsheet library: that library guesses a type for every CSV
 * value (a house number "1/2" becomes a date, an ID "00123" the number 123), and its guesses are what a
 * voter list must not have; the format itself is small (quoted fields, doubled quotes, three delimiters).
 * Every cell stays the text the file holds. The reader is one pass over the text, no backtracking, so its
 * time grows with the file's size only; the limits below bound what it keeps.
 */

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';
export type CsvDelimiter = ',' | ';' | '\t';

/** The text of a CSV file: UTF-8 with or without its byte-order mark, UTF-16 (little or big end first) with one, or without one when the zero bytes show it. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  let encoding: CsvEncoding = 'utf-8';
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ['utf-16be', 2];
  else encoding = utf16WithoutMark(bytes) ?? 'utf-8';
  try {
    return { text: new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(start)), encoding };
  } catch {
    throw new VoterListError(
      'unsupported',
      encoding === 'utf-8'
        ? 'The CSV file is not saved as UTF-8 text, so its names cannot be read. In Excel choose Save As → "CSV UTF-8 (Comma delimited)" and upload that file.'
        : 'The CSV file is damaged: part of its text is not valid UTF-16. Save it again as "CSV UTF-8 (Comma delimited)" and upload that file.',
    );
  }
}

/** UTF-16 text without a byte-order mark: ASCII characters leave every other byte zero (no UTF-8 text has zero bytes). */
function utf16WithoutMark(bytes: Uint8Array): CsvEncoding | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero > pairs * 0.3 && evenZero === 0) return 'utf-16le';
  if (evenZero > pairs * 0.3 && oddZero === 0) return 'utf-16be';
  return null;
}

export interface CsvLimits {
  /** Rows kept; a longer file is marked truncated (the sheet reader refuses it, naming the limit). */
  maxRows: number;
  /** Columns kept; cells past them are dropped and counted in `columnsCut`. */
  maxColumns: number;
  /** The longest cell, in characters; a longer one refuses the file, naming its row and column. */
  maxCellChars: number;
  /** The most filled cells kept (empty ones cost next to nothing); more refuse the file. */
  maxFilledCells?: number;
  signal?: AbortSignal;
}

/** Spreadsheet letters of a 0-based column (0 → A, 27 → AB), as a user sees the file opened in Excel. */
export function columnLetters(index: number): string {
  let out = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

interface Parsed {
  rows: string[][];
  truncated: boolean;
  columnsCut: number;
}

/**
 * Splits CSV text into rows of cells. Quoted fields may hold delimiters, line breaks and doubled quotes;
 * text after a closing quote is kept (a lenient reading of a hand-edited file), and a quote inside an
 * unquoted field is an ordinary character. Line ends are \r\n, \n or \r.
 */
function parse(text: string, delimiter: CsvDelimiter, limits: CsvLimits, maxRecords = Infinity): Parsed {
  const rows: string[][] = [];
  const d = delimiter.charCodeAt(0);
  let row: string[] = [];
  /** Cells of the current row so far, those past the column limit included. */
  let cells = 0;
  let columnsCut = 0;
  let truncated = false;
  let filled = 0;
  const maxFilled = limits.maxFilledCells ?? Infinity;
  let i = 0;
  const n = text.length;
  const push = (cell: string) => {
    cells++;
    if (cells > limits.maxColumns) {
      if (cell !== '') columnsCut = Math.max(columnsCut, cells - limits.maxColumns);
      return;
    }
    if (cell.length > limits.maxCellChars) {
      throw new VoterListError(
        'too-large',
        `Row ${rows.length + 1}, column ${columnLetters(row.length)} of the CSV file holds ${cell.length.toLocaleString('en-IN')} characters; a cell of a voter list holds at most ${limits.maxCellChars.toLocaleString('en-IN')} (a name, an address). Check that this is the voter list, or clear that cell.`,
      );
    }
    if (cell !== '' && ++filled > maxFilled) {
      throw new VoterListError(
        'too-large',
        `The CSV file holds more than ${maxFilled.toLocaleString('en-IN')} filled cells, more than a voter list needs. Remove the columns the slips do not use, or split the file.`,
      );
    }
    row.push(cell);
  };
  const endRow = () => {
    rows.push(row);
    row = [];
    cells = 0;
    if (rows.length % 10_000 === 0) checkAbort(limits.signal);
  };
  while (i < n) {
    if (rows.length >= limits.maxRows || rows.length >= maxRecords) {
      truncated = rows.length >= limits.maxRows;
      return { rows, truncated, columnsCut };
    }
    let cell: string;
    if (text.charCodeAt(i) === 0x22) {
      // quoted: up to the quote not doubled
      let value = '';
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0 && n - from > limits.maxCellChars) {
          throw new VoterListError(
            'corrupt',
            `Row ${rows.length + 1}, column ${columnLetters(row.length)} of the CSV file opens a quote (") that is never closed, so the rest of the file would be one cell. Close the quote, or save the file again from the spreadsheet program.`,
          );
        }
        if (q < 0) {
          value += text.slice(from);
          i = n;
          break;
        }
        value += text.slice(from, q);
        if (value.length > limits.maxCellChars) break;
        if (text.charCodeAt(q + 1) === 0x22) {
          value += '"';
          from = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // anything between the closing quote and the delimiter stays with the cell
      const rest = i;
      while (i < n && text.charCodeAt(i) !== d && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) i++;
      cell = rest < i ? value + text.slice(rest, i) : value;
    } else {
      const start = i;
      while (i < n && text.charCodeAt(i) !== d && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) i++;
      cell = text.slice(start, i);
    }
    push(cell);
    if (i >= n) break;
    const c = text.charCodeAt(i);
    i++;
    if (c === d) {
      if (i >= n) push('');
      continue;
    }
    if (c === 0x0d && text.charCodeAt(i) === 0x0a) i++;
    endRow();
  }
  if (cells > 0) endRow();
  return { rows, truncated, columnsCut };
}

const DELIMITERS: CsvDelimiter[] = [',', ';', '\t'];

/**
 * The delimiter the file's table is written with: of comma, semicolon and tab, the one that splits the
 * most of the first rows into the same number of cells (more than one). Title rows above the table
 * ("District: Pune") hold no delimiter and do not count; quoted cells are read as cells, so a comma
 * inside a quoted name does not vote for the comma.
 */
export function sniffDelimiter(text: string): CsvDelimiter {
  const sample = text.slice(0, 64 * 1024);
  let best: { delimiter: CsvDelimiter; rows: number; width: number } = { delimiter: ',', rows: 0, width: 0 };
  for (const delimiter of DELIMITERS) {
    const { rows } = parse(sample, delimiter, { maxRows: 200, maxColumns: 1000, maxCellChars: Infinity }, 200);
    const widths = new Map<number, number>();
    for (const r of rows) if (r.length > 1) widths.set(r.length, (widths.get(r.length) ?? 0) + 1);
    for (const [width, count] of widths) {
      if (count > best.rows || (count === best.rows && width > best.width)) best = { delimiter, rows: count, width };
    }
  }
  return best.delimiter;
}

export interface CsvSheet extends SheetRows {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
}

/** A CSV file's bytes as one sheet named `name`: decoded, its delimiter found (or taken from an Excel "sep=" first line), split within the limits. */
export function readCsv(bytes: Uint8Array, name: string, limits: CsvLimits): CsvSheet {
  checkAbort(limits.signal);
  const { text: decoded, encoding } = decodeCsv(bytes);
  let text = decoded;
  let firstRow = 1;
  const declared = /^sep=(.)\r?\n/i.exec(text.slice(0, 8));
  let delimiter: CsvDelimiter;
  if (declared && (DELIMITERS as string[]).includes(declared[1])) {
    delimiter = declared[1] as CsvDelimiter;
    text = text.slice(declared[0].length);
    firstRow = 2;
  } else delimiter = sniffDelimiter(text);
  const parsed = parse(text, delimiter, limits);
  return { name, firstRow, rows: parsed.rows, truncated: parsed.truncated, columnsCut: parsed.columnsCut, encoding, delimiter };
}
