import type { Db } from '@/db/client';
import { getDb } from '@/lib/server/database';
import { getConfig, type Config } from '@/lib/config';
import { createFileStore, type FileStore } from '@/lib/files';
import { getSandbox, type SandboxPool } from '@/lib/sandbox';

/**
 * What the document pipeline and services work with: the database, the file store, the sandbox that
 * reads uploaded files and renders from them, and the settings.
 */
export interface DocumentsDeps {
  db: Db;
  store: FileStore;
  sandbox: SandboxPool;
  config: Pick<Config, 'FEE_PER_PAGE' | 'MIN_FEE' | 'DRAFT_PREVIEW_PAGES' | 'MAX_UPLOAD_MB' | 'MAX_TASK_MB' | 'MAX_TASK_FILES' | 'PARTS_CONCURRENCY' | 'SANDBOX_PROCESSES' | 'RETENTION_DAYS' | 'MAX_OPEN_TASKS'>;
}

/** The app's own: getDb() (which tests may point elsewhere) and the configured file store. */
export async function documentsDeps(): Promise<DocumentsDeps> {
  const db = await getDb();
  return { db, store: createFileStore(db), sandbox: getSandbox(), config: getConfig() };
}
