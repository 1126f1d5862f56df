/** What a file is, judged from its first bytes (magic numbers), never from its name alone. */
export type FileKind = 'pdf' | 'xlsx' | 'xls' | 'zip' | 'png' | 'jpeg' | 'gif' | 'tiff' | 'webp' | 'text' | 'unknown';

function startsWith(bytes: Uint8Array, sig: number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  return sig.every((b, i) => bytes[at + i] === b);
}

export function detectKind(bytes: Uint8Array): FileKind {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    // An OOXML workbook is a zip holding xl/workbook.xml. Its own entry names are read from the central
    // directory at the end (a ZIP of workbooks stored as they are holds "xl/workbook" in its bytes too);
    // when the directory is not in the sample, the names in the local headers and the directory decide.
    const names = centralDirectoryNames(bytes);
    if (names) return names.some((name) => name.startsWith('xl/workbook')) ? 'xlsx' : 'zip';
    const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024 * 1024))).toString('latin1');
    const head = Buffer.from(bytes.subarray(0, 64 * 1024)).toString('latin1');
    return tail.includes('xl/workbook') || head.includes('xl/workbook') ? 'xlsx' : 'zip';
  }
  // PDF: "%PDF-" may be preceded by junk; the spec allows it within the first 1024 bytes. After the ZIP
  // check: a ZIP that stores a PDF uncompressed holds "%PDF-" near its start too.
  const pdfHead = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (pdfHead.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  const sample = bytes.subarray(0, 4096);
  if (sample.length > 0 && sample.every((b) => b === 0x09 || b === 0x0a || b === 0x0d || b >= 0x20)) return 'text';
  if (isUtf16Text(sample)) return 'text';
  return 'unknown';
}

/**
 * UTF-16 text (a CSV saved as "Unicode" text): a byte-order mark, or every other byte zero where ASCII
 * characters stand, and no control characters but tab and line ends in what it holds.
 */
function isUtf16Text(sample: Uint8Array): boolean {
  const n = sample.length & ~1;
  if (n < 4) return false;
  let little: boolean;
  let start = 0;
  if (sample[0] === 0xff && sample[1] === 0xfe) [little, start] = [true, 2];
  else if (sample[0] === 0xfe && sample[1] === 0xff) [little, start] = [false, 2];
  else if (sample[1] === 0 && sample[0] !== 0) little = true;
  else if (sample[0] === 0 && sample[1] !== 0) little = false;
  else return false;
  let ascii = 0;
  for (let i = start; i < n; i += 2) {
    const unit = little ? sample[i] | (sample[i + 1] << 8) : (sample[i] << 8) | sample[i + 1];
    if (unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d) return false;
    if (unit < 0x80) ascii++;
  }
  // without a mark, mostly ASCII characters (the digits, commas and Latin headings of a list) must show it
  return start === 2 || ascii * 2 >= (n - start) / 2;
}

/**
 * The entry names of a ZIP from its central directory, found through the end-of-directory record in the
 * last bytes of `bytes` (the directory sits just before it); null when they are not all there.
 */
function centralDirectoryNames(bytes: Uint8Array): string[] | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // the record is 22 bytes and may be followed by a comment of up to 65,535
  const from = Math.max(0, view.length - 22 - 65_535);
  for (let end = view.length - 22; end >= from; end--) {
    if (view.readUInt32LE(end) !== 0x06054b50) continue;
    const entries = view.readUInt16LE(end + 10);
    const size = view.readUInt32LE(end + 12);
    let at = end - size;
    if (at < 0 || size === 0xffffffff) return null;
    const names: string[] = [];
    for (let i = 0; i < entries; i++) {
      if (at + 46 > end || view.readUInt32LE(at) !== 0x02014b50) return null;
      const nameLength = view.readUInt16LE(at + 28);
      const extraLength = view.readUInt16LE(at + 30);
      const commentLength = view.readUInt16LE(at + 32);
      names.push(view.toString('latin1', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return null;
}

export function describeKind(kind: FileKind): string {
  switch (kind) {
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'tiff':
    case 'webp':
      return `a ${kind.toUpperCase()} image`;
    case 'zip':
      return 'a zip archive that is not an Excel workbook';
    case 'text':
      return 'a plain-text file';
    default:
      return 'not a PDF or Excel file';
  }
}
