import fs from 'node:fs';
import http from 'node:http';
import type { RunningServer } from './server';

/**
 * Watching a private server while tests throw hostile work at it: its API, whether `GET /` keeps
 * answering without a stall, and the memory of its whole process group (the web server and its sandbox
 * processes), from /proc.
 */
export async function apiCall(port: number, pathname: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: any }> {
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

export async function loginWith(port: number, email: string, password: string): Promise<string> {
  const res = await apiCall(port, '/api/login', { method: 'POST', body: new URLSearchParams({ username: email, password }) });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}

/** A task's status once it is one of `statuses`, or an error after `timeoutMs`. */
export async function waitForTask(port: number, token: string, id: number, statuses: string[], timeoutMs: number): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const answer = await apiCall(port, `/api/documents/${id}`, { token });
    if (answer.status !== 200) throw new Error(`task ${id}: its status answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    const s = answer.body;
    if (statuses.includes(s.status)) return s;
    if (Date.now() > end) throw new Error(`task ${id} still ${s.status} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One `GET /` with its time, or why it failed (`deadlineMs` 0: no deadline). */
function getRoot(port: number, deadlineMs: number): Promise<{ ms: number; failure: string | null }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const req = http.get({ host: '127.0.0.1', port, path: '/', ...(deadlineMs > 0 ? { timeout: deadlineMs } : {}) }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: Date.now() - started, failure: res.statusCode === 200 ? null : String(res.statusCode) }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${deadlineMs / 1000} s`)));
    req.on('error', (error) => resolve({ ms: Date.now() - started, failure: error.message }));
  });
}

/**
 * How slow one `GET /` may be while hostile work runs before it counts as a stall. Idle, the page answers in
 * about 15 ms; beside a sandbox at full CPU and another test's server and browser on two cores, answers of up
 * to about 1.1 s were seen on CI with the event loop free. What this watch guards against — work on the
 * server's own thread (a parse, a decompression, a render) — stops it for seconds, which this bound catches.
 */
export const STALL_MS = 3000;

/**
 * `GET /` every 250 ms on each server until stopped, each given up to 10 s: every stall (an answer slower
 * than `STALL_MS`, or none, with when it came in seconds from the start), the slowest answer and the 99th
 * percentile. Each server's first render of the page after it started (loading the page's code) is made
 * before the watch starts and is not timed: what is watched is whether hostile work slows a server that was
 * answering.
 */
export async function probeRoot(servers: RunningServer[]): Promise<{ stop: () => { misses: string[]; slowestMs: number; p99Ms: number; answers: number } }> {
  for (const s of servers) {
    const first = await getRoot(s.port, 0);
    if (first.failure) throw new Error(`GET / on ${s.port} failed before any work: ${first.failure}`);
  }
  const misses: string[] = [];
  const times: number[] = [];
  let running = true;
  const watchStarted = Date.now();
  const once = async (port: number) => {
    const { ms, failure } = await getRoot(port, 10_000);
    const at = ((Date.now() - watchStarted) / 1000).toFixed(1);
    if (failure) misses.push(`${port}: ${failure} (at ${at} s)`);
    else {
      times.push(ms);
      if (ms > STALL_MS) misses.push(`${port}: answered after ${ms} ms (at ${at} s)`);
    }
  };
  void (async () => {
    while (running) {
      await Promise.all(servers.map((s) => once(s.port)));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    stop: () => {
      running = false;
      const sorted = [...times].sort((a, b) => a - b);
      const p99Ms = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] : 0;
      return { misses, slowestMs: sorted.at(-1) ?? 0, p99Ms, answers: sorted.length };
    },
  };
}

/** Processes of a server's process group, each with its command line (from /proc). */
export function groupProcesses(server: RunningServer): { pid: number; cmdline: string }[] {
  const out: { pid: number; cmdline: string }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== server.group) continue;
      out.push({ pid: Number(entry), cmdline: fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8') });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Resident memory of each process of a server's group, in MB, with what the process is. */
export function groupRss(server: RunningServer): { pid: number; mb: number; what: string }[] {
  const out: { pid: number; mb: number; what: string }[] = [];
  for (const { pid, cmdline } of groupProcesses(server)) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      const args = cmdline.split('\0').filter(Boolean);
      const what = args.some((a) => a.includes('sandbox/child')) ? 'sandbox' : args.some((a) => a.includes('next')) ? 'server' : (args[0] ?? '?').split('/').pop() ?? '?';
      if (m) out.push({ pid, mb: Number(m[1]) / 1024, what });
    } catch {
      // gone
    }
  }
  return out;
}

/** Resident memory of a server's whole process group, in MB. */
export function groupRssMb(server: RunningServer): number {
  return groupRss(server).reduce((sum, p) => sum + p.mb, 0);
}

/** Samples the group's memory every 200 ms until stopped: the peak, and what each process held at that moment. */
export function sampleMemory(server: RunningServer): { stop: () => number; peakParts: () => string } {
  let peak = 0;
  let parts: { pid: number; mb: number; what: string }[] = [];
  const timer = setInterval(() => {
    const now = groupRss(server);
    const sum = now.reduce((s, p) => s + p.mb, 0);
    if (sum > peak) {
      peak = sum;
      parts = now;
    }
  }, 200);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
    peakParts: () => parts.map((p) => `${p.what} ${p.pid} ${p.mb.toFixed(0)} MB`).join(', '),
  };
}

/** Files in the server's disk store. */
export function storedFileCount(server: RunningServer): number {
  const dir = `${server.dataDir}/files`;
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${d}/${e.name}`);
      else n++;
    }
  };
  walk(dir);
  return n;
}
