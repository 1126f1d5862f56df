import { epicFragmentFromOcr, epicFromOcr } from '../epic';
import type { IdReads } from './second-reading';
import type { OcrWord } from '../engines/ocr';
import { crop, levelAtCount, scale, toPgm, type Gray } from '../engines/image';
import type { PixelRect } from './cells';

/** Share of the box height, from its top, that holds the serial number and the EPIC. */
export const TOP_BAND = 0.2;

/** Height in pixels a band is enlarged to before OCR (glyphs about half of it). */
export const BAND_PX = Number(process.env.VSG_OCR_BAND_PX) || 64;

/**
 * The serial/EPIC band of a box, cleaned for OCR: ruled lines (the box border, the serial cell)
 * removed, enlarged so that digits are about 30 px tall, and made black-on-white.
 */
/**
 * A cleaned band, split into the serial part (leftmost ink cluster) and the rest (the EPIC); and, on a
 * deleted or modified entry, the mark printed alone at the left of its serial cell (a reason letter, or #).
 */
export interface Band {
  serial: Gray | null;
  epic: Gray | null;
  mark: Gray | null;
}

/** `stamped`: the box carries the DELETED stamp, whose reason letter may be printed one space before the serial. */
export function bandImage(page: Gray, box: PixelRect, stamped = false): Band {
  const inset = Math.max(2, Math.round(box.height * 0.02));
  const band = crop(page, box.x + inset, box.y + inset, box.width - 2 * inset, box.height * TOP_BAND);
  const { width, height, data } = band;
  // local levels: ink is the darkest few percent, paper the bulk
  // (the levels a sorted copy of the pixels holds at these places: the (floor(n * share) + 1)-th darkest pixel)
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]]++;
  const inkLevel = levelAtCount(hist, Math.floor(data.length * 0.01) + 1);
  const paperLevel = levelAtCount(hist, Math.floor(data.length * 0.6) + 1);
  const threshold = (inkLevel + paperLevel) / 2;
  const ink = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) ink[i] = data[i] <= threshold ? 1 : 0;
  // ruled lines out first: digits printed against a cell's frame (a right-aligned serial touching
  // its cell's side) would otherwise be one component with the frame and be dropped with it
  const printed = ink.slice();
  removeRules(ink, width, height);

  // connected components (8-neighbour): keep glyph-like ones, drop rules, rule fragments, specks
  const label = new Int32Array(data.length).fill(-1);
  const keep = new Uint8Array(data.length);
  const glyphs: Glyph[] = [];
  const pieces: Piece[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (!ink[start] || label[start] >= 0) continue;
    const members: number[] = [];
    let x0 = width;
    let x1 = -1;
    let y0 = height;
    let y1 = -1;
    label[start] = start;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop() as number;
      members.push(i);
      const x = i % width;
      const y = (i - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (ink[j] && label[j] < 0) {
            label[j] = start;
            stack.push(j);
          }
        }
      }
    }
    const piece = { x0, x1, y0, y1, members };
    if (glyphLike(piece, height)) glyphs.push({ top: y0, bottom: y1, members });
    else if (x1 - x0 + 1 < height && y1 - y0 + 1 < height * 0.8) pieces.push(piece);
  }
  // only the band's first text line (serial and EPIC): the box's next line (the name) may reach
  // into the band, and a few of its glyphs beside the serial would be read as part of it
  // (the EPIC is read grey from all the glyphs, as it reads best so; only its place is taken from the first line)
  const line = firstLine(glyphs);
  const all = new Uint8Array(data.length);
  for (const g of glyphs) for (const i of g.members) (g.top <= line.bottom ? keep : all)[i] = 1;
  for (let i = 0; i < data.length; i++) all[i] |= keep[i];
  // A glyph of small print broken at the threshold (thin strokes, lighter than the band's darkest glyphs) is
  // pieces each too small to keep: pieces a pixel apart on the first line are put back together, and kept when
  // they make a glyph ("517" was read "17", its 5 lost in pieces). For the serial and a mark only: the ID, read
  // grey from all the glyphs, reads worse with them (specks of the scan joined as glyphs).
  for (const whole of joinedPieces(pieces)) if (whole.y0 <= line.bottom && glyphLike(whole, height)) for (const i of whole.members) keep[i] = 1;

  // column profile -> clusters of glyphs separated by word gaps
  const columnClusters = (mask: Uint8Array): [number, number][] => {
    const cols = new Uint8Array(width);
    for (let i = 0; i < data.length; i++) if (mask[i]) cols[i % width] = 1;
    const out: [number, number][] = [];
    const gap = Math.max(4, height * 0.6);
    for (let x = 0; x < width; x++) {
      if (!cols[x]) continue;
      const last = out[out.length - 1];
      if (last && x - last[1] <= gap) last[1] = x;
      else out.push([x, x]);
    }
    return out;
  };
  const span = Math.max(1, paperLevel - inkLevel);
  const clean = new Uint8Array(data.length);
  // removed ink becomes paper; everything else is contrast-stretched (anti-aliased edges survive)
  // only the kept glyphs and a pixel around them (their anti-aliased edges) stay: faint remains of
  // rules and frames, too light to be ink, would still look like strokes to the OCR
  const near = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    if (!keep[i]) continue;
    const x = i % width;
    for (let dy = -width; dy <= width; dy += width) {
      for (let dx = -1; dx <= 1; dx++) {
        const j = i + dy + dx;
        if (j >= 0 && j < data.length && Math.abs((j % width) - x) <= 1) near[j] = 1;
      }
    }
  }
  const strict = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const level = Math.max(0, Math.min(255, ((data[i] - inkLevel) / span) * 255));
    clean[i] = printed[i] && !all[i] ? 255 : level;
    strict[i] = !near[i] ? 255 : keep[i] ? level : clean[i];
  }
  // enlarged so that glyphs are about GLYPH_PX tall whatever the scan's resolution (100-300 dpi);
  // the serial by its own height (often printed smaller than the EPIC beside it)
  const part = (a: number, b: number, pixels = clean): Gray | null => {
    if (b < a) return null;
    const glyph = pixels === strict ? glyphHeight(keep, width, height, a, b) : glyphHeight(all, width, height);
    const factor = Math.max(1, Math.min(6, glyph > 0 ? GLYPH_PX / glyph : BAND_PX / Math.max(1, height)));
    const pad = Math.round(height * 0.3);
    const piece = crop({ width, height, data: pixels }, a - pad, 0, b - a + 1 + 2 * pad, height);
    return scale(piece, factor);
  };
  // a serial is at most 5 digits (narrow); a lone wide cluster is an EPIC
  const narrow = (c: [number, number]) => c[1] - c[0] + 1 <= height * 3.2;
  let top = columnClusters(keep);
  let clusters = columnClusters(all);
  // A deleted entry's reason letter (E, S, R, M, Q) or a modified entry's # sits alone at the left of the
  // serial cell, apart from the right-aligned serial: one letter-shaped glyph (as tall as the serial's digits,
  // not a thin stub of the cell's side), then the serial in the same cell (no ruled line between them), then
  // the cell's side. Anything else (a serial and the EPIC, a roll without serial cells) is read as before.
  const ruled = (a: [number, number], b: [number, number]) => verticalRuleBetween(printed, ink, width, height, a[1] + 1, b[0] - 1);
  const letterShaped = (c: [number, number], digits: [number, number]) => {
    const w = c[1] - c[0] + 1;
    const h = glyphHeight(keep, width, height, c[0], c[1]);
    const digitHeight = glyphHeight(keep, width, height, digits[0], digits[1]);
    let inked = 0;
    for (let y = 0; y < height; y++) for (let x = c[0]; x <= c[1]; x++) inked += keep[y * width + x];
    return w <= height * 0.6 && w >= h * 0.4 && h >= digitHeight * 0.7 && h <= digitHeight * 1.4 && inked >= w * h * 0.3;
  };
  let marked = top.length >= 3 && narrow(top[1]) && letterShaped(top[0], top[1]) && !ruled(top[0], top[1]) && ruled(top[1], top[2]);
  // On a stamped box, the reason letter printed right before the serial, one space apart ("S 205", the serial
  // right-aligned in its cell): one letter-shaped glyph, then a gap wider than most between digits, then the serial's
  // digits. Only there: the gap of a space is hardly wider than a 1's side bearings.
  if (stamped && !marked && top.length >= 2 && narrow(top[0])) {
    const split = spacedLetter(keep, width, height, top[0]);
    if (split && letterShaped(split[0], split[1])) {
      top = [split[0], split[1], ...top.slice(1)];
      marked = true;
    }
  }
  const mark = marked ? part(top[0][0], top[0][1], strict) : null;
  if (marked) {
    const markEnd = top[0][1];
    top = top.slice(1);
    clusters = clusters.filter((c) => c[0] > markEnd);
  }
  const serial = top.length > 0 && narrow(top[0]) ? part(top[0][0], top[0][1], strict) : null;
  if (clusters.length === 0) return { serial, epic: null, mark };
  const first = clusters[0];
  if (narrow(first)) {
    const rest = clusters.slice(1);
    return { serial, epic: rest.length ? part(rest[0][0], rest[rest.length - 1][1]) : null, mark };
  }
  return { serial, epic: part(first[0], clusters[clusters.length - 1][1]), mark };
}

