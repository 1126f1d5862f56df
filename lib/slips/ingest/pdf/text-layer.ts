import type { Rect } from '../../types';
import type { PdfPage } from './pdfjs';

/** A piece of text from the page's text layer, in PDF user space. */
export interface TextPiece {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function readText(page: PdfPage): Promise<TextPiece[]> {
  const content = await page.getTextContent();
  const out: TextPiece[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [a, b, , d, e, f] = item.transform as number[];
    const size = Math.hypot(b, d) || Math.abs(a) || item.height;
    out.push({ str: item.str, x: e, y: f, width: item.width, height: item.height || size });
  }
  return out;
}

export function pieceCenter(p: TextPiece): [number, number] {
  return [p.x + p.width / 2, p.y + p.height * 0.35];
}

export function piecesIn(rect: Rect, pieces: TextPiece[]): TextPiece[] {
  return pieces.filter((p) => {
    const [cx, cy] = pieceCenter(p);
    return cx >= rect.x && cx <= rect.x + rect.width && cy >= rect.y && cy <= rect.y + rect.height;
  });
}

export interface TextLine {
  y: number;
  text: string;
  pieces: TextPiece[];
}

/** Groups pieces into lines (top to bottom) and joins each line left to right. */
export function toLines(pieces: TextPiece[]): TextLine[] {
  const sorted = [...pieces].sort((p, q) => q.y - p.y || p.x - q.x);
  const lines: TextLine[] = [];
  for (const p of sorted) {
    const line = lines.find((l) => Math.abs(l.y - p.y) < Math.max(1.5, p.height * 0.4));
    if (line) line.pieces.push(p);
    else lines.push({ y: p.y, text: '', pieces: [p] });
  }
  for (const line of lines) {
    line.pieces.sort((p, q) => p.x - q.x);
    let text = '';
    let end = -Infinity;
    for (const p of line.pieces) {
      const gap = p.x - end;
      if (text && gap > Math.max(1, p.height * 0.15) && !text.endsWith(' ') && !p.str.startsWith(' ')) text += ' ';
      text += p.str;
      end = p.x + p.width;
    }
    line.text = text.replace(/\s+/g, ' ').trim();
  }
  return lines.sort((a, b) => b.y - a.y);
}
