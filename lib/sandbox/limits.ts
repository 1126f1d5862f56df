import os from 'node:os';

/**
 * The hard limits of one sandbox process (a child process that reads untrusted files). Memory, CPU and
 * output size are enforced by the operating system (setrlimit on the child: RLIMIT_DATA, RLIMIT_CPU,
 * RLIMIT_FSIZE), wall time and a frozen main thread by the parent, which kills the child.
 */
export interface SandboxLimits {
  /** Processes run at once; further tasks wait in a queue. */
  processes: number;
  /** Writable memory of one process, all its threads and WebAssembly included (RLIMIT_DATA), in MB. */
  memoryMb: number;
  /** CPU time one task may use, all threads together (RLIMIT_CPU), in seconds. */
  cpuSeconds: number;
  /** Wall time one task may take, in seconds. */
  timeoutSeconds: number;
  /** The process's main thread may stop answering for at most this long (a page that freezes its reader), in seconds. */
  stallSeconds: number;
  /** Largest file a task may write (RLIMIT_FSIZE), in MB. */
  outputMb: number;
}

export const DEFAULT_SANDBOX_LIMITS: Omit<SandboxLimits, 'processes'> = {
  memoryMb: 1536,
  cpuSeconds: 1200,
  timeoutSeconds: 1200,
  stallSeconds: 30,
  outputMb: 2048,
};

/** The defaults: one process per CPU. */
export function defaultSandboxLimits(): SandboxLimits {
  return { processes: Math.max(1, os.availableParallelism()), ...DEFAULT_SANDBOX_LIMITS };
}

/** Per-task overrides of the pool's limits (a task that is known to be small may be held tighter). */
export type TaskLimits = Partial<Pick<SandboxLimits, 'cpuSeconds' | 'timeoutSeconds'>>;

/** "1,536 MB" / "2 GB" for messages. */
export function describeMb(mb: number): string {
  return mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb.toLocaleString('en-IN')} MB`;
}

/** "90 s" / "20 minutes" for messages. */
export function describeSeconds(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minutes`;
}
