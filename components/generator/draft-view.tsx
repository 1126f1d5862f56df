'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { CreditCardIcon, InfoIcon, LoaderCircleIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/forms/form-message';
import { useConfirm } from '@/components/dialogs/app-dialogs';
import { PdfViewer } from '@/components/pdf-viewer/pdf-viewer';
import { BillingFields } from '@/components/profile/billing-form';
import { formatRupees, type DocumentStatus, type TaskPart } from '@/lib/client/documents';
import { PartsTable } from './parts-table';
import { LOGIN_TO_CONTINUE } from './form-rules';
import { currentPath, loginHref } from '@/lib/client/return-to';
import { readToken } from '@/lib/client/tokens';
import { SlipChoicesPanel } from './slip-choices';
import { TaskFrame } from './task-frame';
import { TestCheckoutDialog } from './test-checkout-dialog';
import { usePayment } from './use-payment';
import { VoterSearchPanel } from './voter-search';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** "588 slips; 7 deleted voters left out" and what the choices left out, or null before the draft says. */
export function printedLine(doc: DocumentStatus): string | null {
  if (typeof doc.printed !== 'number') return null;
  const parts = [plural(doc.printed, 'slip')];
  if (doc.left_out?.deleted) parts.push(`${plural(doc.left_out.deleted, 'deleted voter')} left out`);
  if (doc.left_out?.by_choice) parts.push(`${plural(doc.left_out.by_choice, 'voter')} not chosen`);
  return parts.join('; ');
}

