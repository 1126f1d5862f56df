// @vitest-environment jsdom
import * as React from 'react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentStatus } from '@/lib/client/documents';
import type { ScriptLanguage } from '@/lib/transliterate/scripts';
import { SlipChoicesPanel } from './generator/slip-choices';
import { ScriptChooser } from './script-chooser';
import { TransliterationInput } from './transliteration-input';

/** Fake /api/transliterate: the word spelt in the language asked for. */
const SPELLINGS: Record<string, Record<string, string[]>> = {
  hi: { surat: ['सूरत', 'सुरत'] },
  gu: { surat: ['સુરત', 'સૂરત'] },
  ta: { salem: ['சேலம்', 'செலம்'] },
};
let asked: URLSearchParams[] = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url.searchParams);
    const text = url.searchParams.get('text') ?? '';
    const lang = url.searchParams.get('lang') ?? '';
    return Response.json(['SUCCESS', [[text, SPELLINGS[lang]?.[text] ?? [`${text}?`]]]]);
  });
  // Radix's switch on the draft screen measures itself; jsdom has no ResizeObserver
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Address({ initialLang = 'hi' }: { initialLang?: ScriptLanguage }) {
  const [lang, setLang] = React.useState<ScriptLanguage>(initialLang);
  const [value, setValue] = React.useState('');
  return (
    <div>
      <label htmlFor="address">Address</label>
      <ScriptChooser id="address-script" value={lang} onChange={setLang} controls="address" />
      <TransliterationInput id="address" debounceMs={0} lang={lang} value={value} onChange={setValue} />
    </div>
  );
}

const chooser = () => screen.getByRole('combobox', { name: 'Suggestions in' }) as HTMLSelectElement;
const address = (name = 'Address') => screen.getByRole('combobox', { name }) as HTMLTextAreaElement;

describe('ScriptChooser with the address field', () => {
  it('offers the ten scripts, Hindi first by default', () => {
    render(<Address />);
    expect(chooser().value).toBe('hi');
    expect(Array.from(chooser().options).map((o) => o.value)).toEqual(['hi', 'mr', 'gu', 'bn', 'pa', 'or', 'ta', 'te', 'kn', 'ml']);
    expect(chooser().options[2].textContent).toBe('Gujarati · ગુજરાતી');
  });

  it('asks in the chosen language and labels the suggestions with it', async () => {
    const user = userEvent.setup();
    render(<Address />);
    await user.type(address(), 'surat');
    const hindi = await screen.findByRole('listbox', { name: 'Hindi suggestions' });
    expect(within(hindi).getAllByRole('option')[0].textContent).toBe('सूरत');

    await user.selectOptions(chooser(), 'gu');
    // the Hindi offer is gone as soon as the language changes
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.clear(address());
    await user.type(address(), 'surat');
    const list = await screen.findByRole('listbox', { name: 'Gujarati suggestions' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['સુરત', 'સૂરત']);
    expect(options[0].getAttribute('lang')).toBe('gu');
    expect(address().getAttribute('lang')).toBe('gu');
    expect(asked.at(-1)?.get('lang')).toBe('gu');
    await user.keyboard('{Enter}');
    expect(address().value).toBe('સુરત');
  });
});

function draft(language: string | undefined): DocumentStatus {
  return {
    id: 7,
    status: 'draft',
    summary: { voters: 10, language, roll: { pollingStationAddress: 'x' } },
    options: { booth_address: 'School' },
  } as unknown as DocumentStatus;
}

describe('the draft screen address', () => {
  it("suggests in the roll's language by default, and can be switched", async () => {
    const user = userEvent.setup();
    render(<SlipChoicesPanel doc={draft('ta')} onSaved={() => {}} />);
    expect(chooser().value).toBe('ta');
    expect(screen.getByText('Type in English letters for Tamil suggestions.')).toBeTruthy();
    const field = address('Address printed on the slips');
    await user.clear(field);
    await user.type(field, 'salem');
    await screen.findByRole('listbox', { name: 'Tamil suggestions' });
    await user.keyboard('{Enter}');
    expect(field.value).toBe('சேலம்');
    await waitFor(() => expect(asked.some((q) => q.get('lang') === 'ta' && q.get('text') === 'salem')).toBe(true));

    await user.selectOptions(chooser(), 'gu');
    expect(screen.getByText('Type in English letters for Gujarati suggestions.')).toBeTruthy();
  });

  it('suggests Hindi when the list is in English or its language is unknown', () => {
    render(<SlipChoicesPanel doc={draft('en')} onSaved={() => {}} />);
    expect(chooser().value).toBe('hi');
    cleanup();
    render(<SlipChoicesPanel doc={draft(undefined)} onSaved={() => {}} />);
    expect(chooser().value).toBe('hi');
  });
});
