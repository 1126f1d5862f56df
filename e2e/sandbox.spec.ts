import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './helpers/test';
import sharp from 'sharp';
import { E2E_PORT } from './env';
import { createPostgresDatabase, postgresReachable, startServer, type RunningServer } from './helpers/server';
import { apiCall, groupProcesses, loginWith, probeRoot, waitForTask } from './helpers/watch';

/**
 * Uploaded files are read in sandbox processes: whatever happens to those, the servers stay up and answer,
 * and the task ends with a plain message in bounded time — on two servers sharing one PostgreSQL database
 * (either may take the job), and on one server whose sandbox memory limit a real roll breaks.
 */
const ROLL = path.resolve('../shared/fixtures/rolls/daman-2017-part1-gujarati.pdf');
const ADMIN = { ADMIN_EMAIL: 'sandbox-admin@e2e.test', ADMIN_PASSWORD: 'sandbox-pass-123' };

async function login(port: number): Promise<string> {
  return loginWith(port, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
}

async function uploadRoll(port: number, token: string): Promise<number> {
  const banner = await sharp({ create: { width: 600, height: 120, channels: 3, background: '#1e3c8c' } }).png().toBuffer();
  const form = new FormData();
  form.set('pdf_file', new Blob([new Uint8Array(fs.readFileSync(ROLL))]), 'roll.pdf');
  form.set('banner_file', new Blob([new Uint8Array(banner)]), 'banner.png');
  for (const [k, v] of Object.entries({ page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'Govt. School, Room 2' })) form.set(k, v);
  const res = await apiCall(port, '/api/documents/voter-slip-generator', { method: 'POST', body: form, token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** Pids of a server's sandbox processes that are reading a voter list. */
function parsingPids(server: RunningServer): number[] {
  return groupProcesses(server)
    .filter((p) => p.cmdline.startsWith('vsg-sandbox parse'))
    .map((p) => p.pid);
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
    // distinct processes: one killed a moment ago may still be tearing down (its memory being freed) when the next round looks
    const killedPids = new Set<number>();
    let killing = true;
    const killer = (async () => {
      while (killing) {
        for (const server of servers) {
          for (const pid of parsingPids(server)) {
            try {
              process.kill(pid, 'SIGKILL');
              killedPids.add(pid);
            } catch {
              // gone
            }
          }
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const prober = await probeRoot(servers);
    const started = Date.now();
    const id = await uploadRoll(servers[0].port, token);
    const end = await waitForTask(servers[1].port, token, id, ['error', 'draft_complete'], 120_000);
    const seconds = (Date.now() - started) / 1000;
    killing = false;
    await killer;
    const { misses, slowestMs } = prober.stop();
    expect(end).toMatchObject({ status: 'error', failed_step: 'parse', can_resume: false });
    expect(end.error_message).toBe(
      'This file could not be read: the reader stopped twice on it. It may be damaged or built in a way we cannot handle. Check that it is the roll or list as published, or split it into smaller files, and try again.',
    );
    const killed = killedPids.size;
    expect(killed).toBe(2);
    expect(misses, `GET / stalled: ${misses.join('; ')}`).toEqual([]);
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
    const prober = await probeRoot([server]);
    const id = await uploadRoll(server.port, token);
    const end = await waitForTask(server.port, token, id, ['error', 'draft_complete'], 120_000);
    const { misses } = prober.stop();
    expect(end).toMatchObject({ status: 'error', failed_step: 'parse', can_resume: false });
    expect(end.error_message).toMatch(/^This file could not be read: it expands to more than 320 MB of memory/);
    expect(misses).toEqual([]);
    expect(server.alive()).toBe(true);
    // the roll's task is not tried again (a warm-up that outgrows this small limit may be, and is not the file's)
    expect(server.output()).not.toMatch(/sandbox: (parse|render|legacy-cover)\b[^\n]*trying once more/);
    // the server still works: an upload after it is taken
    expect((await apiCall(server.port, '/api/documents', { token })).status).toBe(200);
  } finally {
    await server.stop();
  }
});
