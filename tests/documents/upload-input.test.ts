import { afterEach, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { findDocument } from '@/db/queries/documents';
import { POST as uploadRoute } from '@/app/api/documents/voter-slip-generator/route';
import { DiskFileStore } from '@/lib/files';
import { describeEachDb } from '@/tests/helpers/db';
import { makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { storeContents, useDocumentsTestEnv, waitForStatus } from './helpers';

/** The next insertDocument fails (a database fault after the files are stored). */
const faults = vi.hoisted(() => ({ failInsert: false }));
vi.mock('@/db/queries/documents', async (original) => {
  const real = await original<typeof import('@/db/queries/documents')>();
  return {
    ...real,
    insertDocument: async (...args: Parameters<typeof real.insertDocument>) => {
      if (faults.failInsert) throw new Error('injected: the database went away');
      return real.insertDocument(...args);
    },
  };
});

const FIELDS = { page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'Govt. School, Room 2' };
type Part = { name: string; value: string } | { name: string; file: Uint8Array; filename: string };

/** A multipart request with its parts in the given order (fields may come after the files, as any client may send them). */
function multipart(token: string, parts: Part[]): Request {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else form.append(part.name, new Blob([Buffer.from(part.file)]), part.filename);
  }
  return new Request('http://test.local/api/documents/voter-slip-generator', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
}

async function send(req: Request): Promise<{ status: number; detail: string; body: Record<string, unknown> }> {
  const res = await uploadRoute(req, { params: Promise.resolve({}) });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, detail: String(body.detail ?? ''), body };
}

let fixtures: { list: Uint8Array; banner: Uint8Array } | undefined;
async function files() {
  fixtures ??= { list: workbook([ENGLISH_HEADER, ...voterRows(5, false)], 'xlsx'), banner: await bannerPng(400, 80) };
  return fixtures;
}

/** Files first, then the fields (with `fields` changed); `undefined` leaves a field out. */
async function filesThenFields(token: string, fields: Record<string, string | undefined>, names = { list: 'list.xlsx', banner: 'banner.png' }, banner?: Uint8Array) {
  const f = await files();
  const merged = { ...FIELDS, ...fields };
  return multipart(token, [
    { name: 'pdf_file', file: f.list, filename: names.list },
    { name: 'banner_file', file: banner ?? f.banner, filename: names.banner },
    ...Object.entries(merged)
      .filter((e): e is [string, string] => e[1] !== undefined)
      .map(([name, value]) => ({ name, value })),
  ]);
}

for (const filesStore of ['disk', 'database'] as const) {
  describeEachDb(`generator upload: bad input is refused in words and leaves no file behind (${filesStore} store)`, (ctx) => {
    const env = useDocumentsTestEnv(ctx, { filesStore });
    afterEach(() => {
      faults.failInsert = false;
      vi.restoreAllMocks();
    });

    /** What the store holds now: a refused upload must leave it as it was. */
    const snapshot = () => storeContents(ctx.db, env.dataDir);

    it('an address with a NUL or other control character is a 422 naming it, also when the fields come after the files; nothing is stored', async () => {
      const { tokens } = await makeUser(ctx.db);
      const before = await snapshot();
      for (const address of ['Govt. School\u0000 Room 2', '\u0001\u0002', 'School \u001b[31m', 'Room \u0085 2', '\u007f']) {
        const answer = await send(await filesThenFields(tokens.access_token, { booth_address: address }));
        expect(answer.status, JSON.stringify(address)).toBe(422);
        expect(answer.detail).toMatch(/^The polling station address contains control characters \(U\+[0-9A-F]{4}/);
        expect(await snapshot()).toEqual(before);
      }
    });

    it('an address with no visible character (only combining marks, only format characters, only spaces) is refused', async () => {
      const { tokens } = await makeUser(ctx.db);
      const before = await snapshot();
      const cases: [string, string][] = [
        ['\u0301\u0301\u0301', 'The polling station address has no visible letters or digits; please type the address.'],
        ['\u093f\u094d', 'The polling station address has no visible letters or digits; please type the address.'],
        ['\u200d\u200b\u2060', 'The polling station address has no visible letters or digits; please type the address.'],
        ['\u00a0\u2003 \t\n', 'Please enter the polling station address.'],
      ];
      for (const [address, detail] of cases) {
        const answer = await send(await filesThenFields(tokens.access_token, { booth_address: address }));
        expect(answer, JSON.stringify(address)).toMatchObject({ status: 422, detail });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('ordinary whitespace in the address is made single spaces and the task is made', async () => {
      const { tokens } = await makeUser(ctx.db);
      const before = await snapshot();
      const answer = await send(await filesThenFields(tokens.access_token, { booth_address: '  Govt.\tSchool,\r\n Room\u00a02  ' }));
      expect(answer.status).toBe(201);
      const doc = await findDocument(ctx.db, answer.body.id as number);
      expect(doc?.options.booth_address).toBe('Govt. School, Room 2');
      // the task's own files are made in the background: let it finish before the next test counts files
      await waitForStatus(tokens.access_token, doc!.id, ['draft_complete', 'error']);
    });

    it('with the fields first (as the form sends them) a bad field is refused before any file is stored', async () => {
      const { tokens } = await makeUser(ctx.db);
      const before = await snapshot();
      const put = vi.spyOn(Object.getPrototypeOf(DiskFileStore.prototype) as { put: DiskFileStore['put'] }, 'put');
      const f = await files();
      const answer = await send(
        multipart(tokens.access_token, [
          ...Object.entries({ ...FIELDS, booth_address: 'Room\u00002' }).map(([name, value]) => ({ name, value })),
          { name: 'pdf_file', file: f.list, filename: 'list.xlsx' },
          { name: 'banner_file', file: f.banner, filename: 'banner.png' },
        ]),
      );
      expect(answer.status).toBe(422);
      expect(put).not.toHaveBeenCalled();
      expect(await snapshot()).toEqual(before);
    });

    it('an upload cut off in the middle of a file (the connection drops) leaves no file behind', async () => {
      const { tokens } = await makeUser(ctx.db);
      const before = await snapshot();
      const whole = new Uint8Array(await (await filesThenFields(tokens.access_token, {})).arrayBuffer());
      const full = await filesThenFields(tokens.access_token, {});
      // the first half of the body, then the connection fails
      const half = whole.subarray(0, Math.floor(whole.length / 2));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(half);
          setTimeout(() => controller.error(new Error('connection reset')), 50);
        },
      });
      const cut = new Request(full.url, { method: 'POST', body, headers: full.headers, duplex: 'half' } as RequestInit);
      const answer = await send(cut);
      expect(answer.status).toBe(400);
      expect(answer.detail).toBe('The upload was interrupted or could not be read.');
      expect(await snapshot()).toEqual(before);
    });

    it('a fault after the files were stored (the task cannot be written) removes them', async () => {
      const { tokens } = await makeUser(ctx.db);
      const before = await snapshot();
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      faults.failInsert = true;
      const answer = await send(await filesThenFields(tokens.access_token, {}));
      expect(answer.status).toBe(500);
      expect(log).toHaveBeenCalledTimes(1);
      expect(await snapshot()).toEqual(before);
    });

    it('says what is wrong: a missing address, a long file name, slips per page that is not a plain number', async () => {
      const { tokens } = await makeUser(ctx.db);
      const before = await snapshot();
      const token = tokens.access_token;
      expect(await send(await filesThenFields(token, { booth_address: undefined }))).toMatchObject({ status: 422, detail: 'Please enter the polling station address.' });
      const longName = `${'r'.repeat(5000)}.pdf`;
      expect(await send(await filesThenFields(token, {}, { list: longName, banner: 'banner.png' }))).toMatchObject({
        status: 422,
        detail: "The voter list's file name is too long (5,004 characters; at most 255). Rename the file and choose it again.",
      });
      expect(await send(await filesThenFields(token, { slips_per_page: '' }))).toMatchObject({
        status: 422,
        detail: 'Please choose the slips per page: 8, 10, 12 or 16 for A4 portrait.',
      });
      expect(await send(await filesThenFields(token, { slips_per_page: undefined, page_size: 'a3', orientation: 'landscape' }))).toMatchObject({
        status: 422,
        detail: 'Please choose the slips per page: 18, 24 or 30 for A3 landscape.',
      });
      for (const raw of ['0x8', '8.0', ' 8', '1e1', '+8']) {
        expect(await send(await filesThenFields(token, { slips_per_page: raw }))).toMatchObject({
          status: 422,
          detail: `Slips per page must be a whole number written in digits: 8, 10, 12 or 16 for A4 portrait (not ${JSON.stringify(raw)}).`,
        });
      }
      expect(await send(await filesThenFields(token, { slips_per_page: '9' }))).toMatchObject({
        status: 422,
        detail: '9 slips per page is not offered for A4 portrait; choose 8, 10, 12 or 16.',
      });
      expect(await send(await filesThenFields(token, { page_size: 'a5' }))).toMatchObject({ status: 422, detail: 'Page size must be one of a4, a3, letter, legal, roll58, roll80.' });
      expect(await snapshot()).toEqual(before);
    });

    it('judges the banner by its content: a damaged picture, too many pixels, another format, each in words', async () => {
      const { tokens } = await makeUser(ctx.db);
      const before = await snapshot();
      const token = tokens.access_token;
      const png = Buffer.from(await bannerPng(400, 80));
      const truncated = png.subarray(0, Math.floor(png.length * 0.6));
      const huge = Buffer.from(png);
      huge.writeUInt32BE(100_000, 16);
      huge.writeUInt32BE(100_000, 20);
      const webp = await sharp({ create: { width: 40, height: 10, channels: 3, background: '#000' } }).webp().toBuffer();
      const cases: [Uint8Array, string, string][] = [
        [truncated, 'banner.png', 'The banner picture is damaged or incomplete and could not be read to the end. Save it again as JPG or PNG and upload it again.'],
        [huge, 'banner.png', 'The banner is 100000 × 100000 pixels (10000 megapixels); the largest accepted is 40 megapixels. Please use a smaller picture.'],
        [webp, 'banner.png', 'Invalid file type for Banner. Please select a JPG or PNG image. (banner.png is a WEBP image.)'],
        [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'banner.png', 'Invalid file type for Banner. Please select a JPG or PNG image. (banner.png is a plain-text file.)'],
      ];
      for (const [bytes, name, detail] of cases) {
        const answer = await send(await filesThenFields(token, {}, { list: 'list.xlsx', banner: name }, bytes));
        expect(answer).toMatchObject({ status: 422, detail });
        expect(answer.detail).not.toMatch(/vips|libpng|Unknown error/i);
      }
      expect(await snapshot()).toEqual(before);
    });
  });
}
