import type { AssemblyEntry, Rect } from '../../types';
import { findEpic } from '../epic';
import { deletionCode, labelledDeletionCode } from './deletion-code';
import { asciiDigits, serialOf } from '../numbers';
import { COLUMN, loosePhrase, toLines, type TextPiece } from '../engines/text-layer';

export interface BoxText {
  serial: number | null;
  epic: string | null;
  /** The text where the box prints its ID (its top band), for the roll's own ID shapes (id-shapes.ts). */
  idText: string;
  deleted: boolean;
  /** The deletion reason letter printed beside the serial, when there is one. */
  deletionReason: string | null;
  /** True when the box had any text at all in the text layer. */
  hasText: boolean;
  fields: {
    name?: string;
    relation?: string;
    relativeName?: string;
    houseNumber?: string;
    age?: number;
    gender?: string;
    assemblyEntry?: AssemblyEntry;
  };
}

const DELETED = /DELETED|विलोपित|हटाया गया/;
/*
 * The reason code a 2025 ECI roll prints alone in a deleted entry's top band, beside its serial
 * (S shifted, E expired, R repeated, M missing, Q disqualified), is read by deletion-code.ts; the
 * "DELETED" stamp over the box is drawn, not text.
 */

/** A label: its English form (a regular expression) or one of its Indic forms, matched loosely. */
function labelRe(english: string, indic: string[]): RegExp {
  return new RegExp(`${english}|${indic.map(loosePhrase).join('|')}`, 'giu');
}

/** Labels of the fields printed in a box (English, Hindi, Gujarati), most specific first. */
const LABELS: { key: keyof BoxText['fields'] | 'relative'; re: RegExp }[] = [
  {
    key: 'relative',
    re: labelRe("(Father|Husband|Mother|Others?|Guardian|Wife)(?:'?s)?\\s*Name", ['पिता का नाम', 'पति का नाम', 'माता का नाम', 'अन्य का नाम', 'पत्नी का नाम', 'પિતાનું નામ', 'પતિનું નામ', 'માતાનું નામ', 'પત્નીનું નામ']),
  },
  { key: 'houseNumber', re: labelRe('House\\s*(?:No\\.?|Number)', ['मकान संख्या', 'मकान सं', 'मकान नं', 'ઘર નંબર', 'ઘર નં']) },
  { key: 'age', re: labelRe('\\bAge\\b', ['आयु', 'उम्र', 'ઉંમર', 'ઉમર']) },
  { key: 'gender', re: labelRe('\\bGender\\b|\\bSex\\b', ['लिंग', 'જાતિ']) },
  { key: 'name', re: labelRe("\\b(?:Elector'?s\\s*)?Name\\b", ['मतदाता का नाम', 'મતદારનું નામ', 'नाम', 'નામ']) },
];

/** The gender as printed: its first word, an Indic word's pieces joined ("પુરુ ષ" is "પુરુષ"). */
function genderWord(value: string): string {
  const indic = /^[\u0900-\u0DFF]+(?:\s[\u0900-\u0DFF]+)*/u.exec(value);
  return indic ? indic[0].replace(/\s+/g, '') : value.split(/\s/)[0];
}

const RELATION: [RegExp, string][] = [
  [/father|पिता|પિતા/i, 'father'],
  [/husband|पति|પતિ/i, 'husband'],
  [/mother|माता|માતા/i, 'mother'],
  [/wife|पत्नी|પત્ની/i, 'wife'],
  [/other|guardian|अन्य/i, 'other'],
];

