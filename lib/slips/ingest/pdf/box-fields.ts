import type { Rect } from '../../types';
import { findEpic } from '../epic';
import { asciiDigits, serialOf } from '../numbers';
import { toLines, type TextPiece } from './text-layer';

export interface BoxText {
  serial: number | null;
  epic: string | null;
  deleted: boolean;
  /** True when the box had any text at all in the text layer. */
  hasText: boolean;
  fields: {
    name?: string;
    relation?: string;
    relativeName?: string;
    houseNumber?: string;
    age?: number;
    gender?: string;
  };
}

const DELETED = /DELETED|विलोपित|हटाया गया/;

/** Labels of the fields printed in a box (English, Hindi, Gujarati), most specific first. */
const LABELS: { key: keyof BoxText['fields'] | 'relative'; re: RegExp }[] = [
  { key: 'relative', re: /(Father|Husband|Mother|Others?|Guardian|Wife)(?:'?s)?\s*Name|(पिता|पति|माता|अन्य|पत्नी)\s*का\s*नाम|(પિતા|પતિ|માતા|પત્ની)\S*\s*નામ/giu },
  { key: 'houseNumber', re: /House\s*(?:No\.?|Number)|मकान\s*(?:संख्या|सं\.?|नं\.?)|ઘર\s*ન\S*/giu },
  { key: 'age', re: /\bAge\b|आयु|उम्र|ઉંમર|ઉમર/giu },
  { key: 'gender', re: /\bGender\b|\bSex\b|लिंग|જાતિ/giu },
  { key: 'name', re: /\b(?:Elector'?s\s*)?Name\b|नाम|નામ/giu },
];

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
    const stop = Math.min(i + 1 < hits.length ? hits[i + 1].start : text.length, text.indexOf('\n', hit.end) === -1 ? text.length : text.indexOf('\n', hit.end));
    const value = text.slice(hit.end, stop).replace(/^[\s:：\-–.]+/, '').replace(/[\s|]+$/, '').trim();
    if (!value) return;
    if (hit.key === 'relative') {
      out.relativeName ??= value;
      out.relation ??= RELATION.find(([re]) => re.test(hit.label))?.[1];
    } else if (hit.key === 'age') {
      const n = Number.parseInt(value, 10);
      if (Number.isFinite(n) && n > 0 && n < 150) out.age ??= n;
    } else if (hit.key === 'name') out.name ??= value;
    else if (hit.key === 'houseNumber') out.houseNumber ??= value;
    else if (hit.key === 'gender') out.gender ??= value.split(/\s/)[0];
  });
  return out;
}

/**
 * Reads one box from the text layer: the serial (the first whole number in the box's top band,
 * leftmost), the EPIC, a "deleted" mark, and — only when the layer is clean — the labelled fields.
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
  const fields = clean ? labelled(all) : {};
  return { serial, epic, deleted: DELETED.test(all), hasText: pieces.length > 0, fields };
}
