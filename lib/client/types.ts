/** The user object every user endpoint answers with: defined once, beside the server's mapper. */
export type { LicenseStatus } from '@/db/schema';
export type { UserObject as CurrentUser } from '@/lib/auth/user-object';

/** Answer of POST /api/login. */
export interface LoginResponse {
  access_token: string;
  refresh_token: string;
  token_type?: string;
}
