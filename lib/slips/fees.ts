/**
 * The fee rule (DESIGN §6): fee = pages × per-page rate, in rupees.
 * The rate comes from config `FEE_PER_PAGE`; this function stays pure.
 * Result is rounded to paise (2 decimals) to avoid floating-point dust such as 0.30000000000000004.
 */
export function computeFee(pages: number, ratePerPage: number): number {
  if (!Number.isInteger(pages) || pages < 0) {
    throw new RangeError(`pages must be a non-negative integer, got ${pages}`);
  }
  if (!Number.isFinite(ratePerPage) || ratePerPage < 0) {
    throw new RangeError(`ratePerPage must be a non-negative finite number of rupees, got ${ratePerPage}`);
  }
  return Math.round(pages * ratePerPage * 100) / 100;
}
