import type { Db } from '@/db/client';
import { incrementWindow, readWindow, resetWindow } from '@/db/queries/rate-limits';
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
  loginFailuresPerEmail: { name: 'login-email', limit: 10, windowSeconds: 15 * 60, detail: 'Too many failed login attempts for this account.' },
  loginFailuresPerIp: { name: 'login-ip', limit: 50, windowSeconds: 15 * 60, detail: 'Too many failed login attempts.' },
  sendOtpPerEmail: { name: 'otp-email', limit: 5, windowSeconds: 60 * 60, detail: 'Too many codes requested for this e-mail.' },
  sendOtpPerIp: { name: 'otp-ip', limit: 20, windowSeconds: 60 * 60, detail: 'Too many codes requested.' },
  signupPerIp: { name: 'signup-ip', limit: 20, windowSeconds: 60 * 60, detail: 'Too many sign-up attempts.' },
} satisfies Record<string, RateRule>;

/** When the client IP is unknown (no trusted proxy), all callers share one bucket with a 10× limit. */
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

/** Throws 429 when the limit is already reached, without counting (for "failures only" limits). */
export async function assertWithinRateLimit(db: Db, rule: RateRule, subject: string, now: Date = new Date()): Promise<void> {
  const w = await readWindow(db, keyOf(rule, subject));
  if (!w || w.windowStart <= windowCutoff(rule, now)) return;
  if (w.count >= effectiveLimit(rule, subject)) throw limited(rule, w.windowStart, now);
}

/** Counts one call without checking (e.g. a failed login). */
export async function recordRateLimitHit(db: Db, rule: RateRule, subject: string, now: Date = new Date()): Promise<void> {
  await incrementWindow(db, keyOf(rule, subject), now, windowCutoff(rule, now));
}

export async function clearRateLimit(db: Db, rule: RateRule, subject: string): Promise<void> {
  await resetWindow(db, keyOf(rule, subject));
}
