import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, type PDFPage } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { BannerError, LayoutError, SlipInputError, allLayouts, computeGrid, renderSlips, type RenderInput, type SlipPlacement } from '@/lib/slips/render';
import {
  HINDI_ADDRESS,
  HINDI_NAMES,
  bannerPng,
  excelVoters,
  pdftotext,
  rectInside,
  rectsOverlap,
  renderPageGray,
  syntheticRoll,
  tmpDir,
} from './helpers';
import { SCRIPT_FONTS, SCRIPT_SAMPLES, URDU_ADDRESS } from './scripts';

let banner: Uint8Array;
const dir = tmpDir();
beforeAll(async () => {
  banner = await bannerPng();
});

function baseInput(overrides: Partial<RenderInput>): RenderInput {
  return {
    voters: excelVoters(10),
    banner,
    address: HINDI_ADDRESS,
    layout: { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 8 },
    printPhotos: false,
    mode: { kind: 'final' },
    ...overrides,
  };
}

describe('every allowed layout', () => {
  for (const layout of allLayouts()) {
    const name = `${layout.pageSize}-${layout.orientation}-${layout.slipsPerPage}`;
    it(`${name}: page count and size, slips inside cells, right count per page, partial last page`, async () => {
      // two full pages and a partial third (a roll's label holds one slip: three full labels)
      const last = layout.slipsPerPage > 1 ? Math.min(3, layout.slipsPerPage - 1) : 1;
      const n = layout.slipsPerPage * 2 + last;
      const placements: SlipPlacement[] = [];
      const file = path.join(dir, `${name}.pdf`);
      const result = await renderSlips(baseInput({ voters: excelVoters(n), layout, onSlip: (p) => placements.push(p) }), file);
      expect(result).toMatchObject({ pages: 3, slips: n, previewPages: 3 });
      const doc = await PDFDocument.load(fs.readFileSync(file));
      expect(doc.getPageCount()).toBe(3);
      const grid = computeGrid(layout);
      for (const page of doc.getPages()) {
        expect(page.getWidth()).toBeCloseTo(grid.pageWidth, 2);
        expect(page.getHeight()).toBeCloseTo(grid.pageHeight, 2);
      }
      expect(placements).toHaveLength(n);
      const perPage = [1, 2, 3].map((p) => placements.filter((x) => x.page === p));
      expect(perPage.map((x) => x.length)).toEqual([layout.slipsPerPage, layout.slipsPerPage, last]);
      const pageRect = { x: 0, y: 0, width: grid.pageWidth, height: grid.pageHeight };
      for (const slips of perPage) {
        for (const [i, s] of slips.entries()) {
          expect(rectInside(s.cell, pageRect)).toBe(true);
          expect(rectInside(s.slip, s.cell)).toBe(true);
          expect(rectInside(s.content, s.slip)).toBe(true);
          for (const t of slips.slice(i + 1)) expect(rectsOverlap(s.slip, t.slip)).toBe(false);
        }
      }
      // Reading order: voters in input order, cells in grid order.
      expect(placements.map((p) => p.index)).toEqual([...Array(n).keys()]);
    });
  }
});

describe('Hindi text', () => {
  it('extracts from the PDF exactly as given (names, labels, address)', async () => {
    const file = path.join(dir, 'hindi.pdf');
    const voters = excelVoters(8);
    await renderSlips(baseInput({ voters }), file);
    const text = pdftotext(file);
    for (const name of HINDI_NAMES) expect(text).toContain(name);
    expect(text).toContain(HINDI_ADDRESS);
    expect(text).toContain('मकान नं. / House No.: 10/ख');
    expect(text).toContain('पति / Husband: मोहनलाल गुप्ता');
    expect(text.split(HINDI_ADDRESS).length - 1).toBe(8);
  });

  it('shrinks or wraps long text instead of overflowing (slip area stays clean outside)', async () => {
    const long = 'अत्यंत लंबा नाम '.repeat(12).trim();
    const file = path.join(dir, 'long.pdf');
    const placements: SlipPlacement[] = [];
    await renderSlips(
      baseInput({ voters: [{ ...excelVoters(1)[0], name: long, houseNumber: 'x'.repeat(200) }], address: `${HINDI_ADDRESS} `.repeat(4), onSlip: (p) => placements.push(p) }),
      file,
    );
    const text = pdftotext(file).replace(/\s+/g, ' ');
    expect(text).toContain(long);
    // Nothing is drawn between the slip and the neighbouring cell: the gutter stays white.
    const dpi = 72;
    const img = await renderPageGray(file, 1, dpi);
    const cell = placements[0].cell;
    const slip = placements[0].slip;
    const xRight = Math.round(((slip.x + slip.width + cell.x + cell.width) / 2 + 40) * (dpi / 72));
    let dark = 0;
    for (let y = Math.round(img.height - (slip.y + slip.height) * (dpi / 72)); y < img.height - slip.y * (dpi / 72); y++) {
      if (img.data[y * img.width + xRight] < 128) dark++;
    }
    expect(dark).toBe(0);
  });
});

