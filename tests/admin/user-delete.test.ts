import { eq, inArray } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { findDocument, markDocumentPaid } from '@/db/queries/documents';
import { findJob } from '@/db/queries/jobs';
import { documents } from '@/db/schema';
import { SandboxPool } from '@/lib/sandbox/pool';
import { DELETE as deleteRoute } from '@/app/api/users/[id]/route';
import { startFinalRender } from '@/lib/documents/service';
import { appContext } from '@/lib/server/context';
import { localRunnerForTests } from '@/lib/server/jobs';
import { describeEachDb } from '@/tests/helpers/db';
import { call, makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { storeContents, upload, useDocumentsTestEnv, waitForStatus } from '@/tests/documents/helpers';

/** A voter list named "slow…" is read until its job is cancelled: a task caught in the middle of its work. */
const realRun = SandboxPool.prototype.run;
vi.spyOn(SandboxPool.prototype, 'run').mockImplementation(function (this: SandboxPool, ...args: Parameters<SandboxPool['run']>) {
  const [task, input, options] = args;
  if (task !== 'parse' || !(input as { filename: string }).filename.startsWith('slow')) return realRun.apply(this, args);
  return new Promise((_, reject) => {
    const stop = () => reject(options.signal?.reason ?? new Error('aborted'));
    if (options.signal?.aborted) stop();
    else options.signal?.addEventListener('abort', stop, { once: true });
  });
});

const list = (name = 'list.xlsx') => ({ bytes: workbook([ENGLISH_HEADER, ...voterRows(8, false)], 'xlsx'), name });

for (const filesStore of ['disk', 'database'] as const) {
  describeEachDb(`deleting a user deletes their tasks' files and stops their jobs (${filesStore} store)`, (ctx) => {
    const env = useDocumentsTestEnv(ctx, { filesStore });

    it('uploads, voter files, drafts and finals go from the store; a running job is cancelled first; other users keep theirs', async () => {
      const admin = await makeUser(ctx.db, { isAdmin: true });
      const victim = await makeUser(ctx.db);
      const other = await makeUser(ctx.db);
      const token = victim.tokens.access_token;
      const banner = { bytes: await bannerPng(300, 60), name: 'b.png' };

      // a finished task (draft and final), a draft awaiting payment, and a task in the middle of its parse
      const paid = (await upload(token, { voterList: list(), banner })).body.id as number;
      await waitForStatus(token, paid, ['draft_complete']);
      await markDocumentPaid(ctx.db, paid);
      await startFinalRender(await appContext(), paid);
      await waitForStatus(token, paid, ['complete']);
      const draft = (await upload(token, { voterList: list(), banner })).body.id as number;
      await waitForStatus(token, draft, ['draft_complete']);
      const running = (await upload(token, { voterList: list('slow.xlsx'), banner })).body.id as number;
      await waitForStatus(token, running, ['processing']);
      const runningJob = (await findDocument(ctx.db, running))!.taskId!;

      const kept = (await upload(other.tokens.access_token, { voterList: list(), banner })).body.id as number;
      await waitForStatus(other.tokens.access_token, kept, ['draft_complete']);

      const victimDocs = await ctx.db.select().from(documents).where(inArray(documents.id, [paid, draft, running]));
      const victimFiles = victimDocs.flatMap((d) => [d.uploadFileId, d.bannerFileId, d.votersFileId, d.draftFileId, d.finalFileId]).filter((f): f is string => !!f);
      // complete: upload, banner, voters, draft, final; draft: upload, banner, voters, draft; running: upload, banner
      expect(victimFiles).toHaveLength(5 + 4 + 2);
      const keptDoc = (await findDocument(ctx.db, kept))!;
      const keptFiles = [keptDoc.uploadFileId, keptDoc.bannerFileId, keptDoc.votersFileId, keptDoc.draftFileId].filter((f): f is string => !!f);

      const res = await call(deleteRoute, { method: 'DELETE', token: admin.tokens.access_token, params: { id: String(victim.user.id) } });
      expect(res).toMatchObject({ status: 200, body: { detail: 'User deleted.' } });

      expect((await findJob(ctx.db, runningJob))?.status).toBe('cancelled');
      expect(await ctx.db.select().from(documents).where(eq(documents.userId, victim.user.id))).toEqual([]);
      // let the cancelled run stop: it must not leave a file behind either
      await localRunnerForTests()?.idle();
      const left = await storeContents(ctx.db, env.dataDir);
      for (const id of victimFiles) {
        expect(left.records).not.toContain(id);
        expect(left.diskFiles).not.toContain(id);
      }
      expect(left.records).toEqual(expect.arrayContaining(keptFiles));
      expect([...left.records].sort()).toEqual([...keptFiles].sort());
      if (filesStore === 'disk') expect([...left.diskFiles].sort()).toEqual([...keptFiles].sort());
      else expect(left.diskFiles).toEqual([]);
    });
  });
}
