import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './helpers/test';
import * as XLSX from 'xlsx';
import sharp from 'sharp';

/**
 * A real server process (`npm run serve`, PGlite, the local job runner) is killed with SIGKILL while it
 * renders a large final PDF, then started again on the same data directory: the job must finish, and no
 * step before the one that was running may run again (counted in the job's step records).
 */
const PORT = Number(process.env.E2E_CRASH_PORT ?? 3199);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'crash-admin@e2e.test', password: 'crash-pass-123' };
const VOTERS = 60_000;

/**
 * Starts the server on PORT once nothing answers there: a server of the test before, killed, may still be on its
 * way out, and a login or an upload sent to it would get that server's answer (its own users and secret).
 */
async function startServer(dataDir: string): Promise<ChildProcess> {
  await portFree();
  const child = spawn('npm', ['run', 'serve'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => fs.appendFileSync(path.join(dataDir, '..', 'server.log'), d));
  child.stderr?.on('data', (d: Buffer) => fs.appendFileSync(path.join(dataDir, '..', 'server.log'), d));
  return child;
}

/** Waits until nothing listens on PORT (a refused connection), for at most `timeoutMs`. */
async function portFree(timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(PORT, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (!listening) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`port ${PORT} is still taken after ${timeoutMs / 1000} s`);
}

/** Waits for the server to answer; fails at once, with its log, if its process has ended. */
async function waitReady(child: ChildProcess, log: string, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${tail(log)}`);
    }
    try {
      const res = await fetch(`${BASE}/api/documents/pricing`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s:\n${tail(log)}`);
}

/** The last lines of the server's log, for a failure message. */
function tail(log: string, lines = 40): string {
  return fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(-lines).join('\n') : '(no server log)';
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((r) => child.once('exit', r));
}

