import { describe, expect, it } from 'vitest';
import { zoomCanvasScale } from './page-zoom';

const A4 = { width: 595, height: 842 };
const A3 = { width: 842, height: 1191 };

describe('the zoomed page is drawn sharper than the screen, within a phone-sized pixel budget', () => {
  it('draws a phone-width A4 page at four times the screen at a 3x pixel ratio', () => {
    const fit = { width: 344, height: 640 };
    const scale = zoomCanvasScale(A4, fit, 3);
    const fitScale = 344 / 595;
    expect(scale).toBeCloseTo(Math.min(fitScale * 3 * 4, Math.sqrt(16_000_000 / (595 * 842))), 6);
    expect(A4.width * scale * A4.height * scale).toBeLessThanOrEqual(16_000_001);
    expect(scale).toBeGreaterThan(fitScale * 3 * 2);
  });

  it('keeps an A3 page on a laptop within the budget', () => {
    const scale = zoomCanvasScale(A3, { width: 1264, height: 700 }, 2);
    expect(A3.width * scale * A3.height * scale).toBeLessThanOrEqual(16_000_001);
  });

  it('never draws below the screen itself', () => {
    const fit = { width: 4000, height: 6000 };
    expect(zoomCanvasScale(A4, fit, 2)).toBeGreaterThanOrEqual((4000 / 595) * 2 - 1e-9);
  });
});
