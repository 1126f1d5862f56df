import type { VoterRecord } from '../types';

/** What `deletedByReason` counts a deleted voter under when the roll prints no reason for it (a stamp alone). */
export const UNKNOWN_REASON = 'unknown';

/**
 * Deleted voters counted by the reason the roll gives (S shifted, E expired, R repeated, M missing,
 * Q disqualified, or a deletion list's code), and under "unknown" those marked without one. Empty
 * when no voter is deleted.
 */
export function deletedByReason(voters: readonly VoterRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of voters) {
    if (!v.deleted) continue;
    const reason = v.deletionReason ?? UNKNOWN_REASON;
    counts[reason] = (counts[reason] ?? 0) + 1;
  }
  return counts;
}
