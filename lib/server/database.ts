import path from 'node:path';
import { openDb, type Db, type DbHandle } from '@/db/client';
import { getConfig } from '@/lib/config';
import { onShutdown } from './shutdown';

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
      const config = getConfig();
      const handle = config.DATABASE_URL
        ? await openDb({ databaseUrl: config.DATABASE_URL, migrate: false })
        : await openDb({ pgliteDir: path.join(config.dataDir, 'pglite') });
      onShutdown('database', () => handle.close());
      return handle;
    })();
    g.__vsgDb.catch(() => {
      g.__vsgDb = undefined;
    });
  }
  return g.__vsgDb;
}
