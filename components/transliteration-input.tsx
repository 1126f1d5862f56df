'use client';

import * as React from 'react';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { SCRIPT_LANGUAGE_NAMES, type ScriptLanguage } from '@/lib/transliterate/scripts';
import { useTransliteration, type FieldElement } from './use-transliteration';

type NativeProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'>;

export interface TransliterationInputProps extends NativeProps {
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
  /** The language whose script the suggestions are in (default Hindi). */
  lang?: ScriptLanguage;
  /** Turn suggestions off (the field then behaves as a plain input). Default true. */
  transliterate?: boolean;
  /** Class of the wrapper element. */
  containerClassName?: string;
}

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
 * A text field that offers spellings in an Indian script (Hindi's Devanagari by default; `lang` picks
 * another) of the romanised word being typed: type `rampur`, pick `रामपुर`; in Gujarati `surat`, `સુરત`. Choose with the mouse or the arrow keys; space, enter and tab commit the
 * highlighted option (space also types the space); escape keeps the Latin text. Digits, punctuation
 * and other words are kept; the caret stays after the replaced word. An ARIA combobox with a listbox;
 * the asking and the replacing are useTransliteration's.
 */
export function TransliterationInput({
  value,
  onChange,
  multiline = false,
  rows = 2,
  hideSuggestionsBelow,
  maxOptions,
  debounceMs,
  endpoint,
  lang = 'hi',
  transliterate = true,
  containerClassName,
  className,
  id,
  onKeyDown,
  onFocus,
  onBlur,
  disabled,
  ...rest
}: TransliterationInputProps) {
  const reactId = React.useId();
  const fieldId = id ?? `transliteration-input-${reactId}`;
  const listId = `${fieldId}-listbox`;
  const pointer = React.useRef<{ x: number; y: number } | null>(null);
  const { fieldRef, suggestions, active, setActive, change, commit, dismiss, close, caretMoved, focused } = useTransliteration({
    value,
    onChange,
    enabled: transliterate,
    maxOptions,
    debounceMs,
    endpoint,
    lang,
  });
  const narrow = useNarrowScreen(hideSuggestionsBelow);

  const open = suggestions !== null && suggestions.options.length > 0;
  const showBox = open && !narrow;

  function handleChange(event: React.ChangeEvent<FieldElement>) {
    const text = event.target.value;
    change(text, event.target.selectionStart ?? text.length);
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
        dismiss();
        return;
      default:
    }
  }

  function handleSelect(event: React.SyntheticEvent<FieldElement>) {
    // A caret moved away from the word (click, arrow left/right) closes the box.
    const el = event.currentTarget;
    caretMoved(el.selectionStart ?? 0, el.selectionEnd);
  }

  function handleFocus(event: React.FocusEvent<FieldElement>) {
    onFocus?.(event as React.FocusEvent<HTMLInputElement>);
    focused();
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
    onFocus: handleFocus,
    onBlur: handleBlur,
    lang,
  };

  return (
    <div className={cn('relative w-full', containerClassName)} data-slot="transliteration-input">
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
        aria-label={`${SCRIPT_LANGUAGE_NAMES[lang]} suggestions`}
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
              lang={lang}
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
