import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { openDb } from '@/db/client';
import { onShutdown, runShutdown } from '@/lib/server/shutdown';

const CHILD = path.join(__dirname, 'fixtures', 'shutdown-child.ts');

/** Runs the child until it is ready, sends SIGTERM, and returns how it ended. */
function runAndTerminate(dataDir: string, manual: boolean): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
    if (manual) env.NEXT_MANUAL_SIG_HANDLE = 'true';
    else delete env.NEXT_MANUAL_SIG_HANDLE;
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let signalled = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!signalled && out.includes('ready')) {
        signalled = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

/** Opens the directory again and says which id the probe table's sequence hands out next. */
async function nextId(dataDir: string): Promise<number> {
  const handle = await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const rows = (await handle.db.execute(sql`insert into shutdown_probe (note) values ('after restart') returning id`)) as unknown as { rows?: { id: number }[] } & { id: number }[];
    const list = rows.rows ?? rows;
    return Number(list[0].id);
  } finally {
    await handle.close();
  }
}

describe('orderly shutdown', () => {
  it('runs the registered tasks once, newest first, logging a failure and going on', async () => {
    const order: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onShutdown('first', async () => void order.push('first'));
    onShutdown('broken', async () => {
      throw new Error('disk gone');
    });
    onShutdown('last', async () => void order.push('last'));
    await Promise.all([runShutdown(), runShutdown()]);
    expect(order).toEqual(['last', 'first']);
    expect(error).toHaveBeenCalledWith('[shutdown] broken failed: disk gone');
    error.mockRestore();
  });

  it('on SIGTERM closes the embedded database cleanly before exiting (nothing to recover on restart)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vsg-shutdown-'));
    const ended = await runAndTerminate(dataDir, true);
    expect(ended.out).toContain('[shutdown] SIGTERM: closing down');
    expect(ended.code).toBe(143);
    // the pid lock is gone, and the sequence goes on from 1: after a crash PostgreSQL skips to 33
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    expect(await nextId(dataDir)).toBe(2);
  }, 60_000);

  it('(control) a process killed without the handlers leaves a directory that must be recovered', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vsg-shutdown-'));
    const ended = await runAndTerminate(dataDir, false);
    expect(ended.signal).toBe('SIGTERM');
    expect(await nextId(dataDir)).toBeGreaterThan(2);
  }, 60_000);
});
