'use client';

import * as React from 'react';
import { ArrowRight } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { LicenseStatus } from '@/lib/client/types';
import { licenseHistory, type LicenseChange, type LicenseRow } from '@/lib/client/admin';
import { formatWhen } from './format';

function StatusBadge({ status }: { status: LicenseStatus | null }) {
  if (status === null) return <Badge variant="outline">—</Badge>;
  return status === 'active' ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>;
}

/** The licence change history of one user (GET …/license/history), newest first. */
export function LicenseHistoryDialog({ row, onClose }: { row: LicenseRow | null; onClose(): void }) {
  const [entries, setEntries] = React.useState<LicenseChange[] | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const id = row?.id ?? null;

  React.useEffect(() => {
    if (id === null) return;
    let stale = false;
    setEntries(null);
    setError(null);
    void licenseHistory(id).then((result) => {
      if (stale) return;
      if (result.ok) setEntries(result.value);
      else setError(result.error);
    });
    return () => {
      stale = true;
    };
  }, [id]);

  return (
    <Dialog open={row !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>License history</DialogTitle>
          <DialogDescription className="break-all">
            {row ? `User #${row.id} · ${row.email}` : null}
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : entries === null ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No licence changes yet.</p>
        ) : (
          <ol className="divide-y rounded-md border" aria-label="License changes">
            {entries.map((e) => (
              <li key={e.id} className="flex flex-col gap-1 px-3 py-2 text-sm">
                <div className="flex items-center gap-2">
                  <StatusBadge status={e.from_status} />
                  <ArrowRight className="size-3.5 text-muted-foreground" aria-label="to" />
                  <StatusBadge status={e.to_status} />
                </div>
                <div className="text-xs text-muted-foreground">
                  <time dateTime={e.created_at}>{formatWhen(e.created_at)}</time>
                  {' · by '}
                  <span className="break-all">{e.changed_by_email ?? (e.changed_by !== null ? `user #${e.changed_by}` : 'unknown')}</span>
                </div>
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
