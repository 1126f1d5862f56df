import { createHmac, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two hex signatures (different lengths are simply unequal). */
export function signaturesMatch(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(givenHex)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function hmacHex(secret: string, message: string | Uint8Array): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Razorpay Checkout's success signature: HMAC-SHA256(order_id + "|" + payment_id, key_secret). */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

export function verifyCheckoutSignature(orderId: string, paymentId: string, signature: string, keySecret: string): boolean {
  return signaturesMatch(checkoutSignature(orderId, paymentId, keySecret), signature);
}

/** A webhook's X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret. */
export function verifyWebhookSignature(rawBody: Uint8Array, signature: string, webhookSecret: string): boolean {
  return signaturesMatch(hmacHex(webhookSecret, rawBody), signature);
}
