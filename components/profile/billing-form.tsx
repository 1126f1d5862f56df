'use client';

import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/forms/form-field';
import { FormInput } from '@/components/forms/form-input';
import { FormMessage, type FormNotice } from '@/components/forms/form-message';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { STATE_CHOICES } from '@/lib/invoices/billing-rules';
import { GST_STATES, GSTIN_MESSAGES, gstinProblem } from '@/lib/invoices/gst';
import { getBilling, saveBilling } from '@/lib/client/invoices';

const NONE = 'none';

const schema = z
  .object({
    billing_name: z.string().max(200, 'At most 200 characters.'),
    gstin: z.string(),
    state_code: z.string(),
  })
  .superRefine((v, ctx) => {
    const gstin = v.gstin.trim().toUpperCase();
    const problem = gstin === '' ? null : gstinProblem(gstin);
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: GSTIN_MESSAGES[problem] });
    else if (gstin && v.state_code !== NONE && gstin.slice(0, 2) !== v.state_code) {
      ctx.addIssue({ code: 'custom', path: ['state_code'], message: `The GSTIN is registered in ${GST_STATES[gstin.slice(0, 2)]}.` });
    }
  });
type BillingValues = z.infer<typeof schema>;

/** The profile page's card of billing details. */
export function BillingForm() {
  return (
    <Card className="w-full max-w-[480px]" data-testid="billing-card">
      <CardHeader>
        <CardTitle className="text-xl">Billing details</CardTitle>
        <CardDescription>For your GST invoices. All optional: without them the invoice is made out to your name.</CardDescription>
      </CardHeader>
      <CardContent>
        <BillingFields savedText="Billing details saved: your next invoices carry them." />
      </CardContent>
    </Card>
  );
}

/**
 * Billing details for GST invoices (the profile page, and the draft screen before paying): the name to
 * bill, a GSTIN (checked as typed) and the state. Used from the next invoice on; an issued invoice never
 * changes. `savedText` is what a save says (where the form is, that differs).
 */
export function BillingFields({ savedText }: { savedText: string }) {
  const [notice, setNotice] = React.useState<FormNotice | null>(null);
  const [loaded, setLoaded] = React.useState(false);
  const form = useForm<BillingValues>({ resolver: zodResolver(schema), defaultValues: { billing_name: '', gstin: '', state_code: NONE } });
  const { isSubmitting } = form.formState;

  React.useEffect(() => {
    let live = true;
    void getBilling().then((result) => {
      if (!live) return;
      if (result.ok) form.reset({ billing_name: result.value.billing_name ?? '', gstin: result.value.gstin ?? '', state_code: result.value.state_code ?? NONE });
      else setNotice({ kind: 'error', text: result.error });
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [form]);

  async function onSubmit(values: BillingValues) {
    setNotice(null);
    const gstin = values.gstin.trim().toUpperCase();
    const answer = await saveBilling({ billing_name: values.billing_name, gstin, state_code: values.state_code === NONE ? (gstin ? gstin.slice(0, 2) : null) : values.state_code });
    if (!answer.ok) {
      setNotice({ kind: 'error', text: answer.error });
      return;
    }
    form.reset({ billing_name: answer.value.billing_name ?? '', gstin: answer.value.gstin ?? '', state_code: answer.value.state_code ?? NONE });
    setNotice({ kind: 'success', text: savedText });
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" aria-busy={!loaded}>
      <FormInput form={form} name="billing_name" label="Name to bill" hint="A campaign office or firm, as it should appear on the invoice." autoComplete="organization" />
      <FormInput form={form} name="gstin" label="GSTIN" hint="15 characters, e.g. 29ABCDE1234F1ZW." autoCapitalize="characters" spellCheck={false} className="uppercase" />
      <Controller
        control={form.control}
        name="state_code"
        render={({ field, fieldState }) => (
          <FormField id="state_code" label="State" error={fieldState.error?.message} hint="Where you are billed: decides CGST + SGST or IGST.">
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="state_code" className="w-full" aria-describedby="state_code-note">
                <SelectValue placeholder="Not given" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>Not given</SelectItem>
                {STATE_CHOICES.map((s) => (
                  <SelectItem key={s.code} value={s.code}>
                    {s.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        )}
      />
      <FormMessage notice={notice} />
      <Button type="submit" className="w-full" disabled={isSubmitting || !loaded}>
        {isSubmitting && <LoaderCircleIcon className="animate-spin" />}
        Save billing details
      </Button>
    </form>
  );
}
