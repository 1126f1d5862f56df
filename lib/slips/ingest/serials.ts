import type { ParseWarning } from '../types';
import { maxOf } from './numbers';

export interface SerialSlot {
  serial: number | null;
  /** Read by OCR (may be repaired); text-layer serials are trusted. */
  fromOcr: boolean;
  page: number;
  /** An OCR read that equals the value its page's run gives it (fitPageSerials): trusted as a text-layer serial is. */
  confirmed?: boolean;
}

/**
 * Repairs OCR'd serial numbers from continuity: serials in a roll run 1, 2, 3, ... in box order,
 * so each slot's value is predicted by its neighbours (reads their page's run confirmed are kept). When at least three of the (up to) six
 * nearest neighbours agree on a value that differs from what OCR read (or OCR read nothing), the
 * slot takes that value. Returns how many slots were changed.
 */
export function repairSerials(slots: SerialSlot[], window = 3): number {
  let repaired = 0;
  // two passes so that a repaired slot can support its neighbour
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if ((!slot.fromOcr || slot.confirmed) && slot.serial !== null) continue;
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

/** How a read serial fits the value a box should hold: 2 equal, 1 lost leading digits or one digit misread, 0 not. */
function fit(read: number, expected: number): number {
  if (read === expected) return 2;
  const r = String(read);
  const e = String(expected);
  if (e.length > r.length && e.endsWith(r)) return 1;
  if (e.length === r.length && [...e].filter((c, k) => c !== r[k]).length === 1) return 1;
  return 0;
}

/**
 * Serials run on from box to box, page after page. On a page whose serials were read by OCR, the
 * page's first serial S is chosen so that the reads fit S, S+1, S+2, ... best (a read fits when it
 * equals its value, lost leading digits - a faint "3" in "341" on a 150 dpi scan - or misread one
 * digit), never below the previous page's last serial. When enough reads fit (three, and 40% of
 * the page), boxes whose read fits or is missing take their value; reads that do not fit are left
 * to `repairSerials` and the continuity warnings. Returns how many slots were changed.
 */
export function fitPageSerials(slots: SerialSlot[]): number {
  let changed = 0;
  let previous = 0;
  for (let start = 0; start < slots.length; ) {
    let end = start;
    while (end < slots.length && slots[end].page === slots[start].page) end++;
    const page = slots.slice(start, end);
    if (page.some((s) => s.fromOcr)) {
      const candidates = new Set<number>([previous + 1]);
      page.forEach((s, k) => {
        if (s.serial !== null && s.serial - k > previous) candidates.add(s.serial - k);
      });
      let best: { first: number; score: number; fitting: number } | null = null;
      for (const first of candidates) {
        let score = 0;
        let fitting = 0;
        page.forEach((s, k) => {
          const f = s.serial === null ? 0 : fit(s.serial, first + k);
          score += f;
          if (f > 0) fitting++;
        });
        if (!best || score > best.score) best = { first, score, fitting };
      }
      const gap = best ? pageGap(page, best.first) : null;
      if (gap) {
        // two runs with serials the roll leaves out between them: each box takes its run's value
        page.forEach((s, k) => {
          const value = k < gap.at ? gap.before + k : gap.after + k;
          if (s.fromOcr && s.serial === value) s.confirmed = true;
          if (!s.fromOcr || s.serial === value) return;
          // the boxes between the runs' last and first exact reads could belong to either: only a read that fits decides
          if (k > gap.lastBefore && k < gap.at && (s.serial === null || fit(s.serial, value) === 0)) return;
          if (s.serial === null || fit(s.serial, value) > 0) {
            s.serial = value;
            changed++;
          }
        });
        previous = gap.after + page.length - 1;
      } else if (best && best.fitting >= Math.max(3, page.length * 0.4)) {
        page.forEach((s, k) => {
          const value = best.first + k;
          if (s.fromOcr && s.serial === value) s.confirmed = true;
          if (!s.fromOcr || s.serial === value) return;
          if (s.serial === null || fit(s.serial, value) > 0) {
            s.serial = value;
            changed++;
          }
        });
        previous = best.first + page.length - 1;
      }
    }
    // otherwise the page's last serial that its neighbour confirms (a stray high read must not
    // push the next pages up)
    for (let k = page.length - 1; k >= 0; k--) {
      const v = page[k].serial;
      const confirmed = v !== null && (!page[k].fromOcr || page[k - 1]?.serial === v - 1 || page[k + 1]?.serial === v + 1);
      if (confirmed) {
        previous = Math.max(previous, v);
        break;
      }
    }
    start = end;
  }
  return changed;
}

/** Reads that equal their run's value exactly, at least this many on each side, make a gap within a page. */
const RUN_READS = 3;

/**
 * Serials a roll leaves out inside one page (a 2025 roll prints 327, then 329): the page read as two runs,
 * S, S+1, … up to box `at` and T, T+1, … from it (T > S), when the reads equal those values exactly more
 * often than they equal the best single run's, by RUN_READS at least, with RUN_READS exact reads on each
 * side. (A single run would take reads one below it for one-digit misreads and move them up by one.)
 * `lastBefore`: the last box before `at` whose read equals its value. Null when the page is one run.
 */
function pageGap(page: SerialSlot[], single: number): { before: number; after: number; at: number; lastBefore: number } | null {
  const offsets = page.map((s, k) => (s.serial === null ? null : s.serial - k));
  const exactSingle = offsets.filter((o) => o === single).length;
  const counts = new Map<number, number>();
  for (const o of offsets) if (o !== null) counts.set(o, (counts.get(o) ?? 0) + 1);
  const common = [...counts].filter(([, n]) => n >= RUN_READS).map(([o]) => o);
  let best: { before: number; after: number; at: number; lastBefore: number; exact: number } | null = null;
  for (const before of common) {
    for (const after of common) {
      if (after <= before) continue;
      // the split at each box: exact reads of `before` ahead of it, of `after` from it on
      let ahead = 0;
      let lastBefore = -1;
      const behind = offsets.filter((o) => o === after).length;
      let fromHere = behind;
      for (let at = 0; at <= page.length; at++) {
        if (at > 0 && offsets[at - 1] === before) {
          ahead++;
          lastBefore = at - 1;
        }
        if (at > 0 && offsets[at - 1] === after) fromHere--;
        if (at < page.length && offsets[at] !== after) continue; // a run starts at an exact read
        const exact = ahead + fromHere;
        if (ahead >= RUN_READS && fromHere >= RUN_READS && (!best || exact > best.exact)) best = { before, after, at, lastBefore, exact };
      }
    }
  }
  return best && best.exact >= exactSingle + RUN_READS ? best : null;
}

/** "Serial 328" or "Serials 328–330": the numbers strictly between two serials. */
function between(from: number, to: number): string {
  return to - from === 2 ? `Serial ${from + 1}` : `Serials ${from + 1}–${to - 1}`;
}

/**
 * Warnings for gaps, repeats and unread serials, in roll order: unread serials once per page (with
 * the count), not once per box. At most `limit` of them.
 *
 * A forward gap between two neighbouring boxes of one page, both read from the text layer, on a page
 * that holds the roll's full grid (as many boxes as the fullest page, which at least one other page
 * also holds) is a number the roll itself leaves out (e.g. a 2025 ECI roll whose cover states serials
 * 1..596 prints 595 boxes, 327 followed by 329): no box can have been missed there, and it is said so.
 * Any other gap may be a box that was not found, and is reported as a jump.
 */
export function continuityWarnings(slots: SerialSlot[], limit = 50): ParseWarning[] {
  const warnings: ParseWarning[] = [];
  const seen = new Set<number>();
  let suppressed = 0;
  const add = (w: ParseWarning) => {
    if (warnings.length < limit) warnings.push(w);
    else suppressed++;
  };
  const boxes = new Map<number, number>();
  for (const slot of slots) boxes.set(slot.page, (boxes.get(slot.page) ?? 0) + 1);
  const fullGrid = maxOf(boxes.values(), 0);
  const gridPages = [...boxes.values()].filter((n) => n === fullGrid).length;
  const unread = new Map<number, number>();
  for (const slot of slots) if (slot.serial === null) unread.set(slot.page, (unread.get(slot.page) ?? 0) + 1);
  let previous: SerialSlot | null = null;
  for (const slot of slots) {
    if (slot.serial === null) {
      const n = unread.get(slot.page);
      if (n !== undefined) {
        add({
          page: slot.page,
          message: n === 1 ? 'One voter box whose serial number could not be read.' : `${n} voter boxes whose serial numbers could not be read.`,
          action: `Check the serial numbers on the slips of page ${slot.page} against the roll.`,
        });
        unread.delete(slot.page);
      }
      continue;
    }
    const last = previous?.serial ?? null;
    if (seen.has(slot.serial)) add({ page: slot.page, message: `Serial number ${slot.serial} appears more than once.`, action: `Compare page ${slot.page} of the roll with its slips: a voter may be printed twice, or a serial misread.` });
    else if (previous !== null && last !== null && slot.serial > last + 1) {
      const leftOut = previous.page === slot.page && !previous.fromOcr && !slot.fromOcr && boxes.get(slot.page) === fullGrid && gridPages >= 2;
      add({
        page: slot.page,
        message: leftOut
          ? `${between(last, slot.serial)} ${slot.serial - last === 2 ? 'is' : 'are'} not in the roll: on page ${slot.page}, whose ${fullGrid} voter boxes were all found, ${last} is followed by ${slot.serial}.`
          : `Serial numbers jump from ${last} to ${slot.serial}: ${between(last, slot.serial).toLowerCase()} not found.`,
        action: leftOut ? 'Nothing to do: the roll itself skips these numbers.' : `Compare page ${slot.page} of the roll with its slips: ${slot.serial - last === 2 ? 'that voter' : 'those voters'} may have no slip.`,
      });
    } else if (last !== null && slot.serial !== last + 1) {
      add({ page: slot.page, message: `Serial numbers jump from ${last} to ${slot.serial}.`, action: `Compare page ${slot.page} of the roll with its slips.` });
    }
    seen.add(slot.serial);
    previous = slot;
  }
  if (suppressed > 0) warnings.push({ message: `${suppressed} more serial-number warnings not shown.` });
  return warnings;
}

/**
 * A warning when the boxes found fall short of what the roll's cover states (image-only rolls,
 * whose box count has no text layer to check against): fewer boxes than the electors it counts,
 * or a last serial other than the one it states. (The cover's first serial is not relied on: OCR
 * of a lone "1" in a table cell is the least sure read of the row.)
 */
export function coverWarnings(cover: { last: number; electors: number } | null | undefined, slots: SerialSlot[]): ParseWarning[] {
  if (!cover) return [];
  const serials = slots.map((s) => s.serial).filter((s): s is number => s !== null);
  const highest = serials.length > 0 ? maxOf(serials) : null;
  if (slots.length >= cover.electors && highest === cover.last) return [];
  const last = highest === null ? 'no serial was read' : `the last serial read is ${highest}`;
  return [
    {
      page: 1,
      message: `The cover states ${cover.electors} electors with serials up to ${cover.last}, but ${slots.length} voter boxes were found (${last}).`,
      action: 'Some voters may have no slip: compare the draft with the roll before paying.',
    },
  ];
}
