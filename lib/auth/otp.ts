import { randomInt } from 'node:crypto';
import type { Db } from '@/db/client';
import { addOtpAttempt, consumeOtp, deletePendingOtps, insertOtp, latestOtp } from '@/db/queries/otp-codes';
import { findUserByEmail } from '@/db/queries/users';
import { ApiError } from '@/lib/api/errors';
import { getConfig } from '@/lib/config';
import { sendMail, type MailMessage } from '@/lib/mail';
import { consumeRateLimit, RATE_RULES } from '@/lib/rate-limit';
import { hmacHex, safeEqualHex } from './crypto';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;

export const EMAIL_TAKEN = 'An account with this e-mail already exists. Please log in.';

function codeHash(email: string, code: string, key: Uint8Array = getConfig().jwtSecret): string {
  return hmacHex(key, `signup-otp:${email}:${code}`);
}

export function otpMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: 'Your sign-up code',
    text:
      `Your one-time code to finish signing up is ${code}.\n\n` +
      `It expires in ${OTP_TTL_SECONDS / 60} minutes. If you did not ask for it, ignore this e-mail.`,
  };
}

export interface SendOtpDeps {
  send?: (message: MailMessage) => Promise<void>;
  now?: Date;
}

/**
 * Sends a 6-digit sign-up code: refused (409) for a registered e-mail, throttled to one per minute per
 * e-mail plus hourly limits per e-mail and per IP. Only the newest code is valid; it is stored hashed.
 */
export async function sendSignupOtp(db: Db, input: { email: string; ip: string }, deps: SendOtpDeps = {}): Promise<void> {
  const now = deps.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw ApiError.conflict(EMAIL_TAKEN);

  const last = await latestOtp(db, email);
  if (last && !last.consumedAt) {
    const wait = Math.ceil((last.createdAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
    if (wait > 0) throw ApiError.tooManyRequests(`A code was just sent. Please wait ${wait} seconds before asking again.`, wait);
  }
  await consumeRateLimit(db, RATE_RULES.sendOtpPerIp, input.ip, now);
  await consumeRateLimit(db, RATE_RULES.sendOtpPerEmail, email, now);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deletePendingOtps(db, email);
  await insertOtp(db, {
    email,
    codeHash: codeHash(email, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    createdAt: now,
  });
  try {
    await (deps.send ?? sendMail)(otpMail(email, code));
  } catch (error) {
    // The code never reached the user: drop it so that asking again is not throttled.
    await deletePendingOtps(db, email);
    console.error('[otp] sending the code failed', error);
    throw new ApiError(502, 'The code could not be e-mailed just now. Please try again in a moment.');
  }
}

/**
 * Checks and consumes the newest code for the e-mail. Wrong codes count (5 at most), expired or used
 * codes are refused; every refusal is a 400 with a detail saying what to do.
 */
export async function consumeSignupOtp(db: Db, emailInput: string, code: string, now: Date = new Date()): Promise<void> {
  const email = emailInput.trim().toLowerCase();
  const row = await latestOtp(db, email);
  if (!row || row.consumedAt) throw ApiError.badRequest('No valid code was sent to this e-mail. Please send a new OTP.');
  if (row.expiresAt <= now) throw ApiError.badRequest('The OTP has expired. Please send a new one.');
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw ApiError.badRequest('Too many wrong codes. Please send a new OTP.');
  if (!safeEqualHex(row.codeHash, codeHash(email, code))) {
    const attempts = await addOtpAttempt(db, row.id, OTP_MAX_ATTEMPTS);
    const left = OTP_MAX_ATTEMPTS - (attempts ?? OTP_MAX_ATTEMPTS);
    throw ApiError.badRequest(left > 0 ? `The OTP is not correct. ${left} attempt${left === 1 ? '' : 's'} left.` : 'Too many wrong codes. Please send a new OTP.');
  }
  if (!(await consumeOtp(db, row.id, now))) throw ApiError.badRequest('This code was already used. Please send a new OTP.');
}
