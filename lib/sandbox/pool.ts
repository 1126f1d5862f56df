import { SandboxCrashError, SandboxLimitError, SandboxStartError, SandboxTaskError, fromWire, stderrSaysMemory, type TaskSubject } from './errors';
import type { SandboxLimits, TaskLimits } from './limits';
import { SandboxProcess, cpuSecondsOf, rssMbOf, type ProcessExit } from './process';
import type { SandboxTasks, TaskName } from './protocol';

export interface SandboxRunOptions {
  /** What the task does with its file, for the messages of a breach ("This file could not be read: …"). */
  subject: TaskSubject;
  /** Aborting kills the task's process at once; the run rejects with the signal's reason. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  limits?: TaskLimits;
}

interface Pending {
  task: TaskName;
  input: unknown;
  options: SandboxRunOptions;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  detach: () => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown; keepProcess: boolean };

/** A process is replaced after this many tasks, or when it holds more than this share of its memory limit. */
const TASKS_PER_PROCESS = 50;
const RSS_SHARE_TO_RETIRE = 0.6;
/** Idle processes beyond the ones kept warm end after this long. */
const IDLE_MS = 60_000;
/**
 * How long a task's slot waits for its killed process to be gone before the next task may start a new one.
 * The kernel frees a large process's memory over tens of milliseconds; a SIGKILL'd process that has not ended
 * after this (stuck in the kernel) is no longer waited for.
 */
const EXIT_WAIT_MS = 5_000;

/**
 * The pool of sandbox processes that every read of an uploaded file and every render from one goes
 * through (the web server's jobs, the local runner, Inngest functions and the CLI alike). At most
 * `limits.processes` tasks run at once, the rest wait in order. A process is reused for the next task
 * while it is healthy (its readers stay warm), and replaced after a breach, a crash, an abort or an
 * unexpected error. A process that dies without a known cause gets its task once more in a new process;
 * a second death is the file's (`SandboxCrashError.repeated`).
 */
export class SandboxPool {
  private readonly idle: SandboxProcess[] = [];
  private readonly queue: Pending[] = [];
  private readonly live = new Set<SandboxProcess>();
  /** The most processes alive at one time, the dying included (tests: never above `limits.processes`). */
  private livePeak = 0;
  private running = 0;
  private nextId = 0;
  private closed = false;
  private readonly sweeper: NodeJS.Timeout;
  private warming: Promise<void> | null = null;
  /** After a warm-up failed, none is tried before this time (a broken installation must not spawn in a loop). */
  private warmNotBefore = 0;
  private warmFailures = 0;
  /** Warm-up tasks running now. */
  private warmingNow = 0;
  /** Idle processes kept ready however long they wait (a server keeps one: its first task of the day starts warm). */
  keepWarm: number;

  constructor(
    readonly limits: SandboxLimits,
    private readonly options: {
      root?: string;
      keepWarm?: number;
      log?: (line: string) => void;
      /** The program the processes run (default: lib/sandbox/child.ts); tests give one that misbehaves on purpose. */
      entry?: string;
    } = {},
  ) {
    this.keepWarm = options.keepWarm ?? 0;
    this.sweeper = setInterval(() => this.retireIdle(), IDLE_MS / 4);
    this.sweeper.unref();
  }

