/** Page sizes, orientations and the slips-per-page values allowed for each. */
export const PAGE_SIZES = ['a4', 'a3', 'letter', 'legal'] as const;
export const ORIENTATIONS = ['portrait', 'landscape'] as const;

export type PageSize = (typeof PAGE_SIZES)[number];
/** How each page size is named to a person. */
export const PAGE_SIZE_LABELS: Record<PageSize, string> = { a4: 'A4', a3: 'A3', letter: 'Letter', legal: 'Legal' };
export type Orientation = (typeof ORIENTATIONS)[number];

export const ALLOWED_SLIPS_PER_PAGE: Record<PageSize, Record<Orientation, readonly number[]>> = {
  a4: { portrait: [8, 10, 12, 16], landscape: [8, 10, 12, 16] },
  a3: { portrait: [16, 20, 24], landscape: [18, 24, 30] },
  letter: { portrait: [8, 10], landscape: [6, 9] },
  legal: { portrait: [10, 12], landscape: [9, 12] },
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
