'use client';

import * as React from 'react';
import { CircleCheckIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { GeneratorForm, type StartedTask } from './generator-form';

/**
 * /voter-slip-generator: the form (no task) — the task view (progress, draft, payment, download)
 * comes with the document endpoints; until then a started task is acknowledged here.
 */
export function GeneratorPage() {
  const [task, setTask] = React.useState<StartedTask | null>(null);
  return (
    <div className="flex flex-1 flex-col items-center gap-4 px-3 py-6 sm:px-4 sm:py-10">
      {task && (
        <Alert variant="success" className="w-full max-w-2xl">
          <CircleCheckIcon />
          <AlertDescription>Task {String(task.id)} started.</AlertDescription>
        </Alert>
      )}
      <GeneratorForm onStarted={setTask} />
    </div>
  );
}
