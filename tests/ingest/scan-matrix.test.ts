import { describe, expect, it } from 'vitest';
import { bareImageMatrix } from '@/lib/slips/ingest/raster/scan-image';

describe('bareImageMatrix (fast path for pages that are one scanned image)', () => {
  it('accepts the chained cm operators pdf-lib writes and multiplies them as PDF does', () => {
    expect(bareImageMatrix('q 1 0 0 1 0 0 cm 595.28 0 0 841.89 0 0 cm /Image-1 Do Q')).toEqual([595.28, 0, 0, 841.89, 0, 0]);
    // a later cm works in the space the earlier one set up: scale first, then the translation stays in page units
    expect(bareImageMatrix('q\n1 0 0 1 10 20 cm\n100 0 0 200 0 0 cm\n/Im0 Do\nQ\n')).toEqual([100, 0, 0, 200, 10, 20]);
  });

  it('accepts a single cm', () => {
    expect(bareImageMatrix('q 612 0 0 792 0 0 cm /X Do Q')).toEqual([612, 0, 0, 792, 0, 0]);
  });

  it('refuses anything that draws more than one image', () => {
    expect(bareImageMatrix('612 0 0 792 0 0 cm /X Do')).toBeNull(); // not wrapped in q … Q
    expect(bareImageMatrix('q /X Do Q')).toBeNull(); // no matrix
    expect(bareImageMatrix('q 612 0 0 792 0 0 cm /X Do /Y Do Q')).toBeNull();
    expect(bareImageMatrix('q 612 0 0 792 0 0 cm /X Do Q BT /F1 12 Tf (hi) Tj ET')).toBeNull();
    expect(bareImageMatrix('q 1 0 0 1 0 0 re f 612 0 0 792 0 0 cm /X Do Q')).toBeNull();
  });
});
