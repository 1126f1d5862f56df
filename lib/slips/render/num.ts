/**
 * Number formatting for content streams, on the hot path (millions of calls per document):
 * integer arithmetic and integer-to-string only (Number#toString on fractions is much slower).
 */
const PAD2 = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

/** `n` rounded to 2 decimals, shortest form ("12", "12.5", "-0.25"). */
export function fmt2(n: number): string {
  let r = Math.round(n * 100);
  if (r === 0) return '0';
  const neg = r < 0;
  if (neg) r = -r;
  const int = Math.floor(r / 100);
  const frac = r - int * 100;
  let s: string;
  if (frac === 0) s = String(int);
  else if (frac % 10 === 0) s = `${int}.${frac / 10}`;
  else s = `${int}.${PAD2[frac]}`;
  return neg ? `-${s}` : s;
}

/** `n` rounded to 5 decimals (matrix entries, where scale errors are multiplied by page coordinates). */
export function fmt5(n: number): string {
  return (Math.round(n * 1e5) / 1e5).toString();
}
