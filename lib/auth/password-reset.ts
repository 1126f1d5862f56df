import type { Db } from '@/db/client';
import { revokeUserTokens } from '@/db/queries/refresh-tokens';
import { findUserByEmail, setPasswordHash } from '@/db/queries/users';
import { ApiError } from '@/lib/api/errors';
import { sendMail, sendNotice, type MailMessage } from '@/lib/mail';
import { consumeRateLimit, RATE_RULES } from '@/lib/rate-limit';
import { passwordChangedMail } from './mails';
import { consumeOtp, sendOtp, type SendOtpDeps } from './otp';
import { hashPassword } from './password';

/**
 * Forgot password, step 1: a 6-digit code by e-mail under the same rules as the sign-up code (10 minutes,
 * 5 attempts, one per minute, hourly limits). The answer is the same whether or not an account exists.
 */
export async function requestPasswordReset(db: Db, input: { email: string; ip: string }, deps: SendOtpDeps = {}): Promise<void> {
  await sendOtp(db, { ...input, purpose: 'reset' }, deps);
}

/**
 * Forgot password, step 2: the code checks out, the new password is set and every session of the
 * account ends (all refresh-token families) with its file links; the owner is mailed a notice. An unknown e-mail fails the
 * code check like a known one without a code.
 */
export async function resetPassword(
  db: Db,
  input: { email: string; otp: string; password: string; ip: string },
  deps: { send?: (message: MailMessage) => Promise<void>; now?: Date } = {},
): Promise<void> {
  const now = deps.now ?? new Date();
  await consumeRateLimit(db, RATE_RULES.passwordResetPerIp, input.ip, now);
  const email = input.email.trim().toLowerCase();
  await consumeOtp(db, 'reset', email, input.otp, now);
  const user = await findUserByEmail(db, email);
  if (!user) throw ApiError.badRequest('No valid code was sent to this e-mail. Please send a new OTP.');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeUserTokens(tx, user.id, now);
  });
  await sendNotice(passwordChangedMail(user.email, 'reset'), deps.send ?? sendMail);
}
