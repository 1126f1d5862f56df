import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { storedFiles, uploads } from '@/db/schema';
import { documentsDeps } from '@/lib/documents/deps';
import { MAX_BANNER_BYTES } from '@/lib/documents/upload-rules';
import { takeFinishedUpload } from '@/lib/uploads';
import { describeEachDb } from '@/tests/helpers/db';
import { makeUser } from '@/tests/auth/helpers';
import { storeContents, useDocumentsTestEnv } from '@/tests/documents/helpers';
import { BASE, MB, b64, create, created, cutBody, idOf, metadata, offsetOf, patch, tus } from './helpers';

/**
 * The tus endpoint through its route handlers, as Next calls them: creation, an upload cut off mid-PATCH
 * and resumed from the offset HEAD gives, the limits, and who may touch an upload.
 */
for (const filesStore of ['disk', 'database'] as const) {
  describeEachDb(`tus uploads (${filesStore} store)`, (ctx) => {
    const env = useDocumentsTestEnv(ctx, { filesStore, env: { MAX_UPLOAD_MB: '4', MAX_OPEN_UPLOADS: '3' } });

    it('an upload cut off mid-PATCH resumes from the offset HEAD gives and ends byte-identical; the file is unreadable until then', async () => {
      const { user, tokens } = await makeUser(ctx.db);
      const token = tokens.access_token;
      const bytes = randomBytes(Math.round(2.5 * MB));
      const url = await created(token, bytes.length);
      expect(await offsetOf(token, url)).toBe(0);

      // the connection drops 1.6 MB in: past the database driver's first 1 MB chunk, inside its second
      await patch(token, url, 0, cutBody(bytes, Math.round(1.6 * MB))).catch(() => undefined);
      const kept = await offsetOf(token, url);
      // more than the last whole chunk: what arrived after it was kept although the body failed
      expect(kept).toBeGreaterThan(MB);
      expect(kept).toBeLessThanOrEqual(Math.round(1.6 * MB));
      const [row] = await ctx.db.select().from(uploads).where(eq(uploads.id, idOf(url)));
      const deps = await documentsDeps();
      expect(await deps.store.stat(row.fileId)).toBeNull();
      expect(await takeFinishedUpload(ctx.db, user.id, idOf(url))).toBeNull();

      // a second cut, then the rest
      await patch(token, url, kept, cutBody(bytes.subarray(kept), 100_000)).catch(() => undefined);
      const kept2 = await offsetOf(token, url);
      expect(kept2).toBeGreaterThanOrEqual(kept);
      // a piece that does not start where the upload ends is refused and changes nothing
      expect((await patch(token, url, kept2 + 1, new Uint8Array(bytes.subarray(kept2 + 1)))).status).toBe(409);
      const done = await patch(token, url, kept2, new Uint8Array(bytes.subarray(kept2)));
      expect(done.status).toBe(204);
      expect(Number(done.headers.get('upload-offset'))).toBe(bytes.length);

      const taken = await takeFinishedUpload(ctx.db, user.id, idOf(url));
      expect(taken).toMatchObject({ name: 'roll part 12.pdf', size: bytes.length, kind: 'voter_list' });
      expect(Buffer.compare(await deps.store.readAll(taken!.fileId), bytes)).toBe(0);
      // taken: the endpoint no longer knows it (the file is the task's now)
      expect((await tus('HEAD', url, { token })).status).toBe(404);
    });

    it('two PATCHes on one upload: the later one is refused with 409 and the upload stays intact', async () => {
      const { user, tokens } = await makeUser(ctx.db);
      const token = tokens.access_token;
      const bytes = randomBytes(300_000);
      const url = await created(token, bytes.length);
      // the first sends 100 KB and then nothing more (a stalled connection)
      let sentFirst = () => {};
      const firstSent = new Promise<void>((resolve) => (sentFirst = resolve));
      let sent = false;
      const stalled = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) return new Promise<void>(() => {});
          sent = true;
          controller.enqueue(new Uint8Array(bytes.subarray(0, 100_000)));
          sentFirst();
        },
      });
      const first = patch(token, url, 0, stalled);
      await firstSent;
      // wait until the first holds the file (its append is at work)
      const [row] = await ctx.db.select().from(uploads).where(eq(uploads.id, idOf(url)));
      const writer = async () => (await ctx.db.select({ writer: storedFiles.writer }).from(storedFiles).where(eq(storedFiles.id, row.fileId)))[0].writer;
      while ((await writer()) === null) await new Promise((resolve) => setTimeout(resolve, 10));
      // the second, at the same offset: @tus/server asks the first to stop and keeps what it wrote
      const second = await patch(token, url, 0, new Uint8Array(bytes));
      expect(second.status).toBe(409);
      await first.catch(() => undefined);
      const kept = await offsetOf(token, url);
      expect(kept).toBeLessThanOrEqual(100_000);
      expect((await patch(token, url, kept, new Uint8Array(bytes.subarray(kept)))).status).toBe(204);
      const taken = await takeFinishedUpload(ctx.db, user.id, idOf(url));
      expect(Buffer.compare(await (await documentsDeps()).store.readAll(taken!.fileId), bytes)).toBe(0);
    });

    it('a declared length over the limit is refused with 413 before anything is stored; a PATCH past the length is refused', async () => {
      const { user, tokens } = await makeUser(ctx.db);
      const token = tokens.access_token;
      const before = await storeContents(ctx.db, env.dataDir);
      const big = await create(token, 4 * MB + 1);
      expect(big.status).toBe(413);
      expect(await big.text()).toContain('voter list is larger than the 4 MB limit');
      expect((await create(token, MAX_BANNER_BYTES + 1, { filename: 'banner.png', kind: 'banner' })).status).toBe(413);
      expect(await storeContents(ctx.db, env.dataDir)).toEqual(before);
      expect(await ctx.db.select().from(uploads).where(eq(uploads.userId, user.id))).toHaveLength(0);

      const url = await created(token, 1000);
      // declared by Content-Length, and sent without one: neither writes a byte past the length
      expect((await patch(token, url, 0, new Uint8Array(1500), { 'content-length': '1500' })).status).toBe(413);
      expect((await patch(token, url, 0, new Uint8Array(1500))).status).toBe(413);
      expect(await offsetOf(token, url)).toBe(0);
      expect((await patch(token, url, 0, new Uint8Array(1000).fill(7))).status).toBe(204);
      expect((await patch(token, url, 1000, new Uint8Array(1), { 'content-length': '1' })).status).toBe(413);
      expect((await patch(token, url, 1000, new Uint8Array(1))).status).toBeGreaterThanOrEqual(400);
      expect(await offsetOf(token, url)).toBe(1000);
    });

    it('creation needs a known length, a kind, a file name of the kind, and stays under the cap of open uploads', async () => {
      const { user, tokens } = await makeUser(ctx.db);
      const token = tokens.access_token;
      const deferred = await tus('POST', BASE, { token, headers: { 'upload-defer-length': '1', 'upload-metadata': metadata('a.pdf', 'voter_list') } });
      expect(deferred.status).toBeGreaterThanOrEqual(400);
      expect((await create(token, 10, { kind: 'photo' })).status).toBe(400);
      expect((await tus('POST', BASE, { token, headers: { 'upload-length': '10', 'upload-metadata': `kind ${b64('banner')}` } })).status).toBe(400);
      const wrongType = await create(token, 10, { filename: 'list.docx' });
      expect(wrongType.status).toBe(422);
      expect(await wrongType.text()).toContain('Invalid file type for Voter List.');
      expect((await create(token, 0)).status).toBe(422);
      // the name is for display only: folders are dropped
      const url = await created(token, 10, { filename: '../../etc/banner.png', kind: 'banner' });
      const [row] = await ctx.db.select().from(uploads).where(eq(uploads.id, idOf(url)));
      expect(row.name).toBe('banner.png');
      await created(token, 10);
      await created(token, 10);
      const over = await create(token, 10);
      expect(over.status).toBe(429);
      expect(await ctx.db.select().from(uploads).where(eq(uploads.userId, user.id))).toHaveLength(3);
      // cancelling one (termination) frees a place and removes its bytes
      expect((await tus('DELETE', url, { token })).status).toBe(204);
      expect(await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, row.fileId))).toHaveLength(0);
      expect((await create(token, 10)).status).toBe(201);
    });

    it('an upload is its owner\'s alone (404 for anyone else), and the endpoint needs a signed-in user', async () => {
      const owner = await makeUser(ctx.db);
      const other = await makeUser(ctx.db);
      const url = await created(owner.tokens.access_token, 100);
      const theirs = other.tokens.access_token;
      expect((await tus('HEAD', url, { token: theirs })).status).toBe(404);
      expect((await patch(theirs, url, 0, new Uint8Array(100))).status).toBe(404);
      expect((await tus('DELETE', url, { token: theirs })).status).toBe(404);
      expect(await offsetOf(owner.tokens.access_token, url)).toBe(0);
      expect(await takeFinishedUpload(ctx.db, other.user.id, idOf(url))).toBeNull();

      expect((await create('', 100)).status).toBe(401);
      expect((await tus('HEAD', url)).status).toBe(401);
      expect((await patch('', url, 0, new Uint8Array(100))).status).toBe(401);
      expect((await tus('DELETE', url)).status).toBe(401);
      expect(await offsetOf(owner.tokens.access_token, url)).toBe(0);

      const options = await tus('OPTIONS', BASE);
      expect(options.status).toBe(204);
      expect(options.headers.get('tus-version')).toBe('1.0.0');
      expect(options.headers.get('tus-extension')).toContain('termination');
    });

    it('a finished upload is taken once; an unfinished one not at all', async () => {
      const { user, tokens } = await makeUser(ctx.db);
      const token = tokens.access_token;
      const unfinished = await created(token, 10);
      await patch(token, unfinished, 0, new Uint8Array(5));
      expect(await takeFinishedUpload(ctx.db, user.id, idOf(unfinished))).toBeNull();
      const url = await created(token, 5, { filename: 'banner.jpg', kind: 'banner' });
      expect((await patch(token, url, 0, new Uint8Array([1, 2, 3, 4, 5]))).status).toBe(204);
      const first = await takeFinishedUpload(ctx.db, user.id, idOf(url));
      expect(first).toMatchObject({ name: 'banner.jpg', size: 5, kind: 'banner' });
      expect(await takeFinishedUpload(ctx.db, user.id, idOf(url))).toBeNull();
      expect(await takeFinishedUpload(ctx.db, user.id, 'no-such-upload')).toBeNull();
    });
  });
}
