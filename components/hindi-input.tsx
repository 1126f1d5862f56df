'use client';

import * as React from 'react';
import { flushSync } from 'react-dom';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { latinWordAt, replaceRange, type WordRange } from '@/lib/transliterate/caret';
import { parseInputToolsReply } from '@/lib/transliterate/reply';
import { cn } from '@/lib/utils';

/** SPEC §5 / §9: at most 5 options. */
export const MAX_OPTIONS = 5;

type NativeProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'>;

export interface HindiInputProps extends NativeProps {
  /** The text (controlled). */
  value: string;
  /** Called with the whole new text on every change, typed or chosen. */
  onChange: (value: string) => void;
  /** A `<textarea>` instead of an `<input>`. */
  multiline?: boolean;
  /** Rows of the textarea (multiline only). */
  rows?: number;
  /** Hide the suggestion box when the window is narrower than this (px), e.g. 450; the trigger keys still commit the best suggestion. */
  hideSuggestionsBelow?: number;
  /** How many suggestions to ask for (1..5, default 5). */
  maxOptions?: number;
  /** Wait this long after the last keystroke before asking (ms, default 150). */
  debounceMs?: number;
  /** Our transliteration endpoint (default /api/transliterate); the browser never calls an outside host. */
  endpoint?: string;
  /** Turn suggestions off (the field then behaves as a plain input). Default true. */
  transliterate?: boolean;
  /** Class of the wrapper element. */
  containerClassName?: string;
}

interface Suggestions {
  range: WordRange;
  options: string[];
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

function useNarrowScreen(breakpoint: number | undefined): boolean {
  const [narrow, setNarrow] = React.useState(false);
  React.useEffect(() => {
    if (!breakpoint || typeof window === 'undefined' || !window.matchMedia) {
      setNarrow(false);
      return;
    }
    const query = window.matchMedia(`(max-width: ${breakpoint - 0.02}px)`);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [breakpoint]);
  return narrow;
}

/**
 * A text field that offers Hindi (Devanagari) spellings of the romanised word being typed: type
 * `rampur`, pick `रामपुर`. Choose with the mouse or the arrow keys; space, enter and tab commit the
 * highlighted option (space also types the space); escape keeps the Latin text. Digits, punctuation
 * and other words are kept; the caret stays after the replaced word. An ARIA combobox with a listbox.
 */
export function HindiInput({
  value,
  onChange,
  multiline = false,
  rows = 2,
  hideSuggestionsBelow,
  maxOptions = MAX_OPTIONS,
  debounceMs = 150,
  endpoint = '/api/transliterate',
  transliterate = true,
  containerClassName,
  className,
  id,
  onKeyDown,
  onBlur,
  disabled,
  ...rest
}: HindiInputProps) {
  const reactId = React.useId();
  const fieldId = id ?? `hindi-input-${reactId}`;
  const listId = `${fieldId}-listbox`;
  const fieldRef = React.useRef<FieldElement | null>(null);
  const pendingCaret = React.useRef<number | null>(null);
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = React.useRef<AbortController | null>(null);
  const dismissed = React.useRef<string | null>(null);
  const pointer = React.useRef<{ x: number; y: number } | null>(null);
  /** The word whose options are being fetched. */
  const pendingRange = React.useRef<WordRange | null>(null);
  /** The latest `refresh` (defined below), for answers that arrive later. */
  const refreshRef = React.useRef<(text: string, caret: number) => void>(() => {});
  /** Words typed past before their options arrived, waiting to be replaced. */
  const lateCommits = React.useRef<WordRange[]>([]);
  /** The value as last rendered (for answers that arrive later). */
  const latestValue = React.useRef(value);
  latestValue.current = value;
  const [suggestions, setSuggestions] = React.useState<Suggestions | null>(null);
  const [active, setActive] = React.useState(0);
  const narrow = useNarrowScreen(hideSuggestionsBelow);
  const num = Math.min(MAX_OPTIONS, Math.max(1, Math.trunc(maxOptions)));

  const open = suggestions !== null && suggestions.options.length > 0;
  const showBox = open && !narrow;

  const cancelPending = React.useCallback(() => {
    pendingRange.current = null;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    inflight.current?.abort();
    inflight.current = null;
  }, []);

  const close = React.useCallback(() => {
    cancelPending();
    setSuggestions(null);
    setActive(0);
  }, [cancelPending]);

  React.useEffect(() => cancelPending, [cancelPending]);

  // Put the caret after a replaced word once the parent has re-rendered with the new value.
  React.useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const el = fieldRef.current;
    if (caret === null || !el) return;
    if (el.value.length >= caret) {
      el.setSelectionRange(caret, caret);
      pendingCaret.current = null;
    }
  }, [value]);

