import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PDFDocument } from '@cantoo/pdf-lib';
import { deflatedRepeat, handmadeXlsx, onePagePdf, rawPdf, zip } from '@/tests/helpers/bad-files';

/**
 * The fuzz suite's hostile uploads, built at test time from a seed (nothing binary is committed): zip bombs
 * with honest and lying sizes, huge cells and rows, cyclic and deeply nested PDFs, pages that nest or draw
 * without end, huge images and page sizes, compression bombs, truncations and byte flips of the real
 * fixture rolls, random bytes behind PDF and zip magic, wrong types and broken banners. The same seed
 * always gives the same cases.
 */
export interface FuzzFile {
  name: string;
  bytes: Uint8Array;
}

export interface FuzzCase {
  id: string;
  family: string;
  voterList: FuzzFile;
  /** the banner (a plain small PNG unless the case is about the banner) */
  banner?: FuzzFile;
  /** a mutation may leave the file valid: a draft is then a right answer too */
  mayPass: boolean;
}

/** mulberry32: a small seeded generator, enough to pick cut points and bytes. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROLLS = path.resolve(process.cwd(), '../shared/fixtures/rolls');
/**
 * Text rolls of three kinds (legacy font, the 2025 format, a ward list), mutated: their first pages (a
 * cover and voter pages), so that a run of hundreds of cases reads in minutes; the scans take seconds a
 * page under OCR.
 */
const MUTATED = ['daman-2017-part1-gujarati.pdf', 'gujarat-2025-ac137-part1.pdf', 'maharashtra-2025-sec-ward4-marathi.pdf'];
const MUTATED_PAGES = 5;

/** The first pages of a roll, as their own PDF (an owner-password roll decrypted), or null if pdf-lib cannot read it. */
async function firstPages(file: string, pages: number): Promise<Uint8Array | null> {
  try {
    const source = await PDFDocument.load(fs.readFileSync(file), { password: '', ignoreEncryption: false, updateMetadata: false });
    const out = await PDFDocument.create({ updateMetadata: false });
    const copied = await out.copyPages(source, Array.from({ length: Math.min(pages, source.getPageCount()) }, (_, i) => i));
    for (const page of copied) out.addPage(page);
    return await out.save();
  } catch {
    return null;
  }
}

const workbookParts = [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
];

/** A PNG whose header claims `width` × `height` pixels over a tiny, valid zlib stream (a decompression bomb for a banner). */
function pngClaiming(width: number, height: number, idat: Buffer = zlib.deflateSync(Buffer.alloc(1024))): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]));
}

