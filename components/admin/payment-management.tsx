'use client';

import * as React from 'react';
import { CircleCheckIcon, Undo2 } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { statusLabel } from '@/components/history/status';
import { formatRupees } from '@/lib/slips/fees';
import { cn } from '@/lib/utils';
import { listPayments, type AdminPayment, type RefundAnswer } from '@/lib/client/admin';
import { AdminListFrame } from './admin-list-frame';
import { formatWhen } from './format';
import { canRefund, remainingPaise, rupeesToPaise } from './refund';
import { RefundDialog } from './refund-dialog';
import { usePagedList } from './use-paged-list';
import { InvoiceExport } from './invoice-export';
import { InvoiceDownload } from '@/components/invoices/receipt';

const COLUMNS = 7;

/** Below sm each row is a card (one DOM for tests and screen readers), as in the user table. */
const mobileRow = 'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1.5 max-sm:px-4 max-sm:py-3';
const mobileCell = 'max-sm:p-0';
const mobileFull = 'max-sm:basis-full';

function rupees(amount: number): string {
  return formatRupees(rupeesToPaise(amount));
}

function StatusCell({ payment }: { payment: AdminPayment }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-1">
        {payment.duplicate ? (
          <Badge variant="warning">Second payment</Badge>
        ) : payment.status === 'flagged' ? (
          <Badge variant="warning">Flagged for review</Badge>
        ) : (
          <Badge variant="success">Paid</Badge>
        )}
        {payment.test_mode ? <Badge variant="outline">Test mode</Badge> : null}
      </div>
      {payment.status === 'flagged' && payment.review_reason ? (
        <p className="max-w-64 text-xs whitespace-normal text-warning max-sm:max-w-none" data-testid="review-reason">
          {payment.review_reason}
        </p>
      ) : null}
    </div>
  );
}

/** Razorpay's order and payment ids (for finding the payment in the dashboard) and the invoice issued for it. */
function IdsCell({ payment }: { payment: AdminPayment }) {
  return (
    <div className="mt-1.5 grid max-w-52 gap-0.5 font-mono text-[0.6875rem] break-all max-sm:max-w-none" data-testid="payment-ids">
      <span title="Order ID">{payment.order_id}</span>
      <span className="text-muted-foreground" title="Payment ID">
        {payment.payment_id ?? '—'}
      </span>
      {payment.invoice_number && payment.invoice_id ? (
        <span className="-ml-2 font-sans" data-testid="invoice-number">
          <InvoiceDownload url={`/api/invoices/${payment.invoice_id}`} fileName={`invoice-${payment.invoice_number.replace(/\//g, '-')}.pdf`} variant="ghost">
            {payment.invoice_number}
          </InvoiceDownload>
        </span>
      ) : null}
    </div>
  );
}

function RefundCell({ payment, onRefund }: { payment: AdminPayment; onRefund(): void }) {
  const refundedPaise = rupeesToPaise(payment.refunded);
  const full = remainingPaise(payment) === 0;
  return (
    <div className="flex items-center justify-end gap-3 max-sm:justify-between">
      <div className="text-right text-xs leading-tight max-sm:text-left" data-testid="refunded">
        {refundedPaise > 0 ? (
          <>
            <span className="font-medium text-foreground tabular-nums">{formatRupees(refundedPaise)}</span>
            <span className="text-muted-foreground max-sm:ml-1 sm:block">{full ? 'refunded in full' : 'refunded'}</span>
          </>
        ) : (
          <span className="text-muted-foreground">
            <span aria-hidden>—</span>
            <span className="sr-only">nothing refunded</span>
          </span>
        )}
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onRefund}
        disabled={!canRefund(payment)}
        title={canRefund(payment) ? undefined : full ? 'Refunded in full.' : 'Less than ₹1.00 remains.'}
        aria-label={`Refund ${payment.order_id}`}
      >
        <Undo2 aria-hidden />
        Refund
      </Button>
    </div>
  );
}

/**
 * Admin '/payments': every payment taken, newest first, paged on the server (GET /api/admin/payments),
 * with a Refund action per row. Flagged rows say why they were flagged (an amount mismatch, a task
 * cancelled before the money arrived, a second payment for an order already paid) so the admin knows to refund.
 */
