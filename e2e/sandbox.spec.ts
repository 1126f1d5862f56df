import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_PORT } from './env';
import { createPostgresDatabase, postgresReachable, startServer, type RunningServer } from './helpers/server';

/**
 * Uploaded files are read in sandbox processes: whatever happens to those, the servers stay up and answer,
 * and the task ends with a plain message in bounded time — on two servers sharing one PostgreSQL database
 * (either may take the job), and on one server whose sandbox memory limit a real roll breaks.
 */
const ROLL = path.resolve('../shared/fixtures/rolls/daman-2017-part1-gujarati.pdf');
const ADMIN = { ADMIN_EMAIL: 'sandbox-admin@e2e.test', ADMIN_PASSWORD: 'sandbox-pass-123' };

async function api(port: number, pathname: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: any }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`http://127.0.0.1:${port}${pathname}`, { ...init, headers });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

async function login(port: number): Promise<string> {
  const res = await api(port, '/api/login', { method: 'POST', body: new URLSearchParams({ username: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }) });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

async function uploadRoll(port: number, token: string): Promise<number> {
  const banner = await sharp({ create: { width: 600, height: 120, channels: 3, background: '#1e3c8c' } }).png().toBuffer();
  const form = new FormData();
  form.set('pdf_file', new Blob([new Uint8Array(fs.readFileSync(ROLL))]), 'roll.pdf');
  form.set('banner_file', new Blob([new Uint8Array(banner)]), 'banner.png');
  for (const [k, v] of Object.entries({ page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'Govt. School, Room 2' })) form.set(k, v);
  const res = await api(port, '/api/documents/voter-slip-generator', { method: 'POST', body: form, token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

async function waitForEnd(port: number, token: string, id: number, timeoutMs: number): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const s = (await api(port, `/api/documents/${id}`, { token })).body;
    if (['error', 'draft_complete'].includes(s.status)) return s;
    if (Date.now() > end) throw new Error(`task ${id} still ${s.status} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** `GET /` within 1 s, every 250 ms, on each server; the slowest answer and every miss are recorded. */
function probe(servers: RunningServer[]): { stop: () => { misses: string[]; slowestMs: number } } {
  const misses: string[] = [];
  let slowestMs = 0;
  let running = true;
  const once = (port: number) =>
    new Promise<void>((resolve) => {
      const started = Date.now();
      const req = http.get({ host: '127.0.0.1', port, path: '/', timeout: 1000 }, (res) => {
        res.resume();
        res.on('end', () => {
          slowestMs = Math.max(slowestMs, Date.now() - started);
          if (res.statusCode !== 200) misses.push(`${port}: ${res.statusCode}`);
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('no answer within 1 s')));
      req.on('error', (error) => {
        misses.push(`${port}: ${error.message}`);
        resolve();
      });
    });
  const loop = async () => {
    while (running) {
      await Promise.all(servers.map((s) => once(s.port)));
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  void loop();
  return {
    stop: () => {
      running = false;
      return { misses, slowestMs };
    },
  };
}

/** Pids of a server's sandbox processes (in its process group) that are reading a voter list, from /proc. */
function parsingPids(server: RunningServer): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (group !== server.group) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('vsg-sandbox parse')) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test('a file whose sandbox process dies every time: the task ends as error with a plain message, two servers on PostgreSQL stay up', async () => {
  if (!(await postgresReachable())) {
    if (process.env.CI) throw new Error('PostgreSQL is required on CI for the sandbox tests.');
    test.skip(true, 'PostgreSQL is not reachable at 127.0.0.1:5432');
  }
  const database = await createPostgresDatabase();
  // one secret: a token from one server is good on the other
  const env = { ...ADMIN, VSG_JOBS_LEASE_MS: '3000', JWT_SECRET: 'sandbox-e2e-secret-sandbox-e2e-secret-0123' };
  const servers: RunningServer[] = [];
  try {
    servers.push(await startServer({ port: E2E_PORT + 30, database: 'postgres', databaseUrl: database.url, env }));
    servers.push(await startServer({ port: E2E_PORT + 31, database: 'postgres', databaseUrl: database.url, env }));
    const token = await login(servers[0].port);
    // every sandbox process of either server is killed as soon as it reads the list: a file that crashes its reader
    let killed = 0;
    let killing = true;
    const killer = (async () => {
      while (killing) {
        for (const server of servers) {
          for (const pid of parsingPids(server)) {
            try {
              process.kill(pid, 'SIGKILL');
              killed++;
            } catch {
              // gone
            }
          }
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const prober = probe(servers);
    const started = Date.now();
    const id = await uploadRoll(servers[0].port, token);
    const end = await waitForEnd(servers[1].port, token, id, 120_000);
    const seconds = (Date.now() - started) / 1000;
    killing = false;
    await killer;
    const { misses, slowestMs } = prober.stop();
    expect(end).toMatchObject({ status: 'error', failed_step: 'parse', can_resume: false });
    expect(end.error_message).toBe(
      'This file could not be read: the reader stopped twice on it. It may be damaged or built in a way we cannot handle. Check that it is the roll or list as published, or split it into smaller files, and try again.',
    );
    expect(killed).toBe(2);
    expect(misses, `GET / failed: ${misses.join('; ')}`).toEqual([]);
    expect(slowestMs).toBeLessThan(1000);
    for (const server of servers) expect(server.alive(), server.output().slice(-2000)).toBe(true);
    console.log(`sandbox crash: task ended as error in ${seconds.toFixed(1)} s; ${killed} sandbox processes killed; slowest GET / ${slowestMs} ms`);
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
});

test('a roll that needs more memory than the sandbox allows ends at once with the reason, no retry; the server stays up', async () => {
  const server = await startServer({ port: E2E_PORT + 32, database: 'pglite', env: { ...ADMIN, SANDBOX_MEMORY_MB: '320' } });
  try {
    const token = await login(server.port);
    const prober = probe([server]);
    const id = await uploadRoll(server.port, token);
    const end = await waitForEnd(server.port, token, id, 120_000);
    const { misses } = prober.stop();
    expect(end).toMatchObject({ status: 'error', failed_step: 'parse', can_resume: false });
    expect(end.error_message).toMatch(/^This file could not be read: it expands to more than 320 MB of memory/);
    expect(misses).toEqual([]);
    expect(server.alive()).toBe(true);
    expect(server.output()).not.toMatch(/trying once more/);
    // the server still works: an upload after it is taken
    expect((await api(server.port, '/api/documents', { token })).status).toBe(200);
  } finally {
    await server.stop();
  }
});
