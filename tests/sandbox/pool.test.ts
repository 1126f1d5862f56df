import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxCrashError, SandboxLimitError, SandboxPool, type SandboxLimits } from '@/lib/sandbox';
import { VoterListError } from '@/lib/slips/ingest/errors';

/**
 * The sandbox pool against a process that misbehaves on purpose (tests/sandbox/misbehaving-child.ts): the
 * operating system's limits and the pool's watch end it, and the caller gets the breach as a plain error.
 */
const ENTRY = path.resolve('tests/sandbox/misbehaving-child.ts');
const LIMITS: SandboxLimits = { processes: 2, memoryMb: 512, cpuSeconds: 60, timeoutSeconds: 60, stallSeconds: 30, outputMb: 64 };
const pools: SandboxPool[] = [];

function pool(limits: Partial<SandboxLimits> = {}): SandboxPool {
  const p = new SandboxPool({ ...LIMITS, ...limits }, { entry: ENTRY, log: () => undefined });
  pools.push(p);
  return p;
}

/** Runs a behaviour as a task (the test child reads `do` from any task's input). */
function run(p: SandboxPool, behaviour: Record<string, unknown>, options: { signal?: AbortSignal; onProgress?: (d: number, t: number) => void } = {}) {
  return p.run('parse', behaviour as never, { subject: 'read', ...options }) as Promise<unknown>;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('sandbox pool', () => {
  it('answers a task, with its progress, and reuses the process for the next one', async () => {
    const p = pool();
    const progress: number[][] = [];
    const first = (await run(p, { do: 'answer', value: 1 }, { onProgress: (d, t) => progress.push([d, t]) })) as { value: number; pid: number };
    const second = (await run(p, { do: 'answer', value: 2 })) as { value: number; pid: number };
    expect(first.value).toBe(1);
    expect(progress).toEqual([[1, 2]]);
    expect(second).toEqual({ value: 2, pid: first.pid });
  });

  it("the domain's own refusal keeps its class and message, and the process stays", async () => {
    const p = pool();
    const before = (await run(p, { do: 'answer', value: 0 })) as { pid: number };
    const refused = await run(p, { do: 'refuse' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(VoterListError);
    expect(refused).toMatchObject({ code: 'corrupt', message: 'The Excel file is damaged or not a valid workbook and cannot be read.' });
    expect(((await run(p, { do: 'answer', value: 0 })) as { pid: number }).pid).toBe(before.pid);
  });

  it('memory: a process that allocates without end is stopped by its memory limit (RLIMIT_DATA), with the reason', async () => {
    const p = pool({ memoryMb: 400 });
    const error = await run(p, { do: 'allocate' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SandboxLimitError);
    expect(error).toMatchObject({ breach: 'memory' });
    expect((error as Error).message).toBe(
      'This file could not be read: it expands to more than 400 MB of memory, far beyond what a voter list needs. Check that it is the roll or list as published, or split it into smaller files, and try again.',
    );
  });

  it('memory: a death whose out-of-memory message came before pages of stack traces is still a memory breach, not tried again', async () => {
    const p = pool();
    const error = await run(p, { do: 'oom-then-stacks' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SandboxLimitError', breach: 'memory' });
  });

  it('CPU: a process that spins past its CPU time is ended (by the server at the limit; the kernel\'s RLIMIT_CPU stops it by twice the limit at most)', async () => {
    const p = pool({ cpuSeconds: 2 });
    const started = Date.now();
    const error = await run(p, { do: 'spin' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SandboxLimitError', breach: 'cpu' });
    expect((error as Error).message).toMatch(/^This file could not be read: it needed more than 2 s of processing\./);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('CPU: the kernel limit stands behind the server\'s watch (the process starts under RLIMIT_CPU of twice a task\'s allowance)', async () => {
    const p = pool({ cpuSeconds: 2 });
    const { pid } = (await run(p, { do: 'burn', ms: 10 })) as { pid: number };
    const limits = fs.readFileSync(`/proc/${pid}/limits`, 'utf8');
    expect(limits).toMatch(/^Max cpu time\s+4\s+unlimited\s+seconds\s*$/m);
  });

  it('the CPU limit is per task: a reused process that spent CPU on earlier tasks gets the whole allowance for the next', async () => {
    const p = pool({ cpuSeconds: 3, stallSeconds: 30 });
    const first = (await run(p, { do: 'burn', ms: 2000 })) as { pid: number };
    const second = (await run(p, { do: 'burn', ms: 2000 })) as { pid: number };
    expect(second.pid).toBe(first.pid);
  });

  it('a frozen main thread is seen (no beat) and the process killed', async () => {
    const p = pool({ stallSeconds: 2 });
    const error = await run(p, { do: 'freeze' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SandboxLimitError', breach: 'stall' });
    expect((error as Error).message).toMatch(/one of its pages took longer than 2 s to read/);
  });

  it('wall time: a task that never ends is ended', async () => {
    const p = pool({ timeoutSeconds: 2 });
    const error = await run(p, { do: 'wait' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SandboxLimitError', breach: 'time' });
    expect((error as Error).message).toMatch(/it took longer than 2 s to read/);
  });

  it('output: a file written past the limit stops at the limit (RLIMIT_FSIZE)', async () => {
    const p = pool({ outputMb: 8 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-sbx-test-'));
    const file = path.join(dir, 'out');
    const error = await run(p, { do: 'write', file }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SandboxLimitError', breach: 'output' });
    expect(fs.statSync(file).size).toBeLessThanOrEqual(8 * 1024 * 1024);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an unexplained death is tried once more in a new process; a second death is the file’s', async () => {
    const p = pool();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-sbx-test-'));
    const once = (await run(p, { do: 'exit-once', marker: path.join(dir, 'marker') })) as { value: string };
    expect(once.value).toBe('second time');
    const twice = await run(p, { do: 'exit', code: 3 }).catch((e: unknown) => e);
    expect(twice).toBeInstanceOf(SandboxCrashError);
    expect(twice).toMatchObject({ repeated: true });
    expect((twice as Error).message).toMatch(/^This file could not be read: the reader stopped twice on it\./);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('aborting kills the process at once and rejects with the reason; queued tasks wait for a free process', async () => {
    const p = pool({ processes: 1 });
    const controller = new AbortController();
    const waiting = run(p, { do: 'wait' }, { signal: controller.signal });
    const queued = run(p, { do: 'answer', value: 'after' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(p.load).toEqual({ running: 1, queued: 1 });
    const [pid] = p.pids;
    controller.abort(new Error('The task was cancelled.'));
    await expect(waiting).rejects.toThrow('The task was cancelled.');
    const after = (await queued) as { value: string; pid: number };
    expect(after.value).toBe('after');
    expect(after.pid).not.toBe(pid);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('memory: a process replacing a killed one starts only once the killed one is gone, so the pool never holds more processes than its limit (a dying process still holds its memory)', async () => {
    const p = pool({ processes: 1, memoryMb: 400 });
    const broken = await Promise.allSettled([run(p, { do: 'allocate' }), run(p, { do: 'spin' }, { signal: AbortSignal.timeout(2500) }), run(p, { do: 'answer', value: 'last' })]);
    expect(broken.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(p.peakProcesses).toBe(1);
  });
});

describe('sandbox pool warm-up', () => {
  it('a task that arrives while the only process is warming waits for it instead of starting a cold one', async () => {
    const p = new SandboxPool({ ...LIMITS, processes: 2 }, { entry: ENTRY, log: () => undefined });
    pools.push(p);
    // the test process does what the input says whatever the task's name: this 'warm' answers at once
    const warming = p.run('warm', { do: 'answer', value: 'warm' } as never, { subject: 'read' });
    const task = run(p, { do: 'answer', value: 'task' });
    const [warm, done] = (await Promise.all([warming as Promise<unknown>, task])) as [{ pid: number }, { pid: number }];
    expect(done.pid).toBe(warm.pid);
    expect(p.pids).toHaveLength(1);
  });
});
