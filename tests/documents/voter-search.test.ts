import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { markDocumentPaid } from '@/db/queries/documents';
import { GET as votersRoute } from '@/app/api/documents/[id]/voters/route';
import { POST as selectedRoute } from '@/app/api/documents/[id]/selected-slips/route';
import { describeEachDb } from '@/tests/helpers/db';
import { call, makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { HAVE_ROLLS, NO_ROLLS_REASON, ROLLS_DIR } from '@/tests/ingest/roll-truth';
import { upload, useDocumentsTestEnv, waitForStatus } from './helpers';

/**
 * The polling-day desk's search and selected slips through the API: a 2025 roll searched by name (its
 * script, Latin letters, without vowel signs), EPIC, house number and serial; a legacy-font roll by EPIC and
 * serial only, and saying so; one voter's slip as a PDF that carries that voter's EPIC and no other; owner
 * only; input errors as sentences.
 */
const GUJARAT = path.join(ROLLS_DIR, 'gujarat-2025-ac137-part1.pdf');
const DAMAN = path.join(ROLLS_DIR, 'daman-2017-part1-gujarati.pdf');
const EPIC = /\b[A-Z]{3}[0-9]{7}\b|\b[A-Z]{2}\/[0-9]{2}\/[0-9]{3}\/[0-9]{6,7}\b/g;

interface Hit {
  index: number;
  serial: number | null;
  name: string | null;
  epic: string | null;
  house_number: string | null;
  age: number | null;
  gender: string | null;
  part: string | null;
}

async function search(token: string, id: number, q: string, limit?: number) {
  const url = `http://test.local/api/documents/${id}/voters?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`;
  return call(votersRoute, { token, url, params: { id: String(id) } });
}

async function selected(token: string, id: number, body: unknown): Promise<{ status: number; pdf?: { pages: number; text: string; size: string }; body?: unknown }> {
  const headers = new Headers({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const req = new Request(`http://test.local/api/documents/${id}/selected-slips`, { method: 'POST', headers, body: JSON.stringify(body) });
  const res = await selectedRoute(req, { params: Promise.resolve({ id: String(id) }) });
  if (res.status !== 200) return { status: res.status, body: await res.json() };
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-selected-'));
  const file = path.join(dir, 'x.pdf');
  fs.writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
  const info = execFileSync('pdfinfo', [file]).toString();
  const text = execFileSync('pdftotext', [file, '-']).toString();
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: 200, pdf: { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), size: /Page size:\s+([\d.]+ x [\d.]+)/.exec(info)?.[1] ?? '', text } };
}

describeEachDb('voter search and selected slips', (ctx) => {
  useDocumentsTestEnv(ctx, { env: { DRAFT_PREVIEW_PAGES: '1' } });

  it.skipIf(!HAVE_ROLLS)(`a 2025 roll: names in its script and in Latin letters, EPIC, house and serial; one voter's slip carries no other voter${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, { timeout: 180_000 }, async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const started = await upload(token, { voterList: { bytes: new Uint8Array(fs.readFileSync(GUJARAT)), name: 'part1.pdf' }, banner: { bytes: await bannerPng(), name: 'b.png' } });
    expect(started.status).toBe(201);
    const id = started.body.id as number;
    expect((await waitForStatus(token, id, ['draft_complete', 'error'])).status).toBe('draft_complete');

    // serial 3 is printed "જેનતીભાઇ નાયકા", EPIC AGP1056761, house 2
    const bySerial = await search(token, id, '3');
    expect(bySerial.status).toBe(200);
    expect(bySerial.body).toMatchObject({ total: 595, names_readable: true });
    const three: Hit = bySerial.body.voters[0];
    expect(three).toMatchObject({ serial: 3, epic: 'AGP1056761', house_number: '2', age: 42, part: '1' });
    expect(three.name).toMatch(/^\p{Script=Gujarati}/u);

    const latin = await search(token, id, 'jentibhai');
    expect(latin.body.voters[0]).toMatchObject({ serial: 3 });
    // Latin with the surname, and the name in its script with its vowel signs left out
    expect((await search(token, id, 'jenti nayka')).body.voters[0]).toMatchObject({ serial: 3 });
    expect((await search(token, id, 'જનતભઇ')).body.voters[0]).toMatchObject({ serial: 3 });
    expect((await search(token, id, three.name!)).body.voters[0]).toMatchObject({ serial: 3 });

    // EPIC whole, in part, lower case; an old-format ID
    expect((await search(token, id, 'agp1056761')).body).toMatchObject({ matches: 1, voters: [{ serial: 3 }] });
    const partial = await search(token, id, '1056');
    expect(partial.body.matches).toBeGreaterThan(1);
    expect(partial.body.voters.every((v: Hit) => v.epic?.includes('1056'))).toBe(true);
    expect((await search(token, id, 'GJ/21/141/006017')).body.voters[0]).toMatchObject({ serial: 2 });

    // a house number: its voters (serial 2 first: a serial outranks a house)
    const house = await search(token, id, '2', 50);
    expect(house.body.voters[0]).toMatchObject({ serial: 2 });
    expect(house.body.voters.slice(1, 4).map((v: Hit) => v.house_number)).toEqual(['2', '2', '2']);

    // nothing found; limit honoured
    expect((await search(token, id, 'xqzvxqzv')).body).toMatchObject({ matches: 0, voters: [] });
    expect((await search(token, id, 'nayka', 5)).body.voters).toHaveLength(5);

    // one voter's slip, unpaid: watermarked, that voter's EPIC and no other
    const one = await selected(token, id, { indices: [three.index] });
    expect(one.status).toBe(200);
    expect(one.pdf!.pages).toBe(1);
    expect(one.pdf!.text.match(EPIC)).toEqual(['AGP1056761']);
    expect(one.pdf!.text).toContain('DRAFT');

    // two voters of one page, one slip per page: exactly their two EPICs
    const two = await selected(token, id, { indices: [three.index, three.index - 1], format: 'single' });
    expect(two.pdf!.pages).toBe(2);
    expect(two.pdf!.text.match(EPIC)?.sort()).toEqual(['AGP1056761', 'GJ/21/141/006017']);
    const [w, h] = two.pdf!.size.split(' x ').map(Number);
    expect(w).toBeLessThan(400);
    expect(h).toBeLessThan(300);

    // paid: free and without the watermark
    await markDocumentPaid(ctx.db, id);
    const paid = await selected(token, id, { indices: [three.index] });
    expect(paid.pdf!.text.match(EPIC)).toEqual(['AGP1056761']);
    expect(paid.pdf!.text).not.toContain('DRAFT');

    // input errors, as sentences naming the field
    expect((await selected(token, id, { indices: [] })).status).toBe(422);
    expect((await selected(token, id, { indices: [1.5] })).status).toBe(422);
    expect((await selected(token, id, { indices: [1], format: 'poster' })).status).toBe(422);
    expect((await selected(token, id, { indices: [1], extra: true })).status).toBe(422);
    const outside = await selected(token, id, { indices: [595] });
    expect(outside).toMatchObject({ status: 422, body: { detail: expect.stringContaining('595') } });
    const badLimit = await call(votersRoute, { token, url: `http://test.local/api/documents/${id}/voters?q=a&limit=0`, params: { id: String(id) } });
    expect(badLimit.status).toBe(422);
    expect(badLimit.body.detail).toMatch(/limit/i);
    const long = await search(token, id, 'a'.repeat(101));
    expect(long.status).toBe(422);
    expect(long.body.detail).toMatch(/q\b|100 characters/i);

    // another user sees no such task; no token is a 401
    const other = (await makeUser(ctx.db)).tokens.access_token;
    expect((await search(other, id, '3')).status).toBe(404);
    expect((await selected(other, id, { indices: [0] })).status).toBe(404);
    expect((await call(votersRoute, { url: `http://test.local/api/documents/${id}/voters?q=3`, params: { id: String(id) } })).status).toBe(401);
    expect((await search(token, 999_999, '3')).status).toBe(404);
  });

  it.skipIf(!HAVE_ROLLS)(`a legacy-font roll: no names to search, found by EPIC and serial, and it says so${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, { timeout: 180_000 }, async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const started = await upload(token, { voterList: { bytes: new Uint8Array(fs.readFileSync(DAMAN)), name: 'daman.pdf' }, banner: { bytes: await bannerPng(), name: 'b.png' } });
    const id = started.body.id as number;
    expect((await waitForStatus(token, id, ['draft_complete', 'error'])).status).toBe('draft_complete');
    const bySerial = await search(token, id, '6');
    expect(bySerial.body).toMatchObject({ total: 993, with_name: 0, names_readable: false, voters: [{ serial: 6, epic: 'PJG2489185', name: null }] });
    expect((await search(token, id, 'PJG2489185')).body.voters[0]).toMatchObject({ serial: 6 });
    expect((await search(token, id, 'ramesh')).body).toMatchObject({ matches: 0, names_readable: false });
    const one = await selected(token, id, { indices: [bySerial.body.voters[0].index] });
    expect(one.pdf!.text.match(EPIC)).toEqual(['PJG2489185']);
  });
});
