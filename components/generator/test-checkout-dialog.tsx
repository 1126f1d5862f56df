'use client';

import * as React from 'react';
import { FlaskConicalIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatRupees, testCheckout, type PaymentOrder, type PaymentSuccess } from '@/lib/client/documents';

/**
 * Test mode's stand-in for Razorpay Checkout (README: Payments): the server signs a success payload the way
 * Razorpay would, and the same verification runs on it. Clearly labelled: no money is charged.
 */
export function TestCheckoutDialog({
  order,
  onSuccess,
  onDismiss,
}: {
  order: PaymentOrder | null;
  onSuccess(payment: PaymentSuccess): void;
  onDismiss(): void;
}) {
  const [paying, setPaying] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  React.useEffect(() => {
    setPaying(false);
    setError(null);
  }, [order]);

  async function pay() {
    if (!order) return;
    setPaying(true);
    setError(null);
    const result = await testCheckout(order.razorpay_order_id);
    setPaying(false);
    if (result.ok) onSuccess(result.value);
    else setError(result.error);
  }

  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && !paying && onDismiss()}>
      <DialogContent data-testid="test-checkout" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle className="flex items-start justify-center gap-2 sm:justify-start">
            <FlaskConicalIcon className="mt-0.5 size-5 shrink-0 text-warning" /> Test mode — no money is charged
          </DialogTitle>
          <DialogDescription>
            This server has no payment keys configured. Paying here stands in for Razorpay Checkout and goes through the same
            server check.
          </DialogDescription>
        </DialogHeader>
        {order && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Voter Slip Generator</dt>
            <dd>Processing Fee</dd>
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="font-semibold" data-testid="test-checkout-amount">
              {order.currency === 'INR' ? formatRupees(order.amount / 100) : `${(order.amount / 100).toFixed(2)} ${order.currency}`}
            </dd>
          </dl>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onDismiss} disabled={paying}>
            Cancel
          </Button>
          <Button onClick={() => void pay()} disabled={paying}>
            {paying && <LoaderCircleIcon className="animate-spin" />}
            Pay (test mode)
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
