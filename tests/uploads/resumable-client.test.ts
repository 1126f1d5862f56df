import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
// @ts-expect-error jsdom ships no types: the parts used here are typed below
import { JSDOM as UntypedJSDOM } from 'jsdom';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb, type DbHandle } from '@/db/client';
import { uploads } from '@/db/schema';
import { DELETE, HEAD, OPTIONS, PATCH, POST } from '@/app/api/uploads/[[...path]]/route';
import { POST as refreshRoute } from '@/app/api/refresh/route';
import { documentsDeps } from '@/lib/documents/deps';
import { uploadResumable } from '@/lib/client/resumable-upload';
import { takeFinishedUpload } from '@/lib/uploads';
import { makeUser } from '@/tests/auth/helpers';
import { useDocumentsTestEnv } from '@/tests/documents/helpers';

// the browser build, as the app's bundle takes it (the package's "browser" field)
// @ts-expect-error the build's own file has no types (the package's types describe it)
vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'));

/** The parts of a jsdom page the test uses. */
interface Dom {
  window: Window & typeof globalThis;
}
const JSDOM = UntypedJSDOM as new (html: string, options: { url: string }) => Dom;

/**
 * The browser's resumable upload (tus-js-client's browser build over jsdom's XMLHttpRequest, window,
 * localStorage and navigator; the server keeps Node's own globals) against the real route handlers behind
 * a local HTTP server that can cut a request off part-way, as a dropped connection does.
 */
type Route = (req: Request, ctx: { params: Promise<{ path?: string[] }> }) => Promise<Response>;
const ROUTES: Record<string, Route> = { POST, HEAD, PATCH, DELETE, OPTIONS };

interface Seen {
  method: string;
  /** Upload-Offset sent (PATCH) or answered (HEAD). */
  offset: number | null;
}

const server = {
  seen: [] as Seen[],
  /** Cut the next PATCH off after this many body bytes (null: let it through). */
  cutAfter: null as number | null,
  /** Refuse every connection (the network is down). */
  down: false,
  onCut: () => {},
};

function listen(): Promise<http.Server> {
  const srv = http.createServer((req, res) => {
    void (async () => {
      if (server.down) {
        req.socket.destroy();
        return;
      }
      const method = req.method ?? 'GET';
      const offsetHeader = req.headers['upload-offset'];
      const seen: Seen = { method, offset: typeof offsetHeader === 'string' ? Number(offsetHeader) : null };
      server.seen.push(seen);
      let body: ReadableStream<Uint8Array> | undefined;
      if (method === 'PATCH' || method === 'POST') {
        const cutAt = method === 'PATCH' ? server.cutAfter : null;
        if (cutAt !== null) server.cutAfter = null;
        let passed = 0;
        const source = Readable.from(
          (async function* () {
            for await (const piece of req as AsyncIterable<Buffer>) {
              if (cutAt !== null && passed + piece.length >= cutAt) {
                yield piece.subarray(0, cutAt - passed);
                req.socket.destroy();
                server.onCut();
                throw new Error('connection reset');
              }
              passed += piece.length;
              yield piece;
            }
          })(),
        );
        body = Readable.toWeb(source) as ReadableStream<Uint8Array>;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const url = `http://${req.headers.host}${req.url}`;
      const path = new URL(url).pathname;
      const init: RequestInit & { duplex?: 'half' } = { method, headers, body, duplex: body ? 'half' : undefined };
      const request = new Request(url, init);
      const handler = path === '/api/refresh' ? (refreshRoute as Route) : ROUTES[method];
      const answer = await handler(request, { params: Promise.resolve({}) });
      if (res.destroyed) return;
      if (method === 'HEAD') seen.offset = Number(answer.headers.get('upload-offset'));
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => {
      if (!res.destroyed) res.destroy();
    });
  });
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve(srv)));
}

let online = true;
let dom: Dom;

