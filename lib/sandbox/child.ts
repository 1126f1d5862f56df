/**
 * Entry point of a sandbox process (started by pool.ts, never imported): runs the tasks its parent sends,
 * one at a time, under the operating-system limits the parent set on it. It says it is alive every
 * second from its main thread, so a main thread frozen by a hostile file is seen and the process killed.
 * It ends when its parent goes away.
 */
import { toWire } from './errors';
import { keepCpuAllowance } from './process';
import { BEAT_MS, type ChildMessage, type ParentMessage } from './protocol';
import { runTask } from './tasks';

function send(message: ChildMessage): void {
  if (process.connected) process.send?.(message);
}

process.on('disconnect', () => process.exit(0));
// A stray rejection from a library (a worker closing under a request) is logged, not fatal: the task's
// own promise still settles, or the parent's watch ends the process.
process.on('unhandledRejection', (reason) => {
  console.error(`[sandbox] unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`);
});

const beat = setInterval(() => send({ type: 'beat' }), BEAT_MS);
beat.unref();

/** What the process is doing, as `ps` and /proc show it. */
function title(doing: string): void {
  process.title = `vsg-sandbox ${doing}`;
}

process.on('message', (message: ParentMessage) => {
  if (message?.type !== 'run') return;
  const { id, task, input } = message;
  title(task);
  try {
    keepCpuAllowance(message.cpuSeconds);
  } catch (error) {
    send({ type: 'failed', id, error: toWire(error) });
    title('idle');
    return;
  }
  let last = 0;
  const ctx = {
    progress(done: number, total: number) {
      // at most ten a second: progress is for a person
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      send({ type: 'progress', id, done, total });
    },
  };
  runTask(task, input as never, ctx)
    .then(
      (result) => send({ type: 'done', id, result }),
      (error: unknown) => send({ type: 'failed', id, error: toWire(error) }),
    )
    .finally(() => title('idle'));
});

title('idle');
send({ type: 'ready' });
