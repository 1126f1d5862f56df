'use client';

import * as React from 'react';
import { FileIcon, FilesIcon, UploadIcon, XIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatSize } from './form-rules';

interface FilePickerProps {
  id: string;
  label: string;
  /** `accept` for the browser's file dialog, e.g. ".pdf,.xls,.xlsx". */
  accept: string;
  /** Whether a chosen file is acceptable; a non-matching choice is ignored (the form says which types it takes). */
  isAccepted: (name: string) => boolean;
  /** The files held: none, one, or (with `multiple`) several. */
  files: readonly File[];
  /** The files chosen now (accepted ones only): they replace the one held, or with `multiple` join the ones held. */
  onFiles: (files: File[]) => void;
  /** With `multiple`: a held file taken out again. */
  onRemove?: (index: number) => void;
  /** Called with the name of a chosen file of the wrong type (which is otherwise ignored). */
  onReject?: (name: string) => void;
  hint: string;
  disabled?: boolean;
  /** Several files at once (the browser's multi-select, and files dropped on the field). */
  multiple?: boolean;
}

/**
 * A file field: Browse, or files dropped on it. Shows the accepted file's name (or how many files and
 * their size, with each listed and removable) and ignores a file of the wrong type.
 */
export function FilePicker({ id, label, accept, isAccepted, files, onFiles, onRemove, onReject, hint, disabled, multiple }: FilePickerProps) {
  const [dragging, setDragging] = React.useState(false);
  const take = (chosen: readonly File[]) => {
    const accepted = chosen.filter((f) => isAccepted(f.name));
    const refused = chosen.find((f) => !isAccepted(f.name));
    if (refused) onReject?.(refused.name);
    if (accepted.length > 0) onFiles(multiple ? accepted : accepted.slice(0, 1));
  };
  const total = files.reduce((n, f) => n + f.size, 0);
  const shown = files.length === 0 ? null : files.length === 1 ? files[0].name : `${files.length} files`;
  return (
    // min-w-0: a grid item is as wide as its content by default, and a long file name must truncate instead
    <div className="grid min-w-0 gap-2">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        {label}
      </span>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          if (disabled) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) take(Array.from(event.dataTransfer.files));
        }}
        data-testid={`${id}-drop`}
        className={cn(
          'flex min-h-11 min-w-0 cursor-pointer items-center gap-3 rounded-md border border-dashed border-input px-3 py-2 text-sm transition-colors',
          'hover:bg-accent/50 focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 dark:bg-input/20',
          dragging && 'border-primary bg-accent/60',
          disabled && 'pointer-events-none opacity-50',
        )}
      >
        {files.length > 1 ? (
          <FilesIcon className="size-4 shrink-0 text-primary" />
        ) : files.length === 1 ? (
          <FileIcon className="size-4 shrink-0 text-primary" />
        ) : (
          <UploadIcon className="size-4 shrink-0 text-muted-foreground" />
        )}
        <span className={cn('min-w-0 flex-1 truncate', !shown && 'text-muted-foreground')} data-testid={`${id}-name`} title={files.length === 1 ? files[0].name : undefined}>
          {shown ?? (multiple ? 'Choose or drop files…' : 'Choose a file…')}
        </span>
        {files.length > 0 && <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatSize(total)}</span>}
        {multiple && files.length === 1 && onRemove && (
          <button
            type="button"
            className="inline-flex size-7 shrink-0 items-center justify-center rounded hover:bg-accent"
            aria-label={`Remove ${files[0].name}`}
            disabled={disabled}
            onClick={(event) => {
              // inside the label: the click must not open the file dialog too
              event.preventDefault();
              event.stopPropagation();
              onRemove(0);
            }}
          >
            <XIcon className="size-3.5" />
          </button>
        )}
        <span className="shrink-0 rounded bg-secondary px-2 py-1 text-xs font-medium text-secondary-foreground">{multiple && files.length > 0 ? 'Add' : 'Browse'}</span>
        <input
          id={id}
          name={id}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={(event) => {
            take(Array.from(event.target.files ?? []));
            // Clear the native field either way: the accepted files are held in state, wrong ones are ignored.
            event.target.value = '';
          }}
        />
      </label>
      {multiple && files.length > 1 && (
        <ul className="grid max-h-40 gap-1 overflow-y-auto rounded-md border p-1 text-xs" data-testid={`${id}-list`} aria-label={`${label}: chosen files`}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex min-w-0 items-center gap-2 rounded px-2 py-1 odd:bg-muted/50">
              <span className="min-w-0 flex-1 truncate" title={file.name}>
                {file.name}
              </span>
              <span className="shrink-0 text-muted-foreground tabular-nums">{formatSize(file.size)}</span>
              {onRemove && (
                <button
                  type="button"
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded hover:bg-accent"
                  aria-label={`Remove ${file.name}`}
                  disabled={disabled}
                  onClick={() => onRemove(index)}
                >
                  <XIcon className="size-3.5" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
