/**
 * Razorpay Checkout, loaded on demand: the script is added to the page only when a user goes
 * to pay. Options carry the spec's title and description, notes.document_id, the server's amount and
 * currency, and the user's name, e-mail and phone prefilled.
 */
import type { PaymentOrder, PaymentSuccess } from '@/lib/client/documents';

export const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface CheckoutInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}
type CheckoutConstructor = new (options: Record<string, unknown>) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

let loading: Promise<CheckoutConstructor> | null = null;

/** Loads checkout.js once; rejects when it cannot be loaded (offline, blocked), so the next try loads again. */
export function loadCheckout(): Promise<CheckoutConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay missing after load')));
    script.onerror = () => {
      script.remove();
      reject(new Error('checkout.js failed to load'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface CheckoutCallbacks {
  onSuccess(payment: PaymentSuccess): void;
  /** The user closed the dialog without paying. */
  onDismiss(): void;
  /** Razorpay reports a failed attempt (the dialog stays open for another try). */
  onFailed(description: string): void;
}

export function openCheckout(
  Checkout: CheckoutConstructor,
  order: PaymentOrder,
  documentId: string | number,
  user: { name?: string | null; email?: string | null; phone_number?: string | null } | null,
  callbacks: CheckoutCallbacks,
): void {
  const checkout = new Checkout({
    key: order.razorpay_key_id,
    amount: order.amount,
    currency: order.currency,
    order_id: order.razorpay_order_id,
    name: 'Voter Slip Generator',
    description: 'Processing Fee',
    notes: { document_id: String(documentId) },
    prefill: { name: user?.name ?? '', email: user?.email ?? '', contact: user?.phone_number ?? '' },
    handler: (response: PaymentSuccess) => callbacks.onSuccess(response),
    modal: { ondismiss: () => callbacks.onDismiss() },
  });
  checkout.on('payment.failed', (response) => callbacks.onFailed(response.error?.description ?? 'The payment failed.'));
  checkout.open();
}
