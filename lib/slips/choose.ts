import { z } from 'zod';
import type { VoterRecord } from './types';
import { correctedEntries } from './ingest/corrected';
import { reprintedDeletions } from './ingest/deleted';

/**
 * Who gets a slip, in what order, and how the slips look: chosen on the draft screen once the list is
 * read, kept with the task, and applied to the draft and the final alike.
 */
export const SLIP_ORDERS = ['roll', 'house', 'family'] as const;
export const SLIP_STYLES = ['campaign', 'election-code'] as const;
export const SLIP_LABELS = ['list', 'english'] as const;

export const slipChoicesSchema = z.object({
  /** deleted voters get a slip too (marked DELETED); by default they get none */
  deleted: z.boolean().default(false),
  /** voters added in a supplement get slips */
  supplements: z.boolean().default(true),
  /** serial ranges such as "1-300, 450-460"; empty: every serial */
  serials: z.string().max(2000).default(''),
  /** sections (as the roll names them) whose voters get slips; empty: every section */
  sections: z.array(z.string().max(500)).max(1000).default([]),
  order: z.enum(SLIP_ORDERS).default('roll'),
  style: z.enum(SLIP_STYLES).default('campaign'),
  labels: z.enum(SLIP_LABELS).default('list'),
  qr: z.boolean().default(true),
  facts: z.boolean().default(true),
});
export type SlipChoices = z.infer<typeof slipChoicesSchema>;

export const DEFAULT_SLIP_CHOICES: SlipChoices = slipChoicesSchema.parse({});

export class SlipChoiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlipChoiceError';
  }
}

/** "1-300, 450-460, 512" → ranges; a clear reason for anything else. */
export function parseSerialRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const raw of text.split(/[,;\s]+/).filter(Boolean)) {
    const m = /^(\d{1,7})(?:\s*[-–]\s*(\d{1,7}))?$/.exec(raw);
    if (!m) throw new SlipChoiceError(`"${raw.slice(0, 20)}" is not a serial number or a range; write them like 1-300, 450-460.`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b < a) throw new SlipChoiceError(`The range ${raw} runs backwards or from 0; write the lower serial first, like 1-300.`);
    ranges.push([a, b]);
  }
  return ranges;
}

/** Compares house numbers in natural order: 1-114 < 1-114-A < 1-115 < 2; numbers by value, letters by text. */
export function compareHouse(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    const nx = /^\d/.test(x);
    const ny = /^\d/.test(y);
    if (nx && ny) {
      const d = Number(x) - Number(y);
      if (d !== 0) return d;
    } else if (nx !== ny) return nx ? -1 : 1;
    else {
      const d = x.localeCompare(y);
      if (d !== 0) return d;
    }
  }
  return pa.length - pb.length;
}

export interface DeletedVoter {
  serial: number | null;
  epic: string | null;
  reason: string | null;
  page: number;
}

export interface Chosen {
  /** the voters who get a slip, in the order chosen */
  voters: VoterRecord[];
  /** deleted voters left out (all of them unless `deleted` asked for their slips) */
  deletedLeftOut: DeletedVoter[];
  /** voters left out by the serial ranges, sections or supplement choice */
  leftOutByChoice: number;
  /** why the order asked for could not be kept (then the roll's order is used), or null */
  orderNote: string | null;
}


const normal = (text: string | undefined) => (text ?? '').normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Families inside one house: voters joined when one's relative is named as another voter of the house
 * (a wife's husband, a son's father), each family oldest first, the families in the order of their first
 * serial.
 */
function families(house: VoterRecord[]): VoterRecord[] {
  const parent = house.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const byName = new Map<string, number[]>();
  house.forEach((v, i) => {
    const key = normal(v.name);
    if (key) byName.set(key, [...(byName.get(key) ?? []), i]);
  });
  house.forEach((v, i) => {
    for (const j of byName.get(normal(v.relativeName)) ?? []) parent[find(i)] = find(j);
  });
  const groups = new Map<number, VoterRecord[]>();
  house.forEach((v, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), v]));
  const serial = (v: VoterRecord) => v.serial ?? Number.MAX_SAFE_INTEGER;
  return [...groups.values()]
    .map((g) => g.sort((a, b) => (b.age ?? -1) - (a.age ?? -1) || serial(a) - serial(b)))
    .sort((a, b) => Math.min(...a.map(serial)) - Math.min(...b.map(serial)))
    .flat();
}

