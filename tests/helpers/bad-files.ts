import zlib, { crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

/** Hostile and broken inputs made at test time, shared by the ingestion and upload suites. */

/**
 * A zip archive written by hand (stored names, deflated data): lets a test declare any sizes it likes
 * (`declared`: the unpacked size written in the headers instead of the true one; `packed`: data already
 * deflated, for entries too large to hold unpacked).
 */
export function zip(entries: { name: string; data?: Buffer; packed?: Buffer; size?: number; crc?: number; declared?: number }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { name } = entry;
    const data = entry.data ?? Buffer.alloc(0);
    const packed = entry.packed ?? deflateRawSync(data, { level: 9 });
    const size = entry.declared ?? entry.size ?? data.length;
    const crc = entry.crc ?? crc32(data);
    const nameBuf = Buffer.from(name, 'latin1');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, packed);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, eocd]));
}

/**
 * `text` repeated to `bytes`, deflated a megabyte at a time (the unpacked data is never held whole):
 * the packed bytes, the true size and its CRC.
 */
export function deflatedRepeat(text: string, bytes: number): { packed: Buffer; size: number; crc: number } {
  const unit = Buffer.from(text.repeat(Math.ceil((1024 * 1024) / text.length)).slice(0, 1024 * 1024), 'latin1');
  // raw deflate pieces that end with a sync flush (not final) join into one stream; the last one ends it
  const middle = zlib.deflateRawSync(unit, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const whole = Math.floor(bytes / unit.length);
  const rest = bytes - whole * unit.length;
  const parts: Buffer[] = [];
  let crc = 0;
  for (let i = 0; i < whole; i++) {
    parts.push(middle);
    crc = crc32(unit, crc);
  }
  const tail = unit.subarray(0, rest);
  parts.push(zlib.deflateRawSync(tail, { level: 9 }));
  crc = crc32(tail, crc);
  return { packed: Buffer.concat(parts), size: bytes, crc };
}

/** An .xlsx whose one sheet inflates to 64 MB from under 1 MB. */
export function xlsxBomb(): Uint8Array {
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(64 * 1024 * 1024, 0x20) },
  ]);
}

/** A valid PDF with one line of text and no voter boxes. */
export async function textOnlyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('A letter, not an electoral roll.', { x: 72, y: 760, size: 14, font });
  return doc.save();
}

/**
 * A minimal .xlsx written by hand (inline strings), for cells no spreadsheet program writes (Excel stops
 * a cell at 32,767 characters; a crafted file need not).
 */
export function handmadeXlsx(rows: string[][], sheetName = 'Voters'): Uint8Array {
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const col = (c: number) => String.fromCharCode(65 + c);
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
    .map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => `<c r="${col(c)}${r + 1}" t="inlineStr"><is><t>${escape(v)}</t></is></c>`).join('')}</row>`)
    .join('')}</sheetData></worksheet>`;
  return zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
  ]);
}

/** A PDF written object by object (object i+1 is `objects[i]`; a stream as [its dictionary with LEN for its length, its bytes]), with a correct xref. */
export function rawPdf(objects: (string | [string, Buffer])[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let pos = parts[0].length;
  objects.forEach((o, i) => {
    offsets.push(pos);
    const b =
      typeof o === 'string'
        ? Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1')
        : Buffer.concat([Buffer.from(`${i + 1} 0 obj\n${o[0].replace('LEN', String(o[1].length))}\nstream\n`, 'latin1'), o[1], Buffer.from('\nendstream\nendobj\n')]);
    parts.push(b);
    pos += b.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${pos}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** A one-page PDF: the page dictionary's extra entries, its content stream (dictionary, bytes) and more objects from 5 on. */
export function onePagePdf(options: { page?: string; pages?: string; content?: [string, Buffer]; more?: (string | [string, Buffer])[] } = {}): Uint8Array {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    options.pages ?? '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ${options.page ?? '/Resources << >>'} >>`,
    options.content ?? ['<< /Length LEN >>', Buffer.from('0 0 100 100 re S')],
    ...(options.more ?? []),
  ]);
}
