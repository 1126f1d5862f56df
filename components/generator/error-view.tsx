'use client';

import * as React from 'react';
import { FrownIcon, LoaderCircleIcon, RotateCcwIcon, PlayIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/forms/form-message';
import { TaskFrame } from './task-frame';

/**
 * The error screen: a sad face, 'An Error Occurred', the error text, Start Over, and Resume Processing
 * only where a retry can help (not when the file itself caused the error: then Start Over is the way on).
 */
export function ErrorView({
  message,
  canResume,
  onResume,
  onStartOver,
}: {
  message: string;
  canResume: boolean;
  /** Resolves to an error text when resuming failed, or null once the task runs again. */
  onResume: () => Promise<string | null>;
  onStartOver: () => void;
}) {
  const [busy, setBusy] = React.useState(false);
  const [resumeError, setResumeError] = React.useState<string | null>(null);

  async function resume() {
    setBusy(true);
    setResumeError(null);
    const error = await onResume();
    setBusy(false);
    setResumeError(error);
  }

  return (
    <TaskFrame testId="task-error" title="An Error Occurred">
      <div className="flex flex-col items-center gap-3 text-center">
        <FrownIcon className="size-14 text-destructive" aria-label="Sad face" role="img" />
        <p className="max-w-prose break-words" data-testid="task-error-message">
          {message}
        </p>
      </div>
      <FormMessage notice={resumeError ? { kind: 'error', text: resumeError } : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <Button variant={canResume ? 'outline' : 'default'} onClick={onStartOver} disabled={busy}>
          <RotateCcwIcon /> Start Over
        </Button>
        {canResume ? (
          <Button onClick={() => void resume()} disabled={busy}>
            {busy ? <LoaderCircleIcon className="animate-spin" /> : <PlayIcon />} Resume Processing
          </Button>
        ) : null}
      </div>
    </TaskFrame>
  );
}