/**
 * The voters who get a slip and their order. Deleted voters are left out unless asked for; then the
 * serial ranges, sections and supplement choice; then the order: the roll's, by house (section in the
 * roll's order, then house number in natural order, then serial), or by family (a house's families
 * together, oldest first). House and family order need house numbers: a roll that yields them for fewer
 * than half its voters keeps its own order, and says so.
 */
export function chooseVoters(all: readonly VoterRecord[], choices: SlipChoices): Chosen {
  const deletedLeftOut: DeletedVoter[] = [];
  const ranges = choices.serials.trim() ? parseSerialRanges(choices.serials) : [];
  const sections = new Set(choices.sections);
  let leftOutByChoice = 0;
  const voters: VoterRecord[] = [];
  // a deletions list's reprint of a deleted entry is that entry's person again: no second slip or listing
  const reprints = reprintedDeletions(all);
  // a corrections list's entry takes the place of the entry it amends: one slip, with the corrected details
  const corrections = correctedEntries(all);
  const amending = new Set(corrections.values());
  for (const entry of all) {
    if (reprints.has(entry) || amending.has(entry)) continue;
    const v = entry.deleted ? entry : (corrections.get(entry) ?? entry);
    if (v.deleted && !choices.deleted) {
      deletedLeftOut.push({ serial: v.serial, epic: v.epic, reason: v.deletionReason ?? null, page: v.page });
      continue;
    }
    const inRange = ranges.length === 0 || (v.serial !== null && ranges.some(([a, b]) => v.serial! >= a && v.serial! <= b));
    const inSection = sections.size === 0 || sections.has(v.section ?? entry.section ?? '');
    // the supplement choice is about the lists' added voters: a correction in an entry's place stays with it
    const inSupplement = choices.supplements || !entry.supplement || entry.supplement.kind === 'deletions';
    if (inRange && inSection && inSupplement) voters.push(v);
    else leftOutByChoice++;
  }
  if (choices.order === 'roll' || voters.length === 0) return { voters, deletedLeftOut, leftOutByChoice, orderNote: null };
  const withHouse = voters.filter((v) => v.houseNumber?.trim()).length;
  if (withHouse < voters.length / 2) {
    return {
      voters,
      deletedLeftOut,
      leftOutByChoice,
      orderNote: `House numbers could not be read from this list (${withHouse} of ${voters.length} voters have one: a roll with no readable text layer gives none), so its slips are in the roll's order.`,
    };
  }
  // sections in the order the roll first lists them; voters without a house number last in their section.
  // A voter whose entry names no section (a supplement's addition often does not) joins the section
  // where its house number is found, so that it is printed with its house.
  const sectionRank = new Map<string, number>();
  for (const v of all) if (v.section && !sectionRank.has(v.section)) sectionRank.set(v.section, sectionRank.size);
  sectionRank.set('', sectionRank.size);
  const houseSection = new Map<string, string>();
  for (const v of all) {
    const house = v.houseNumber?.trim();
    if (house && v.section && !houseSection.has(house)) houseSection.set(house, v.section);
  }
  const sectionOf = (v: VoterRecord) => v.section || houseSection.get(v.houseNumber?.trim() ?? '') || '';
  const houseKey = (v: VoterRecord) => `${sectionRank.get(sectionOf(v))}\u0000${v.houseNumber?.trim() ?? ''}`;
  const houses = new Map<string, VoterRecord[]>();
  for (const v of voters) houses.set(houseKey(v), [...(houses.get(houseKey(v)) ?? []), v]);
  const serial = (v: VoterRecord) => v.serial ?? Number.MAX_SAFE_INTEGER;
  const ordered = [...houses.values()].sort((a, b) => {
    const sa = sectionRank.get(sectionOf(a[0])) ?? 0;
    const sb = sectionRank.get(sectionOf(b[0])) ?? 0;
    if (sa !== sb) return sa - sb;
    const ha = a[0].houseNumber?.trim() ?? '';
    const hb = b[0].houseNumber?.trim() ?? '';
    if (!ha !== !hb) return ha ? -1 : 1;
    return compareHouse(ha, hb) || serial(a[0]) - serial(b[0]);
  });
  const result = ordered.flatMap((house) => (choices.order === 'family' ? families(house) : [...house].sort((a, b) => serial(a) - serial(b))));
  return { voters: result, deletedLeftOut, leftOutByChoice, orderNote: null };
}
