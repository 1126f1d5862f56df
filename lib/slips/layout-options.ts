/**
 * Page sizes, orientations and the slips-per-page values allowed for each: the office sheets, and the paper rolls of
 * 58 mm and 80 mm thermal printers (one slip per label, any orientation printing the same).
 */
export const SHEET_SIZES = ['a4', 'a3', 'letter', 'legal'] as const;
export const ROLL_SIZES = ['roll58', 'roll80'] as const;
export const PAGE_SIZES = [...SHEET_SIZES, ...ROLL_SIZES] as const;
export const ORIENTATIONS = ['portrait', 'landscape'] as const;

export type PageSize = (typeof PAGE_SIZES)[number];
/** How each page size is named to a person. */
export const PAGE_SIZE_LABELS: Record<PageSize, string> = { a4: 'A4', a3: 'A3', letter: 'Letter', legal: 'Legal', roll58: '58 mm roll (thermal)', roll80: '80 mm roll (thermal)' };

/** A thermal printer's paper roll: one slip per label, no orientation, no cut guides. */
export function isRollSize(size: PageSize): size is (typeof ROLL_SIZES)[number] {
  return (ROLL_SIZES as readonly string[]).includes(size);
}

/**
 * Slips on a roll that are charged as one page: a roll prints one slip per label, and a label is not a sheet of
 * paper; eight labels cost what an A4 sheet of eight slips costs.
 */
export const ROLL_SLIPS_PER_CHARGED_PAGE = 8;

/** The pages a fee is charged for: the PDF's pages, or on a roll its labels in eights. */
export function chargedPages(size: PageSize, pages: number): number {
  return isRollSize(size) ? Math.ceil(pages / ROLL_SLIPS_PER_CHARGED_PAGE) : pages;
}
export type Orientation = (typeof ORIENTATIONS)[number];

export const ALLOWED_SLIPS_PER_PAGE: Record<PageSize, Record<Orientation, readonly number[]>> = {
  a4: { portrait: [8, 10, 12, 16], landscape: [8, 10, 12, 16] },
  a3: { portrait: [16, 20, 24], landscape: [18, 24, 30] },
  letter: { portrait: [8, 10], landscape: [6, 9] },
  legal: { portrait: [10, 12], landscape: [9, 12] },
  roll58: { portrait: [1], landscape: [1] },
  roll80: { portrait: [1], landscape: [1] },
};

export const DEFAULT_PAGE_SIZE: PageSize = 'a4';
export const DEFAULT_ORIENTATION: Orientation = 'portrait';

export function allowedSlipsPerPage(size: PageSize, orientation: Orientation): readonly number[] {
  return ALLOWED_SLIPS_PER_PAGE[size][orientation];
}

export function isAllowedLayout(size: PageSize, orientation: Orientation, perPage: number): boolean {
  return allowedSlipsPerPage(size, orientation).includes(perPage);
}

/** When size or orientation changes and the current value is not allowed, fall back to the first allowed value. */
export function coerceSlipsPerPage(size: PageSize, orientation: Orientation, perPage: number): number {
  const allowed = allowedSlipsPerPage(size, orientation);
  return allowed.includes(perPage) ? perPage : allowed[0];
}
