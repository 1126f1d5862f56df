/**
 * One slip, in cell-local coordinates (origin at the cell's bottom-left): the areas of the banner,
 * the voter content and the address, and the content-stream operators for the parts that vary.
 */
import type { Rect, TextCut, VoterRecord } from '../types';
import { bilingual, labelsFor, type LabelLanguage, type LabelSet } from '../labels';
import { fmt2, fmt5 } from './num';
import type { DocumentFont } from './font';
import { textWidth } from './font';
import { fitSize, fitWrapped } from './text-fit';
import { boxPlacementMatrix, displayedSize, type SourceForm } from './source-pages';
// how far past the photo's edge the blank reaches when photos are off: the frame's line, not the text beside it
import { PHOTO_FRAME_MARGIN } from '../ingest/text-cut';

export interface SlipAreas {
  /** The slip inside its cell (cell minus padding). */
  slip: Rect;
  /** Absent on a plain election-code slip. */
  banner: Rect | null;
  content: Rect;
  /** Absent on a plain election-code slip. */
  address: Rect | null;
  /** The roll's facts (part and serial, polling station), above the address. */
  facts: Rect | null;
  /** The QR code's square, at the right of the content. */
  qr: Rect | null;
}

/** Which parts a slip has besides the voter's content. */
export interface SlipParts {
  banner: boolean;
  address: boolean;
  facts: boolean;
  qr: boolean;
}

export const CAMPAIGN_PARTS: SlipParts = { banner: true, address: true, facts: false, qr: false };

export const f = fmt2;
/** Matrix entries need more precision: a scale error is multiplied by page coordinates. */
const fm = fmt5;

/**
 * Where each part of a slip goes in its cell. `qrBelow` (a thermal roll's narrow label): the QR code sits under the
 * voter's content, which then takes the label's whole width, instead of beside it.
 */
export function slipAreas(cellWidth: number, cellHeight: number, bannerAspect: number, parts: SlipParts = CAMPAIGN_PARTS, qrBelow = false): SlipAreas {
  const pad = Math.max(4, Math.min(cellWidth, cellHeight) * 0.035);
  const slip = { x: pad, y: pad, width: cellWidth - 2 * pad, height: cellHeight - 2 * pad };
  const gap = pad * 0.6;
  const bannerH = parts.banner ? Math.min(slip.width / bannerAspect, slip.height * 0.24) : 0;
  const addressH = parts.address ? Math.max(12, slip.height * 0.13) : 0;
  // on a plain slip (no banner) the serial, part and polling station are what is read at the booth: a larger band
  const factsH = parts.facts ? Math.max(12, slip.height * (parts.banner ? 0.13 : 0.24)) : 0;
  const banner = parts.banner ? { x: slip.x, y: slip.y + slip.height - bannerH, width: slip.width, height: bannerH } : null;
  const address = parts.address ? { x: slip.x, y: slip.y, width: slip.width, height: addressH } : null;
  const facts = parts.facts ? { x: slip.x, y: slip.y + addressH + (parts.address ? gap : 0), width: slip.width, height: factsH } : null;
  const contentTop = banner ? banner.y - gap : slip.y + slip.height;
  const contentBottom = facts ? facts.y + facts.height + gap : address ? address.y + address.height + gap : slip.y;
  let content = { x: slip.x, y: contentBottom, width: slip.width, height: Math.max(1, contentTop - contentBottom) };
  let qr: Rect | null = null;
  if (parts.qr && qrBelow) {
    const side = Math.min(content.width * 0.42, content.height * 0.45);
    qr = { x: content.x + (content.width - side) / 2, y: content.y, width: side, height: side };
    content = { ...content, y: content.y + side + gap, height: Math.max(1, content.height - side - gap) };
  } else if (parts.qr) {
    const side = Math.min(content.height, content.width * 0.3);
    qr = { x: content.x + content.width - side, y: content.y + (content.height - side) / 2, width: side, height: side };
    content = { ...content, width: Math.max(1, content.width - side - gap) };
  }
  return { slip, banner, content, address, facts, qr };
}

