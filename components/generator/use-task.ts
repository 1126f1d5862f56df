'use client';

import * as React from 'react';
import { getDocument, isTerminal, type DocumentStatus } from '@/lib/client/documents';

/** How often a running task's status is asked for. */
export const POLL_INTERVAL_MS = 3000;

export interface TaskState {
  doc: DocumentStatus | null;
  /** 'Failed to get task status.' (or the server's detail): polling stopped. */
  pollError: string | null;
  /** The server has no such task (cancelled, deleted): retrying cannot help. */
  gone: boolean;
  /** Fetch now and poll again until a terminal status (after resume, payment, or a failed poll). */
  restart(): void;
}

/**
 * Polls GET /api/documents/{id} every 3 s until draft_complete, complete or error. A failed
 * poll stops polling and says so; restart() starts again. The newest answer always wins.
 */
export function useTask(id: string): TaskState {
  const [doc, setDoc] = React.useState<DocumentStatus | null>(null);
  const [pollError, setPollError] = React.useState<string | null>(null);
  const [gone, setGone] = React.useState(false);
  const [round, setRound] = React.useState(0);

  React.useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setPollError(null);
    const poll = async () => {
      const result = await getDocument(id);
      if (!live) return;
      if (!result.ok) {
        setPollError(result.error);
        setGone(result.gone);
        return;
      }
      setDoc(result.value);
      if (!isTerminal(result.value.status) && !isCancelled(result.value.status)) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, round]);

  React.useEffect(() => {
    setDoc(null);
  }, [id]);

  const restart = React.useCallback(() => setRound((n) => n + 1), []);
  return { doc, pollError, gone, restart };
}

/** A task cancelled elsewhere (another tab) is over too: nothing more will change. */
export function isCancelled(status: string): boolean {
  return /^cancel+ed$/i.test(status);
}
