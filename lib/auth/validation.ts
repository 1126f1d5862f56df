import { z } from 'zod';
import { controlCharacters, hasVisibleCharacter, normaliseSpaces } from '@/lib/api/plain-text';

/** Field rules shared by sign-up, profile edits and the CLI. */
export const emailField = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

/** A person's name: plain text (see plain-text.ts), whitespace as single spaces, something visible. */
export const nameField = z
  .string({ error: 'is required' })
  .refine((name) => controlCharacters(name).length === 0, { message: 'must not contain control characters', abort: true })
  .transform(normaliseSpaces)
  .pipe(
    z
      .string()
      .min(1, 'is required')
      .max(100, 'must be at most 100 characters')
      .refine((name) => name.length === 0 || hasVisibleCharacter(name), 'must contain letters'),
  );

/** An Indian mobile number: 10 digits starting 6-9, optionally after +91; spaces and hyphens allowed. */
export const INDIAN_MOBILE = /^(?:\+91[ -]?)?[6-9](?:[ -]?[0-9]){9}$/;
export const PHONE_RULE = 'must be a 10-digit Indian mobile number (optionally starting with +91)';

export const phoneField = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(20, 'must be at most 20 characters')
  .regex(INDIAN_MOBILE, PHONE_RULE);

export const PASSWORD_MIN = 8;
/** Shown next to the password field before the user types (sign-up, reset, profile). */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters.`;
export const passwordField = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(128, 'must be at most 128 characters');

export const otpField = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^[0-9]{6}$/, 'must be the 6-digit code from the e-mail');

/** On profile edits the phone may be blank (accounts created by the admin bootstrap have none). */
export const phoneUpdateField = z
  .string({ error: 'must be text' })
  .trim()
  .max(20, 'must be at most 20 characters')
  .refine((v) => v === '' || INDIAN_MOBILE.test(v), PHONE_RULE);
