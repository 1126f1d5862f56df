import { expect, test } from './helpers/test';
import { openSideMenu, signUpAndLogin } from './helpers';
import { draftWithOrder } from './helpers/paid-task';

test.describe('logout', () => {
  test('Logout in the side menu ends the session on the server: the refresh token, the access token and the file links stop working', async ({ page }) => {
    await signUpAndLogin(page, 'logout');
    const tokens = await page.evaluate(() => ({ access: window.localStorage.getItem('token'), refresh: window.localStorage.getItem('refreshToken') }));
    expect(tokens.access && tokens.refresh).toBeTruthy();
    const bearer = { Authorization: `Bearer ${tokens.access}` };

    // a draft made in this session, and its view link
    const task = await draftWithOrder(page.request, tokens.access!, 8);
    const status = await (await page.request.get(`/api/documents/${task.id}`, { headers: bearer })).json();
    const viewUrl = status.view_url as string;
    expect((await page.request.get(viewUrl)).status()).toBe(200);

    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/logout') && r.request().method() === 'POST');
    await openSideMenu(page);
    await page.getByTestId('side-menu').getByRole('button', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('refreshToken'))).toBeNull();

    // what the browser held before is of no use any more
    expect((await page.request.post('/api/refresh', { headers: { 'refresh-token': tokens.refresh! } })).status()).toBe(401);
    expect((await page.request.get('/api/users/me/', { headers: bearer })).status()).toBe(401);
    expect((await page.request.get(viewUrl)).status()).toBe(401);
  });
});