describe('uploadResumable in the browser', () => {
  let handle: DbHandle | undefined;
  let srv: http.Server | undefined;
  const ctx = {
    get db() {
      if (!handle) throw new Error('database not open yet');
      return handle.db;
    },
  };
  beforeAll(async () => {
    handle = await openDb();
    srv = await listen();
    const { port } = srv.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    dom = new JSDOM('<!doctype html><p>generator</p>', { url: `${origin}/voter-slip-generator` });
    Object.defineProperty(dom.window.navigator, 'onLine', { configurable: true, get: () => online });
    vi.stubGlobal('window', dom.window);
    vi.stubGlobal('navigator', dom.window.navigator);
    vi.stubGlobal('localStorage', dom.window.localStorage);
    vi.stubGlobal('XMLHttpRequest', dom.window.XMLHttpRequest);
    vi.stubGlobal('Event', dom.window.Event);
    // the refresh call is a fetch of a same-site path
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => refreshRoute(new Request(new URL(input, origin), init), { params: Promise.resolve({}) }));
  });
  useDocumentsTestEnv(ctx, { filesStore: 'disk', env: { MAX_UPLOAD_MB: '8' } });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await new Promise((resolve) => srv?.close(resolve));
    await handle?.close();
  });
  afterEach(() => {
    server.seen = [];
    server.cutAfter = null;
    server.down = false;
    online = true;
    window.localStorage.clear();
  });

  async function signIn() {
    const { user, tokens } = await makeUser(ctx.db);
    window.localStorage.setItem('token', tokens.access_token);
    window.localStorage.setItem('refreshToken', tokens.refresh_token);
    return user;
  }

  /** A file the page's input would give (jsdom's own, which its XMLHttpRequest sends). */
  const fileOf = (bytes: Buffer, name = 'part-7.pdf') => new dom.window.File([new dom.window.Uint8Array(bytes)], name, { type: 'application/pdf', lastModified: 1_700_000_000_000 });

  async function storedBytes(userId: number, uploadId: string): Promise<Buffer> {
    const taken = await takeFinishedUpload(ctx.db, userId, uploadId);
    expect(taken).not.toBeNull();
    return (await documentsDeps()).store.readAll(taken!.fileId);
  }

  it('a connection cut mid-file is resumed by itself from the offset the server has, byte-identical', async () => {
    const user = await signIn();
    const bytes = randomBytes(3 * 1024 * 1024);
    server.cutAfter = 700_000;
    const progress: number[] = [];
    const { uploadId } = await uploadResumable(fileOf(bytes), { kind: 'voter_list', onProgress: (sent) => progress.push(sent) });
    const patches = server.seen.filter((s) => s.method === 'PATCH').map((s) => s.offset);
    expect(patches[0]).toBe(0);
    // resumed, not restarted: after the cut a HEAD asks where to go on, and the next PATCH starts there
    const headAt = server.seen.findIndex((s) => s.method === 'HEAD');
    const head = server.seen[headAt];
    expect(head?.offset).toBeGreaterThan(0);
    expect(server.seen.slice(headAt).find((s) => s.method === 'PATCH')?.offset).toBe(head?.offset);
    expect(server.seen.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(progress.at(-1)).toBe(bytes.length);
    expect(Buffer.compare(await storedBytes(user.id, uploadId), bytes)).toBe(0);
  });

  it('offline, it waits for the network and goes on when the browser is online again; a reloaded page resumes the same upload', async () => {
    const user = await signIn();
    const bytes = randomBytes(2 * 1024 * 1024);
    server.cutAfter = 700_000;
    // the connection drops as the browser goes offline
    const cut = new Promise<void>((resolve) => (server.onCut = resolve));
    const waiting = new Promise<void>((resolve) => {
      const add = window.addEventListener.bind(window);
      vi.spyOn(window, 'addEventListener').mockImplementation((type: string, ...rest: unknown[]) => {
        if (type === 'online') resolve();
        return (add as (t: string, ...r: unknown[]) => void)(type, ...rest);
      });
    });
    online = false;
    const first = uploadResumable(fileOf(bytes), { kind: 'voter_list' });
    await cut;
    await waiting;
    const seenWhileOffline = server.seen.length;

    // a reload while offline: choosing the same file again finds the stored upload and resumes it
    online = true;
    const again = await uploadResumable(fileOf(bytes), { kind: 'voter_list' });
    expect(server.seen.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(server.seen.slice(seenWhileOffline).find((s) => s.method === 'PATCH')?.offset).toBeGreaterThan(0);

    // the first page's upload goes on once the browser says it is online, and finds nothing left to send
    window.dispatchEvent(new Event('online'));
    expect((await first).uploadId).toBe(again.uploadId);
    expect(server.seen.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(Buffer.compare(await storedBytes(user.id, again.uploadId), bytes)).toBe(0);
    vi.restoreAllMocks();
  });

  it('an expired access token is refreshed and the upload goes on', async () => {
    const user = await signIn();
    window.localStorage.setItem('token', 'expired.token.value');
    const bytes = randomBytes(100_000);
    const { uploadId } = await uploadResumable(fileOf(bytes, 'banner.png'), { kind: 'banner' });
    expect(window.localStorage.getItem('token')).not.toBe('expired.token.value');
    expect(Buffer.compare(await storedBytes(user.id, uploadId), bytes)).toBe(0);
  });

  it('a refusal is reported with the server\'s words, and aborting cancels the upload on the server', async () => {
    const user = await signIn();
    await expect(uploadResumable(fileOf(randomBytes(10), 'notes.txt'), { kind: 'voter_list' })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('Invalid file type for Voter List.'),
    });
    const controller = new AbortController();
    server.cutAfter = 10;
    const cut = new Promise<void>((resolve) => (server.onCut = resolve));
    online = false;
    const pending = uploadResumable(fileOf(randomBytes(50_000)), { kind: 'voter_list', signal: controller.signal });
    await cut;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    // the termination reaches the server: the upload and its bytes go
    const mine = () => ctx.db.select().from(uploads).where(eq(uploads.userId, user.id));
    expect(server.seen.filter((s) => s.method === 'POST')).toHaveLength(2);
    while ((await mine()).length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.seen.at(-1)?.method).toBe('DELETE');
  });
});
