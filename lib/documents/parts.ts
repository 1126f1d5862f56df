import type { DocumentPartRow } from '@/db/schema';

/**
 * How the lists of a task of several are named and ordered: by the part number their roll states (in
 * natural order: 2 before 10), then in the order they were uploaded.
 */

/** The part number a list's roll states, or null. */
export function partNumberOf(part: Pick<DocumentPartRow, 'parseSummary'>): string | null {
  return part.parseSummary?.header.part ?? null;
}

const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function partsInOrder<T extends Pick<DocumentPartRow, 'parseSummary' | 'position'>>(parts: readonly T[]): T[] {
  return [...parts].sort((a, b) => {
    const pa = partNumberOf(a);
    const pb = partNumberOf(b);
    if (pa && pb && pa !== pb) return natural.compare(pa, pb);
    if (pa && !pb) return -1;
    if (!pa && pb) return 1;
    return a.position - b.position;
  });
}

/** A name safe in every file system and ZIP tool: letters of any script and digits kept, the rest joined by dashes. */
export function safeNamePart(text: string, max = 60): string {
  return text
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}

/**
 * The file a list's slips are saved as in the task's ZIP: `<AC>-<part>-<polling station>.pdf` from the
 * roll's facts (`137-12-Primary-School-Rampur.pdf`), or the uploaded file's name when the roll states no part.
 */
export function partFileName(part: Pick<DocumentPartRow, 'parseSummary' | 'name' | 'position'>): string {
  const header = part.parseSummary?.header ?? {};
  const number = partNumberOf(part);
  const base = number
    ? [header.assemblyNumber ?? header.assembly, number, header.pollingStation].filter((x): x is string => !!x).map((x) => safeNamePart(x)).filter(Boolean).join('-')
    : safeNamePart(part.name.replace(/\.[^.]+$/, ''));
  return `${base || `list-${part.position + 1}`}.pdf`;
}
