/**
 * The fee rule: `feePerPage` rupees per page of the final slips PDF, never less
 * than `minFee` rupees (Razorpay's smallest charge is ₹1). Money is kept in paise as integers; rupees
 * appear only where it is shown.
 */
export interface FeeRule {
  /** Rupees per final page (whole paise). */
  feePerPage: number;
  /** Smallest fee in rupees. */
  minFee: number;
}

function toPaise(rupees: number, what: string): number {
  if (!Number.isFinite(rupees) || rupees < 0) throw new RangeError(`${what} must be a non-negative number of rupees, got ${rupees}`);
  return Math.round(rupees * 100);
}

/** The fee for a document of `pages` final pages, in paise. */
export function feeInPaise(pages: number, rule: FeeRule): number {
  if (!Number.isInteger(pages) || pages < 1) throw new RangeError(`pages must be a positive integer, got ${pages}`);
  return Math.max(pages * toPaise(rule.feePerPage, 'feePerPage'), toPaise(rule.minFee, 'minFee'));
}

/** Paise → rupees as a number (e.g. 7250 → 72.5) for the API's `amount`. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Paise → "₹72.50" for people. */
export function formatRupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
