import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** The one database type the app uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` (or undefined) keeps everything in memory. */
  pgliteDir?: string;
  /** Apply migrations after opening (default true). */
  migrate?: boolean;
}

export const MIGRATIONS_DIR = path.join(process.cwd(), 'db', 'migrations');

/**
 * The embedded database's settings: a small buffer pool (our tables are small; uploads and PDFs live on disk
 * by default). PGlite's default keeps 360 MB resident in the server process, this 235 MB.
 */
const PGLITE_CONF = ['shared_buffers=16MB'];

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
function acquireDirLock(dir: string): () => void {
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

/** Opens a database (PGlite or PostgreSQL) and applies the migrations. Tests call this directly. */
export async function openDb(options: OpenDbOptions = {}): Promise<DbHandle> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const sql = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const close = () => sql.end({ timeout: 5 });
    const typed = drizzle(sql, { schema });
    if (shouldMigrate) {
      const { migrate } = await import('drizzle-orm/postgres-js/migrator');
      await migrate(typed, { migrationsFolder: MIGRATIONS_DIR }).catch(async (error: unknown) => {
        await close();
        throw error;
      });
    }
    return { db: typed as unknown as Db, driver: 'postgres', close };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.pgliteDir;
  const inMemory = dir === undefined || dir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireDirLock(path.resolve(/*turbopackIgnore: true*/ dir));
  let client: InstanceType<typeof PGlite>;
  try {
    if (inMemory) client = new PGlite();
    else {
      const abs = path.resolve(/*turbopackIgnore: true*/ dir);
      // A new data directory is created (initdb) by a throw-away instance: initdb's WASM memory is kept by the
      // instance that ran it for as long as it lives (measured: 899 MB RSS after creating, 393 MB reopened).
      if (!fs.existsSync(path.join(abs, 'PG_VERSION'))) {
        const creator = new PGlite(abs);
        await creator.waitReady;
        await creator.close();
      }
      client = new PGlite({ dataDir: abs, postgresqlconf: PGLITE_CONF });
    }
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const typed = drizzle(client, { schema });
  if (shouldMigrate) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(typed, { migrationsFolder: MIGRATIONS_DIR }).catch(async (error: unknown) => {
      await client.close();
      release();
      throw error;
    });
  }
  return {
    db: typed as unknown as Db,
    driver: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
  };
}

type GlobalWithDb = typeof globalThis & { __vsgDb?: Promise<DbHandle>; __vsgTestDb?: Db };

/** For tests: make getDb() answer this database (route handlers then use it); undefined restores the app's own. */
export function setDbForTests(db: Db | undefined): void {
  (globalThis as GlobalWithDb).__vsgTestDb = db;
}

/**
 * The app's database, opened lazily once per process (a globalThis singleton survives dev reloads).
 * DATABASE_URL → PostgreSQL; otherwise PGlite in $DATA_DIR/pglite.
 */
export function getDb(): Promise<Db> {
  const override = (globalThis as GlobalWithDb).__vsgTestDb;
  if (override) return Promise.resolve(override);
  return getDbHandle().then((h) => h.db);
}

export function getDbHandle(): Promise<DbHandle> {
  const g = globalThis as GlobalWithDb;
  if (!g.__vsgDb) {
    g.__vsgDb = (async () => {
      const { getConfig } = await import('@/lib/config');
      const config = getConfig();
      const handle = config.DATABASE_URL
        ? await openDb({ databaseUrl: config.DATABASE_URL, migrate: false })
        : await openDb({ pgliteDir: path.join(config.dataDir, 'pglite') });
      const { onShutdown } = await import('@/lib/server/shutdown');
      onShutdown('database', () => handle.close());
      return handle;
    })();
    g.__vsgDb.catch(() => {
      g.__vsgDb = undefined;
    });
  }
  return g.__vsgDb;
}
