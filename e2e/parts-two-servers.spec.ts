import postgres from 'postgres';
import sharp from 'sharp';
import * as XLSX from 'xlsx';
import { expect, test } from './helpers/test';
import { E2E_PORT } from './env';
import { createPostgresDatabase, postgresReachable, startServer, type RunningServer } from './helpers/server';
import { apiCall, groupProcesses, loginWith, waitForTask } from './helpers/watch';

/**
 * Two real server processes over one PostgreSQL database share the lists of one task: the task's own run
 * and its helper jobs (any process may take them) claim lists one at a time, so both processes read lists
 * and both make final slips; every list is read once and made once, and the ZIP holds them all.
 */
const ADMIN = { ADMIN_EMAIL: 'parts-admin@e2e.test', ADMIN_PASSWORD: 'parts-pass-123' };
const LISTS = 8;
const PER_LIST = 4_000;

/** A task of `lists` made-up sheets of `perList` voters each, uploaded in one form; its id. */
async function uploadLists(port: number, token: string, lists: number, perList: number): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'Ward office' })) form.set(k, v);
  for (let part = 1; part <= lists; part++) {
    const rows = [['Sl. No.', 'Part No.', 'EPIC No.', 'Name of Elector', 'Age', 'Gender']];
    for (let i = 1; i <= perList; i++) rows.push([String(i), String(part), `TWO${String(part * 100000 + i).padStart(7, '0')}`, `Voter ${i}`, String(18 + (i % 70)), i % 2 ? 'F' : 'M']);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Voters');
    form.append('pdf_file', new Blob([new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer)]), `part-${part}.xlsx`);
  }
  const banner = await sharp({ create: { width: 600, height: 120, channels: 3, background: '#1e3c8c' } }).png().toBuffer();
  form.set('banner_file', new Blob([new Uint8Array(banner)]), 'banner.png');
  const started = await apiCall(port, '/api/documents/voter-slip-generator', { method: 'POST', body: form, token });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return started.body.id as number;
}

/** Pays for a task's draft in test mode, as Checkout's stand-in does. */
async function payInTestMode(port: number, token: string, id: number): Promise<void> {
  const json = { 'content-type': 'application/json' };
  const order = await apiCall(port, `/api/documents/${id}/continue`, { method: 'POST', token });
  const signed = await apiCall(port, '/api/payments/test-checkout', { method: 'POST', token, headers: json, body: JSON.stringify({ order_id: order.body.razorpay_order_id }) });
  expect((await apiCall(port, `/api/documents/${id}/payment`, { method: 'POST', token, headers: json, body: JSON.stringify(signed.body) })).status).toBe(200);
}

test.describe.configure({ mode: 'serial', timeout: 480_000 });

test('two servers on PostgreSQL share the lists of one task: both read lists, both make slips, each list once', async () => {
  if (!(await postgresReachable())) {
    if (process.env.CI) throw new Error('PostgreSQL is required on CI for the two-server tests.');
    test.skip(true, 'PostgreSQL is not reachable at 127.0.0.1:5432');
  }
  const database = await createPostgresDatabase();
  // one secret: a token from one server is good on the other; two jobs and one sandbox process each, so that
  // the task's own run and one helper fill a server and the other helper goes to the other one
  const env = { ...ADMIN, VSG_JOBS_LEASE_MS: '5000', JOBS_CONCURRENCY: '2', PARTS_CONCURRENCY: '1', SANDBOX_PROCESSES: '1', JWT_SECRET: 'parts-e2e-secret-parts-e2e-secret-0123456' };
  const servers: RunningServer[] = [];
  const sql = postgres(database.url, { max: 1 });
  try {
    servers.push(await startServer({ port: E2E_PORT + 50, database: 'postgres', databaseUrl: database.url, env }));
    servers.push(await startServer({ port: E2E_PORT + 51, database: 'postgres', databaseUrl: database.url, env }));
    const port = servers[0].port;
    const token = await loginWith(port, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);

    const id = await uploadLists(port, token, LISTS, PER_LIST);

    const draft = await waitForTask(port, token, id, ['draft_complete', 'error'], 300_000);
    expect(draft.status, draft.error_message).toBe('draft_complete');
    expect(draft.total_pages).toBe((LISTS * PER_LIST) / 8);

    await payInTestMode(port, token, id);
    const done = await waitForTask(port, token, id, ['complete', 'error'], 300_000);
    expect(done.status, done.error_message).toBe('complete');

    const parts = await sql<{ read_by: string | null; made_by: string | null; claimed_by: string | null }[]>`select read_by, made_by, claimed_by from document_parts where document_id = ${id}`;
    expect(parts).toHaveLength(LISTS);
    const readers = new Set(parts.map((p) => p.read_by));
    const makers = new Set(parts.map((p) => p.made_by));
    test.info().annotations.push({ type: 'lists read by', description: JSON.stringify([...readers]) }, { type: 'lists made by', description: JSON.stringify([...makers]) });
    expect(readers.has(null)).toBe(false);
    expect(makers.has(null)).toBe(false);
    // both server processes did lists (a process is named host#pid; the two servers are two pids)
    expect(readers.size).toBe(2);
    expect(makers.size).toBe(2);
    expect(parts.every((p) => p.claimed_by === null)).toBe(true);
    // each list read once and made once, whichever run did it
    const steps = await sql<{ step_id: string; runs: number; done: boolean }[]>`
      select s.step_id, s.runs, s.completed_at is not null as done from job_steps s join jobs j on j.id = s.job_id where (j.payload->>'documentId')::int = ${id}`;
    const partSteps = steps.filter((s) => /^(parse|final)-part-/.test(s.step_id));
    expect(partSteps).toHaveLength(2 * LISTS);
    for (const step of partSteps) expect(step).toMatchObject({ runs: 1, done: true });
    for (const server of servers) expect(server.alive()).toBe(true);
  } finally {
    await sql.end({ timeout: 5 });
    for (const server of servers) await server.stop();
    await database.drop();
  }
});

