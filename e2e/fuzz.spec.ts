import fs from 'node:fs';
import { expect, test } from './helpers/test';
import sharp from 'sharp';
import { fuzzCases, type FuzzCase } from '../tests/fuzz/cases';
import { E2E_PORT } from './env';
import { startServer, type RunningServer } from './helpers/server';
import { apiCall, loginWith, probeRoot, sampleMemory, STALL_MS, storedFileCount, waitForTask } from './helpers/watch';

/**
 * The fuzz suite: hostile and broken uploads (tests/fuzz/cases.ts, built at test time) against one real
 * server. For every case: a 4xx with a specific reason, or a task that ends `error` with a specific
 * message (and no Resume Processing: the file is the cause) — or, for a mutation that left the file
 * valid, a draft — within a bounded time; all the while the server answers `GET /` without a stall
 * (helpers/watch.ts) and its process tree stays under 1.5 GB; and a refused upload leaves no file behind.
 * FUZZ_SEED, FUZZ_TRUNCATIONS, FUZZ_FLIPS and FUZZ_RANDOM make a longer run (`npm run fuzz`).
 */
const PORT = E2E_PORT + 40;
const ADMIN = { ADMIN_EMAIL: 'fuzz-admin@e2e.test', ADMIN_PASSWORD: 'fuzz-pass-123' };
/** How long one case may take, upload to its task's end. */
const CASE_MS = 120_000;
const AT_ONCE = 2;
const MEMORY_MB = 1536;

/** Messages no user should see: a generic failure, or a library's or the runtime's own words. */
const NOT_FOR_USERS = [
  /Something went wrong/i,
  /Unknown error/i,
  /vips|libpng|jpeg|sharp/i,
  /Failed to parse PDF document|Invalid PDF structure|Expected next byte/i,
  /TypeError|RangeError|ReferenceError|SyntaxError|Maximum call stack|Cannot read prop|undefined|\bnull\b/,
  /ENOENT|EACCES|EPIPE|ECONNRESET/,
  /Invalid input: expected/,
];

interface Outcome {
  kind: 'refused' | 'error' | 'draft';
  status: number;
  message: string;
  canResume?: boolean;
  ms: number;
}

/**
 * A signed-in admin whose access token is renewed before it runs out (it lasts 15 minutes; a run on a
 * loaded machine lasts longer): an expired token would turn every later case into a 401.
 */
function session(port: number): () => Promise<string> {
  let token = '';
  let signedInAt = 0;
  return async () => {
    if (Date.now() - signedInAt > 10 * 60_000) {
      token = await loginWith(port, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      signedInAt = Date.now();
    }
    return token;
  };
}

function env(name: string, fallback: number): number {
  return process.env[name] ? Number(process.env[name]) : fallback;
}

async function upload(server: RunningServer, token: string, c: FuzzCase, banner: Uint8Array): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.set('pdf_file', new Blob([Buffer.from(c.voterList.bytes)]), c.voterList.name);
  form.set('banner_file', new Blob([Buffer.from(c.banner?.bytes ?? banner)]), c.banner?.name ?? 'banner.png');
  for (const [k, v] of Object.entries({ page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'Govt. School, Room 2' })) form.set(k, v);
  return apiCall(server.port, '/api/documents/voter-slip-generator', { method: 'POST', body: form, token });
}

async function runCase(server: RunningServer, signedIn: () => Promise<string>, c: FuzzCase, banner: Uint8Array): Promise<Outcome> {
  const started = Date.now();
  const token = await signedIn();
  const answer = await upload(server, token, c, banner);
  if (answer.status !== 201) return { kind: 'refused', status: answer.status, message: String(answer.body?.detail ?? answer.body), ms: Date.now() - started };
  const end = await waitForTask(server.port, token, answer.body.id as number, ['error', 'draft_complete'], CASE_MS);
  if (end.status === 'draft_complete') {
    // free the user's open-task slot; the draft's files go with it
    await apiCall(server.port, `/api/documents/${end.id ?? answer.body.id}/cancel`, { method: 'POST', token });
    return { kind: 'draft', status: 201, message: '', ms: Date.now() - started };
  }
  return { kind: 'error', status: 201, message: String(end.error_message ?? ''), canResume: end.can_resume, ms: Date.now() - started };
}

