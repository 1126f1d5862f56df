import type { DocumentPartRow, DocumentRow } from '@/db/schema';
import { partsInOrder } from './parts';
import { COMBINED_MAX_PAGES } from './part-steps';
import { paiseToRupees } from '@/lib/slips/fees';
import type { ReceiptJson } from '@/lib/invoices/present';
import type { FileTokenIssuer } from './file-token';
import { fileUrls } from './service';
import { canResume, slipChoicesOf } from './states';
import { idsPendingJson } from './summary';

/** The progress a task shows: 100 once its draft or final PDF is made, else the stored progress. */
export function progressOf(doc: DocumentRow): number {
  if (doc.status === 'draft_complete' || doc.status === 'complete') return 100;
  return doc.progress;
}

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

export interface RefundSummary {
  amountPaise: number;
  status: string;
  createdAt: Date;
}

/** Refunds of a document as its owner sees them: the total refunded (or under way) and the latest state. */
function refundJson(refunds: readonly RefundSummary[]) {
  const live = refunds.filter((r) => r.status !== 'failed' && r.status !== 'rejected');
  if (live.length === 0) return null;
  const last = live[live.length - 1];
  return { amount: live.reduce((sum, r) => sum + r.amountPaise, 0) / 100, status: last.status, created_at: last.createdAt.toISOString() };
}

/** One row of GET /api/documents. */
export function listItemJson(doc: DocumentRow, refunds: readonly RefundSummary[] = [], receipt: ReceiptJson | null = null) {
  return {
    id: doc.id,
    created_at: iso(doc.createdAt),
    status: doc.status,
    progress: progressOf(doc),
    total_pages: doc.totalPages,
    amount: doc.amountPaise === null ? null : paiseToRupees(doc.amountPaise),
    voters: doc.voterCount,
    paid_at: iso(doc.paidAt),
    completed_at: iso(doc.completedAt),
    files_deleted: doc.filesDeletedAt !== null,
    refund: refundJson(refunds),
    /** The proof of payment once paid: order and payment ids, the invoice (and credit notes) to download. */
    receipt,
    roll: rollOf(doc),
    file_name: doc.options.voter_list_name ?? null,
    /** How many voter lists (parts) the task holds: 1 for a task of one list. */
    lists: doc.partCount ?? 1,
    layout: { page_size: doc.options.page_size, orientation: doc.options.orientation, slips_per_page: doc.options.slips_per_page },
    error_message: doc.errorMessage,
    can_resume: canResume(doc),
  };
}

/** The assembly constituency, part and polling station a task's roll states, for telling history rows apart; null for a list without them. */
function rollOf(doc: DocumentRow): { assembly: string | null; part: string | null; polling_station: string | null } | null {
  const header = doc.parseSummary?.header;
  const assembly = header?.assembly ?? header?.assemblyNumber ?? null;
  const part = header?.part ?? null;
  const pollingStation = header?.pollingStation ?? null;
  return assembly || part || pollingStation ? { assembly, part, polling_station: pollingStation } : null;
}

/**
 * A task of several lists: each list as the draft screen's table shows it, in part-number order — its part
 * and polling station, what reading it found (or why it could not be read), whether it is printed, its
 * pages, and where its preview opens.
 */
function partsJson(doc: DocumentRow, parts: readonly DocumentPartRow[], urls: { view_url: string | null }) {
  const excluded = new Set(doc.options.excluded_parts ?? []);
  return partsInOrder(parts).map((part) => {
    const summary = part.parseSummary;
    const printed = !excluded.has(part.position) && part.votersFileId !== null;
    return {
      position: part.position,
      file_name: part.name,
      part: summary?.header.part ?? null,
      polling_station: summary?.header.pollingStation ?? null,
      assembly: summary?.header.assembly ?? summary?.header.assemblyNumber ?? null,
      voters: part.voterCount,
      deleted: summary?.deleted ?? null,
      supplement_additions: summary?.overview?.supplementAdditions ?? null,
      warnings: summary ? summary.warnings.length + summary.moreWarnings : null,
      error: part.errorMessage,
      included: !excluded.has(part.position),
      pages: printed ? part.pages : null,
      preview_url: printed && urls.view_url && doc.status === 'draft_complete' ? `${urls.view_url}&part=${part.position}` : null,
    };
  });
}

/** GET /api/documents/{id}: what the task view polls. */
export async function statusJson(
  doc: DocumentRow,
  extra: { testMode: boolean; refunds?: readonly RefundSummary[]; receipt?: ReceiptJson | null; issuer: FileTokenIssuer; parts?: readonly DocumentPartRow[] },
) {
  const summary = doc.parseSummary;
  const urls = await fileUrls(doc, extra.issuer);
  return {
    ...listItemJson(doc, extra.refunds, extra.receipt ?? null),
    task_id: doc.taskId,
    progress_message: doc.progressMessage,
    failed_step: doc.failedStep,
    currency: 'INR',
    amount_paise: doc.amountPaise,
    warnings: summary?.warnings ?? [],
    summary: summary
      ? {
          voters: summary.voters,
          source: summary.source,
          source_pages: summary.sourcePages,
          voter_pages: summary.voterPages,
          without_epic: summary.withoutEpic,
          ...idsPendingJson(summary),
          deleted: summary.deleted,
          ...(summary.deletedByReason ? { deleted_by_reason: summary.deletedByReason } : {}),
          warnings: summary.warnings.length + summary.moreWarnings,
          roll: summary.header,
          ...(summary.overview
            ? {
                language: summary.overview.language,
                sections: summary.overview.sections,
                polling_stations: summary.overview.pollingStations,
                deleted_voters: summary.overview.deleted,
                supplement_additions: summary.overview.supplementAdditions,
                corrected_entries: summary.overview.correctedEntries ?? 0,
                with_house_number: summary.overview.withHouseNumber,
              }
            : {}),
        }
      : null,
    slips: slipChoicesOf(doc),
    printed: doc.slipSummary?.printed ?? null,
    left_out: doc.slipSummary ? { deleted: doc.slipSummary.deletedLeftOut, by_choice: doc.slipSummary.leftOutByChoice } : null,
    order_note: doc.slipSummary?.orderNote ?? null,
    options: {
      page_size: doc.options.page_size,
      orientation: doc.options.orientation,
      slips_per_page: doc.options.slips_per_page,
      print_photo: doc.options.print_photo,
      booth_address: doc.options.booth_address,
      voter_list_name: doc.options.voter_list_name,
      banner_name: doc.options.banner_name,
    },
    test_mode: extra.testMode,
    parts: doc.partCount !== null ? partsJson(doc, extra.parts ?? [], urls) : null,
    /** A complete task of several lists (a ward's, up to COMBINED_MAX_PAGES pages): its slips as one PDF, made on asking. */
    combined_download_url:
      doc.partCount !== null && doc.status === 'complete' && urls.download_url && (doc.totalPages ?? Infinity) <= COMBINED_MAX_PAGES ? `${urls.download_url}&combined=1` : null,
    skipped_files: doc.options.skipped_files ?? [],
    ...urls,
  };
}
