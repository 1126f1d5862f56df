import type { Rect, VoterRecord } from '../types';

/**
 * IDs read after the draft. An image-only roll is read to its draft without the IDs of most of its boxes, and
 * with the others read by one recogniser only, its serials counted between each page's two ends (ParseOptions
 * .scanIds 'later': boxes, serials and deleted marks are all the draft needs); a complete parse of the same file
 * then reads them all, each decided by the whole roll. This gives each draft voter the ID the complete parse
 * read in the same box (`filled` counts the voters whose ID that adds or changes) and, with `serials` (before
 * payment: the draft is made again, its pages and fee with it), the serial it read there (`serialsChanged`), and
 * the part number its cover states where the draft has none (the draft's read leaves a scanned cover's text for
 * later), and what its page's header says (read by OCR in a complete parse only): the section, and the supplement
 * whose heading stands above the box; with `serials`, a deletion that list makes (a supplement's deletions list).
 * The draft's voters stay as they are otherwise; a box the complete parse read nothing in keeps what it had.
 */
export function withLateIds(
  draft: readonly VoterRecord[],
  complete: readonly VoterRecord[],
  options: { serials: boolean } = { serials: false },
): { voters: VoterRecord[]; filled: number; serialsChanged: number } {
  const byPage = new Map<number, VoterRecord[]>();
  for (const v of complete) if (v.box) byPage.set(v.box.page, [...(byPage.get(v.box.page) ?? []), v]);
  let filled = 0;
  let serialsChanged = 0;
  const voters = draft.map((v) => {
    if (!v.box) return v;
    const box = v.box;
    const same = (byPage.get(box.page) ?? []).find((c) => c.box && sameBox(c.box.rect, box.rect));
    if (!same) return v;
    const epic = same.epic && same.epic !== v.epic ? same.epic : null;
    const serial = options.serials && same.serial !== null && same.serial !== v.serial ? same.serial : null;
    // the part number a scanned cover states, the section and the list its page's header names: text the
    // draft's read leaves to the complete parse
    const part = !v.part && same.part ? same.part : null;
    const section = !v.section && same.section ? same.section : null;
    const supplement = !v.supplement && same.supplement ? same.supplement : null;
    // before payment, a deletion made by a list only the complete parse read (after it, the paid slips stay)
    const deleted = options.serials && same.deleted && !v.deleted;
    if (epic === null && serial === null && part === null && section === null && supplement === null && !deleted) return v;
    if (epic !== null) filled++;
    if (serial !== null) serialsChanged++;
    return {
      ...v,
      ...(epic !== null ? { epic } : {}),
      ...(serial !== null ? { serial } : {}),
      ...(part !== null ? { part } : {}),
      ...(section !== null ? { section } : {}),
      ...(supplement !== null ? { supplement } : {}),
      ...(deleted ? { deleted: true, ...(same.deletionReason ? { deletionReason: same.deletionReason } : {}) } : {}),
    };
  });
  return { voters, filled, serialsChanged };
}

/** Two reads of one printed box: each one's centre inside the other (the two parses cut the same ruled cell). */
function sameBox(a: Rect, b: Rect): boolean {
  const inside = (p: Rect, q: Rect) => {
    const cx = p.x + p.width / 2;
    const cy = p.y + p.height / 2;
    return cx >= q.x && cx <= q.x + q.width && cy >= q.y && cy <= q.y + q.height;
  };
  return inside(a, b) && inside(b, a);
}
