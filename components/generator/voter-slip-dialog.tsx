'use client';

import * as React from 'react';
import { LoaderCircleIcon, PrinterIcon, Share2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormMessage } from '@/components/forms/form-message';
import { selectedSlips, slipPicture, type VoterHit } from '@/lib/client/documents';
import { saveBlob, shareOrSave } from '@/lib/client/files';

type Loaded = { state: 'loading' } | { state: 'failed'; error: string } | { state: 'ready'; blob: Blob; name: string; url: string };

/**
 * One voter opened from the desk's search: their slip as it prints (a picture of it), to share to a phone or print
 * on its own page at once.
 */
export function VoterSlipDialog({ taskId, voter, onClose }: { taskId: string | number; voter: VoterHit | null; onClose: () => void }) {
  const [loaded, setLoaded] = React.useState<Loaded>({ state: 'loading' });
  const [busy, setBusy] = React.useState<'share' | 'print' | null>(null);
  const [error, setError] = React.useState<string | null>(null);

  React.useEffect(() => {
    if (!voter) return;
    let live = true;
    let url: string | null = null;
    setLoaded({ state: 'loading' });
    setError(null);
    void slipPicture(taskId, voter.index).then((result) => {
      if (!live) return;
      if (!result.ok) return setLoaded({ state: 'failed', error: result.error });
      url = URL.createObjectURL(result.value.blob);
      setLoaded({ state: 'ready', blob: result.value.blob, name: result.value.name, url });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [taskId, voter]);

  async function share() {
    if (loaded.state !== 'ready') return;
    setBusy('share');
    await shareOrSave(loaded.blob, loaded.name, 'Voter slip');
    setBusy(null);
  }

  async function print() {
    if (!voter) return;
    setBusy('print');
    setError(null);
    const result = await selectedSlips(taskId, [voter.index], 'single');
    setBusy(null);
    if (!result.ok) setError(result.error);
    else saveBlob(result.value.pdf, result.value.name);
  }

  return (
    <Dialog open={voter !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-1rem)] gap-3 p-4 sm:max-w-2xl" data-testid="voter-slip-dialog">
        <DialogTitle className="pr-6 text-base">
          Sr. {voter?.serial ?? '—'}
          {voter?.name ? ` · ${voter.name}` : ''}
        </DialogTitle>
        <DialogDescription className="text-xs">
          {voter?.epic ?? 'no EPIC'}
          {voter?.house_number ? ` · House ${voter.house_number}` : ''} — the slip as it prints.
        </DialogDescription>
        <div className="grid min-h-40 place-items-center rounded-md border bg-white">
          {loaded.state === 'loading' ? (
            <span className="flex items-center gap-2 p-6 text-sm text-neutral-600" role="status">
              <LoaderCircleIcon className="size-4 animate-spin" /> Drawing the slip…
            </span>
          ) : loaded.state === 'failed' ? (
            <span className="p-6 text-sm text-destructive">{loaded.error}</span>
          ) : (
            // an object URL of the picture the server drew for this voter
            <img src={loaded.url} alt={`Slip of serial ${voter?.serial ?? ''}`} className="h-auto w-full rounded-md" data-testid="voter-slip-picture" />
          )}
        </div>
        <div className="grid gap-2 sm:flex sm:justify-end">
          <Button variant="outline" onClick={() => void print()} disabled={busy !== null}>
            {busy === 'print' ? <LoaderCircleIcon className="animate-spin" /> : <PrinterIcon />} Print this slip
          </Button>
          <Button onClick={() => void share()} disabled={busy !== null || loaded.state !== 'ready'} data-testid="voter-slip-share">
            {busy === 'share' ? <LoaderCircleIcon className="animate-spin" /> : <Share2Icon />} Share picture
          </Button>
        </div>
        <FormMessage notice={error ? { kind: 'error', text: error } : null} />
      </DialogContent>
    </Dialog>
  );
}
