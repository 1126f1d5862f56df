import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PG_ADMIN_URL, pgAdmin } from '../../tests/helpers/postgres-admin';

/**
 * A second, private server process for tests that need their own configuration or database: `npm run
 * serve` (the built app, as in production) on its own port and data directory, on PGlite or on a fresh
 * PostgreSQL database (migrated first, dropped afterwards).
 */
export type DbTarget = 'pglite' | 'postgres';

export { PG_ADMIN_URL, postgresReachable } from '../../tests/helpers/postgres-admin';

export interface RunningServer {
  port: number;
  dataDir: string;
  /** The process group of the server (`npm run serve` leads it; the server and its sandbox processes are in it). */
  group: number;
  /** Whether the server's process group still has its leader. */
  alive: () => boolean;
  output: () => string;
  stop: () => Promise<void>;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${out}`))));
  });
}

async function waitUntilUp(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${output()}`);
    const up = await new Promise<boolean>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/users/me/' }, (res) => {
        res.resume();
        resolve(true);
      });
      req.on('error', () => resolve(false));
      req.setTimeout(2000, () => req.destroy());
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer on port ${port} within 120 s: ${output()}`);
}

/** A fresh PostgreSQL database with the migrations applied, and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vsg_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = await pgAdmin();
  await admin.unsafe(`create database ${name}`);
  await admin.end({ timeout: 5 });
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  await run('npx', ['tsx', 'scripts/migrate.ts'], { ...process.env, DATABASE_URL: url.toString() });
  return {
    url: url.toString(),
    drop: async () => {
      const sql = await pgAdmin();
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end({ timeout: 5 });
    },
  };
}

/**
 * Starts `npm run serve` on its own port and data directory. On PostgreSQL, a fresh database is made and
 * dropped at stop, unless `databaseUrl` names one to share (several servers over one database).
 */
export async function startServer(options: { port: number; database: DbTarget; env?: Record<string, string>; databaseUrl?: string }): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-e2e-server-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PAYMENTS_TEST_MODE: 'true', ...options.env, PORT: String(options.port), DATA_DIR: dataDir, DATABASE_URL: '' };
  delete env.TRUST_PROXY;
  let dropDatabase = async () => {};
  if (options.database === 'postgres') {
    if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
    else {
      const created = await createPostgresDatabase();
      env.DATABASE_URL = created.url;
      dropDatabase = created.drop;
    }
  }
  // `npm run serve` through a shell we can signal as a group.
  const child = spawn('npm', ['run', 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const output = () => out;
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((r) => child.once('exit', r));
      // a group a test killed already is gone: nothing is left to stop
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-(child.pid as number), name);
          return true;
        } catch {
          return false;
        }
      };
      if (signal('SIGTERM')) {
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) signal('SIGKILL');
      }
    }
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(options.port, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port: options.port, dataDir, group: child.pid ?? -1, alive: () => child.exitCode === null && child.signalCode === null, output, stop };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One HTTP request from a chosen local address (127.0.0.2, 127.0.0.3, ...: all of 127/8 is loopback on
 * Linux), so a test can be two different clients against one server.
 */
export function requestFrom(
  from: string,
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, localAddress: from, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** POST /api/login (form) from an address. */
export function loginFrom(from: string, port: number, email: string, password: string, extraHeaders: Record<string, string> = {}): Promise<RawAnswer> {
  return requestFrom(from, port, {
    method: 'POST',
    path: '/api/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...extraHeaders },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
}

/** One chunked upload: the answer, or `reset` when the connection was closed before the answer could be read. */
function postChunkedOnce(port: number, path: string, totalBytes: number): Promise<{ status: number; writtenBeforeAnswer: number; reset: boolean }> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, agent: false }, (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, writtenBeforeAnswer: written, reset: false });
      req.destroy();
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status: 0, writtenBeforeAnswer: written, reset: true });
      else reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    // one chunk per turn of the event loop: a loop that keeps writing while the socket takes it
    // never reads the server's early answer, and then fails on the closed socket (EPIPE) instead
    const pump = () => {
      if (answered) return;
      if (written >= totalBytes) return void req.end();
      written += chunk.length;
      if (req.write(chunk)) setImmediate(pump);
      else req.once('drain', pump);
    };
    pump();
  });
}

/**
 * Streams a chunked body (no content-length) of up to `totalBytes` and reports how much had been
 * written when the answer came: a bounded reader answers 413 long before the end. Node's server closes
 * the connection as soon as it has sent an answer to a body it did not read to the end; a client still
 * writing then gets a reset, sometimes before it has read the answer waiting in its buffer. That race is
 * the client's, so such an attempt is made again (at most 5 in all), and each reset must itself have
 * come before half the body.
 */
export async function postChunked(port: number, path: string, totalBytes: number): Promise<{ status: number; writtenBeforeAnswer: number; resets: number }> {
  let resets = 0;
  for (;;) {
    const attempt = await postChunkedOnce(port, path, totalBytes);
    if (!attempt.reset) return { status: attempt.status, writtenBeforeAnswer: attempt.writtenBeforeAnswer, resets };
    if (attempt.writtenBeforeAnswer > totalBytes / 2) throw new Error(`the connection was reset only after ${attempt.writtenBeforeAnswer} of ${totalBytes} bytes were written`);
    resets++;
    if (resets === 5) throw new Error(`the connection was reset before an answer could be read in 5 attempts (the last after ${attempt.writtenBeforeAnswer} bytes)`);
  }
}
