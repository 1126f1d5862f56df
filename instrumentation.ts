/**
 * Next.js start-up hook: runs once per server process before requests are served. Node runtime only
 * (the database and argon2 are native/WASM). Stamps every request with its connection's address (for
 * per-client rate limits), validates the configuration, opens the database (PGlite applies the
 * migrations) and creates or promotes the ADMIN_EMAIL admin; on failure the process exits with one
 * clear message instead of serving 500s.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { installPeerAddressHook } = await import('./lib/api/peer-address');
  installPeerAddressHook();
  const { bootstrapServerOrExit } = await import('./lib/server/bootstrap');
  await bootstrapServerOrExit();
}
