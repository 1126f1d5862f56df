import { Worker } from 'node:worker_threads';
import { VoterListError, workerOutOfMemory } from '../errors';
import { resolvePackageFile } from '../../../packages';

/** One sheet as text cells: `rows[i][j]` is the formatted text of row `firstRow + i`, column j. */
export interface SheetRows {
  name: string;
  /** 1-based number of the sheet row that rows[0] is. */
  firstRow: number;
  rows: string[][];
  truncated: boolean;
  /** How many columns past the reader's last one held values (they are not read). */
  columnsCut?: number;
  /** A sheet past the most a workbook may have read (MAX_SHEETS): named only, its rows are empty. */
  notRead?: boolean;
  /** The workbook hides this sheet. */
  hidden?: boolean;
}

/**
 * The worker's code, run with `eval: true`: no separate worker file to locate under tsx, vitest
 * or a Next bundle. It loads `xlsx` from the path the parent resolved from the project root
 * (process.cwd()), parses with formulas, HTML and VBA off, and returns plain string arrays.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const XLSX = require(workerData.xlsxPath);
// native inflate instead of the library's JavaScript one
try { XLSX.CFB.utils.use_zlib(require('node:zlib')); } catch (e) {}
const { bytes, maxRows, maxSheets, maxColumns, maxCellChars } = workerData;
try {
  // sheetRows: the library stops building cells past the limit (a longer sheet is refused by its row count, not by memory)
  const wb = XLSX.read(bytes, { type: 'buffer', cellFormula: false, cellHTML: false, cellNF: false, cellStyles: false, cellText: false, cellDates: false, bookVBA: false, sheetStubs: false, dense: true, sheetRows: maxRows + 1 });
  const sheets = [];
  const props = (wb.Workbook && Array.isArray(wb.Workbook.Sheets)) ? wb.Workbook.Sheets : [];
  wb.SheetNames.slice(0, maxSheets).forEach((name, index) => {
    const ws = wb.Sheets[name];
    // a sheet the workbook hides (a helper table, an old copy) is read, and marked so
    const hidden = Boolean(props[index] && props[index].Hidden);
    if (!ws || !ws['!ref']) { sheets.push({ name: String(name), firstRow: 1, text: '', truncated: false, hidden }); return; }
    const range = XLSX.utils.decode_range(ws['!ref']);
    const full = XLSX.utils.decode_range(ws['!fullref'] || ws['!ref']);
    let truncated = full.e.r - full.s.r + 1 > maxRows;
    if (range.e.r - range.s.r + 1 > maxRows) { range.e.r = range.s.r + maxRows - 1; truncated = true; }
    const lastColumn = range.e.c;
    if (range.e.c - range.s.c + 1 > maxColumns) range.e.c = range.s.c + maxColumns - 1;
    const data = Array.isArray(ws) ? ws : null;
    let columnsCut = 0;
    const lines = [];
    for (let r = range.s.r; r <= range.e.r; r++) {
      const row = data ? data[r] || [] : null;
      const cells = [];
      for (let c = range.s.c; c <= range.e.c; c++) {
        const cell = row ? row[c] : ws[XLSX.utils.encode_cell({ r: r, c: c })];
        // an error cell (#N/A, #REF!) holds the error's code as its value: it is no value
        let v = cell == null || cell.v == null || cell.t === 'e' ? '' : String(cell.v);
        if (v.length > maxCellChars) throw { tooLong: { sheet: String(name), row: r + 1, column: XLSX.utils.encode_col(c), length: v.length } };
        if (v.indexOf('\u001e') >= 0 || v.indexOf('\u001f') >= 0) v = v.replace(/[\u001e\u001f]/g, ' ');
        cells.push(v);
      }
      lines.push(cells.join('\u001f'));
      if (row && lastColumn > range.e.c) {
        for (let c = lastColumn; c > range.e.c; c--) {
          const cell = row[c];
          if (cell != null && cell.v != null && cell.v !== '') { columnsCut = Math.max(columnsCut, c - range.e.c); break; }
        }
      }
    }
    // one string per sheet: far cheaper to pass between threads than a million small strings
    sheets.push({ name: String(name), firstRow: range.s.r + 1, text: lines.join('\u001e'), truncated, columnsCut, hidden });
  });
  // sheets past the limit are named, not read
  for (const name of wb.SheetNames.slice(maxSheets)) sheets.push({ name: String(name), firstRow: 1, text: '', truncated: false, notRead: true });
  parentPort.postMessage({ ok: true, sheets });
} catch (error) {
  if (error && error.tooLong) parentPort.postMessage({ ok: false, tooLong: error.tooLong });
  else parentPort.postMessage({ ok: false, message: String(error && error.message ? error.message : error) });
}
`;

interface WireSheet {
  name: string;
  firstRow: number;
  text: string;
  truncated: boolean;
  columnsCut?: number;
  notRead?: boolean;
  hidden?: boolean;
}

function xlsxPath(): string {
  return resolvePackageFile('xlsx');
}

/**
 * The longest cell a voter list holds, in characters: a name, a relative's name, an address are tens of
 * characters; a cell of megabytes is no voter list and would burden every step after.
 */
