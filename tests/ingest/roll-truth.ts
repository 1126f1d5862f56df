/**
 * Every real roll in ../shared/fixtures/rolls and what is known to be in it, found at test time
 * (a roll dropped into the folder is tested without new code):
 * - a roll with a text layer: poppler's `pdftotext -layout` gives its IDs in reading order;
 * - an image-only roll: the fixtures README's row for the file states its serial range or count.
 * Scoring compares a parse with that truth; the every-roll test asserts on the scores and the
 * ingest bench prints them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseVoterList } from '@/lib/slips/parse';
import type { VoterList, VoterRecord } from '@/lib/slips/types';

export const ROLLS_DIR = path.resolve(process.cwd(), '../shared/fixtures/rolls');
export const HAVE_ROLLS = existsSync(ROLLS_DIR) && rollFiles().length > 0;
export const NO_ROLLS_REASON = `no shared roll fixtures at ${ROLLS_DIR}`;

/** IDs as the README defines them: EPICs and old-format voter numbers. */
const ID = /\b([A-Z]{3}[0-9]{7}|[A-Z]{2}\/[0-9]{2}\/[0-9]{2,3}\/[0-9]{5,7})\b/g;

export function rollFiles(): string[] {
  if (!existsSync(ROLLS_DIR)) return [];
  return readdirSync(ROLLS_DIR)
    .filter((f) => f.toLowerCase().endsWith('.pdf'))
    .sort();
}

export interface RollTruth {
  file: string;
  pages: number;
  /** IDs in reading order from the text layer; null for an image-only roll. */
  ids: string[] | null;
  /** Serial range stated in the README (cover facts), when it states one. */
  serials: { first: number; last: number } | null;
  /** Voter count stated in the README, when it states a plain one (or "(595 voters)"). */
  voters: number | null;
  /** Serials of the stated range that the roll itself does not hold ("with 328 absent from the roll itself"). */
  absent: number[];
  /** Serials the README states are deleted voters ("7 deleted, stamped: serials 67, 106, …"), when it states them. */
  deleted: number[] | null;
}

const numbers = (text: string) => [...text.matchAll(/\d+/g)].map((m) => Number(m[0]));

function readmeRow(file: string): string | null {
  const readme = path.join(ROLLS_DIR, 'README.md');
  if (!existsSync(readme)) return null;
  return (
    readFileSync(readme, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('|') && l.includes(`\`${file}\``)) ?? null
  );
}

export function pdftotextLayout(pdf: string): string {
  return execFileSync('pdftotext', ['-layout', pdf, '-'], { maxBuffer: 256 * 1024 * 1024 }).toString();
}

export function rollTruth(file: string): RollTruth {
  const pdf = path.join(ROLLS_DIR, file);
  const info = execFileSync('pdfinfo', [pdf]).toString();
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  const text = pdftotextLayout(pdf);
  const hasText = text.replace(/\s+/g, '').length > 200;
  const ids = hasText ? [...text.matchAll(ID)].map((m) => m[1]) : null;
  const row = readmeRow(file);
  const range = row ? /serials\s+(\d+)\s*\.\.\s*(\d+)/.exec(row) : null;
  const cells = row ? row.split('|').map((c) => c.trim()) : [];
  const plain = cells.length >= 6 ? /^(\d+)$/.exec(cells[5]) : null;
  const counted = row ? /\((\d+) voters\)/.exec(row) : null;
  const absent = row ? /with ([\d, and]+?) absent/.exec(row) : null;
  const deleted = row ? /(\d+) deleted, stamped: serials ([\d, ]+)/.exec(row) : null;
  const absentSerials = absent ? numbers(absent[1]) : [];
  return {
    file,
    pages,
    ids,
    serials: range ? { first: Number(range[1]), last: Number(range[2]) } : null,
    voters: plain ? Number(plain[1]) : counted ? Number(counted[1]) : range ? Number(range[2]) - Number(range[1]) + 1 - absentSerials.length : null,
    absent: absentSerials,
    deleted: deleted ? numbers(deleted[2]) : null,
  };
}

