import type { Rect, TextCut } from '../types';
import type { TextPiece } from './engines/text-layer';
import { round2 } from './geometry';

/**
 * Where a voter box may be cut in two when photos are off (render/slip.ts): a horizontal line between
 * two text lines near the photo's top, so that the strip above it (serial, ID: the full width of the
 * box) and the text left of the photo column below it can each be drawn on their own, the text larger.
 * A cut is safe when it crosses no text or drawing, everything over the photo column (outside the photo)
 * lies above it, and nothing below it reaches into the photo column. Found from the text layer's line
 * boxes and the drawn rectangles (text rolls), or from the page's pixels (rolls read as images).
 */

/** How far past the photo found the frame and its shadow may reach (points): the text part stops this far left of it. */
export const PHOTO_FRAME_MARGIN = 2;

/** Something printed in a box, as a band of depth below the box's top (any unit, y down). */
export interface Mark {
  top: number;
  bottom: number;
  /** it reaches over the photo column (right of the text part) */
  overPhotoColumn: boolean;
}

/**
 * The depth of a safe cut below the box's top, or null: the first blank band of at least `minGap` below
 * everything over the photo column, with marks both above and below it, no lower than a quarter of the
 * photo's height past its top (a lower cut would put the photo in the strip, and gain nothing).
 */
export function planCut(marks: readonly Mark[], photo: { top: number; height: number }, minGap: number): number | null {
  if (marks.length === 0) return null;
  let mustCover = -Infinity;
  for (const m of marks) if (m.overPhotoColumn) mustCover = Math.max(mustCover, m.bottom);
  if (mustCover > photo.top + photo.height * 0.25) return null;
  const bands = [...marks].sort((a, b) => a.top - b.top);
  let bottom = bands[0].bottom;
  for (let i = 1; i < bands.length; i++) {
    const next = bands[i];
    if (next.top - bottom >= minGap && bottom >= mustCover) {
      const cut = (bottom + next.top) / 2;
      return cut <= photo.top + photo.height * 0.25 ? cut : null;
    }
    bottom = Math.max(bottom, next.bottom);
  }
  return null;
}

/**
 * How far a text piece's ink reaches above and below its baseline, in parts of its size: digits, capitals and
 * their punctuation stand on the baseline below the capital height; other Latin text has descenders; any other
 * script is given room for vowel signs above and below its letters (the tallest Indic marks).
 */
function inkExtent(str: string): { ascent: number; descent: number } {
  if (/^[0-9A-Z\s/:.\-]+$/.test(str)) return { ascent: 0.8, descent: 0.1 };
  if (/^[\x20-\x7e]+$/.test(str)) return { ascent: 0.8, descent: 0.25 };
  return { ascent: 1.05, descent: 0.4 };
}
/** The least blank between two lines of text the cut may run through (points). */
const MIN_TEXT_GAP = 0.8;

/**
 * The cut of a box drawn as vectors, from its text pieces (baseline and size, PDF user space of an
 * upright page) and the small rectangles drawn in it (the serial's frame, the photo's frame). Null when
 * the box has no photo, or no safe cut exists.
 */
