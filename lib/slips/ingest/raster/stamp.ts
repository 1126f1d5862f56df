import { levelAtCount, type Gray } from '../engines/image';
import type { PixelRect } from './cells';

/**
 * The DELETED stamp of a roll, found from pixels: a word in large hollow capitals drawn at an angle
 * across a voter box. Its letters' outlines put long straight edges on two parallel lines at the
 * stamp's angle (the capitals' top and foot), so the box's ink, projected across that direction,
 * shows two narrow peaks far above the ink beside them. Text printed level, a photo, the box's
 * ruling and JPEG noise spread their ink over many lines at such an angle and show no peak.
 * Everything is measured in box heights, so it holds at 100-300 dpi.
 */

/** Directions tried: the stamp's angle from level, rising and falling, in degrees. */
const ANGLES = Array.from({ length: 15 }, (_, i) => 18 + i * 3);
/** A box is projected on this many bins per box height. */
const BINS_PER_HEIGHT = 120;

/**
 * The weaker of the two edges a stamp needs, in box heights of ink above the lines beside it. Stamped
 * boxes of three real rolls score 0.58-0.92 (100-300 dpi, grey JPEG scans and clean renderings);
 * unstamped voter boxes at most 0.36 (seven rolls, photos and placeholders included).
 */
export const STAMP_EDGE = 0.45;

/** Whether the DELETED stamp is drawn across a box (see stampScore). */
export function stampedBox(image: Gray, box: PixelRect, photo: PixelRect | null = null): boolean {
  return stampScore(image, box, photo).second >= STAMP_EDGE;
}

export interface StampScore {
  /** the stronger edge: ink along the line above the lines beside it, in box heights */
  edge: number;
  /** the weaker of the two edges (top and foot of the capitals) */
  second: number;
  /** degrees from level (positive: rising to the right) */
  angle: number;
  /** distance between the two edges, in box heights */
  gap: number;
}

/**
 * Scores the stamp in a box of a deskewed page. `photo` (the box's photo area) is left out: a
 * photo's own straight edges are not a stamp.
 */
export function stampScore(image: Gray, box: PixelRect, photo: PixelRect | null = null): StampScore {
  const none: StampScore = { edge: 0, second: 0, angle: 0, gap: 0 };
  const samples = inkSamples(image, box, photo);
  if (!samples) return none;
  const { xs, ys, weight, cols, rows } = samples;
  const profile = new Float64Array(Math.ceil(cols + rows) + 3);
  let best = none;
  for (const rising of [true, false]) {
    for (const deg of ANGLES) {
      const a = (deg * Math.PI) / 180;
      // ρ: distance across the direction, in bins; rising lines go up to the right (y grows downwards)
      const sin = rising ? Math.sin(a) : -Math.sin(a);
      const cos = Math.cos(a);
      const lo = rising ? 0 : cols * sin;
      const bins = Math.ceil((rising ? cols * sin : 0) + rows * cos - lo) + 3;
      profile.fill(0, 0, bins);
      // each sample shared between the two bins nearest its place: no comb from the pixels' own lattice
      for (let k = 0; k < xs.length; k++) {
        const rho = xs[k] * sin + ys[k] * cos - lo;
        const i = rho | 0;
        const f = rho - i;
        profile[i] += weight * (1 - f);
        profile[i + 1] += weight * f;
      }
      const edges = peaks(profile, bins);
      if (edges.length < 2) continue;
      const score: StampScore = { edge: edges[0].excess, second: edges[1].excess, angle: rising ? deg : -deg, gap: Math.abs(edges[0].at - edges[1].at) / BINS_PER_HEIGHT };
      if (score.second > best.second) best = score;
    }
  }
  return best;
}

/**
 * The ink pixels of a box's interior (its photo area left out), in bins of BINS_PER_HEIGHT a box height
 * from its corner: every pixel up to that many per height, else every `step`-th row and column.
 * `weight` is one sample's ink in box heights² times the bins per height, so that a line one bin
 * thick adds its length in box heights to its bin whatever the resolution. Null for a box too small
 * or without ink.
 */
