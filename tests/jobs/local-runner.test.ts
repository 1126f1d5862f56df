import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { findJob, insertJob, listSteps } from '@/db/queries/jobs';
import { LocalJobRunner, NonRetriableJobError, defineJob, eraseJob } from '@/lib/jobs';
import { LocalDispatcher } from '@/lib/jobs/dispatcher';
import { describeEachDb } from '@/tests/helpers/db';

const quiet = { log: () => undefined, pollMs: 30, retryDelayMs: () => 20 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error('condition not met in time');
}

describeEachDb('the local job runner', (ctx) => {
  it('two runners share one queue: every job runs exactly once, at most N at a time per process', async () => {
    const name = `count-${randomUUID().slice(0, 8)}`;
    const ran: string[] = [];
    let active = 0;
    let peak = 0;
    const job = eraseJob(defineJob({
      id: name,
      event: 'test/count',
      schema: z.object({ n: z.number() }),
      retries: 0,
      async handler({ n }, io) {
        active++;
        peak = Math.max(peak, active);
        await io.step('work', async () => {
          await sleep(20);
          ran.push(String(n));
          return n;
        });
        active--;
      },
    }));
    const a = new LocalJobRunner(ctx.db, [job], { ...quiet, concurrency: 2 });
    const b = new LocalJobRunner(ctx.db, [job], { ...quiet, concurrency: 2 });
    const dispatch = new LocalDispatcher(ctx.db, null);
    const ids = await Promise.all(Array.from({ length: 12 }, (_, n) => dispatch.start(job, { n })));
    a.start();
    b.start();
    await until(async () => (await Promise.all(ids.map((id) => findJob(ctx.db, id)))).every((j) => j?.status === 'succeeded'));
    await Promise.all([a.stop(), b.stop()]);
    expect(ran.sort()).toEqual(Array.from({ length: 12 }, (_, n) => String(n)).sort());
    expect(peak).toBeLessThanOrEqual(4);
  });

  it('retries a transient fault with backoff, never bad input; a finished step is not run again on retry', async () => {
    const name = `flaky-${randomUUID().slice(0, 8)}`;
    let firstRuns = 0;
    let secondRuns = 0;
    const failures: string[] = [];
    const job = eraseJob(defineJob({
      id: name,
      event: 'test/flaky',
      schema: z.object({ bad: z.boolean() }),
      retries: 3,
      async handler({ bad }, io) {
        await io.step('first', async () => ++firstRuns);
        await io.step('second', async () => {
          secondRuns++;
          if (bad) throw new NonRetriableJobError('The list has no voters.');
          if (secondRuns < 3) throw new Error('connection reset');
          return 'ok';
        });
      },
      async onFailure(_p, f) {
        failures.push(`${f.step}:${f.permanent}:${f.message}`);
      },
    }));
    const runner = new LocalJobRunner(ctx.db, [job], quiet);
    const dispatch = new LocalDispatcher(ctx.db, runner);
    runner.start();
    const flaky = await dispatch.start(job, { bad: false });
    await until(async () => (await findJob(ctx.db, flaky))?.status === 'succeeded');
    expect({ firstRuns, secondRuns }).toEqual({ firstRuns: 1, secondRuns: 3 });
    expect((await findJob(ctx.db, flaky))?.attempts).toBe(3);

    secondRuns = 0;
    const bad = await dispatch.start(job, { bad: true });
    await until(async () => (await findJob(ctx.db, bad))?.status === 'failed');
    await runner.idle();
    expect(secondRuns).toBe(1);
    expect(failures).toEqual(['second:true:The list has no voters.']);
    await runner.stop();
  });

  it("a job left running by a dead process is claimed again when its lease lapses and resumes after its last finished step", async () => {
    const name = `resume-${randomUUID().slice(0, 8)}`;
    const calls: string[] = [];
    const job = eraseJob(defineJob({
      id: name,
      event: 'test/resume',
      schema: z.object({}),
      retries: 0,
      async handler(_p, io) {
        await io.step('a', async () => {
          calls.push('a');
          return 1;
        });
        await io.step('b', async () => {
          calls.push('b');
          return 2;
        });
      },
    }));
    // A dead process's leftovers: the job running under a lapsed lease, step "a" finished, "b" started.
    const id = randomUUID();
    await insertJob(ctx.db, { id, name, payload: {}, maxAttempts: 1 });
    const dead = new LocalJobRunner(ctx.db, [job], { ...quiet, leaseMs: 200, workerId: 'dead' });
    const { claimJob, startStep, completeStep } = await import('@/db/queries/jobs');
    expect((await claimJob(ctx.db, [name], dead.workerId, 200))?.id).toBe(id);
    await startStep(ctx.db, id, 'a');
    await completeStep(ctx.db, id, 'a', 1);
    await startStep(ctx.db, id, 'b');
    const alive = new LocalJobRunner(ctx.db, [job], quiet);
    alive.start();
    await until(async () => (await findJob(ctx.db, id))?.status === 'succeeded');
    await alive.stop();
    expect(calls).toEqual(['b']);
    expect(await listSteps(ctx.db, id)).toEqual(expect.arrayContaining([{ stepId: 'a', runs: 1, done: true }, { stepId: 'b', runs: 2, done: true }]));
  });

  it('a job that dead processes left running twice is ended, not run a third time: failed, its failure handler told which step', async () => {
    const name = `poison-${randomUUID().slice(0, 8)}`;
    let handlerRuns = 0;
    const failures: { message: string; step: string | null; permanent: boolean }[] = [];
    const job = eraseJob(defineJob({
      id: name,
      event: 'test/poison',
      schema: z.object({}),
      retries: 3,
      async handler(_p, io) {
        handlerRuns++;
        await io.step('parse', async () => 1);
      },
      async onFailure(_p, failure) {
        failures.push(failure);
      },
    }));
    const id = randomUUID();
    await insertJob(ctx.db, { id, name, payload: {}, maxAttempts: 4 });
    const { claimJob, startStep } = await import('@/db/queries/jobs');
    // two processes in turn take the job, start its step and die (their leases lapse)
    for (const worker of ['dead-1', 'dead-2']) {
      await until(async () => (await claimJob(ctx.db, [name], worker, 100))?.id === id);
      await startStep(ctx.db, id, 'parse');
    }
    await sleep(150);
    const alive = new LocalJobRunner(ctx.db, [job], quiet);
    alive.start();
    await until(async () => (await findJob(ctx.db, id))?.status === 'failed');
    await until(async () => failures.length > 0);
    await alive.stop();
    expect(handlerRuns).toBe(0);
    expect(await findJob(ctx.db, id)).toMatchObject({ status: 'failed', abandons: 2, lastError: expect.stringMatching(/stopped twice/) });
    expect(failures).toEqual([{ message: expect.stringMatching(/^The server stopped twice while working on this task/), step: 'parse', permanent: true }]);
  });

  it('cancelling aborts the running step through its signal, and a dedupe key queues scheduled work once', async () => {
    const name = `cancel-${randomUUID().slice(0, 8)}`;
    let aborted = false;
    const job = eraseJob(defineJob({
      id: name,
      event: 'test/cancel',
      schema: z.object({}),
      retries: 0,
      async handler(_p, io) {
        await io.step('long', async () => {
          while (!io.signal.aborted) await sleep(10);
          aborted = true;
          throw io.signal.reason;
        });
      },
    }));
    const runner = new LocalJobRunner(ctx.db, [job], { ...quiet, leaseMs: 300 });
    const dispatch = new LocalDispatcher(ctx.db, runner);
    runner.start();
    const id = await dispatch.start(job, {}, { dedupeKey: `${name}:hour` });
    expect(await dispatch.start(job, {}, { dedupeKey: `${name}:hour` })).toBe(id);
    await until(async () => runner.active === 1);
    // cancelled from "another process": only the database knows; the lease renewal notices
    const other = new LocalDispatcher(ctx.db, null);
    await other.cancel(job, [id], {});
    await until(async () => aborted);
    await runner.idle();
    expect((await findJob(ctx.db, id))?.status).toBe('cancelled');
    await runner.stop();
  });
});
