import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GET, POST, PUT } from '@/app/api/inngest/route';
import { resetConfigForTests } from '@/lib/config';
import { call } from '@/tests/auth/helpers';

const saved = { JOBS_PROVIDER: process.env.JOBS_PROVIDER, INNGEST_DEV: process.env.INNGEST_DEV, DATA_DIR: process.env.DATA_DIR, JWT_SECRET: process.env.JWT_SECRET };
/** The configuration is read whole: a scratch data directory and a set secret, so nothing is written elsewhere. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-inngest-route-'));
const base = { DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789' };

function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetConfigForTests();
}

describe('/api/inngest', () => {
  afterEach(() => setEnv(saved));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('answers 404 with {detail} for every method when the local runner is used', async () => {
    setEnv({ ...base, JOBS_PROVIDER: 'local', INNGEST_DEV: undefined });
    for (const [handler, method] of [
      [GET, 'GET'],
      [POST, 'POST'],
      [PUT, 'PUT'],
    ] as const) {
      const res = await call(handler, { method, url: 'http://test.local/api/inngest', ...(method === 'GET' ? {} : { body: '{}' }) });
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    }
  });

  it('is served by Inngest with JOBS_PROVIDER=inngest', async () => {
    setEnv({ ...base, JOBS_PROVIDER: 'inngest', INNGEST_DEV: '1' });
    const res = await call(GET, { url: 'http://test.local/api/inngest' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ function_count: expect.any(Number) });
  });
});
