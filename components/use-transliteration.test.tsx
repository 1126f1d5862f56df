// @vitest-environment jsdom
import * as React from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTransliteration, type TransliterationOptions } from './use-transliteration';

/** A fake /api/transliterate: a few known words, else two made-up options; `hold` keeps answers back. */
const TABLE: Record<string, string[]> = { rampur: ['रामपुर', 'रमपुर', 'रम्पुर'], nagar: ['नगर', 'नागर'] };
let asked: string[] = [];
let failNext = false;
let hold: (() => void)[] | null = null;

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  asked.push(url.pathname + url.search);
  if (failNext) {
    failNext = false;
    return Promise.resolve(new Response('down', { status: 503 }));
  }
  const text = url.searchParams.get('text') ?? '';
  const reply = () => Response.json(['SUCCESS', [[text, (TABLE[text] ?? [`${text}१`, `${text}२`]).slice(0, Number(url.searchParams.get('num')))]]]);
  if (!hold) return Promise.resolve(reply());
  return new Promise((resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    hold!.push(() => resolve(reply()));
  });
}

/** The hook over a value kept in state, as a field's parent keeps it; `changes` lists every onChange. */
function setup(options: Partial<TransliterationOptions> & { initial?: string } = {}) {
  const { initial = '', ...rest } = options;
  const changes: string[] = [];
  const hook = renderHook(() => {
    const [value, setValue] = React.useState(initial);
    const t = useTransliteration({
      debounceMs: 0,
      ...rest,
      value,
      onChange: (v) => {
        changes.push(v);
        setValue(v);
      },
    });
    return { value, ...t };
  });
  const type = (text: string) => act(() => hook.result.current.change(text, text.length));
  return { hook, changes, type };
}

beforeEach(() => {
  asked = [];
  failNext = false;
  hold = null;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useTransliteration', () => {
  it('asks for the word that ends at the caret and offers its spellings, the first highlighted', async () => {
    const { hook, type } = setup({ maxOptions: 2 });
    type('rampur');
    await waitFor(() => expect(hook.result.current.suggestions?.options).toEqual(['रामपुर', 'रमपुर']));
    expect(hook.result.current.suggestions?.range).toMatchObject({ start: 0, end: 6, word: 'rampur' });
    expect(hook.result.current.active).toBe(0);
    expect(asked).toEqual(['/api/transliterate?text=rampur&lang=hi&num=2']);
  });

  it('waits for a pause in typing and asks only for the last spelling of the word', async () => {
    vi.useFakeTimers();
    try {
      const { hook, type } = setup({ debounceMs: 150 });
      type('r');
      type('ra');
      type('rampur');
      expect(asked).toEqual([]);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(150);
      });
      expect(asked).toEqual(['/api/transliterate?text=rampur&lang=hi&num=5']);
      expect(hook.result.current.suggestions?.options[0]).toBe('रामपुर');
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops an answer for a spelling typed over', async () => {
    hold = [];
    const { hook, type } = setup();
    type('nagar');
    type('nagar 12');
    const answers = hold;
    hold = null;
    await act(async () => answers.forEach((answer) => answer()));
    expect(hook.result.current.suggestions).toBeNull();
  });

  it('commits the highlighted spelling, types what chose it, and closes the offer', async () => {
    const { hook, changes, type } = setup({ initial: '' });
    type('gali rampur');
    await waitFor(() => expect(hook.result.current.suggestions).not.toBeNull());
    act(() => hook.result.current.setActive(1));
    act(() => hook.result.current.commit(hook.result.current.active, ' '));
    expect(hook.result.current.value).toBe('gali रमपुर ');
    expect(changes.at(-1)).toBe('gali रमपुर ');
    expect(hook.result.current.suggestions).toBeNull();
  });

  it('a space typed right after the word (a phone keyboard sends no key events) takes the highlighted spelling', async () => {
    const { hook, type } = setup();
    type('nagar');
    await waitFor(() => expect(hook.result.current.suggestions).not.toBeNull());
    type('nagar ');
    expect(hook.result.current.value).toBe('नगर ');
  });

  it('a space typed before the spellings arrive takes the best one when they do', async () => {
    hold = [];
    const { hook, type } = setup();
    const field = document.createElement('input');
    document.body.append(field);
    hook.result.current.fieldRef.current = field;
    type('nagar');
    expect(asked).toHaveLength(1);
    type('nagar ');
    field.value = 'nagar ';
    // the word's first request was cancelled; the late commit asked again
    expect(asked).toHaveLength(2);
    const answers = hold;
    hold = null;
    await act(async () => answers.forEach((answer) => answer()));
    await waitFor(() => expect(hook.result.current.value).toBe('नगर '));
    field.remove();
  });

  it('keeps the Latin word when dismissed, until it changes', async () => {
    const { hook, type } = setup();
    type('rampur');
    await waitFor(() => expect(hook.result.current.suggestions).not.toBeNull());
    act(() => hook.result.current.dismiss());
    expect(hook.result.current.suggestions).toBeNull();
    act(() => hook.result.current.change('rampur', 6));
    expect(asked).toHaveLength(1);
    type('rampura');
    await waitFor(() => expect(hook.result.current.suggestions?.range.word).toBe('rampura'));
  });

  it('closes when the caret leaves the word', async () => {
    const { hook, type } = setup();
    type('nagar');
    await waitFor(() => expect(hook.result.current.suggestions).not.toBeNull());
    act(() => hook.result.current.caretMoved(5, 5));
    expect(hook.result.current.suggestions).not.toBeNull();
    act(() => hook.result.current.caretMoved(2, 2));
    expect(hook.result.current.suggestions).toBeNull();
  });

  it('asks nothing when turned off, nor for digits; a failing service offers nothing and is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const off = setup({ enabled: false });
    act(() => off.hook.result.current.change('rampur', 6));
    expect(off.hook.result.current.value).toBe('rampur');
    const on = setup();
    on.type('12/');
    expect(asked).toEqual([]);
    failNext = true;
    on.type('12/a');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('[transliterate] no suggestions:', 'HTTP 503'));
    expect(on.hook.result.current.suggestions).toBeNull();
  });

  it('a focused field has the server get its language ready once, before any word; a field turned off does not', async () => {
    const field = setup({ lang: 'kn', endpoint: '/focus-test' });
    act(() => field.hook.result.current.focused());
    act(() => field.hook.result.current.focused());
    await waitFor(() => expect(asked).toEqual(['/focus-test?text=&lang=kn&num=1']));
    const off = setup({ lang: 'ml', endpoint: '/focus-test', enabled: false });
    act(() => off.hook.result.current.focused());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual(['/focus-test?text=&lang=kn&num=1']);
  });
});
