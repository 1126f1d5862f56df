import { type Page } from '@playwright/test';
import { expect, test } from './helpers/test';

/**
 * The Content-Security-Policy in a real browser: the pages still work under it (no violation on load,
 * the theme script runs, Razorpay Checkout's script and frame hosts load, pdf.js's blob: worker starts),
 * and what it is for is refused (a script or frame from any other host, inline script without the nonce).
 * Razorpay's hosts are not reachable from here: their answers are stood in by page.route, which the
 * browser's policy check still precedes.
 */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportViolation: (v: string) => void }).__reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

test.describe('security headers in the browser', () => {
  test('pages load without a policy violation and the stored theme applies before paint', async ({ page }) => {
    const violations = await collectViolations(page);
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    for (const path of ['/', '/login', '/signup', '/terms', '/voter-slip-generator']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(violations, `policy violations on ${path}`).toEqual([]);
    }
    // hydrated: the side menu (a client component) works
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("Razorpay Checkout's script and frame load; other hosts and inline script without the nonce are refused", async ({ page, consoleGuard }) => {
    // the browser reports each refusal the test provokes
    consoleGuard.allow(/violates the following Content Security Policy directive/);
    const violations = await collectViolations(page);
    await page.route('https://checkout.razorpay.com/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: 'window.__checkoutLoaded = true;' }),
    );
    await page.route('https://api.razorpay.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>checkout frame</p>' }));
    await page.route('https://evil.example/**', (route) => route.fulfill({ contentType: 'application/javascript', body: 'window.__evil = true;' }));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const result = await page.evaluate(async () => {
      const load = (src: string) =>
        new Promise<string>((resolve) => {
          const s = document.createElement('script');
          s.src = src;
          s.onload = () => resolve('loaded');
          s.onerror = () => resolve('blocked');
          document.head.appendChild(s);
        });
      const frame = (src: string) =>
        new Promise<string>((resolve) => {
          const f = document.createElement('iframe');
          f.src = src;
          document.body.appendChild(f);
          setTimeout(() => resolve(f.contentDocument === null ? 'cross-origin-loaded-or-blocked' : 'same'), 1500);
        });
      const inline = document.createElement('script');
      inline.textContent = 'window.__inline = true;';
      document.head.appendChild(inline);
      const worker = await new Promise<string>((resolve) => {
        try {
          const w = new Worker(URL.createObjectURL(new Blob(['postMessage("up")'], { type: 'text/javascript' })));
          w.onmessage = () => resolve('worker');
          w.onerror = () => resolve('worker-blocked');
        } catch {
          resolve('worker-blocked');
        }
      });
      return {
        checkout: await load('https://checkout.razorpay.com/v1/checkout.js'),
        evil: await load('https://evil.example/x.js'),
        inline: (window as unknown as { __inline?: boolean }).__inline === true,
        checkoutRan: (window as unknown as { __checkoutLoaded?: boolean }).__checkoutLoaded === true,
        worker,
        frames: [await frame('https://api.razorpay.com/v1/checkout/public'), await frame('https://evil.example/frame')],
      };
    });
    expect(result.checkout).toBe('loaded');
    expect(result.checkoutRan).toBe(true);
    expect(result.evil).toBe('blocked');
    expect(result.inline).toBe(false);
    expect(result.worker).toBe('worker');
    await expect.poll(() => violations.some((v) => v.startsWith('frame-src') && v.includes('evil.example'))).toBe(true);
    expect(violations.some((v) => v.includes('api.razorpay.com'))).toBe(false);
    expect(violations.some((v) => v.startsWith('script-src') && v.includes('evil.example'))).toBe(true);
  });
});