function hostileWorkbooks(): FuzzCase[] {
  const lying = deflatedRepeat('A', 400 * 1024 * 1024);
  const honest = deflatedRepeat(' ', 64 * 1024 * 1024);
  const rows = [['Sl. No.', 'EPIC No.', 'Name of Elector'], ['1', 'ABC1234567', 'N'.repeat(8 * 1024 * 1024)], ['2', 'ABC1234568', 'Voter']];
  const cases: [string, Uint8Array][] = [
    ['zip bomb, lying sizes (1,000 bytes claimed, 400 MB in one cell)', zip([...workbookParts, { name: 'xl/sharedStrings.xml', packed: lying.packed, size: lying.size, crc: lying.crc, declared: 1000 }])],
    ['zip bomb, honest sizes (64 MB of spaces)', zip([...workbookParts, { name: 'xl/worksheets/sheet1.xml', packed: honest.packed, size: honest.size, crc: honest.crc }])],
    ['zip bomb, many parts', zip(Array.from({ length: 20_000 }, (_, i) => ({ name: `xl/p${i}.xml`, data: Buffer.from('<x/>') })))],
    ['an 8 MB name in one cell', handmadeXlsx(rows)],
    ['a zip of nothing useful', zip([{ name: 'photo.jpg', data: Buffer.from('not a photo') }])],
    ['a workbook inside a workbook', zip([...workbookParts, { name: 'xl/embeddings/inner.xlsx', data: Buffer.from(handmadeXlsx(rows.slice(0, 1))) }])],
    ['parts named to climb out of the archive', zip([...workbookParts, { name: '../../../../etc/passwd', data: Buffer.from('root:x:0:0') }, { name: '/abs/sheet.xml', data: Buffer.from('<x/>') }])],
    ['a zip cut in half', zip([...workbookParts, { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(50_000, 0x41) }]).subarray(0, 20_000)],
    ['a sheet of broken XML', zip([...workbookParts, { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet><sheetData><row><c><v>1</v></c>'.repeat(1000)) }])],
    ['an OLE (.xls) header over random bytes', new Uint8Array(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 0x5a)]))],
    ['a header row and no voters', handmadeXlsx([['Sl. No.', 'EPIC No.', 'Name of Elector']])],
    ['control characters and lone surrogates in names', handmadeXlsx([['Sl. No.', 'Name of Elector'], ['1', 'A\u0000B\u0007C'], ['2', '\ud800\udfff\ud800'], ['3', '\u202e\u2066evil']])],
  ];
  return cases.map(([what, bytes], i) => ({ id: `xlsx-${i + 1}`, family: `workbook: ${what}`, voterList: { name: 'list.xlsx', bytes }, mayPass: i >= 10 }));
}

function hostilePdfs(): FuzzCase[] {
  const n = 100_000;
  const bigImage = deflatedRepeat('\xff', 12000 * 12000);
  const zlibBomb = Buffer.concat([Buffer.from([0x78, 0xda]), deflatedRepeat(' ', 1024 * 1024 * 1024).packed, Buffer.alloc(4)]);
  const deepArray = '['.repeat(50_000) + ']'.repeat(50_000);
  const deepDict = '<< /A '.repeat(20_000) + '1' + ' >>'.repeat(20_000);
  const cases: [string, Uint8Array][] = [
    ['a page tree that loops', onePagePdf({ pages: '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>' })],
    ['a page whose parent is itself', rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 595 842] >>'])],
    ['/Count -5', onePagePdf({ pages: '<< /Type /Pages /Kids [3 0 R] /Count -5 >>' })],
    ['/Count of a billion', onePagePdf({ pages: '<< /Type /Pages /Kids [3 0 R] /Count 1000000000 >>' })],
    ['50,000 nested arrays', onePagePdf({ page: `/Resources << /X ${deepArray} >>` })],
    ['20,000 nested dictionaries', onePagePdf({ page: `/Resources ${deepDict}` })],
    ['no catalog', rawPdf(['<< /Type /Pages /Kids [] /Count 0 >>'])],
    ['a page of 100,000 nested q', onePagePdf({ content: ['<< /Length LEN >>', Buffer.from('q '.repeat(n) + '0 0 1 1 re f ' + 'Q '.repeat(n))] })],
    ['a page of 3 million operators', onePagePdf({ content: ['<< /Length LEN /Filter /FlateDecode >>', zlib.deflateSync(Buffer.from('0 0 m 1 1 l S\n'.repeat(1_000_000)))] })],
    ['a MediaBox of 1e30', onePagePdf({ page: '/Resources << >> /MediaBox [0 0 1e30 1e30]' })],
    ['a MediaBox of zero size', onePagePdf({ page: '/Resources << >> /MediaBox [0 0 0 0]' })],
    ['a negative MediaBox', onePagePdf({ page: '/Resources << >> /MediaBox [0 0 -595 -842]' })],
    ['/UserUnit 75000', onePagePdf({ page: '/UserUnit 75000 /Resources << >>' })],
    ['a 12000 × 12000 image', onePagePdf({ page: '/Resources << /XObject << /Im 5 0 R >> >>', content: ['<< /Length LEN >>', Buffer.from('q 595 0 0 842 0 0 cm /Im Do Q')], more: [[`<< /Type /XObject /Subtype /Image /Width 12000 /Height 12000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length LEN >>`, Buffer.concat([Buffer.from([0x78, 0xda]), bigImage.packed, Buffer.alloc(4)])]] })],
    ['an image that claims 100 × 100 and unpacks to 1 GB', onePagePdf({ page: '/Resources << /XObject << /Im 5 0 R >> >>', content: ['<< /Length LEN >>', Buffer.from('q 595 0 0 842 0 0 cm /Im Do Q')], more: [[`<< /Type /XObject /Subtype /Image /Width 100 /Height 100 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length LEN >>`, zlibBomb]] })],
    ['a content stream that unpacks to 1 GB', onePagePdf({ content: ['<< /Length LEN /Filter /FlateDecode >>', zlibBomb] })],
    ['a broken font name', onePagePdf({ page: '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /\u0000\u00ff#00#ZZ >> >> >>', content: ['<< /Length LEN >>', Buffer.from('BT /F1 12 Tf 72 720 Td (Hello) Tj ET')] })],
    ['a stream whose length lies', rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>', ['<< /Length 99999999 >>', Buffer.from('0 0 100 100 re S')]])],
    ['an inline image without end', onePagePdf({ content: ['<< /Length LEN >>', Buffer.from('q BI /W 10000 /H 10000 /BPC 8 /CS /G ID ' + 'x'.repeat(1000))] })],
    ['JavaScript and a launch action', rawPdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /AA << /O << /S /Launch /F (cmd.exe) >> >> >>'])],
  ];
  return cases.map(([what, bytes], i) => ({ id: `pdf-${i + 1}`, family: `pdf: ${what}`, voterList: { name: 'roll.pdf', bytes }, mayPass: false }));
}

async function mutations(seed: number, truncations: number, flips: number): Promise<FuzzCase[]> {
  const random = seeded(seed);
  const out: FuzzCase[] = [];
  for (const file of MUTATED) {
    const full = path.join(ROLLS, file);
    if (!fs.existsSync(full)) continue;
    const bytes = await firstPages(full, MUTATED_PAGES);
    if (!bytes) continue;
    const short = file.split('-').slice(0, 2).join('-');
    for (let i = 0; i < truncations; i++) {
      // cuts everywhere, more of them near the end (a download that stopped late still parses)
      const at = i % 3 === 0 ? bytes.length - 1 - Math.floor(random() * 4096) : Math.floor(random() * bytes.length);
      out.push({ id: `cut-${short}-${i + 1}`, family: `truncation of ${file} (its first ${MUTATED_PAGES} pages)`, voterList: { name: 'roll.pdf', bytes: bytes.subarray(0, Math.max(1, at)) }, mayPass: true });
    }
    for (let i = 0; i < flips; i++) {
      const copy = new Uint8Array(bytes);
      const count = 1 + Math.floor(random() * 64);
      for (let k = 0; k < count; k++) copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
      out.push({ id: `flip-${short}-${i + 1}`, family: `byte flips in ${file} (its first ${MUTATED_PAGES} pages)`, voterList: { name: 'roll.pdf', bytes: copy }, mayPass: true });
    }
  }
  return out;
}

function randomFiles(seed: number, count: number): FuzzCase[] {
  const random = seeded(seed);
  const magics: [string, string, Uint8Array][] = [
    ['%PDF-1.7', 'roll.pdf', Buffer.from('%PDF-1.7\n')],
    ['PK zip', 'list.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04])],
    ['OLE', 'list.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
    ['%PDF- with an xref at its end', 'roll.pdf', Buffer.from('%PDF-1.4\n')],
  ];
  return Array.from({ length: count }, (_, i) => {
    const [magic, name, head] = magics[i % magics.length];
    const body = Buffer.from(Array.from({ length: 64 + Math.floor(random() * 200_000) }, () => Math.floor(random() * 256)));
    const tail = magic.includes('xref') ? Buffer.from('\nxref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R /Size 1 >>\nstartxref\n9\n%%EOF\n') : Buffer.alloc(0);
    return { id: `random-${i + 1}`, family: `random bytes behind ${magic}`, voterList: { name, bytes: new Uint8Array(Buffer.concat([head, body, tail])) }, mayPass: false };
  });
}

function wrongTypes(roll: Uint8Array | null): FuzzCase[] {
  const png = pngClaiming(40, 20);
  const cases: FuzzCase[] = [
    { id: 'type-1', family: 'a PNG named .pdf', voterList: { name: 'roll.pdf', bytes: png }, mayPass: false },
    { id: 'type-2', family: 'an empty file', voterList: { name: 'roll.pdf', bytes: new Uint8Array(0) }, mayPass: false },
    { id: 'type-3', family: 'one byte', voterList: { name: 'roll.pdf', bytes: new Uint8Array([0x25]) }, mayPass: false },
    { id: 'type-4', family: 'a text file named .xlsx', voterList: { name: 'list.xlsx', bytes: new TextEncoder().encode('name,epic\nA,ABC1234567\n') }, mayPass: false },
    { id: 'type-5', family: 'a file name of 5,000 characters', voterList: { name: `${'r'.repeat(5000)}.pdf`, bytes: new Uint8Array(Buffer.from('%PDF-1.7\nnot really')) }, mayPass: false },
  ];
  if (roll) {
    const list = { name: 'roll.pdf', bytes: roll };
    cases.push(
      { id: 'banner-1', family: 'a banner PNG claiming 30000 × 30000 pixels', voterList: list, banner: { name: 'banner.png', bytes: pngClaiming(30000, 30000) }, mayPass: false },
      { id: 'banner-2', family: 'a truncated banner PNG', voterList: list, banner: { name: 'banner.png', bytes: pngClaiming(400, 80).subarray(0, 40) }, mayPass: false },
      { id: 'banner-3', family: 'garbage behind a JPEG header', voterList: list, banner: { name: 'banner.jpg', bytes: new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x11)])) }, mayPass: false },
      { id: 'banner-4', family: 'a PDF named .png as the banner', voterList: list, banner: { name: 'banner.png', bytes: roll.subarray(0, 5000) }, mayPass: false },
      { id: 'banner-5', family: 'a PNG of 1 × 1 pixel', voterList: list, banner: { name: 'banner.png', bytes: pngClaiming(1, 1, zlib.deflateSync(Buffer.from([0, 0]))) }, mayPass: true },
    );
  }
  return cases;
}

/**
 * The cases for a run: the hostile families once each, and `mutations` truncations and byte flips per
 * fixture roll and random files from the seed (the CI run: seed 1; `npm run fuzz` uses more).
 */
export async function fuzzCases(options: { seed?: number; truncations?: number; flips?: number; random?: number } = {}): Promise<FuzzCase[]> {
  const seed = options.seed ?? 1;
  const daman = path.join(ROLLS, MUTATED[0]);
  const roll = fs.existsSync(daman) ? new Uint8Array(fs.readFileSync(daman)) : null;
  return [
    ...wrongTypes(roll),
    ...hostileWorkbooks(),
    ...hostilePdfs(),
    ...(await mutations(seed, options.truncations ?? 45, options.flips ?? 35)),
    ...randomFiles(seed + 1, options.random ?? 20),
  ];
}
