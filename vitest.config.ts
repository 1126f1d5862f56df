import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname) } },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'e2e/**', '.next/**', '.data/**'],
    environment: 'node',
    testTimeout: 60_000,
    // Opening PGlite (a WASM Postgres) and applying migrations can take tens of seconds on a busy 2-core machine.
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
