import type { DocumentParseSummary, StoredListOverview } from '@/db/schema';
import { MAX_KEPT_WARNINGS } from './summary';

/** Deleted voters kept for the draft screen across all lists (the rest are counted). */
const MAX_KEPT_DELETED = 500;

/**
 * A task's summary made from its lists': counts added up, the roll's facts the lists share (a
 * constituency's name and number; part and polling station differ, so each list keeps its own), warnings
 * named by their list, and the lists' sections and polling stations together.
 */
export function combineSummaries(lists: readonly { name: string; summary: DocumentParseSummary }[]): DocumentParseSummary {
  const sum = (pick: (s: DocumentParseSummary) => number) => lists.reduce((total, l) => total + pick(l.summary), 0);
  const warnings = lists.flatMap((l) => l.summary.warnings.map((w) => ({ ...w, message: `${listLabel(l)}: ${w.message}` })));
  return {
    source: lists.some((l) => l.summary.source === 'pdf') ? 'pdf' : 'excel',
    voters: sum((s) => s.voters),
    sourcePages: sum((s) => s.sourcePages),
    voterPages: sum((s) => s.voterPages),
    withoutEpic: sum((s) => s.withoutEpic),
    deleted: sum((s) => s.deleted),
    header: sharedFacts(lists.map((l) => l.summary.header)),
    warnings: warnings.slice(0, MAX_KEPT_WARNINGS),
    moreWarnings: Math.max(0, warnings.length - MAX_KEPT_WARNINGS) + sum((s) => s.moreWarnings),
    ...(lists.some((l) => l.summary.overview) ? { overview: combineOverviews(lists.map((l) => l.summary.overview)) } : {}),
  };
}

function listLabel(list: { name: string; summary: DocumentParseSummary }): string {
  const part = list.summary.header.part;
  return part ? `Part ${part} (${list.name})` : list.name;
}

/** The facts every list states alike. */
function sharedFacts(headers: readonly Record<string, string | undefined>[]): Record<string, string | undefined> {
  const shared: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(headers[0] ?? {})) {
    if (value !== undefined && headers.every((h) => h[key] === value)) shared[key] = value;
  }
  return shared;
}

function combineOverviews(overviews: readonly (StoredListOverview | undefined)[]): StoredListOverview {
  const present = overviews.filter((o): o is StoredListOverview => !!o);
  const tally = (pick: (o: StoredListOverview) => { name: string; voters: number }[]) => {
    const counts = new Map<string, number>();
    for (const o of present) for (const item of pick(o)) counts.set(item.name, (counts.get(item.name) ?? 0) + item.voters);
    return [...counts].map(([name, voters]) => ({ name, voters }));
  };
  return {
    language: present[0]?.language ?? 'en',
    sections: tally((o) => o.sections),
    pollingStations: tally((o) => o.pollingStations),
    deleted: present.flatMap((o) => o.deleted).slice(0, MAX_KEPT_DELETED),
    deletedCount: present.reduce((n, o) => n + o.deletedCount, 0),
    supplementAdditions: present.reduce((n, o) => n + o.supplementAdditions, 0),
    correctedEntries: present.reduce((n, o) => n + (o.correctedEntries ?? 0), 0),
    withHouseNumber: present.reduce((n, o) => n + o.withHouseNumber, 0),
  };
}