  /** Asks our endpoint for the options of one word; null when it fails (SPEC §8: only logged). */
  const fetchOptions = React.useCallback(
    async (word: string, signal: AbortSignal): Promise<string[] | null> => {
      try {
        const url = `${endpoint}?text=${encodeURIComponent(word)}&lang=hi&num=${num}`;
        const res = await fetch(url, { signal });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const options = parseInputToolsReply(await res.json());
        if (!options) throw new Error('the reply is not SUCCESS');
        return Array.from(new Set(options.filter((o) => o !== ''))).slice(0, num);
      } catch (error) {
        if ((error as Error).name !== 'AbortError') console.warn('[transliterate] no suggestions:', (error as Error).message);
        return null;
      }
    },
    [endpoint, num],
  );

  const request = React.useCallback(
    (range: WordRange) => {
      cancelPending();
      pendingRange.current = range;
      const run = async () => {
        const controller = new AbortController();
        inflight.current = controller;
        const options = await fetchOptions(range.word, controller.signal);
        if (inflight.current === controller) inflight.current = null;
        if (controller.signal.aborted) return;
        if (pendingRange.current === range) pendingRange.current = null;
        setSuggestions(options && options.length > 0 ? { range, options } : null);
        setActive(0);
      };
      if (debounceMs <= 0) void run();
      else timer.current = setTimeout(() => void run(), debounceMs);
    },
    [cancelPending, debounceMs, fetchOptions],
  );

  /**
   * A space or new line typed after a word whose options have not arrived yet (fast typing, or a phone
   * keyboard that sends no key events): replace the word with the best option once it arrives, if the
   * text still holds it.
   */
  const commitWhenReady = React.useCallback(
    (typed: WordRange) => {
      cancelPending();
      pendingRange.current = null;
      // kept in a list so that an earlier word's replacement can shift the positions of later ones
      const range = { ...typed };
      lateCommits.current.push(range);
      void fetchOptions(range.word, new AbortController().signal).then((options) => {
        lateCommits.current = lateCommits.current.filter((r) => r !== range);
        const best = options?.[0];
        const el = fieldRef.current;
        const text = latestValue.current;
        if (!best || !el) return;
        const word = latinWordAt(text, range.end);
        if (!word || word.start !== range.start || word.word !== range.word || !/\s/.test(text[range.end] ?? '')) return;
        const caret = el.selectionStart ?? text.length;
        const delta = best.length - range.word.length;
        const next = replaceRange(text, range, best);
        for (const other of lateCommits.current) {
          if (other.start >= range.end) {
            other.start += delta;
            other.end += delta;
          }
        }
        const newCaret = caret >= range.end ? caret + delta : caret;
        pendingCaret.current = newCaret;
        latestValue.current = next.text;
        // Render now: a keystroke handled before the re-render would see the old text and undo this.
        flushSync(() => onChange(next.text));
        // Positions after the replaced word moved: ask again for the word being typed, if any.
        if (document.activeElement === el) refreshRef.current(next.text, newCaret);
      });
    },
    [cancelPending, fetchOptions, onChange],
  );

  /** Looks at the word under the caret and asks for suggestions (or closes the box). */
  const refresh = React.useCallback(
    (text: string, caret: number) => {
      if (!transliterate) return;
      const range = latinWordAt(text, caret);
      if (!range || range.end !== caret) {
        close();
        return;
      }
      if (dismissed.current === `${range.start}:${range.word}`) {
        close();
        return;
      }
      dismissed.current = null;
      // options for the previous spelling of the word no longer apply
      setSuggestions(null);
      setActive(0);
      request(range);
    },
    [close, request, transliterate],
  );

  refreshRef.current = refresh;

  const commit = React.useCallback(
    (index: number, after = '') => {
      if (!suggestions) return;
      const choice = suggestions.options[index] ?? suggestions.options[0];
      const { range } = suggestions;
      // Only replace if the text still holds the word the options are for.
      const current = latinWordAt(value, range.end);
      if (!current || current.start !== range.start || current.word !== range.word) {
        close();
        return;
      }
      const next = replaceRange(value, range, choice, after);
      pendingCaret.current = next.caret;
      close();
      onChange(next.text);
    },
    [close, onChange, suggestions, value],
  );