/** Length of the longest common subsequence (IDs in the same order). */
function lcs(a: string[], b: string[]): number {
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

export interface RollScore {
  file: string;
  found: number;
  /** boxes expected: text rolls, the text layer's IDs (boxes without an ID cannot be counted from it); image-only, the README's */
  expected: number | null;
  /** text rolls: IDs equal to the text layer's, in order, over its IDs; image-only: ID-shaped reads no other box shares, over boxes */
  idExact: number;
  /** share of boxes with a serial */
  serialsRead: number;
  /** serials strictly rising by one from box to box (gaps allowed where the roll has them) */
  serialsRising: number;
  /** for image-only rolls: the serials read cover exactly the stated range */
  rangeMatches: boolean | null;
  /** every box has a serial, each one more than the box before's (past the serials the roll states absent) */
  consecutive: boolean;
  /** serials of the voters marked deleted, in order */
  deletedSerials: number[];
  firstSerial: number | null;
  lastSerial: number | null;
  sameIdsInOrder: boolean | null;
}

export function scoreRoll(truth: RollTruth, list: VoterList): RollScore {
  const voters = list.voters;
  const ids = voters.map((v) => v.epic).filter((e): e is string => e !== null);
  const serials = voters.map((v) => v.serial);
  let rising = 0;
  for (let i = 1; i < serials.length; i++) {
    const a = serials[i - 1];
    const b = serials[i];
    if (a !== null && b !== null && b > a) rising++;
  }
  const read = serials.filter((s) => s !== null).length;
  const got = serials.filter((s): s is number => s !== null);
  // the serials expected after each one: the next, past any the roll states absent
  const absent = new Set(truth.absent);
  const next = (s: number) => {
    let n = s + 1;
    while (absent.has(n)) n++;
    return n;
  };
  const base = {
    file: truth.file,
    consecutive: got.length === voters.length && got.every((s, i) => i === 0 || s === next(got[i - 1])),
    deletedSerials: voters.filter((v) => v.deleted).map((v) => v.serial ?? -1),
    firstSerial: got[0] ?? null,
    lastSerial: got[got.length - 1] ?? null,
    found: voters.length,
    serialsRead: voters.length ? read / voters.length : 0,
    serialsRising: voters.length > 1 ? rising / (voters.length - 1) : 1,
  };
  if (truth.ids) {
    const exact = lcs(ids, truth.ids);
    return {
      ...base,
      expected: truth.ids.length + voters.filter((v) => v.epic === null).length,
      idExact: truth.ids.length ? exact / Math.max(truth.ids.length, ids.length) : 1,
      rangeMatches: null,
      sameIdsInOrder: ids.length === truth.ids.length && ids.every((id, i) => id === truth.ids?.[i]),
    };
  }
  // an ID printed for one voter only: one that OCR gives to several voters is wrong for all but one
  // at least (a misread forced into the ID's shape), and counts for none of them
  const times = new Map<string, number>();
  for (const id of ids) times.set(id, (times.get(id) ?? 0) + 1);
  const shaped = voters.filter((v) => v.epic !== null && times.get(v.epic) === 1 && /^([A-Z]{3}[0-9]{7}|[A-Z]{2}\/[0-9]{2}\/[0-9]{2,3}\/[0-9]{5,7})$/.test(v.epic)).length;
  const range = truth.serials;
  return {
    ...base,
    expected: truth.voters,
    idExact: voters.length ? shaped / voters.length : 0,
    rangeMatches: range ? got.length === range.last - range.first + 1 - absent.size && got[0] === range.first && base.consecutive : null,
    sameIdsInOrder: null,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function formatScore(s: RollScore): string {
  return [
    s.file,
    `voters ${s.found}/${s.expected ?? '?'}`,
    `${s.sameIdsInOrder === null ? 'IDs ID-shaped' : 'IDs exact'} ${pct(s.idExact)}`,
    `serials read ${pct(s.serialsRead)}`,
    `rising ${pct(s.serialsRising)}`,
    `serials ${s.firstSerial ?? '?'}..${s.lastSerial ?? '?'}${s.consecutive ? ' consecutive' : ''}`,
    s.rangeMatches === null ? '' : `stated range ${s.rangeMatches ? 'matches' : 'differs'}`,
    `deleted ${s.deletedSerials.length}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The IDs of a scan's text twin by serial: `<name>-scanNNN.pdf` was printed from `<name>.pdf` in the same
 * folder, whose text layer gives each serial's ID exactly. Null when the file is no such scan.
 */
export async function twinIds(file: string): Promise<Map<number, string> | null> {
  return (await twinOf(file))?.ids ?? null;
}

/** A scan's text twin as parsed: the ID and the list (section number, supplement kind) of each serial. */
export interface Twin {
  ids: Map<number, string>;
  lists: Map<number, string>;
}

/** The list a voter is in: its section's number and its supplement's kind ("3|main", "|additions"). */
export function listOf(v: VoterRecord): string {
  return `${/^\d+/.exec(v.section ?? '')?.[0] ?? ''}|${v.supplement?.kind ?? 'main'}`;
}

export async function twinOf(file: string): Promise<Twin | null> {
  const twin = file.replace(/-scan\d+\.pdf$/i, '.pdf');
  if (twin === file || !existsSync(path.join(ROLLS_DIR, twin))) return null;
  const list = await parseVoterList({ bytes: new Uint8Array(readFileSync(path.join(ROLLS_DIR, twin))), filename: twin });
  const ids = new Map<number, string>();
  const lists = new Map<number, string>();
  for (const v of list.voters) {
    if (v.serial === null) continue;
    if (v.epic) ids.set(v.serial, v.epic);
    lists.set(v.serial, listOf(v));
  }
  return { ids, lists };
}

/** Of a scan's voters whose serial its twin prints, those in the same section and list as there, and the serials of the others. */
export function listsAgainstTwin(list: VoterList, twin: Twin): { same: number; of: number; different: number[] } {
  const known = list.voters.filter((v) => v.serial !== null && twin.lists.has(v.serial));
  const different = known.filter((v) => listOf(v) !== twin.lists.get(v.serial as number)).map((v) => v.serial as number);
  return { same: known.length - different.length, of: known.length, different };
}

/** Of a scan's voters whose serial its twin prints an ID for, the share read with exactly that ID. */
export function exactAgainstTwin(list: VoterList, twin: Map<number, string>): { exact: number; of: number } {
  const known = list.voters.filter((v) => v.serial !== null && twin.has(v.serial));
  return { exact: known.filter((v) => v.epic === twin.get(v.serial as number)).length, of: known.length };
}
