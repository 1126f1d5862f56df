import { expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { markDocumentPaid } from '@/db/queries/documents';
import { GET as imagesRoute } from '@/app/api/documents/[id]/slip-images/route';
import { startFinalRender } from '@/lib/documents/service';
import { appContext } from '@/lib/server/context';
import { describeEachDb } from '@/tests/helpers/db';
import { makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { upload, useDocumentsTestEnv, waitForStatus } from './helpers';

async function fetchZip(token: string, id: number, query = ''): Promise<{ status: number; type: string | null; length: string | null; disposition: string | null; bytes: Uint8Array }> {
  const res = await (imagesRoute as unknown as (r: Request, c: { params: Promise<{ id: string }> }) => Promise<Response>)(
    new Request(`http://test.local/api/documents/${id}/slip-images${query}`, { headers: { authorization: `Bearer ${token}` } }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  return { status: res.status, type: res.headers.get('content-type'), length: res.headers.get('content-length'), disposition: res.headers.get('content-disposition'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The share of a picture's pixels that are dark grey (the DRAFT watermark's), on the slip's white. */
async function greyShare(png: Uint8Array): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let grey = 0;
  for (let i = 0; i < data.length; i++) if (data[i] > 150 && data[i] < 235) grey++;
  return grey / (info.width * info.height);
}

describeEachDb('slip pictures for phones', (ctx) => {
  useDocumentsTestEnv(ctx);

  it('a ZIP of one 800 px PNG per slip, named by serial and EPIC: watermarked before payment, final after; another user gets 404', async () => {
    const owner = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    const token = owner.tokens.access_token;
    const started = await upload(token, {
      voterList: { bytes: workbook([ENGLISH_HEADER, ...voterRows(12, false)], 'xlsx'), name: 'ward list.xlsx' },
      banner: { bytes: await bannerPng(600, 120), name: 'b.png' },
    });
    const id = started.body.id as number;
    await waitForStatus(token, id, ['draft_complete']);

    expect((await fetchZip(other.tokens.access_token, id)).status).toBe(404);
    const draft = await fetchZip(token, id);
    expect(draft.status).toBe(200);
    expect(draft.type).toBe('application/zip');
    expect(Number(draft.length)).toBe(draft.bytes.length);
    expect(draft.disposition).toMatch(/^attachment; filename="ward_list-slip-pictures-draft\.zip"/);
    const drafts = unzipSync(draft.bytes);
    const names = Object.keys(drafts);
    expect(names).toHaveLength(12);
    expect(names[0]).toMatch(/^slip-0001-[A-Z0-9]+\.png$/);
    for (const name of names) {
      const meta = await sharp(drafts[name]).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(800);
      expect(meta.height).toBeGreaterThan(300);
    }

    await markDocumentPaid(ctx.db, id);
    await startFinalRender(await appContext(), id);
    await waitForStatus(token, id, ['complete']);
    const final = await fetchZip(token, id);
    expect(final.disposition).toMatch(/filename="ward_list-slip-pictures\.zip"/);
    const finals = unzipSync(final.bytes);
    expect(Object.keys(finals)).toEqual(names);
    // voters named by their positions: a ZIP of theirs alone, or one voter's PNG to share
    const two = unzipSync((await fetchZip(token, id, '?indices=4,0')).bytes);
    expect(Object.keys(two)).toEqual([names[4], names[0]]);
    const one = await fetchZip(token, id, '?indices=2&format=png');
    expect(one.type).toBe('image/png');
    expect(one.disposition).toContain(`filename="${names[2]}"`);
    expect((await sharp(one.bytes).metadata()).width).toBe(800);
    const refused = await fetchZip(token, id, '?indices=1,2&format=png');
    expect(refused.status).toBe(422);
    expect(new TextDecoder().decode(refused.bytes)).toMatch(/one voter/);
    expect((await fetchZip(token, id, '?indices=99')).status).toBe(422);
    // the watermark is on the draft's pictures only
    const first = names[0];
    expect(await greyShare(drafts[first])).toBeGreaterThan((await greyShare(finals[first])) + 0.01);
  });
});
