import { type Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { E2E_ADMIN } from './env';
import { loginViaApi, newTestUser, openSideMenu, signUpViaApi } from './helpers';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

test.describe('shell and home', () => {
  test('no page logs an error: the server-rendered HTML hydrates as it is (no mismatch), for a visitor and a user, in both themes', async ({ browser }) => {
    // 26 page visits, each to network idle: on a loaded CI machine (another worker reading scans) that is over a minute
    test.setTimeout(180_000);
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${page.url()}: ${m.text().slice(0, 300)}`);
      });
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message.slice(0, 300)}`));
      const visit = async (paths: string[]) => {
        for (const path of paths) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
        }
      };
      await visit(['/', '/login', '/signup', '/forgot-password', '/terms', '/privacy', '/refund-policy', '/contact', '/voter-slip-generator']);
      const user = await signUpViaApi(page.request, newTestUser(`console-${colorScheme}`));
      await loginViaApi(page, user.email, user.password);
      await visit(['/', '/voter-slip-generator', '/history', '/profile']);
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    }
  });

  test('home shows the welcome headline and the four tool cards', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
    const cards = page.getByTestId('tool-card');
    await expect(cards).toHaveCount(4);
    for (const title of ['Voter Slip Generator', 'Invoice Generator', 'PDF Tools', 'Image Tools']) {
      await expect(cards.filter({ hasText: title })).toHaveCount(1);
    }
    const go = page.getByRole('link', { name: 'Go to Tool' });
    await expect(go).toHaveCount(1);
    await expect(go).toHaveAttribute('href', '/voter-slip-generator');
    const soon = page.getByRole('button', { name: 'Coming Soon' });
    await expect(soon).toHaveCount(3);
    for (const button of await soon.all()) await expect(button).toBeDisabled();
  });

  test('coming-soon pages and the footer links', async ({ page }) => {
    for (const [path, title] of [
      ['/invoice-generator', 'Invoice Generator'],
      ['/pdf-tools', 'PDF Tools'],
      ['/image-tools', 'Image Tools'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByText('Coming soon.')).toBeVisible();
    }
    const footer = page.getByRole('contentinfo');
    for (const href of ['/terms', '/privacy', '/refund-policy', '/contact']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await page.getByTestId('brand-link').click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('theme follows the system first, then the stored choice across reloads', async ({ browser }) => {
    for (const system of ['dark', 'light'] as const) {
      const context = await browser.newContext({ colorScheme: system });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${system}\\b`));
      const other = system === 'dark' ? 'light' : 'dark';
      await page.getByTestId('theme-toggle').click();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${other}\\b`));
      await page.reload();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${other}\\b`));
      await page.goto('/login');
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${other}\\b`));
      expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe(other);
      await context.close();
    }
  });

  for (const [label, viewport] of [
    ['phone 360px', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`side menu for a visitor and a user on ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expectNoHorizontalScroll(page);
      await openSideMenu(page);
      const menu = page.getByTestId('side-menu');
      await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      await expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
      await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0);
      await expect(menu.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
      const box = await menu.boundingBox();
      expect(box && box.width <= viewport.width).toBeTruthy();
      await menu.getByRole('link', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(menu).toBeHidden();

      const user = await signUpViaApi(page.request, newTestUser('menu'));
      await loginViaApi(page, user.email, user.password);
      await page.goto('/');
      await openSideMenu(page);
      await expect(menu.getByTestId('menu-user-name')).toHaveText(user.name);
      await expect(menu.getByTestId('menu-user-email')).toHaveText(user.email);
      await expect(menu.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile');
      await expect(menu.getByRole('link', { name: 'Task History' })).toHaveAttribute('href', '/history');
      await expect(menu.getByRole('link', { name: 'Voter Slip Generator' })).toHaveAttribute('href', '/voter-slip-generator');
      await expect(menu.getByRole('link', { name: 'VSG Licenses' })).toHaveCount(0);
      await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
      await expect(menu.getByRole('link', { name: 'Payments' })).toHaveCount(0);
      await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Login' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await openSideMenu(page);
      await menu.getByRole('link', { name: 'Task History' }).click();
      await expect(page).toHaveURL(/\/history$/);
      await expect(page.getByRole('heading', { name: 'Task History' })).toBeVisible();
      await expect(page.getByText('No tasks found.')).toBeVisible();
      await expectNoHorizontalScroll(page);
    });
  }

  test('an admin sees Users, Payments and VSG Licenses in the side menu', async ({ page }) => {
    await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/');
    await openSideMenu(page);
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByRole('link', { name: 'VSG Licenses' })).toHaveAttribute('href', '/admin/vsg-licenses');
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin');
    await expect(menu.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/admin/payments');
    await menu.getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/admin\/payments$/);
  });

  test('the home, login, sign-up, coming-soon and not-found pages fit a 360px phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    for (const path of ['/', '/login', '/signup', '/invoice-generator', '/pdf-tools', '/image-tools', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByTestId('menu-button')).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
    const user = await signUpViaApi(page.request, newTestUser('phone'));
    await loginViaApi(page, user.email, user.password);
    for (const path of ['/profile', '/history']) {
      await page.goto(path);
      await expect(page.getByTestId('menu-button')).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  });

  test('a session is shared across tabs (storage event)', async ({ context }) => {
    const first = await context.newPage();
    const user = await signUpViaApi(first.request, newTestUser('tabs'));
    await first.goto('/');
    const second = await context.newPage();
    await second.goto('/');
    // Log in in the first tab; the second follows through the storage event.
    const res = await first.request.post('/api/login', { form: { username: user.email, password: user.password } });
    const tokens = (await res.json()) as { access_token: string; refresh_token: string };
    await first.evaluate(([a, r]) => {
      window.localStorage.setItem('token', a);
      window.localStorage.setItem('refreshToken', r);
    }, [tokens.access_token, tokens.refresh_token] as const);
    await openSideMenu(second);
    await expect(second.getByTestId('menu-user-email')).toHaveText(user.email);
  });
});
