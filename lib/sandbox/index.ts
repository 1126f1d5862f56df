import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getConfig, type Config } from '@/lib/config';
import { defaultSandboxLimits, type SandboxLimits } from './limits';
import { SandboxPool } from './pool';

export { SandboxPool, type SandboxRunOptions } from './pool';
export { SandboxCrashError, SandboxLimitError, SandboxTaskError, SandboxTransientError, type SandboxBreach, type TaskSubject } from './errors';
export { defaultSandboxLimits, type SandboxLimits } from './limits';
export type * from './protocol';

/** The configured limits (SANDBOX_* variables). */
export function sandboxLimitsFrom(
  config: Pick<Config, 'SANDBOX_PROCESSES' | 'SANDBOX_MEMORY_MB' | 'SANDBOX_CPU_SECONDS' | 'SANDBOX_TIMEOUT_SECONDS' | 'SANDBOX_STALL_SECONDS' | 'SANDBOX_OUTPUT_MB'>,
): SandboxLimits {
  return {
    processes: config.SANDBOX_PROCESSES ?? defaultSandboxLimits().processes,
    memoryMb: config.SANDBOX_MEMORY_MB,
    cpuSeconds: config.SANDBOX_CPU_SECONDS,
    timeoutSeconds: config.SANDBOX_TIMEOUT_SECONDS,
    stallSeconds: config.SANDBOX_STALL_SECONDS,
    outputMb: config.SANDBOX_OUTPUT_MB,
  };
}

const TASK_DIR_PREFIX = 'vsg-task-';
/** A task directory older than this was left by a process that was killed: removed at start. */
const STALE_TASK_DIR_MS = 24 * 3600 * 1000;

/**
 * A private directory for one task's files (the input copied out of the file store, the output before it
 * goes back in), removed when `work` ends, however it ends.
 */
export async function withTaskDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), TASK_DIR_PREFIX));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes task directories that a killed process left behind. */
export async function removeStaleTaskDirs(now = Date.now()): Promise<number> {
  let removed = 0;
  const base = os.tmpdir();
  for (const name of await readdir(base).catch(() => [] as string[])) {
    if (!name.startsWith(TASK_DIR_PREFIX)) continue;
    const dir = path.join(base, name);
    const info = await stat(dir).catch(() => null);
    if (info && now - info.mtimeMs > STALE_TASK_DIR_MS) {
      await rm(dir, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/** Kept on globalThis: Next may load this module once per bundle. */
const shared: { pool?: SandboxPool } = ((globalThis as { __vsgSandbox?: { pool?: SandboxPool } }).__vsgSandbox ??= {});

/** The process's sandbox pool, with the configured limits (created on first use). */
export function getSandbox(): SandboxPool {
  shared.pool ??= new SandboxPool(sandboxLimitsFrom(getConfig()));
  return shared.pool;
}

/** Ends the process's sandbox processes (shutdown, tests); the next getSandbox() makes a new pool. */
export async function closeSandbox(): Promise<void> {
  const pool = shared.pool;
  shared.pool = undefined;
  await pool?.close();
}
