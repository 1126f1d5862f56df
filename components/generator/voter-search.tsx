'use client';

import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ImageIcon, InfoIcon, LoaderCircleIcon, PrinterIcon, SearchIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { searchVoters, selectedSlips, slipPicture, slipPictures, type DocumentStatus, type SelectedFormat, type VoterHit, type VoterSearchAnswer } from '@/lib/client/documents';
import { saveBlob, shareOrSave } from '@/lib/client/files';
import { VoterSlipDialog } from './voter-slip-dialog';

const schema = z.object({
  q: z.string().trim().max(100, 'Type at most 100 characters.'),
  format: z.enum(['sheet', 'single']),
});
type Values = z.infer<typeof schema>;

/** Most results shown for one search (the server's limit is 100). */
const RESULTS = 30;
/** Most slips printed at once (the server's limit). */
const MAX_SELECTED = 200;
/** A search starts this long after the last key typed. */
const TYPING_PAUSE_MS = 250;

const selectClass =
  'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30';

/** "Age 42 · F", "Age 42", or null: what the roll states of age and sex. */
function ageSex(v: VoterHit): string | null {
  const parts = [v.age !== null ? `Age ${v.age}` : null, v.gender].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

function relationWord(relation: string | null): string {
  const r = (relation ?? '').toLowerCase();
  if (r === 'father' || r === 'f') return 'Father';
  if (r === 'husband' || r === 'h') return 'Husband';
  if (r === 'mother' || r === 'm') return 'Mother';
  if (r === 'wife' || r === 'w') return 'Wife';
  return 'Relative';
}

/**
 * The polling-day desk: find a voter of this task by name (in the roll's script or typed in Latin
 * letters), EPIC, house number or serial; tick one or more, from one or several searches; print just their
 * slips at once (the task's sheet or one per page), watermarked until the task is paid.
 */
export function VoterSearchPanel({ doc }: { doc: DocumentStatus }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { q: '', format: 'sheet' }, mode: 'onChange' });
  const [answer, setAnswer] = React.useState<VoterSearchAnswer | null>(null);
  const [searching, setSearching] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [printing, setPrinting] = React.useState(false);
  const [sharing, setSharing] = React.useState(false);
  const [opened, setOpened] = React.useState<VoterHit | null>(null);
  const [chosen, setChosen] = React.useState<Map<number, VoterHit>>(new Map());
  const paid = doc.status === 'complete';
  const q = form.watch('q');
  const asked = React.useRef(0);

  const run = React.useCallback(
    async (text: string) => {
      const query = text.trim();
      const ask = ++asked.current;
      if (!query) {
        setAnswer(null);
        setSearching(false);
        return;
      }
      setSearching(true);
      const result = await searchVoters(doc.id, query, RESULTS);
      if (ask !== asked.current) return; // a later search has started: its answer is the one to show
      setSearching(false);
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setError(null);
      setAnswer(result.value);
    },
    [doc.id],
  );

  React.useEffect(() => {
    if (q.length > 100) return;
    const timer = setTimeout(() => void run(q), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q, run]);

  function toggle(v: VoterHit, on: boolean) {
    setChosen((current) => {
      const next = new Map(current);
      if (on && next.size < MAX_SELECTED) next.set(v.index, v);
      else next.delete(v.index);
      return next;
    });
  }

  /** The chosen voters' slips as pictures: one to the phone's share sheet (or saved), several in a ZIP. */
  async function pictures() {
    if (chosen.size === 0) return;
    setSharing(true);
    setError(null);
    const indices = [...chosen.keys()];
    const result = indices.length === 1 ? await slipPicture(doc.id, indices[0]) : await slipPictures(doc.id, indices);
    if (!result.ok) {
      setSharing(false);
      setError(result.error);
      return;
    }
    if (indices.length === 1) await shareOrSave(result.value.blob, result.value.name, 'Voter slip');
    else saveBlob(result.value.blob, result.value.name);
    setSharing(false);
  }

  async function print(values: Values) {
    if (chosen.size === 0) return;
    setPrinting(true);
    setError(null);
    const result = await selectedSlips(doc.id, [...chosen.keys()], values.format as SelectedFormat);
    setPrinting(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    saveBlob(result.value.pdf, result.value.name);
  }

  const voters = answer?.voters ?? [];
  return (
    <section className="grid gap-3 rounded-md border px-3 py-3" data-testid="voter-search" aria-labelledby="voter-search-title">
      <div className="grid gap-0.5">
        <h2 id="voter-search-title" className="text-sm font-semibold">
          Find a voter and print their slip
        </h2>
        <p className="text-xs text-muted-foreground">
          Name (in the roll’s script or typed in English letters), EPIC, house number or serial.{' '}
          {paid ? 'Slips you print here are free.' : 'Slips are watermarked until you pay; after payment they are free.'}
        </p>
      </div>
      <form className="grid gap-3" onSubmit={form.handleSubmit(print)} noValidate>
        <FormField id="voter-q" label="Search voters" error={form.formState.errors.q?.message}>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id="voter-q"
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              placeholder="e.g. ramesh, ABC1234567, 12"
              className="pl-8"
              aria-describedby="voter-q-note"
              data-testid="voter-search-input"
              onKeyDown={(e) => {
                // Enter searches at once; it never prints
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void run(form.getValues('q'));
                }
              }}
              {...form.register('q')}
            />
          </div>
        </FormField>

        {answer && !answer.names_readable ? (
          <p className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm" data-testid="voter-search-no-names">
            <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            The names in this roll cannot be read as text (a legacy-font or scanned roll): search by EPIC, serial or house number.
          </p>
        ) : null}

        {answer && answer.ids_pending > 0 ? (
          <p className="flex gap-2 rounded-md border px-3 py-2 text-sm" data-testid="voter-search-ids-pending">
            <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {`The ID numbers of ${answer.ids_pending === 1 ? 'one voter are' : `${answer.ids_pending.toLocaleString('en-IN')} voters are`} ${answer.ids_at_final ? 'read only when the final slips are made' : 'still being read from the scan'}: search by serial or house number now, or by ID ${answer.ids_at_final ? 'once the slips are paid for and made' : 'in a few minutes'}.`}
          </p>
        ) : null}

        <div aria-live="polite" className="text-xs text-muted-foreground" data-testid="voter-search-count">
          {searching
            ? 'Searching…'
            : answer && q.trim()
              ? answer.matches === 0
                ? 'No voter found.'
                : `${answer.matches.toLocaleString('en-IN')} found${answer.matches > voters.length ? `; the first ${voters.length} shown` : ''}.`
              : null}
        </div>

        {voters.length > 0 ? (
          <ul className="grid max-h-[28rem] gap-1 overflow-y-auto rounded-md border p-1" data-testid="voter-search-results">
            {voters.map((v) => {
              const line = [v.house_number ? `House ${v.house_number}` : null, ageSex(v)].filter(Boolean).join(' · ');
              return (
                <li key={v.index} className="flex items-start gap-1 rounded hover:bg-muted/60 has-[:checked]:bg-primary/10">
                  <label className="flex min-w-0 flex-1 cursor-pointer items-start gap-3 rounded px-2 py-1.5">
                    <input
                      type="checkbox"
                      className="mt-1 size-4 shrink-0 accent-primary"
                      checked={chosen.has(v.index)}
                      onChange={(e) => toggle(v, e.target.checked)}
                      aria-label={`Select serial ${v.serial ?? '—'}${v.name ? `, ${v.name}` : ''}`}
                      data-testid="voter-result-check"
                    />
                    <span className="grid min-w-0 flex-1 gap-0.5 text-sm">
                      <span className="flex flex-wrap items-baseline gap-x-2">
                        <span className="font-semibold tabular-nums">Sr. {v.serial ?? '—'}</span>
                        {v.part ? <span className="text-xs text-muted-foreground">Part {v.part}</span> : null}
                        <span className="font-medium break-words">{v.name ?? <span className="text-muted-foreground italic">name not readable</span>}</span>
                        {v.deleted ? <span className="rounded bg-destructive/15 px-1 text-xs text-destructive">deleted</span> : null}
                      </span>
                      {v.relative_name ? (
                        <span className="break-words text-xs text-muted-foreground">
                          {relationWord(v.relation)}: {v.relative_name}
                        </span>
                      ) : null}
                      <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                        <span className="font-mono tabular-nums">{v.epic ?? 'no EPIC'}</span>
                        {line ? <span>{line}</span> : null}
                      </span>
                    </span>
                  </label>
                  <Button type="button" variant="ghost" size="sm" className="mt-1 shrink-0" onClick={() => setOpened(v)} aria-label={`Open the slip of serial ${v.serial ?? '—'}`} data-testid="voter-open-slip">
                    <ImageIcon /> Slip
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : null}

        <div className="grid gap-2 sm:flex sm:items-end sm:justify-between">
          <p className="text-sm" data-testid="voter-search-selected">
            {chosen.size === 0 ? 'No voter selected.' : `${chosen.size} selected`}
            {chosen.size > 0 ? (
              <button type="button" className="ml-2 text-xs text-primary underline underline-offset-2" onClick={() => setChosen(new Map())}>
                <XIcon className="inline size-3 align-[-1px]" /> clear
              </button>
            ) : null}
          </p>
          <div className="grid gap-2 sm:flex sm:items-end">
            <FormField id="voter-format" label="Layout" className="gap-1">
              <select id="voter-format" className={selectClass} data-testid="voter-print-format" {...form.register('format')}>
                <option value="sheet">A sheet of slips (the task’s layout)</option>
                <option value="single">One slip per page</option>
              </select>
            </FormField>
            <Button type="submit" disabled={chosen.size === 0 || printing} data-testid="voter-print-selected">
              {printing ? <LoaderCircleIcon className="animate-spin" /> : <PrinterIcon />} Print selected
            </Button>
            <Button type="button" variant="outline" disabled={chosen.size === 0 || sharing} onClick={() => void pictures()} data-testid="voter-share-picture">
              {sharing ? <LoaderCircleIcon className="animate-spin" /> : <ImageIcon />} {chosen.size > 1 ? 'Pictures (ZIP)' : 'Share picture'}
            </Button>
          </div>
        </div>
        <FormMessage notice={error ? { kind: 'error', text: error } : null} />
      </form>
      <VoterSlipDialog taskId={doc.id} voter={opened} onClose={() => setOpened(null)} />
    </section>
  );
}
