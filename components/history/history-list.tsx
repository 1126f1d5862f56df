'use client';

import * as React from 'react';
import Link from 'next/link';
import { CircleAlertIcon, DownloadIcon, EyeIcon, FilePlusIcon, LoaderCircleIcon, RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useRequireUser } from '@/components/session/guards';
import { deleteDocument, formatRupees, getDocument, listDocuments, type DocumentSummary } from '@/lib/client/documents';
import { useConfirm } from '@/components/dialogs/app-dialogs';
import { cn } from '@/lib/utils';
import { statusLabel, statusTone } from '@/components/history/status';
import { PdfOverlay } from './pdf-overlay';
import { InvoiceDownload } from '@/components/invoices/receipt';
import { isRollSize, PAGE_SIZE_LABELS, type PageSize } from '@/lib/slips/layout-options';

const toneClass = {
  complete: 'bg-success/15 text-success',
  error: 'bg-destructive/15 text-destructive',
  pending: 'bg-warning/15 text-warning',
} as const;

function formatCreated(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

/** "A4 portrait, 8 a page". */
function layoutText(layout: NonNullable<DocumentSummary['layout']>): string {
  const size = PAGE_SIZE_LABELS[layout.page_size as PageSize] ?? layout.page_size;
  if (isRollSize(layout.page_size as PageSize)) return `${size}, one slip per label`;
  return `${size} ${layout.orientation}, ${layout.slips_per_page} a page`;
}

/** Where the list comes from: "AC 137 - Name · Part 1 · Polling station 1 - School", when the roll says. */
function rollLine(doc: DocumentSummary): string {
  const parts: string[] = [];
  if (doc.roll?.assembly) parts.push(`AC ${doc.roll.assembly}`);
  if (doc.roll?.part) parts.push(`Part ${doc.roll.part}`);
  if (doc.roll?.polling_station) parts.push(`Polling station ${doc.roll.polling_station}`);
  return parts.join(' · ');
}

/** "A4 portrait, 8 a page · 36 pages · ₹72.00 · 993 voters", from what the row has. */
function facts(doc: DocumentSummary): string {
  const parts: string[] = [];
  if (doc.layout) parts.push(layoutText(doc.layout));
  if (typeof doc.lists === 'number' && doc.lists > 1) parts.push(`${doc.lists.toLocaleString('en-IN')} voter lists`);
  if (typeof doc.total_pages === 'number') parts.push(`${doc.total_pages} ${doc.total_pages === 1 ? 'page' : 'pages'}`);
  if (typeof doc.amount === 'number') parts.push(formatRupees(doc.amount));
  if (typeof doc.voters === 'number') parts.push(`${doc.voters.toLocaleString('en-IN')} voters`);
  if (doc.refund) parts.push(`refund ${formatRupees(doc.refund.amount)} ${doc.refund.status}`);
  return parts.join(' · ');
}

type Loaded = { state: 'loading' } | { state: 'failed'; error: string } | { state: 'ready'; documents: DocumentSummary[] };

/**
 * /history: 'Loading History...', then one row per task, newest first as served.
 * A failed fetch says so and offers a retry (the spec only logs it); 'No tasks found.' means really none.
 */
export function HistoryList() {
  const user = useRequireUser('/login');
  const [loaded, setLoaded] = React.useState<Loaded>({ state: 'loading' });
  const [round, setRound] = React.useState(0);
  const [viewing, setViewing] = React.useState<{ url: string; title: string } | null>(null);
  const [busy, setBusy] = React.useState<string | null>(null);
  const [actionError, setActionError] = React.useState<string | null>(null);
  const confirm = useConfirm();

  React.useEffect(() => {
    if (!user) return;
    let live = true;
    setLoaded({ state: 'loading' });
    void listDocuments().then((result) => {
      if (!live) return;
      if (result.ok) setLoaded({ state: 'ready', documents: result.value });
      else {
        console.error('Task history: could not load the documents.', result.error);
        setLoaded({ state: 'failed', error: result.error });
      }
    });
    return () => {
      live = false;
    };
  }, [user, round]);

  /** View and download URLs are signed and short-lived: ask for fresh ones at the moment of use. */
  async function withUrls(doc: DocumentSummary, action: 'view' | 'download') {
    const key = `${action}-${doc.id}`;
    setBusy(key);
    setActionError(null);
    const result = await getDocument(doc.id);
    setBusy(null);
    const url = result.ok ? (action === 'view' ? result.value.view_url : result.value.download_url) : null;
    if (!url) {
      setActionError(result.ok ? 'The file is not available.' : result.error);
      return;
    }
    if (action === 'view') {
      setViewing({ url, title: `Task of ${formatCreated(doc.created_at)}` });
    } else {
      // A same-origin attachment: the browser downloads it and stays on this page.
      const a = document.createElement('a');
      a.href = url;
      a.download = '';
      document.body.appendChild(a);
      a.click();
      a.remove();
    }
  }

  /** A failed, unpaid task: asked first, then gone from the list with its files. */
  async function remove(doc: DocumentSummary) {
    const sure = await confirm('Delete this task and its files? This cannot be undone.', { title: 'Delete task', confirmLabel: 'Delete', cancelLabel: 'Keep' });
    if (!sure) return;
    setBusy(`delete-${doc.id}`);
    setActionError(null);
    const result = await deleteDocument(doc.id);
    setBusy(null);
    if (!result.ok) {
      setActionError(result.error);
      return;
    }
    setLoaded((old) => (old.state === 'ready' ? { state: 'ready', documents: old.documents.filter((d) => d.id !== doc.id) } : old));
  }

  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-[900px] px-3 py-6 sm:px-4 sm:py-12">
      <Card className="gap-4 py-5 sm:py-6">
        <CardHeader className="px-4 sm:px-6">
          <CardTitle className="text-2xl">
            <h1>Task History</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 px-3 sm:px-6">
          {actionError && (
            <Alert variant="destructive">
              <CircleAlertIcon />
              <AlertDescription>{actionError}</AlertDescription>
            </Alert>
          )}
          {loaded.state === 'loading' ? (
            <p className="text-muted-foreground">Loading History...</p>
          ) : loaded.state === 'failed' ? (
            <Alert variant="destructive" data-testid="history-error">
              <CircleAlertIcon />
              <AlertDescription>
                <p>
                  {loaded.error === 'Could not load your tasks.' ? loaded.error : `Could not load your tasks: ${loaded.error}`}
                </p>
                <Button variant="outline" size="sm" onClick={() => setRound((n) => n + 1)}>
                  <RotateCcwIcon /> Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : loaded.documents.length === 0 ? (
            <p className="text-muted-foreground">No tasks found.</p>
          ) : (
            <ul className="divide-y rounded-lg border" data-testid="history-list">
              {loaded.documents.map((doc) => {
                const tone = statusTone(doc.status);
                const line = facts(doc);
                const roll = rollLine(doc);
                return (
                  <li key={doc.id} className="grid gap-2 px-3 py-3 sm:flex sm:items-center sm:gap-4 sm:px-4" data-testid="history-row" data-id={doc.id}>
                    <div className="grid min-w-0 flex-1 gap-1">
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <span className="text-sm font-medium">{formatCreated(doc.created_at)}</span>
                        <span
                          className={cn('rounded-md px-2 py-0.5 text-xs font-semibold tracking-wide', toneClass[tone])}
                          data-status={tone}
                          data-testid="history-status"
                        >
                          {statusLabel(doc.status)}
                        </span>
                      </div>
                      {doc.file_name && (
                        <span className="truncate text-sm" data-testid="history-file" title={doc.file_name}>
                          {doc.file_name}
                        </span>
                      )}
                      {roll && (
                        <span className="text-xs text-muted-foreground" data-testid="history-roll">
                          {roll}
                        </span>
                      )}
                      {line && (
                        <span className="text-xs text-muted-foreground tabular-nums" data-testid="history-facts">
                          {line}
                        </span>
                      )}
                      {doc.receipt && (
                        <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground [overflow-wrap:anywhere]" data-testid="history-receipt">
                          <span className="whitespace-nowrap">{doc.receipt.invoice_title} {doc.receipt.invoice_number}</span>
                          <span>Payment {doc.receipt.payment_id}</span>
                          <span>Order {doc.receipt.order_id}</span>
                        </span>
                      )}
                      {tone === 'error' && doc.error_message && (
                        <span className="text-xs text-destructive" data-testid="history-error-reason">
                          {doc.error_message}
                        </span>
                      )}
                    </div>
                    <div className="flex shrink-0 flex-wrap gap-2">
                      {doc.files_deleted && tone !== 'error' ? (
                        <span className="text-xs text-muted-foreground">Files deleted</span>
                      ) : tone === 'complete' ? (
                        <>
                          {(doc.lists ?? 1) > 1 ? (
                            // a task of several lists downloads a ZIP: its page shows what the ZIP holds
                            <Link href={`/voter-slip-generator?task=${encodeURIComponent(String(doc.id))}`} className={buttonVariants({ size: 'sm', variant: 'outline' })}>
                              <EyeIcon /> View
                            </Link>
                          ) : (
                            <Button size="sm" variant="outline" onClick={() => void withUrls(doc, 'view')} disabled={busy !== null}>
                              {busy === `view-${doc.id}` ? <LoaderCircleIcon className="animate-spin" /> : <EyeIcon />} View
                            </Button>
                          )}
                          <Button size="sm" onClick={() => void withUrls(doc, 'download')} disabled={busy !== null}>
                            {busy === `download-${doc.id}` ? <LoaderCircleIcon className="animate-spin" /> : <DownloadIcon />} {(doc.lists ?? 1) > 1 ? 'Download ZIP' : 'Download'}
                          </Button>
                        </>
                      ) : tone === 'pending' ? (
                        <Link
                          href={`/voter-slip-generator?task=${encodeURIComponent(String(doc.id))}`}
                          className={buttonVariants({ size: 'sm', variant: 'outline' })}
                        >
                          <EyeIcon /> View
                        </Link>
                      ) : tone === 'error' ? (
                        <>
                          {doc.can_resume ? (
                            // a fault that outlived its retries: the task page offers Resume Processing
                            <Link
                              href={`/voter-slip-generator?task=${encodeURIComponent(String(doc.id))}`}
                              className={buttonVariants({ size: 'sm', variant: 'outline' })}
                            >
                              <RotateCcwIcon /> Resume
                            </Link>
                          ) : (
                            // the file caused it: a retry would fail the same way
                            <Link href="/voter-slip-generator" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
                              <FilePlusIcon /> Start over
                            </Link>
                          )}
                          {!doc.paid_at && (
                            <Button size="sm" variant="ghost" onClick={() => void remove(doc)} disabled={busy !== null} aria-label="Delete task">
                              {busy === `delete-${doc.id}` ? <LoaderCircleIcon className="animate-spin" /> : <Trash2Icon />} Delete
                            </Button>
                          )}
                        </>
                      ) : null}
                      {doc.receipt && (
                        <InvoiceDownload url={doc.receipt.invoice_url} fileName={`invoice-${doc.receipt.invoice_number.replace(/\//g, '-')}.pdf`} testId="history-invoice">
                          Invoice
                        </InvoiceDownload>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <PdfOverlay document={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
