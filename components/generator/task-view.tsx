'use client';

import * as React from 'react';
import { CircleAlertIcon, LoaderCircleIcon, RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useConfirm } from '@/components/dialogs/app-dialogs';
import { cancelDocument, MESSAGES, resumeDocument } from '@/lib/client/documents';
import { CompleteView } from './complete-view';
import { DraftView } from './draft-view';
import { ErrorView } from './error-view';
import { ProcessingView } from './processing-view';
import { TaskFrame } from './task-frame';
import { isCancelled, useTask } from './use-task';

export const CANCEL_QUESTION = 'The work stops and the task, its upload and its draft are deleted. Nothing has been charged.';

/**
 * The task view for one task id: polls it and shows the screen its status calls for —
 * running, draft, complete or error. `onReset` clears the task (back to the form).
 */
export function TaskView({ id, onReset, onCancelled }: { id: string; onReset: () => void; onCancelled: () => void }) {
  const { doc, pollError, gone, restart } = useTask(id);
  const [cancelling, setCancelling] = React.useState(false);
  const [cancelError, setCancelError] = React.useState<string | null>(null);
  const confirm = useConfirm();

  /** Asked first: cancelling deletes the task, its upload and its draft. */
  async function cancel() {
    const sure = await confirm(CANCEL_QUESTION, { title: 'Cancel this task?', confirmLabel: 'Cancel task', cancelLabel: 'Keep it' });
    if (!sure) return;
    setCancelling(true);
    setCancelError(null);
    const result = await cancelDocument(id);
    setCancelling(false);
    if (result.ok) onCancelled();
    else setCancelError(result.error || MESSAGES.cancel);
  }

  if (pollError && gone) {
    // cancelled or deleted: asking again cannot bring it back
    return (
      <TaskFrame testId="task-gone" title="Task not found">
        <p data-testid="poll-error">This task no longer exists: it was cancelled or deleted. Start a new one with your voter list and banner.</p>
        <Button className="justify-self-start" onClick={onReset}>
          Start Over
        </Button>
      </TaskFrame>
    );
  }
  if (pollError) {
    return (
      <TaskFrame testId="task-poll-error" title="Task status unavailable">
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertDescription data-testid="poll-error">{pollError}</AlertDescription>
        </Alert>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onReset}>
            Start Over
          </Button>
          <Button onClick={restart}>
            <RotateCcwIcon /> Try again
          </Button>
        </div>
      </TaskFrame>
    );
  }
  if (!doc) {
    return (
      <TaskFrame testId="task-loading" title="Loading task…">
        <LoaderCircleIcon className="size-6 animate-spin text-muted-foreground" />
      </TaskFrame>
    );
  }

  const status = doc.status.toLowerCase();
  if (status === 'error' || status === 'failure') {
    return (
      <ErrorView
        message={doc.error_message?.trim() || MESSAGES.unknown}
        canResume={doc.can_resume !== false}
        onStartOver={onReset}
        onResume={async () => {
          const result = await resumeDocument(id);
          if (!result.ok) return result.error;
          restart();
          return null;
        }}
      />
    );
  }
  if (status === 'complete' || status === 'success') return <CompleteView doc={doc} onStartOver={onReset} />;
  if (status === 'draft_complete') {
    return <DraftView doc={doc} onPaid={restart} onRedraw={restart} onCancel={() => void cancel()} cancelling={cancelling} cancelError={cancelError} />;
  }
  if (isCancelled(status)) {
    return (
      <TaskFrame testId="task-cancelled" title="Task cancelled">
        <p>This task was cancelled.</p>
        <Button className="justify-self-start" onClick={onReset}>
          Start Over
        </Button>
      </TaskFrame>
    );
  }
  return (
    <ProcessingView
      doc={doc}
      onCancel={doc.paid_at ? undefined : () => void cancel()}
      cancelling={cancelling}
      cancelError={cancelError}
    />
  );
}
