/**
 * The billing details a user may give for their invoices (name to bill, GSTIN, state), checked the same
 * way by the profile form and by PUT /api/users/me/billing. Browser-safe: plain data and zod.
 */
import { z } from 'zod';
import { GST_STATES, GSTIN_MESSAGES, gstinProblem, isStateCode } from './gst';

/** The states a customer may choose, by name. */
export const STATE_CHOICES: readonly { code: string; name: string }[] = Object.entries(GST_STATES)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

const blankToNull = (v: string | null | undefined) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

export const billingSchema = z
  .object({
    billing_name: z.string().max(200, 'The billing name must be at most 200 characters.').nullish().transform(blankToNull),
    gstin: z
      .string()
      .max(20)
      .nullish()
      .transform((v) => blankToNull(v)?.toUpperCase().replace(/\s+/g, '') ?? null)
      .superRefine((v, ctx) => {
        const problem = v === null ? null : gstinProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: GSTIN_MESSAGES[problem] });
      }),
    state_code: z
      .string()
      .nullish()
      .transform(blankToNull)
      .refine((v) => v === null || isStateCode(v), 'Choose a state from the list.'),
  })
  .superRefine((v, ctx) => {
    if (v.gstin && v.state_code && v.gstin.slice(0, 2) !== v.state_code) {
      ctx.addIssue({ code: 'custom', path: ['state_code'], message: `The GSTIN is registered in ${GST_STATES[v.gstin.slice(0, 2)]}: choose that state or leave it empty.` });
    }
  });

export type BillingInput = z.input<typeof billingSchema>;
export type BillingDetails = z.output<typeof billingSchema>;