function labelled(text: string): Partial<BoxText['fields']> {
  type Hit = { key: string; start: number; end: number; label: string };
  const hits: Hit[] = [];
  for (const { key, re } of LABELS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (hits.some((h) => start < h.end && end > h.start)) continue;
      hits.push({ key, start, end, label: m[0] });
    }
  }
  hits.sort((a, b) => a.start - b.start);
  const out: Partial<BoxText['fields']> = {};
  hits.forEach((hit, i) => {
    // a name runs to the next label, over at most two more lines (a long name wraps), in its
    // column; the other values end with their line
    const stop = i + 1 < hits.length ? hits[i + 1].start : text.length;
    const lines = text
      .slice(hit.end, stop)
      .split('\n')
      .map((line) => line.split(COLUMN)[0].trim());
    const wraps = hit.key === 'name' || hit.key === 'relative';
    const value = (wraps ? lines.slice(0, 3).filter((line, k) => k === 0 || line !== '') : lines.slice(0, 1))
      .join(' ')
      .replace(/^[\s:：\-–.]+/, '')
      .replace(/[\s|]+$/, '')
      .trim();
    if (!value) return;
    if (hit.key === 'relative') {
      out.relativeName ??= value;
      out.relation ??= RELATION.find(([re]) => re.test(hit.label))?.[1];
    } else if (hit.key === 'age') {
      const n = Number.parseInt(value, 10);
      if (Number.isFinite(n) && n > 0 && n < 150) out.age ??= n;
    } else if (hit.key === 'name') out.name ??= value;
    else if (hit.key === 'houseNumber') out.houseNumber ??= value;
    else if (hit.key === 'gender') out.gender ??= genderWord(value);
  });
  return out;
}

/**
 * "AC/part/serial" as a list built from assembly rolls prints it beside the EPIC ("40/259/911"): three
 * whole numbers joined by slashes, standing alone (not the tail of an old-format ID such as
 * GJ/21/141/006050, nor a longer run of slashes).
 */
const ENTRY = /(?<![\w/])(\d{1,3})\/(\d{1,4})\/(\d{1,5})(?![\w/])/g;

/**
 * The assembly-roll entry printed in a box's top band (where the serial and EPIC are), or undefined.
 * Only a reading that can be one: constituency 1..999, part and serial from 1, and not a date
 * (day/month/year, as a birth date would print).
 */
export function assemblyEntryOf(topText: string): AssemblyEntry | undefined {
  for (const m of asciiDigits(topText).matchAll(ENTRY)) {
    const [ac, part, serial] = [m[1], m[2], m[3]].map((d) => Number.parseInt(d, 10));
    if (ac < 1 || part < 1 || serial < 1) continue;
    if (ac <= 31 && part <= 12 && serial >= 1900 && serial <= 2099) continue;
    return { assemblyNumber: String(ac), part: String(part), serial };
  }
  return undefined;
}

/**
 * Reads one box from the text layer: the serial (the first whole number in the box's top band,
 * leftmost), the EPIC, a "deleted" mark, the assembly-roll entry when the box prints one, and — only
 * when the layer is clean — the labelled fields.
 */
export function readBoxText(box: Rect, pieces: TextPiece[], clean: boolean): BoxText {
  const lines = toLines(pieces);
  const topBand = box.y + box.height * 0.72;
  let serial: number | null = null;
  const top = pieces.filter((p) => p.y >= topBand).sort((p, q) => p.x - q.x);
  for (const p of top) {
    serial = serialOf(p.str);
    if (serial !== null) break;
  }
  const all = lines.map((l) => l.text).join('\n');
  const topText = lines.filter((l) => l.y >= topBand).map((l) => l.text).join(' ');
  const epic = findEpic(topText) ?? findEpic(all);
  if (serial === null) {
    // serial glued to other text in the top band, e.g. "12 ABC1234567"
    const m = /(?:^|\s)(\d{1,3}(?:,\d{2,3})+|\d{1,5})(?:\s|$)/.exec(asciiDigits(topText.replace(epic ?? '\u0000', ' ')));
    if (m) serial = serialOf(m[1]);
  }
  const fields: BoxText['fields'] = clean ? labelled(all) : {};
  // digits are read whatever the layer's verdict (legacy fonts garble letters, not these numbers)
  const entry = assemblyEntryOf(topText);
  if (entry) fields.assemblyEntry = entry;
  // alone in the top band (a main list's deleted entry, a deletion list's code), or labelled in the box
  const deletionReason = top.map((p) => deletionCode(p.str)).find((c) => c !== null) ?? labelledDeletionCode(all);
  return { serial, epic, idText: topText, deleted: DELETED.test(all) || deletionReason !== null, deletionReason, hasText: pieces.length > 0, fields };
}
