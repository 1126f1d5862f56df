/**
 * Next.js start-up hook: runs once per server process before requests are served. Node runtime only
 * (the database and argon2 are native/WASM).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { bootstrapServer } = await import('./lib/server/bootstrap');
  try {
    await bootstrapServer();
  } catch (error) {
    console.error(`[startup] ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}
