import * as React from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** The card every task screen sits in (same width rules as the form, wider for the draft). */
export function TaskFrame({
  title,
  description,
  wide,
  children,
  testId,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  wide?: boolean;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <Card className={cn('w-full min-w-0 gap-5 py-5 sm:gap-6 sm:py-6', wide ? 'max-w-4xl' : 'max-w-2xl')} data-testid={testId}>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="text-xl sm:text-2xl">
          <h1>{title}</h1>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-5 px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}

/** A percentage bar with its figure and message (upload and processing both use it). */
export function ProgressLine({ value, message, label }: { value: number; message: string; label: string }) {
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 break-words" data-testid="progress-message" aria-live="polite">
          {message}
        </span>
        <span className="shrink-0 font-semibold tabular-nums" data-testid="progress-percent">
          {value}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="relative h-3 w-full overflow-hidden rounded-full bg-primary/20"
      >
        <div className="h-full bg-primary transition-[width] duration-500" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
