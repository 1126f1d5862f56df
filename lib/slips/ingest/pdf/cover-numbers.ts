import { asciiDigits } from '../numbers';
import { statedRange, statedYear, type CoverRange } from '../raster/cover';
import type { PageClass, PageScan } from './page-model';
import { toLines } from '../engines/text-layer';

/**
 * What a text roll's cover states in numbers alone: the serial range and electors of its "number of
 * electors" table (statedRange: found by its own arithmetic, whatever the language) and the year its
 * dates name most often (statedYear). Read from the text layer's digits, which legacy font encodings
 * leave clean while they garble the letters (the Daman and Maharashtra rolls): so a scrambled roll
 * gets its year, and every text roll the same check of its voters against the cover's count that a
 * scanned roll gets from OCR (coverWarnings).
 */
export function coverNumbers(scans: PageScan[], classes: PageClass[]): { range: CoverRange | null; year: string | null } {
  const firstVoters = classes.findIndex((c) => c.kind === 'voters' || c.kind === 'supplement');
  const cover = classes.find((c, i) => c.kind === 'cover' && (firstVoters < 0 || i < firstVoters));
  if (!cover) return { range: null, year: null };
  const words = toLines(scans[cover.page - 1].pieces)
    .flatMap((line) => asciiDigits(line.text).split(/\s+/))
    // Indian grouping ("2,963"; "1,00,005") read as the number it is
    .map((w) => (/^\d{1,3}(?:,\d{2,3})+$/.test(w) ? w.replace(/,/g, '') : w));
  return { range: statedRange(words), year: statedYear(words) };
}
