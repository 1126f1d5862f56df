/** Fitting text into boxes: shrink to fit a width, wrap words into lines. Widths from HarfBuzz shaping. */
import { textWidth } from './font';

/** Largest size ≤ `size` at which `text` fits `maxWidth` (never larger than asked, never overflowing). */
export function fitSize(text: string, maxWidth: number, size: number): number {
  const w = textWidth(text, size);
  if (w <= maxWidth || w === 0) return size;
  return (size * maxWidth) / w * 0.999;
}

/** Greedy word wrap at `size`; a single word wider than the line stays on its own line (caller shrinks). */
export function wrapWords(text: string, maxWidth: number, size: number): string[] {
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface WrappedBlock {
  lines: string[];
  size: number;
  lineHeight: number;
}

/**
 * The largest size (≤ maxSize) at which `text`, wrapped, fits a maxWidth × maxHeight box.
 * Falls back to shrinking the widest line when even the smallest step cannot wrap it.
 */
export function fitWrapped(text: string, maxWidth: number, maxHeight: number, maxSize: number, leading = 1.2): WrappedBlock {
  const minSize = Math.max(3, maxSize * 0.45);
  for (let size = maxSize; size >= minSize; size -= Math.max(0.25, maxSize * 0.05)) {
    const lines = wrapWords(text, maxWidth, size);
    if (lines.length * size * leading <= maxHeight && lines.every((l) => textWidth(l, size) <= maxWidth)) {
      return { lines, size, lineHeight: size * leading };
    }
  }
  // Could not wrap within the height: cap the number of lines by the height and shrink to the widest.
  let size = minSize;
  const maxLines = Math.max(1, Math.floor(maxHeight / (size * leading)));
  let lines = wrapWords(text, maxWidth, size);
  if (lines.length > maxLines) {
    lines = wrapWords(text, (maxWidth * lines.length) / maxLines, size);
    while (lines.length > maxLines) lines = [lines.slice(0, 2).join(' '), ...lines.slice(2)];
  }
  const widest = lines.reduce((w, l) => Math.max(w, textWidth(l, size)), -Infinity);
  if (widest > maxWidth) size = (size * maxWidth) / widest * 0.999;
  size = Math.min(size, maxHeight / (lines.length * leading));
  return { lines, size, lineHeight: size * leading };
}
