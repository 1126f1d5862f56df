/** Paging arithmetic for the admin tables (pure, tested in paging.test.ts). */

export const PAGE_SIZE = 20;

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** Keeps a page index inside [0, pageCount - 1] (e.g. after the last row of the last page is deleted). */
export function clampPage(page: number, total: number, pageSize = PAGE_SIZE): number {
  return Math.min(Math.max(0, Math.floor(page)), pageCount(total, pageSize) - 1);
}

/** 'Showing 21–40 of 57' (or 'No results'). */
export function rangeLabel(page: number, total: number, pageSize = PAGE_SIZE): string {
  if (total <= 0) return 'No results';
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return `Showing ${first}–${last} of ${total}`;
}

/** Case-insensitive match of a search text against some fields (client-side filtering). */
export function matchesSearch(q: string, ...fields: (string | number | null | undefined)[]): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((f) => f !== null && f !== undefined && String(f).toLowerCase().includes(needle));
}
