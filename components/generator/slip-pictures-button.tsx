'use client';

import * as React from 'react';
import { ImageIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/forms/form-message';
import { slipPictures, type DocumentStatus } from '@/lib/client/documents';
import { saveBlob } from '@/lib/client/files';

/** Every slip of the task as an 800 px picture, in a ZIP: for sending slips to voters' phones. */
export function SlipPicturesButton({ doc }: { doc: DocumentStatus }) {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const count = doc.printed ?? doc.voters ?? null;

  async function download() {
    setBusy(true);
    setError(null);
    const result = await slipPictures(doc.id);
    setBusy(false);
    if (!result.ok) setError(result.error);
    else saveBlob(result.value.blob, result.value.name);
  }

  return (
    <div className="grid justify-items-center gap-1 text-center">
      <Button variant="outline" onClick={() => void download()} disabled={busy} data-testid="slip-pictures">
        {busy ? <LoaderCircleIcon className="animate-spin" /> : <ImageIcon />} {busy ? 'Making the pictures…' : 'Slip pictures for phones (ZIP)'}
      </Button>
      <p className="text-xs text-muted-foreground">
        One picture per voter{typeof count === 'number' ? ` (${count.toLocaleString('en-IN')})` : ''}, to send on WhatsApp or by message. Up to 2,000 at a time; a few
        seconds for every hundred.
      </p>
      <FormMessage notice={error ? { kind: 'error', text: error } : null} />
    </div>
  );
}
