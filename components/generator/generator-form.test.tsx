// @vitest-environment jsdom
import * as React from 'react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogsProvider } from '@/components/dialogs/app-dialogs';
import type { Result } from '@/lib/client/api';
import type { Pricing } from '@/lib/client/documents';

/** The form against stand-ins for the router, the pricing answer and the upload. */
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));
let pricing: Promise<Pricing | null>;
const sent: FormData[] = [];
let startAnswer: Result<{ id: number }>;
vi.mock('@/lib/client/documents', async (original) => ({
  ...(await original<typeof import('@/lib/client/documents')>()),
  getPricing: () => pricing,
  startDocument: async (form: FormData) => {
    sent.push(form);
    return startAnswer;
  },
}));

/** The files go up as resumable uploads first; here each answers an id made from its name. */
const uploadedFiles: { name: string; kind: string }[] = [];
vi.mock('@/lib/client/resumable-upload', async (original) => ({
  ...(await original<typeof import('@/lib/client/resumable-upload')>()),
  uploadResumable: async (file: File, options: { kind: string; onProgress?: (sent: number, total: number) => void }) => {
    uploadedFiles.push({ name: file.name, kind: options.kind });
    options.onProgress?.(file.size, file.size);
    return { uploadId: `up-${file.name}` };
  },
}));

/** The values kept across a trip to the login page, in memory instead of IndexedDB. */
const keptForms = new Map<string, unknown>();
vi.mock('@/lib/client/kept-form', () => ({
  keepForm: async (key: string, values: unknown) => {
    keptForms.set(key, values);
    return true;
  },
  takeKeptForm: async (key: string) => {
    const values = keptForms.get(key) ?? null;
    keptForms.delete(key);
    return values;
  },
}));

const { GeneratorForm } = await import('./generator-form');

const PRICING: Pricing = { fee_per_page: 2, min_fee: 1, currency: 'INR', test_mode: true, max_upload_mb: 1 };
const roll = (bytes = 2048) => new File([new Uint8Array(bytes)], 'roll.pdf', { type: 'application/pdf' });
const banner = () => new File(['png'], 'banner.png', { type: 'image/png' });

function setup() {
  const started = vi.fn();
  render(
    <DialogsProvider>
      <GeneratorForm onStarted={started} />
    </DialogsProvider>,
  );
  const generate = () => screen.getByRole('button', { name: 'Generate Slips' });
  return { started, generate };
}

async function fill(user: ReturnType<typeof userEvent.setup>, list: File) {
  await user.upload(document.getElementById('voter-list') as HTMLInputElement, list);
  await user.upload(document.getElementById('banner') as HTMLInputElement, banner());
  await user.type(screen.getByRole('combobox', { name: 'Polling Station Address' }), 'Ward 4 School');
}