/** What is wrong with an outcome, or null when it is a right answer to the case. */
function judge(c: FuzzCase, o: Outcome): string | null {
  if (o.kind === 'draft') return c.mayPass ? null : 'a draft was made from a file that cannot be a voter list';
  if (o.kind === 'refused' && (o.status < 400 || o.status >= 500)) return `answered ${o.status}`;
  if (o.kind === 'refused' && (o.status === 401 || o.status === 403)) return `refused for the session, not the file (${o.status})`;
  if (o.message.trim().length < 10) return `no reason given (${JSON.stringify(o.message)})`;
  const leak = NOT_FOR_USERS.find((r) => r.test(o.message));
  if (leak) return `the reason is not for users (${leak}): ${o.message}`;
  if (o.kind === 'error' && o.canResume !== false) return `Resume Processing offered for an error the file caused: ${o.message}`;
  return null;
}

test.describe.configure({ mode: 'serial' });

test('hostile uploads: each ends with a specific reason in bounded time; the server stays up and within its memory; refused uploads leave no file', async () => {
  const cases = await fuzzCases({
    seed: env('FUZZ_SEED', 1),
    truncations: env('FUZZ_TRUNCATIONS', 45),
    flips: env('FUZZ_FLIPS', 35),
    random: env('FUZZ_RANDOM', 20),
  });
  expect(cases.length).toBeGreaterThanOrEqual(300);
  test.setTimeout(5 * 60_000 + cases.length * 5_000);
  // One sandbox process of at most 1,024 MB beside the web server keeps the tree under 1.5 GB; a stalled page is
  // given 10 s (its own limit is 30 s) so the run stays short.
  const server = await startServer({
    port: PORT,
    database: 'pglite',
    env: { ...ADMIN, MAX_OPEN_TASKS: '20', SANDBOX_PROCESSES: '1', SANDBOX_MEMORY_MB: '1024', SANDBOX_STALL_SECONDS: '10', SANDBOX_TIMEOUT_SECONDS: '90' },
  });
  const banner = new Uint8Array(await sharp({ create: { width: 600, height: 120, channels: 3, background: '#1e3c8c' } }).png().toBuffer());
  const prober = await probeRoot([server]);
  const memory = sampleMemory(server);
  const failures: string[] = [];
  const record: { id: string; kind: string; ms: number; message: string }[] = [];
  const kinds = { refused: 0, error: 0, draft: 0 };
  let slowest = { id: '', ms: 0 };
  try {
    const signedIn = session(server.port);
    // Refused at the door, one at a time: the store must hold no more files after each than before.
    const door = cases.filter((c) => c.id.startsWith('type-') || c.id.startsWith('banner-'));
    for (const c of door) {
      const before = storedFileCount(server);
      const o = await runCase(server, signedIn, c, banner);
      kinds[o.kind]++;
      const wrong = judge(c, o);
      if (wrong) failures.push(`${c.id} (${c.family}): ${wrong}`);
      if (o.kind === 'refused' && storedFileCount(server) > before) failures.push(`${c.id} (${c.family}): refused, but ${storedFileCount(server) - before} file(s) were left in the store`);
    }
    // The rest, a few at a time.
    const rest = cases.filter((c) => !door.includes(c));
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < rest.length) {
          const c = rest[next++];
          try {
            const o = await runCase(server, signedIn, c, banner);
            kinds[o.kind]++;
            record.push({ id: c.id, kind: o.kind, ms: o.ms, message: o.message });
            if (o.ms > slowest.ms) slowest = { id: c.id, ms: o.ms };
            const wrong = judge(c, o);
            if (wrong) failures.push(`${c.id} (${c.family}): ${wrong}`);
          } catch (error) {
            failures.push(`${c.id} (${c.family}): ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }),
    );
  } finally {
    const { misses, slowestMs, p99Ms, answers } = prober.stop();
    const peakMb = memory.stop();
    const alive = server.alive();
    const log = server.output();
    await server.stop();
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/fuzz-outcomes.json', JSON.stringify(record, null, 1));
    if (failures.length) console.log(`fuzz failures:\n${failures.join('\n')}`);
    console.log(
      `fuzz: ${cases.length} cases · refused ${kinds.refused} · error ${kinds.error} · draft ${kinds.draft} · slowest case ${slowest.id} ${(slowest.ms / 1000).toFixed(1)} s · GET / ${answers} answers, 99th percentile ${p99Ms} ms, slowest ${slowestMs} ms, ${misses.length} stalls · peak tree ${peakMb.toFixed(0)} MB (${memory.peakParts()})`,
    );
    expect(alive, log.slice(-3000)).toBe(true);
    expect(misses, `GET / stalled (no answer within ${STALL_MS} ms): ${misses.slice(0, 10).join('; ')}`).toEqual([]);
    expect(peakMb, 'memory of the server process tree, MB').toBeLessThan(MEMORY_MB);
  }
  expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
});
