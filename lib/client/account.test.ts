import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowser, type FetchCall } from '@/tests/helpers/browser-stub';
import { confirmPasswordReset, CONNECTION_FAILED, createAccount, logIn, LOGIN_REJECTED, requestPasswordReset, sendSignupCode } from './account';

/** The calls made before signing in, against a stubbed fetch: no token sent, the texts shown for each answer. */

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

let handler: Handler;
let calls: FetchCall[] = [];
let sentTo: () => string | null;

beforeEach(() => {
  // a token left from an earlier session is stored: these calls must neither send it nor refresh it
  ({ calls, sentTo } = stubBrowser({ token: 'stale-access', refreshToken: 'stale-refresh' }, '/login', (url, init) => handler(url, init)));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('logIn', () => {
  it('posts the form without a token and answers the tokens', async () => {
    handler = () => json({ access_token: 'a', refresh_token: 'r', token_type: 'bearer' });
    expect(await logIn('x@y.in', 'secret-123')).toEqual({ ok: true, value: { access_token: 'a', refresh_token: 'r', token_type: 'bearer' } });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/login');
    expect(new Headers(calls[0].init.headers).get('Authorization')).toBeNull();
    expect(String(calls[0].init.body)).toBe('username=x%40y.in&password=secret-123');
  });

  it('a 401 is always the one rejection text, with no refresh and no redirect; other refusals say why', async () => {
    handler = () => json({ detail: 'Incorrect username or password' }, 401);
    expect(await logIn('x@y.in', 'wrong')).toEqual({ ok: false, error: LOGIN_REJECTED });
    expect(calls.map((c) => c.url)).toEqual(['/api/login']);
    expect(sentTo()).toBeNull();
    handler = () => json({ detail: 'This account has been deactivated.' }, 403);
    expect(await logIn('x@y.in', 'secret-123')).toEqual({ ok: false, error: 'This account has been deactivated.' });
    handler = () => new Response('', { status: 429 });
    expect(await logIn('x@y.in', 'secret-123')).toEqual({ ok: false, error: LOGIN_REJECTED });
  });

  it('no answer, or an answer without a token, is the connection text', async () => {
    handler = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await logIn('x@y.in', 'secret-123')).toEqual({ ok: false, error: CONNECTION_FAILED });
    handler = () => new Response('<html>', { status: 200 });
    expect(await logIn('x@y.in', 'secret-123')).toEqual({ ok: false, error: CONNECTION_FAILED });
  });
});

describe('sign-up and password reset', () => {
  it('the sign-up code: the server’s detail, else a text naming the address; a refusal’s detail, else its own text', async () => {
    handler = () => json({ detail: 'OTP sent to your email.' });
    expect(await sendSignupCode('x@y.in')).toEqual({ ok: true, value: 'OTP sent to your email.' });
    handler = () => new Response(null, { status: 200 });
    expect(await sendSignupCode('x@y.in')).toEqual({ ok: true, value: 'OTP sent to x@y.in.' });
    handler = () => json({ detail: 'Email already registered' }, 400);
    expect(await sendSignupCode('x@y.in')).toEqual({ ok: false, error: 'Email already registered' });
    handler = () => new Response('', { status: 500 });
    expect(await sendSignupCode('x@y.in')).toEqual({ ok: false, error: 'Failed to send OTP.' });
    expect(calls.every((c) => new Headers(c.init.headers).get('Authorization') === null)).toBe(true);
  });

  it('creating the account posts JSON; a refusal is shown as the server words it', async () => {
    handler = () => json({ detail: 'Registration successful' }, 201);
    const details = { name: 'A', email: 'x@y.in', phone_number: '9000000000', password: 'secret-123', otp: '123456' };
    expect((await createAccount(details)).ok).toBe(true);
    expect(JSON.parse(String(calls[0].init.body))).toEqual(details);
    expect(new Headers(calls[0].init.headers).get('Content-Type')).toBe('application/json');
    handler = () => json({ detail: 'Invalid or expired OTP' }, 400);
    expect(await createAccount(details)).toEqual({ ok: false, error: 'Invalid or expired OTP' });
    handler = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await createAccount(details)).toEqual({ ok: false, error: CONNECTION_FAILED });
  });

  it('a reset code is asked for, then the new password sent with it', async () => {
    handler = () => json({ detail: 'If an account exists, a code was sent.' });
    expect(await requestPasswordReset('x@y.in')).toEqual({ ok: true, value: 'If an account exists, a code was sent.' });
    handler = () => json({ detail: 'Password changed.' });
    expect(await confirmPasswordReset('x@y.in', '123456', 'secret-456')).toEqual({ ok: true, value: 'Password changed.' });
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ email: 'x@y.in', otp: '123456', password: 'secret-456' });
    handler = () => json({ detail: 'The code is not valid.' }, 400);
    expect(await confirmPasswordReset('x@y.in', '000000', 'secret-456')).toEqual({ ok: false, error: 'The code is not valid.' });
  });
});
