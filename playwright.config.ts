import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_DATA_DIR, E2E_PORT } from './e2e/env';

/**
 * End-to-end tests drive Debian's Chromium (no browser download is possible here) against the built
 * app served by `next start` on its own port with a fresh data directory (PGlite, mail to the outbox).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && NEXT_MANUAL_SIG_HANDLE=true npx next start -p ${E2E_PORT}`,
    url: `http://127.0.0.1:${E2E_PORT}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DATABASE_URL: '',
      // the built server runs as production, which takes real payments only when asked for test mode
      PAYMENTS_TEST_MODE: 'true',
      // a GST-registered operator (in the default SITE_STATE, Karnataka): payments get tax invoices
      SITE_GSTIN: '29AAGCB7383J1Z4',
      // each test's requests say which client address they come from (helpers/test.ts): a user of its own network
      TRUST_PROXY: 'true',
    },
  },
});
