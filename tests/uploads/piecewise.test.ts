import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { Upload } from '@tus/server';
import { storedFiles, uploads } from '@/db/schema';
import { documentsDeps } from '@/lib/documents/deps';
import { purgeExpiredFiles, removeAbandonedFilesAtStart } from '@/lib/documents/retention';
import { FileNotFoundError, FileTooLargeError, PIECEWISE_FILE_MAX_AGE_MS, WriteConflictError, type FileStore } from '@/lib/files';
import { purgeAbandonedUploads, takeFinishedUpload } from '@/lib/uploads';
import { FileStoreDataStore } from '@/lib/uploads/tus';
import { describeEachDb } from '@/tests/helpers/db';
import { makeUser } from '@/tests/auth/helpers';
import { storeContents, useDocumentsTestEnv } from '@/tests/documents/helpers';
import { heldSource } from '@/tests/helpers/sources';

const HOUR = 3600 * 1000;


async function failing(error: Promise<unknown>): Promise<unknown> {
  return error.then(
    () => 'no error',
    (e: unknown) => e,
  );
}

for (const filesStore of ['disk', 'database'] as const) {
  describeEachDb(`files written in pieces and upload housekeeping (${filesStore} store)`, (ctx) => {
    const env = useDocumentsTestEnv(ctx, { filesStore });
    const store = async (): Promise<FileStore> => (await documentsDeps()).store;

    it('one append at a time: a second append while one is at work is refused and writes nothing; pieces must start where the file ends', async () => {
      const files = await store();
      const id = await files.begin({ contentType: 'application/pdf', expectedSize: 1000 });
      const held = heldSource(new Uint8Array(100).fill(1));
      const first = files.append(id, 0, held.source);
      await held.written;
      expect(await failing(files.append(id, 0, [new Uint8Array(100).fill(2)]))).toBeInstanceOf(WriteConflictError);
      held.release();
      expect(await first).toBe(200);
      expect(await failing(files.append(id, 100, [new Uint8Array(10)]))).toBeInstanceOf(WriteConflictError);
      expect(await files.progress(id)).toEqual({ written: 200, expectedSize: 1000, complete: false });
      // unreadable and not finishable while short
      expect(await files.stat(id)).toBeNull();
      expect(await failing(files.readAll(id))).toBeInstanceOf(FileNotFoundError);
      expect(await failing(files.finish(id))).toBeInstanceOf(WriteConflictError);
      // past the expected size: the part that fits is kept, the rest refused
      expect(await failing(files.append(id, 200, [new Uint8Array(900).fill(3)]))).toBeInstanceOf(FileTooLargeError);
      expect((await files.progress(id))?.written).toBe(1000);
      const done = await files.finish(id);
      expect(done.size).toBe(1000);
      expect(await files.finish(id)).toEqual(done);
      const bytes = await files.readAll(id);
      expect([bytes[0], bytes[150], bytes[999]]).toEqual([1, 1, 3]);
      expect(await failing(files.append(id, 1000, [new Uint8Array(1)]))).toBeInstanceOf(WriteConflictError);
      await files.delete([id]);
    });

    it('a source that fails part-way keeps every byte that arrived, and the file resumes from there', async () => {
      const files = await store();
      const id = await files.begin({ contentType: 'application/pdf', expectedSize: 3 * 1024 * 1024 });
      async function* cut() {
        yield new Uint8Array(1024 * 1024 + 5).fill(4);
        yield new Uint8Array(7).fill(5);
        throw new Error('connection reset');
      }
      expect(await failing(files.append(id, 0, cut()))).toMatchObject({ message: 'connection reset' });
      expect((await files.progress(id))?.written).toBe(1024 * 1024 + 12);
      await files.delete([id]);
    });

    it('unfinished and untaken uploads outlive restarts and the retention job for a day, then go with their bytes; a taken upload\'s file stays', async () => {
      const { user } = await makeUser(ctx.db);
      const deps = await documentsDeps();
      const before = await storeContents(ctx.db, env.dataDir);
      const tus = new FileStoreDataStore({ db: ctx.db, store: deps.store, userId: user.id, limits: { maxVoterListBytes: 1024 * 1024, maxOpenUploads: 10 } });
      const make = async (id: string, size: number) => tus.create(new Upload({ id, size, offset: 0, metadata: { filename: `${id}.pdf`, kind: 'voter_list' } }));
      await make('unfinished', 10);
      await tus.write(Readable.from([Buffer.alloc(4)]), 'unfinished', 0);
      await make('untaken', 3);
      await tus.write(Readable.from([Buffer.from('abc')]), 'untaken', 0);
      await make('taken', 3);
      await tus.write(Readable.from([Buffer.from('xyz')]), 'taken', 0);
      const taken = await takeFinishedUpload(ctx.db, user.id, 'taken');
      expect(taken).not.toBeNull();
      const fileOf = async (id: string) => (await ctx.db.select().from(uploads).where(eq(uploads.id, id)))[0].fileId;
      const [unfinishedFile, untakenFile] = [await fileOf('unfinished'), await fileOf('untaken')];

      // a restart on the embedded database, and the retention job within the day, leave them all
      await removeAbandonedFilesAtStart(deps, true);
      await purgeExpiredFiles(deps, new Date(Date.now() + 23 * HOUR));
      expect((await tus.getUpload('unfinished')).offset).toBe(4);
      expect((await deps.store.readAll(untakenFile)).toString()).toBe('abc');
      expect((await deps.store.readAll(taken!.fileId)).toString()).toBe('xyz');

      const removed = await purgeAbandonedUploads(ctx.db, deps.store, new Date(Date.now() + 25 * HOUR));
      expect(removed).toBe(2);
      expect(await ctx.db.select().from(uploads).where(eq(uploads.userId, user.id))).toHaveLength(0);
      expect(await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, unfinishedFile))).toHaveLength(0);
      expect(await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, untakenFile))).toHaveLength(0);
      expect((await deps.store.readAll(taken!.fileId)).toString()).toBe('xyz');
      await deps.store.delete([taken!.fileId]);
      expect(await storeContents(ctx.db, env.dataDir)).toEqual(before);
    });

    it('a piece-written file no upload owns is removed once it is older than any upload may be', async () => {
      const files = await store();
      const id = await files.begin({ contentType: 'application/pdf', expectedSize: 10 });
      await files.append(id, 0, [new Uint8Array(3)]);
      await files.removeUnfinished({ all: true });
      expect(await files.progress(id)).not.toBeNull();
      await files.removeUnfinished({ now: new Date(Date.now() + PIECEWISE_FILE_MAX_AGE_MS + HOUR) });
      expect(await files.progress(id)).toBeNull();
    });
  });
}
