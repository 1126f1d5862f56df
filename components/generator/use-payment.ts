'use client';

import * as React from 'react';
import { useSession } from '@/components/session/session-provider';
import {
  createPaymentOrder,
  getTaskId,
  MESSAGES,
  submitPayment,
  type PaymentOrder,
  type PaymentSuccess,
} from '@/lib/client/documents';
import { loadCheckout, openCheckout } from './razorpay';

export interface Payment {
  /** Creates the order and opens Checkout (or, in test mode, the stand-in dialog). */
  start(): Promise<void>;
  busy: boolean;
  error: string | null;
  /** The order waiting in the test-mode stand-in dialog, else null. */
  testOrder: PaymentOrder | null;
  onTestSuccess(payment: PaymentSuccess): void;
  onTestDismiss(): void;
}

/**
 * Payment: continue → order → Checkout; the success payload goes to POST …/payment (verified on
 * the server), then …/task_id, then `onPaid` restarts polling. Dismissing leaves the draft as it was.
 */
export function usePayment(documentId: string, onPaid: () => void): Payment {
  const { user } = useSession();
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [testOrder, setTestOrder] = React.useState<PaymentOrder | null>(null);

  const settle = React.useCallback(
    async (payment: PaymentSuccess) => {
      setTestOrder(null);
      setBusy(true);
      const paid = await submitPayment(documentId, payment);
      if (!paid.ok) {
        setBusy(false);
        setError(paid.error);
        return;
      }
      const task = await getTaskId(documentId);
      setBusy(false);
      if (!task.ok) {
        // The payment is recorded; polling shows the final render either way.
        console.error('Payment: could not read the task id.', task.error);
      }
      onPaid();
    },
    [documentId, onPaid],
  );

  const start = React.useCallback(async () => {
    setError(null);
    setBusy(true);
    const order = await createPaymentOrder(documentId);
    if (!order.ok) {
      setBusy(false);
      setError(order.error);
      return;
    }
    if (order.value.test_mode) {
      setBusy(false);
      setTestOrder(order.value);
      return;
    }
    let Checkout;
    try {
      Checkout = await loadCheckout();
    } catch {
      setBusy(false);
      setError(MESSAGES.gateway);
      return;
    }
    setBusy(false);
    openCheckout(Checkout, order.value, documentId, user, {
      onSuccess: (payment) => void settle(payment),
      onDismiss: () => undefined,
      onFailed: (description) => setError(description),
    });
  }, [documentId, settle, user]);

  return {
    start,
    busy,
    error,
    testOrder,
    onTestSuccess: (payment) => void settle(payment),
    onTestDismiss: () => setTestOrder(null),
  };
}
