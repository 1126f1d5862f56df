/** `npm run db:migrate`: apply the migrations to DATABASE_URL (or to the embedded database). */
import path from 'node:path';
import { openDb } from '@/db/client';
import { getConfig } from '@/lib/config';

async function main(): Promise<void> {
  const config = getConfig();
  const handle = config.DATABASE_URL
    ? await openDb({ databaseUrl: config.DATABASE_URL })
    : await openDb({ pgliteDir: path.join(config.dataDir, 'pglite') });
  await handle.close();
  console.log(`Migrations applied (${handle.driver}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
