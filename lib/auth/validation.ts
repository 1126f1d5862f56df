import { z } from 'zod';

/** Field rules shared by sign-up, profile edits and the CLI. */
export const emailField = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

export const nameField = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters');

export const phoneField = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(20, 'must be at most 20 characters')
  .regex(/^\+?[0-9][0-9 ()-]*$/, 'may contain only digits, spaces, +, - and parentheses');

export const PASSWORD_MIN = 8;
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
  .regex(/^(\+?[0-9][0-9 ()-]*)?$/, 'may contain only digits, spaces, +, - and parentheses');
