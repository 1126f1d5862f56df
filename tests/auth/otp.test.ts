import { expect, it } from 'vitest';
import { describeEachDb } from '@/tests/helpers/db';
import { POST as sendOtpRoute } from '@/app/api/send-otp/route';
import { POST as signupRoute } from '@/app/api/signup/route';
import { consumeSignupOtp, OTP_MAX_ATTEMPTS, sendSignupOtp } from '@/lib/auth/otp';
import type { MailMessage } from '@/lib/mail';
import { call, makeUser, uniqueEmail, useAuthTestEnv } from './helpers';

function capture() {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: async (m: MailMessage) => {
      sent.push(m);
    },
    code: () => /\b(\d{6})\b/.exec(sent[sent.length - 1].text)![1],
  };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describeEachDb('sign-up OTP', (ctx) => {
  useAuthTestEnv(ctx);

  it('expires after 10 minutes', async () => {
    const mail = capture();
    const email = uniqueEmail('exp');
    const t0 = new Date('2026-03-01T10:00:00Z');
    await sendSignupOtp(ctx.db, { email, ip: '1.1.1.1' }, { send: mail.send, now: t0 });
    const late = new Date(t0.getTime() + 10 * 60 * 1000 + 1000);
    await expect(consumeSignupOtp(ctx.db, email, mail.code(), late)).rejects.toMatchObject({ status: 400, message: /expired/ });
    const inTime = new Date(t0.getTime() + 9 * 60 * 1000);
    await expect(consumeSignupOtp(ctx.db, email, mail.code(), inTime)).resolves.toBeUndefined();
    // consumed: it cannot be used twice
    await expect(consumeSignupOtp(ctx.db, email, mail.code(), inTime)).rejects.toMatchObject({ status: 400 });
  });

  it('allows 5 wrong attempts, then refuses even the right code', async () => {
    const mail = capture();
    const email = uniqueEmail('att');
    await sendSignupOtp(ctx.db, { email, ip: '1.1.1.2' }, { send: mail.send });
    const bad = wrongCode(mail.code());
    for (let i = 1; i <= OTP_MAX_ATTEMPTS; i++) {
      await expect(consumeSignupOtp(ctx.db, email, bad)).rejects.toMatchObject({ status: 400 });
    }
    await expect(consumeSignupOtp(ctx.db, email, mail.code())).rejects.toMatchObject({ status: 400, message: /Too many wrong codes/ });
  });

  it('throttles a resend within 60 s (429 + Retry-After) and only the newest code is valid', async () => {
    const mail = capture();
    const email = uniqueEmail('resend');
    const t0 = new Date('2026-03-01T11:00:00Z');
    await sendSignupOtp(ctx.db, { email, ip: '1.1.1.3' }, { send: mail.send, now: t0 });
    const first = mail.code();
    const soon = new Date(t0.getTime() + 20_000);
    await expect(sendSignupOtp(ctx.db, { email, ip: '1.1.1.3' }, { send: mail.send, now: soon })).rejects.toMatchObject({
      status: 429,
      headers: { 'Retry-After': '40' },
    });
    const later = new Date(t0.getTime() + 61_000);
    await sendSignupOtp(ctx.db, { email, ip: '1.1.1.3' }, { send: mail.send, now: later });
    const second = mail.code();
    expect(mail.sent).toHaveLength(2);
    if (first !== second) {
      await expect(consumeSignupOtp(ctx.db, email, first, later)).rejects.toMatchObject({ status: 400 });
    }
    await expect(consumeSignupOtp(ctx.db, email, second, later)).resolves.toBeUndefined();
  });

  it('does not reveal a registered e-mail: no 409, and the mail is a note without a code', async () => {
    const { user } = await makeUser(ctx.db);
    const mail = capture();
    await expect(sendSignupOtp(ctx.db, { email: user.email.toUpperCase(), ip: '1.1.1.4' }, { send: mail.send })).resolves.toBeUndefined();
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0].subject).toMatch(/already have/);
    expect(mail.sent[0].text).not.toMatch(/\b\d{6}\b/);
  });

  it('rate-limits codes per e-mail (5 an hour) even when spaced past the resend throttle', async () => {
    const mail = capture();
    const email = uniqueEmail('hourly');
    const t0 = new Date('2026-03-02T08:00:00Z');
    for (let i = 0; i < 5; i++) {
      await sendSignupOtp(ctx.db, { email, ip: `2.2.2.${i}` }, { send: mail.send, now: new Date(t0.getTime() + i * 61_000) });
    }
    const sixth = sendSignupOtp(ctx.db, { email, ip: '2.2.2.9' }, { send: mail.send, now: new Date(t0.getTime() + 5 * 61_000) });
    await expect(sixth).rejects.toMatchObject({ status: 429 });
  });

  it('answers bad input with 4xx and a detail naming the field', async () => {
    const noEmail = await call(sendOtpRoute, { form: {} });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.detail).toBe('E-mail is required.');
    expect((await call(sendOtpRoute, { form: { email: 'not-an-email' } })).status).toBe(422);

    const base = { name: 'A', email: uniqueEmail('bad'), phone_number: '9876543210', password: 'pass-word-1', otp: '123456' };
    const nonNumeric = await call(signupRoute, { json: { ...base, otp: '12ab56' } });
    expect(nonNumeric.status).toBe(422);
    expect(nonNumeric.body.detail).toBe('OTP must be the 6-digit code from the e-mail.');
    const longName = await call(signupRoute, { json: { ...base, name: 'x'.repeat(101) } });
    expect(longName.status).toBe(422);
    expect(longName.body.detail).toBe('Name must be at most 100 characters.');
    const malformed = await call(signupRoute, { body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/JSON/);
    const missing = await call(signupRoute, { json: { email: base.email } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toMatch(/^Name is required. Phone number is required./);
    const notObject = await call(signupRoute, { json: [1, 2] });
    expect(notObject.status).toBe(422);
    // a well-formed sign-up without any code sent
    const noCode = await call(signupRoute, { json: base });
    expect(noCode.status).toBe(400);
    expect(noCode.body.detail).toMatch(/send a new OTP/);
  });
});

describeEachDb('sign-up OTP when mail fails', (ctx) => {
  useAuthTestEnv(ctx);
  it('answers 502 with a detail and does not throttle the next request', async () => {
    const email = uniqueEmail('mailfail');
    const failing = async () => {
      throw new Error('smtp down');
    };
    await expect(sendSignupOtp(ctx.db, { email, ip: '5.5.5.5' }, { send: failing })).rejects.toMatchObject({ status: 502 });
    const mail = capture();
    await expect(sendSignupOtp(ctx.db, { email, ip: '5.5.5.5' }, { send: mail.send })).resolves.toBeUndefined();
    expect(mail.sent).toHaveLength(1);
  });
});
