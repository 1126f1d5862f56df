'use client';

import * as React from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useRequireUser } from '@/components/session/guards';
import { authFetch } from '@/lib/client/api';
import type { DocumentSummary } from '@/lib/client/types';
import { cn } from '@/lib/utils';
import { statusLabel, statusTone } from '@/components/history/status';

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

/** GET /api/documents; failures are only logged and show as an empty list (SPEC §8). */
async function fetchDocuments(): Promise<DocumentSummary[]> {
  try {
    const res = await authFetch('/api/documents');
    if (!res.ok) {
      console.error(`Task history: GET /api/documents answered ${res.status}`);
      return [];
    }
    const body: unknown = await res.json();
    return Array.isArray(body) ? (body as DocumentSummary[]) : [];
  } catch (error) {
    console.error('Task history: could not load the documents.', error);
    return [];
  }
}

/** /history (SPEC §2 Task History): 'Loading History...', then one row per task, newest first as served. */
export function HistoryList() {
  const user = useRequireUser('/login');
  const [documents, setDocuments] = React.useState<DocumentSummary[] | null>(null);

  React.useEffect(() => {
    if (!user) return;
    let live = true;
    void fetchDocuments().then((docs) => {
      if (live) setDocuments(docs);
    });
    return () => {
      live = false;
    };
  }, [user]);

  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-[900px] px-4 py-8 sm:py-12">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>Task History</h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {documents === null ? (
            <p className="text-muted-foreground">Loading History...</p>
          ) : documents.length === 0 ? (
            <p className="text-muted-foreground">No tasks found.</p>
          ) : (
            <ul className="divide-y rounded-lg border" data-testid="history-list">
              {documents.map((doc) => {
                const tone = statusTone(doc.status);
                return (
                  <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                    <span className="text-sm">{formatCreated(doc.created_at)}</span>
                    <span
                      className={cn('rounded-md px-2 py-0.5 text-xs font-semibold tracking-wide', toneClass[tone])}
                      data-status={tone}
                    >
                      {statusLabel(doc.status)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