/** Operators of the slip template (drawn once per document as a form): banner, rule, address. */
export function templateOps(areas: SlipAreas, bannerAspect: number, address: string, font: DocumentFont): string {
  const out: string[] = [];
  const { banner } = areas;
  if (banner) {
    const imgW = Math.min(banner.width, banner.height * bannerAspect);
    const imgH = imgW / bannerAspect;
    const ix = banner.x + (banner.width - imgW) / 2;
    const iy = banner.y + (banner.height - imgH) / 2;
    out.push(`q ${f(imgW)} 0 0 ${f(imgH)} ${f(ix)} ${f(iy)} cm /B Do Q\n`);
  }
  const a = areas.address;
  if (!a) return out.join('');
  out.push(`q 0.5 G 0.4 w ${f(a.x)} ${f(a.y + a.height)} m ${f(a.x + a.width)} ${f(a.y + a.height)} l S Q\n`);
  const innerH = a.height - 2;
  const block = fitWrapped(address, a.width, innerH, Math.min(11, innerH * 0.8));
  const total = block.lines.length * block.lineHeight;
  let y = a.y + (a.height + total) / 2 - block.size * 0.95;
  for (const line of block.lines) {
    const w = textWidth(line, block.size);
    out.push(font.show(line, a.x + (a.width - w) / 2, y, { size: block.size }));
    y -= block.lineHeight;
  }
  return out.join('');
}

/** The DRAFT watermark across a cell (as a form): grey, semi-transparent, along the diagonal. */
export function watermarkOps(cellWidth: number, cellHeight: number, font: DocumentFont): string {
  const text = 'DRAFT';
  const angle = Math.atan2(cellHeight, cellWidth);
  const diag = Math.hypot(cellWidth, cellHeight);
  const size = Math.min((diag * 0.6) / (textWidth(text, 1) || 1), cellHeight * 0.45);
  const w = textWidth(text, size);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = cellWidth / 2;
  const cy = cellHeight / 2;
  // Rotate about the cell centre; the text is centred on it (baseline a third of the size below).
  const ops = font.show(text, -w / 2, -size * 0.35, { size, gray: 0.55, bold: true });
  return `q /GS1 gs ${fm(cos)} ${fm(sin)} ${fm(-sin)} ${fm(cos)} ${f(cx)} ${f(cy)} cm ${ops} Q\n`;
}

/** Half the roll's box line width: the clip may grow by this much, no more, so neighbours never show. */
export const CLIP_PAD = 0.25;

/** How much of the box's edge the blank leaves alone: its outline. */
const BOX_OUTLINE_KEEP = 0.9;

/**
 * A roll voter: the box from the source page, vector, clipped. Photos off: the box cut in two where the parser
 * found it safe (splitContentOps: the photo column dropped, the text drawn larger); otherwise — no cut recorded
 * (a list read before cuts were), none safe, or a turned page — the whole box with its photo area blanked.
 */
export function rollContentOps(voter: VoterRecord, form: SourceForm, content: Rect, printPhotos: boolean): { ops: string; placed: Rect } {
  const box = voter.box;
  if (!box) throw new Error('rollContentOps needs a voter with a box');
  if (!printPhotos && box.photo && box.textCut && form.rotate === 0) {
    const split = splitContentOps(box.rect, box.photo, box.textCut, form, content);
    if (split) return split;
  }
  const r = box.rect;
  const shown = displayedSize(r, form.rotate);
  const scale = Math.min(content.width / (shown.width + 2 * CLIP_PAD), content.height / (shown.height + 2 * CLIP_PAD));
  const w = shown.width * scale;
  const h = shown.height * scale;
  const tx = content.x + (content.width - w) / 2;
  const ty = content.y + (content.height - h) / 2;
  const m = boxPlacementMatrix(r, form.rotate, scale, tx, ty);
  const parts = [
    `q ${m.map(fm).join(' ')} cm ${f(r.x - CLIP_PAD)} ${f(r.y - CLIP_PAD)} ${f(r.width + 2 * CLIP_PAD)} ${f(r.height + 2 * CLIP_PAD)} re W n /${form.name} Do`,
  ];
  if (!printPhotos && box.photo) {
    // the frame's line goes too (it is drawn on the photo's edge): an empty frame on every slip says "photo missing"
    // (a scan's frame lies a little outside the photo found in its pixels), never over the box's own outline
    const p = box.photo;
    const m = PHOTO_FRAME_MARGIN;
    const inset = BOX_OUTLINE_KEEP;
    const x0 = Math.max(p.x - m, r.x + inset);
    const y0 = Math.max(p.y - m, r.y + inset);
    const x1 = Math.min(p.x + p.width + m, r.x + r.width - inset);
    const y1 = Math.min(p.y + p.height + m, r.y + r.height - inset);
    parts.push(`1 g ${f(x0)} ${f(y0)} ${f(x1 - x0)} ${f(y1 - y0)} re f`);
  }
  parts.push('Q\n');
  return { ops: parts.join(' '), placed: { x: tx, y: ty, width: w, height: h } };
}

