import { getConfig } from '@/lib/config';

/** Test mode: no Razorpay keys configured (the default for `npm start` and the tests). */
export function isPaymentTestMode(): boolean {
  return !getConfig().RAZORPAY_KEY_ID;
}