export function textCutFromPieces(box: Rect, photo: Rect | null, pieces: readonly TextPiece[], drawn: readonly Rect[]): TextCut | null {
  if (!photo) return null;
  const right = photo.x - PHOTO_FRAME_MARGIN;
  if (right - box.x < box.width * 0.3) return null;
  const top = box.y + box.height;
  const inPhoto = (r: Rect) => r.x >= photo.x - PHOTO_FRAME_MARGIN && r.x + r.width <= photo.x + photo.width + PHOTO_FRAME_MARGIN && r.y >= photo.y - PHOTO_FRAME_MARGIN && r.y + r.height <= photo.y + photo.height + PHOTO_FRAME_MARGIN;
  const marks: Mark[] = [];
  let texts = 0;
  for (const p of pieces) {
    const { ascent, descent } = inkExtent(p.str);
    const ink = { x: p.x, y: p.y - descent * p.height, width: p.width, height: (ascent + descent) * p.height };
    if (inPhoto(ink)) continue;
    texts++;
    marks.push({ top: top - (ink.y + ink.height), bottom: top - ink.y, overPhotoColumn: ink.x + ink.width > right });
  }
  if (texts < 2) return null;
  for (const r of drawn) {
    const within = r.x >= box.x - 0.5 && r.x + r.width <= box.x + box.width + 0.5 && r.y >= box.y - 0.5 && r.y + r.height <= box.y + box.height + 0.5;
    // the box's own outline, and the photo's frame, are not cut (the frame is blanked)
    if (!within || r.height > box.height * 0.9 || inPhoto(r)) continue;
    marks.push({ top: top - (r.y + r.height) - 0.5, bottom: top - r.y + 0.5, overPhotoColumn: r.x + r.width > right });
  }
  const depth = planCut(marks, { top: top - (photo.y + photo.height), height: photo.height }, MIN_TEXT_GAP);
  return depth === null ? null : { y: round2(top - depth), right: round2(right) };
}

/** A box found in pixels, and its photo, in pixels of the page image (y down). */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pieces of ink this small (pixels) are a scan's specks, not print: they neither block nor need a cut. */
const SPECK = 3;

/**
 * The cut of a box found in a page's pixels (`ink`: 1 = ink, `width` pixels a row; the box deskewed),
 * `pxPerPt` pixels a point: the depth of the cut in pixels below the box's top and the text part's right
 * edge in pixels, or null. The box's outline (`edge` pixels in from each side) and the photo with its
 * frame are left out. Each connected piece of ink (a glyph, a frame, a stamp) is a mark: the cut passes
 * between pieces, through a blank band where there is one, else along the row where the pieces above end and
 * those below begin (a scan's lines can stand that close: a vowel sign under the serial's frame) — no piece
 * of ink is ever cut.
 */
export function inkCut(ink: Uint8Array, width: number, box: PixelBox, photo: PixelBox, pxPerPt: number, edge = 5): { depth: number; right: number } | null {
  const height = Math.floor(ink.length / width);
  const margin = Math.ceil(PHOTO_FRAME_MARGIN * pxPerPt);
  const right = Math.floor(photo.x - margin);
  const x0 = Math.max(0, Math.round(box.x) + edge);
  const x1 = Math.min(width, Math.round(box.x + box.width) - edge);
  const y0 = Math.max(0, Math.round(box.y) + edge);
  const y1 = Math.min(height, Math.round(box.y + box.height) - edge);
  if (right - x0 < box.width * 0.3 || y1 - y0 < 10) return null;
  const px0 = photo.x - margin;
  const px1 = photo.x + photo.width + margin;
  const py0 = photo.y - margin;
  const py1 = photo.y + photo.height + margin;
  const w = x1 - x0;
  const h = y1 - y0;
  // the ink looked at: inside the outline, outside the photo and its frame
  const seen = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = (y0 + y) * width;
    const photoRow = y0 + y >= py0 && y0 + y < py1;
    for (let x = 0; x < w; x++) if (ink[row + x0 + x] === 1 && !(photoRow && x0 + x >= px0 && x0 + x < px1)) seen[y * w + x] = 1;
  }
  // connected pieces (8 neighbours), each one mark
  const marks: Mark[] = [];
  const stack: number[] = [];
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] !== 1) continue;
    seen[start] = 2;
    stack.push(start);
    let top = h;
    let bottom = -1;
    let maxX = -1;
    let size = 0;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const y = Math.floor(i / w);
      const x = i - y * w;
      size++;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (x > maxX) maxX = x;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const j = ny * w + nx;
          if (seen[j] === 1) {
            seen[j] = 2;
            stack.push(j);
          }
        }
      }
    }
    if (size <= SPECK) continue;
    marks.push({ top: y0 + top - box.y, bottom: y0 + bottom + 1 - box.y, overPhotoColumn: x0 + maxX >= right });
  }
  const depth = planCut(marks, { top: photo.y - box.y, height: photo.height }, 0);
  return depth === null ? null : { depth, right };
}