/**
 * A box cut at `cut` (photos off, unrotated page): the strip above the cut (serial, ID) across the top at the
 * content's width at most, and the text part below it, left of the photo column, scaled up to fill what is left;
 * both clipped from the source page, left-aligned, the text part directly under the strip (they meet at the cut,
 * which crosses no text, so no line is drawn in two pieces). Null when the cut is not inside the box.
 */
function splitContentOps(r: Rect, photo: Rect, cut: TextCut, form: SourceForm, content: Rect): { ops: string; placed: Rect } | null {
  const top = r.y + r.height;
  if (!(cut.y > r.y && cut.y < top && cut.right > r.x && cut.right <= photo.x)) return null;
  const pad = CLIP_PAD;
  // clips in source space: the box's own outline gets the pad, the cut and the photo column's edge none
  const strip = { x: r.x - pad, y: cut.y, width: r.width + 2 * pad, height: top + pad - cut.y };
  const text = { x: r.x - pad, y: r.y - pad, width: cut.right - r.x + pad, height: cut.y - r.y + pad };
  const fitWidth = (w: number) => content.width / w;
  // the text as large as the width allows and the height left under the strip; the strip no larger than the text
  const textScaleUnder = (stripScale: number) => Math.min(fitWidth(text.width), (content.height - stripScale * strip.height) / text.height);
  let stripScale = fitWidth(strip.width);
  let textScale = textScaleUnder(stripScale);
  if (textScale < stripScale) {
    // height-bound: one scale for both, filling the height
    stripScale = textScale = Math.min(fitWidth(strip.width), content.height / (strip.height + text.height));
  }
  const blockW = Math.max(strip.width * stripScale, text.width * textScale);
  const blockH = strip.height * stripScale + text.height * textScale;
  const x = content.x + (content.width - blockW) / 2;
  const y = content.y + (content.height - blockH) / 2;
  const textTop = y + text.height * textScale;
  const place = (clip: Rect, scale: number, tx: number, ty: number, extra = '') =>
    `q ${[scale, 0, 0, scale, tx - clip.x * scale, ty - clip.y * scale].map(fm).join(' ')} cm ${f(clip.x)} ${f(clip.y)} ${f(clip.width)} ${f(clip.height)} re W n /${form.name} Do${extra} Q\n`;
  // the photo's frame may reach above the cut: blanked within the strip as on a whole box
  const m = PHOTO_FRAME_MARGIN;
  const inset = BOX_OUTLINE_KEEP;
  const bx0 = Math.max(photo.x - m, r.x + inset);
  const bx1 = Math.min(photo.x + photo.width + m, r.x + r.width - inset);
  const by1 = Math.min(photo.y + photo.height + m, top - inset);
  const blank = by1 > cut.y ? ` 1 g ${f(bx0)} ${f(cut.y)} ${f(bx1 - bx0)} ${f(by1 - cut.y)} re f` : '';
  // the page's text is in both drawings (a clip hides, it does not remove): the strip's copy is marked as saying
  // nothing, so that copying or searching a slip gives the box's text once, as from a whole box
  const ops = `/Span<</ActualText<FEFF>>>BDC ${place(strip, stripScale, x, textTop, blank)}EMC\n` + place(text, textScale, x, y);
  return { ops, placed: { x, y, width: blockW, height: blockH } };
}

