import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { findDocument, markDocumentPaid } from '@/db/queries/documents';
import { GET as votersRoute } from '@/app/api/documents/[id]/voters/route';
import { startFinalRender } from '@/lib/documents/service';
import { appContext } from '@/lib/server/context';
import { describeEachDb } from '@/tests/helpers/db';
import { call, makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { ROLLS_DIR } from '@/tests/ingest/roll-truth';
import type { VoterRecord } from '@/lib/slips/types';
import { status, upload, useDocumentsTestEnv, waitForStatus } from './helpers';

/**
 * An image-only roll read to its draft first and its IDs after it: the draft comes with `ids_pending`, the IDs
 * arrive in the voters file, the search and the summary; when reading them after the draft fails, the final
 * slips read them first. The complete parse is made to fail on demand (`fault.completeParse`).
 */
const fault = vi.hoisted(() => ({ completeParse: false, completeParses: 0 }));
vi.mock('@/lib/sandbox', async (original) => {
  const real = await original<typeof import('@/lib/sandbox')>();
  class Pool extends real.SandboxPool {
    override run: InstanceType<typeof real.SandboxPool>['run'] = (task, input, options) => {
      if (task === 'parse' && (input as { scanIds?: string }).scanIds === 'now') {
        fault.completeParses++;
        if (fault.completeParse) return Promise.reject(new real.SandboxTransientError('ENOSPC: no space left on device, write'));
      }
      return super.run(task, input, options);
    };
  }
  let pool: InstanceType<typeof real.SandboxPool> | undefined;
  return {
    ...real,
    getSandbox: () => (pool ??= new Pool(real.defaultSandboxLimits())),
    closeSandbox: async () => {
      await pool?.close();
      pool = undefined;
    },
  };
});

const ROLL = path.join(ROLLS_DIR, 'karnataka-bellary-screenshot-3pp.pdf');
const HAVE = fs.existsSync(ROLL);
const SCAN = path.join(ROLLS_DIR, 'gujarat-2025-ac137-part1-scan115.pdf');
const HAVE_SCAN = fs.existsSync(SCAN);
const onCi = process.env.CI === 'true';
const EPIC = /^[A-Z]{3}[0-9]{7}$/;

it.runIf(onCi)('the scanned rolls these tests read are present on CI', () => {
  expect(HAVE, `missing ${ROLL}`).toBe(true);
  expect(HAVE_SCAN, `missing ${SCAN}`).toBe(true);
});

async function search(token: string, id: number, q: string) {
  return call(votersRoute, { token, url: `http://test.local/api/documents/${id}/voters?q=${encodeURIComponent(q)}`, params: { id: String(id) } });
}

async function voters(db: Parameters<typeof findDocument>[0], id: number): Promise<VoterRecord[]> {
  const deps = await appContext();
  const doc = await findDocument(db, id);
  return JSON.parse((await deps.store.readAll(doc!.votersFileId!)).toString('utf8')) as VoterRecord[];
}

/** Polls until the draft's IDs are in (ids_pending 0). */
async function idsIn(token: string, id: number, timeoutMs = 150_000): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const s = await status(token, id);
    if (s.status === 'draft_complete' && s.summary?.ids_pending === 0) return s;
    if (Date.now() > end) throw new Error(`IDs still pending: ${JSON.stringify(s.summary)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describeEachDb('a scanned roll: the draft first, its IDs after', (ctx) => {
  useDocumentsTestEnv(ctx, { env: { DRAFT_PREVIEW_PAGES: '2' } });

  it.skipIf(!HAVE)(`the IDs arrive after the draft: in the voters, the search and the summary, and the draft is made again${HAVE ? '' : ` (skipped: no ${ROLL})`}`, { timeout: 240_000 }, async () => {
    fault.completeParse = false;
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const started = await upload(token, { voterList: { bytes: new Uint8Array(fs.readFileSync(ROLL)), name: 'bellary-104.pdf' }, banner: { bytes: await bannerPng(), name: 'b.png' } });
    expect(started.status).toBe(201);
    const id = started.body.id as number;
    const draft = await waitForStatus(token, id, ['draft_complete', 'error']);
    expect(draft.status).toBe('draft_complete');
    expect(draft.summary.voters).toBe(90);
    const draftFile = (await findDocument(ctx.db, id))!.draftFileId;

    const done = await idsIn(token, id);
    expect(done.summary.voters).toBe(90);
    expect(done.summary.without_epic).toBeLessThanOrEqual(2);
    const doc = await findDocument(ctx.db, id);
    expect(doc!.parseSummary!.idsLater).toBeUndefined();
    // the draft was made again, from the voters with their IDs
    expect(doc!.draftFileId).not.toBe(draftFile);
    const read = await voters(ctx.db, id);
    expect(read.map((v) => v.serial)).toEqual(Array.from({ length: 90 }, (_, i) => 511 + i));
    expect(read.filter((v) => v.epic && EPIC.test(v.epic)).length).toBeGreaterThanOrEqual(88);

    // the deleted voter is listed with the ID read after the draft
    expect(done.summary.deleted_voters).toHaveLength(1);
    expect(done.summary.deleted_voters[0].epic).toMatch(EPIC);

    const first = read[0].epic!;
    const found = await search(token, id, first);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ ids_pending: 0, ids_at_final: false, voters: [{ serial: 511, epic: first }] });
  });

  it.skipIf(!HAVE_SCAN)(`a Gujarati scan: the cover's facts and the labels' language arrive with the IDs${HAVE_SCAN ? '' : ` (skipped: no ${SCAN})`}`, { timeout: 240_000 }, async () => {
    fault.completeParse = false;
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    // the cover, two voter pages and the supplement's page of the 115 dpi scan
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-late-'));
    const cut = path.join(dir, 'scan.pdf');
    try {
      execFileSync('qpdf', [SCAN, '--pages', SCAN, '1,3-4,24', '--', cut]);
      const started = await upload(token, { voterList: { bytes: new Uint8Array(fs.readFileSync(cut)), name: 'scan.pdf' }, banner: { bytes: await bannerPng(), name: 'b.png' } });
      expect(started.status).toBe(201);
      const id = started.body.id as number;
      const draft = await waitForStatus(token, id, ['draft_complete', 'error']);
      expect(draft.status).toBe('draft_complete');
      // the draft reads the cover's numbers only: no facts in a script, labels in English
      expect(draft.summary.roll.part).toBeUndefined();
      const done = await idsIn(token, id);
      expect(done.summary.roll).toMatchObject({ part: '1', assemblyNumber: '137' });
      expect(done.summary.language).toBe('gu');
      // the pages' headers, read by the complete parse: the main list's section, the supplement's additions
      expect(draft.summary.sections).toEqual([]);
      expect(done.summary.sections).toEqual([{ name: expect.stringMatching(/^1-સીંગલાજા/), voters: 60 }]);
      expect(done.summary.supplement_additions).toBe(8);
      const read = await voters(ctx.db, id);
      expect(read.every((v) => v.part === '1')).toBe(true);
      expect(read.filter((v) => v.supplement?.kind === 'additions').map((v) => v.serial)).toEqual([589, 590, 591, 592, 593, 594, 595, 596]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!HAVE)(`when the IDs cannot be read after the draft, the final slips read them first${HAVE ? '' : ` (skipped: no ${ROLL})`}`, { timeout: 240_000 }, async () => {
    fault.completeParse = true;
    const before = fault.completeParses;
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const started = await upload(token, { voterList: { bytes: new Uint8Array(fs.readFileSync(ROLL)), name: 'bellary-104.pdf' }, banner: { bytes: await bannerPng(), name: 'b.png' } });
    const id = started.body.id as number;
    expect((await waitForStatus(token, id, ['draft_complete', 'error'])).status).toBe('draft_complete');
    // the step after the draft tried once and gave up (best effort): the IDs stay pending, and the status and
    // the search say that the final slips read them
    let pending = await status(token, id);
    for (let i = 0; i < 300 && !pending.summary.ids_at_final; i++) {
      await new Promise((r) => setTimeout(r, 200));
      pending = await status(token, id);
    }
    expect(fault.completeParses).toBeGreaterThan(before);
    expect(pending.summary).toMatchObject({ ids_pending: 90, ids_at_final: true });
    expect((await search(token, id, '511')).body).toMatchObject({ ids_pending: 90, ids_at_final: true, voters: [{ serial: 511 }] });

    fault.completeParse = false;
    expect(await markDocumentPaid(ctx.db, id)).not.toBeNull();
    await startFinalRender(await appContext(), id);
    const complete = await waitForStatus(token, id, ['complete', 'error'], 200_000);
    expect(complete.status, JSON.stringify(complete)).toBe('complete');
    expect(complete.summary).toMatchObject({ ids_pending: 0, ids_at_final: false });
    expect((await findDocument(ctx.db, id))!.parseSummary).not.toHaveProperty('idsLaterAtFinal');
    const read = await voters(ctx.db, id);
    expect(read.filter((v) => v.epic && EPIC.test(v.epic)).length).toBeGreaterThanOrEqual(88);
  });
});
