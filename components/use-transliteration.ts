'use client';

import * as React from 'react';
import { flushSync } from 'react-dom';
import { fetchSpellings, MAX_OPTIONS, readySpellings, TRANSLITERATE_ENDPOINT } from '@/lib/client/transliterate';
import { latinWordAt, replaceRange, type WordRange } from '@/lib/transliterate/caret';
import type { ScriptLanguage } from '@/lib/transliterate/scripts';

export type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/** The spellings offered for the word that ends at the caret. */
export interface Suggestions {
  range: WordRange;
  options: string[];
}

export interface TransliterationOptions {
  /** The field's text (controlled). */
  value: string;
  /** Called with the whole new text, typed or chosen. */
  onChange: (value: string) => void;
  /** Offer spellings at all (default true); off, the field is a plain one. */
  enabled?: boolean;
  /** How many spellings to ask for (1..5, default 5). */
  maxOptions?: number;
  /** Wait this long after the last keystroke before asking (ms, default 150). */
  debounceMs?: number;
  /** The transliteration endpoint (default /api/transliterate). */
  endpoint?: string;
  /** The language whose script the spellings are in (default Hindi); a change closes the offer. */
  lang?: ScriptLanguage;
}

export interface Transliteration {
  /** The field, for putting the caret after a replaced word. */
  fieldRef: React.RefObject<FieldElement | null>;
  /** The spellings on offer, or null. */
  suggestions: Suggestions | null;
  /** The highlighted spelling. */
  active: number;
  setActive: React.Dispatch<React.SetStateAction<number>>;
  /** The field's text changed (typed or pasted), with the caret after the change. */
  change(text: string, caret: number): void;
  /** Replaces the word with spelling `index`, then types `after` (e.g. the space that chose it). */
  commit(index: number, after?: string): void;
  /** Keeps the Latin word: no spellings for it until it changes. */
  dismiss(): void;
  /** Closes the offer and stops asking. */
  close(): void;
  /** The selection moved: a caret away from the word closes the offer. */
  caretMoved(start: number, end: number | null): void;
  /** The field was focused: the server gets the language's words ready (once per language in a page). */
  focused(): void;
}

/**
 * The state behind a field that offers spellings in an Indian script (Hindi's by default) of the romanised word being typed:
 * asks the endpoint for the word that ends at the caret (debounced, the previous request cancelled),
 * keeps the options and the highlighted one, and replaces the word with the chosen spelling, putting the
 * caret after it. A space or new line typed before the options arrive (fast typing, or a phone keyboard
 * that sends no key events) replaces the word with the best option once they do.
 */
export function useTransliteration({
  value,
  onChange,
  enabled = true,
  maxOptions = MAX_OPTIONS,
  debounceMs = 150,
  endpoint = TRANSLITERATE_ENDPOINT,
  lang = 'hi',
}: TransliterationOptions): Transliteration {
  const fieldRef = React.useRef<FieldElement | null>(null);
  const pendingCaret = React.useRef<number | null>(null);
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = React.useRef<AbortController | null>(null);
  const dismissed = React.useRef<string | null>(null);
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
  const num = Math.min(MAX_OPTIONS, Math.max(1, Math.trunc(maxOptions)));
  const open = suggestions !== null && suggestions.options.length > 0;

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

  // Spellings in another script no longer apply once the language changes.
  const shownLang = React.useRef(lang);
  React.useEffect(() => {
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    close();
  }, [lang, close]);

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

  /** The options of one word; null when asking fails (only logged: the field offers nothing then). */
  const fetchOptions = React.useCallback(
    async (word: string, signal: AbortSignal): Promise<string[] | null> => {
      const result = await fetchSpellings(word, { num, signal, endpoint, lang });
      if (result.ok) return result.value;
      if (!signal.aborted) console.warn('[transliterate] no suggestions:', result.error);
      return null;
    },
    [endpoint, num, lang],
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
   * A space or new line typed after a word whose options have not arrived yet: replace the word with the
   * best option once it arrives, if the text still holds it.
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

  /** Looks at the word under the caret and asks for suggestions (or closes the offer). */
  const refresh = React.useCallback(
    (text: string, caret: number) => {
      if (!enabled) return;
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
    [close, enabled, request],
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

  function change(text: string, caret: number) {
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
      enabled &&
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

  function dismiss() {
    if (suggestions) dismissed.current = `${suggestions.range.start}:${suggestions.range.word}`;
    close();
  }

  function caretMoved(start: number, end: number | null) {
    if (!suggestions) return;
    if (start !== suggestions.range.end || end !== start) close();
  }

  const focused = React.useCallback(() => {
    if (enabled) readySpellings({ endpoint, lang });
  }, [enabled, endpoint, lang]);

  return { fieldRef, suggestions, active, setActive, change, commit, dismiss, close, caretMoved, focused };
}
