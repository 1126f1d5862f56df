'use client';

import * as React from 'react';
import { EyeIcon, LoaderCircleIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/forms/form-message';
import { setSlipChoices, type DocumentStatus, type TaskPart } from '@/lib/client/documents';

const count = (n: number | null | undefined) => (typeof n === 'number' ? n.toLocaleString('en-IN') : '—');

/** "Part 12" and the polling station, or the file's name when the roll states no part. */
function partTitle(part: TaskPart): { title: string; sub: string | null } {
  if (part.part) return { title: `Part ${part.part}`, sub: part.polling_station ?? part.file_name };
  return { title: part.file_name, sub: part.polling_station };
}

/**
 * The draft of a task of several voter lists: a row per list, in part-number order — part, polling
 * station, voters, deleted, supplement additions, warnings, pages — with totals; lists can be left out
 * (the draft, pages and fee are made again), and any list's first pages previewed.
 */
export function PartsTable({ doc, previewing, onPreview, onSaved }: { doc: DocumentStatus; previewing: number | null; onPreview: (part: TaskPart) => void; onSaved: () => void }) {
  const parts = React.useMemo(() => doc.parts ?? [], [doc.parts]);
  const [included, setIncluded] = React.useState<Set<number>>(() => new Set(parts.filter((p) => p.included).map((p) => p.position)));
  const [saving, setSaving] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const readable = parts.filter((p) => !p.error);
  const unreadable = parts.filter((p) => p.error);
  const changed = readable.some((p) => p.included !== included.has(p.position));
  const kept = readable.filter((p) => included.has(p.position));
  const totals = {
    voters: kept.reduce((n, p) => n + (p.voters ?? 0), 0),
    deleted: kept.reduce((n, p) => n + (p.deleted ?? 0), 0),
    pages: kept.reduce((n, p) => n + (p.pages ?? 0), 0),
  };

  function toggle(position: number, on: boolean) {
    setIncluded((now) => {
      const next = new Set(now);
      if (on) next.add(position);
      else next.delete(position);
      return next;
    });
  }

  async function save() {
    setSaving(true);
    setError(null);
    const excluded = parts.filter((p) => !included.has(p.position)).map((p) => p.position);
    const result = await setSlipChoices(doc.id, { excluded_parts: excluded });
    setSaving(false);
    if (!result.ok) setError(result.error);
    else onSaved();
  }

  return (
    <section className="grid gap-2" aria-labelledby="parts-heading" data-testid="draft-parts">
      <h2 id="parts-heading" className="text-sm font-medium">
        Voter lists ({readable.length.toLocaleString('en-IN')} read{unreadable.length > 0 ? `, ${unreadable.length.toLocaleString('en-IN')} could not be read` : ''})
      </h2>
      <div className="max-h-[60vh] overflow-auto rounded-md border">
        <table className="w-full min-w-[34rem] text-sm">
          <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
            <tr>
              <th className="w-10 px-2 py-2 text-left font-medium">
                <span className="sr-only">Print</span>
              </th>
              <th className="px-2 py-2 text-left font-medium">Part · polling station</th>
              <th className="px-2 py-2 text-right font-medium">Voters</th>
              <th className="px-2 py-2 text-right font-medium">Deleted</th>
              <th className="px-2 py-2 text-right font-medium">Added</th>
              <th className="px-2 py-2 text-right font-medium">Warnings</th>
              <th className="px-2 py-2 text-right font-medium">Pages</th>
              <th className="px-2 py-2">
                <span className="sr-only">Preview</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {readable.map((part) => {
              const { title, sub } = partTitle(part);
              const on = included.has(part.position);
              return (
                <tr key={part.position} className={on ? 'border-t' : 'border-t text-muted-foreground'} data-testid="draft-part">
                  <td className="px-2 py-1.5">
                    <input
                      type="checkbox"
                      className="size-5 accent-primary"
                      checked={on}
                      onChange={(event) => toggle(part.position, event.target.checked)}
                      aria-label={`Print ${title}`}
                      disabled={saving}
                    />
                  </td>
                  <td className="max-w-[16rem] px-2 py-1.5">
                    <span className="block truncate font-medium" title={title}>
                      {title}
                    </span>
                    {sub && (
                      <span className="block truncate text-xs text-muted-foreground" title={sub}>
                        {sub}
                      </span>
                    )}
                  </td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{count(part.voters)}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{count(part.deleted)}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{count(part.supplement_additions)}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{part.warnings ? <span className="text-warning">{count(part.warnings)}</span> : '0'}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{part.included ? count(part.pages) : '—'}</td>
                  <td className="px-2 py-1.5 text-right">
                    <Button
                      variant={previewing === part.position ? 'secondary' : 'ghost'}
                      size="sm"
                      disabled={!part.preview_url}
                      onClick={() => onPreview(part)}
                      aria-label={`Preview ${title}`}
                      aria-pressed={previewing === part.position}
                    >
                      <EyeIcon />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot className="sticky bottom-0 border-t bg-muted text-xs font-medium">
            <tr>
              <td />
              <td className="px-2 py-2" data-testid="draft-parts-total">
                {kept.length.toLocaleString('en-IN')} of {readable.length.toLocaleString('en-IN')} lists printed
              </td>
              <td className="px-2 py-2 text-right tabular-nums">{count(totals.voters)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{count(totals.deleted)}</td>
              <td colSpan={2} />
              <td className="px-2 py-2 text-right tabular-nums">{changed ? '…' : count(totals.pages)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {unreadable.length > 0 && (
        <ul className="grid gap-1" aria-label="Voter lists that could not be read">
          {unreadable.map((part) => (
            <li key={part.position} className="flex min-w-0 gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm" data-testid="draft-part-error">
              <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
              <span className="min-w-0">
                <span className="block truncate font-medium" title={part.file_name}>
                  {part.file_name}
                </span>
                <span className="block text-xs break-words text-destructive">{part.error} It gets no slips; the other lists go on.</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {doc.skipped_files && doc.skipped_files.length > 0 && (
        <p className="text-xs text-muted-foreground" data-testid="draft-skipped">
          Left out of the ZIP, not voter lists: {doc.skipped_files.join(', ')}.
        </p>
      )}
      <FormMessage notice={error ? { kind: 'error', text: error } : null} />
      {changed && (
        <div className="flex flex-col gap-2 rounded-md border border-primary/40 bg-primary/5 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
          <span>The pages and the fee are counted again for the lists you keep.</span>
          <Button size="sm" onClick={() => void save()} disabled={saving || kept.length === 0} data-testid="draft-parts-save">
            {saving ? <LoaderCircleIcon className="animate-spin" /> : <RefreshCwIcon />} Update the draft
          </Button>
        </div>
      )}
    </section>
  );
}
