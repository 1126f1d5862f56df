import type { Db } from '@/db/client';
import { insertUser } from '@/db/queries/users';
import type { User } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { consumeRateLimit, RATE_RULES } from '@/lib/rate-limit';
import { consumeSignupOtp, EMAIL_TAKEN } from './otp';
import { hashPassword } from './password';

export interface SignupInput {
  name: string;
  email: string;
  phone_number: string;
  password: string;
  otp: string;
}

function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Creates an account once the e-mail's OTP checks out. New users are active, not admins, licence
 * inactive. The code is checked first: a registered address never gets a sign-up code (it is mailed a
 * note instead), so the answer cannot tell whether an account exists.
 */
export async function signup(db: Db, input: SignupInput, ip: string, now: Date = new Date()): Promise<User> {
  await consumeRateLimit(db, RATE_RULES.signupPerIp, ip, now);
  const email = input.email.trim().toLowerCase();
  await consumeSignupOtp(db, email, input.otp, now);
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db, { name: input.name, email, phoneNumber: input.phone_number, passwordHash });
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.conflict(EMAIL_TAKEN);
    throw error;
  }
}

export { isUniqueViolation };