/**
 * A cluster of glyphs (columns a..b of `mask`) as its first glyph and the rest, when one word space parts them: the
 * first run of inked columns, then at least a third of the rest's glyph height without ink (most gaps between a
 * serial's digits are narrower), then the rest. Null when the cluster holds no such gap.
 */
function spacedLetter(mask: Uint8Array, width: number, height: number, [a, b]: [number, number]): [[number, number], [number, number]] | null {
  const inked = (x: number) => {
    for (let y = 0; y < height; y++) if (mask[y * width + x]) return true;
    return false;
  };
  let x = a;
  while (x <= b && inked(x)) x++;
  const firstEnd = x - 1;
  while (x <= b && !inked(x)) x++;
  if (x > b || firstEnd < a) return null;
  const rest: [number, number] = [x, b];
  const gap = x - firstEnd - 1;
  const restHeight = glyphHeight(mask, width, height, rest[0], rest[1]);
  return restHeight > 0 && gap >= Math.max(2, restHeight / 3) ? [[a, firstEnd], rest] : null;
}

/** Whether a ruled line removed from the band (printed, not ink now) crosses half its height or more between columns x0 and x1. */
function verticalRuleBetween(printed: Uint8Array, ink: Uint8Array, width: number, height: number, x0: number, x1: number): boolean {
  for (let x = Math.max(0, x0); x <= Math.min(width - 1, x1); x++) {
    let run = 0;
    for (let y = 0; y < height; y++) {
      const i = y * width + x;
      if (printed[i] && !ink[i]) run++;
    }
    if (run >= height * 0.5) return true;
  }
  return false;
}

