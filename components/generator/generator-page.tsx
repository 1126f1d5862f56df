'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useSession } from '@/components/session/session-provider';
import { loginHref } from '@/lib/client/return-to';
import { buttonVariants } from '@/components/ui/button';
import { GeneratorForm } from './generator-form';
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

  const reset = React.useCallback(() => router.replace(pathname), [router, pathname]);
  const started = React.useCallback((id: string | number) => router.push(`${pathname}?task=${encodeURIComponent(String(id))}`), [router, pathname]);

  return (
    <div className="flex min-w-0 flex-1 flex-col items-center gap-4 px-3 py-6 sm:px-4 sm:py-10">
      {!task ? (
        <GeneratorForm onStarted={(t) => started(t.id)} />
      ) : user ? (
        <TaskView key={task} id={task} onReset={reset} />
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
