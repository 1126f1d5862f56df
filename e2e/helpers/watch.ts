import fs from 'node:fs';
import http from 'node:http';
import type { RunningServer } from './server';

/**
 * Watching a private server while tests throw hostile work at it: its API, whether `GET /` keeps
 * answering within a second, and the memory of its whole process group (the web server and its sandbox
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
    const s = (await apiCall(port, `/api/documents/${id}`, { token })).body;
    if (statuses.includes(s.status)) return s;
    if (Date.now() > end) throw new Error(`task ${id} still ${s.status} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** `GET /` within 1 s, every 250 ms, on each server, until stopped: every miss and the slowest answer. */
export function probeRoot(servers: RunningServer[]): { stop: () => { misses: string[]; slowestMs: number } } {
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
  void (async () => {
    while (running) {
      await Promise.all(servers.map((s) => once(s.port)));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    stop: () => {
      running = false;
      return { misses, slowestMs };
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
