import { getDb } from '@/db/client';
import { ensureAdmin } from '@/lib/auth/admin-bootstrap';
import { getConfig } from '@/lib/config';

/**
 * Start-up work of the server process: validate the configuration (one clear message), open the
 * database (PGlite applies the migrations) and create or promote the ADMIN_EMAIL admin.
 */
export async function bootstrapServer(): Promise<void> {
  const config = getConfig();
  const db = await getDb();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { user, created } = await ensureAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    console.info(`[startup] admin ${user.email} ${created ? 'created' : 'present'}.`);
  }
}
