import { readDetail, request, requestJson, type Result } from './api';
import type { LoginResponse } from './types';

/**
 * The account calls made before signing in — log in, sign up with an e-mailed code, reset a forgotten
 * password — in the browser's one call style: each answers a Result, the value or the text to show.
 * They send no token.
 */

export const LOGIN_REJECTED = 'Invalid email or password.';
export const CONNECTION_FAILED = 'Failed to connect to the server.';

const anonymous = { signedIn: false } as const;

/** POST /api/login (form-encoded). A 401 is always the one rejection text; other refusals (deactivated, throttled) say why. */
export function logIn(email: string, password: string): Promise<Result<LoginResponse>> {
  return requestJson<LoginResponse>(
    '/api/login',
    { method: 'POST', body: new URLSearchParams({ username: email, password }) },
    {
      offline: CONNECTION_FAILED,
      refused: async (res) => (res.status === 401 ? LOGIN_REJECTED : readDetail(res, LOGIN_REJECTED)),
      fallback: CONNECTION_FAILED,
    },
    (body) => typeof (body as Partial<LoginResponse> | null)?.access_token === 'string',
    anonymous,
  );
}

/** A POST whose answer's `detail` is the text to show on success (`done` when it has none). */
async function postForDetail(path: string, init: RequestInit, failedText: string, done: string): Promise<Result<string>> {
  const sent = await request(path, { method: 'POST', ...init }, { offline: CONNECTION_FAILED, fallback: failedText }, anonymous);
  return sent.ok ? { ok: true, value: await readDetail(sent.value, done) } : { ok: false, error: sent.error };
}

const json = (body: unknown): RequestInit => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** POST /api/send-otp (form-encoded): the sign-up code is mailed. */
export function sendSignupCode(email: string): Promise<Result<string>> {
  return postForDetail('/api/send-otp', { body: new URLSearchParams({ email }) }, 'Failed to send OTP.', `OTP sent to ${email}.`);
}

export interface SignupDetails {
  name: string;
  email: string;
  phone_number: string;
  password: string;
  otp: string;
}

/** POST /api/signup (JSON) with the mailed code. */
export function createAccount(details: SignupDetails): Promise<Result<string>> {
  return postForDetail('/api/signup', json(details), 'Failed to sign up.', '');
}

/** POST /api/password-reset/request (form-encoded): a reset code is mailed. */
export function requestPasswordReset(email: string): Promise<Result<string>> {
  return postForDetail('/api/password-reset/request', { body: new URLSearchParams({ email }) }, 'Failed to send the code.', 'Failed to send the code.');
}

/** POST /api/password-reset/confirm (JSON): the new password, with the mailed code. */
export function confirmPasswordReset(email: string, otp: string, password: string): Promise<Result<string>> {
  return postForDetail('/api/password-reset/confirm', json({ email, otp, password }), 'Failed to reset the password.', 'Failed to reset the password.');
}
