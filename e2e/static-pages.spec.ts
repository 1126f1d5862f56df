import { type Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { SITE_DEFAULTS } from '../lib/config';

/**
 * The four static pages and the policy facts they must state (date, notice, refund days, reply time).
 * The facts are asserted as literal text (not via lib/site.ts), so a wrong constant fails the test; the
 * operator's details are the configuration's defaults (the e2e server sets none).
 */

const PAGES = [
  {
    path: '/terms',
    title: 'Terms of Service',
    facts: [
      'Last updated: October 18, 2025',
      'These Terms are governed by the laws of India',
      'the courts at Bangalore, Karnataka, India have exclusive jurisdiction',
      'We will give at least 30 days’ notice of any change to these Terms',
      'You must have the legal right to obtain and use every electoral roll or voter list you upload',
      'card payment provider',
      'only before final payment',
      'within 7 days of payment',
    ],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    facts: [
      'Last updated: October 18, 2025',
      'Grievance Officer',
      SITE_DEFAULTS.GRIEVANCE_OFFICER_NAME,
      SITE_DEFAULTS.GRIEVANCE_OFFICER_EMAIL,
      'Bangalore, Karnataka',
      'India',
      'we never receive or store your full card number',
      'Uploaded voter lists and banner images are kept only as long as needed',
      'Sign-in tokens',
      'Theme preference',
    ],
  },
  {
    path: '/refund-policy',
    title: 'Cancellation & Refund Policy',
    facts: [
      'Last updated: October 18, 2025',
      'You may cancel a task only before final payment.',
      'Refund requests must reach us within 7 days of payment.',
      'Approved refunds are processed within 14 business days',
      SITE_DEFAULTS.SUPPORT_EMAIL,
      'governed by the laws of India',
    ],
  },
  {
    path: '/contact',
    title: 'Contact Us',
    facts: [
      'Last updated: October 18, 2025',
      SITE_DEFAULTS.SUPPORT_EMAIL,
      SITE_DEFAULTS.SUPPORT_PHONE,
      'Bangalore, Karnataka',
      'India',
      'We reply to every message within 24-48 hours.',
    ],
  },
] as const;

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

test.describe('static pages', () => {
  for (const { path, title, facts } of PAGES) {
    test(`${path} states its policy facts`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const main = page.getByRole('main');
      for (const fact of facts) await expect(main.getByText(fact, { exact: false }).first()).toBeVisible();
      expect(await page.title()).toContain(title);
    });
  }

  test('the exact policy figures appear on the terms, refund, contact and privacy pages', async ({ page }) => {
    const textOf = async (path: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      return page.getByRole('main').innerText();
    };
    const terms = await textOf('/terms');
    expect(terms).toContain('October 18, 2025');
    expect(terms).toContain('30 days');
    expect(terms).toMatch(/laws of India/);
    expect(terms).toContain('Bangalore');
    expect(terms).toContain('Karnataka');

    const refund = await textOf('/refund-policy');
    expect(refund).toContain('October 18, 2025');
    expect(refund).toContain('7 days');
    expect(refund).toContain('14 business days');
    expect(refund).toContain('only before final payment');

    const contact = await textOf('/contact');
    expect(contact).toContain('24-48 hours');
    expect(contact).toMatch(/Bangalore, Karnataka[^\n]*\n(?:.*\n)?India/);

    const privacy = await textOf('/privacy');
    expect(privacy).toContain('October 18, 2025');
  });

  test('the table of contents links to each section', async ({ page }) => {
    await page.goto('/privacy');
    const toc = page.getByRole('navigation', { name: 'Contents' });
    await toc.getByRole('link', { name: 'Grievance Officer' }).click();
    await expect(page).toHaveURL(/\/privacy#grievance-officer$/);
    await expect(page.getByRole('heading', { level: 2, name: /Grievance Officer/ })).toBeInViewport();
  });

  test('the footer reaches every static page', async ({ page }) => {
    await page.goto('/');
    for (const { path, title } of PAGES) {
      await page.getByRole('contentinfo').locator(`a[href="${path}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
  });

  test('every static page fits a 360px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const { path, title } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  });
});