function embeddedFonts(file: string): string[] {
  const out = execFileSync('pdffonts', [file], { encoding: 'utf8' });
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const [name, , , , emb] = l.trim().split(/\s+/);
      expect(emb, `${name} embedded`).toBe('yes');
      return name;
    })
    .sort();
}

describe('every Indian script slips print', () => {
  it('names in eight scripts and a Gujarati address: each drawn in its own Noto face, embedded, extracting exactly', async () => {
    const file = path.join(dir, 'scripts.pdf');
    const samples = Object.entries(SCRIPT_SAMPLES).filter(([script]) => script !== 'Devanagari');
    const voters = excelVoters(samples.length).map((v, i) => ({ ...v, name: samples[i][1].split(',')[0] }));
    const address = `${SCRIPT_SAMPLES.Gujarati} — Ward 4`;
    await renderSlips(baseInput({ voters, address }), file);
    expect(embeddedFonts(file)).toEqual(Object.values(SCRIPT_FONTS).sort());
    const text = pdftotext(file);
    for (const [, sample] of samples) expect(text).toContain(sample.split(',')[0]);
    expect(text.split(address).length - 1).toBe(voters.length);
  });

  it('a document in Hindi and English embeds the Devanagari face only', async () => {
    const file = path.join(dir, 'hindi-only.pdf');
    await renderSlips(baseInput({}), file);
    expect(embeddedFonts(file)).toEqual(['NotoSansDevanagari-Regular']);
  });
});

