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
 * Far above real voter lists: a 500,000-row list unpacks to about 120 MB (its sheet; shared strings
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

/** Unpacks one entry without keeping what it unpacks to, stopping as soon as it passes `cap` bytes; answers its size. */
function unpackedSize(data: Uint8Array, cap: number): Promise<{ size: number; over: boolean }> {
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
 * library inflates it, and without this process holding what it unpacks to. Answers the entries and the
 * unpacked total.
 */
export async function checkZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<{ entries: number; total: number }> {
  const entries = listEntries(bytes, limits);
  let total = 0;
  for (const entry of entries) {
    const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressed);
    const left = limits.maxTotal - total;
    const cap = Math.min(limits.maxEntry, left, Math.max(limits.ratioFrom, entry.compressed * limits.maxRatio));
    let size: number;
    if (entry.method === 0) size = entry.compressed;
    else if (entry.method === 8) {
      const unpacked = await unpackedSize(data, cap);
      size = unpacked.size;
      if (unpacked.over) {
        if (cap === left) refuse(`The Excel file would unpack to more than ${mb(limits.maxTotal)}; a voter list of 500,000 rows unpacks to about 150 MB. It is refused.`);
        if (cap === limits.maxEntry) refuse(`A part of the Excel file would unpack to more than ${mb(limits.maxEntry)}; it is refused.`);
        refuse(`A part of the Excel file unpacks more than ${limits.maxRatio} times larger than it is packed (a zip bomb, not a spreadsheet); it is refused.`);
      }
    } else refuse(`The Excel file is packed with a method spreadsheets do not use (${entry.method}); it is refused.`);
    total += size;
    if (total > limits.maxTotal) refuse(`The Excel file would unpack to more than ${mb(limits.maxTotal)}; a voter list of 500,000 rows unpacks to about 150 MB. It is refused.`);
  }
  return { entries: entries.length, total };
}
