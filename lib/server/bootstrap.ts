import { lt } from 'drizzle-orm';
import { getDb } from './database';
import { pruneWindows } from '@/db/queries/rate-limits';
import { otpCodes } from '@/db/schema';
import { ensureAdmin } from '@/lib/auth/admin-bootstrap';
import { getConfig } from '@/lib/config';
import { removeAbandonedFilesAtStart } from '@/lib/documents/retention';
import { createFileStore, FILE_WRITE_HOLD_MS } from '@/lib/files';
import { closeSandbox, getSandbox, removeStaleTaskDirs } from '@/lib/sandbox';
import { startLocalJobs } from './jobs';
import { installSignalHandlers, onShutdown } from './shutdown';

/**
 * Start-up work of the server process: validate the configuration (one clear message), open the
 * database (PGlite applies the migrations) and create or promote the ADMIN_EMAIL admin.
 */
export async function bootstrapServer(): Promise<void> {
  installSignalHandlers();
  const config = getConfig();
  const db = await getDb();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { user, created } = await ensureAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    console.info(`[startup] admin ${user.email} ${created ? 'created' : 'present'}.`);
  }
  // Housekeeping: old rate-limit windows and sign-up codes expired a day ago.
  const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
  await pruneWindows(db, dayAgo);
  await db.delete(otpCodes).where(lt(otpCodes.expiresAt, dayAgo));
  await removeAbandonedFiles(createFileStore(db), !config.DATABASE_URL);
  // Uploaded files are read, and slips rendered, in sandbox processes: one is kept warm for the next task,
  // and the task directories a killed server left behind are removed.
  const removed = await removeStaleTaskDirs();
  if (removed > 0) console.info(`[startup] removed ${removed} task folder(s) left by a stopped server`);
  onShutdown('sandbox', closeSandbox);
  const sandbox = getSandbox();
  sandbox.keepWarm = 1;
  void sandbox.prewarm();
  await startLocalJobs();
}

/**
 * Partial files a killed process left behind. With a shared database the files of a process killed just
 * before this start are still held; they are looked at again once that hold has run out.
 */
async function removeAbandonedFiles(store: ReturnType<typeof createFileStore>, onlyProcess: boolean): Promise<void> {
  const report = (removed: number) => {
    if (removed > 0) console.info(`[startup] removed ${removed} partial file(s) left by an interrupted write`);
  };
  report(await removeAbandonedFilesAtStart({ store }, onlyProcess));
  if (onlyProcess) return;
  const later = setTimeout(() => {
    removeAbandonedFilesAtStart({ store }, false).then(report, (error: unknown) =>
      console.warn(`[startup] partial files were not removed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, FILE_WRITE_HOLD_MS + 1000);
  later.unref();
}

/** For the start-up hook: a bad configuration or an unusable database stops the process with one clear line. */
export async function bootstrapServerOrExit(): Promise<void> {
  try {
    await bootstrapServer();
  } catch (error) {
    console.error(`[startup] cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