describe('draft and final', () => {
  it('draft: watermark on every slip, first 3 pages only, total pages of the final reported', async () => {
    const file = path.join(dir, 'draft.pdf');
    const result = await renderSlips(baseInput({ voters: excelVoters(45), mode: { kind: 'draft' } }), file);
    expect(result).toEqual(expect.objectContaining({ pages: 6, slips: 45, previewPages: 3 }));
    const doc = await PDFDocument.load(fs.readFileSync(file));
    expect(doc.getPageCount()).toBe(3);
    for (let p = 1; p <= 3; p++) expect((pdftotext(file, p, p).match(/DRAFT/g) ?? []).length).toBe(8);
  });

  it('draft preview page count is configurable and capped by the document', async () => {
    const a = await renderSlips(baseInput({ voters: excelVoters(45), mode: { kind: 'draft', previewPages: 1 } }), path.join(dir, 'd1.pdf'));
    expect(a).toMatchObject({ pages: 6, previewPages: 1 });
    const b = await renderSlips(baseInput({ voters: excelVoters(5), mode: { kind: 'draft', previewPages: 3 } }), path.join(dir, 'd2.pdf'));
    expect(b).toMatchObject({ pages: 1, previewPages: 1 });
    expect((pdftotext(path.join(dir, 'd2.pdf')).match(/DRAFT/g) ?? []).length).toBe(5);
  });

  it('draws cut guides around the slips of a part-filled page only, not around its empty cells', async () => {
    const layout = { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 8 } as const;
    const grid = computeGrid(layout);
    const file = path.join(dir, 'guides.pdf');
    // 11 slips: page 2 holds 3, in rows of 2 (a full row, then one cell of the next)
    await renderSlips(baseInput({ voters: excelVoters(11), layout }), file);
    const dpi = 100;
    const k = dpi / 72;
    const img = await renderPageGray(file, 2, dpi);
    // the darkest pixel along a stretch of a guide (dashes leave gaps)
    const along = (x0: number, y0: number, x1: number, y1: number) => {
      let min = 255;
      for (let t = 0; t <= 1; t += 0.01) {
        const x = Math.round((x0 + (x1 - x0) * t) * k);
        const y = Math.round(img.height - (y0 + (y1 - y0) * t) * k);
        for (let d = -1; d <= 1; d++) min = Math.min(min, img.data[(y + d) * img.width + x], img.data[y * img.width + x + d]);
      }
      return min;
    };
    const cell = (i: number) => grid.cells[i];
    const mid = (c: { x: number; y: number; width: number; height: number }) => ({ x: c.x + c.width / 2, y: c.y + c.height / 2 });
    // used: the bottom edge of the lone slip (cell 2) and its right edge
    expect(along(cell(2).x + 10, cell(2).y, cell(2).x + cell(2).width - 10, cell(2).y)).toBeLessThan(200);
    expect(along(cell(2).x + cell(2).width, cell(2).y + 10, cell(2).x + cell(2).width, cell(2).y + cell(2).height - 10)).toBeLessThan(200);
    // empty: cell 3's right edge and bottom edge, and nothing around the last row's cells
    expect(along(cell(3).x + cell(3).width, cell(3).y + 10, cell(3).x + cell(3).width, cell(3).y + cell(3).height - 10)).toBeGreaterThan(245);
    expect(along(cell(3).x + 10, cell(3).y, cell(3).x + cell(3).width - 10, cell(3).y)).toBeGreaterThan(245);
    for (const i of [4, 5, 6, 7]) expect(along(cell(i).x + 10, mid(cell(i)).y, cell(i).x + cell(i).width - 10, cell(i).y + 2)).toBeGreaterThan(245);
    expect(along(cell(7).x + 10, cell(7).y, cell(7).x + cell(7).width - 10, cell(7).y)).toBeGreaterThan(245);
    // a full page keeps its whole grid
    const first = await renderPageGray(file, 1, dpi);
    const y = Math.round(first.height - cell(7).y * k);
    let min = 255;
    for (let x = Math.round((cell(7).x + 10) * k); x < Math.round((cell(7).x + cell(7).width - 10) * k); x++) {
      for (let d = -1; d <= 1; d++) min = Math.min(min, first.data[(y + d) * first.width + x]);
    }
    expect(min).toBeLessThan(200);
  });

  it('final: no watermark, all pages', async () => {
    const file = path.join(dir, 'final.pdf');
    const result = await renderSlips(baseInput({ voters: excelVoters(45) }), file);
    expect(result).toMatchObject({ pages: 6, previewPages: 6 });
    expect(pdftotext(file)).not.toContain('DRAFT');
    expect((await PDFDocument.load(fs.readFileSync(file))).getPageCount()).toBe(6);
  });

  it('writes to a stream as well as to a file, with the same bytes', async () => {
    const file = path.join(dir, 'same.pdf');
    await renderSlips(baseInput({}), file);
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    await renderSlips(baseInput({}), stream);
    expect(Buffer.concat(chunks).equals(fs.readFileSync(file))).toBe(true);
  });
});

/** The forms a page's slips share (a facts line's labels, a station's line): their names in the page's resources. */
function sharedForms(page: PDFPage): string[] {
  const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  return xobjects ? xobjects.keys().map((k) => k.asString()).filter((k) => /^\/S\d+$/.test(k)) : [];
}

