'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useSession } from '@/components/session/session-provider';
import { loginHref } from '@/lib/client/return-to';
import { buttonVariants } from '@/components/ui/button';
import type { FormNotice } from '@/components/forms/form-message';
import { GeneratorForm } from './generator-form';
import type { GeneratorValues } from './form-rules';
import { TaskFrame } from './task-frame';
import { TaskView } from './task-view';

/** A task id as it may appear in `?task=`: digits or a plain token, nothing else. */
function taskFromUrl(value: string | null): string | null {
  return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

/**
 * /voter-slip-generator: the form when there is no task, the task view when there is one. The task id
 * lives in the URL (`?task=42`), so a reload, a second tab or History's View link restores the task.
 */
export function GeneratorPage() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { user } = useSession();
  const task = taskFromUrl(params.get('task'));

  // the choices of the task started from this page, for the form again if the user cancels it
  const choices = React.useRef<GeneratorValues | null>(null);
  const [kept, setKept] = React.useState<{ choices: GeneratorValues; notice: FormNotice } | null>(null);
  const reset = React.useCallback(() => {
    setKept(null);
    router.replace(pathname);
  }, [router, pathname]);
  const cancelled = React.useCallback(() => {
    const text = choices.current ? 'The task was cancelled and nothing was charged. Your files and choices are kept: change them and generate again.' : 'The task was cancelled and nothing was charged.';
    setKept(choices.current ? { choices: choices.current, notice: { kind: 'success', text } } : null);
    router.replace(pathname);
  }, [router, pathname]);
  const started = React.useCallback(
    (id: string | number, values: GeneratorValues) => {
      choices.current = values;
      setKept(null);
      router.push(`${pathname}?task=${encodeURIComponent(String(id))}`);
    },
    [router, pathname],
  );

  return (
    <div className="flex min-w-0 flex-1 flex-col items-center gap-4 px-3 py-6 sm:px-4 sm:py-10">
      {!task ? (
        <GeneratorForm key={kept ? 'kept' : 'new'} kept={kept} onStarted={(t, values) => started(t.id, values)} />
      ) : user ? (
        <TaskView key={task} id={task} onReset={reset} onCancelled={cancelled} />
      ) : (
        <TaskFrame testId="task-login" title="Log in to see this task">
          <p>This task belongs to an account. Log in to follow it, pay and download.</p>
          <Link href={loginHref(`${pathname}?task=${encodeURIComponent(task)}`)} className={buttonVariants({ className: 'justify-self-start' })}>
            Login
          </Link>
        </TaskFrame>
      )}
    </div>
  );
}
