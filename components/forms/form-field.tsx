import * as React from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

interface FormFieldProps {
  /** id of the control inside, so the label points at it. */
  id: string;
  label: string;
  /** Validation message shown under the control. */
  error?: string;
  /** Help text shown under the control when there is no error. */
  hint?: string;
  className?: string;
  children: React.ReactNode;
}

/** Label + control + hint/error, stacked; the control should carry aria-describedby={`${id}-note`}. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const note = error ?? hint;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {note && (
        <p id={`${id}-note`} className={cn('text-xs', error ? 'text-destructive' : 'text-muted-foreground')}>
          {note}
        </p>
      )}
    </div>
  );
}
