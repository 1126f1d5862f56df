import { expect, it } from 'vitest';
import { describeEachDb } from '@/tests/helpers/db';
import { POST as sendOtp } from '@/app/api/send-otp/route';
import { POST as signupRoute } from '@/app/api/signup/route';
import { POST as loginRoute } from '@/app/api/login/route';
import { POST as refreshRoute } from '@/app/api/refresh/route';
import { GET as meRoute } from '@/app/api/users/me/route';
import { GET as myLicense } from '@/app/api/v1/vsg/license/route';
import { call, lastOtpFor, makeUser, uniqueEmail, useAuthTestEnv } from './helpers';

describeEachDb('auth flow through the route handlers', (ctx) => {
  const env = useAuthTestEnv(ctx);

  it('signs up with the mailed OTP, logs in, reads /me, refreshes, and refuses a reused refresh token', async () => {
    const email = uniqueEmail('Flow');
    const sent = await call(sendOtp, { form: { email } });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ detail: `OTP sent to ${email.toLowerCase()}.` });
    const otp = lastOtpFor(env.dataDir, email.toLowerCase());

    const created = await call(signupRoute, { json: { name: 'Asha', email, phone_number: '+91 98765 43210', password: 'pass-word-1', otp } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Asha', email: email.toLowerCase(), is_active: true, is_admin: false, vsg_license_status: 'inactive' });
    expect(Object.keys(created.body).sort()).toEqual(['email', 'id', 'is_active', 'is_admin', 'name', 'phone_number', 'vsg_license_status']);

    // the same OTP cannot create a second account
    const again = await call(signupRoute, { json: { name: 'Asha', email, phone_number: '9876543210', password: 'pass-word-1', otp } });
    expect(again.status).toBe(400);

    const logged = await call(loginRoute, { form: { username: email.toUpperCase(), password: 'pass-word-1' } });
    expect(logged.status).toBe(200);
    expect(logged.body.token_type).toBe('bearer');
    const { access_token, refresh_token } = logged.body as { access_token: string; refresh_token: string };

    const me = await call(meRoute, { token: access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(created.body.id);

    const lic = await call(myLicense, { token: access_token });
    expect(lic.body).toEqual({ id: created.body.id, email: email.toLowerCase(), vsg_license_status: 'inactive' });

    const r1 = await call(refreshRoute, { method: 'POST', headers: { 'refresh-token': refresh_token } });
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(refresh_token);
    expect((await call(meRoute, { token: r1.body.access_token })).status).toBe(200);

    // reuse of the rotated token: refused and the whole family revoked (the newer token dies too)
    const reuse = await call(refreshRoute, { method: 'POST', headers: { 'refresh-token': refresh_token } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.detail).toMatch(/already used/);
    const newer = await call(refreshRoute, { method: 'POST', headers: { 'refresh-token': r1.body.refresh_token } });
    expect(newer.status).toBe(401);
  });

  it('answers unknown e-mail and wrong password the same, and 403 for a deactivated account', async () => {
    const { user, password } = await makeUser(ctx.db);
    const unknown = await call(loginRoute, { form: { username: uniqueEmail('nobody'), password } });
    const wrong = await call(loginRoute, { form: { username: user.email, password: 'not-the-password' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ detail: 'Invalid email or password.' });
    expect(wrong.body).toEqual(unknown.body);

    const inactive = await makeUser(ctx.db, { isActive: false });
    const denied = await call(loginRoute, { form: { username: inactive.user.email, password: inactive.password } });
    expect(denied.status).toBe(403);
    // but a wrong password on a deactivated account still says nothing about the account
    expect((await call(loginRoute, { form: { username: inactive.user.email, password: 'nope-nope' } })).status).toBe(401);
  });
});
