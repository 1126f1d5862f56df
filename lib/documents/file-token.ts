import { jwtVerify, SignJWT } from 'jose';
import { getConfig } from '@/lib/config';

/**
 * Short-lived signed tokens for the view/download URLs: iframes and new tabs cannot send a bearer
 * header, so the owner's status answer carries URLs with a token naming the document and which of its
 * PDFs it opens. A draft token never opens the final PDF.
 */
export type DocumentFileKind = 'draft' | 'final';

export const FILE_TOKEN_TTL_SECONDS = 60 * 60;
const AUDIENCE = 'vsg-document-file';

export async function signFileToken(documentId: number, userId: number, kind: DocumentFileKind, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ doc: documentId, kind })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + FILE_TOKEN_TTL_SECONDS)
    .sign(getConfig().jwtSecret);
}

export interface FileTokenClaims {
  documentId: number;
  userId: number;
  kind: DocumentFileKind;
}

/** The token's claims, or null when it is missing, forged, expired or malformed. */
export async function verifyFileToken(token: string | null): Promise<FileTokenClaims | null> {
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, getConfig().jwtSecret, { algorithms: ['HS256'], audience: AUDIENCE });
    const documentId = Number(payload.doc);
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(documentId) || !Number.isSafeInteger(userId) || (payload.kind !== 'draft' && payload.kind !== 'final')) return null;
    return { documentId, userId, kind: payload.kind };
  } catch {
    return null;
  }
}
