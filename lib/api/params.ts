import { ApiError } from '@/lib/api/errors';

const MAX_SERIAL = 2_147_483_647;

/** Parses a path id like "42"; anything else (abc, -1, 1.5, 99999999999) is a 400 naming the field. */
export function parseIdParam(raw: string | undefined, what = 'user id'): number {
  if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > MAX_SERIAL) {
    throw ApiError.badRequest(`The ${what} must be a positive whole number.`);
  }
  return Number(raw);
}
