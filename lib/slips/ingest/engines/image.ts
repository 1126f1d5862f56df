/** A greyscale image: one byte per pixel, 0 = black, 255 = white, rows top to bottom. */
export interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * The darkest grey level at which a histogram of grey levels (256 counts) has seen `count` pixels, counting from
 * black: with `count` a share of its pixels, the level below which that share lies. 255 when it never does.
 */
export function levelAtCount(hist: ArrayLike<number>, count: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v];
    if (seen >= count) return v;
  }
  return 255;
}

/** Otsu's threshold of a greyscale image (sampled every `step` pixels). */
export function otsu(img: Gray, step = 3): number {
  const hist = new Float64Array(256);
  let n = 0;
  for (let i = 0; i < img.data.length; i += step) {
    hist[img.data[i]]++;
    n++;
  }
  let sum = 0;
  for (let t = 0; t < 256; t++) sum += t * hist[t];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (wB === 0) continue;
    const wF = n - wB;
    if (wF === 0) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** 1 where the pixel is ink. */
export function binarize(img: Gray, threshold: number): Uint8Array {
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = img.data[i] <= threshold ? 1 : 0;
  return out;
}

/**
 * The skew of the page in degrees (positive: content rotated clockwise), found by maximising the
 * sharpness of the ink's row profile over candidate angles (coarse, then fine).
 */
export function estimateSkew(ink: Uint8Array, width: number, height: number, maxDeg = 4): number {
  // sample ink pixels on a sparse lattice (enough for long lines and text rows)
  let count = 0;
  for (let y = 0; y < height; y += 2) {
    const row = y * width;
    for (let x = 0; x < width; x += 2) count += ink[row + x];
  }
  if (count < 100) return 0;
  const xs = new Int32Array(count);
  const ys = new Int32Array(count);
  let n = 0;
  for (let y = 0; y < height; y += 2) {
    const row = y * width;
    for (let x = 0; x < width; x += 2) if (ink[row + x]) {
      xs[n] = x;
      ys[n++] = y;
    }
  }
  // bins as wide as the sampling step: finer bins would favour angle 0 (all samples on even rows)
  const hist = new Float64Array(Math.ceil((height + 2 * width) / 2) + 2);
  /** sharpness of the row profile at `deg`, over every `stride`-th sample */
  const score = (deg: number, stride: number): number => {
    hist.fill(0);
    const t = Math.tan((deg * Math.PI) / 180);
    const offset = width;
    for (let i = 0; i < count; i += stride) hist[Math.round((ys[i] - xs[i] * t + offset) / 2)]++;
    let s = 0;
    for (let i = 0; i < hist.length; i++) s += hist[i] * hist[i];
    return s;
  };
  // the coarse search on a quarter of the samples (tens of thousands on a roll page: the peak
  // stands out as clearly), the fine one on all of them
  let coarse = 0;
  let coarseScore = -1;
  for (let d = -maxDeg; d <= maxDeg + 1e-9; d += 0.2) {
    const s = score(d, 4);
    if (s > coarseScore) {
      coarseScore = s;
      coarse = d;
    }
  }
  let best = coarse;
  let bestScore = -1;
  for (let d = coarse - 0.2; d <= coarse + 0.2 + 1e-9; d += 0.04) {
    const s = score(d, 1);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  return Math.round(best * 100) / 100;
}

/** Rotates an image about its centre by `deg` degrees (bilinear), filling with white. */
export function rotate(img: Gray, deg: number): Gray {
  if (Math.abs(deg) < 0.02) return img;
  const { width, height, data } = img;
  const out = new Uint8Array(width * height).fill(255);
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = width / 2;
  const cy = height / 2;
  // source position of (x, y): rotate the destination point back; linear in x along a row
  for (let y = 0; y < height; y++) {
    const dy = y - cy;
    const sx0 = -cos * cx - sin * dy + cx;
    const sy0 = -sin * cx + cos * dy + cy;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const sx = sx0 + cos * x;
      const sy = sy0 + sin * x;
      if (sx < 0 || sy < 0) continue;
      const x0 = sx | 0;
      const y0 = sy | 0;
      if (x0 + 1 >= width || y0 + 1 >= height) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * width + x0;
      const tl = data[i];
      const bl = data[i + width];
      const top = tl + (data[i + 1] - tl) * fx;
      const bottom = bl + (data[i + width + 1] - bl) * fx;
      out[row + x] = top + (bottom - top) * fy;
    }
  }
  return { width, height, data: out };
}

/** Copies a rectangle out of an image (clamped to the image). */
export function crop(img: Gray, x: number, y: number, w: number, h: number): Gray {
  const x0 = Math.max(0, Math.round(x));
  const y0 = Math.max(0, Math.round(y));
  const x1 = Math.min(img.width, Math.round(x + w));
  const y1 = Math.min(img.height, Math.round(y + h));
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const out = new Uint8Array(width * height).fill(255);
  for (let r = 0; r < height && y0 + r < img.height; r++) {
    out.set(img.data.subarray((y0 + r) * img.width + x0, (y0 + r) * img.width + x0 + Math.min(width, img.width - x0)), r * width);
  }
  return { width, height, data: out };
}

/** Enlarges an image by an integer-or-not factor (bilinear). */
export function scale(img: Gray, factor: number): Gray {
  const width = Math.max(1, Math.round(img.width * factor));
  const height = Math.max(1, Math.round(img.height * factor));
  const out = new Uint8Array(width * height);
  const src = img.data;
  // where each output column samples the source (the same for every row): its left pixel, the step to the
  // right one (0 at the edge) and the weight of the right one
  const left = new Int32Array(width);
  const right = new Uint8Array(width);
  const weight = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const sx = Math.min(img.width - 1.001, Math.max(0, (x + 0.5) / factor - 0.5));
    const x0 = Math.floor(sx);
    left[x] = x0;
    weight[x] = sx - x0;
    right[x] = x0 + 1 < img.width ? 1 : 0;
  }
  for (let y = 0; y < height; y++) {
    const sy = Math.min(img.height - 1.001, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    const row = y0 * img.width;
    const down = y0 + 1 < img.height ? img.width : 0;
    const at = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + left[x];
      const fx = weight[x];
      const x1 = right[x];
      const top = src[i] + (src[i + x1] - src[i]) * fx;
      const bottom = src[i + down] + (src[i + down + x1] - src[i + down]) * fx;
      out[at + x] = top + (bottom - top) * fy;
    }
  }
  return { width, height, data: out };
}

/** A binary PGM (P5) file of the image: tesseract reads it without any encoding cost. */
export function toPgm(img: Gray): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${img.width} ${img.height}\n255\n`);
  const out = new Uint8Array(header.length + img.data.length);
  out.set(header, 0);
  out.set(img.data, header.length);
  return out;
}
