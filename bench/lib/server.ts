import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/**
 * What the server benchmarks share: the real built server (`npm run serve`) on its own port and data
 * directory, its API, and the CPU and memory of its process tree (the web server and its sandbox
 * processes) read from /proc.
 */
export const BENCH_ADMIN = { email: 'bench@bench.test', password: 'bench-pass-123' };
const CLK_TCK = 100;

export function treePids(root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    try {
      const children = fs.readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, 'utf8').trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone
    }
  }
  return out;
}

/** RSS of the process tree, in MB; with `webOnly`, without the sandbox processes (the web server's own). */
export function treeRssMb(root: number, webOnly = false): number {
  let kb = 0;
  for (const pid of treePids(root)) {
    try {
      if (webOnly && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('vsg-sandbox')) continue;
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

/**
 * CPU seconds (user + system) of the tree: its live processes, and the ones that ended (a sandbox process
 * replaced), which the kernel adds to their parent's children's time once reaped; with `webOnly`, the web
 * server alone (no sandbox process, live or ended).
 */
export function treeCpuSeconds(root: number, webOnly = false): number {
  let ticks = 0;
  for (const pid of treePids(root)) {
    try {
      if (webOnly && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('vsg-sandbox')) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      if (!webOnly) ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone
    }
  }
  return ticks / CLK_TCK;
}

export interface BenchServer {
  base: string;
  process: ChildProcess;
  api(pathname: string, init?: RequestInit & { token?: string }): Promise<any>;
  login(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the built server on `port` with a fresh `dataDir`, and waits until it answers. BENCH_NODE_ARGS
 * (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") runs the server's Node with those options, to see where its time goes.
 */
export async function startBenchServer(options: { root: string; port: number; dataDir: string; env?: Record<string, string> }): Promise<BenchServer> {
  const base = `http://127.0.0.1:${options.port}`;
  if (!fs.existsSync(`${options.root}/.next/BUILD_ID`)) throw new Error('Build first: npm run build');
  if (await fetch(`${base}/`).then(() => true, () => false)) throw new Error(`port ${options.port} is taken (an old server?): set BENCH_PORT`);
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const [command, args] = nodeArgs.length
    ? [process.execPath, [...nodeArgs, 'node_modules/next/dist/bin/next', 'start', '-p', String(options.port)]]
    : ['npm', ['run', 'serve']];
  const server = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      NEXT_MANUAL_SIG_HANDLE: 'true',
      // the built server runs as production, which takes real payments only when asked for test mode
      PAYMENTS_TEST_MODE: 'true',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const api = async (pathname: string, init: RequestInit & { token?: string } = {}): Promise<any> => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    const res = await fetch(`${base}${pathname}`, { ...init, headers });
    const body = await res.json();
    if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${base}/api/documents/pricing`).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    process: server,
    api,
    login: async () =>
      (await api('/api/login', { method: 'POST', body: new URLSearchParams({ username: BENCH_ADMIN.email, password: BENCH_ADMIN.password }) })).access_token as string,
    stop: async () => {
      // the whole process group (npm and the server under it)
      process.kill(-server.pid!, 'SIGTERM');
      await new Promise((r) => server.once('exit', r));
      for (let i = 0; i < 50 && (await fetch(`${base}/`).then(() => true, () => false)); i++) await new Promise((r) => setTimeout(r, 200));
    },
  };
}

/** A task's status until it is one of `statuses` (an error ends the wait with its message). */
export async function waitForStatus(server: BenchServer, token: string, id: number, statuses: string[], everyMs = 100): Promise<any> {
  for (;;) {
    const s = await server.api(`/api/documents/${id}`, { token });
    if (statuses.includes(s.status)) return s;
    if (s.status === 'error') throw new Error(`task ${id} failed: ${s.error_message}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The generator's multipart form for a voter list and a banner (A4 portrait, 8 per page). */
export function generatorForm(list: { bytes: Uint8Array; name: string }, banner: Uint8Array): FormData {
  const form = new FormData();
  form.set('pdf_file', new Blob([Buffer.from(list.bytes)]), list.name);
  form.set('banner_file', new Blob([Buffer.from(banner)]), 'banner.png');
  for (const [k, v] of Object.entries({ page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'राजकीय प्राथमिक विद्यालय, कक्ष 2' })) form.set(k, v);
  return form;
}
