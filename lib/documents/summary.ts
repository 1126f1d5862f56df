import type { DocumentParseSummary } from '@/db/schema';
import type { ListOverview } from '@/lib/slips/overview';
import type { ParseReport } from '@/lib/slips/types';

/** Warnings kept with a task (the rest are counted): enough to show, small enough to poll. */
export const MAX_KEPT_WARNINGS = 50;

/**
 * The part of a parse report a user sees before paying: counts, the roll's facts, the warnings, and the
 * list's overview for the draft screen's choices (sections, polling stations, deleted voters).
 */
export function summariseReport(report: ParseReport, overview?: ListOverview): DocumentParseSummary {
  const header: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(report.header ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') header[key] = String(value);
  }
  return {
    source: report.source,
    voters: report.voters,
    sourcePages: report.source === 'pdf' ? report.totalPages : (report.rows ?? 0),
    voterPages: report.source === 'pdf' ? report.pages.voters : 0,
    withoutEpic: report.withoutEpic,
    deleted: report.deleted,
    ...(report.deletedByReason ? { deletedByReason: report.deletedByReason } : {}),
    header,
    warnings: report.warnings.slice(0, MAX_KEPT_WARNINGS).map((w) => ({ page: w.page, message: w.message, ...(w.action ? { action: w.action } : {}), ...(w.detail ? { detail: w.detail } : {}) })),
    moreWarnings: Math.max(0, report.warnings.length - MAX_KEPT_WARNINGS),
    ...(overview ? { overview } : {}),
    ...(report.idsLater ? { idsLater: report.idsLater } : {}),
  };
}

/**
 * The IDs of a scanned roll still to be read after its draft (`ids_pending`, 0 when none), and whether the step
 * that reads them gave up (`ids_at_final`: the final slips read them before they are made), as the status and the
 * voter search give them.
 */
export function idsPendingJson(summary: DocumentParseSummary | null | undefined): { ids_pending: number; ids_at_final: boolean } {
  const pending = summary?.idsLater ?? 0;
  return { ids_pending: pending, ids_at_final: pending > 0 && summary?.idsLaterAtFinal === true };
}
