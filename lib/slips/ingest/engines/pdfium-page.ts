import type { Matrix } from '../geometry';
import { RAW_CHAR_FIELDS, RAW_CURVE, RAW_MOVE, type RawPage } from './pdfium-thread';
import { toPiece, type TextPiece } from './text-layer';
import { DrawingCollector, type PageDrawing } from './vector-rects';

/**
 * A page as PDFium read it (pdfium-thread.ts), turned into what pdf.js's reading gives
 * (page-reader.ts): text pieces grouped from characters the way pdf.js groups glyphs into text
 * items, and the painted paths and images of the page.
 */

/** pdf.js's text-item rules (getTextContent), as fractions of the font size. */
const TRACKING_SPACE = 0.102;
const NOT_A_SPACE = 0.03;
const NEGATIVE_SPACE = -0.2;
const SPACE_IN_FLOW_MAX = 0.6;
const VERTICAL_SHIFT = 0.25;

/**
 * pdf.js's glyph categories: white space is skipped (gaps make the spaces), combining marks are
 * placed without a position check, format marks dropped. Looked up per character from a table
 * filled on first sight of each code point (a pattern test per character showed in profiles).
 */
const OTHER = 1;
const WHITE = 2;
const MARK = 3;
const FORMAT = 4;
const BMP_KIND = new Uint8Array(0x10000);

function kindOf(cp: number): number {
  const known = cp < 0x10000 ? BMP_KIND[cp] : 0;
  if (known) return known;
  const ch = String.fromCodePoint(cp);
  const kind = isWhite(cp) ? WHITE : /^\p{Mn}$/u.test(ch) ? MARK : /^\p{Cf}$/u.test(ch) ? FORMAT : OTHER;
  if (cp < 0x10000) BMP_KIND[cp] = kind;
  return kind;
}

/** White space as pdf.js's glyph categories count it. */
function isWhite(cp: number): boolean {
  return cp === 0x20 || cp === 0x09 || cp === 0x0a || cp === 0x0d || cp === 0x0c || cp === 0xa0 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x3000 || cp === 0x202f || cp === 0x205f || cp === 0x1680;
}

interface Item {
  str: string;
  x: number;
  y: number;
  height: number;
  dx: number;
  dy: number;
  font: number;
  /** where the last glyph with an advance ended */
  endX: number;
  endY: number;
}

/**
 * Character offsets in the content order of their text objects (stable: the characters of one
 * object keep their order), without repeats of a cluster's replacement text. A producer that draws
 * one syllable as several glyph runs marks them with its text (/ActualText: iText's pdfCalligraph);
 * PDFium gives that text, at the run's origin, for each run; pdf.js reads each glyph's own text.
 * A run that repeats the previous run's replacement text is dropped.
 */
export function contentOrder(chars: Float64Array): Int32Array {
  const n = Math.floor(chars.length / RAW_CHAR_FIELDS);
  // a stable counting sort on the objects' order (small whole numbers: one per text object)
  // (the thread numbers text objects 0, 1, 2...; any other numbering is sorted by comparison)
  const orderOf = new Float64Array(n);
  let maxOrder = 0;
  let whole = true;
  for (let k = 0; k < n; k++) {
    const o = chars[k * RAW_CHAR_FIELDS + 8];
    orderOf[k] = o;
    if (o > maxOrder) maxOrder = o;
    if (!Number.isInteger(o) || o < 0) whole = false;
  }
  const all = new Int32Array(n);
  if (whole && maxOrder <= 4 * n + 16) {
    const starts = new Int32Array(maxOrder + 2);
    for (let k = 0; k < n; k++) starts[orderOf[k] + 1]++;
    for (let o = 1; o < starts.length; o++) starts[o] += starts[o - 1];
    for (let k = 0; k < n; k++) all[starts[orderOf[k]]++] = k;
  } else {
    for (let k = 0; k < n; k++) all[k] = k;
    all.sort((a, b) => orderOf[a] - orderOf[b] || a - b);
  }
  const out = new Int32Array(n);
  let kept = 0;
  let prevText: string | null = null;
  let prevY = NaN;
  const F = RAW_CHAR_FIELDS;
  for (let k = 0; k < n; ) {
    const first = all[k] * F;
    const order = orderOf[all[k]];
    const x = chars[first + 1];
    const y = chars[first + 2];
    let end = k + 1;
    let atOneOrigin = true;
    for (; end < n && orderOf[all[end]] === order; end++) if (atOneOrigin && (chars[all[end] * F + 1] !== x || chars[all[end] * F + 2] !== y)) atOneOrigin = false;
    let text: string | null = null;
    if (atOneOrigin && end - k > 1) {
      text = '';
      for (let j = k; j < end; j++) text += String.fromCodePoint(chars[all[j] * F]);
    }
    if (!(text !== null && text === prevText && prevY === y)) for (let j = k; j < end; j++) out[kept++] = all[j] * F;
    prevText = text;
    prevY = y;
    k = end;
  }
  return out.subarray(0, kept);
}

/**
 * Groups characters into text pieces with pdf.js's rules: a piece runs on while each glyph starts
 * where the last one ended (give or take tracking); a gap of a space's width becomes a space
 * inside it; a wider gap, a step back, a change of line or of font starts a new piece.
 */
