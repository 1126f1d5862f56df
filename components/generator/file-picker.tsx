'use client';

import * as React from 'react';
import { FileIcon, UploadIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatSize } from './form-rules';

interface FilePickerProps {
  id: string;
  label: string;
  /** `accept` for the browser's file dialog, e.g. ".pdf,.xls,.xlsx". */
  accept: string;
  /** Whether a chosen file is acceptable; a non-matching choice is ignored without a message (the form says which types it takes). */
  isAccepted: (name: string) => boolean;
  file: File | null;
  onFile: (file: File) => void;
  /** Called with the name of a chosen file of the wrong type (which is otherwise ignored). */
  onReject?: (name: string) => void;
  hint: string;
  disabled?: boolean;
}

/** A file field that shows the accepted file's name and ignores a file of the wrong type. */
export function FilePicker({ id, label, accept, isAccepted, file, onFile, onReject, hint, disabled }: FilePickerProps) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  return (
    // min-w-0: a grid item is as wide as its content by default, and a long file name must truncate instead
    <div className="grid min-w-0 gap-2">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        {label}
      </span>
      <label
        htmlFor={id}
        className={cn(
          'flex min-h-11 min-w-0 cursor-pointer items-center gap-3 rounded-md border border-dashed border-input px-3 py-2 text-sm transition-colors',
          'hover:bg-accent/50 focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 dark:bg-input/20',
          disabled && 'pointer-events-none opacity-50',
        )}
      >
        {file ? <FileIcon className="size-4 shrink-0 text-primary" /> : <UploadIcon className="size-4 shrink-0 text-muted-foreground" />}
        <span className={cn('min-w-0 flex-1 truncate', !file && 'text-muted-foreground')} data-testid={`${id}-name`} title={file?.name}>
          {file ? file.name : 'Choose a file…'}
        </span>
        {file && <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatSize(file.size)}</span>}
        <span className="shrink-0 rounded bg-secondary px-2 py-1 text-xs font-medium text-secondary-foreground">Browse</span>
        <input
          ref={inputRef}
          id={id}
          name={id}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen && isAccepted(chosen.name)) onFile(chosen);
            else if (chosen) onReject?.(chosen.name);
            // Clear the native field either way: the accepted file is held in state, a wrong one is ignored.
            event.target.value = '';
          }}
        />
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
