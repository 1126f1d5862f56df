import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { claimRefreshToken, findRefreshToken, insertRefreshToken, revokeFamily } from '@/db/queries/refresh-tokens';
import { findUserByEmail, findUserById } from '@/db/queries/users';
import type { User } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { clearLoginAttempts, consumeRateLimit, RATE_RULES, takeLoginAttempt } from '@/lib/rate-limit';
import { signAccessToken } from './access-token';
import { randomToken, sha256Hex } from './crypto';
import { verifyAgainstDummy, verifyPassword } from './password';

export const REFRESH_TOKEN_TTL_DAYS = 30;
export const INVALID_LOGIN = 'Invalid email or password.';
export const DEACTIVATED = 'This account has been deactivated.';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
}

async function issueRefreshToken(db: Db, userId: number, familyId: string, now: Date): Promise<string> {
  const token = randomToken();
  await insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000),
  });
  return token;
}

/** Starts a new session (a new refresh-token family) for a user. */
export async function startSession(db: Db, user: User, now: Date = new Date()): Promise<TokenPair> {
  const familyId = randomUUID();
  const refresh_token = await issueRefreshToken(db, user.id, familyId, now);
  const access_token = await signAccessToken({ userId: user.id, sessionId: familyId }, now);
  return { access_token, refresh_token, token_type: 'bearer' };
}

/**
 * Login (form `username` = e-mail, `password`). Unknown e-mail and wrong password answer the same 401
 * after the same argon2 work. Every attempt is counted before the password is checked — per client
 * address, and per (address, account) with growing delays (LOGIN_BACKOFF) — and a success clears the
 * account counter; a deactivated account is told so (403) only after the right password.
 */
export async function login(db: Db, input: { email: string; password: string; ip: string }, now: Date = new Date()): Promise<TokenPair> {
  const email = input.email.trim().toLowerCase();
  await consumeRateLimit(db, RATE_RULES.loginPerIp, input.ip, now);
  await takeLoginAttempt(db, input.ip, email, now);

  const user = await findUserByEmail(db, email);
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !ok) throw ApiError.unauthorized(INVALID_LOGIN);
  if (!user.isActive) throw ApiError.forbidden(DEACTIVATED);
  await clearLoginAttempts(db, input.ip, email);
  return startSession(db, user, now);
}

/**
 * Rotates a refresh token: the presented one is spent and a new one in the same family is issued.
 * Presenting an already-rotated token is taken as theft: the whole family is revoked.
 */
export async function refreshSession(db: Db, presented: string | null, now: Date = new Date()): Promise<TokenPair> {
  const token = presented?.trim() ?? '';
  if (token === '') throw ApiError.unauthorized('The refresh-token header is missing.');
  if (token.length > 200) throw ApiError.unauthorized('Invalid or expired refresh token.');
  const hash = sha256Hex(token);

  const row = await claimRefreshToken(db, hash, now);
  if (!row) {
    const known = await findRefreshToken(db, hash);
    if (known?.rotatedAt && !known.revokedAt) {
      await revokeFamily(db, known.familyId, now);
      throw ApiError.unauthorized('This refresh token was already used. Please log in again.');
    }
    throw ApiError.unauthorized('Invalid or expired refresh token. Please log in again.');
  }
  const user = await findUserById(db, row.userId);
  if (!user || !user.isActive) {
    await revokeFamily(db, row.familyId, now);
    throw ApiError.unauthorized(user ? DEACTIVATED : 'This account no longer exists.');
  }
  const refresh_token = await issueRefreshToken(db, user.id, row.familyId, now);
  const access_token = await signAccessToken({ userId: user.id, sessionId: row.familyId }, now);
  return { access_token, refresh_token, token_type: 'bearer' };
}

/**
 * Logout: the session ends at once — its refresh-token family is revoked, so the refresh token no longer
 * rotates, and the access token and the file links issued in it fail on their next use.
 */
export async function endSession(db: Db, sessionId: string, now: Date = new Date()): Promise<void> {
  await revokeFamily(db, sessionId, now);
}
