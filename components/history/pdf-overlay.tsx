'use client';

import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { PdfViewer } from '@/components/pdf-viewer/pdf-viewer';

/** The history's View: a full-screen overlay with the (phone-safe) PDF viewer. */
export function PdfOverlay({ document, onClose }: { document: { url: string; title: string } | null; onClose: () => void }) {
  return (
    <Dialog open={document !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        showCloseButton={false}
        data-testid="pdf-overlay"
        className="flex h-dvh max-h-dvh w-screen max-w-none flex-col gap-2 rounded-none border-0 p-2 sm:max-w-none sm:p-4"
      >
        <div className="flex items-center justify-between gap-2">
          <DialogTitle className="min-w-0 truncate text-base">{document?.title}</DialogTitle>
          <DialogDescription className="sr-only">The final slips PDF</DialogDescription>
          <DialogPrimitive.Close asChild>
            <Button variant="outline" size="sm">
              <XIcon /> Close
            </Button>
          </DialogPrimitive.Close>
        </div>
        {document && <PdfViewer url={document.url} label="Final slips" className="min-h-0 flex-1" />}
      </DialogContent>
    </Dialog>
  );
}