beforeEach(() => {
  sent.length = 0;
  uploadedFiles.length = 0;
  keptForms.clear();
  pricing = Promise.resolve(PRICING);
  startAnswer = { ok: true, value: { id: 42 } };
  window.localStorage.setItem('token', 'access-1');
  // the address field asks for Hindi spellings; none here
  vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
  // Radix's switch measures itself; jsdom has no ResizeObserver
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GeneratorForm', () => {
  it('enables Generate Slips once a voter list, a banner and an address are given, and sends them', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { started, generate } = setup();
    expect(generate()).toHaveProperty('disabled', true);
    await fill(user, roll());
    expect(screen.getByTestId('voter-list-name').textContent).toBe('roll.pdf');
    expect(generate()).toHaveProperty('disabled', false);
    await user.click(generate());
    await waitFor(() => expect(started).toHaveBeenCalledWith({ id: 42 }, expect.objectContaining({ boothAddress: 'Ward 4 School', pageSize: 'a4' })));
    expect(sent).toHaveLength(1);
    expect(sent[0].get('booth_address')).toBe('Ward 4 School');
    expect(sent[0].get('page_size')).toBe('a4');
    expect(sent[0].get('slips_per_page')).toBe('8');
    // the files went up as resumable uploads, and the task names them
    expect(uploadedFiles).toEqual([
      { name: 'roll.pdf', kind: 'voter_list' },
      { name: 'banner.png', kind: 'banner' },
    ]);
    expect(sent[0].getAll('pdf_upload')).toEqual(['up-roll.pdf']);
    expect(sent[0].get('banner_upload')).toBe('up-banner.png');
    expect(sent[0].get('pdf_file')).toBeNull();
  });

  it('takes several voter lists, each sent as its own upload in the order chosen', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { started, generate } = setup();
    const part = (n: number) => new File([new Uint8Array(100)], `part-${n}.xlsx`);
    await user.upload(document.getElementById('voter-list') as HTMLInputElement, [part(1), part(2)]);
    await user.upload(document.getElementById('voter-list') as HTMLInputElement, part(3));
    expect(screen.getByTestId('voter-list-name').textContent).toBe('3 files');
    await user.click(screen.getByRole('button', { name: 'Remove part-2.xlsx' }));
    expect(screen.getByTestId('voter-list-name').textContent).toBe('2 files');
    await user.upload(document.getElementById('banner') as HTMLInputElement, banner());
    await user.type(screen.getByRole('combobox', { name: 'Polling Station Address' }), 'Ward 4 School');
    await user.click(generate());
    await waitFor(() => expect(started).toHaveBeenCalled());
    expect(sent[0].getAll('pdf_upload')).toEqual(['up-part-1.xlsx', 'up-part-3.xlsx']);
  });

  it('ignores a file of the wrong type, saying so while no file is chosen', async () => {
    const user = userEvent.setup({ applyAccept: false });
    setup();
    await user.upload(document.getElementById('voter-list') as HTMLInputElement, new File(['x'], 'notes.txt'));
    expect(screen.getByTestId('form-error').textContent).toBe('Invalid file type for Voter List. Please select a PDF or Excel file.');
    expect(screen.getByTestId('voter-list-name').textContent).toBe('Choose or drop files…');
  });

  it('refuses a file over the limit when chosen, and at Generate Slips when the limit came later', async () => {
    const user = userEvent.setup({ applyAccept: false });
    let answer: (p: Pricing) => void = () => {};
    pricing = new Promise((resolve) => (answer = resolve));
    const { generate } = setup();
    await fill(user, roll(2 * 1024 * 1024));
    answer(PRICING);
    await screen.findByText(/up to 1 MB/, { selector: '#voter-list-hint' });
    await user.click(generate());
    expect((await screen.findByTestId('form-error')).textContent).toBe('The Voter List is 2.0 MB; the limit is 1 MB.');
    expect(sent).toHaveLength(0);
    await user.upload(document.getElementById('voter-list') as HTMLInputElement, roll(3 * 1024 * 1024));
    expect(screen.getByTestId('form-error').textContent).toBe('The Voter List is 3.0 MB; the limit is 1 MB.');
  });

  it("shows the server's refusal and keeps the form", async () => {
    const user = userEvent.setup({ applyAccept: false });
    startAnswer = { ok: false, error: 'The voter list could not be read.' };
    const { started, generate } = setup();
    await fill(user, roll());
    await user.click(generate());
    expect((await screen.findByTestId('form-error')).textContent).toBe('The voter list could not be read.');
    expect(started).not.toHaveBeenCalled();
    expect(screen.getByTestId('voter-list-name').textContent).toBe('roll.pdf');
  });

  it('asks a visitor to log in before sending anything', async () => {
    window.localStorage.removeItem('token');
    const user = userEvent.setup({ applyAccept: false });
    const { generate } = setup();
    await fill(user, roll());
    await user.click(generate());
    expect((await screen.findByTestId('app-dialog')).textContent).toContain('You need to be logged in to generate slips. Would you like to log in now?');
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(sent).toHaveLength(0);
  });

  it('keeps the script of the suggestions, with the rest of the form, across the login', async () => {
    window.localStorage.removeItem('token');
    const user = userEvent.setup({ applyAccept: false });
    const { generate } = setup();
    await fill(user, roll());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Suggestions in' }), 'gu');
    await user.click(generate());
    await user.click(within(await screen.findByTestId('app-dialog')).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(keptForms.size).toBe(1));
    // back from the login page: a new form takes the kept values once
    cleanup();
    window.localStorage.setItem('token', 'access-1');
    setup();
    await screen.findByText('Your choices from before you logged in are kept.');
    expect((screen.getByRole('combobox', { name: 'Suggestions in' }) as HTMLSelectElement).value).toBe('gu');
    expect((screen.getByRole('combobox', { name: 'Polling Station Address' }) as HTMLInputElement).value).toBe('Ward 4 School');
    expect(keptForms.size).toBe(0);
  });
});