function inkSamples(image: Gray, box: PixelRect, photo: PixelRect | null): { xs: Float32Array; ys: Float32Array; weight: number; cols: number; rows: number } | null {
  const h = box.height;
  const inset = Math.max(2, Math.round(h * 0.04));
  const x0 = Math.max(0, Math.round(box.x + inset));
  const y0 = Math.max(0, Math.round(box.y + inset));
  const x1 = Math.min(image.width, Math.round(box.x + box.width - inset));
  const y1 = Math.min(image.height, Math.round(box.y + box.height - inset));
  if (x1 - x0 < 8 || y1 - y0 < 8) return null;
  const { data, width } = image;
  const step = Math.max(1, Math.floor(h / BINS_PER_HEIGHT));
  // local levels: paper is the bulk of a box, ink its darkest percent
  const hist = new Int32Array(256);
  let total = 0;
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) hist[data[y * width + x]]++;
    total += Math.ceil((x1 - x0) / step);
  }
  const inkLevel = levelAtCount(hist, total * 0.01);
  const paper = levelAtCount(hist, total * 0.6);
  if (paper - inkLevel < 40) return null;
  const threshold = (inkLevel + paper) / 2;
  let inked = 0;
  for (let v = 0; v <= threshold; v++) inked += hist[v];
  const xs = new Float32Array(inked);
  const ys = new Float32Array(inked);
  const unit = BINS_PER_HEIGHT / h;
  const skip = photo ? { x0: photo.x - inset, x1: photo.x + photo.width + inset, y0: photo.y - inset, y1: photo.y + photo.height + inset } : null;
  let count = 0;
  for (let y = y0; y < y1; y += step) {
    const row = y * width;
    const photoRows = skip !== null && y >= skip.y0 && y < skip.y1;
    for (let x = x0; x < x1; x += step) {
      if (data[row + x] > threshold) continue;
      if (photoRows && skip && x >= skip.x0 && x < skip.x1) continue;
      xs[count] = (x - x0) * unit;
      ys[count] = (y - y0) * unit;
      count++;
    }
  }
  if (count === 0) return null;
  return { xs: xs.subarray(0, count), ys: ys.subarray(0, count), weight: (step * step * unit) / h, cols: (x1 - x0) * unit, rows: (y1 - y0) * unit };
}

/**
 * The two strongest narrow peaks of a profile, apart by 10-60% of a box height (a stamp's capitals,
 * top and foot): each bin pair's ink (a line two bins wide at most) above the mean of the bins
 * 3-8 away on both sides.
 */
function peaks(profile: Float64Array, n: number): { at: number; excess: number }[] {
  const near = Math.round(BINS_PER_HEIGHT * 0.025);
  const far = Math.round(BINS_PER_HEIGHT * 0.07);
  if (n <= 2 * far + 1) return [];
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + profile[i];
  const sideBins = 2 * (far - near + 1);
  const excess = new Float64Array(n);
  let top = -1;
  for (let i = far; i < n - far; i++) {
    const side = prefix[i - near + 1] - prefix[i - far] + prefix[i + far + 1] - prefix[i + near];
    const line = profile[i] + Math.max(profile[i - 1], profile[i + 1]);
    excess[i] = line - (2 * side) / sideBins;
    if (top < 0 || excess[i] > excess[top]) top = i;
  }
  if (top < 0 || excess[top] <= 0) return [];
  const minGap = Math.round(BINS_PER_HEIGHT * 0.1);
  const maxGap = Math.round(BINS_PER_HEIGHT * 0.6);
  let second = -1;
  for (let i = Math.max(far, top - maxGap); i <= Math.min(n - far - 1, top + maxGap); i++) {
    if (Math.abs(i - top) < minGap) continue;
    if (second < 0 || excess[i] > excess[second]) second = i;
  }
  if (second < 0 || excess[second] <= 0) return [{ at: top, excess: excess[top] }];
  return [
    { at: top, excess: excess[top] },
    { at: second, excess: excess[second] },
  ];
}
