import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDb } from '@/db/client';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded database single-opener protection', () => {
  it('refuses a second opener of the same directory with a clear message, and frees it on close', async () => {
    const pgliteDir = path.join(dir, 'pglite');
    const first = await openDb({ pgliteDir });
    await expect(openDb({ pgliteDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(openDb({ pgliteDir })).rejects.toThrow(/already open .*DATABASE_URL/);
    await first.close();
    const again = await openDb({ pgliteDir });
    await again.close();
  });

  it('takes over a lock left behind by a process that died', async () => {
    const pgliteDir = path.join(dir, 'stale');
    const child = spawn(process.execPath, ['-e', 'process.exit(0)']);
    const deadPid = await new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid!)));
    fs.mkdirSync(pgliteDir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'stale.lock'), String(deadPid));
    const handle = await openDb({ pgliteDir });
    await handle.close();
    expect(fs.existsSync(path.join(dir, 'stale.lock'))).toBe(false);
  });
});
