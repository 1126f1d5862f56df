/**
 * The browser's side of the documents API: answer types and one function per call, each answering a
 * Result whose failure is the text to show, so screens only show it.
 */
import type { ReceiptJson } from '@/lib/invoices/present';
import type { SlipChoices } from '@/lib/slips/choose';
import type { VoterSearchAnswer } from '@/lib/voters/search';
import { authUpload, failed, jsonBody, readDetail, readJson, request, requestJson, type Result, type UploadProgress } from './api';
import { fetchFile } from './files';

export type { SlipChoices } from '@/lib/slips/choose';
export type { VoterHit, VoterSearchAnswer } from '@/lib/voters/search';

/** Task statuses (the server may also answer FAILURE/SUCCESS, treated as terminal). */
export type TaskStatus =
  | 'pending'
  | 'preprocessing'
  | 'processing'
  | 'generating'
  | 'draft_complete'
  | 'complete'
  | 'error'
  | (string & {});

export interface Refund {
  amount: number;
  status: string;
  created_at: string;
}

/** The proof of payment of a paid task: its ids, the invoice and any credit notes (downloaded with the session's token). */
export type Receipt = ReceiptJson;

/** One row of GET /api/documents (newest first). */
export interface DocumentSummary {
  id: number | string;
  created_at: string;
  status: TaskStatus;
  progress?: number | null;
  total_pages?: number | null;
  /** Rupees; null before the draft. */
  amount?: number | null;
  voters?: number | null;
  paid_at?: string | null;
  completed_at?: string | null;
  refund?: Refund | null;
  receipt?: Receipt | null;
  /** The files were removed after the retention period: nothing left to view or download. */
  files_deleted?: boolean;
  /** The assembly constituency ("137 - Name"), part and polling station the roll states; null for a list without them. */
  roll?: { assembly: string | null; part: string | null; polling_station: string | null } | null;
  /** The voter list's file name as uploaded ("12 voter lists" for a task of several). */
  file_name?: string | null;
  /** How many voter lists (parts) the task holds. */
  lists?: number;
  layout?: { page_size: string; orientation: string; slips_per_page: number } | null;
  error_message?: string | null;
  /** On error: whether Resume Processing can help (false when the file itself caused it). */
  can_resume?: boolean;
}

export interface DocumentWarning {
  page?: number | null;
  message: string;
  /** What the user can do about it. */
  action?: string;
  /** The technical detail, behind a toggle. */
  detail?: string;
}

/** GET /api/documents/{id}: the task as polled. */
export interface DocumentStatus extends DocumentSummary {
  task_id?: string | null;
  progress_message?: string | null;
  error_message?: string | null;
  /** On error: whether Resume Processing can help (false when the file caused the error). */
  can_resume?: boolean;
  currency?: string;
  warnings?: DocumentWarning[];
  /** What the parse found: for a roll PDF, `voter_pages` of its `source_pages` carry voters; for Excel, `source_pages` counts rows. */
  summary?: {
    voters?: number;
    source?: string;
    source_pages?: number;
    voter_pages?: number;
    warnings?: number;
    deleted?: number;
    /** The roll's own facts (assembly, part, polling station and its address, section, year). */
    roll?: Record<string, string | undefined>;
    language?: string;
    sections?: { name: string; voters: number }[];
    polling_stations?: { name: string; voters: number }[];
    deleted_voters?: { serial: number | null; epic: string | null; reason: string | null; page: number }[];
    /** deleted voters by reason letter, "unknown" for those without a readable one */
    deleted_by_reason?: Record<string, number>;
    supplement_additions?: number;
    /** voters whose entry a corrections list amends: one slip each, with the corrected details */
    corrected_entries?: number;
    with_house_number?: number;
    /** voters of an image-only roll whose ID numbers are still being read after the draft (0 when none) */
    ids_pending?: number;
    /** reading them after the draft failed: the final slips read them before they are made */
    ids_at_final?: boolean;
  } | null;
  /** Who gets a slip, in what order, how slips look (PUT …/slips changes them). */
  slips?: SlipChoices;
  /** Slips the draft or final prints; deleted voters and others the choices left out. */
  printed?: number | null;
  left_out?: { deleted: number; by_choice: number } | null;
  /** Why the order asked for could not be kept, or null. */
  order_note?: string | null;
  options?: { booth_address?: string; slips_per_page?: number; page_size?: string; orientation?: string; voter_list_name?: string } | null;
  /** Relative, short-lived signed URLs of the current PDF (draft before payment, final once complete). */
  view_url?: string | null;
  download_url?: string | null;
  test_mode?: boolean;
  /** A task of several voter lists: each list, in part-number order; null for a task of one list. */
  parts?: TaskPart[] | null;
  /** Files of an uploaded ZIP that were not voter lists, left out. */
  skipped_files?: string[];
  /** A complete task of several lists, up to 5,000 pages: its slips as one PDF (made on asking). */
  combined_download_url?: string | null;
}