  function handleChange(event: React.ChangeEvent<FieldElement>) {
    const text = event.target.value;
    const caret = event.target.selectionStart ?? text.length;
    // Phones often send no key events: a space or new line typed right after the word commits too.
    if (open && suggestions && caret > 0 && /^[ \n]$/.test(text[caret - 1] ?? '') && text.length === value.length + 1) {
      const { range } = suggestions;
      if (caret - 1 === range.end && text.slice(range.start, range.end) === range.word && text.slice(0, caret - 1) + text.slice(caret) === value) {
        const choice = suggestions.options[active] ?? suggestions.options[0];
        const next = replaceRange(value, range, choice, text[caret - 1]);
        pendingCaret.current = next.caret;
        close();
        onChange(next.text);
        return;
      }
    }
    const typedAfterWord =
      transliterate &&
      caret > 0 &&
      /^[ \n]$/.test(text[caret - 1] ?? '') &&
      text.length === value.length + 1 &&
      text.slice(0, caret - 1) + text.slice(caret) === value;
    const pending = pendingRange.current;
    if (typedAfterWord && pending && pending.end === caret - 1 && text.slice(pending.start, pending.end) === pending.word) {
      latestValue.current = text;
      onChange(text);
      setSuggestions(null);
      commitWhenReady(pending);
      return;
    }
    onChange(text);
    refresh(text, caret);
  }

  function handleKeyDown(event: React.KeyboardEvent<FieldElement>) {
    onKeyDown?.(event as React.KeyboardEvent<HTMLInputElement>);
    if (event.defaultPrevented || !open || event.nativeEvent.isComposing) return;
    const count = suggestions.options.length;
    switch (event.key) {
      case 'ArrowDown':
        if (!showBox) return;
        event.preventDefault();
        setActive((i) => (i + 1) % count);
        return;
      case 'ArrowUp':
        if (!showBox) return;
        event.preventDefault();
        setActive((i) => (i - 1 + count) % count);
        return;
      case 'Enter':
      case 'Tab':
        event.preventDefault();
        commit(active);
        return;
      case ' ':
        event.preventDefault();
        commit(active, ' ');
        return;
      case 'Escape':
        event.preventDefault();
        dismissed.current = `${suggestions.range.start}:${suggestions.range.word}`;
        close();
        return;
      default:
    }
  }

  function handleSelect(event: React.SyntheticEvent<FieldElement>) {
    // A caret moved away from the word (click, arrow left/right) closes the box.
    if (!suggestions) return;
    const el = event.currentTarget;
    const caret = el.selectionStart ?? 0;
    if (caret !== suggestions.range.end || el.selectionEnd !== caret) close();
  }

  function handleBlur(event: React.FocusEvent<FieldElement>) {
    onBlur?.(event as React.FocusEvent<HTMLInputElement>);
    close();
  }

  const optionId = (i: number) => `${fieldId}-option-${i}`;
  const comboboxProps = {
    id: fieldId,
    role: 'combobox' as const,
    'aria-autocomplete': 'list' as const,
    'aria-expanded': showBox,
    'aria-controls': listId,
    'aria-activedescendant': showBox ? optionId(active) : undefined,
    autoComplete: 'off',
    autoCorrect: 'off',
    autoCapitalize: 'off',
    spellCheck: false,
    value,
    disabled,
    onChange: handleChange,
    onKeyDown: handleKeyDown,
    onSelect: handleSelect,
    onBlur: handleBlur,
    lang: 'hi',
  };

  return (
    <div className={cn('relative w-full', containerClassName)} data-slot="hindi-input">
      {multiline ? (
        <Textarea
          {...(rest as React.TextareaHTMLAttributes<HTMLTextAreaElement>)}
          {...comboboxProps}
          rows={rows}
          ref={(el: HTMLTextAreaElement | null) => {
            fieldRef.current = el;
          }}
          className={className}
        />
      ) : (
        <Input
          {...rest}
          {...comboboxProps}
          type="text"
          ref={(el: HTMLInputElement | null) => {
            fieldRef.current = el;
          }}
          className={className}
        />
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label="Hindi suggestions"
        hidden={!showBox}
        className="absolute top-full left-0 z-50 mt-1 min-w-48 max-w-full overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {showBox &&
          suggestions.options.map((option, i) => (
            <li
              key={option}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              lang="hi"
              // keep the focus in the field
              onMouseDown={(e) => e.preventDefault()}
              // Only a real pointer movement highlights: a list appearing under a resting pointer must not.
              onMouseMove={(e) => {
                const last = pointer.current;
                pointer.current = { x: e.clientX, y: e.clientY };
                if (last && (last.x !== e.clientX || last.y !== e.clientY)) setActive(i);
              }}
              onClick={() => {
                commit(i);
                fieldRef.current?.focus();
              }}
              className={cn(
                'cursor-pointer rounded-sm px-3 py-2 text-base leading-snug select-none',
                i === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
              )}
            >
              {option}
            </li>
          ))}
      </ul>
    </div>
  );
}