const RELATION_LABELS: Record<string, string> = {
  father: 'पिता / Father',
  f: 'पिता / Father',
  पिता: 'पिता / Father',
  husband: 'पति / Husband',
  h: 'पति / Husband',
  पति: 'पति / Husband',
  mother: 'माता / Mother',
  m: 'माता / Mother',
  माता: 'माता / Mother',
};

function relationLabel(relation: string | undefined): string {
  if (!relation) return 'संबंधी / Relative';
  return RELATION_LABELS[relation.trim().toLowerCase()] ?? `${relation.trim()} / Relative`;
}

interface Line {
  label: string;
  value: string;
  bold?: boolean;
  scale?: number;
  /** Values unique per voter (serial, EPIC): not worth caching their glyph operators. */
  unique?: boolean;
  /** Optional right-aligned label + value on the same line. */
  right?: { label: string; value: string };
}

/**
 * An Excel voter: fields typeset with bilingual labels, serial and EPIC prominent. Without `look`, the
 * Hindi + English labels slips have always had; with it, the list's language (or English only), and
 * without the part and polling station a facts line already prints.
 */
export function fieldContentOps(voter: VoterRecord, content: Rect, font: DocumentFont, look?: SlipLook & { factsShown: boolean }): string {
  const lines: Line[] = [];
  const printed = look ? lookLabels(look) : null;
  const label = (key: keyof LabelSet, old: string) => (printed ? colonLabel(printed, key) : old);
  lines.push({
    label: printed ? printed.serial : 'क्रमांक / Sr. No.: ',
    value: String(voter.serial ?? '—'),
    right: { label: printed ? printed.epic : 'EPIC: ', value: voter.epic ?? '—' },
    bold: true,
    scale: 1.2,
    unique: true,
  });
  if (voter.name) lines.push({ label: label('name', 'नाम / Name: '), value: voter.name, bold: true });
  if (voter.relativeName) lines.push({ label: look ? label(relationKeyOf(voter.relation), '') : `${relationLabel(voter.relation)}: `, value: voter.relativeName });
  if (voter.houseNumber) lines.push({ label: label('house', 'मकान नं. / House No.: '), value: voter.houseNumber });
  if (voter.age !== undefined || voter.gender) {
    lines.push({
      label: voter.age !== undefined ? label('age', 'आयु / Age: ') : label('gender', 'लिंग / Gender: '),
      value: voter.age !== undefined ? String(voter.age) : (voter.gender as string),
      right: voter.age !== undefined && voter.gender ? { label: label('gender', 'लिंग / Gender: '), value: voter.gender } : undefined,
    });
  }
  const part = look?.factsShown ? undefined : voter.part;
  if (part || voter.section) {
    lines.push({
      label: part ? label('part', 'भाग / Part: ') : label('section', 'अनुभाग / Section: '),
      value: part ? part : (voter.section as string),
      right: part && voter.section ? { label: label('section', 'अनुभाग / Section: '), value: voter.section } : undefined,
    });
  }
  return linesOps(lines, content, font);
}

/** A look's labels as a slip prints them ("नाम / Name: "), made once per look: a task prints thousands of slips with one. */
interface LookLabels {
  language: LabelLanguage;
  englishOnly: boolean;
  serial: string;
  epic: string;
  colon: Partial<Record<keyof LabelSet, string>>;
}
const printedLabels = new WeakMap<SlipLook, LookLabels>();

function lookLabels(look: SlipLook): LookLabels {
  let labels = printedLabels.get(look);
  if (!labels) {
    labels = {
      language: look.language,
      englishOnly: look.englishOnly,
      serial: `${bilingual('serial', look.language, look.englishOnly)} `,
      epic: `${labelsFor('en').epic}: `,
      colon: {},
    };
    printedLabels.set(look, labels);
  }
  return labels;
}

/** A field's label followed by a colon, as the look prints it. */
function colonLabel(labels: LookLabels, key: keyof LabelSet): string {
  return (labels.colon[key] ??= `${bilingual(key, labels.language, labels.englishOnly)}: `);
}

