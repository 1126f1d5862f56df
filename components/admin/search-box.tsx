'use client';

import * as React from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';

interface SearchBoxProps {
  /** Called with the trimmed text after the user pauses typing (debounced). */
  onSearch(q: string): void;
  placeholder: string;
  label: string;
  delayMs?: number;
}

/** A search field that reports its text after a short pause, so each keystroke is not a request. */
export function SearchBox({ onSearch, placeholder, label, delayMs = 300 }: SearchBoxProps) {
  const [text, setText] = React.useState('');
  const latest = React.useRef(onSearch);
  React.useEffect(() => {
    latest.current = onSearch;
  });
  const first = React.useRef(true);

  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = window.setTimeout(() => latest.current(text.trim()), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <div className="relative w-full sm:max-w-xs">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="pl-9"
      />
    </div>
  );
}
