'use client';

import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LoaderCircleIcon, RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { ScriptChooser } from '@/components/script-chooser';
import { TransliterationInput } from '@/components/transliteration-input';
import { setSlipChoices, type DocumentStatus } from '@/lib/client/documents';
import { addressLanguageFor, isScriptLanguage, SCRIPT_LANGUAGE_NAMES, type ScriptLanguage } from '@/lib/transliterate/scripts';
import { DEFAULT_SLIP_CHOICES, SLIP_LABELS, SLIP_ORDERS, SLIP_STYLES, SlipChoiceError, parseSerialRanges, type SlipChoices } from '@/lib/slips/choose';

const ORDER_LABELS: Record<(typeof SLIP_ORDERS)[number], string> = {
  roll: "The roll's order",
  house: 'House by house (section, then house number)',
  family: 'Family by family (each house, relatives together, oldest first)',
};

const schema = z.object({
  serials: z.string().superRefine((text, ctx) => {
    try {
      parseSerialRanges(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof SlipChoiceError ? error.message : 'Write serials like 1-300, 450-460.' });
    }
  }),
  sections: z.array(z.string()),
  supplements: z.boolean(),
  deleted: z.boolean(),
  order: z.enum(SLIP_ORDERS),
  style: z.enum(SLIP_STYLES),
  labels: z.enum(SLIP_LABELS),
  qr: z.boolean(),
  facts: z.boolean(),
  booth_address: z.string().trim().min(1, 'Please enter the polling station address.').max(300, 'The polling station address is too long (at most 300 characters).'),
});
type Values = z.infer<typeof schema>;

const selectClass =
  'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30';

function Toggle({ id, label, hint, checked, onChange, disabled }: { id: string; label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} />
    </div>
  );
}

/** What the draft says of the entries a corrections list amends: one slip each, with the corrected details. */
function correctedNote(count: number): string {
  return count === 1
    ? 'One voter’s entry is amended by a corrections list: that voter gets one slip, with the corrected details, where the roll lists them.'
    : `${count.toLocaleString('en-IN')} voters’ entries are amended by a corrections list: each gets one slip, with the corrected details, where the roll lists them.`;
}

/**
 * The draft screen's choices, once the list is read: who gets a slip (serial ranges, sections, supplement
 * additions, deleted voters), their order, how slips look (campaign or plain election-code slips, the
 * labels' language, the QR code and the roll's facts) and the address they print. Saving makes the draft
 * again; pages and fee follow.
 */
