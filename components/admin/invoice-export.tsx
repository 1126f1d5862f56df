'use client';

import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormInput } from '@/components/forms/form-input';
import { downloadInvoicesCsv } from '@/lib/client/invoices';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const schema = z
  .object({ from: z.string().regex(DAY, 'Choose a date.'), to: z.string().regex(DAY, 'Choose a date.') })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'The end must not be before the start.' });
type Period = z.infer<typeof schema>;

/** Today in India, YYYY-MM-DD. */
function indianToday(): string {
  return new Date(Date.now() + 5.5 * 3600 * 1000).toISOString().slice(0, 10);
}

/** Admin → Payments: the invoices and credit notes of a period (both days included, dated in India) as CSV. */
export function InvoiceExport() {
  const today = indianToday();
  const form = useForm<Period>({ resolver: zodResolver(schema), defaultValues: { from: `${today.slice(0, 8)}01`, to: today } });
  const [error, setError] = React.useState<string | null>(null);
  const { isSubmitting } = form.formState;

  async function onSubmit(period: Period) {
    setError(null);
    const result = await downloadInvoicesCsv(period.from, period.to);
    if (!result.ok) setError(result.error);
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-3 rounded-lg border p-3 sm:flex sm:items-start sm:gap-4" aria-label="Export invoices" data-testid="invoice-export">
      <div className="grid grid-cols-2 gap-3 sm:flex sm:gap-4">
        <FormInput form={form} name="from" label="Invoices from" type="date" max={today} />
        <FormInput form={form} name="to" label="to" type="date" max={today} />
      </div>
      <div className="grid gap-1 sm:pt-[1.375rem]">
        <Button type="submit" variant="outline" disabled={isSubmitting}>
          {isSubmitting ? <LoaderCircleIcon className="animate-spin" /> : <DownloadIcon />} Export CSV
        </Button>
        {error && (
          <span role="alert" className="text-xs text-destructive">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}
