import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '@/lib/config';
import { SandboxPool, sandboxLimitsFrom } from '@/lib/sandbox';

/**
 * The command line's sandbox: the same pool, with the same limits (SANDBOX_* variables), as the server's
 * jobs use, so that a hostile file fails the command with a plain reason instead of taking it down.
 */
export async function withCliSandbox<T>(work: (pool: SandboxPool) => Promise<T>): Promise<T> {
  // the project's root, wherever the command is run from (the sandbox process is started from there)
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const pool = new SandboxPool(sandboxLimitsFrom(parseEnv(process.env)), { root });
  try {
    return await work(pool);
  } finally {
    await pool.close();
  }
}
