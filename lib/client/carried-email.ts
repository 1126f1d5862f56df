/**
 * The e-mail a user has just typed, carried to the next auth form (sign-up → login, login → forgot
 * password) in this tab's sessionStorage: never in the address, where it would reach history and logs.
 * Taken once; where storage is refused (private modes) the next form is simply empty.
 */
const KEY = 'vsg.carried-email';

export function carryEmail(email: string): void {
  const value = email.trim();
  try {
    if (value) sessionStorage.setItem(KEY, value);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage refused: nothing carried
  }
}

export function takeCarriedEmail(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return value;
  } catch {
    return null;
  }
}
