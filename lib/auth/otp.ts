import { randomInt } from 'node:crypto';
import type { Db } from '@/db/client';
import { addOtpAttempt, consumeOtp as consumeOtpRow, deletePendingOtps, insertOtp, latestOtp } from '@/db/queries/otp-codes';
import { findUserByEmail } from '@/db/queries/users';
import type { OtpPurpose } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { getConfig } from '@/lib/config';
import { sendMail, type MailMessage } from '@/lib/mail';
import { consumeRateLimit, RATE_RULES } from '@/lib/rate-limit';
import { hmacHex, safeEqualHex } from './crypto';
import { accountExistsMail, otpMail } from './mails';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;

export const EMAIL_TAKEN = 'An account with this e-mail already exists. Please log in.';

function codeHash(purpose: OtpPurpose, email: string, code: string, key: Uint8Array = getConfig().jwtSecret): string {
  return hmacHex(key, `${purpose}-otp:${email}:${code}`);
}

export interface SendOtpDeps {
  send?: (message: MailMessage) => Promise<void>;
  now?: Date;
}

/**
 * What a code request mails: a sign-up code, or for a registered address a "you already have an
 * account" note instead; a reset code only to a registered address.
 */
function mailFor(purpose: OtpPurpose, email: string, code: string, registered: boolean): MailMessage | null {
  if (purpose === 'signup') return registered ? accountExistsMail(email) : otpMail('signup', email, code);
  return registered ? otpMail('reset', email, code) : null;
}

/**
 * Issues a 6-digit code for sign-up or password reset. The answer never says whether the e-mail has an
 * account: the same throttles apply (one per minute per e-mail and purpose, hourly limits per e-mail and
 * per client), a code row is stored either way (only hashed; for the case that mails no code nobody
 * knows it), and only what is mailed differs (see mailFor). Only the newest code is valid.
 */
export async function sendOtp(db: Db, input: { email: string; ip: string; purpose: OtpPurpose }, deps: SendOtpDeps = {}): Promise<void> {
  const now = deps.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  const { purpose } = input;

  const last = await latestOtp(db, email, purpose);
  if (last && !last.consumedAt) {
    const wait = Math.ceil((last.createdAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
    if (wait > 0) throw ApiError.tooManyRequests(`A code was just sent. Please wait ${wait} seconds before asking again.`, wait);
  }
  await consumeRateLimit(db, RATE_RULES.sendOtpPerIp, input.ip, now);
  await consumeRateLimit(db, RATE_RULES.sendOtpPerEmail, email, now);

  const registered = (await findUserByEmail(db, email)) !== undefined;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deletePendingOtps(db, email, purpose);
  await insertOtp(db, {
    email,
    purpose,
    codeHash: codeHash(purpose, email, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    createdAt: now,
  });
  const message = mailFor(purpose, email, code, registered);
  if (!message) return;
  try {
    await (deps.send ?? sendMail)(message);
  } catch (error) {
    // The mail never reached the user: drop the code so that asking again is not throttled.
    await deletePendingOtps(db, email, purpose);
    console.error('[otp] sending the mail failed', error);
    throw new ApiError(502, 'The e-mail could not be sent just now. Please try again in a moment.');
  }
}

/** Sign-up code (POST /api/send-otp). */
export function sendSignupOtp(db: Db, input: { email: string; ip: string }, deps: SendOtpDeps = {}): Promise<void> {
  return sendOtp(db, { ...input, purpose: 'signup' }, deps);
}

/**
 * Checks and consumes the newest code for the e-mail and purpose. Wrong codes count (5 at most),
 * expired or used codes are refused; every refusal is a 400 with a detail saying what to do.
 */
export async function consumeOtp(db: Db, purpose: OtpPurpose, emailInput: string, code: string, now: Date = new Date()): Promise<void> {
  const email = emailInput.trim().toLowerCase();
  const row = await latestOtp(db, email, purpose);
  if (!row || row.consumedAt) throw ApiError.badRequest('No valid code was sent to this e-mail. Please send a new OTP.');
  if (row.expiresAt <= now) throw ApiError.badRequest('The OTP has expired. Please send a new one.');
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw ApiError.badRequest('Too many wrong codes. Please send a new OTP.');
  if (!safeEqualHex(row.codeHash, codeHash(purpose, email, code))) {
    const attempts = await addOtpAttempt(db, row.id, OTP_MAX_ATTEMPTS);
    const left = OTP_MAX_ATTEMPTS - (attempts ?? OTP_MAX_ATTEMPTS);
    throw ApiError.badRequest(left > 0 ? `The OTP is not correct. ${left} attempt${left === 1 ? '' : 's'} left.` : 'Too many wrong codes. Please send a new OTP.');
  }
  if (!(await consumeOtpRow(db, row.id, now))) throw ApiError.badRequest('This code was already used. Please send a new OTP.');
}

export function consumeSignupOtp(db: Db, email: string, code: string, now: Date = new Date()): Promise<void> {
  return consumeOtp(db, 'signup', email, code, now);
}
