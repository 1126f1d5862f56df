import path from 'node:path';
import type { Db } from '@/db/client';
import { getConfig } from '@/lib/config';
import { DatabaseFileStore, DiskFileStore } from './store';
import type { FileStore } from './types';

export * from './types';
export { DatabaseFileStore, DB_CHUNK_BYTES, DiskFileStore, FILE_WRITE_HOLD_MS, PIECEWISE_FILE_MAX_AGE_MS } from './store';

/** Which driver the configuration asks for: FILES_STORE, else the database whenever DATABASE_URL is set. */
export function fileStoreDriver(): 'disk' | 'database' {
  const config = getConfig();
  return config.FILES_STORE ?? (config.DATABASE_URL ? 'database' : 'disk');
}

/** The app's file store over a database handle. */
export function createFileStore(db: Db, driver: 'disk' | 'database' = fileStoreDriver()): FileStore {
  return driver === 'database' ? new DatabaseFileStore(db) : new DiskFileStore(db, path.join(getConfig().dataDir, 'files'));
}
