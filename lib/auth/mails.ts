import type { OtpPurpose } from '@/db/schema';
import type { MailMessage } from '@/lib/mail';
import { getSiteFacts } from '@/lib/site';

/** The account mails: codes, the "you already have an account" note and the password-changed notice. */

const OTP_MINUTES = 10;

export function otpMail(purpose: OtpPurpose, to: string, code: string): MailMessage {
  const what = purpose === 'signup' ? 'finish signing up' : 'reset your password';
  return {
    to,
    subject: purpose === 'signup' ? 'Your sign-up code' : 'Your password reset code',
    text:
      `Your one-time code to ${what} is ${code}.\n\n` +
      `It expires in ${OTP_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
  };
}

export function accountExistsMail(to: string): MailMessage {
  const site = getSiteFacts();
  return {
    to,
    subject: `You already have a ${site.productName} account`,
    text:
      `Someone (probably you) asked to sign up to ${site.productName} with this e-mail address, but an account ` +
      `with it already exists, so no sign-up code was sent.\n\n` +
      `To get in, log in with your password. If you have forgotten it, use "Forgot password?" on the login page.\n\n` +
      `If this was not you, you can ignore this e-mail.`,
  };
}

/** How the password changed: on the profile page (other sessions end), by an admin or by a reset (all end). */
export type PasswordChange = 'self' | 'admin' | 'reset';

export function passwordChangedMail(to: string, how: PasswordChange): MailMessage {
  const site = getSiteFacts();
  const by = { self: '', admin: ' by an administrator', reset: ' with a reset code sent to this address' }[how];
  return {
    to,
    subject: `Your ${site.productName} password was changed`,
    text:
      `The password of your ${site.productName} account was changed${by}. ` +
      `${how === 'self' ? 'Every other session has' : 'All your sessions have'} been signed out.\n\n` +
      `If this was not you, reset your password with "Forgot password?" on the login page and write to ${site.supportEmail}.`,
  };
}