/**
 * Clears ruled-line pixels in place: horizontal ink runs far wider than a glyph (2.5 band heights),
 * and vertical runs that join two of those (the sides of a framed cell) or span most of the band.
 * A glyph's own strokes are never removed: they neither reach 2.5 band heights nor join two rules.
 */
function removeRules(ink: Uint8Array, width: number, height: number): void {
  const rule = new Uint8Array(ink.length);
  const minH = Math.max(8, Math.round(height * 2.5));
  for (let y = 0; y < height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const on = x < width && ink[y * width + x] === 1;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        if (x - start >= minH) rule.fill(1, y * width + start, y * width + x);
        start = -1;
      }
    }
  }
  const nearRule = (x: number, y: number) => {
    for (let dy = -2; dy <= 2; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -2; dx <= 2; dx++) {
        const xx = x + dx;
        if (xx >= 0 && xx < width && rule[yy * width + xx] === 1) return true;
      }
    }
    return false;
  };
  const side: [number, number, number][] = [];
  const minSide = Math.max(5, Math.round(height * 0.25));
  for (let x = 0; x < width; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const on = y < height && ink[y * width + x] === 1;
      if (on && start < 0) start = y;
      if (!on && start >= 0) {
        const len = y - start;
        // runs that reach the band's edge may continue past it (a side cut by the crop)
        const top = start === 0 || nearRule(x, start);
        const bottom = y === height || nearRule(x, y - 1);
        if (len >= height * 0.8 || (len >= minSide && top && bottom)) side.push([x, start, y]);
        start = -1;
      }
    }
  }
  for (const [x, a, b] of side) for (let y = a; y < b; y++) rule[y * width + x] = 1;
  for (let i = 0; i < ink.length; i++) if (rule[i]) ink[i] = 0;
}