export function piecesFromChars(chars: Float64Array, view: readonly number[]): TextPiece[] {
  const [vx0, vy0, vx1, vy1] = view;
  const pieces: TextPiece[] = [];
  let item: Item | null = null;
  // pdf.js's "two last characters": a space glyph between two glyphs of a piece is kept as a space
  const last = [' ', ' '];
  let lastPos = 0;
  const save = (ch: string): boolean => {
    const next = (lastPos + 1) % 2;
    const spaceBefore = last[lastPos] !== ' ' && last[next] === ' ';
    last[lastPos] = ch;
    lastPos = next;
    return spaceBefore;
  };
  const reset = () => {
    last[0] = last[1] = ' ';
    lastPos = 0;
  };
  const pendingSpace = () => last[lastPos] !== ' ' && last[(lastPos + 1) % 2] === ' ';
  const flush = () => {
    if (item && item.str.length > 0) {
      const width = Math.abs((item.endX - item.x) * item.dx + (item.endY - item.y) * item.dy);
      const piece = toPiece(item.str, item.x, item.y, width, item.height);
      if (piece) pieces.push(piece);
    }
    item = null;
  };

  const order = contentOrder(chars);
  let lastX = NaN;
  let lastY = NaN;

  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const cp = chars[i];
    const x = chars[i + 1];
    const y = chars[i + 2];
    const advance = chars[i + 3];
    const size = chars[i + 4];
    const dx = chars[i + 5];
    const dy = chars[i + 6];
    const font = chars[i + 7];
    const kind = kindOf(cp);
    if (kind === WHITE) {
      save(' ');
      continue;
    }
    if (kind === FORMAT) continue;
    const ch = String.fromCodePoint(cp);
    // glyphs outside the page are not text of the page
    if (x + Math.max(0, advance) < vx0 || x > vx1 || y < vy0 || y > vy1) continue;
    if (item && item.font !== font) flush();
    const mark = kind === MARK;
    // one glyph that stands for several characters: PDFium gives each the glyph's origin
    const sameGlyph = item !== null && x === lastX && y === lastY;
    if (item && !mark && !sameGlyph) {
      const gx = x - item.endX;
      const gy = y - item.endY;
      const along = gx * item.dx + gy * item.dy;
      const across = -gx * item.dy + gy * item.dx;
      const h = item.height;
      if (along < NEGATIVE_SPACE * h) {
        reset();
        flush();
      } else if (Math.abs(across) > h) {
        reset();
        flush();
      } else {
        if (along <= NOT_A_SPACE * h) reset();
        if (along <= TRACKING_SPACE * h) {
          if (pendingSpace()) {
            reset();
            flush();
          }
        } else if (along <= SPACE_IN_FLOW_MAX * h) {
          reset();
          item.str += ' ';
        } else {
          flush();
          reset();
        }
        if (item && Math.abs(across) > h * VERTICAL_SHIFT) flush();
      }
    }
    if (!item) item = { str: '', x, y, height: size, dx, dy, font, endX: x, endY: y };
    if (save(ch)) item.str += ' ';
    item.str += ch;
    // the characters of one glyph share its advance between them
    if (sameGlyph) {
      item.endX += advance * dx;
      item.endY += advance * dy;
    } else if (!mark) {
      item.endX = x + advance * dx;
      item.endY = y + advance * dy;
    }
    lastX = x;
    lastY = y;
  }
  flush();
  return pieces;
}

/** The painted paths and images of a PDFium page, collected as pdf.js's operator list is. */
export function drawingFromRaw(raw: RawPage): PageDrawing {
  const out = new DrawingCollector(raw.view);
  for (let i = 0; i < raw.pathCount; i++) out.path();
  const p = raw.paths;
  for (let i = 0; i < p.length; ) {
    const paint = p[i];
    const count = p[i + 1];
    i += 2;
    const stroked = (paint & 2) !== 0;
    let points: [number, number][] = [];
    let curve = 0;
    const flush = (closed: boolean) => {
      // PDFium closes a subpath with a line back to its start: pdf.js's "close" adds no point
      if (closed && points.length > 2) {
        const [fx, fy] = points[0];
        const [lx, ly] = points[points.length - 1];
        if (Math.abs(fx - lx) < 1e-6 && Math.abs(fy - ly) < 1e-6) points.pop();
      }
      out.subpath(points, closed, stroked);
      points = [];
    };
    for (let k = 0; k < count; k++, i += 4) {
      const kind = p[i];
      if (kind === RAW_MOVE) {
        if (points.length > 0) flush(false);
        points.push([p[i + 1], p[i + 2]]);
        curve = 0;
      } else if (kind === RAW_CURVE) {
        // a Bézier segment is three points: one unusable point for it (curves never make a box)
        if (curve++ % 3 === 0) points.push([NaN, NaN]);
      } else {
        points.push([p[i + 1], p[i + 2]]);
        curve = 0;
      }
      if (p[i + 3] === 1) flush(true);
    }
    if (points.length > 0) flush(false);
  }
  for (let i = 0; i + 6 <= raw.images.length; i += 6) out.image(Array.from(raw.images.subarray(i, i + 6)) as Matrix);
  return out.drawing();
}
