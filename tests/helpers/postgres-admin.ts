/**
 * The PostgreSQL server the tests use (PG_TEST_URL, its admin database), shared by the vitest suites and
 * the Playwright real-server tests; nothing here imports a test runner, so both can load it.
 */
export const PG_ADMIN_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A one-connection client on the admin database (for creating and dropping test databases). */
export async function pgAdmin() {
  const { default: postgres } = await import('postgres');
  return postgres(PG_ADMIN_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
}

/** Whether the PostgreSQL server for the tests answers (off CI a PostgreSQL run is skipped without it). */
export async function postgresReachable(): Promise<boolean> {
  const sql = await pgAdmin();
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}