test('two servers on PostgreSQL, one killed (SIGKILL) while the lists are made: the other finishes every list once', async () => {
  if (!(await postgresReachable())) {
    if (process.env.CI) throw new Error('PostgreSQL is required on CI for the two-server tests.');
    test.skip(true, 'PostgreSQL is not reachable at 127.0.0.1:5432');
  }
  const database = await createPostgresDatabase();
  const env = { ...ADMIN, VSG_JOBS_LEASE_MS: '5000', JOBS_CONCURRENCY: '2', PARTS_CONCURRENCY: '1', SANDBOX_PROCESSES: '1', JWT_SECRET: 'parts-e2e-secret-parts-e2e-secret-0123456' };
  const servers: RunningServer[] = [];
  const sql = postgres(database.url, { max: 1 });
  try {
    servers.push(await startServer({ port: E2E_PORT + 52, database: 'postgres', databaseUrl: database.url, env }));
    servers.push(await startServer({ port: E2E_PORT + 53, database: 'postgres', databaseUrl: database.url, env }));
    const [doomed, survivor] = servers;
    const token = await loginWith(survivor.port, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const id = await uploadLists(survivor.port, token, 8, 6_000);
    const draft = await waitForTask(survivor.port, token, id, ['draft_complete', 'error'], 300_000);
    expect(draft.status, draft.error_message).toBe('draft_complete');
    await payInTestMode(survivor.port, token, id).catch((error: unknown) => {
      throw new Error(`payment failed: ${String(error)}\n--- survivor:\n${survivor.output().slice(-3000)}\n--- other:\n${doomed.output().slice(-3000)}`);
    });

    // once some lists are made and others are not, one server dies with its sandbox processes (the lists made are
    // counted in the jobs' steps: the progress line names the page being made more often than the lists made, and
    // on a fast machine a poll of it could miss every moment it did)
    for (;;) {
      const [{ made }] = await sql<{ made: number }[]>`
        select count(*)::int as made from job_steps s join jobs j on j.id = s.job_id
        where (j.payload->>'documentId')::int = ${id} and s.step_id like 'final-part-%' and s.completed_at is not null`;
      if (made >= 2 && made <= 5) break;
      const s = (await apiCall(survivor.port, `/api/documents/${id}`, { token })).body;
      expect(s.status, `${made} lists made: ${JSON.stringify(s)}`).not.toBe('complete');
      await new Promise((r) => setTimeout(r, 50));
    }
    const members = groupProcesses(doomed);
    expect(members.length, `the server on ${doomed.port} has no processes left: ${doomed.output().slice(-2000)}`).toBeGreaterThan(0);
    for (const { pid } of members) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }
    const done = await waitForTask(survivor.port, token, id, ['complete', 'error'], 300_000);
    expect(done.status, done.error_message).toBe('complete');
    const zip = await fetch(`http://127.0.0.1:${survivor.port}${done.download_url}`);
    const { unzipSync } = await import('fflate');
    expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())))).toHaveLength(8);

    // every list read once; every list made once (the ones being made on the dead server started once more)
    const steps = await sql<{ step_id: string; runs: number; done: boolean }[]>`
      select s.step_id, s.runs, s.completed_at is not null as done from job_steps s join jobs j on j.id = s.job_id where (j.payload->>'documentId')::int = ${id}`;
    for (const step of steps.filter((s) => s.step_id.startsWith('parse-part-'))) expect(step).toMatchObject({ runs: 1, done: true });
    const perList = new Map<string, { done: number; runs: number }>();
    for (const step of steps.filter((s) => s.step_id.startsWith('final-part-'))) {
      const list = perList.get(step.step_id) ?? { done: 0, runs: 0 };
      perList.set(step.step_id, { done: list.done + (step.done ? 1 : 0), runs: list.runs + step.runs });
    }
    // A list whose PDF was kept by the killed server in the moment before its step was noted as done is made
    // (and kept) once, with its step left open: it is not made again, since the list's file is what counts.
    const kept = new Map(
      (await sql<{ position: number; final_file_id: string | null }[]>`select position, final_file_id from document_parts where document_id = ${id}`).map((p) => [`final-part-${p.position}`, p.final_file_id]),
    );
    expect(perList.size).toBe(8);
    for (const [stepId, list] of perList) {
      expect(kept.get(stepId), `${stepId}: its list's final file`).toBeTruthy();
      expect(list.done, `${stepId}: noted as made`).toBeLessThanOrEqual(1);
      expect(list.runs).toBeLessThanOrEqual(2);
    }
    expect([...perList.values()].filter((l) => l.done === 0).length, 'lists left with an open step (at most the two being made when the server died)').toBeLessThanOrEqual(2);
    expect(survivor.alive()).toBe(true);
  } finally {
    await sql.end({ timeout: 5 });
    for (const server of servers) await server.stop();
    await database.drop();
  }
});