/** One voter list of a task of several, as the draft's table shows it. */
export interface TaskPart {
  /** The list's place in the upload (what `excluded_parts` names). */
  position: number;
  file_name: string;
  part: string | null;
  polling_station: string | null;
  assembly: string | null;
  voters: number | null;
  deleted: number | null;
  supplement_additions: number | null;
  warnings: number | null;
  /** Why the list could not be read (it gets no slips), or null. */
  error: string | null;
  included: boolean;
  /** Pages of slips it prints; null when it is left out or unread. */
  pages: number | null;
  preview_url: string | null;
}

/** POST /api/documents/{id}/continue on a draft: a payment order (amount in paise, as Checkout expects). */
export interface PaymentOrder {
  razorpay_key_id: string;
  amount: number;
  currency: string;
  razorpay_order_id: string;
  test_mode?: boolean;
}

/** What Razorpay Checkout (or the test-mode stand-in) hands back on success. */
export interface PaymentSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** GET /api/documents/pricing (public): what a page of slips costs, before anything is uploaded. */
export interface Pricing {
  fee_per_page: number;
  min_fee: number;
  currency: string;
  test_mode: boolean;
  max_upload_mb: number;
  /** All the voter lists of one task together (older servers: absent). */
  max_task_mb?: number;
  max_task_files?: number;
}

/** The texts shown when a documents call fails. */
export const MESSAGES = {
  connect: 'Failed to connect to the server.',
  start: 'Failed to start task.',
  resume: 'Failed to resume task.',
  order: 'Failed to create payment order.',
  gateway: 'Failed to load payment gateway.',
  cancel: 'Failed to cancel the task.',
  remove: 'Failed to delete the task.',
  status: 'Failed to get task status.',
  unknown: 'An unknown error occurred.',
  payment: 'Payment verification failed.',
  history: 'Could not load your tasks.',
} as const;

/** Statuses that stop polling. */
const TERMINAL = new Set(['draft_complete', 'complete', 'error', 'failure', 'success']);
export function isTerminal(status: string): boolean {
  return TERMINAL.has(status.toLowerCase());
}

/** Cancel is offered while the task is not draft_complete, complete or error (and on the draft screen). */
export function canCancelWhileRunning(status: string): boolean {
  return !isTerminal(status);
}

/** Progress: the server's figure when it gives one, else the status mapping (10/25/50/75, 100 when done). */
export function progressOf(doc: Pick<DocumentStatus, 'status' | 'progress'>): number {
  const s = doc.status.toLowerCase();
  if (s === 'draft_complete' || s === 'complete' || s === 'success') return 100;
  if (typeof doc.progress === 'number' && Number.isFinite(doc.progress)) return Math.max(0, Math.min(100, Math.round(doc.progress)));
  return ({ preprocessing: 25, processing: 50, generating: 75 } as Record<string, number>)[s] ?? 10;
}