/** Lines of labels and values typeset top-down in `content`, one size for the block, each line shrunk to fit. */
function linesOps(lines: Line[], content: Rect, font: DocumentFont, maxBase = 12): string {
  const units = lines.reduce((s, l) => s + (l.scale ?? 1), 0);
  const leading = 1.3;
  const base = Math.min(content.height / (units * leading), maxBase);
  const out: string[] = [];
  let y = content.y + content.height;
  for (const line of lines) {
    const size = base * (line.scale ?? 1);
    y -= size * leading;
    const baseline = y + size * 0.3;
    // a label and its value, side by side from x
    const pair = (label: string, value: string, x: number, s: number) =>
      font.showParts(
        [
          { text: label, x, y: baseline, constant: true },
          { text: value, x: x + textWidth(label, s), y: baseline, constant: !line.unique },
        ],
        { bold: line.bold, size: s },
      );
    // one size for the whole line, shrunk to fit (a right-hand pair sits one em after the left)
    const pairWidth = (label: string, value: string) => textWidth(label, size) + textWidth(value, size);
    const needed = pairWidth(line.label, line.value) + (line.right ? size + pairWidth(line.right.label, line.right.value) : 0);
    const s = needed > content.width ? ((size * content.width) / needed) * 0.999 : size;
    out.push(pair(line.label, line.value, content.x, s));
    if (line.right) {
      const rx = content.x + content.width - textWidth(line.right.label, s) - textWidth(line.right.value, s);
      out.push(pair(line.right.label, line.right.value, rx, s));
    }
  }
  return out.join('');
}

/** How a slip speaks: the list's language for its labels (with English beside, or English only) and the roll's own facts. */
export interface SlipLook {
  language: LabelLanguage;
  englishOnly: boolean;
  /** the roll's part, polling station and assembly constituency number, for voters whose record lacks them */
  roll: { part?: string; pollingStation?: string; assemblyNumber?: string };
}

/** The voter's part and polling station: their own (a list of several), else the roll's. */
export function voterFacts(voter: VoterRecord, look: SlipLook): { part: string | null; pollingStation: string | null } {
  return { part: voter.part ?? look.roll.part ?? null, pollingStation: voter.pollingStation ?? look.roll.pollingStation ?? null };
}

/**
 * The roll's facts on a slip, typeset: "भाग 12 · क्र. 345   Part 12 · Sr. 345" (or English only), and the
 * polling station's number and name on a second line. Laid out once for a part, polling station and serial
 * width (the same for most slips in a row). What is the same on many slips — the line's labels, the station's
 * line — is drawn once as a form (`form` gives its resource name for its operators: the caller registers it once
 * and places it on each slip), and only the serial is written anew on each slip.
 */
export function factsOps(voter: VoterRecord, area: Rect, look: SlipLook, font: DocumentFont, form: (ops: string) => string, maxSize = 11): string {
  const { part, pollingStation } = voterFacts(voter, look);
  const serial = voter.serial === null ? '—' : String(voter.serial);
  const layout = factsLayout(area, look, font, part, pollingStation, textWidth(serial, 1), maxSize);
  const line = layout.line(serial, layout.labels === '' ? '' : form(layout.labels));
  return layout.second === '' ? line : `${line}/${form(layout.second)} Do\n`;
}

/** The facts line of one document's slips, laid out for one part, polling station and serial width. */
interface FactsLayout {
  /** the line's labels, drawn (the same on each slip) */
  labels: string;
  /** the line for a serial, placing the labels' form */
  line: (serial: string, labelsForm: string) => string;
  /** the polling station's line, drawn */
  second: string;
}

/** Per document (its font), the last layout made and what it was made for. */
const lastLayouts = new WeakMap<DocumentFont, { area: Rect; look: SlipLook; part: string | null; pollingStation: string | null; serialWidth: number; maxSize: number; layout: FactsLayout }>();

