'use client';

import * as React from 'react';
import { useForm } from 'react-hook-form';
import { CircleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatRupees } from '@/lib/slips/fees';
import { cn } from '@/lib/utils';
import { refundPayment, type AdminPayment, type RefundAnswer } from '@/lib/client/admin';
import { newIdempotencyKey, parseRefundAmount, remainingPaise, rupeesToPaise } from './refund';

type Mode = 'full' | 'partial';

/** What the admin chooses: a full refund, or a partial one of the amount typed (₹). */
interface RefundChoice {
  mode: Mode;
  amount: string;
}

/** The request bound to the current idempotency key once it has been sent (amount in paise; absent = full). */
interface SentRequest {
  amountPaise?: number;
}

interface RefundDialogProps {
  payment: AdminPayment;
  onClose(outcomeUnknown: boolean): void;
  onRefunded(refund: RefundAnswer): void;
}

/**
 * The Refund dialog of one payment: a full refund (what remains) or a partial one (₹, two decimals,
 * ₹1.00 … remaining). Mounted once per opening, so the idempotency key made here on mount belongs to
 * that opening: retries and double clicks reuse it (the confirm button is disabled while the request
 * runs). When the outcome of a request is unknown (no answer), the form is locked to that request so
 * the retry is the same request; when the server answered with a refusal, a new key is made, because
 * the server replays a key's first outcome and a corrected amount must be a new request.
 */
export function RefundDialog({ payment, onClose, onRefunded }: RefundDialogProps) {
  const remaining = remainingPaise(payment);
  const [idempotencyKey, setIdempotencyKey] = React.useState(newIdempotencyKey);
  const form = useForm<RefundChoice>({ defaultValues: { mode: 'full', amount: '' } });
  const mode = form.watch('mode');
  const amountText = form.watch('amount');
  const amountError = form.formState.errors.amount?.message ?? null;
  const [serverError, setServerError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  /** Set while the key's request has an unknown outcome: the retry must repeat it exactly. */
  const [sent, setSent] = React.useState<SentRequest | null>(null);
  const inFlight = React.useRef(false);
  const amountId = React.useId();
  const amountErrorId = React.useId();

  const partialCheck = mode === 'partial' ? parseRefundAmount(amountText, remaining) : null;
  const confirmPaise = sent ? (sent.amountPaise ?? remaining) : mode === 'full' ? remaining : partialCheck?.ok ? partialCheck.paise : null;

  async function submit(choice: RefundChoice) {
    if (inFlight.current) return;
    let request: SentRequest;
    if (sent) {
      request = sent;
    } else if (choice.mode === 'full') {
      request = {};
    } else {
      const check = parseRefundAmount(choice.amount, remaining);
      if (!check.ok) {
        form.setError('amount', { message: check.message });
        return;
      }
      request = { amountPaise: check.paise };
    }
    inFlight.current = true;
    setBusy(true);
    form.clearErrors('amount');
    setServerError(null);
    try {
      const result = await refundPayment(payment.order_id, {
        amount: request.amountPaise === undefined ? undefined : request.amountPaise / 100,
        idempotencyKey,
        paymentId: payment.payment_id,
      });
      if (result.ok) {
        onRefunded(result.value);
        return;
      }
      setServerError(result.error);
      if (result.sameKey) {
        setSent(request);
      } else {
        setSent(null);
        setIdempotencyKey(newIdempotencyKey());
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const who = payment.user_email ?? (payment.user_id !== null ? `user #${payment.user_id}` : 'a deleted user');
  const locked = busy || sent !== null;

  return (
    <Dialog open onOpenChange={(open) => (!open && !busy ? onClose(sent !== null) : undefined)}>
      <DialogContent data-testid="refund-dialog" showCloseButton={!busy}>
        <form onSubmit={(e) => void form.handleSubmit(submit)(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Refund payment</DialogTitle>
            <DialogDescription className="break-all">
              {payment.document_id !== null ? `Task #${payment.document_id}` : 'No task'} · {who}
            </DialogDescription>
          </DialogHeader>

          <dl className="grid grid-cols-3 gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">Paid</dt>
              <dd className="font-medium tabular-nums">{formatRupees(rupeesToPaise(payment.amount))}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Refunded</dt>
              <dd className="font-medium tabular-nums">{formatRupees(rupeesToPaise(payment.refunded))}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Remaining</dt>
              <dd className="font-medium tabular-nums" data-testid="refund-remaining">
                {formatRupees(remaining)}
              </dd>
            </div>
          </dl>

          {payment.status === 'flagged' && payment.review_reason ? (
            <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning">
              Flagged for review: {payment.review_reason}
            </p>
          ) : null}
          {payment.test_mode ? (
            <p className="text-xs text-muted-foreground">Test mode payment: the refund is recorded, no real money moves.</p>
          ) : null}

          <fieldset className="grid gap-2" disabled={locked}>
            <legend className="mb-1 text-sm font-medium">Amount</legend>
            <ModeOption checked={mode === 'full'} onSelect={() => form.setValue('mode', 'full')} label="Full refund" hint={`${formatRupees(remaining)}, all that remains`} />
            <ModeOption checked={mode === 'partial'} onSelect={() => form.setValue('mode', 'partial')} label="Partial refund" hint="an amount you choose" />
            {mode === 'partial' ? (
              <div className="grid gap-1.5 pl-6">
                <Label htmlFor={amountId}>Amount to refund (₹)</Label>
                <Input
                  id={amountId}
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register('amount', { onChange: () => form.clearErrors('amount') })}
                  aria-invalid={amountError !== null}
                  aria-describedby={amountError ? amountErrorId : undefined}
                  autoFocus
                  className="max-w-40 tabular-nums"
                />
                {amountError ? (
                  <p id={amountErrorId} className="text-sm text-destructive">
                    {amountError}
                  </p>
                ) : (
                  <p className="text-xs text-muted-foreground">
                    ₹1.00 to {formatRupees(remaining)}, at most two decimals.
                  </p>
                )}
              </div>
            ) : null}
          </fieldset>

          {serverError ? (
            <Alert variant="destructive" data-testid="refund-error">
              <CircleAlertIcon />
              <AlertDescription>{serverError}</AlertDescription>
            </Alert>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onClose(sent !== null)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy || remaining <= 0}>
              {busy ? 'Refunding…' : sent ? 'Retry refund' : confirmPaise !== null ? `Refund ${formatRupees(confirmPaise)}` : 'Refund'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ModeOption({ checked, onSelect, label, hint }: { checked: boolean; onSelect(): void; label: string; hint: string }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm transition-colors has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
        checked ? 'border-primary bg-primary/5' : 'hover:bg-muted/50',
      )}
    >
      <input type="radio" name="refund-mode" checked={checked} onChange={onSelect} className="size-4 shrink-0 accent-primary" />
      <span className="flex flex-col sm:flex-row sm:gap-2">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground max-sm:text-xs">{hint}</span>
      </span>
    </label>
  );
}