export function PaymentManagement() {
  const [page, setPage] = React.useState(0);
  const {
    items: payments,
    setItems: setPayments,
    total,
    loading,
    error,
    reload,
  } = usePagedList(listPayments, page, setPage);
  const [refundTarget, setRefundTarget] = React.useState<AdminPayment | null>(null);
  /** Counts dialog openings: each opening mounts a new dialog, hence a new idempotency key. */
  const [opening, setOpening] = React.useState(0);
  const [notice, setNotice] = React.useState<string | null>(null);

  function openRefund(payment: AdminPayment) {
    setNotice(null);
    setOpening((n) => n + 1);
    setRefundTarget(payment);
  }

  function closeRefund(outcomeUnknown: boolean) {
    setRefundTarget(null);
    // A request whose answer never came may have refunded: show the server's figures.
    if (outcomeUnknown) reload();
  }

  function refunded(refund: RefundAnswer) {
    const refundPaise = rupeesToPaise(refund.amount);
    setPayments((rows) =>
      rows.map((p) =>
        p.order_id === refund.order_id && p.payment_id === refund.payment_id ? { ...p, refunded: (rupeesToPaise(p.refunded) + refundPaise) / 100 } : p,
      ),
    );
    setRefundTarget(null);
    setNotice(
      `Refund of ${formatRupees(refundPaise)} ${refund.status}${refund.refund_id ? ` (${refund.refund_id})` : ''} for order ${refund.order_id}, payment ${refund.payment_id}.` +
        (refund.credit_note_number ? ` Credit note ${refund.credit_note_number} issued and mailed to the customer.` : ''),
    );
  }

  return (
    <AdminListFrame
      titleId="payments-title"
      title="Payments"
      description="Paid and flagged payments (second payments of an order too), newest first. Refund all or part of one."
      error={error}
      onRetry={reload}
      notices={
        <>
          <InvoiceExport />
          {notice ? (
            <Alert variant="success" data-testid="refund-notice">
              <CircleCheckIcon />
              <AlertDescription className="break-all">{notice}</AlertDescription>
            </Alert>
          ) : null}
        </>
      }
      label="Payments"
      head={
        <>
          <TableHead className="pl-4">Date</TableHead>
          <TableHead>User</TableHead>
          <TableHead>Document</TableHead>
          <TableHead className="text-right">Pages</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="pr-4 text-right">Refund</TableHead>
        </>
      }
      columns={COLUMNS}
      loading={loading}
      rowCount={payments.length}
      empty="No payments yet."
      paging={{ page, total, onPage: setPage }}
      dialogs={refundTarget ? <RefundDialog key={opening} payment={refundTarget} onClose={closeRefund} onRefunded={refunded} /> : null}
    >
      {payments.map((p) => (
        <TableRow key={`${p.order_id}:${p.payment_id ?? ''}`} data-order-id={p.order_id} data-payment-id={p.payment_id ?? undefined} className={cn('align-top', mobileRow)}>
          <TableCell className={cn('pl-4 whitespace-nowrap tabular-nums max-sm:order-2 max-sm:ml-auto max-sm:text-xs max-sm:text-muted-foreground', mobileCell)}>
            <time dateTime={p.paid_at}>{formatWhen(p.paid_at)}</time>
          </TableCell>
          <TableCell className={cn('max-sm:order-3', mobileCell, mobileFull)}>
            <div className="max-w-56 truncate font-medium max-sm:max-w-none max-sm:whitespace-normal">
              {p.user_name ?? (p.user_id === null ? 'Deleted user' : `User #${p.user_id}`)}
            </div>
            <div className="max-w-56 truncate text-xs text-muted-foreground max-sm:max-w-none max-sm:break-all max-sm:whitespace-normal" title={p.user_email ?? undefined}>
              {p.user_email ?? '—'}
            </div>
          </TableCell>
          <TableCell className={cn('max-sm:order-4', mobileCell, mobileFull)}>
            {p.document_id !== null ? (
              <>
                <span className="font-medium tabular-nums">Task #{p.document_id}</span>
                {p.document_status ? (
                  <span className="block text-xs text-muted-foreground max-sm:ml-1.5 max-sm:inline">{statusLabel(p.document_status)}</span>
                ) : null}
              </>
            ) : (
              <span className="text-muted-foreground">—</span>
            )}
            <IdsCell payment={p} />
          </TableCell>
          <TableCell className={cn('text-right tabular-nums max-sm:order-5 max-sm:text-muted-foreground', mobileCell)}>
            {p.pages ?? '—'}
            <span className="sm:hidden"> {p.pages === 1 ? 'page' : 'pages'}</span>
          </TableCell>
          <TableCell className={cn('text-right font-medium tabular-nums max-sm:order-1 max-sm:text-base max-sm:font-semibold', mobileCell)}>
            {rupees(p.amount)}
          </TableCell>
          <TableCell className={cn('max-sm:order-6', mobileCell, mobileFull)}>
            <StatusCell payment={p} />
          </TableCell>
          <TableCell className={cn('pr-4 max-sm:order-7 max-sm:pt-1', mobileCell, mobileFull)}>
            <RefundCell payment={p} onRefund={() => openRefund(p)} />
          </TableCell>
        </TableRow>
      ))}
    </AdminListFrame>
  );
}
