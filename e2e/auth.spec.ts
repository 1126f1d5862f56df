import { expect, test } from '@playwright/test';
import { fillSignUpAndSendOtp, loginAs, newTestUser, openSideMenu, readOtp, signUpViaApi, signUpViaUi } from './helpers';

test.describe('accounts (issue #2)', () => {
  test('sign up with the mailed OTP, log in, update the profile, log out', async ({ page }) => {
    const user = await signUpViaUi(page, newTestUser('signup'));

    // Login → home, the side menu shows who is logged in.
    await loginAs(page, user.email, user.password);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
    expect(await page.evaluate(() => window.localStorage.getItem('refreshToken'))).toBeTruthy();
    await openSideMenu(page);
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByTestId('menu-user-name')).toHaveText(user.name);
    await expect(menu.getByTestId('menu-user-email')).toHaveText(user.email);
    await menu.getByRole('link', { name: 'Edit Profile' }).click();

    // Profile: prefilled; change name, phone and password.
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel('Name')).toHaveValue(user.name);
    await expect(page.getByLabel('Phone Number')).toHaveValue(user.phone_number);
    await expect(page.getByText('Leave blank to keep the current password.')).toBeVisible();
    const newName = `${user.name} Renamed`;
    const newPassword = `${user.password}-new`;
    await page.getByLabel('Name').fill(newName);
    await page.getByLabel('Phone Number').fill('9123456780');
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByLabel('New Password')).toHaveValue('');

    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue(newName);
    await expect(page.getByLabel('Phone Number')).toHaveValue('9123456780');

    // Logout from the side menu clears the tokens and shows the visitor menu.
    await openSideMenu(page);
    await expect(menu.getByTestId('menu-user-name')).toHaveText(newName);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('refreshToken'))).toBeNull();
    await openSideMenu(page);
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0);

    // The old password no longer works; the new one does.
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await loginAs(page, user.email, newPassword);
  });

  test('a blank new password keeps the current one', async ({ page }) => {
    const user = await signUpViaApi(page.request, newTestUser('keep'));
    await loginAs(page, user.email, user.password);
    await page.goto('/profile');
    await page.getByLabel('Name').fill('Kept Password');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await page.evaluate(() => window.localStorage.clear());
    await loginAs(page, user.email, user.password);
  });

  test('wrong password and unknown e-mail give the same rejection', async ({ page }) => {
    const user = await signUpViaApi(page.request, newTestUser('reject'));
    for (const [email, password] of [
      [user.email, 'wrong-password'],
      [`nobody-${Date.now()}@e2e.test`, 'whatever-123'],
    ]) {
      await page.goto('/login');
      await page.getByLabel('Email Address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByTestId('form-error')).toHaveText('Invalid email or password.');
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('login and sign-up redirect a logged-in visitor to /', async ({ page }) => {
    const user = await signUpViaApi(page.request, newTestUser('redirect'));
    await loginAs(page, user.email, user.password);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('profile and history send a visitor to /login', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/history');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sending an OTP to a registered e-mail shows the server detail', async ({ page }) => {
    const user = await signUpViaApi(page.request, newTestUser('taken'));
    await fillSignUpAndSendOtp(page, { name: 'Someone', email: user.email, phone_number: '9000000000', password: 'some-password' });
    await expect(page.getByTestId('form-error')).toContainText('already exists');
    await expect(page.getByLabel('OTP')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send OTP', exact: true })).toBeVisible();
  });

  test('a wrong OTP shows the server detail and keeps the form', async ({ page }) => {
    const user = newTestUser('badotp');
    await fillSignUpAndSendOtp(page, user);
    await expect(page.getByLabel('OTP')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send OTP', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeVisible();
    const real = await readOtp(user.email);
    const wrong = String((Number(real) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('OTP').fill(wrong);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });
});
