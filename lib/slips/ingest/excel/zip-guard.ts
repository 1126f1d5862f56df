import { VoterListError } from '../errors';

/**
 * Reads a zip's central directory (without inflating anything) and refuses archives that would
 * expand to more than `maxTotal` bytes or hold an entry inflating more than `maxRatio` times:
 * an .xlsx zip bomb is refused before the spreadsheet library sees it.
 */
export function checkZip(bytes: Uint8Array, maxTotal = 512 * 1024 * 1024, maxRatio = 200): { entries: number; total: number } {
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
  if (count === 0xffff || cdOffset === 0xffffffff) {
    throw new VoterListError('zip-bomb', 'The Excel file is a ZIP64 archive of unusual size; it is refused.');
  }
  let p = cdOffset;
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) {
      throw new VoterListError('corrupt', 'The Excel file is damaged (its zip directory is broken).');
    }
    const compressed = view.getUint32(p + 20, true);
    const size = view.getUint32(p + 24, true);
    if (size === 0xffffffff || compressed === 0xffffffff) {
      throw new VoterListError('zip-bomb', 'The Excel file holds an entry larger than 4 GB when unpacked; it is refused.');
    }
    total += size;
    if (size > 1024 * 1024 && size / Math.max(1, compressed) > maxRatio) {
      throw new VoterListError('zip-bomb', `The Excel file unpacks ${Math.round(size / Math.max(1, compressed))} times larger than its size (a zip bomb?); it is refused.`);
    }
    if (total > maxTotal) {
      throw new VoterListError('zip-bomb', `The Excel file would unpack to more than ${Math.round(maxTotal / (1024 * 1024))} MB; it is refused.`);
    }
    p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return { entries: count, total };
}
