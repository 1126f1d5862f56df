import { spawn, spawnSync } from 'node:child_process';
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

  it('takes over a lock whose holder is a zombie (killed, not yet reaped by its parent)', async () => {
    const pgliteDir = path.join(dir, 'zombie');
    // sh becomes "sleep 5", which never reaps its child: "sleep 0.1" ends as a zombie
    const holder = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 5']);
    const zombiePid = Number(await new Promise<string>((resolve) => holder.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()))));
    await new Promise((r) => setTimeout(r, 400));
    expect(spawnSync('ps', ['-o', 'stat=', '-p', String(zombiePid)]).stdout.toString().trim()).toMatch(/^Z/);
    fs.mkdirSync(pgliteDir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'zombie.lock'), String(zombiePid));
    try {
      const handle = await openDb({ pgliteDir });
      await handle.close();
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('waits a moment for a holder that is going away, and refuses one that stays', async () => {
    const pgliteDir = path.join(dir, 'leaving');
    const leaving = spawn(process.execPath, ['-e', 'setTimeout(() => process.exit(0), 700)']);
    fs.mkdirSync(pgliteDir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'leaving.lock'), String(leaving.pid));
    const handle = await openDb({ pgliteDir });
    await handle.close();

    const stayingDir = path.join(dir, 'staying');
    const staying = spawn(process.execPath, ['-e', 'setTimeout(() => undefined, 60_000)']);
    fs.mkdirSync(stayingDir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'staying.lock'), String(staying.pid));
    try {
      await expect(openDb({ pgliteDir: stayingDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    } finally {
      staying.kill('SIGKILL');
    }
  }, 20_000);

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
