import Link from 'next/link';
import { CircleCheckIcon, DownloadIcon, FileTextIcon, PlusIcon } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { formatRupees, type DocumentStatus } from '@/lib/client/documents';
import { cn } from '@/lib/utils';
import { ReceiptDetails } from '@/components/invoices/receipt';
import { TaskFrame } from './task-frame';
import { SlipPicturesButton } from './slip-pictures-button';
import { VoterSearchPanel } from './voter-search';

/** The complete screen: 'Processing Complete!' and a download that opens the final file in a new tab. */
export function CompleteView({ doc, onStartOver }: { doc: DocumentStatus; onStartOver: () => void }) {
  const printedLists = doc.parts?.filter((p) => p.included && !p.error).length ?? null;
  return (
    <TaskFrame testId="task-complete" title="Processing Complete!">
      <div className="flex flex-col items-center gap-3 text-center">
        <CircleCheckIcon className="size-14 text-success" aria-hidden />
        <p>
          Your final slips are ready
          {typeof doc.total_pages === 'number' ? `: ${doc.total_pages} pages` : ''}
          {typeof doc.amount === 'number' ? `, ${formatRupees(doc.amount)} paid` : ''}.
        </p>
        {printedLists !== null && (
          <p className="text-sm text-muted-foreground" data-testid="complete-zip-note">
            The download is a ZIP of {printedLists.toLocaleString('en-IN')} PDFs, one per voter list, each named by its constituency, part and polling station.
          </p>
        )}
      </div>
      {doc.receipt && <ReceiptDetails receipt={doc.receipt} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <Button variant="outline" size="lg" onClick={onStartOver}>
          <PlusIcon /> New Task
        </Button>
        {doc.download_url ? (
          <a href={doc.download_url} target="_blank" rel="noopener" className={cn(buttonVariants({ size: 'lg' }))} data-testid="download-final">
            <DownloadIcon /> {printedLists !== null ? 'Download ZIP' : 'Download'}
          </a>
        ) : (
          <Button size="lg" disabled>
            <DownloadIcon /> Download
          </Button>
        )}
      </div>
      {doc.combined_download_url ? (
        <a href={doc.combined_download_url} className={cn(buttonVariants({ variant: 'outline' }), 'justify-self-center')} data-testid="download-combined">
          <FileTextIcon /> Or one PDF of all {printedLists} lists
        </a>
      ) : null}
      {printedLists === null && <SlipPicturesButton doc={doc} />}
      <p className="text-center text-sm text-muted-foreground">
        It stays in your{' '}
        <Link href="/history" className="font-medium text-primary underline-offset-4 hover:underline">
          Task History
        </Link>
        .
      </p>
      {printedLists === null && <VoterSearchPanel doc={doc} />}
    </TaskFrame>
  );
}
