import type { DeletedVoter } from './choose';
import { rollLanguage, type LabelLanguage } from './labels';
import { correctedEntries } from './ingest/corrected';
import { deletedPeople } from './ingest/deleted';
import type { ParseReport, VoterRecord } from './types';

/**
 * What the draft screen shows of a list before anyone chooses who gets a slip: its language, its sections
 * and polling stations with their voters, the deleted voters (left out by default), the supplement
 * additions, the entries a corrections list amends, and how many voters have a house number. Bounded: a list's summary stays small.
 */
export interface ListOverview {
  language: LabelLanguage;
  sections: { name: string; voters: number }[];
  pollingStations: { name: string; voters: number }[];
  deleted: DeletedVoter[];
  /** deleted voters in all (the list above stops at MAX_LISTED) */
  deletedCount: number;
  supplementAdditions: number;
  /** entries a corrections list amends: each voter gets one slip, with the corrected details (corrected.ts) */
  correctedEntries: number;
  withHouseNumber: number;
}

const MAX_LISTED = 1000;
const MAX_GROUPS = 500;

function counted(values: (string | undefined)[]): { name: string; voters: number }[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].slice(0, MAX_GROUPS).map(([name, voters]) => ({ name, voters }));
}

export function listOverview(voters: readonly VoterRecord[], header: ParseReport['header']): ListOverview {
  const deleted = deletedPeople(voters);
  return {
    language: rollLanguage(voters, header),
    sections: counted(voters.map((v) => v.section)),
    pollingStations: counted(voters.map((v) => v.pollingStation)),
    deleted: deleted.slice(0, MAX_LISTED).map((v) => ({ serial: v.serial, epic: v.epic, reason: v.deletionReason ?? null, page: v.page })),
    deletedCount: deleted.length,
    supplementAdditions: voters.filter((v) => v.supplement?.kind === 'additions').length,
    correctedEntries: correctedEntries(voters).size,
    withHouseNumber: voters.filter((v) => v.houseNumber?.trim()).length,
  };
}
