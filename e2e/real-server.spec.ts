import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './helpers/test';
import { E2E_PORT } from './env';
import { loginFrom, postChunked, postgresReachable, requestFrom, startServer, type DbTarget, type RunningServer } from './helpers/server';

/**
 * Abuse and exposure checks against a real server process (`npm run serve`), once on PGlite and once on
 * PostgreSQL, with two clients on different loopback addresses (127.0.0.2 and 127.0.0.3). The server is
 * started with real-looking site facts to show that the pages take them from the configuration.
 */
const SITE = {
  SITE_PRODUCT_NAME: 'Chunav Sahayak',
  SITE_COMPANY_NAME: 'Asha Digital Services LLP',
  SUPPORT_EMAIL: 'help@asha-digital.in',
  SUPPORT_PHONE: '+91 98450 12345',
  SITE_ADDRESS_LINE1: '12, 3rd Cross, Indiranagar',
  SITE_POSTAL_CODE: '560038',
  GRIEVANCE_OFFICER_NAME: 'Ramesh Kumar',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@asha-digital.in',
  ADMIN_EMAIL: 'admin@real-server.test',
  ADMIN_PASSWORD: 'admin-pass-456',
};

/** The text of an HTML page without tags (what a reader without JavaScript gets). */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&rsquo;|&#39;/g, '’')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const targets: { database: DbTarget; port: number }[] = [
  { database: 'pglite', port: E2E_PORT + 10 },
  { database: 'postgres', port: E2E_PORT + 11 },
];

