import zlib from 'node:zlib';
import { VoterListError } from '../errors';

/** What a workbook's zip may unpack to, in all and per entry, and how many times its packed size an entry may grow. */
export interface ZipLimits {
  maxTotal: number;
  maxEntry: number;
  /** The largest ratio of unpacked to packed size for an entry past `ratioFrom` bytes unpacked. */
  maxRatio: number;
  ratioFrom: number;
  maxEntries: number;
}

/**
 * Far above real voter lists: the longest list read (250,000 rows, 11 columns, Hindi names) unpacks to about 140 MB (its sheet; shared strings
 * less), and spreadsheet XML packs 3 to 20 times; a zip bomb packs hundreds to millions of times.
 */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotal: 640 * 1024 * 1024,
  maxEntry: 512 * 1024 * 1024,
  maxRatio: 200,
  ratioFrom: 16 * 1024 * 1024,
  maxEntries: 10_000,
};

const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

function refuse(message: string): never {
  throw new VoterListError('zip-bomb', message);
}

interface Entry {
  name: string;
  method: number;
  compressed: number;
  dataStart: number;
}

/** The entries the zip's central directory lists, with where each one's data starts (from its local header). */
function listEntries(bytes: Uint8Array, limits: ZipLimits): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new VoterListError('corrupt', 'The Excel file is damaged (its zip directory is missing).');
  const count = view.getUint16(eocd + 10, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) refuse('The Excel file is a ZIP64 archive of unusual size; it is refused.');
  if (count > limits.maxEntries) refuse(`The Excel file holds ${count.toLocaleString('en-IN')} parts; a workbook holds a few dozen. It is refused.`);
  const entries: Entry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) throw new VoterListError('corrupt', 'The Excel file is damaged (its zip directory is broken).');
    const method = view.getUint16(p + 10, true);
    const compressed = view.getUint32(p + 20, true);
    const nameLength = view.getUint16(p + 28, true);
    const local = view.getUint32(p + 42, true);
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + p + 46, Math.min(nameLength, bytes.length - p - 46)).toString('utf8');
    if (compressed === 0xffffffff || local === 0xffffffff) refuse('The Excel file is a ZIP64 archive of unusual size; it is refused.');
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw new VoterListError('corrupt', 'The Excel file is damaged (a part of it is missing).');
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (dataStart + compressed > bytes.length) throw new VoterListError('corrupt', 'The Excel file is damaged (it is cut short).');
    entries.push({ name, method, compressed, dataStart });
    p += 46 + nameLength + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return entries;
}

const ROW_TAG = Buffer.from('row');
/** A workbook's sheets: the parts whose rows are counted. */
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
/** The longest tag start counted, `<` + a namespace prefix + `row` + one byte: what one chunk keeps for the next. */
const ROW_TAIL = 24;

/**
 * Counts a worksheet's `<row …>` elements (also `<x:row …>`) as its XML streams past, chunk by chunk: the
 * rows a sheet really holds, whatever its `<dimension>` claims, found without building the sheet.
 */
class RowCounter {
  rows = 0;
  /** Bytes kept from the last chunk: `scanFrom` bytes already looked at (context for a prefix), then bytes not yet looked at. */
  private tail: Buffer = Buffer.alloc(0);
  private scanFrom = 0;

  /** `row` at i is a row element's name: `<` or `<prefix:` before it, whitespace, `>` or `/` after. */
  private static isRowTag(text: Buffer, i: number): boolean {
    const after = text[i + 3];
    if (after !== 0x20 && after !== 0x3e && after !== 0x2f && after !== 0x0a && after !== 0x0d && after !== 0x09) return false;
    if (text[i - 1] === 0x3c) return true;
    if (text[i - 1] !== 0x3a) return false;
    for (let j = i - 2; j >= Math.max(0, i - ROW_TAIL + 4); j--) {
      const c = text[j];
      if (c === 0x3c) return j < i - 2;
      const word = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
      if (!word) return false;
    }
    return false;
  }

  /** Counts the tags that start in this chunk, but for its last bytes, which wait for the next chunk (or the end). */
  push(chunk: Buffer, last = false): void {
    const text = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    const stop = last ? text.length : text.length - ROW_TAIL;
    if (stop <= this.scanFrom) {
      this.tail = Buffer.from(text);
      return;
    }
    for (let i = text.indexOf(ROW_TAG, Math.max(1, this.scanFrom)); i >= 0 && i < stop; i = text.indexOf(ROW_TAG, i + 3)) {
      if (i + 3 < text.length && RowCounter.isRowTag(text, i)) this.rows++;
    }
    const keepFrom = Math.max(0, stop - ROW_TAIL);
    this.tail = Buffer.from(text.subarray(keepFrom));
    this.scanFrom = stop - keepFrom;
  }

  end(): void {
    this.push(Buffer.alloc(0), true);
  }
}

/** Unpacks one entry without keeping what it unpacks to, stopping as soon as it passes `cap` bytes; answers its size. */
function unpackedSize(data: Uint8Array, cap: number, rows?: RowCounter): Promise<{ size: number; over: boolean }> {
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflateRaw({ chunkSize: 256 * 1024 });
    let size = 0;
    let done = false;
    const finish = (over: boolean) => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve({ size, over });
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      rows?.push(chunk);
      if (size > cap) finish(true);
    });
    inflate.on('end', () => finish(false));
    inflate.on('error', () => {
      if (done) return;
      done = true;
      reject(new VoterListError('corrupt', 'The Excel file is damaged (a part of it cannot be unpacked).'));
    });
    inflate.end(data);
  });
}

/**
 * Unpacks every entry of an .xlsx (a zip) with a byte counter, never trusting the sizes the zip declares,
 * and refuses one that would unpack past the limits — a zip bomb is refused before the spreadsheet
 * library inflates it, and without this process holding what it unpacks to. Answers the entries, the
 * unpacked total and the most rows a sheet holds (counted in its XML, not taken from what it declares).
 */
export async function checkZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<{ entries: number; total: number; rows: number }> {
  const entries = listEntries(bytes, limits);
  let total = 0;
  let rows = 0;
  for (const entry of entries) {
    const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressed);
    const counter = WORKSHEET.test(entry.name) ? new RowCounter() : undefined;
    const left = limits.maxTotal - total;
    const cap = Math.min(limits.maxEntry, left, Math.max(limits.ratioFrom, entry.compressed * limits.maxRatio));
    let size: number;
    if (entry.method === 0) {
      size = entry.compressed;
      counter?.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength), true);
    } else if (entry.method === 8) {
      const unpacked = await unpackedSize(data, cap, counter);
      counter?.end();
      size = unpacked.size;
      if (unpacked.over) {
        if (cap === left) refuse(`The Excel file would unpack to more than ${mb(limits.maxTotal)}; a voter list of 250,000 rows unpacks to about 140 MB. It is refused.`);
        if (cap === limits.maxEntry) refuse(`A part of the Excel file would unpack to more than ${mb(limits.maxEntry)}; it is refused.`);
        refuse(`A part of the Excel file unpacks more than ${limits.maxRatio} times larger than it is packed (a zip bomb, not a spreadsheet); it is refused.`);
      }
    } else refuse(`The Excel file is packed with a method spreadsheets do not use (${entry.method}); it is refused.`);
    total += size;
    if (total > limits.maxTotal) refuse(`The Excel file would unpack to more than ${mb(limits.maxTotal)}; a voter list of 250,000 rows unpacks to about 140 MB. It is refused.`);
    if (counter) rows = Math.max(rows, counter.rows);
  }
  return { entries: entries.length, total, rows };
}
