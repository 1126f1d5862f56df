import type { Db } from '@/db/client';
import { incrementWindow, resetWindow, takeBackoffAttempt, type BackoffRule } from '@/db/queries/rate-limits';
import { ApiError } from '@/lib/api/errors';

/**
 * Fixed-window rate limits kept in the `rate_limits` table, so every process sharing the database
 * shares the counters. A limited call answers 429 with a detail and Retry-After.
 */
export interface RateRule {
  /** Key prefix, e.g. 'login-email'. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What the caller is told, e.g. 'Too many login attempts.' */
  detail: string;
}

export const RATE_RULES = {
  loginPerIp: { name: 'login-ip', limit: 100, windowSeconds: 15 * 60, detail: 'Too many login attempts from your network.' },
  sendOtpPerEmail: { name: 'otp-email', limit: 5, windowSeconds: 60 * 60, detail: 'Too many codes requested for this e-mail.' },
  // Per client address: generous enough for a campaign office behind one NAT address signing up its
  // workers; one mailbox is protected by the per-e-mail limit above.
  sendOtpPerIp: { name: 'otp-ip', limit: 100, windowSeconds: 60 * 60, detail: 'Too many codes requested.' },
  signupPerIp: { name: 'signup-ip', limit: 100, windowSeconds: 60 * 60, detail: 'Too many sign-up attempts.' },
  transliteratePerIp: { name: 'translit-ip', limit: 120, windowSeconds: 60, detail: 'Too many suggestion requests.' },
  passwordResetPerIp: { name: 'reset-ip', limit: 20, windowSeconds: 60 * 60, detail: 'Too many password reset attempts.' },
} satisfies Record<string, RateRule>;

/**
 * When the client address is unknown (a handler called outside the server, where the connection hook
 * is not installed), all callers share one bucket with a 10× limit.
 */
export const UNKNOWN_IP = 'unknown';

function effectiveLimit(rule: RateRule, subject: string): number {
  return subject === UNKNOWN_IP ? rule.limit * 10 : rule.limit;
}

function keyOf(rule: RateRule, subject: string): string {
  return `${rule.name}:${subject.toLowerCase()}`;
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

function limited(rule: RateRule, windowStart: Date, now: Date): ApiError {
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
  return ApiError.tooManyRequests(`${rule.detail} Please try again in ${describeWait(retryAfter)}.`, retryAfter);
}

function windowCutoff(rule: RateRule, now: Date): Date {
  return new Date(now.getTime() - rule.windowSeconds * 1000);
}

/** Counts one call and throws 429 when the limit is passed. */
export async function consumeRateLimit(db: Db, rule: RateRule, subject: string, now: Date = new Date()): Promise<void> {
  const w = await incrementWindow(db, keyOf(rule, subject), now, windowCutoff(rule, now));
  if (w.count > effectiveLimit(rule, subject)) throw limited(rule, w.windowStart, now);
}

/**
 * Login protection per (client address, account): a few attempts back to back, then a growing delay
 * between attempts (1 s, 2 s, 4 s, ... up to 15 minutes). Another address is never held up, so nobody
 * can lock a known account for its owner. A success clears the counter.
 */
export const LOGIN_BACKOFF: BackoffRule = { free: 5, maxDelaySeconds: 15 * 60, resetSeconds: 24 * 3600 };

function loginKey(ip: string, email: string): string {
  return `login:${ip}:${email.toLowerCase()}`;
}

/**
 * Counts a login attempt for (ip, e-mail) before the password is checked, as one atomic step: parallel
 * guesses cannot all slip past the check. Throws 429 with Retry-After while the delay runs.
 */
export async function takeLoginAttempt(db: Db, ip: string, email: string, now: Date = new Date()): Promise<void> {
  const result = await takeBackoffAttempt(db, loginKey(ip, email), LOGIN_BACKOFF, now);
  if (!result.allowed) {
    throw ApiError.tooManyRequests(
      `Too many failed login attempts for this account. Please try again in ${describeWait(result.retryAfterSeconds)}.`,
      result.retryAfterSeconds,
    );
  }
}

export async function clearLoginAttempts(db: Db, ip: string, email: string): Promise<void> {
  await resetWindow(db, loginKey(ip, email));
}
