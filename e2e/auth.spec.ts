import { expect, test } from './helpers/test';
import { acceptAppDialog, fillSignUpAndSendOtp, loginAs, newTestUser, openSideMenu, readOtp, readOutbox, signUpViaApi, signUpViaUi } from './helpers';

test.describe('accounts', () => {
  test('sign up with the mailed OTP, log in, update the profile, log out', async ({ page }) => {
    const user = await signUpViaUi(page, newTestUser('signup'));
    // the login form has the e-mail just signed up with (carried in the tab, not in the address)
    await expect(page.getByLabel('Email Address')).toHaveValue(user.email);
    expect(page.url()).not.toContain(encodeURIComponent(user.email));

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
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(user.name);
    await expect(page.getByLabel('Phone Number')).toHaveValue(user.phone_number);
    await expect(page.getByText('Leave blank to keep the current password.')).toBeVisible();
    const newName = `${user.name} Renamed`;
    const newPassword = `${user.password}-new`;
    await page.getByLabel('Name', { exact: true }).fill(newName);
    await page.getByLabel('Phone Number').fill('9123456780');
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByLabel('New Password')).toHaveValue('');

    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(newName);
    await expect(page.getByLabel('Phone Number')).toHaveValue('9123456780');

    // Logout from the side menu clears the tokens and shows the visitor menu.
    await openSideMenu(page);
    await expect(menu.getByTestId('menu-user-name')).toHaveText(newName);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    // cleared once the server has ended the session (POST /api/logout)
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
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
    await page.getByLabel('Name', { exact: true }).fill('Kept Password');
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

  test('profile and history send a visitor to /login, and login brings them back there', async ({ page }) => {
    const user = await signUpViaApi(page.request, newTestUser('back'));
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    await page.goto('/history');
    await expect(page).toHaveURL(/\/login\?next=%2Fhistory$/);
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/history$/);
    // another site is never a place to return to
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login?next=//evil.example/x');
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('sign-up to a registered e-mail looks like any other and mails a note instead of a code', async ({ page }) => {
    const user = await signUpViaApi(page.request, newTestUser('taken'));
    await fillSignUpAndSendOtp(page, { name: 'Someone', email: user.email, phone_number: '9000000000', password: 'some-password' });
    await expect(page.getByTestId('form-success')).toHaveText(`OTP sent to ${user.email}.`);
    await expect(page.getByLabel('OTP')).toBeVisible();
    await expect.poll(async () => (await readOutbox()).filter((m) => m.to === user.email).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/already have/),
    );
  });

  test('sign-up checks every rule before sending the code, and says so in sentences', async ({ page }) => {
    const user = newTestUser('rules');
    await page.goto('/signup');
    await expect(page.getByText('At least 8 characters.')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Phone Number').fill('12345');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await expect(page.getByText('Phone number must be a 10-digit Indian mobile number (optionally starting with +91).')).toBeVisible();
    await expect(page.getByText('The Terms of Service and Privacy Policy must be accepted to create an account.')).toBeVisible();
    await expect(page.getByLabel('OTP')).toHaveCount(0);
    // nothing was sent
    expect((await readOutbox()).filter((m) => m.to === user.email)).toEqual([]);
    // +91 numbers pass; with the rules met the code goes out
    await page.getByLabel('Phone Number').fill('+91 98765 43210');
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByLabel('OTP')).toBeVisible();
  });

  test('forgot password: a code by e-mail, a new password, every session ended', async ({ page, browser }) => {
    const user = await signUpViaApi(page.request, newTestUser('forgot'));
    // a session on another device
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await loginAs(otherPage, user.email, user.password);

    await page.goto('/login');
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // the e-mail typed on the login form comes along
    await expect(page.getByLabel('Email Address')).toHaveValue(user.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByTestId('form-success')).toContainText('If an account exists');
    await page.getByLabel('Code').fill(await readOtp(user.email));
    await page.getByLabel('New Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('New password must be at least 8 characters.')).toBeVisible();
    const newPassword = `${user.password}-reset`;
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await acceptAppDialog(page, 'Your password has been changed');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email Address')).toHaveValue(user.email);
    await loginAs(page, user.email, newPassword);

    // the other device is signed out on its next call
    await otherPage.goto('/profile');
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();
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
