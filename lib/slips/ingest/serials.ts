import type { ParseWarning } from '../types';

export interface SerialSlot {
  serial: number | null;
  /** Read by OCR (may be repaired); text-layer serials are trusted. */
  fromOcr: boolean;
  page: number;
}

/**
 * Repairs OCR'd serial numbers from continuity: serials in a roll run 1, 2, 3, ... in box order,
 * so each slot's value is predicted by its neighbours. When at least three of the (up to) six
 * nearest neighbours agree on a value that differs from what OCR read (or OCR read nothing), the
 * slot takes that value. Returns how many slots were changed.
 */
export function repairSerials(slots: SerialSlot[], window = 3): number {
  let repaired = 0;
  // two passes so that a repaired slot can support its neighbour
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (!slot.fromOcr && slot.serial !== null) continue;
      const votes = new Map<number, number>();
      for (let j = Math.max(0, i - window); j <= Math.min(slots.length - 1, i + window); j++) {
        if (j === i || slots[j].serial === null) continue;
        const predicted = (slots[j].serial as number) + (i - j);
        votes.set(predicted, (votes.get(predicted) ?? 0) + 1);
      }
      let best: number | null = null;
      let bestVotes = 0;
      for (const [value, n] of votes) {
        if (n > bestVotes) {
          best = value;
          bestVotes = n;
        }
      }
      const needed = Math.min(3, [...votes.values()].reduce((a, b) => a + b, 0));
      const own = slot.serial === null ? 0 : (votes.get(slot.serial) ?? 0);
      if (best !== null && best > 0 && bestVotes >= Math.max(2, needed) && bestVotes > own && best !== slot.serial) {
        slot.serial = best;
        repaired++;
      }
    }
  }
  return repaired;
}

/** Warnings for gaps, repeats and unread serials, in roll order. At most `limit` of them. */
export function continuityWarnings(slots: SerialSlot[], limit = 50): ParseWarning[] {
  const warnings: ParseWarning[] = [];
  let previous: number | null = null;
  const seen = new Set<number>();
  let suppressed = 0;
  const add = (w: ParseWarning) => {
    if (warnings.length < limit) warnings.push(w);
    else suppressed++;
  };
  for (const slot of slots) {
    if (slot.serial === null) {
      add({ page: slot.page, message: 'A voter box whose serial number could not be read.' });
      continue;
    }
    if (seen.has(slot.serial)) add({ page: slot.page, message: `Serial number ${slot.serial} appears more than once.` });
    else if (previous !== null && slot.serial !== previous + 1) {
      add({ page: slot.page, message: `Serial numbers jump from ${previous} to ${slot.serial}.` });
    }
    seen.add(slot.serial);
    previous = slot.serial;
  }
  if (suppressed > 0) warnings.push({ message: `${suppressed} more serial-number warnings not shown.` });
  return warnings;
}