function factsLayout(area: Rect, look: SlipLook, font: DocumentFont, part: string | null, pollingStation: string | null, serialWidth: number, maxSize: number): FactsLayout {
  const last = lastLayouts.get(font);
  if (last && last.area === area && last.look === look && last.part === part && last.pollingStation === pollingStation && last.serialWidth === serialWidth && last.maxSize === maxSize) {
    return last.layout;
  }
  const local = labelsFor(look.language);
  const en = labelsFor('en');
  const englishOnly = look.englishOnly || look.language === 'en';
  const lead = (l: typeof en, first: boolean) => `${first ? '' : '   '}${part ? `${l.part} ${part} · ` : ''}${l.serial} `;
  const leads = englishOnly ? [lead(en, true)] : [lead(local, true), lead(en, false)];
  const second = pollingStation ? `${bilingual('pollingStation', look.language, look.englishOnly)}: ${pollingStation}` : null;
  const leading = 1.25;
  const lineCount = second ? 2 : 1;
  const size = Math.min(area.height / (lineCount * leading), maxSize);
  const y = area.y + area.height - size;
  // the line's width from its parts; shrunk to the area's width when wider
  const ems = leads.reduce((sum, text) => sum + textWidth(text, 1) + serialWidth, 0);
  const s1 = ems * size > area.width ? (area.width / ems) * 0.999 : size;
  // one span for the whole line (labels and serials), so that copied text reads as the line does
  const parts: ({ text: string; x: number } | { value: true; x: number })[] = [];
  let x = area.x;
  for (const text of leads) {
    parts.push({ text, x });
    x += textWidth(text, 1) * s1;
    parts.push({ value: true, x });
    x += serialWidth * s1;
  }
  const prepared = font.preparedLine(parts, y, { size: s1, bold: true });
  const layout = {
    labels: prepared.constant,
    line: prepared.line,
    second: second ? font.showParts([{ text: second, x: area.x, y: y - size * leading, constant: true }], { size: fitSize(second, area.width, size * 0.92) }) : '',
  };
  lastLayouts.set(font, { area, look, part, pollingStation, serialWidth, maxSize, layout });
  return layout;
}

/** A deleted voter's slip (printed only when asked for): the list's word for DELETED across the top of the content. */
export function deletedMarkOps(content: Rect, look: SlipLook, font: DocumentFont): string {
  const text = bilingual('deleted', look.language, look.englishOnly).toUpperCase();
  const size = fitSize(text, content.width * 0.8, Math.min(14, content.height * 0.22));
  const w = textWidth(text, size);
  const x = content.x + (content.width - w) / 2;
  const y = content.y + content.height / 2 - size * 0.35;
  return `q 1 g ${f(x - size * 0.3)} ${f(y - size * 0.35)} ${f(w + size * 0.6)} ${f(size * 1.4)} re f Q\n${font.show(text, x, y, { size, bold: true, gray: 0.15 })}`;
}

/**
 * A plain election-code slip's content for a voter whose name the list gives as text (an Excel list, a
 * roll with a clean text layer): the name large, the relative, the EPIC and the house number.
 */
export function nameBlockOps(voter: VoterRecord, content: Rect, look: SlipLook, font: DocumentFont): string {
  const printed = lookLabels(look);
  const label = (key: keyof LabelSet) => colonLabel(printed, key);
  const relationKey = relationKeyOf(voter.relation);
  const lines: Line[] = [];
  // the name alone on its line, large: what the voter and the polling agent look for
  if (voter.name) lines.push({ label: '', value: voter.name, bold: true, scale: 1.6 });
  if (voter.relativeName) lines.push({ label: label(relationKey), value: voter.relativeName });
  lines.push({ label: label('epic'), value: voter.epic ?? '—', unique: true, bold: true, scale: 1.15 });
  if (voter.houseNumber) lines.push({ label: label('house'), value: voter.houseNumber });
  if (voter.age !== undefined || voter.gender) {
    lines.push({ label: voter.age !== undefined ? label('age') : label('gender'), value: voter.age !== undefined ? String(voter.age) : (voter.gender as string), right: voter.age !== undefined && voter.gender ? { label: label('gender'), value: voter.gender } : undefined });
  }
  return linesOps(lines, content, font, 16);
}

function relationKeyOf(relation: string | undefined): 'father' | 'husband' | 'mother' | 'relative' {
  const r = (relation ?? '').trim().toLowerCase();
  if (r === 'father' || r === 'f' || r === 'पिता') return 'father';
  if (r === 'husband' || r === 'h' || r === 'पति') return 'husband';
  if (r === 'mother' || r === 'm' || r === 'माता') return 'mother';
  return 'relative';
}
