import { expect, test as base, type Page } from '@playwright/test';

export { expect };

/** What a test expects a page to log as an error (a failure it provokes on purpose), so the guard lets it pass. */
export interface ConsoleGuard {
  allow(pattern: RegExp): void;
}

/**
 * The browser's own line for a request that got an error answer or none ("Failed to load resource: …"): the app
 * reads those answers and says what went wrong in words (a wrong password, a task that is gone; and the server
 * errors and dropped connections tests provoke on purpose), and each test checks those words. The guard is for what
 * no test looks at: the app's own logged errors, React's (a hydration mismatch), uncaught exceptions.
 */
const ALWAYS_ALLOWED = [/: Failed to load resource: /];

/**
 * The client address a test's requests come from, as the one proxy in front of the e2e server says it saw them
 * (`X-Forwarded-For`, believed with TRUST_PROXY: playwright.config.ts): one per test, from its id. All tests run from
 * one machine, and the per-address limits (100 logins in 15 minutes) are for one campaign office's network, which
 * the suite's hundred-odd sign-ups and logins would otherwise share; each test is a user of its own network, as
 * in production behind a proxy. The limits themselves are tested against a server of their own (real-server.spec.ts).
 */
function clientAddressOf(testId: string): string {
  let h = 2166136261;
  for (const ch of testId) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255}`;
}

/**
 * Every test's pages are watched: an error logged to the console or thrown in the page (a hydration mismatch, a
 * failed render, an unhandled rejection) fails the test after it ran, unless the test said it expects it.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressOf(testInfo.testId) });
  },
  consoleGuard: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const allowed = [...ALWAYS_ALLOWED];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(`${page.url()}: ${message.text().slice(0, 400)}`);
        });
        page.on('pageerror', (error) => errors.push(`${page.url()}: uncaught ${error.message.slice(0, 400)}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((line) => !allowed.some((pattern) => pattern.test(line)));
      expect(unexpected, `the page logged errors:\n${unexpected.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});
