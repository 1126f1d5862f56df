import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { E2E_ADMIN } from './env';
import { acceptAppDialog, loginViaApi, newTestUser, openSideMenu, signUpViaApi, type TestUser } from './helpers';

/**
 * The admin screens (the user table, the delete confirmation, the licence list, their failure messages):
 * an admin lists, searches, pages, edits and deletes users and switches licences; visitors and
 * non-admins are sent home from every admin URL.
 */

const ADMIN_URLS = ['/admin', '/admin/vsg-licenses', '/admin/users/1/edit'];

async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { form: { username: email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The user's id and state as the admin API reports it (found by e-mail search). */
async function findUser(request: APIRequestContext, email: string) {
  const token = await apiToken(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const res = await request.get(`/api/users?q=${encodeURIComponent(email)}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const users = (await res.json()) as { id: number; email: string; name: string; is_active: boolean; is_admin: boolean }[];
  return users.find((u) => u.email === email) ?? null;
}

async function userCount(request: APIRequestContext): Promise<number> {
  const token = await apiToken(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const res = await request.get('/api/users?limit=1&offset=0', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return Number(res.headers()['x-total-count']);
}

async function openAdmin(page: Page, path = '/admin') {
  await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(path);
}

async function searchUsers(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users by name or e-mail' }).fill(text);
}

/** The table row whose e-mail cell is exactly `email` (not the 'No users match …' row). */
function rowOf(page: Page, table: 'Users' | 'Licenses', email: string) {
  return page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: email, exact: true }) });
}

function userRow(page: Page, email: string) {
  return rowOf(page, 'Users', email);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

test.describe('admin: guard', () => {
  test('a visitor is sent home from every admin URL', async ({ page }) => {
    for (const url of ADMIN_URLS) {
      await page.goto(url);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'User Management' })).toHaveCount(0);
    }
  });

  test('a non-admin is sent home from every admin URL, and the server refuses the admin calls', async ({ page }) => {
    const user = await signUpViaApi(page.request, newTestUser('nonadmin'));
    await loginViaApi(page, user.email, user.password);
    for (const url of ADMIN_URLS) {
      await page.goto(url);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('menu-button')).toBeVisible();
      await expect(page.getByRole('heading', { name: /User Management|License Management/ })).toHaveCount(0);
    }
    const token = await apiToken(page.request, user.email, user.password);
    for (const url of ['/api/users', '/api/v1/vsg/admin/users']) {
      const res = await page.request.get(url, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status(), url).toBe(403);
    }
  });
});

test.describe('admin: users', () => {
  test('lists users with their six columns, searches by name and e-mail, and pages at 20', async ({ page }) => {
    const listed = await signUpViaApi(page.request, newTestUser('adm-list'));
    // Paging needs more than one page: top the database up to 21 users if the other specs have not.
    const missing = 21 - (await userCount(page.request));
    for (let i = 0; i < missing; i++) await signUpViaApi(page.request, newTestUser('filler'));
    const total = await userCount(page.request);

    await openAdmin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Users' });
    for (const column of ['ID', 'Name', 'Email', 'Phone Number', 'Active', 'Admin']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    // The admin row: Active yes, Admin yes, and no Delete for oneself.
    const adminRow = userRow(page, E2E_ADMIN.email);
    await expect(adminRow.locator('[data-slot="badge"]')).toHaveText(['Yes', 'Yes']);
    await expect(adminRow.getByRole('button', { name: `Delete ${E2E_ADMIN.email}` })).toBeDisabled();

    // Paging: 20 a page.
    await expect(table.locator('tbody tr')).toHaveCount(20);
    expect(total).toBeGreaterThan(20);
    await expect(page.getByText(/^Showing 1–20 of \d+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText(/^Showing 21–\d+ of \d+$/)).toBeVisible();
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await expect(page.getByText(/^Showing 1–20 of \d+$/)).toBeVisible();

    // Search by e-mail, then by name.
    await searchUsers(page, listed.email);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    const row = userRow(page, listed.email);
    await expect(row).toContainText(listed.name);
    await expect(row).toContainText(listed.phone_number);
    await expect(row.locator('[data-slot="badge"]')).toHaveText(['Yes', 'No']); // active, not admin
    await searchUsers(page, listed.name.toUpperCase());
    await expect(userRow(page, listed.email)).toBeVisible();
    await searchUsers(page, 'no-such-user-zzz');
    await expect(page.getByText('No users match “no-such-user-zzz”.')).toBeVisible();
  });

  test('edits a user: name, phone, password, then the Active and Admin switches', async ({ page }) => {
    const target = await signUpViaApi(page.request, newTestUser('adm-edit'));
    await openAdmin(page);
    await searchUsers(page, target.email);
    await userRow(page, target.email).getByRole('link', { name: `Edit ${target.email}` }).click();
    const found = await findUser(page.request, target.email);
    await expect(page).toHaveURL(new RegExp(`/admin/users/${found!.id}/edit$`));

    await expect(page.getByLabel('Name')).toHaveValue(target.name);
    await expect(page.getByLabel('Phone Number')).toHaveValue(target.phone_number);
    await expect(page.getByText('Leave blank to keep current password.')).toBeVisible();
    await page.getByLabel('Name').fill('Edited By Admin');
    await page.getByLabel('Phone Number').fill('9123456780');
    await page.getByLabel('New Password').fill('new-pass-12345');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByLabel('New Password')).toHaveValue('');
    // The new password works.
    const login = await page.request.post('/api/login', { form: { username: target.email, password: 'new-pass-12345' } });
    expect(login.status()).toBe(200);

    // Deactivate and make admin.
    const active = page.getByRole('switch', { name: 'Active', exact: true });
    const admin = page.getByRole('switch', { name: 'Admin', exact: true });
    await expect(active).toBeChecked();
    await expect(admin).not.toBeChecked();
    await active.click();
    await admin.click();
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    const after = await findUser(page.request, target.email);
    expect(after).toMatchObject({ name: 'Edited By Admin', is_active: false, is_admin: true });
    const refused = await page.request.post('/api/login', { form: { username: target.email, password: 'new-pass-12345' } });
    expect(refused.status()).toBe(403);

    // Back in the list the row shows the new state.
    await page.getByRole('link', { name: 'Back to users' }).click();
    await searchUsers(page, target.email);
    const row = userRow(page, target.email);
    await expect(row).toContainText('Edited By Admin');
    await expect(row).toContainText('9123456780');
    await expect(row.locator('[data-slot="badge"]')).toHaveText(['No', 'Yes']); // inactive, admin
  });

  test('a refused edit shows "Error: " with the server detail', async ({ page }) => {
    const target = await signUpViaApi(page.request, newTestUser('adm-edit-bad'));
    const found = await findUser(page.request, target.email);
    await openAdmin(page, `/admin/users/${found!.id}/edit`);
    await page.getByLabel('New Password').fill('x');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /^Error: .+/ })).toBeVisible();
  });

  test('deletes a user after confirmation; Cancel keeps the user', async ({ page }) => {
    const target: TestUser = await signUpViaApi(page.request, newTestUser('adm-delete'));
    await openAdmin(page);
    await searchUsers(page, target.email);
    const row = userRow(page, target.email);
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Delete ${target.email}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you sure you want to delete this user?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toBeVisible();
    expect(await findUser(page.request, target.email)).not.toBeNull();

    await row.getByRole('button', { name: `Delete ${target.email}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(row).toHaveCount(0);
    expect(await findUser(page.request, target.email)).toBeNull();
    const login = await page.request.post('/api/login', { form: { username: target.email, password: target.password } });
    expect(login.status()).toBe(401);
  });

  test('shows the failure messages when listing or deleting fails', async ({ page }) => {
    const target = await signUpViaApi(page.request, newTestUser('adm-fail'));
    await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);

    const list = /\/api\/users\?/;
    await page.route(list, (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
    await page.goto('/admin');
    await expect(page.getByText('Failed to fetch users.', { exact: true })).toBeVisible();
    await page.unroute(list);

    await page.route(list, (route) => route.abort('connectionrefused'));
    await page.reload();
    await expect(page.getByText('An error occurred while fetching users.', { exact: true })).toBeVisible();
    await page.unroute(list);

    await page.reload();
    await searchUsers(page, target.email);
    const row = userRow(page, target.email);
    await expect(row).toBeVisible();
    const one = /\/api\/users\/\d+$/;
    await page.route(one, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.continue(),
    );
    await row.getByRole('button', { name: `Delete ${target.email}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Failed to delete user.', { exact: true })).toBeVisible();
    await expect(row).toBeVisible();
    await page.unroute(one);

    await page.route(one, (route) =>
      route.request().method() === 'DELETE' ? route.abort('connectionrefused') : route.continue(),
    );
    await row.getByRole('button', { name: `Delete ${target.email}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('An error occurred while deleting the user.', { exact: true })).toBeVisible();
  });
});

test.describe('admin: VSG licences', () => {
  test('the side menu link lands on the licence page', async ({ page }) => {
    await openAdmin(page, '/');
    await openSideMenu(page);
    await page.getByTestId('side-menu').getByRole('link', { name: 'VSG Licenses' }).click();
    await expect(page).toHaveURL(/\/admin\/vsg-licenses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Voter Slip Generator - License Management' })).toBeVisible();
  });

  test('switches a licence, the row follows the answer, and the history shows the change', async ({ page }) => {
    const target = await signUpViaApi(page.request, newTestUser('adm-lic'));
    await openAdmin(page, '/admin/vsg-licenses');
    await expect(page.getByRole('heading', { level: 1, name: 'Voter Slip Generator - License Management' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Licenses' });
    for (const column of ['User ID', 'Email', 'Status']) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await page.getByRole('searchbox', { name: 'Search licences by e-mail or user ID' }).fill(target.email);
    const row = rowOf(page, 'Licenses', target.email);
    await expect(row).toHaveCount(1);
    const found = await findUser(page.request, target.email);
    await expect(row).toContainText(String(found!.id));
    await expect(row.getByText('Inactive', { exact: true }).first()).toBeVisible();

    const select = row.getByRole('combobox', { name: `License status for ${target.email}` });
    await select.click();
    await expect(page.getByRole('option', { name: 'Inactive', exact: true })).toBeVisible();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect(select).toHaveText('Active');
    await expect(row.locator('[data-slot="badge"]')).toHaveText('Active');

    // The user's own licence call agrees.
    const token = await apiToken(page.request, target.email, target.password);
    const mine = await page.request.get('/api/v1/vsg/license', { headers: { Authorization: `Bearer ${token}` } });
    expect(await mine.json()).toMatchObject({ email: target.email, vsg_license_status: 'active' });

    await row.getByRole('button', { name: `License history for ${target.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'License history' });
    await expect(dialog).toContainText(target.email);
    const entries = dialog.getByRole('list', { name: 'License changes' }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Inactive');
    await expect(entries.first()).toContainText('Active');
    await expect(entries.first()).toContainText(E2E_ADMIN.email);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // And back.
    await select.click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await expect(row.locator('[data-slot="badge"]')).toHaveText('Inactive');
    await row.getByRole('button', { name: `License history for ${target.email}` }).click();
    await expect(page.getByRole('dialog', { name: 'License history' }).getByRole('listitem')).toHaveCount(2);
  });

  test('shows the failure messages when the licence list or an update fails', async ({ page }) => {
    await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.route('**/api/v1/vsg/admin/users', (route) => route.fulfill({ status: 500, json: { detail: 'backend down' } }));
    await page.goto('/admin/vsg-licenses');
    const alert = page.getByRole('alert').filter({ hasText: 'Please ensure you are logged in as an admin and the backend is running.' });
    await expect(alert).toContainText('backend down');
    await page.unroute('**/api/v1/vsg/admin/users');

    await page.route(/\/admin\/users\/\d+\/license$/, (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { detail: 'cannot save' } }) : route.continue(),
    );
    await page.reload();
    const row = rowOf(page, 'Licenses', E2E_ADMIN.email);
    // The app's own dialog, not the browser's native pop-up.
    const native: string[] = [];
    page.on('dialog', (dialog) => {
      native.push(dialog.message());
      void dialog.dismiss();
    });
    await row.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await acceptAppDialog(page, 'Failed to update license status: cannot save');
    expect(native).toEqual([]);
    await expect(row.locator('[data-slot="badge"]')).toHaveText('Inactive');
  });
});

test.describe('admin: phone', () => {
  test('the admin screens fit a 360px phone with their actions reachable', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openAdmin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    const firstEdit = page.getByRole('link', { name: /^Edit / }).first();
    await expect(firstEdit).toBeInViewport();
    await page.goto('/admin/vsg-licenses');
    await expect(page.getByRole('heading', { level: 1, name: 'Voter Slip Generator - License Management' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole('combobox').first()).toBeInViewport();
    await page.goto('/admin/users/1/edit');
    await expect(page.getByRole('button', { name: 'Update Profile' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
