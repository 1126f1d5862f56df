'use client';

import { CircleAlertIcon, LoaderCircleIcon, XIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/forms/form-message';
import { progressOf, type DocumentStatus } from '@/lib/client/documents';
import { ProgressLine, TaskFrame } from './task-frame';

const STATUS_MESSAGES: Record<string, string> = {
  pending: 'Waiting to start…',
  preprocessing: 'Preparing the voter list…',
  processing: 'Reading the voter list…',
  generating: 'Making the slips…',
};

/** The task view while running: progress bar, percentage, the server's message, the notice and Cancel. */
export function ProcessingView({
  doc,
  onCancel,
  cancelling,
  cancelError,
}: {
  doc: DocumentStatus;
  /** Absent when the task can no longer be cancelled (it is paid). */
  onCancel?: () => void;
  cancelling: boolean;
  cancelError: string | null;
}) {
  const percent = progressOf(doc);
  const message = doc.progress_message?.trim() || STATUS_MESSAGES[doc.status.toLowerCase()] || 'Working…';
  const paid = Boolean(doc.paid_at);
  return (
    <TaskFrame
      testId="task-processing"
      title={paid ? 'Making your final slips' : 'Generating your draft'}
      description={paid ? 'Payment received. The final PDF is being made.' : 'The voter list is being read and the slips laid out.'}
    >
      <ProgressLine value={percent} message={message} label="Task progress" />
      <Alert>
        <CircleAlertIcon />
        <AlertDescription>
          Please do not click back or refresh while processing. If the page does close, the task goes on: find it in Task
          History.
        </AlertDescription>
      </Alert>
      <FormMessage notice={cancelError ? { kind: 'error', text: cancelError } : null} />
      {onCancel && (
        <Button variant="outline" className="justify-self-start" onClick={onCancel} disabled={cancelling}>
          {cancelling ? <LoaderCircleIcon className="animate-spin" /> : <XIcon />} Cancel
        </Button>
      )}
    </TaskFrame>
  );
}
