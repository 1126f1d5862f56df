import { parseEnv } from '@/lib/config';
import { SandboxPool, sandboxLimitsFrom } from '@/lib/sandbox';

/**
 * The command line's sandbox: the same pool, with the same limits (SANDBOX_* variables), as the server's
 * jobs use, so that a hostile file fails the command with a plain reason instead of taking it down.
 */
export async function withCliSandbox<T>(work: (pool: SandboxPool) => Promise<T>): Promise<T> {
  const pool = new SandboxPool(sandboxLimitsFrom(parseEnv(process.env)));
  try {
    return await work(pool);
  } finally {
    await pool.close();
  }
}
