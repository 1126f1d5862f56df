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
  for (const v of deletedPeople(voters)) {
    const reason = v.deletionReason ?? UNKNOWN_REASON;
    counts[reason] = (counts[reason] ?? 0) + 1;
  }
  return counts;
}

/** Who an entry is in its roll: its ID, or its serial where it has none. */
export function entryKey(v: VoterRecord): string | null {
  if (v.epic) return `id:${v.epic}`;
  return v.serial !== null ? `serial:${v.serial}` : null;
}

/**
 * The entries of a deletions list that reprint an entry of the roll marked deleted (the same ID, or the
 * same serial where it has none): the same person a second time. They are never given a slip and never
 * listed or counted again (deletedPeople).
 */
export function reprintedDeletions(voters: readonly VoterRecord[]): Set<VoterRecord> {
  const deletedEntries = new Set<string>();
  for (const v of voters) {
    const key = v.deleted && v.supplement?.kind !== 'deletions' ? entryKey(v) : null;
    if (key) deletedEntries.add(key);
  }
  const reprints = new Set<VoterRecord>();
  for (const v of voters) {
    const key = v.supplement?.kind === 'deletions' ? entryKey(v) : null;
    if (key && deletedEntries.has(key)) reprints.add(v);
  }
  return reprints;
}

/** The deleted voters, each person once: a deletions list's reprint of an entry marked deleted is not counted again. */
export function deletedPeople(voters: readonly VoterRecord[]): VoterRecord[] {
  const reprints = reprintedDeletions(voters);
  return voters.filter((v) => v.deleted && !reprints.has(v));
}
