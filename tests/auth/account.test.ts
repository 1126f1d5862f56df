import { expect, it } from 'vitest';
import { describeEachDb } from '@/tests/helpers/db';
import { POST as sendOtpRoute } from '@/app/api/send-otp/route';
import { POST as signupRoute } from '@/app/api/signup/route';
import { POST as loginRoute } from '@/app/api/login/route';
import { POST as refreshRoute } from '@/app/api/refresh/route';
import { POST as resetRequestRoute } from '@/app/api/password-reset/request/route';
import { POST as resetConfirmRoute } from '@/app/api/password-reset/confirm/route';
import { GET as meRoute } from '@/app/api/users/me/route';
import { PUT as updateRoute } from '@/app/api/users/[id]/route';
import { startSession } from '@/lib/auth/sessions';
import { call, lastOtpFor, makeUser, readOutbox, uniqueEmail, useAuthTestEnv } from './helpers';

describeEachDb('account existence, password reset and password change', (ctx) => {
  const env = useAuthTestEnv(ctx);
  const mailsTo = (email: string) => readOutbox(env.dataDir).filter((m) => m.to === email);

  it('send-otp answers a registered e-mail exactly like a new one, and mails it a note instead of a code', async () => {
    const { user } = await makeUser(ctx.db);
    const fresh = uniqueEmail('fresh');
    const forNew = await call(sendOtpRoute, { form: { email: fresh } });
    const forRegistered = await call(sendOtpRoute, { form: { email: user.email } });
    expect(forRegistered.status).toBe(forNew.status);
    expect(forNew.status).toBe(200);
    expect(forRegistered.body.detail.replace(user.email, '<e>')).toBe(forNew.body.detail.replace(fresh, '<e>'));
    const [note] = mailsTo(user.email);
    expect(note.subject).toMatch(/already have/);
    expect(note.text).not.toMatch(/\b\d{6}\b/);
    expect(note.text).toMatch(/Forgot password/);
    // the same throttle applies to both
    const again = await call(sendOtpRoute, { form: { email: user.email } });
    const againNew = await call(sendOtpRoute, { form: { email: fresh } });
    expect([again.status, againNew.status]).toEqual([429, 429]);
    // and sign-up with a guessed code answers the same as for an address without an account
    const body = { name: 'X', phone_number: '9876543210', password: 'pass-word-1', otp: '000000' };
    const signupRegistered = await call(signupRoute, { json: { ...body, email: user.email } });
    expect(signupRegistered.status).toBe(400);
    expect(signupRegistered.body.detail).toMatch(/OTP is not correct|No valid code/);
  });

  it('forgot password: the request answers the same for any address; the code sets a new password and ends every session', async () => {
    const { user, password, tokens } = await makeUser(ctx.db);
    const other = await startSession(ctx.db, user);
    const unknown = uniqueEmail('ghost');
    const forUnknown = await call(resetRequestRoute, { form: { email: unknown } });
    const forKnown = await call(resetRequestRoute, { form: { email: user.email } });
    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(200);
    expect(forKnown.body.detail.replace(user.email, '<e>')).toBe(forUnknown.body.detail.replace(unknown, '<e>'));
    expect(mailsTo(unknown)).toHaveLength(0);
    const code = lastOtpFor(env.dataDir, user.email);
    expect(mailsTo(user.email).at(-1)?.subject).toMatch(/reset/i);

    // a sign-up code cannot be used to reset, a wrong code counts, a short password is refused with a sentence
    const wrong = await call(resetConfirmRoute, { json: { email: user.email, otp: code === '111111' ? '222222' : '111111', password: 'new-password-1' } });
    expect(wrong.status).toBe(400);
    const short = await call(resetConfirmRoute, { json: { email: user.email, otp: code, password: 'abc' } });
    expect(short.status).toBe(422);
    expect(short.body.detail).toBe('Password must be at least 8 characters.');
    const unknownConfirm = await call(resetConfirmRoute, { json: { email: unknown, otp: '123456', password: 'new-password-1' } });
    expect(unknownConfirm.status).toBe(400);

    const done = await call(resetConfirmRoute, { json: { email: user.email, otp: code, password: 'new-password-1' } });
    expect(done.status).toBe(200);
    // every session ended, access tokens too
    for (const t of [tokens, other]) {
      expect((await call(meRoute, { token: t.access_token })).status).toBe(401);
      expect((await call(refreshRoute, { method: 'POST', headers: { 'refresh-token': t.refresh_token } })).status).toBe(401);
    }
    expect((await call(loginRoute, { form: { username: user.email, password } })).status).toBe(401);
    expect((await call(loginRoute, { form: { username: user.email, password: 'new-password-1' } })).status).toBe(200);
    expect(mailsTo(user.email).at(-1)?.subject).toMatch(/password was changed/);
    // the code is spent
    expect((await call(resetConfirmRoute, { json: { email: user.email, otp: code, password: 'newer-password-2' } })).status).toBe(400);
  });

  it('changing your own password ends your other sessions at once and mails you a notice', async () => {
    const { user, tokens } = await makeUser(ctx.db);
    const otherDevice = await startSession(ctx.db, user);
    const res = await call(updateRoute, { method: 'PUT', token: tokens.access_token, params: { id: String(user.id) }, json: { password: 'brand-new-pass' } });
    expect(res.status).toBe(200);
    expect((await call(meRoute, { token: otherDevice.access_token })).status).toBe(401);
    expect((await call(meRoute, { token: tokens.access_token })).status).toBe(200);
    const notice = mailsTo(user.email).at(-1);
    expect(notice?.subject).toMatch(/password was changed/);
    expect(notice?.text).toMatch(/Every other session/);
    // a profile edit without a password sends nothing
    const count = mailsTo(user.email).length;
    await call(updateRoute, { method: 'PUT', token: tokens.access_token, params: { id: String(user.id) }, json: { name: 'Renamed' } });
    expect(mailsTo(user.email)).toHaveLength(count);
  });

  it("an admin's change of another user's password ends all of that user's sessions and mails them", async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const { user, tokens } = await makeUser(ctx.db);
    const res = await call(updateRoute, { method: 'PUT', token: admin.tokens.access_token, params: { id: String(user.id) }, json: { password: 'set-by-admin-1' } });
    expect(res.status).toBe(200);
    expect((await call(meRoute, { token: tokens.access_token })).status).toBe(401);
    expect((await call(refreshRoute, { method: 'POST', headers: { 'refresh-token': tokens.refresh_token } })).status).toBe(401);
    expect(mailsTo(user.email).at(-1)?.text).toMatch(/by an administrator/);
    expect((await call(meRoute, { token: admin.tokens.access_token })).status).toBe(200);
  });

  it('a name is plain text: control characters and names with nothing visible are refused in words (never a 500), spaces are tidied', async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const { user, tokens } = await makeUser(ctx.db);
    const put = (name: string) => call(updateRoute, { method: 'PUT', token: tokens.access_token, params: { id: String(user.id) }, json: { name } });
    for (const name of ['Asha\u0000Devi', '\u0007', 'Asha \u0085Devi']) {
      expect(await put(name), JSON.stringify(name)).toMatchObject({ status: 422, body: { detail: 'Name must not contain control characters.' } });
    }
    for (const name of ['\u0301\u0301', '\u200d\u200c']) {
      expect(await put(name), JSON.stringify(name)).toMatchObject({ status: 422, body: { detail: 'Name must contain letters.' } });
    }
    expect(await put(' \u00a0\t')).toMatchObject({ status: 422, body: { detail: 'Name is required.' } });
    expect(await put('  Asha\t\tDevi\n')).toMatchObject({ status: 200, body: { name: 'Asha Devi' } });
    // sign-up applies the same rule before anything else
    const signup = await call(signupRoute, { json: { name: 'A\u0000', email: uniqueEmail(), phone_number: '9876543210', password: 'pass-word-1', otp: '123456' } });
    expect(signup).toMatchObject({ status: 422, body: { detail: 'Name must not contain control characters.' } });
    // the admin's user search too (PostgreSQL cannot compare text holding NUL)
    const { GET: usersRoute } = await import('@/app/api/users/route');
    expect(await call(usersRoute, { token: admin.tokens.access_token, url: 'http://test.local/api/users?q=a%00b' })).toMatchObject({
      status: 422,
      body: { detail: 'Search must not contain control characters.' },
    });
  });
});
