import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { setDbForTests } from '@/lib/server/database';
import { fileChunks, storedFiles } from '@/db/schema';
import { resetConfigForTests } from '@/lib/config';
import { closeSandbox } from '@/lib/sandbox';
import { resetJobsForTests, startLocalJobs } from '@/lib/server/jobs';
import { GET as statusRoute } from '@/app/api/documents/[id]/route';
import { POST as uploadRoute } from '@/app/api/documents/voter-slip-generator/route';
import { call } from '@/tests/auth/helpers';

export const ROLL_PATH = path.resolve(process.cwd(), '../shared/fixtures/rolls/daman-2017-part1-gujarati.pdf');
export const HAVE_ROLL = fs.existsSync(ROLL_PATH);
if (!HAVE_ROLL && process.env.CI) throw new Error(`The shared roll fixture is required on CI and is missing: ${ROLL_PATH}`);
export const NO_ROLL_REASON = `shared roll fixture not found at ${ROLL_PATH}`;

/**
 * The documents suites' environment: a scratch DATA_DIR, the suite's database behind the route handlers,
 * the file store driver under test, and this process's local job runner polling fast.
 */
export function useDocumentsTestEnv(ctx: { readonly db: Db }, options: { filesStore?: 'disk' | 'database'; env?: Record<string, string> } = {}): { dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-docs-test-'));
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    const env: Record<string, string | undefined> = {
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      DATA_DIR: dataDir,
      FILES_STORE: options.filesStore ?? 'disk',
      RAZORPAY_KEY_ID: undefined,
      RAZORPAY_KEY_SECRET: undefined,
      RAZORPAY_WEBHOOK_SECRET: undefined,
      JOBS_PROVIDER: 'local',
      VSG_JOBS_POLL_MS: '100',
      VSG_JOBS_LEASE_MS: '3000',
      VSG_JOBS_RETRY_MS: '50',
      ...options.env,
    };
    for (const [key, value] of Object.entries(env)) {
      saved[key] = process.env[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfigForTests();
    setDbForTests(ctx.db);
    await resetJobsForTests();
    // the sandbox pool takes its limits from the environment just set
    await closeSandbox();
    await startLocalJobs();
  });
  afterAll(async () => {
    await resetJobsForTests();
    await closeSandbox();
    setDbForTests(undefined);
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfigForTests();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir };
}

export interface UploadInput {
  voterList: { bytes: Uint8Array; name: string };
  banner: { bytes: Uint8Array; name: string };
  fields?: Record<string, string>;
}

/** A multipart upload Request as a browser would send it. */
export function uploadRequest(token: string, input: UploadInput): Request {
  const form = new FormData();
  form.set('pdf_file', new Blob([Buffer.from(input.voterList.bytes)]), input.voterList.name);
  form.set('banner_file', new Blob([Buffer.from(input.banner.bytes)]), input.banner.name);
  const fields = { page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'Govt. School, Room 2', ...input.fields };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return new Request('http://test.local/api/documents/voter-slip-generator', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
}

export async function upload(token: string, input: UploadInput): Promise<{ status: number; body: any }> {
  const res = await uploadRoute(uploadRequest(token, input), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

export async function status(token: string, id: number): Promise<any> {
  const res = await call(statusRoute, { token, params: { id: String(id) } });
  expect(res.status).toBe(200);
  return res.body;
}

/** Polls the status handler until the task reaches one of `until` (or fails the test after `timeoutMs`). */
export async function waitForStatus(token: string, id: number, until: string[], timeoutMs = 90_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    last = await status(token, id);
    if (until.includes(last.status)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task ${id} did not reach ${until.join('/')} in ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
}

/** Everything the file store holds: file records, database chunks and files on disk under DATA_DIR/files. */
export async function storeContents(db: Db, dataDir: string): Promise<{ records: string[]; chunks: number; diskFiles: string[] }> {
  const records = (await db.select({ id: storedFiles.id }).from(storedFiles)).map((r) => r.id).sort();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(fileChunks);
  const root = path.join(dataDir, 'files');
  const diskFiles = fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort() : [];
  return { records, chunks: n, diskFiles };
}

export interface ListFile {
  bytes: Uint8Array;
  name: string;
}

/** A multipart upload of several voter lists (`pdf_file` once per list, as the generator's form sends them). */
export function uploadMany(token: string, lists: readonly ListFile[], banner: ListFile, fields: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  const all = { page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'Govt. School, Room 2', ...fields };
  for (const [k, v] of Object.entries(all)) form.set(k, v);
  for (const list of lists) form.append('pdf_file', new Blob([Buffer.from(list.bytes)]), list.name);
  form.set('banner_file', new Blob([Buffer.from(banner.bytes)]), banner.name);
  const req = new Request('http://test.local/api/documents/voter-slip-generator', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return uploadRoute(req, { params: Promise.resolve({}) });
}

/** Pages of a PDF, as pdfinfo counts them. */
export function pdfPages(bytes: Uint8Array): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-pdf-'));
  const file = path.join(dir, 'x.pdf');
  fs.writeFileSync(file, bytes);
  const info = execFileSync('pdfinfo', [file]).toString();
  fs.rmSync(dir, { recursive: true, force: true });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

/** A file route (view, download) called with a signed link as a browser follows it, with any request headers (Range). */
export async function fetchFile(handler: unknown, url: string, id: number, headers: Record<string, string> = {}): Promise<{ status: number; bytes: Uint8Array; headers: Headers }> {
  const res = await (handler as (r: Request, c: { params: Promise<{ id: string }> }) => Promise<Response>)(new Request(`http://test.local${url}`, { headers }), {
    params: Promise.resolve({ id: String(id) }),
  });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), headers: res.headers };
}
