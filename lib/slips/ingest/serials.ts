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

/**
 * Serials in a roll only go up. An OCR'd serial not above the last one confirmed before it has
 * usually lost its leading digit(s) or misread one (a faint "6" in "61" on a 150 dpi scan read as
 * nothing or as "5"): it becomes the value its place predicts (the last confirmed one plus the boxes
 * since) when that ends with the digits read or differs from them in one digit (60, then "1" or
 * "51" -> 61); anything else is left to `repairSerials`. A value is
 * taken as confirmed when it comes from the text layer, follows the last confirmed one closely, or
 * is one below the next read. Runs before `repairSerials`; returns how many slots were changed.
 */
export function restoreLeadingDigits(slots: SerialSlot[]): number {
  let last: { value: number; at: number } | null = null;
  let changed = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i];
    if (slot.serial === null) continue;
    if (slot.fromOcr && last !== null && slot.serial <= last.value) {
      // the one value this box should hold if no serial is skipped since the last confirmed one
      const digits = String(slot.serial);
      const expected = String(last.value + (i - last.at));
      const lost = expected.length > digits.length && expected.endsWith(digits);
      const misread = expected.length === digits.length && [...expected].filter((c, k) => c !== digits[k]).length === 1;
      if (lost || misread) {
        slot.serial = Number(expected);
        changed++;
      }
    }
    const value: number = slot.serial;
    const next = slots[i + 1]?.serial ?? null;
    const confirmed = !slot.fromOcr || (last !== null && value > last.value && value - last.value <= 3) || next === value + 1;
    if (confirmed && (last === null || value > last.value)) last = { value, at: i };
  }
  return changed;
}

/**
 * Warnings for gaps, repeats and unread serials, in roll order: unread serials once per page (with
 * the count), not once per box. At most `limit` of them.
 */
export function continuityWarnings(slots: SerialSlot[], limit = 50): ParseWarning[] {
  const warnings: ParseWarning[] = [];
  let previous: number | null = null;
  const seen = new Set<number>();
  let suppressed = 0;
  const add = (w: ParseWarning) => {
    if (warnings.length < limit) warnings.push(w);
    else suppressed++;
  };
  const unread = new Map<number, number>();
  for (const slot of slots) if (slot.serial === null) unread.set(slot.page, (unread.get(slot.page) ?? 0) + 1);
  for (const slot of slots) {
    if (slot.serial === null) {
      const n = unread.get(slot.page);
      if (n !== undefined) {
        add({ page: slot.page, message: n === 1 ? 'One voter box whose serial number could not be read.' : `${n} voter boxes whose serial numbers could not be read.` });
        unread.delete(slot.page);
      }
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
