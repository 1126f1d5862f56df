'use client';

import * as React from 'react';
import { FileTextIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatRupees, type Receipt } from '@/lib/client/documents';
import { downloadFile } from '@/lib/client/files';
import { cn } from '@/lib/utils';

function formatPaidAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A button that downloads an invoice or credit note with the session's token; its failure is shown beside it. */
export function InvoiceDownload({
  url,
  fileName,
  children,
  size = 'sm',
  variant = 'outline',
  testId,
}: {
  url: string;
  fileName: string;
  children: React.ReactNode;
  size?: 'sm' | 'default' | 'lg';
  variant?: 'outline' | 'default' | 'ghost';
  testId?: string;
}) {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    const result = await downloadFile(url, fileName);
    setBusy(false);
    if (!result.ok) setError(result.error);
  }
  return (
    <span className="inline-flex flex-col gap-1">
      <Button type="button" size={size} variant={variant} onClick={() => void download()} disabled={busy} data-testid={testId}>
        {busy ? <LoaderCircleIcon className="animate-spin" /> : <FileTextIcon />} {children}
      </Button>
      {error && (
        <span role="alert" className="text-xs text-destructive">
          {error}
        </span>
      )}
    </span>
  );
}

/** The complete screen's proof of payment: amount, pages, payment and order ids, date, invoice and credit notes. */
export function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  // [label, value, test id, an identifier (set in a monospace face)]
  const rows: [string, string, string, boolean][] = [
    ['Amount paid', formatRupees(receipt.amount), 'receipt-amount', false],
    ...(receipt.pages !== null ? ([['Pages', String(receipt.pages), 'receipt-pages', false]] as [string, string, string, boolean][]) : []),
    ['Payment ID', receipt.payment_id, 'receipt-payment-id', true],
    ['Order ID', receipt.order_id, 'receipt-order-id', true],
    ['Paid on', formatPaidAt(receipt.paid_at), 'receipt-date', false],
    [`${receipt.invoice_title} no.`, receipt.invoice_number, 'receipt-invoice-number', true],
  ];
  return (
    <section className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:p-4" aria-labelledby="receipt-heading" data-testid="receipt">
      <h2 id="receipt-heading" className="text-sm font-semibold">
        Payment receipt{receipt.test_mode ? ' (test mode: no money was charged)' : ''}
      </h2>
      <dl className="grid grid-cols-1 items-baseline text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4 sm:gap-y-1.5">
        {rows.map(([label, value, testId, id]) => (
          <React.Fragment key={testId}>
            <dt className="text-muted-foreground max-sm:mt-2 max-sm:text-xs max-sm:first:mt-0">{label}</dt>
            <dd className={cn('min-w-0 break-all', id ? 'font-mono text-xs' : 'tabular-nums')} data-testid={testId}>
              {value}
            </dd>
          </React.Fragment>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <InvoiceDownload url={receipt.invoice_url} fileName={`invoice-${receipt.invoice_number.replace(/\//g, '-')}.pdf`} testId="download-invoice">
          Download {receipt.invoice_title.toLowerCase()}
        </InvoiceDownload>
        {receipt.credit_notes.map((note) => (
          <InvoiceDownload key={note.id} url={note.url} fileName={`credit-note-${note.number.replace(/\//g, '-')}.pdf`} testId="download-credit-note">
            Credit note {note.number} ({formatRupees(note.amount)})
          </InvoiceDownload>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">A copy was sent to your e-mail. Quote the payment ID in any question about this payment or a refund.</p>
    </section>
  );
}
