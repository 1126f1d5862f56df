/**
 * One slip, in cell-local coordinates (origin at the cell's bottom-left): the areas of the banner,
 * the voter content and the address, and the content-stream operators for the parts that vary.
 */
import type { Rect, VoterRecord } from '../types';
import { fmt2, fmt5 } from './num';
import type { DocumentFont } from './font';
import { textWidth } from './font';
import { fitSize, fitWrapped } from './text-fit';
import { boxPlacementMatrix, displayedSize, type SourceForm } from './source-pages';

export interface SlipAreas {
  /** The slip inside its cell (cell minus padding). */
  slip: Rect;
  banner: Rect;
  content: Rect;
  address: Rect;
}

export const f = fmt2;
/** Matrix entries need more precision: a scale error is multiplied by page coordinates. */
const fm = fmt5;

export function slipAreas(cellWidth: number, cellHeight: number, bannerAspect: number): SlipAreas {
  const pad = Math.max(4, Math.min(cellWidth, cellHeight) * 0.035);
  const slip = { x: pad, y: pad, width: cellWidth - 2 * pad, height: cellHeight - 2 * pad };
  const gap = pad * 0.6;
  const bannerH = Math.min(slip.width / bannerAspect, slip.height * 0.24);
  const addressH = Math.max(12, slip.height * 0.13);
  const banner = { x: slip.x, y: slip.y + slip.height - bannerH, width: slip.width, height: bannerH };
  const address = { x: slip.x, y: slip.y, width: slip.width, height: addressH };
  const contentTop = banner.y - gap;
  const contentBottom = address.y + address.height + gap;
  const content = { x: slip.x, y: contentBottom, width: slip.width, height: Math.max(1, contentTop - contentBottom) };
  return { slip, banner, content, address };
}

/** Operators of the slip template (drawn once per document as a form): banner, rule, address. */
export function templateOps(areas: SlipAreas, bannerAspect: number, address: string, font: DocumentFont): string {
  const out: string[] = [];
  const { banner } = areas;
  const imgW = Math.min(banner.width, banner.height * bannerAspect);
  const imgH = imgW / bannerAspect;
  const ix = banner.x + (banner.width - imgW) / 2;
  const iy = banner.y + (banner.height - imgH) / 2;
  out.push(`q ${f(imgW)} 0 0 ${f(imgH)} ${f(ix)} ${f(iy)} cm /B Do Q\n`);
  const a = areas.address;
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

/** A roll voter: the box from the source page, vector, clipped; photo area blanked when photos are off. */
export function rollContentOps(voter: VoterRecord, form: SourceForm, content: Rect, printPhotos: boolean): { ops: string; placed: Rect } {
  const box = voter.box;
  if (!box) throw new Error('rollContentOps needs a voter with a box');
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
    const p = box.photo;
    parts.push(`1 g ${f(p.x)} ${f(p.y)} ${f(p.width)} ${f(p.height)} re f`);
  }
  parts.push('Q\n');
  return { ops: parts.join(' '), placed: { x: tx, y: ty, width: w, height: h } };
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

/** An Excel voter: fields typeset with bilingual labels, serial and EPIC prominent. */
export function fieldContentOps(voter: VoterRecord, content: Rect, font: DocumentFont): string {
  const lines: Line[] = [];
  lines.push({
    label: 'क्रमांक / Sr. No.: ',
    value: String(voter.serial ?? '—'),
    right: { label: 'EPIC: ', value: voter.epic ?? '—' },
    bold: true,
    scale: 1.2,
    unique: true,
  });
  if (voter.name) lines.push({ label: 'नाम / Name: ', value: voter.name, bold: true });
  if (voter.relativeName) lines.push({ label: `${relationLabel(voter.relation)}: `, value: voter.relativeName });
  if (voter.houseNumber) lines.push({ label: 'मकान नं. / House No.: ', value: voter.houseNumber });
  if (voter.age !== undefined || voter.gender) {
    lines.push({
      label: voter.age !== undefined ? 'आयु / Age: ' : 'लिंग / Gender: ',
      value: voter.age !== undefined ? String(voter.age) : (voter.gender as string),
      right: voter.age !== undefined && voter.gender ? { label: 'लिंग / Gender: ', value: voter.gender } : undefined,
    });
  }
  if (voter.part || voter.section) {
    lines.push({
      label: voter.part ? 'भाग / Part: ' : 'अनुभाग / Section: ',
      value: voter.part ? voter.part : (voter.section as string),
      right: voter.part && voter.section ? { label: 'अनुभाग / Section: ', value: voter.section } : undefined,
    });
  }

  const units = lines.reduce((s, l) => s + (l.scale ?? 1), 0);
  const leading = 1.3;
  const base = Math.min(content.height / (units * leading), 12);
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