/** Glyph height the bands are enlarged to before OCR (tesseract reads best at 25-40 px). */
const GLYPH_PX = 34;
/** Grey level below which a cleaned band's pixel is ink (190 was tried: Rajasthan's IDs fell from 99.7% to 92%). */
const BINARY_LEVEL = 128;

interface Glyph {
  top: number;
  bottom: number;
  members: number[];
}

/** A connected component of a band's ink: its bounds and its pixels. */
interface Piece {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  members: number[];
}

/** Whether a component of a band `height` pixels tall is a glyph: not a rule, a cell's side, or a speck. */
function glyphLike(c: Piece, height: number): boolean {
  const w = c.x1 - c.x0 + 1;
  const h = c.y1 - c.y0 + 1;
  const thinFlat = h <= Math.max(3, height * 0.15); // rule fragments, underline noise
  const thinTall = h >= height * 0.8 && w <= Math.max(3, height * 0.15); // cell borders
  const long = w >= height * 3 && h <= height * 0.5; // horizontal rules with something attached
  const speck = c.members.length <= 3 || h < height * 0.2;
  return !(thinFlat || thinTall || long || speck);
}

/** Small components joined where their bounds come within a pixel of each other: groups of two or more. */
function joinedPieces(pieces: Piece[]): Piece[] {
  const group = pieces.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i])));
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      const a = pieces[i];
      const b = pieces[j];
      if (a.x0 <= b.x1 + 2 && b.x0 <= a.x1 + 2 && a.y0 <= b.y1 + 2 && b.y0 <= a.y1 + 2) group[root(i)] = root(j);
    }
  }
  const joined = new Map<number, Piece[]>();
  pieces.forEach((p, i) => {
    const members = joined.get(root(i));
    if (members) members.push(p);
    else joined.set(root(i), [p]);
  });
  return [...joined.values()]
    .filter((g) => g.length >= 2)
    .map((g) => ({
      x0: Math.min(...g.map((p) => p.x0)),
      x1: Math.max(...g.map((p) => p.x1)),
      y0: Math.min(...g.map((p) => p.y0)),
      y1: Math.max(...g.map((p) => p.y1)),
      members: g.flatMap((p) => p.members),
    }));
}

/**
 * The rows of the topmost text line: glyphs merged from the top down while each starts before the
 * line so far ends (a small gap allowed: accents, a baseline offset between serial and EPIC).
 */
export function firstLine(glyphs: { top: number; bottom: number }[]): { top: number; bottom: number } {
  const sorted = [...glyphs].sort((a, b) => a.top - b.top);
  if (sorted.length === 0) return { top: 0, bottom: -1 };
  const line = { top: sorted[0].top, bottom: sorted[0].bottom };
  for (const g of sorted.slice(1)) {
    if (g.top > line.bottom + Math.max(2, (line.bottom - line.top + 1) * 0.25)) break;
    line.bottom = Math.max(line.bottom, g.bottom);
  }
  return line;
}

/** Height of the kept ink in columns a..b: from its first to its last row (the glyphs of one text line). */
function glyphHeight(keep: Uint8Array, width: number, height: number, a = 0, b = width - 1): number {
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    let any = false;
    for (let x = Math.max(0, a); x <= Math.min(width - 1, b) && !any; x++) any = keep[y * width + x] === 1;
    if (!any) continue;
    if (top < 0) top = y;
    bottom = y;
  }
  return top < 0 ? 0 : bottom - top + 1;
}

/**
 * Grey level below which a cleaned serial's pixel is ink: higher than for EPICs, since a serial is
 * often printed small and thin (Rajasthan’s 150 dpi serials, 8 px tall: at 128 the faint top of a
 * "6" vanished and 40% of a page’s serials read right, at 170 over 80%; at 200 a noisy 150 dpi
 * scan of the Daman roll merged "84" into one blob).
 */
export const SERIAL_LEVEL = 170;