/** "₹72.50": rupees with two decimals. */
export function formatRupees(amount: number): string {
  return `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** One documents call: no answer is MESSAGES.connect, a refusal its detail (else `fallback`). */
function call<T>(path: string, init: RequestInit, fallback: string, accept?: (body: unknown) => boolean): Promise<Result<T>> {
  return requestJson<T>(path, init, { offline: MESSAGES.connect, fallback }, accept);
}

const post = (body?: unknown): RequestInit => jsonBody('POST', body);

/** A task's status; `gone` when the server has no such task (cancelled, deleted, or another account's). */
export async function getDocument(id: string | number): Promise<Result<DocumentStatus, { gone: boolean }>> {
  const sent = await request(`/api/documents/${encodeURIComponent(String(id))}`, { cache: 'no-store' }, { offline: MESSAGES.connect, fallback: MESSAGES.status });
  if (!sent.ok) return { ok: false, error: sent.error, gone: sent.status === 404 };
  const body = await readJson(sent.value);
  return body !== null ? { ok: true, value: body as DocumentStatus } : { ok: false, error: MESSAGES.status, gone: false };
}

export function listDocuments(): Promise<Result<DocumentSummary[]>> {
  return call('/api/documents', { cache: 'no-store' }, MESSAGES.history, Array.isArray);
}

export function cancelDocument(id: string | number): Promise<Result<{ detail?: string }>> {
  return call(`/api/documents/${encodeURIComponent(String(id))}/cancel`, post(), MESSAGES.cancel);
}

/** An unpaid task that stopped with an error: delete it and its files. */
export function deleteDocument(id: string | number): Promise<Result<{ detail?: string }>> {
  return call(`/api/documents/${encodeURIComponent(String(id))}`, { method: 'DELETE' }, MESSAGES.remove);
}

/** On an errored task: resume from the failed step. */
export function resumeDocument(id: string | number): Promise<Result<{ id: number | string; task_id?: string; status?: string }>> {
  return call(`/api/documents/${encodeURIComponent(String(id))}/continue`, post(), MESSAGES.resume);
}

/** On a draft: create the payment order. */
export function createPaymentOrder(id: string | number): Promise<Result<PaymentOrder>> {
  return call(`/api/documents/${encodeURIComponent(String(id))}/continue`, post(), MESSAGES.order, (body) => typeof (body as Partial<PaymentOrder> | null)?.razorpay_order_id === 'string');
}

export function submitPayment(id: string | number, payment: PaymentSuccess): Promise<Result<{ detail?: string; status?: string }>> {
  return call(`/api/documents/${encodeURIComponent(String(id))}/payment`, post(payment), MESSAGES.payment);
}

/** PUT …/slips: new choices for the draft (and the address it prints); the draft is then made again. */
export function setSlipChoices(id: string | number, choices: Partial<SlipChoices> & { booth_address?: string; excluded_parts?: number[] }): Promise<Result<{ id: number | string; task_id: string; status: string }>> {
  return call(`/api/documents/${encodeURIComponent(String(id))}/slips`, jsonBody('PUT', choices), 'Failed to update the draft.');
}

/** GET …/voters: the task's voters found by name, EPIC, house number or serial. */
export function searchVoters(id: string | number, q: string, limit = 20, init: RequestInit = {}): Promise<Result<VoterSearchAnswer>> {
  const query = new URLSearchParams({ q, limit: String(limit) });
  return call(`/api/documents/${encodeURIComponent(String(id))}/voters?${query}`, { cache: 'no-store', ...init }, 'The search failed.', (body) => Array.isArray((body as Partial<VoterSearchAnswer> | null)?.voters));
}

/** How selected slips are laid out: the task's A4 (or other) sheet, or one slip per page. */
export type SelectedFormat = 'sheet' | 'single';

/** POST …/selected-slips: the chosen voters' slips as a PDF (watermarked until the task is paid). */
export async function selectedSlips(id: string | number, indices: number[], format: SelectedFormat): Promise<Result<{ pdf: Blob; name: string }>> {
  const got = await fetchFile(`/api/documents/${encodeURIComponent(String(id))}/selected-slips`, 'selected-slips.pdf', jsonBody('POST', { indices, format }), 'The slips could not be made.');
  return got.ok ? { ok: true, value: { pdf: got.value.blob, name: got.value.name } } : got;
}

/**
 * GET …/slip-images: pictures of slips for phones (800 px PNGs, final once paid, watermarked before): every slip
 * the task prints or the voters named, as a ZIP; one voter's alone as a PNG.
 */
export function slipPictures(id: string | number, indices?: number[]): Promise<Result<{ blob: Blob; name: string }>> {
  const query = indices ? `?indices=${indices.join(',')}` : '';
  return fetchFile(`/api/documents/${encodeURIComponent(String(id))}/slip-images${query}`, 'slip-pictures.zip', { cache: 'no-store' }, 'The slip pictures could not be made.');
}

export function slipPicture(id: string | number, index: number): Promise<Result<{ blob: Blob; name: string }>> {
  return fetchFile(`/api/documents/${encodeURIComponent(String(id))}/slip-images?indices=${index}&format=png`, 'slip.png', { cache: 'no-store' }, 'The slip picture could not be made.');
}

export function getTaskId(id: string | number): Promise<Result<{ task_id: string }>> {
  return call(`/api/documents/${encodeURIComponent(String(id))}/task_id`, { cache: 'no-store' }, MESSAGES.status);
}

/** Test mode only: the server signs a success payload the way Razorpay would. */
export function testCheckout(orderId: string): Promise<Result<PaymentSuccess>> {
  return call('/api/payments/test-checkout', post({ order_id: orderId }), MESSAGES.payment);
}

export async function getPricing(): Promise<Pricing | null> {
  try {
    const res = await fetch('/api/documents/pricing', { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as Partial<Pricing>;
    return typeof body.fee_per_page === 'number' ? (body as Pricing) : null;
  } catch {
    return null;
  }
}

/** POST /api/documents/voter-slip-generator with upload progress. */
export async function startDocument(
  form: FormData,
  opts: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal },
): Promise<Result<{ id: number | string; task_id?: string }>> {
  let res: Response;
  try {
    res = await authUpload('/api/documents/voter-slip-generator', form, opts);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return failed(MESSAGES.connect);
  }
  if (!res.ok) {
    if (res.status === 413) return failed(await readDetail(res, 'The files are too large.'));
    return failed(await readDetail(res, MESSAGES.start));
  }
  const body = (await res.json().catch(() => null)) as { id?: unknown; task_id?: string } | null;
  if (!body || (typeof body.id !== 'number' && typeof body.id !== 'string')) return failed(MESSAGES.start);
  return { ok: true, value: { id: body.id, task_id: body.task_id } };
}
