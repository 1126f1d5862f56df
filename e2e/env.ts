import path from 'node:path';

/** Where the e2e server keeps its data (fresh each run): the OTP outbox is read from here. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e');
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-pass-123' } as const;