  /** Tasks running and waiting. */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queue.length };
  }

  /** The most processes that were alive at one time, the ones being killed included. */
  get peakProcesses(): number {
    return this.livePeak;
  }

  /** Process ids of the pool's live processes (tests, the load bench). */
  get pids(): number[] {
    return [...this.live].map((p) => p.pid).filter((pid): pid is number => pid !== undefined);
  }

  run<N extends TaskName>(task: N, input: SandboxTasks[N]['input'], options: SandboxRunOptions): Promise<SandboxTasks[N]['result']> {
    return this.runOnce(task, input, options).catch((error: unknown) => {
      if (!(error instanceof SandboxCrashError) || error.repeated || options.signal?.aborted) throw error;
      this.log(`sandbox: ${task} crashed (${error.detail}); trying once more in a new process`);
      return this.runOnce(task, input, options).catch((second: unknown) => {
        if (second instanceof SandboxCrashError) throw new SandboxCrashError(second.detail, options.subject, true);
        throw second;
      });
    }) as Promise<SandboxTasks[N]['result']>;
  }

  /** Starts a process and warms its readers in the background, so the next task does not wait for them. */
  prewarm(): Promise<void> {
    if (this.closed || this.idle.length > 0 || this.running > 0) return Promise.resolve();
    if (Date.now() < this.warmNotBefore) return Promise.resolve();
    this.warming ??= this.run('warm', {}, { subject: 'read' })
      .then(() => {
        this.warmFailures = 0;
      })
      .catch((error: unknown) => {
        this.warmFailures++;
        this.warmNotBefore = Date.now() + Math.min(300_000, 1000 * 2 ** this.warmFailures);
        const detail = error instanceof SandboxTaskError ? error.detail : error instanceof Error ? error.message : String(error);
        this.log(`sandbox: warming a process failed: ${detail}`);
      })
      .finally(() => {
        this.warming = null;
      });
    return this.warming;
  }

  /** Ends every process; queued tasks are refused, running ones end as their process dies. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const pending of this.queue.splice(0)) pending.reject(new Error('The server is shutting down.'));
    const all = [...this.live];
    for (const proc of all) {
      // an idle process is unref'd: held again, so that waiting for its end keeps this process running
      proc.hold(true);
      proc.kill();
    }
    await Promise.all(all.map((p) => p.exited));
  }

  private log(line: string): void {
    (this.options.log ?? ((l: string) => console.warn(l)))(line);
  }

  private runOnce(task: TaskName, input: unknown, options: SandboxRunOptions): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The server is shutting down.'));
    if (options.signal?.aborted) return Promise.reject(options.signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const at = this.queue.indexOf(pending);
        if (at >= 0) {
          this.queue.splice(at, 1);
          reject(options.signal?.reason);
        }
      };
      const pending: Pending = { task, input, options, resolve, reject, detach: () => options.signal?.removeEventListener('abort', onAbort) };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(pending);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (!this.closed && this.queue.length > 0 && this.running < this.limits.processes) {
      // A process being warmed is ready in a second or two; a new one would need as long to start and its
      // first task would run cold: the tasks it can take wait for it instead.
      const waiting = this.queue.filter((p) => p.task !== 'warm').length;
      if (this.queue[0].task !== 'warm' && this.idle.length === 0 && this.warmingNow > 0 && waiting <= this.warmingNow) return;
      const pending = this.queue.shift() as Pending;
      pending.detach();
      this.running++;
      const warming = pending.task === 'warm';
      if (warming) this.warmingNow++;
      void this.execute(pending).finally(() => {
        this.running--;
        if (warming) this.warmingNow--;
        this.dispatch();
        this.topUpWarm();
      });
    }
  }

  private takeProcess(): SandboxProcess {
    while (this.idle.length > 0) {
      const proc = this.idle.pop() as SandboxProcess;
      if (proc.alive) return proc;
      this.live.delete(proc);
    }
    const proc = new SandboxProcess(this.options.root ?? process.cwd(), this.limits, this.options.entry);
    this.live.add(proc);
    this.livePeak = Math.max(this.livePeak, this.live.size);
    void proc.exited.then(() => {
      this.live.delete(proc);
      const at = this.idle.indexOf(proc);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return proc;
  }

  private async execute(pending: Pending): Promise<void> {
    const { options } = pending;
    const limits = { ...this.limits, ...options.limits };
    const proc = this.takeProcess();
    proc.hold(true);
    let outcome: Outcome;
    try {
      await proc.ready();
    } catch (error) {
      this.log(`sandbox: a process could not start: ${error instanceof Error ? error.message : String(error)}`);
      proc.kill();
      pending.reject(new SandboxStartError(proc.describeExit()));
      await exitOf(proc);
      return;
    }
    try {
      outcome = await this.talk(proc, pending, limits);
    } catch (error) {
      outcome = { ok: false, error: proc.alive ? error : this.deathError(proc, { code: null, signal: null }, limits, options.subject), keepProcess: false };
    }
    proc.tasksRun++;
    const keep = (outcome.ok || outcome.keepProcess) && this.reusable(proc);
    if (keep) {
      proc.hold(false);
      proc.idleSince = Date.now();
      this.idle.push(proc);
    } else proc.kill();
    if (outcome.ok) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
    // The slot is free once the process is gone: a new one started beside a dying one would hold memory
    // beside the old one's (up to twice the memory limit for a moment).
    if (!keep) await exitOf(proc);
  }

  private reusable(proc: SandboxProcess): boolean {
    if (this.closed || !proc.alive || proc.singleUse || proc.tasksRun >= TASKS_PER_PROCESS) return false;
    const rss = proc.pid === undefined ? null : rssMbOf(proc.pid);
    return rss === null || rss < this.limits.memoryMb * RSS_SHARE_TO_RETIRE;
  }

  /** One task's conversation with its process: progress, the answer, or the process's end. */
  private talk(proc: SandboxProcess, pending: Pending, limits: SandboxLimits): Promise<Outcome> {
    const { task, input, options } = pending;
    return new Promise<Outcome>((resolve) => {
      const id = ++this.nextId;
      let settled = false;
      const finish = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(wall);
        clearInterval(watch);
        options.signal?.removeEventListener('abort', onAbort);
        proc.onTaskMessage(null);
        resolve(outcome);
      };
      const breach = (kind: 'time' | 'stall' | 'cpu') => {
        proc.kill();
        finish({ ok: false, error: new SandboxLimitError(kind, limits, options.subject), keepProcess: false });
      };
      const onAbort = () => {
        proc.kill();
        finish({ ok: false, error: options.signal?.reason, keepProcess: false });
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const wall = setTimeout(() => breach('time'), limits.timeoutSeconds * 1000);
      wall.unref();
      proc.lastMessageAt = Date.now();
      // the task's own CPU time, from what the process had used when it began (the kernel's RLIMIT_CPU backs this up)
      const cpuAtStart = proc.pid === undefined ? null : cpuSecondsOf(proc.pid);
      const watch = setInterval(() => {
        if (Date.now() - proc.lastMessageAt > limits.stallSeconds * 1000) breach('stall');
        else if (cpuAtStart !== null && proc.pid !== undefined && (cpuSecondsOf(proc.pid) ?? 0) - cpuAtStart > limits.cpuSeconds) breach('cpu');
      }, 250);
      watch.unref();
      proc.onTaskMessage((message) => {
        if (!('id' in message) || message.id !== id) return;
        if (message.type === 'progress') options.onProgress?.(message.done, message.total);
        else if (message.type === 'done') finish({ ok: true, value: message.result });
        else if (message.type === 'failed') {
          const error = fromWire(message.error, limits, options.subject);
          // the domain's own refusals leave the process sound; anything else may not have
          const sound = ['VoterListError', 'LayoutError', 'BannerError', 'SlipInputError'].includes(message.error.name);
          finish({ ok: false, error, keepProcess: sound });
        }
      });
      void proc.exited.then((exit) => finish({ ok: false, error: this.deathError(proc, exit, limits, options.subject), keepProcess: false }));
      try {
        proc.send({ type: 'run', id, task, input, cpuSeconds: limits.cpuSeconds });
      } catch (error) {
        finish({ ok: false, error: new SandboxCrashError(error instanceof Error ? error.message : String(error), options.subject, false), keepProcess: false });
      }
    });
  }

  /** Why a process died under a task: a limit the system enforced, or an unexplained crash. */
  private deathError(proc: SandboxProcess, exit: ProcessExit, limits: SandboxLimits, subject: TaskSubject): Error {
    if (exit.signal === 'SIGXCPU') return new SandboxLimitError('cpu', limits, subject);
    if (exit.signal === 'SIGXFSZ') return new SandboxLimitError('output', limits, subject);
    if (proc.memoryFailureSeen || stderrSaysMemory(proc.stderr)) return new SandboxLimitError('memory', limits, subject);
    return new SandboxCrashError(proc.describeExit(), subject, false);
  }

  private retireIdle(): void {
    const keep = this.keepWarm;
    const now = Date.now();
    for (const proc of [...this.idle]) {
      if (this.idle.length <= keep) break;
      if (now - (proc.idleSince ?? now) > IDLE_MS) {
        this.idle.splice(this.idle.indexOf(proc), 1);
        proc.kill();
      }
    }
  }

  private topUpWarm(): void {
    if (this.keepWarm > 0 && this.running === 0 && this.queue.length === 0 && this.idle.length === 0) void this.prewarm();
  }
}

/** A killed process's end, waited for no longer than EXIT_WAIT_MS. */
function exitOf(proc: SandboxProcess): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, EXIT_WAIT_MS);
    void proc.exited.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
