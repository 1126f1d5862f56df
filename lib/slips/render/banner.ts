/**
 * Banner normalisation with sharp: EXIF orientation applied, sRGB, alpha flattened on white,
 * resolution capped (enough for a slip-wide print at ~300 dpi), re-encoded as baseline JPEG.
 */
import sharp, { type Metadata } from 'sharp';
import { BannerError } from './errors';

export interface NormalisedBanner {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

export { BannerError };

/** Longest side kept, in pixels: the widest slip (A4 landscape, 8 per page) is ~5 in wide. */
export const BANNER_MAX_WIDTH = 1600;

/** The most pixels a banner may have: a large phone photo; decoding more costs memory for nothing. */
export const MAX_BANNER_PIXELS = 40_000_000;

const FORMAT_NAMES: Record<string, string> = {
  jpeg: 'JPG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  tiff: 'TIFF',
  svg: 'SVG',
  heif: 'HEIC/HEIF',
  avif: 'AVIF',
  jp2k: 'JP2',
  pdf: 'PDF',
};

const UNREADABLE = 'The banner could not be read as a picture: it is not a JPG or PNG image, or the file is damaged.';
const DAMAGED = 'The banner picture is damaged or incomplete and could not be read to the end. Save it again as JPG or PNG and upload it again.';

export interface BannerFacts {
  format: string;
  width: number;
  height: number;
}

/**
 * What a banner's header says, checked: a picture in one of `formats`, of at most MAX_BANNER_PIXELS.
 * Reads the header only. Throws BannerError in plain words (never the image library's own text).
 */
export async function bannerFacts(bytes: Uint8Array, formats: readonly string[]): Promise<BannerFacts> {
  if (!bytes || bytes.length === 0) throw new BannerError('The banner file is empty.');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw new BannerError(UNREADABLE);
  }
  if (!meta.format || !meta.width || !meta.height) throw new BannerError(UNREADABLE);
  if (!formats.includes(meta.format)) {
    throw new BannerError(`The banner is a ${FORMAT_NAMES[meta.format] ?? meta.format.toUpperCase()} image; please use a JPG or PNG image.`);
  }
  const pixels = meta.width * meta.height;
  if (pixels > MAX_BANNER_PIXELS) {
    throw new BannerError(
      `The banner is ${meta.width} × ${meta.height} pixels (${(pixels / 1e6).toFixed(0)} megapixels); the largest accepted is ${MAX_BANNER_PIXELS / 1e6} megapixels. Please use a smaller picture.`,
    );
  }
  return { format: meta.format, width: meta.width, height: meta.height };
}

/** bannerFacts for a JPG or PNG, then the whole picture decoded once, so that a damaged file is found now. */
export async function inspectBanner(bytes: Uint8Array): Promise<BannerFacts> {
  const facts = await bannerFacts(bytes, ['jpeg', 'png']);
  try {
    await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_BANNER_PIXELS }).resize({ width: 32, withoutEnlargement: true }).raw().toBuffer();
  } catch {
    throw new BannerError(DAMAGED);
  }
  return facts;
}

export async function normaliseBanner(bytes: Uint8Array): Promise<NormalisedBanner> {
  await bannerFacts(bytes, ['jpeg', 'png', 'webp', 'gif', 'tiff']);
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_BANNER_PIXELS })
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .resize({ width: BANNER_MAX_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: false, chromaSubsampling: '4:2:0' })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    throw new BannerError(DAMAGED);
  }
}
