import type { VoterRecord } from '../types';
import { entryKey } from './deleted';

/**
 * A corrections list (a supplement's "List of Modifications", संशोधन सूची …) prints entries of the roll
 * again, under their serials, with their details corrected: the same person, whose earlier entry is out of
 * date. Each entry it amends (the same ID, or the same serial where it has none; an entry of the main list
 * or of an additions list) is given the list's entry in its place; the last correction of an entry wins.
 * Deletions lists are left to reprintedDeletions (deleted.ts).
 */
export function correctedEntries(voters: readonly VoterRecord[]): Map<VoterRecord, VoterRecord> {
  const latest = new Map<string, VoterRecord>();
  for (const v of voters) {
    const key = v.supplement?.kind === 'corrections' ? entryKey(v) : null;
    if (key) latest.set(key, v);
  }
  const replaced = new Map<VoterRecord, VoterRecord>();
  if (latest.size === 0) return replaced;
  for (const v of voters) {
    if (v.supplement && v.supplement.kind !== 'additions') continue;
    const key = entryKey(v);
    const correction = key ? latest.get(key) : undefined;
    if (correction) replaced.set(v, correction);
  }
  return replaced;
}
