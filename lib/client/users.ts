import { failed, jsonBody, readDetail, readJson, request, type Result } from './api';
import type { CurrentUser } from './types';

/** A change to a user: their own profile, or any user's for an admin (who may also set the flags). */
export interface UserUpdate {
  name?: string;
  phone_number?: string;
  password?: string;
  is_active?: boolean;
  is_admin?: boolean;
}

export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATE_EXCEPTION = 'An error occurred. Please try again.';

/** PUT /api/users/{id} (the profile form and the admin's edit form) → the saved user (null when the answer has no body); a refusal is 'Error: ' + detail. */
export async function updateUser(id: number, update: UserUpdate): Promise<Result<CurrentUser | null>> {
  const sent = await request(`/api/users/${id}`, jsonBody('PUT', update), {
    offline: PROFILE_UPDATE_EXCEPTION,
    refused: async (res) => `Error: ${await readDetail(res, `request failed (${res.status})`)}`,
    fallback: PROFILE_UPDATE_EXCEPTION,
  });
  if (!sent.ok) return failed(sent.error);
  return { ok: true, value: (await readJson(sent.value)) as CurrentUser | null };
}

