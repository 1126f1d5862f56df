// @vitest-environment jsdom
import * as React from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransliterationInput, type TransliterationInputProps } from './transliteration-input';

/** Fake /api/transliterate: a few known words, else two made-up options. */
const TABLE: Record<string, string[]> = {
  rampur: ['रामपुर', 'रमपुर', 'रम्पुर', 'रामपूर', 'रांपुर', 'छठा'],
  nagar: ['नगर', 'नागर', 'नगार'],
  gali: ['गली', 'गलि'],
};
let calls: string[] = [];
let failNext = false;
let delayMs = 0;

function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  calls.push(url.pathname + url.search);
  if (failNext) {
    failNext = false;
    return Promise.resolve(new Response('down', { status: 500 }));
  }
  const text = url.searchParams.get('text') ?? '';
  const num = Number(url.searchParams.get('num'));
  const options = (TABLE[text] ?? [`${text}१`, `${text}२`]).slice(0, num);
  const reply = Response.json(['SUCCESS', [[text, options]]]);
  return delayMs > 0 ? new Promise((resolve) => setTimeout(() => resolve(reply), delayMs)) : Promise.resolve(reply);
}

function Harness(props: Partial<TransliterationInputProps> & { initial?: string; onValue?: (v: string) => void }) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = React.useState(initial);
  return (
    <label>
      Address
      <TransliterationInput
        debounceMs={0}
        {...rest}
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
    </label>
  );
}

function field(): HTMLInputElement {
  return screen.getByRole('combobox') as HTMLInputElement;
}

function setWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Infinity);
    return { matches: width <= max, media: query, addEventListener() {}, removeEventListener() {} } as unknown as MediaQueryList;
  });
}

beforeEach(() => {
  calls = [];
  failNext = false;
  delayMs = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  setWidth(1024);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TransliterationInput', () => {
  it('is a combobox that shows at most 5 suggestions for the word being typed, from our endpoint', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'rampur');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['रामपुर', 'रमपुर', 'रम्पुर', 'रामपूर', 'रांपुर']);
    expect(field()).toHaveProperty('ariaExpanded', 'true');
    expect(field().getAttribute('aria-activedescendant')).toBe(options[0].id);
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    expect(calls.at(-1)).toBe('/api/transliterate?text=rampur&lang=hi&num=5');
    expect(calls.every((c) => c.startsWith('/api/transliterate?'))).toBe(true);
  });

  it('commits the highlighted option with space and types the space, keeping the caret after it', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<Harness onValue={(v) => seen.push(v)} />);
    await user.type(field(), 'rampur');
    await screen.findAllByRole('option');
    await user.keyboard(' ');
    expect(field().value).toBe('रामपुर ');
    expect(field().selectionStart).toBe('रामपुर '.length);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await user.type(field(), 'nagar');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    expect(field().value).toBe('रामपुर नगर');
    expect(seen.at(-1)).toBe('रामपुर नगर');
  });

  it('a space typed before the options arrive still commits the best one when they do, keeping the caret', async () => {
    delayMs = 80;
    const user = userEvent.setup();
    render(<Harness debounceMs={30} />);
    // नगर is shorter than nagar: the later word's position shifts before it is replaced
    await user.type(field(), 'nagar gali rampur');
    await waitFor(() => expect(field().value).toBe('नगर गली rampur'));
    expect(field().selectionStart).toBe('नगर गली rampur'.length);
    expect(await screen.findAllByRole('option')).toHaveLength(5);
  });

  it('moves the highlight with the arrow keys and commits with enter or tab', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'rampur');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(options[2].getAttribute('aria-selected')).toBe('true');
    expect(field().getAttribute('aria-activedescendant')).toBe(options[2].id);
    await user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('option')[1].getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(field().value).toBe('रमपुर');

    await user.type(field(), ' gali');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowUp}{Tab}');
    expect(field().value).toBe('रमपुर गलि');
    expect(document.activeElement).toBe(field());
  });

  it('commits an option chosen with the mouse and keeps the focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'nagar');
    const options = await screen.findAllByRole('option');
    await user.click(options[1]);
    expect(field().value).toBe('नागर');
    expect(document.activeElement).toBe(field());
  });

  it('keeps the Latin text on escape; space then types a plain space', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'rampur');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await user.keyboard(' ');
    expect(field().value).toBe('rampur ');
  });

  it('transliterates the word under the caret and keeps digits, punctuation and other words', async () => {
    const user = userEvent.setup();
    render(<Harness initial="House 12, gali 4" />);
    const el = field();
    el.focus();
    // caret right after "gali"
    el.setSelectionRange('House 12, gali'.length, 'House 12, gali'.length);
    await user.type(el, 'x', { initialSelectionStart: 14, initialSelectionEnd: 14 });
    await user.keyboard('{Backspace}');
    await screen.findAllByRole('option');
    expect(calls.at(-1)).toContain('text=gali&');
    await user.keyboard('{Enter}');
    expect(el.value).toBe('House 12, गली 4');
    expect(el.selectionStart).toBe('House 12, गली'.length);
  });

  it('asks nothing for digits or Devanagari, and shows nothing when the service fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), '12/');
    expect(calls).toHaveLength(0);
    failNext = true;
    await user.type(field(), 'a');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(field().value).toBe('12/a');
  });

  it('hides the box below the configured width but still commits the best option with space', async () => {
    setWidth(360);
    const user = userEvent.setup();
    render(<Harness hideSuggestionsBelow={450} />);
    await user.type(field(), 'rampur');
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(field()).toHaveProperty('ariaExpanded', 'false');
    await user.keyboard(' ');
    expect(field().value).toBe('रामपुर ');
  });

  it('shows the box on a narrow screen when not configured to hide it', async () => {
    setWidth(360);
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'rampur');
    expect(await screen.findAllByRole('option')).toHaveLength(5);
  });

  it('asks for fewer options when told, and works as a textarea', async () => {
    const user = userEvent.setup();
    render(<Harness multiline maxOptions={2} />);
    const area = screen.getByRole('combobox');
    expect(area.tagName).toBe('TEXTAREA');
    await user.type(area, 'rampur');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(calls.at(-1)).toContain('num=2');
    await user.keyboard('{Enter}');
    expect((area as HTMLTextAreaElement).value).toBe('रामपुर');
  });

  it('without suggestions, enter in a textarea makes a new line', async () => {
    const user = userEvent.setup();
    render(<Harness multiline transliterate={false} />);
    const area = screen.getByRole('combobox') as HTMLTextAreaElement;
    await user.type(area, 'ab{Enter}cd');
    expect(area.value).toBe('ab\ncd');
    expect(calls).toHaveLength(0);
  });
});
