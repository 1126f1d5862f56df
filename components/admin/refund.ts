/**
 * The refund dialog's arithmetic (pure, tested in refund.test.ts). Money is handled in whole paise;
 * the API speaks rupees, so rupees are made only at the edge.
 */

/** Razorpay's (and the server's) smallest refund: ₹1.00. */
export const MIN_REFUND_PAISE = 100;

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** What is left to refund on a payment, in paise (never negative). */
export function remainingPaise(payment: { amount: number; refunded: number }): number {
  return Math.max(0, rupeesToPaise(payment.amount) - rupeesToPaise(payment.refunded));
}

/** Whether anything can still be refunded. */
export function canRefund(payment: { amount: number; refunded: number }): boolean {
  return remainingPaise(payment) >= MIN_REFUND_PAISE;
}

function rupeeText(paise: number): string {
  return `₹${(paise / 100).toFixed(2)}`;
}

export type AmountCheck = { ok: true; paise: number } | { ok: false; message: string };

/**
 * A typed partial amount in rupees ("50", "50.5", "50.50", "₹1,250.00") → paise, checked against what
 * remains: a number with at most two decimals, at least ₹1.00 and at most the remaining amount.
 */
export function parseRefundAmount(text: string, remaining: number): AmountCheck {
  const cleaned = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  if (cleaned === '') return { ok: false, message: 'Enter the amount to refund.' };
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return { ok: false, message: 'Enter an amount in rupees with at most two decimals, e.g. 25.50.' };
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(paise)) return { ok: false, message: 'That amount is too large.' };
  if (paise <= 0) return { ok: false, message: 'The amount must be more than ₹0.00.' };
  if (paise < MIN_REFUND_PAISE) return { ok: false, message: `The smallest refund is ${rupeeText(MIN_REFUND_PAISE)}.` };
  if (paise > remaining) return { ok: false, message: `The amount must be at most ${rupeeText(remaining)}, what remains of this payment.` };
  return { ok: true, paise };
}

/** A fresh idempotency key (36 characters of [0-9a-f-], inside the server's 10–64 [A-Za-z0-9_-]). */
export function newIdempotencyKey(cryptoApi: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = globalThis.crypto): string {
  // randomUUID exists only in secure contexts (https, localhost); a plain-http LAN address falls back.
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
