import { jwtVerify, SignJWT } from 'jose';
import { SESSION_ID } from '@/lib/auth/access-token';
import { getConfig } from '@/lib/config';

/**
 * Short-lived signed tokens for the view/download URLs: iframes and new tabs cannot send a bearer
 * header, so the owner's status answer carries URLs with a token naming the document and which of its
 * PDFs it opens. A draft token never opens the final PDF. A token also names the session it was issued
 * in and the owner's password version: it stops working when that session ends (logout) or the
 * password changes.
 */
export type DocumentFileKind = 'draft' | 'final';

export const FILE_TOKEN_TTL_SECONDS = 60 * 60;
const AUDIENCE = 'vsg-document-file';

/** Whose link it is: the owner's session and password version when it was issued. */
export interface FileTokenIssuer {
  userId: number;
  sessionId: string;
  passwordVersion: number;
}

export async function signFileToken(documentId: number, kind: DocumentFileKind, issuer: FileTokenIssuer, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ doc: documentId, kind, sid: issuer.sessionId, pwv: issuer.passwordVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(issuer.userId))
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + FILE_TOKEN_TTL_SECONDS)
    .sign(getConfig().jwtSecret);
}

export interface FileTokenClaims extends FileTokenIssuer {
  documentId: number;
  kind: DocumentFileKind;
}

/** The token's claims, or null when it is missing, forged, expired or malformed. */
export async function verifyFileToken(token: string | null): Promise<FileTokenClaims | null> {
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, getConfig().jwtSecret, { algorithms: ['HS256'], audience: AUDIENCE });
    const documentId = Number(payload.doc);
    const userId = Number(payload.sub);
    const passwordVersion = Number(payload.pwv);
    if (!Number.isSafeInteger(documentId) || !Number.isSafeInteger(userId) || !Number.isSafeInteger(passwordVersion)) return null;
    if ((payload.kind !== 'draft' && payload.kind !== 'final') || typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid)) return null;
    return { documentId, userId, kind: payload.kind, sessionId: payload.sid, passwordVersion };
  } catch {
    return null;
  }
}
