import fs from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already open in another process (pid ${pid}). ` +
        'Stop that process first, or set DATABASE_URL to use a PostgreSQL server that many processes can share.',
    );
    this.name = 'DatabaseLockedError';
  }
}

/**
 * Whether `pid` is a running process. A zombie (dead, not yet reaped: in a container whose first
 * process reaps late, a server killed with SIGKILL stays one for a while) holds nothing.
 */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** A process that has ended but is still listed (state Z or X in /proc; false where there is no /proc). */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.charAt(stat.lastIndexOf(')') + 2);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

/** How long a lock's holder that is going away (killed a moment ago, still tearing down) is waited for. */
const HOLDER_GRACE_MS = 3000;

/** Whether another process holds the lock: alive now, and still alive after the grace period. */
function heldByOther(pid: number): boolean {
  if (!processIsAlive(pid)) return false;
  if (pid === process.pid) return true;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; waited < HOLDER_GRACE_MS; waited += 100) {
    Atomics.wait(pause, 0, 0, 100);
    if (!processIsAlive(pid)) return false;
  }
  return true;
}

/**
 * PGlite corrupts a data directory that two processes open, so we hold a pid lock file beside it.
 * A lock left by a dead process (ended, a zombie, or gone within a few seconds) is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, '..', `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && heldByOther(pid)) {
        throw new DatabaseLockedError(dir, pid);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database directory ${dir}.`);
}