describe('the facts line', () => {
  it("a list of two polling stations: each slip prints its voter's own, each station's line drawn once and placed on its slips", async () => {
    const stations = ['12 - Govt. Primary School, Ward 3', '13 - Panchayat Bhavan, Ward 4'];
    const voters = excelVoters(16).map((v, i) => ({ ...v, part: i < 8 ? '40' : '41', pollingStation: stations[i < 8 ? 0 : 1] }));
    const file = path.join(dir, 'stations.pdf');
    await renderSlips(
      baseInput({ voters, slip: { style: 'campaign', facts: true, qr: false, look: { language: 'en', englishOnly: true, roll: {} } } }),
      file,
    );
    // page 1 holds the first station's 8 voters, page 2 the second's
    for (const [page, station] of stations.entries()) {
      const text = pdftotext(file, page + 1, page + 1);
      expect((text.match(new RegExp(station.replace(/[.]/g, '\\.'), 'g')) ?? []).length, station).toBe(8);
      expect(text).not.toContain(stations[1 - page]);
    }
    // one form per station, its line inside, and one for each part's facts-line labels; the slips place them
    const doc = await PDFDocument.load(fs.readFileSync(file));
    expect(doc.getPages().map(sharedForms)).toEqual([
      ['/S0', '/S1'],
      ['/S2', '/S3'],
    ]);
  });

  it("one form holds the line's labels and is placed on every slip; each slip writes its serial, and its text reads as the line", async () => {
    const voters = excelVoters(16).map((v) => ({ ...v, part: undefined, pollingStation: undefined }));
    const file = path.join(dir, 'facts-form.pdf');
    await renderSlips(baseInput({ voters, slip: { style: 'campaign', facts: true, qr: false, look: { language: 'hi', englishOnly: false, roll: { part: '12' } } } }), file);
    for (let page = 1; page <= 2; page++) {
      const text = pdftotext(file, page, page);
      for (const v of voters.slice((page - 1) * 8, page * 8)) expect(text).toContain(`भाग 12 · क्र. ${v.serial}   Part 12 · Sr. ${v.serial}`);
      // the labels once in the page's text, per slip: not drawn twice under the line
      expect((text.match(/Part 12/g) ?? []).length).toBe(8);
    }
    // serials of one digit share a form; from 10 the English labels sit one digit further right: a second form
    const doc = await PDFDocument.load(fs.readFileSync(file));
    const placed = doc.getPages().map((p) => {
      const forms = sharedForms(p);
      const contents = p.node.Contents();
      const first = contents instanceof PDFArray ? contents.lookup(0, PDFRawStream) : (contents as PDFRawStream);
      const ops = Buffer.from(decodePDFRawStream(first).decode()).toString('latin1');
      return { forms, places: ops.match(/\/S\d+ Do/g) };
    });
    expect(placed).toEqual([
      { forms: ['/S0'], places: Array(8).fill('/S0 Do') },
      { forms: ['/S0', '/S1'], places: ['/S0 Do', ...Array(7).fill('/S1 Do')] },
    ]);
  });

  it("the line's text reads back exactly when its bytes need escaping in the content stream (brackets, a backslash, ends of line)", async () => {
    // ऊ is U+090A and ऍ U+090D (a line feed and a carriage return as their low byte), ड़ U+095C (a backslash)
    const part = 'ऊ(ड़)ऍ\\1';
    const voters = excelVoters(3).map((v) => ({ ...v, part: undefined, pollingStation: undefined }));
    const file = path.join(dir, 'facts-escaped.pdf');
    await renderSlips(baseInput({ voters, slip: { style: 'campaign', facts: true, qr: false, look: { language: 'hi', englishOnly: false, roll: { part } } } }), file);
    const text = pdftotext(file, 1, 1);
    for (const v of voters) expect(text).toContain(`भाग ${part} · क्र. ${v.serial}   Part ${part} · Sr. ${v.serial}`);
  });
});