for (const { database, port } of targets) {
  test.describe(`real server on ${database}`, () => {
    test.describe.configure({ mode: 'serial', timeout: 180_000 });
    let server: RunningServer | undefined;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      if (database === 'postgres' && !(await postgresReachable())) {
        if (process.env.CI) throw new Error('PostgreSQL is required on CI for the real-server tests.');
        test.skip(true, 'PostgreSQL is not reachable at 127.0.0.1:5432');
      }
      server = await startServer({ port, database, env: SITE });
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test('a chunked body with no content-length is refused with 413 long before it ends', async () => {
      const answer = await postChunked(port, '/api/login', 50 * 1024 * 1024);
      expect(answer.status).toBe(413);
      expect(answer.writtenBeforeAnswer).toBeLessThan(10 * 1024 * 1024);
      const otp = await postChunked(port, '/api/send-otp', 50 * 1024 * 1024);
      expect(otp.status).toBe(413);
    });

    test('one client cannot lock an account or sign-up for another address', async () => {
      const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = SITE;
      // 127.0.0.2 guesses, forging a different X-Forwarded-For each time (ignored without TRUST_PROXY).
      // (Whether the right password right after is still held depends on timing — the delays are
      // seconds — and is asserted with a fixed clock in tests/auth/rate-limit.test.ts.)
      const answers = [];
      for (let i = 0; i < 9; i++) answers.push(await loginFrom('127.0.0.2', port, email, `guess-${i}`, { 'x-forwarded-for': `10.0.0.${i}` }));
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
      const held = answers.slice(5).find((a) => a.status === 429);
      expect(held, 'a quick guess after the 5th is held').toBeTruthy();
      expect(Number(held!.headers['retry-after'])).toBeGreaterThan(0);
      // the owner on 127.0.0.3 logs in at once
      expect((await loginFrom('127.0.0.3', port, email, password)).status).toBe(200);

      // send-otp: 127.0.0.2 spends its hourly allowance; 127.0.0.3 is not affected
      const send = (from: string, n: number) =>
        requestFrom(from, port, {
          method: 'POST',
          path: '/api/send-otp',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `email=flood-${n}-${Date.now()}%40e2e.test`,
        });
      let last = 0;
      for (let n = 0; n < 120 && last !== 429; n++) last = (await send('127.0.0.2', n)).status;
      expect(last).toBe(429);
      expect((await send('127.0.0.3', 99)).status).toBe(200);
    });

    test('parallel guesses cannot all reach the password check', async () => {
      // 30 at once: 5 free attempts, then one more each time a delay (1 s, 2 s, 4 s ...) has run out while
      // the burst is still arriving on a busy machine — never more than a handful.
      const guesses = await Promise.all(Array.from({ length: 30 }, (_, i) => loginFrom('127.0.0.4', port, SITE.ADMIN_EMAIL, `parallel-${i}`)));
      const statuses = guesses.map((g) => g.status);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(5);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(8);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    });

    test('send-otp answers a registered e-mail exactly like a new one', async () => {
      const send = (from: string, email: string) =>
        requestFrom(from, port, { method: 'POST', path: '/api/send-otp', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }).toString() });
      const fresh = `fresh-${Date.now()}@e2e.test`;
      const a = await send('127.0.0.5', SITE.ADMIN_EMAIL);
      const b = await send('127.0.0.5', fresh);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(JSON.parse(a.text).detail.replace(SITE.ADMIN_EMAIL, '<e>')).toBe(JSON.parse(b.text).detail.replace(fresh, '<e>'));
    });

    test('authorization: admin calls, other users and ended sessions are refused by the server', async () => {
      const json = (method: string, p: string, token: string | null, body?: unknown) =>
        requestFrom('127.0.0.7', port, {
          method,
          path: p,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const form = (p: string, fields: Record<string, string>) =>
        requestFrom('127.0.0.7', port, { method: 'POST', path: p, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
      const lastCode = (to: string) => {
        const mails = fs.readFileSync(path.join(server!.dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { to: string; text: string });
        return /\b(\d{6})\b/.exec(mails.filter((m) => m.to === to).pop()!.text)![1];
      };
      const login = async (email: string, password: string) => JSON.parse((await form('/api/login', { username: email, password })).text) as { access_token: string; refresh_token: string };

      const email = `authz-${Date.now()}@e2e.test`;
      expect((await form('/api/send-otp', { email })).status).toBe(200);
      const created = await json('POST', '/api/signup', null, { name: 'Authz', email, phone_number: '9876543210', password: 'first-pass-1', otp: lastCode(email) });
      expect(created.status).toBe(201);
      const me = JSON.parse(created.text) as { id: number };
      const a = await login(email, 'first-pass-1');
      const b = await login(email, 'first-pass-1');
      const admin = await login(SITE.ADMIN_EMAIL, SITE.ADMIN_PASSWORD);
      const adminId = (JSON.parse((await json('GET', '/api/users/me/', admin.access_token)).text) as { id: number }).id;

      expect((await json('GET', '/api/users', null)).status).toBe(401);
      expect((await json('GET', '/api/users', a.access_token)).status).toBe(403);
      expect((await json('GET', '/api/v1/vsg/admin/users', a.access_token)).status).toBe(403);
      expect((await json('PUT', `/api/v1/vsg/admin/users/${me.id}/license`, a.access_token, { vsg_license_status: 'active' })).status).toBe(403);
      expect((await json('PUT', `/api/users/${adminId}`, a.access_token, { name: 'Taken over' })).status).toBe(403);
      expect((await json('DELETE', `/api/users/${adminId}`, a.access_token)).status).toBe(403);

      // changing the password in session A ends session B at once, A goes on
      expect((await json('PUT', `/api/users/${me.id}`, a.access_token, { password: 'second-pass-2' })).status).toBe(200);
      expect((await json('GET', '/api/users/me/', b.access_token)).status).toBe(401);
      expect((await json('GET', '/api/users/me/', a.access_token)).status).toBe(200);
      // a reset by e-mailed code ends every session, A included
      expect((await form('/api/password-reset/request', { email })).status).toBe(200);
      expect((await json('POST', '/api/password-reset/confirm', null, { email, otp: lastCode(email), password: 'third-pass-3' })).status).toBe(200);
      expect((await json('GET', '/api/users/me/', a.access_token)).status).toBe(401);
      expect((await form('/api/login', { username: email, password: 'third-pass-3' })).status).toBe(200);
    });

    test('the legal pages and the home page carry their content and the configured site facts in the HTML', async () => {
      const pages: Record<string, string[]> = {
        '/terms': ['Terms of Service', 'October 18, 2025', 'governed by the laws of India', '30 days', SITE.SITE_COMPANY_NAME, SITE.SUPPORT_EMAIL],
        '/privacy': ['Privacy Policy', 'Grievance Officer', SITE.GRIEVANCE_OFFICER_NAME, SITE.GRIEVANCE_OFFICER_EMAIL, SITE.SITE_ADDRESS_LINE1, '560038'],
        '/refund-policy': ['Cancellation & Refund Policy', 'within 7 days of payment', '14 business days', 'only before final payment', SITE.SUPPORT_EMAIL],
        '/contact': ['Contact Us', SITE.SUPPORT_EMAIL, SITE.SUPPORT_PHONE, 'Bangalore, Karnataka', '24-48 hours', SITE.SITE_COMPANY_NAME],
        '/': ['Welcome to', SITE.SITE_PRODUCT_NAME, 'Voter Slip Generator', 'Terms & Conditions'],
      };
      for (const [path, facts] of Object.entries(pages)) {
        const answer = await requestFrom('127.0.0.6', port, { path });
        expect(answer.status, path).toBe(200);
        const text = visibleText(answer.text);
        for (const fact of facts) expect(text, `${path} without JavaScript`).toContain(fact);
        expect(text).not.toContain('example.com');
      }
    });

    test('the site installs: a web app manifest with its icons, a favicon and an Apple touch icon, all linked from the page', async () => {
      const home = await requestFrom('127.0.0.6', port, { path: '/' });
      expect(home.text).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
      expect(home.text).toMatch(/<link rel="apple-touch-icon" href="\/apple-icon\.png/);
      expect(home.text).toMatch(/<link rel="icon" href="\/favicon\.ico/);
      const manifest = await requestFrom('127.0.0.6', port, { path: '/manifest.webmanifest' });
      expect(manifest.status).toBe(200);
      const body = JSON.parse(manifest.text) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose?: string }[] };
      expect(body).toMatchObject({ name: SITE.SITE_PRODUCT_NAME, start_url: '/', display: 'standalone' });
      // Android asks for 192 and 512 px icons, one of them maskable
      expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      expect(body.icons.some((i) => i.purpose === 'maskable')).toBe(true);
      for (const path of [...body.icons.map((i) => i.src), '/favicon.ico', '/apple-icon.png']) {
        const icon = await requestFrom('127.0.0.6', port, { path });
        expect(icon.status, path).toBe(200);
        expect(String(icon.headers['content-type']), path).toMatch(/^image\//);
      }
    });

    test('security headers are on pages, API answers, errors and static files', async () => {
      const home = await requestFrom('127.0.0.6', port, { path: '/' });
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(home.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      // every inline script carries the nonce
      const inline = [...home.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
      expect(inline.length).toBeGreaterThan(0);
      for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
      const asset = /<script[^>]*src="(\/_next\/static\/[^"]+\.js)"/.exec(home.text)?.[1];
      expect(asset).toBeTruthy();
      const answers = {
        page: home,
        api: await requestFrom('127.0.0.6', port, { path: '/api/users/me/' }),
        notFound: await requestFrom('127.0.0.6', port, { path: '/no-such-page' }),
        asset: await requestFrom('127.0.0.6', port, { path: asset! }),
      };
      for (const [what, answer] of Object.entries(answers)) {
        expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
        expect(answer.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
        expect(answer.headers['permissions-policy'], what).toContain('camera=()');
        expect(answer.headers['strict-transport-security'], what).toContain('max-age=');
        expect(answer.headers['x-frame-options'], what).toBe('SAMEORIGIN');
        if (what === 'asset') continue;
        const csp = String(answer.headers['content-security-policy']);
        expect(csp, what).toContain("frame-ancestors 'self'");
        if (what === 'api') continue;
        expect(csp, what).toContain("default-src 'self'");
        expect(csp, what).toContain("script-src 'self' 'nonce-");
        expect(csp, what).toContain('https://checkout.razorpay.com');
        expect(csp, what).toContain("worker-src 'self' blob:");
        expect(csp, what).not.toContain('unsafe-eval');
      }
      // a fresh nonce per answer
      const again = await requestFrom('127.0.0.6', port, { path: '/' });
      expect(String(again.headers['content-security-policy'])).not.toContain(nonce!);
    });
  });
}
