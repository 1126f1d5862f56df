import type { Db } from '@/db/client';
import { findUserWithSession } from '@/db/queries/users';
import type { User } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { verifyAccessToken } from './access-token';
import { DEACTIVATED } from './sessions';

export interface AuthContext {
  user: User;
  /** The refresh-token family the access token belongs to. */
  sessionId: string;
}

/** The bearer token of a request, or null when there is no Authorization header. */
export function readBearer(req: Request): string | null {
  const header = req.headers.get('authorization');
  if (header === null || header.trim() === '') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (!match) throw ApiError.unauthorized('The Authorization header must be "Bearer <token>".');
  return match[1];
}

async function resolve(token: string, db: Db): Promise<AuthContext> {
  if (token.length > 4096) throw ApiError.unauthorized('Invalid or expired token.');
  const result = await verifyAccessToken(token);
  if (!result.ok) throw ApiError.unauthorized(result.reason === 'expired' ? 'The token has expired.' : 'Invalid or expired token.');
  // One query per request loads the user and their session's state: a deleted or deactivated user, or an
  // ended session (logout, a password change, reuse of a rotated refresh token), stops working at once.
  const found = await findUserWithSession(db, result.claims.userId, result.claims.sessionId);
  if (!found) throw ApiError.unauthorized('This account no longer exists.');
  if (!found.user.isActive) throw ApiError.unauthorized(DEACTIVATED);
  if (!found.sessionLive) throw ApiError.unauthorized('This session has ended. Please log in again.');
  return { user: found.user, sessionId: result.claims.sessionId };
}

/** The authenticated caller with their session id; 401 without a valid token of a live, active user. */
export async function authenticate(req: Request, db: Db): Promise<AuthContext> {
  const token = readBearer(req);
  if (token === null) throw ApiError.unauthorized('Not authenticated.');
  return resolve(token, db);
}
