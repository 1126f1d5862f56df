import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stderrSaysMemory } from './errors';
import type { SandboxLimits } from './limits';
import type { ChildMessage, ParentMessage } from './protocol';

/** Where `prlimit` (util-linux) is, if anywhere on PATH. */
function findPrlimit(): string | null {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    const candidate = path.join(dir || '.', 'prlimit');
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

let found: string | null | undefined;
/** Where `prlimit` is (looked up once), or null. */
export function prlimitPath(): string | null {
  if (found === undefined) found = findPrlimit();
  return found;
}

/** How many of a task's CPU allowances the kernel's RLIMIT_CPU lets a process run ahead (the server stops a task at one). */
const CPU_BACKSTOP = 2;

/** The environment a sandbox process gets: enough to run, none of the server's secrets. */
function childEnv(limits: SandboxLimits): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'NODE_ENV'];
  // Skia (the canvas pdf.js renders scans on) allocates with mimalloc, which reserves its arenas 1 GB at a
  // time as writable memory: under RLIMIT_DATA that reservation alone would count as 1 GB used.
  const env: Record<string, string> = {
    VSG_SANDBOX_MEMORY_MB: String(limits.memoryMb),
    // the CPU limit the process starts under (prlimit --cpu, below)
    VSG_SANDBOX_CPU_LIMIT: String(CPU_BACKSTOP * limits.cpuSeconds),
    MIMALLOC_ARENA_RESERVE: '64MiB',
  };
  for (const key of keep) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux port Node runs on). */
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used, all threads (from /proc), or null where /proc is not there. */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MB (from /proc), or null. */
export function rssMbOf(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The RLIMIT_CPU soft limit this sandbox process runs under (set at its start, raised by keepCpuAllowance). */
let cpuLimitSeconds = Number(process.env.VSG_SANDBOX_CPU_LIMIT) || 0;

/**
 * In a sandbox process, before each task: keeps the kernel's CPU limit (RLIMIT_CPU's soft limit: SIGXCPU,
 * which ends a Node process, once its total passes it) at least `seconds` ahead of what the process has
 * used, raising it to twice that ahead only when less is left. The kernel thus stops any task by twice its
 * allowance at most, and the prlimit program runs about once per `seconds` of CPU spent, not once per task
 * (spawning it from a large process is not cheap). The server holds each task to its exact
 * allowance by watching the process's CPU time (pool.ts). Without prlimit, the limit set at the process's
 * start covers its one task.
 */
export function keepCpuAllowance(seconds: number): void {
  const tool = prlimitPath();
  if (tool === null) return;
  const used = cpuSecondsOf(process.pid) ?? 0;
  if (cpuLimitSeconds - used >= seconds) return;
  cpuLimitSeconds = Math.ceil(used + CPU_BACKSTOP * seconds);
  // a system program run on this process: nothing for the bundler to trace (it would trace the whole project)
  execFileSync(/*turbopackIgnore: true*/ tool, ['--pid', String(process.pid), `--cpu=${cpuLimitSeconds}:unlimited`]);
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * One sandbox process: a Node process running lib/sandbox/child.ts (through tsx, from the project root)
 * under RLIMIT_DATA (memory, all threads and WebAssembly included), RLIMIT_FSIZE (output) and RLIMIT_CPU
 * (which the process raises for each task it runs, child.ts), with a V8 heap limit inside the memory limit. Its stderr's last lines are
 * kept to tell why it died.
 */
export class SandboxProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<ProcessExit>;
  /** Set when the process runs without per-task CPU limits (no prlimit): it then serves one task only. */
  readonly singleUse: boolean;
  lastMessageAt = Date.now();
  tasksRun = 0;
  idleSince: number | null = null;
  private stderrTail = '';
  /** Whether the process said it ran out of memory (V8's heap, an allocation that failed) at any point. */
  memoryFailureSeen = false;
  private readyPromise: Promise<void>;
  private listener: ((message: ChildMessage) => void) | null = null;
  private exitInfo: ProcessExit | null = null;

  constructor(root: string, limits: SandboxLimits, entry = path.join(root, 'lib', 'sandbox', 'child.ts')) {
    const req = createRequire(path.join(root, 'package.json'));
    const tsx = pathToFileURL(req.resolve('tsx')).href;
    const heapMb = Math.max(128, Math.floor(limits.memoryMb * 0.6));
    const node = [process.execPath, `--max-old-space-size=${heapMb}`, '--disable-warning=ExperimentalWarning', '--import', tsx, entry];
    const dataBytes = limits.memoryMb * 1024 * 1024;
    const outputBytes = limits.outputMb * 1024 * 1024;
    const tool = prlimitPath();
    this.singleUse = tool === null;
    const [command, args] =
      tool !== null
        ? [tool, [`--data=${dataBytes}`, `--fsize=${outputBytes}`, `--cpu=${CPU_BACKSTOP * limits.cpuSeconds}:unlimited`, '--core=0', '--', ...node]]
        : // POSIX sh: -d in KB, -f in 512-byte blocks, -t in seconds
          [
            '/bin/sh',
            ['-c', `ulimit -c 0; ulimit -d ${Math.floor(dataBytes / 1024)}; ulimit -f ${Math.floor(outputBytes / 512)}; ulimit -t ${limits.cpuSeconds}; exec "$@"`, 'sh', ...node],
          ];
    this.child = spawn(command, args as string[], { cwd: root, env: childEnv(limits) as NodeJS.ProcessEnv, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (text: string) => {
      // an out-of-memory message comes first, then every thread's native stack: it may pass out of the
      // kept tail before the process ends, so it is noted as it goes by (with the end of the last chunk,
      // in case the message was split between two)
      if (!this.memoryFailureSeen && stderrSaysMemory(this.stderrTail.slice(-200) + text)) this.memoryFailureSeen = true;
      this.stderrTail = (this.stderrTail + text).slice(-4000);
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
      this.child.once('error', () => {
        this.exitInfo ??= { code: null, signal: null };
        resolve(this.exitInfo);
      });
    });
    this.readyPromise = new Promise((resolve, reject) => {
      const onMessage = (message: ChildMessage) => {
        this.lastMessageAt = Date.now();
        if (message.type === 'ready') resolve();
        else if (message.type !== 'beat') this.listener?.(message);
      };
      this.child.on('message', onMessage);
      void this.exited.then(() => reject(new Error(`the sandbox process ended before it was ready (${this.describeExit()})`)));
    });
    this.readyPromise.catch(() => undefined);
    this.setPriority();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.exitInfo === null;
  }

  get stderr(): string {
    return this.stderrTail;
  }

  ready(): Promise<void> {
    return this.readyPromise;
  }

  /** Messages of the running task (progress, done, failed). */
  onTaskMessage(listener: ((message: ChildMessage) => void) | null): void {
    this.listener = listener;
  }

  send(message: ParentMessage): void {
    this.child.send(message);
  }

  kill(): void {
    if (this.alive) this.child.kill('SIGKILL');
  }

  /** Keeps (or stops keeping) the parent alive for this process: idle processes never hold a CLI or test open. */
  hold(held: boolean): void {
    const channel = this.child.channel as { ref?: () => void; unref?: () => void } | undefined;
    if (held) {
      this.child.ref();
      channel?.ref?.();
    } else {
      this.child.unref();
      channel?.unref?.();
    }
  }

  describeExit(): string {
    const info = this.exitInfo;
    if (!info) return 'still running';
    const how = info.signal ? `signal ${info.signal}` : `exit code ${info.code}`;
    const lastLine = this.stderrTail.trim().split('\n').filter(Boolean).slice(-1)[0];
    return lastLine ? `${how}: ${lastLine.slice(0, 300)}` : how;
  }

  /** Sandbox work yields the CPU to the web server's requests (prlimit and sh exec into node: the pid is node's). */
  private setPriority(): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      os.setPriority(pid, 10);
    } catch {
      // not permitted here: the work runs at the server's priority
    }
  }
}