export const MAX_CELL_CHARS = 1000;

/** The columns of a sheet that are read: a voter table has a dozen or two; columns past these are reported, not read. */
export const MAX_COLUMNS = 200;

/** The sheets of a workbook that are read (a ward kept as one sheet per part has tens); later ones are named, not read. */
export const MAX_SHEETS = 100;

export interface ReadLimits {
  timeoutMs: number;
  memoryMb: number;
  maxRows: number;
  maxSheets?: number;
  /** Aborting ends the worker at once and rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Parses an .xlsx/.xls in an isolated worker thread with a time limit and a heap limit. */
export function readWorkbook(bytes: Uint8Array, limits: ReadLimits): Promise<SheetRows[]> {
  return new Promise((resolve, reject) => {
    limits.signal?.throwIfAborted();
    let settled = false;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { xlsxPath: xlsxPath(), bytes: Buffer.from(bytes), maxRows: limits.maxRows + 1000, maxSheets: limits.maxSheets ?? MAX_SHEETS, maxColumns: MAX_COLUMNS, maxCellChars: MAX_CELL_CHARS },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    worker.stdout?.resume();
    worker.stderr?.resume();
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () => finish(() => reject(new VoterListError('timeout', `The spreadsheet took longer than ${Math.round(limits.timeoutMs / 1000)} s to read and was abandoned.`))),
      limits.timeoutMs,
    );
    const onAbort = () => finish(() => reject(limits.signal?.reason));
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (msg: { ok: boolean; sheets?: WireSheet[]; message?: string; tooLong?: { sheet: string; row: number; column: string; length: number } }) => {
      if (msg.tooLong) {
        const t = msg.tooLong;
        finish(() =>
          reject(
            new VoterListError(
              'too-large',
              `Row ${t.row}, column ${t.column} of the sheet "${t.sheet.slice(0, 40)}" holds ${t.length.toLocaleString('en-IN')} characters; a cell of a voter list holds at most ${MAX_CELL_CHARS.toLocaleString('en-IN')} (a name, an address). Check that this is the voter list, or clear that cell.`,
            ),
          ),
        );
        return;
      }
      if (msg.ok && msg.sheets) {
        const sheets = msg.sheets.map((w) => ({
          name: w.name,
          firstRow: w.firstRow,
          truncated: w.truncated,
          columnsCut: w.columnsCut ?? 0,
          ...(w.notRead ? { notRead: true } : {}),
          ...(w.hidden ? { hidden: true } : {}),
          rows: w.text === '' ? [] : w.text.split('\u001e').map((line) => line.split('\u001f')),
        }));
        finish(() => resolve(sheets));
      }
      else finish(() => reject(new VoterListError('corrupt', 'The Excel file is damaged or not a valid workbook and cannot be read.')));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      finish(() =>
        reject(
          workerOutOfMemory(error)
            ? new VoterListError('too-large', 'The spreadsheet needs too much memory to read (is it unusually large or crafted?).')
            : new VoterListError('corrupt', 'The Excel file is damaged or not a valid workbook and cannot be read.'),
        ),
      );
    });
    worker.on('exit', (code) => {
      if (!settled) finish(() => reject(new VoterListError('corrupt', `The spreadsheet reader stopped unexpectedly (exit ${code}).`)));
    });
  });
}