describe('roll voters (synthetic roll with known boxes)', () => {
  it('crops each box, upright on a /Rotate 90 page, at the right place on a shifted MediaBox', async () => {
    const roll = await syntheticRoll(4);
    const file = path.join(dir, 'roll.pdf');
    const placements: SlipPlacement[] = [];
    const result = await renderSlips(
      baseInput({ voters: roll.voters, sourcePdf: roll.bytes, printPhotos: true, onSlip: (p) => placements.push(p) }),
      file,
    );
    expect(result).toMatchObject({ pages: 5, slips: 36 });
    // Every box label is in the output; each source page embedded once (3 form XObjects).
    const text = pdftotext(file);
    for (const v of roll.voters) expect(text).toMatch(new RegExp(`\\bB${v.serial}\\b`));
    const bytes = fs.readFileSync(file).toString('latin1');
    expect((bytes.match(/\/Subtype \/Form/g) ?? []).length).toBe(3 + 1);
    // Shown as the reader sees the roll: boxes of the /Rotate 90 page (2) turn with it.
    for (const p of placements) {
      const r = roll.voters[p.index].box!.rect;
      const aspect = p.content.width / p.content.height;
      const wide = (r.width + 0.5) / (r.height + 0.5);
      expect(aspect).toBeCloseTo(roll.voters[p.index].page === 2 ? 1 / wide : wide, 1);
    }
  });

  it('blanks the photo area and its frame when photos are off, keeps them when on', async () => {
    const roll = await syntheticRoll(1);
    const voters = roll.voters.slice(0, 1);
    const placements: SlipPlacement[] = [];
    const on = path.join(dir, 'photo-on.pdf');
    const off = path.join(dir, 'photo-off.pdf');
    await renderSlips(baseInput({ voters, sourcePdf: roll.bytes, printPhotos: true, onSlip: (p) => placements.push(p) }), on);
    await renderSlips(baseInput({ voters, sourcePdf: roll.bytes, printPhotos: false }), off);
    // The photo sits at the right of the box: (125 + 24) / 179.5 across, middle height.
    const c = placements[0].content;
    const px = c.x + (c.width * (125 + 24 + 0.25)) / 180;
    const py = c.y + c.height / 2;
    const dpi = 72;
    const sample = async (f: string) => {
      const img = await renderPageGray(f, 1, dpi);
      return img.data[Math.round(img.height - py) * img.width + Math.round(px)];
    };
    expect(await sample(on)).toBeLessThan(160);
    expect(await sample(off)).toBeGreaterThan(240);
    // the photo's frame goes with it (no empty frame on every slip), the box's own outline stays
    const scale = c.width / 180;
    const darkest = async (file: string, x: number) => {
      const img = await renderPageGray(file, 1, 200);
      const k = 200 / 72;
      let min = 255;
      for (let dx = -2; dx <= 2; dx++) min = Math.min(min, img.data[Math.round(img.height - py * k) * img.width + Math.round(x * k) + dx]);
      return min;
    };
    const frameX = c.x + (0.25 + 125) * scale;
    const boxRightX = c.x + (0.25 + 179.5) * scale;
    expect(await darkest(on, frameX)).toBeLessThan(120);
    expect(await darkest(off, frameX)).toBeGreaterThan(240);
    expect(await darkest(off, boxRightX)).toBeLessThan(200);
  });
});

describe('bad input', () => {
  it('rejects a disallowed layout', async () => {
    await expect(renderSlips(baseInput({ layout: { pageSize: 'a3', orientation: 'portrait', slipsPerPage: 30 } }), path.join(dir, 'x.pdf'))).rejects.toThrow(LayoutError);
  });
  it('rejects a non-image banner', async () => {
    await expect(renderSlips(baseInput({ banner: new TextEncoder().encode('not an image') }), path.join(dir, 'x.pdf'))).rejects.toThrow(BannerError);
  });
  it('rejects an empty voter list and a blank address', async () => {
    await expect(renderSlips(baseInput({ voters: [] }), path.join(dir, 'x.pdf'))).rejects.toThrow(SlipInputError);
    await expect(renderSlips(baseInput({ address: '  ' }), path.join(dir, 'x.pdf'))).rejects.toThrow(SlipInputError);
  });
  it('rejects an address with characters no slip font has, naming them, before writing anything', async () => {
    const file = path.join(dir, 'urdu.pdf');
    await expect(renderSlips(baseInput({ address: URDU_ADDRESS }), file)).rejects.toThrow(
      new SlipInputError(
        'The polling station address holds characters the slips cannot print ("\u2068س\u2069", "\u2068ر\u2069", "\u2068ک\u2069", "\u2068ا\u2069", "\u2068ی\u2069", "\u2068و\u2069", "\u2068ل\u2069", "\u2068،\u2069", …). Write it in English or in an Indian script the slips print: Devanagari (Hindi, Marathi), Gujarati, Bengali (Bengali, Assamese), Gurmukhi (Punjabi), Odia, Tamil, Telugu, Kannada, Malayalam.',
      ),
    );
    expect(fs.existsSync(file)).toBe(false);
  });

  it('rejects roll voters without the source PDF', async () => {
    const roll = await syntheticRoll(1);
    await expect(renderSlips(baseInput({ voters: roll.voters }), path.join(dir, 'x.pdf'))).rejects.toThrow(/source PDF/);
  });
});
