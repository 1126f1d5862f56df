import { expect, it } from 'vitest';
import { insertDocument } from '@/db/queries/documents';
import { storedFiles } from '@/db/schema';
import { purgeExpiredFiles } from '@/lib/documents/retention';
import { documentsDeps } from '@/lib/documents/deps';
import { FILE_WRITE_HOLD_MS, FileNotFoundError } from '@/lib/files';
import { describeEachDb } from '@/tests/helpers/db';
import { makeUser } from '@/tests/auth/helpers';
import { storeContents, useDocumentsTestEnv } from './helpers';
import { heldSource } from '@/tests/helpers/sources';

const DAY = 24 * 3600 * 1000;


for (const filesStore of ['disk', 'database'] as const) {
  describeEachDb(`file store housekeeping (${filesStore} store)`, (ctx) => {
    const env = useDocumentsTestEnv(ctx, { filesStore });

    it('the retention job keeps a partial file while its writer holds it, removes it once the hold ran out, and the writer then fails with nothing left', async () => {
      const deps = await documentsDeps();
      const empty = await storeContents(ctx.db, env.dataDir);
      const held = heldSource(Buffer.alloc(300 * 1024, 1));
      const putting = deps.store.put(held.source, { contentType: 'application/pdf' });
      const outcome = putting.then(
        () => 'stored',
        (error: unknown) => error,
      );
      await held.written;
      expect((await ctx.db.select().from(storedFiles)).filter((r) => r.completedAt === null)).toHaveLength(1);
      // held: the writer is at work
      await purgeExpiredFiles(deps);
      expect((await ctx.db.select().from(storedFiles)).filter((r) => r.completedAt === null)).toHaveLength(1);
      // as if the writer had stalled past its hold
      await purgeExpiredFiles(deps, new Date(Date.now() + FILE_WRITE_HOLD_MS + 1000));
      expect((await ctx.db.select().from(storedFiles)).filter((r) => r.completedAt === null)).toHaveLength(0);
      held.release();
      expect(await outcome).toBeInstanceOf(FileNotFoundError);
      expect(await storeContents(ctx.db, env.dataDir)).toEqual(empty);
    });

    it('the retention job removes complete files no task refers to once they are a day old, and keeps the files of tasks', async () => {
      const deps = await documentsDeps();
      const { user } = await makeUser(ctx.db);
      const kept = await deps.store.put([Buffer.from('voter list')], { contentType: 'application/pdf' });
      const banner = await deps.store.put([Buffer.from('banner')], { contentType: 'image/png' });
      await insertDocument(ctx.db, {
        userId: user.id,
        uploadFileId: kept.id,
        bannerFileId: banner.id,
        options: { page_size: 'a4', orientation: 'portrait', slips_per_page: 8, print_photo: false, booth_address: 'x', voter_list_name: 'l.pdf', banner_name: 'b.png' },
      });
      const stray = await deps.store.put([Buffer.from('left over')], { contentType: 'application/pdf' });
      await purgeExpiredFiles(deps);
      expect(await deps.store.stat(stray.id)).not.toBeNull();
      await purgeExpiredFiles(deps, new Date(Date.now() + DAY + 1000));
      expect(await deps.store.stat(stray.id)).toBeNull();
      expect(await deps.store.stat(kept.id)).not.toBeNull();
      expect(await deps.store.stat(banner.id)).not.toBeNull();
      expect((await storeContents(ctx.db, env.dataDir)).records).toEqual(expect.not.arrayContaining([stray.id]));
    });
  });
}
