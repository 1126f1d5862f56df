/**
 * Orderly shutdown of the server process. Work that must finish before the process ends (closing
 * the embedded database so that PGlite's files are left clean; later, letting running jobs reach a
 * safe point) registers here. `npm start`/`npm run serve` set NEXT_MANUAL_SIG_HANDLE so that Next
 * leaves SIGTERM/SIGINT to us: its own handler exits as soon as its server is closed, before an
 * asynchronous database close has finished.
 */
type Task = { name: string; run: () => Promise<void> };

interface ShutdownState {
  tasks: Task[];
  installed: boolean;
  running: Promise<void> | null;
}

/** Kept on globalThis: Next may load this module once per bundle (instrumentation, routes). */
const state: ShutdownState = ((globalThis as { __vsgShutdown?: ShutdownState }).__vsgShutdown ??= { tasks: [], installed: false, running: null });

/** The longest shutdown waits for its tasks before exiting anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Registers work to do at shutdown (run in reverse order of registration). */
export function onShutdown(name: string, run: () => Promise<void>): void {
  state.tasks.push({ name, run });
}

/** Runs every shutdown task once (later calls share the first run), each failure logged. */
export function runShutdown(): Promise<void> {
  state.running ??= (async () => {
    for (const task of [...state.tasks].reverse()) {
      try {
        await task.run();
      } catch (error) {
        console.error(`[shutdown] ${task.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return state.running;
}

/**
 * Makes SIGTERM and SIGINT run the shutdown tasks, then exit with the signal's code. Only when Next
 * was told to leave signals alone (else both would race to exit); idempotent.
 */
export function installSignalHandlers(): void {
  if (state.installed || !process.env.NEXT_MANUAL_SIG_HANDLE) return;
  state.installed = true;
  const handle = (signal: 'SIGTERM' | 'SIGINT', code: number) => {
    process.once(signal, () => {
      console.info(`[shutdown] ${signal}: closing down`);
      const timer = setTimeout(() => {
        console.error(`[shutdown] still busy after ${SHUTDOWN_GRACE_MS / 1000} s; exiting anyway`);
        process.exit(code);
      }, SHUTDOWN_GRACE_MS);
      timer.unref();
      void runShutdown().then(() => process.exit(code));
    });
  };
  handle('SIGTERM', 143);
  handle('SIGINT', 130);
}