/** The roll's own facts in one line: "Assembly 137 - … · Part 1 · Polling station 1 - …", or null. */
export function rollLine(doc: DocumentStatus): string | null {
  const roll = doc.summary?.roll ?? {};
  const parts = [roll.assembly && `Assembly ${roll.assembly}`, roll.part && `Part ${roll.part}`, roll.pollingStation && `Polling station ${roll.pollingStation}`].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** "993 voters on 36 pages; 2 warnings" from the status answer, or null when the server gave no counts. */
export function foundLine(doc: DocumentStatus): { text: string; warnings: number } | null {
  const voters = doc.summary?.voters ?? doc.voters;
  if (typeof voters !== 'number') return null;
  const pages = doc.summary?.source === 'pdf' ? doc.summary.voter_pages : undefined;
  const warnings = doc.summary?.warnings ?? doc.warnings?.length ?? 0;
  return { text: `${plural(voters, 'voter')}${typeof pages === 'number' ? ` on ${plural(pages, 'page')}` : ''}`, warnings };
}

/**
 * The draft screen: the preview (80% of the viewport height, drawn by pdf.js so phones show it too),
 * total pages and the fee, what was found with the warnings one click away, Continue to Payment and Cancel.
 */
export function DraftView({
  doc,
  onPaid,
  onRedraw,
  onCancel,
  cancelling,
  cancelError,
}: {
  doc: DocumentStatus;
  onPaid: () => void;
  /** New slip choices were saved: the draft is being made again. */
  onRedraw: () => void;
  onCancel: () => void;
  cancelling: boolean;
  cancelError: string | null;
}) {
  const router = useRouter();
  const payment = usePayment(String(doc.id), onPaid);
  const confirm = useConfirm();
  const found = foundLine(doc);
  const printed = printedLine(doc);
  const roll = rollLine(doc);
  const deletedVoters = doc.summary?.deleted_voters ?? [];
  const warnings = doc.warnings ?? [];
  const parts = doc.parts ?? null;
  // a task of several lists: the preview shows the list chosen in the table (the first one's to begin with)
  const [previewPart, setPreviewPart] = React.useState<TaskPart | null>(null);
  const previewKey = previewUrlKey(previewPart?.preview_url ?? doc.view_url ?? null, (doc.summary?.ids_pending ?? 0) > 0);
  const previewUrl = useFirstUrl(previewKey, previewPart?.preview_url ?? doc.view_url ?? null);
  const viewerRef = React.useRef<HTMLDivElement>(null);

  async function continueToPayment() {
    if (!readToken()) {
      if (await confirm(LOGIN_TO_CONTINUE, { title: 'Log in required', confirmLabel: 'Log in', cancelLabel: 'Not now' })) {
        router.push(loginHref(currentPath()));
      }
      return;
    }
    await payment.start();
  }

  return (
    <TaskFrame testId="task-draft" wide title="Your draft is ready" description="Check the watermarked draft. Pay to download the final slips without the watermark.">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="rounded-md border px-3 py-2">
          <dt className="text-xs text-muted-foreground">Total pages</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="draft-pages">
            {doc.total_pages ?? '—'}
          </dd>
        </div>
        <div className="rounded-md border px-3 py-2">
          <dt className="text-xs text-muted-foreground">Fee</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="draft-fee">
            {typeof doc.amount === 'number' ? formatRupees(doc.amount) : '—'}
          </dd>
        </div>
        {found && (
          <div className="col-span-2 rounded-md border px-3 py-2 sm:col-span-1">
            <dt className="text-xs text-muted-foreground">Found</dt>
            <dd className="text-sm font-medium" data-testid="draft-found">
              {found.text}
              {found.warnings > 0 ? `; ${plural(found.warnings, 'warning')}` : ''}
            </dd>
          </div>
        )}
        {printed && (
          <div className="col-span-2 rounded-md border px-3 py-2 sm:col-span-3">
            <dt className="text-xs text-muted-foreground">Slips</dt>
            <dd className="text-sm font-medium" data-testid="draft-printed">
              {printed}
            </dd>
          </div>
        )}
        {roll && (
          <div className="col-span-2 rounded-md border px-3 py-2 sm:col-span-3">
            <dt className="text-xs text-muted-foreground">Roll</dt>
            <dd className="break-words text-sm font-medium" data-testid="draft-roll">
              {roll}
            </dd>
          </div>
        )}
      </dl>

      {(doc.summary?.ids_pending ?? 0) > 0 ? (
        doc.summary?.ids_at_final ? (
          <p className="flex items-start gap-2 rounded-md border px-3 py-2 text-sm" role="status" data-testid="draft-ids-pending">
            <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{idsPendingNote(doc.summary?.ids_pending ?? 0, { atFinal: true })}</span>
          </p>
        ) : (
          <div className="flex flex-wrap items-start gap-2 rounded-md border px-3 py-2 text-sm" role="status" data-testid="draft-ids-pending">
            <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
              <LoaderCircleIcon className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden />
              <span>{idsPendingNote(doc.summary?.ids_pending ?? 0)}</span>
            </p>
            <Button type="button" variant="outline" size="sm" onClick={onRedraw} data-testid="draft-ids-check">
              Check now
            </Button>
          </div>
        )
      ) : null}

      {doc.order_note ? (
        <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm" data-testid="draft-order-note">
          {doc.order_note}
        </p>
      ) : null}

      {deletedVoters.length > 0 && (
        <details className="rounded-md border px-3 py-2 text-sm" data-testid="draft-deleted">
          <summary className="cursor-pointer font-medium">
            {doc.slips?.deleted ? 'Deleted voters (their slips are printed, marked DELETED)' : `Deleted voters left out (${plural(deletedVoters.length, 'voter')})`}
          </summary>
          <ul className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2">
            {deletedVoters.map((d, i) => (
              <li key={i} className="tabular-nums">
                Serial {d.serial ?? '—'} · {d.epic ?? 'no EPIC'}
                {d.reason ? ` · reason ${d.reason}` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}

      {parts && (
        <PartsTable
          doc={doc}
          previewing={previewPart?.position ?? null}
          onPreview={(part) => {
            setPreviewPart(part);
            viewerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }}
          onSaved={onRedraw}
        />
      )}

      <SlipChoicesPanel doc={doc} onSaved={onRedraw} />

      {parts ? null : <VoterSearchPanel doc={doc} />}

      {warnings.length > 0 && (
        <details className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm" data-testid="draft-warnings">
          <summary className="cursor-pointer font-medium text-warning">
            <TriangleAlertIcon className="mr-1 inline size-4 align-[-3px]" />
            Show {plural(warnings.length, 'warning')}
          </summary>
          <ul className="mt-2 grid list-disc gap-1 pl-5">
            {warnings.map((w, i) => (
              <li key={i} className="break-words" data-testid="draft-warning">
                {typeof w.page === 'number' && !w.message.startsWith(`Page ${w.page}`) ? `Page ${w.page}: ` : ''}
                {w.message}
                {w.action ? <span className="mt-0.5 block font-medium">{w.action}</span> : null}
                {w.detail ? (
                  <details className="mt-0.5 text-xs text-muted-foreground">
                    <summary className="cursor-pointer">Details</summary>
                    {w.detail}
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      )}

      <details className="rounded-md border px-3 py-2 text-sm" data-testid="draft-billing">
        <summary className="cursor-pointer font-medium">Invoice to a campaign office or a GSTIN (optional)</summary>
        <p className="mt-2 mb-3 text-muted-foreground">
          Without these the invoice is made out to your name. Saved here, they stay in your{' '}
          <Link href="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
            profile
          </Link>{' '}
          for later invoices too.
        </p>
        <BillingFields savedText="Saved: this task's invoice will carry them." />
      </details>

      <FormMessage notice={payment.error || cancelError ? { kind: 'error', text: (payment.error ?? cancelError) as string } : null} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={cancelling || payment.busy}>
          {cancelling ? <LoaderCircleIcon className="animate-spin" /> : <XIcon />} Cancel
        </Button>
        <Button size="lg" onClick={() => void continueToPayment()} disabled={payment.busy || cancelling}>
          {payment.busy ? <LoaderCircleIcon className="animate-spin" /> : <CreditCardIcon />} Continue to Payment
        </Button>
      </div>

      {previewUrl ? (
        <div ref={viewerRef} className="grid gap-2 scroll-mt-4">
          {parts && (
            <p className="text-sm font-medium" data-testid="draft-preview-of">
              Preview of {previewPart ? previewPart.part ? `part ${previewPart.part}` : previewPart.file_name : 'the first list'}
            </p>
          )}
          <PdfViewer
            key={previewKey}
            url={previewUrl}
            label="Draft preview"
            className="h-[80vh]"
            totalPages={(parts ? (previewPart?.pages ?? parts.find((p) => p.included && !p.error)?.pages) : doc.total_pages) ?? undefined}
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">The draft preview is not available.</p>
      )}

      <TestCheckoutDialog order={payment.testOrder} onSuccess={payment.onTestSuccess} onDismiss={payment.onTestDismiss} />
    </TaskFrame>
  );
}

/**
 * The note while a scanned roll's ID numbers are read after its draft. The draft is a terminal status: the screen
 * does not poll it, so the note offers to ask again (Check now), as opening the task again does.
 */
export function idsPendingNote(count: number, opts: { atFinal?: boolean } = {}): string {
  const who = count === 1 ? 'one voter' : `${count.toLocaleString('en-IN')} voters`;
  if (opts.atFinal) {
    return `The ID numbers of ${who} could not be read from the scanned roll after the draft. The final slips read them before they are made; until then this draft's QR codes and an ID search go without them.`;
  }
  return `Reading the ID numbers of ${who} from the scanned roll. The draft was made first so that you can check it now; the QR codes and the voter search get the IDs in a few minutes, and the final slips always carry them. Check now to see whether they are in.`;
}

/**
 * The viewer's identity: the preview's address without its signed token, which is new at every status fetch
 * (Check now, a redraw), and whether a scanned roll's IDs are still being read. The viewer opens the PDF again
 * only when the preview itself changes: another list's, another task's, the draft made again once the IDs are in.
 */
export function viewerKey(url: string): string {
  return url.replace(/([?&])token=[^&]*&?/, '$1').replace(/[?&]$/, '');
}

function previewUrlKey(url: string | null, idsPending: boolean): string {
  return `${url ? viewerKey(url) : ''}#${idsPending ? 'ids-pending' : 'ids-read'}`;
}

/**
 * The address as first given for `key`: the viewer opens whatever address it is given, and one with a new
 * token is the same PDF (opening it again while it loads left pdf.js failing inside itself).
 */
function useFirstUrl(key: string, url: string | null): string | null {
  const first = React.useRef<{ key: string; url: string | null } | null>(null);
  if (first.current?.key !== key) first.current = { key, url };
  return first.current.url;
}