export function SlipChoicesPanel({ doc, onSaved }: { doc: DocumentStatus; onSaved: () => void }) {
  const current: SlipChoices = { ...DEFAULT_SLIP_CHOICES, ...doc.slips };
  const summary = doc.summary ?? {};
  const rollAddress = summary.roll?.pollingStationAddress;
  const address = doc.options?.booth_address ?? '';
  const [error, setError] = React.useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { ...current, booth_address: address },
  });
  const { isSubmitting, isDirty } = form.formState;
  const sections = summary.sections ?? [];
  const withHouse = summary.with_house_number ?? 0;
  const houseOrderAvailable = withHouse >= (summary.voters ?? 0) / 2;
  // the labels are printed in the list's language beside English
  const language = summary.language && isScriptLanguage(summary.language) ? SCRIPT_LANGUAGE_NAMES[summary.language] : null;
  // the address is suggested in the roll's own script unless the typist picks another
  const [addressLang, setAddressLang] = React.useState<ScriptLanguage>(() => addressLanguageFor(summary.language));
  const style = form.watch('style');

  async function onSubmit(values: Values) {
    setError(null);
    const result = await setSlipChoices(doc.id, values);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onSaved();
  }

  return (
    <details className="rounded-md border px-3 py-2" data-testid="slip-choices" open={false}>
      <summary className="cursor-pointer text-sm font-medium">Choose who gets a slip, their order and how slips look</summary>
      <form className="mt-3 grid gap-4" onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold">Who gets a slip</legend>
          <FormField id="slip-serials" label="Serial numbers" hint="Leave empty for every voter, or write ranges like 1-300, 450-460." error={form.formState.errors.serials?.message}>
            <Input id="slip-serials" inputMode="numeric" placeholder="All serials" aria-describedby="slip-serials-note" {...form.register('serials')} />
          </FormField>
          {sections.length > 1 ? (
            <div className="grid gap-1.5" role="group" aria-labelledby="slip-sections-label">
              <p id="slip-sections-label" className="text-sm font-medium">
                Sections <span className="font-normal text-muted-foreground">(none ticked: all)</span>
              </p>
              <Controller
                control={form.control}
                name="sections"
                render={({ field }) => (
                  <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2 text-sm">
                    {sections.map((s) => (
                      <li key={s.name}>
                        <label className="flex items-start gap-2 break-words">
                          <input
                            type="checkbox"
                            className="mt-1 size-4 shrink-0 accent-primary"
                            checked={field.value.includes(s.name)}
                            onChange={(e) => field.onChange(e.target.checked ? [...field.value, s.name] : field.value.filter((x) => x !== s.name))}
                          />
                          <span>
                            {s.name} <span className="text-muted-foreground">· {s.voters.toLocaleString('en-IN')}</span>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              />
            </div>
          ) : null}
          {(summary.supplement_additions ?? 0) > 0 ? (
            <Controller
              control={form.control}
              name="supplements"
              render={({ field }) => (
                <Toggle id="slip-supplements" label={`Voters added in supplements (${summary.supplement_additions})`} checked={field.value} onChange={field.onChange} />
              )}
            />
          ) : null}
          {(summary.corrected_entries ?? 0) > 0 ? (
            <p id="slip-corrected-note" className="text-sm text-muted-foreground">
              {correctedNote(summary.corrected_entries ?? 0)}
            </p>
          ) : null}
          <Controller
            control={form.control}
            name="deleted"
            render={({ field }) => (
              <Toggle
                id="slip-deleted"
                label={`Deleted voters too (${summary.deleted ?? 0}), marked DELETED`}
                hint="Deleted voters get no slip unless you ask for theirs; the fee counts only the slips printed."
                checked={field.value}
                onChange={field.onChange}
                disabled={(summary.deleted ?? 0) === 0}
              />
            )}
          />
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold">Order</legend>
          <FormField id="slip-order" label="Slips in" hint={houseOrderAvailable ? undefined : 'House numbers could not be read from this list, so its slips stay in the roll’s order.'}>
            <select id="slip-order" className={selectClass} {...form.register('order')}>
              {SLIP_ORDERS.map((o) => (
                <option key={o} value={o} disabled={o !== 'roll' && !houseOrderAvailable}>
                  {ORDER_LABELS[o]}
                </option>
              ))}
            </select>
          </FormField>
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold">How slips look</legend>
          <FormField
            id="slip-style"
            label="Slips"
            hint={
              style === 'election-code'
                ? 'For polling day near a polling station: plain white, no banner and no party or candidate name or symbol — the voter, serial, part, polling station and the QR code only, as the Model Code of Conduct requires.'
                : 'Your banner on top and the address below.'
            }
          >
            <select id="slip-style" className={selectClass} {...form.register('style')}>
              <option value="campaign">Campaign slips (banner and address)</option>
              <option value="election-code">Plain election-code slips (for polling day)</option>
            </select>
          </FormField>
          <FormField id="slip-labels" label="Labels">
            <select id="slip-labels" className={selectClass} {...form.register('labels')}>
              <option value="list">{language ? `${language} and English` : 'English'}</option>
              <option value="english">English only</option>
            </select>
          </FormField>
          <Controller control={form.control} name="facts" render={({ field }) => <Toggle id="slip-facts" label="Part, serial and polling station on every slip" checked={field.value || style === 'election-code'} onChange={field.onChange} disabled={style === 'election-code'} />} />
          <Controller control={form.control} name="qr" render={({ field }) => <Toggle id="slip-qr" label="QR code (EPIC, part and serial) on every slip" checked={field.value} onChange={field.onChange} />} />
        </fieldset>

        {style === 'campaign' ? (
          <FormField
            id="slip-address"
            label="Address printed on the slips"
            hint={`Type in English letters for ${SCRIPT_LANGUAGE_NAMES[addressLang]} suggestions.`}
            error={form.formState.errors.booth_address?.message}
          >
            {/* above the field, where the open suggestions never cover it */}
            <ScriptChooser id="slip-address-script" value={addressLang} onChange={setAddressLang} controls="slip-address" className="justify-self-end" />
            <Controller
              control={form.control}
              name="booth_address"
              render={({ field }) => (
                <TransliterationInput
                  id="slip-address"
                  aria-describedby="slip-address-note"
                  lang={addressLang}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              )}
            />
            {rollAddress && rollAddress !== form.watch('booth_address') ? (
              <button type="button" className="justify-self-start text-left text-xs text-primary underline underline-offset-2" onClick={() => form.setValue('booth_address', rollAddress, { shouldDirty: true })}>
                Use the roll’s polling station address: {rollAddress}
              </button>
            ) : null}
          </FormField>
        ) : null}

        <FormMessage notice={error ? { kind: 'error', text: error } : null} />
        <Button type="submit" disabled={isSubmitting || !isDirty} className="justify-self-end">
          {isSubmitting ? <LoaderCircleIcon className="animate-spin" /> : <RefreshCwIcon />} Update the draft
        </Button>
      </form>
    </details>
  );
}
