/** The user object every user endpoint answers with (CONTRACTS.md, SPEC §3). */
export type LicenseStatus = 'active' | 'inactive';

export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  phone_number: string;
  is_active: boolean;
  is_admin: boolean;
  vsg_license_status: LicenseStatus;
}

/** Answer of POST /api/login. */
export interface LoginResponse {
  access_token: string;
  refresh_token: string;
  token_type?: string;
}

/** One row of GET /api/documents as the history list uses it (SPEC §2 Task History). */
export interface DocumentSummary {
  id: number | string;
  created_at: string;
  status: string;
}