async function api(pathname: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: any }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${BASE}${pathname}`, { ...init, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

/** The bench admin's access token, from a fresh login. */
async function login(): Promise<string> {
  const res = await api('/api/login', { method: 'POST', body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }) });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

/** A task's status, polled until it is one of `statuses` (or `deadlineMs` passes: the last answer). */
async function statusUntil(token: string, id: number, statuses: string[], deadlineMs = 300_000): Promise<any> {
  const deadline = Date.now() + deadlineMs;
  let s = (await api(`/api/documents/${id}`, { token })).body;
  while (!statuses.includes(s.status) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    s = (await api(`/api/documents/${id}`, { token })).body;
  }
  return s;
}

/** Pays for a task's draft in test mode, as Checkout's stand-in does. */
async function payInTestMode(token: string, id: number): Promise<void> {
  const order = (await api(`/api/documents/${id}/continue`, { method: 'POST', token })).body;
  const signed = (await api('/api/payments/test-checkout', { method: 'POST', token, body: JSON.stringify({ order_id: order.razorpay_order_id }), headers: { 'content-type': 'application/json' } })).body;
  const paid = await api(`/api/documents/${id}/payment`, { method: 'POST', token, body: JSON.stringify(signed), headers: { 'content-type': 'application/json' } });
  expect(paid.status).toBe(200);
}

/** Stops the server cleanly and answers how often each step of the slip jobs started, and whether it finished. */
async function stepRecords(server: ChildProcess, dataDir: string): Promise<{ step_id: string; runs: number; done: boolean }[]> {
  killGroup(server, 'SIGTERM');
  await exited(server);
  const { openDb } = await import('../db/client');
  const handle = await openDb({ pgliteDir: path.join(dataDir, 'pglite'), migrate: false });
  const { sql } = await import('drizzle-orm');
  const result = (await handle.db.execute(
    sql`select j.name, s.step_id, s.runs, s.completed_at is not null as done from job_steps s join jobs j on j.id = s.job_id order by j.created_at`,
  )) as unknown as { rows: { name: string; step_id: string; runs: number; done: boolean }[] };
  await handle.close();
  return result.rows.filter((r) => r.name.startsWith('slips-'));
}

/**
 * Polls a task's progress until `now(message)` says the moment has come, then kills the server's whole
 * process tree (SIGKILL) and answers the message it was killed at. The task must not finish first.
 */
async function killWhen(server: ChildProcess, token: string, id: number, now: (message: string) => boolean, everyMs: number): Promise<string> {
  for (;;) {
    const s = (await api(`/api/documents/${id}`, { token })).body;
    if (now(s.progress_message ?? '')) {
      killGroup(server, 'SIGKILL');
      await exited(server);
      test.info().annotations.push({ type: 'killed at', description: s.progress_message });
      return s.progress_message as string;
    }
    expect(s.status, JSON.stringify(s)).not.toBe('complete');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

test.describe.configure({ mode: 'serial', timeout: 600_000 });

test('SIGKILL during the final render: after a restart the job finishes and finished steps are not repeated', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-crash-'));
  const dataDir = path.join(root, 'data');
  const log = path.join(root, 'server.log');
  let server = await startServer(dataDir);
  let finished = false;
  try {
    await waitReady(server, log);
    const token = await login();

    const rows = [['Sl. No.', 'EPIC No.', 'Name of Elector', 'House No.', 'Age', 'Gender']];
    for (let i = 1; i <= VOTERS; i++) rows.push([String(i), `CRS${String(1000000 + i)}`, `Voter ${i}`, String(i % 300), String(18 + (i % 70)), i % 2 ? 'F' : 'M']);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Voters');
    const xlsx = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    const banner = await sharp({ create: { width: 600, height: 120, channels: 3, background: '#1e3c8c' } }).png().toBuffer();
    const form = new FormData();
    form.set('pdf_file', new Blob([new Uint8Array(xlsx)]), 'big-list.xlsx');
    form.set('banner_file', new Blob([new Uint8Array(banner)]), 'banner.png');
    form.set('page_size', 'a4');
    form.set('orientation', 'portrait');
    form.set('slips_per_page', '8');
    form.set('print_photo', 'false');
    form.set('booth_address', 'Govt. School, Room 2');
    const started = await api('/api/documents/voter-slip-generator', { method: 'POST', body: form, token });
    expect(started.status).toBe(201);
    const id = started.body.id as number;

    let s = await statusUntil(token, id, ['draft_complete', 'error']);
    expect(s.status).toBe('draft_complete');
    expect(s.total_pages).toBe(VOTERS / 8);
    await payInTestMode(token, id);

    // wait until the final render is under way (pages are being written), then kill the whole process tree
    await killWhen(
      server,
      token,
      id,
      (message) => {
        const m = /page (\d+) of (\d+)/.exec(message);
        return !!m && Number(m[1]) > 0 && Number(m[1]) < Number(m[2]) * 0.8;
      },
      100,
    );

    server = await startServer(dataDir);
    await waitReady(server, log);
    s = await statusUntil(await login(), id, ['complete', 'error']);
    expect(s.status, JSON.stringify(s)).toBe('complete');
    const pdf = await fetch(`${BASE}${s.download_url}`);
    expect(pdf.status).toBe(200);
    const file = path.join(root, 'final.pdf');
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(new RegExp(`Pages:\\s+${VOTERS / 8}\\b`));

    // stop cleanly, then count how often each step started
    const runs = Object.fromEntries((await stepRecords(server, dataDir)).map((r) => [r.step_id, r.runs]));
    expect(runs).toEqual({ parse: 1, 'render-draft': 1, 'late-ids': 1, 'roll-facts': 1, 'render-final': 2 });
    finished = true;
  } finally {
    killGroup(server, 'SIGKILL');
    // a failed run keeps the servers' log in its report (the folder is removed)
    if (!finished && fs.existsSync(log)) await test.info().attach('server.log', { path: log, contentType: 'text/plain' });
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('SIGKILL while the lists of a task of several are made: after a restart every list finishes once, none read again', async () => {
  const LISTS = 8;
  const PER_LIST = 6_000;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-crash-parts-'));
  const dataDir = path.join(root, 'data');
  const log = path.join(root, 'server.log');
  let server = await startServer(dataDir);
  let finished = false;
  try {
    await waitReady(server, log);
    const token = await login();
    const banner = await sharp({ create: { width: 600, height: 120, channels: 3, background: '#1e3c8c' } }).png().toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({ page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'Ward office' })) form.set(k, v);
    for (let part = 1; part <= LISTS; part++) {
      const rows = [['Sl. No.', 'Part No.', 'EPIC No.', 'Name of Elector', 'Age', 'Gender']];
      for (let i = 1; i <= PER_LIST; i++) rows.push([String(i), String(part), `PRT${String(part * 100000 + i).padStart(7, '0')}`, `Voter ${i}`, String(18 + (i % 70)), i % 2 ? 'F' : 'M']);
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Voters');
      form.append('pdf_file', new Blob([new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer)]), `part-${part}.xlsx`);
    }
    form.set('banner_file', new Blob([new Uint8Array(banner)]), 'banner.png');
    const started = await api('/api/documents/voter-slip-generator', { method: 'POST', body: form, token });
    expect(started.status).toBe(201);
    const id = started.body.id as number;

    let s = await statusUntil(token, id, ['draft_complete', 'error']);
    expect(s.status, JSON.stringify(s.error_message)).toBe('draft_complete');
    expect(s.total_pages).toBe((LISTS * PER_LIST) / 8);
    await payInTestMode(token, id);

    // kill once some lists are made and others are not
    await killWhen(
      server,
      token,
      id,
      (message) => {
        const m = /(\d+) of (\d+) made$/.exec(message);
        return !!m && Number(m[1]) >= 2 && Number(m[1]) <= LISTS - 3;
      },
      50,
    );

    server = await startServer(dataDir);
    await waitReady(server, log);
    s = await statusUntil(await login(), id, ['complete', 'error']);
    expect(s.status, JSON.stringify(s)).toBe('complete');
    const zip = await fetch(`${BASE}${s.download_url}`);
    expect(zip.status).toBe(200);
    const { unzipSync } = await import('fflate');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(LISTS);

    const steps = await stepRecords(server, dataDir);
    const reads = steps.filter((r) => r.step_id.startsWith('parse-part-'));
    const made = steps.filter((r) => r.step_id.startsWith('final-part-'));
    expect(reads).toHaveLength(LISTS);
    // every list read once: none was read again after the restart
    for (const r of reads) expect(r.runs).toBe(1);
    // every list made and finished once, by the task's run or a helper; the ones being made at the kill
    // (at most four: two claimed by the run, one by each helper) started once more, in whichever run took them
    const perList = new Map<string, { done: number; runs: number }>();
    for (const r of made) {
      const list = perList.get(r.step_id) ?? { done: 0, runs: 0 };
      perList.set(r.step_id, { done: list.done + (r.done ? 1 : 0), runs: list.runs + r.runs });
    }
    expect(perList.size).toBe(LISTS);
    for (const list of perList.values()) {
      expect(list.done).toBe(1);
      expect(list.runs).toBeLessThanOrEqual(2);
    }
    const again = [...perList.values()].filter((list) => list.runs > 1);
    expect(again.length).toBeLessThanOrEqual(4);
    expect(LISTS - again.length).toBeGreaterThanOrEqual(2);
    expect(steps.find((r) => r.step_id === 'zip')?.runs).toBe(1);
    finished = true;
  } finally {
    killGroup(server, 'SIGKILL');
    if (!finished && fs.existsSync(log)) await test.info().attach('server.log', { path: log, contentType: 'text/plain' });
    fs.rmSync(root, { recursive: true, force: true });
  }
});
