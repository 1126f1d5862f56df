import { describe, expect, it } from 'vitest';
import { canRefund, newIdempotencyKey, parseRefundAmount, remainingPaise } from './refund';

describe('remainingPaise', () => {
  it('subtracts what was refunded, in whole paise (no float drift)', () => {
    expect(remainingPaise({ amount: 72.5, refunded: 0 })).toBe(7250);
    expect(remainingPaise({ amount: 0.3, refunded: 0.1 })).toBe(20);
    expect(remainingPaise({ amount: 10, refunded: 10 })).toBe(0);
    expect(remainingPaise({ amount: 10, refunded: 12 })).toBe(0);
  });

  it('allows a refund only while ₹1.00 or more remains', () => {
    expect(canRefund({ amount: 10, refunded: 9 })).toBe(true);
    expect(canRefund({ amount: 10, refunded: 9.01 })).toBe(false);
    expect(canRefund({ amount: 10, refunded: 10 })).toBe(false);
  });
});

describe('parseRefundAmount', () => {
  const remaining = 7250;

  it('reads rupees with up to two decimals as paise', () => {
    expect(parseRefundAmount('25', remaining)).toEqual({ ok: true, paise: 2500 });
    expect(parseRefundAmount(' 25.5 ', remaining)).toEqual({ ok: true, paise: 2550 });
    expect(parseRefundAmount('25.05', remaining)).toEqual({ ok: true, paise: 2505 });
    expect(parseRefundAmount('₹ 1', remaining)).toEqual({ ok: true, paise: 100 });
    expect(parseRefundAmount('72.50', remaining)).toEqual({ ok: true, paise: 7250 });
    expect(parseRefundAmount('1,250.00', 200000)).toEqual({ ok: true, paise: 125000 });
  });

  it('refuses empty, malformed and three-decimal amounts', () => {
    for (const text of ['', '  ', 'abc', '1.234', '-5', '1e2', '.5', '5.', '12.3.4']) {
      const result = parseRefundAmount(text, remaining);
      expect(result.ok, text).toBe(false);
    }
    expect(parseRefundAmount('', remaining)).toEqual({ ok: false, message: 'Enter the amount to refund.' });
  });

  it('refuses zero, less than ₹1.00 and more than what remains', () => {
    expect(parseRefundAmount('0', remaining)).toEqual({ ok: false, message: 'The amount must be more than ₹0.00.' });
    expect(parseRefundAmount('0.00', remaining).ok).toBe(false);
    expect(parseRefundAmount('0.99', remaining)).toEqual({ ok: false, message: 'The smallest refund is ₹1.00.' });
    expect(parseRefundAmount('72.51', remaining)).toEqual({ ok: false, message: 'The amount must be at most ₹72.50, what remains of this payment.' });
  });
});

describe('newIdempotencyKey', () => {
  const allowed = /^[A-Za-z0-9_-]{10,64}$/;

  it('uses randomUUID and fits the server rule', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(allowed);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('falls back to getRandomValues where randomUUID is missing (plain-http pages)', () => {
    const key = newIdempotencyKey({ getRandomValues: <T extends ArrayBufferView | null>(a: T) => crypto.getRandomValues(a as Uint8Array) as unknown as T });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