/** The band thresholded to black and white (digits read best so; EPICs at low resolution read better grey). */
export function binarized(g: Gray, level = BINARY_LEVEL): Gray {
  const data = new Uint8Array(g.data.length);
  for (let i = 0; i < data.length; i++) data[i] = g.data[i] < level ? 0 : 255;
  return { width: g.width, height: g.height, data };
}

export interface Sheet {
  image: Uint8Array;
  /** top and bottom pixel rows of each band in the sheet (null: nothing to read) */
  rows: ([number, number] | null)[];
}

/** Stacks images into one with white gaps, so that one OCR call reads a whole page. */
export function stackBands(bands: (Gray | null)[]): Sheet {
  const gap = 24;
  const margin = 16;
  const present = bands.filter((b): b is Gray => b !== null);
  const width = Math.max(1, ...present.map((b) => b.width)) + 2 * margin;
  const height = present.reduce((h, b) => h + b.height + gap, gap);
  const data = new Uint8Array(width * height).fill(255);
  const rows: ([number, number] | null)[] = [];
  let y = gap;
  for (const b of bands) {
    if (!b) {
      rows.push(null);
      continue;
    }
    for (let r = 0; r < b.height; r++) data.set(b.data.subarray(r * b.width, (r + 1) * b.width), (y + r) * width + margin);
    rows.push([y, y + b.height]);
    y += b.height + gap;
  }
  return { image: toPgm({ width, height, data }), rows };
}

/** What OCR read in one band of a sheet: its words (left to right), and tesseract's least confidence in them (0..100; 0 when none). */
export interface BandText {
  text: string;
  confidence: number;
}

/** OCR words of a sheet grouped back by band (left to right). */
export function wordsByBand(words: OcrWord[], rows: ([number, number] | null)[]): BandText[] {
  const per: OcrWord[][] = rows.map(() => []);
  for (const w of words) {
    const cy = w.top + w.height / 2;
    const i = rows.findIndex((r) => r !== null && cy >= r[0] - 8 && cy <= r[1] + 8);
    if (i >= 0) per[i].push(w);
  }
  return per.map((ws) => ({
    text: ws.sort((a, b) => a.left - b.left).map((w) => w.text).join(' '),
    confidence: ws.length > 0 ? Math.min(...ws.map((w) => w.confidence)) : 0,
  }));
}

export interface BandReading {
  serial: number | null;
  epic: string | null;
  /** When no EPIC was read: two letters and seven digits (one prefix letter lost), to complete. */
  epicFragment: string | null;
  /** The mark beside the serial: a deletion reason letter (E, S, R, M, Q) or # (a modified entry); null when none. */
  mark?: string | null;
  text: string;
  /** What OCR read in the ID part of the band, as read (for the roll's own ID shapes, id-shapes.ts). */
  idText: string;
  /** Tesseract's least confidence (0..100) in the words of its first read of the ID band, when it read an ID there. */
  idConfidence?: number;
  /** Both recognisers' IDs when the second read the band too: the roll decides between them (second-reading.ts). */
  idReads?: IdReads;
  /** The band's ID was left for a later, complete parse (ParseOptions.scanIds 'later'). */
  idLater?: true;
}

/** The marks a roll prints beside a serial: the reasons of a deletion, and # for a modified entry. */
const MARK = /^[ESRMQ#]$/;

/** Reads the serial (digits only) and the EPIC from the OCR text of a band's two parts, and the mark when the band has one. */
export function readBand(serialText: string, epicText: string, markText?: string): BandReading {
  const digits = serialText.replace(/[^0-9]/g, ' ').trim().split(/\s+/)[0] ?? '';
  const serial = /^\d{1,5}$/.test(digits) ? Number.parseInt(digits, 10) : null;
  const epic = epicFromOcr(epicText);
  const reading: BandReading = { serial: serial && serial > 0 ? serial : null, epic, epicFragment: epic ? null : epicFragmentFromOcr(epicText), text: `${serialText} ${epicText}`.trim(), idText: epicText.trim() };
  if (markText !== undefined) {
    const letter = markText.replace(/\s+/g, '');
    reading.mark = MARK.test(letter) ? letter : null;
  }
  return reading;
}
