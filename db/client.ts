import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { acquireDirLock } from './dir-lock';
import * as schema from './schema';

export { DatabaseLockedError } from './dir-lock';

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

/**
 * Creates a PGlite data directory (initdb) in a short-lived Node process. initdb grows PGlite's WASM memory to
 * about 900 MB, and in this process that memory would stay until a garbage collection happened to free the
 * instance: a server's first start then sat at about 900 MB instead of about 420 MB for as long as it stayed
 * idle, or until its first requests. In a child it is given back when the child exits.
 */
async function createDataDir(dir: string): Promise<void> {
  const script = "const { PGlite } = await import('@electric-sql/pglite'); const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();";
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dir], { cwd: process.cwd() }).catch((error: unknown) => {
    const detail = error instanceof Error && 'stderr' in error ? String(error.stderr).trim().split('\n').slice(-1)[0] : String(error);
    throw new Error(`could not create the database directory ${dir}: ${detail}`);
  });
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
      if (!fs.existsSync(path.join(abs, 'PG_VERSION'))) await createDataDir(abs);
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
