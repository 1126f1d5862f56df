import { expect, type APIRequestContext, type Dialog, type Page } from '@playwright/test';
import { readOtp } from './outbox';

/** A test account. */
export interface TestUser {
  name: string;
  email: string;
  phone_number: string;
  password: string;
}

let counter = 0;

/** A fresh, unique account (e-mail under the reserved .test domain). */
export function newTestUser(prefix = 'user'): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    name: `Test ${prefix} ${counter}`,
    email: `${prefix}-${id}@e2e.test`,
    phone_number: '9876543210',
    password: `pass-${id}`,
  };
}

/** Opens /signup, fills name, e-mail, phone and password, accepts the terms, and presses Send OTP. */
export async function fillSignUpAndSendOtp(
  page: Page,
  user: Pick<TestUser, 'name' | 'email' | 'phone_number' | 'password'>,
  options: { acceptTerms?: boolean } = {},
): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone Number').fill(user.phone_number);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  if (options.acceptTerms ?? true) await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
}

/** The app's own dialog (not the browser's): checks its text and presses its OK/accept button. */
export async function acceptAppDialog(page: Page, text: string, button = 'OK'): Promise<void> {
  const dialog = page.getByTestId('app-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Signs up through the UI: fills the form, sends the OTP, reads it from the outbox, signs up, accepts the
 * app's dialog. A native browser pop-up would fail the test.
 */
export async function signUpViaUi(page: Page, user: TestUser = newTestUser()): Promise<TestUser> {
  const native: string[] = [];
  const onNative = (dialog: Dialog) => {
    native.push(dialog.message());
    void dialog.dismiss();
  };
  page.on('dialog', onNative);
  await fillSignUpAndSendOtp(page, user);
  await expect(page.getByLabel('OTP')).toBeVisible();
  await page.getByLabel('OTP').fill(await readOtp(user.email));
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await acceptAppDialog(page, 'Registration successful! Please log in.');
  await expect(page).toHaveURL(/\/login$/);
  page.off('dialog', onNative);
  expect(native, 'no native browser pop-up').toEqual([]);
  return user;
}

/** Signs up through the HTTP API only (no page): send-otp, read the code, signup. Faster for tests not about sign-up. */
export async function signUpViaApi(request: APIRequestContext, user: TestUser = newTestUser()): Promise<TestUser> {
  const sent = await request.post('/api/send-otp', { form: { email: user.email } });
  expect(sent.status(), await sent.text()).toBe(200);
  const otp = await readOtp(user.email);
  const created = await request.post('/api/signup', { data: { ...user, otp } });
  expect(created.status(), await created.text()).toBe(201);
  return user;
}

/** Logs in through the login page and waits for the home page with the shell shown. */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('menu-button')).toBeVisible();
}

/**
 * Logs in without the login form: POST /api/login, then puts the tokens into localStorage (keys `token`,
 * `refreshToken`) before any page script runs. The next page.goto() starts logged in. Returns the tokens (for API calls).
 */
export async function loginViaApi(page: Page, email: string, password: string): Promise<{ access_token: string; refresh_token: string }> {
  const res = await page.request.post('/api/login', { form: { username: email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const { access_token, refresh_token } = (await res.json()) as { access_token: string; refresh_token: string };
  await page.addInitScript(
    ([token, refresh]) => {
      // Only once per tab, so that a later logout in the test is not undone by the next navigation.
      if (!window.sessionStorage.getItem('e2e-tokens-set')) {
        window.sessionStorage.setItem('e2e-tokens-set', '1');
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('refreshToken', refresh);
      }
    },
    [access_token, refresh_token] as const,
  );
  return { access_token, refresh_token };
}

/** A new account, signed up through the API and logged in through the login page. */
export async function signUpAndLogin(page: Page, prefix = 'user'): Promise<TestUser> {
  const user = await signUpViaApi(page.request, newTestUser(prefix));
  await loginAs(page, user.email, user.password);
  return user;
}

/** Opens the side menu and waits for it. */
export async function openSideMenu(page: Page): Promise<void> {
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
}
