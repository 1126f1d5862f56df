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

export async function normaliseBanner(bytes: Uint8Array): Promise<NormalisedBanner> {
  if (!bytes || bytes.length === 0) throw new BannerError('The banner file is empty.');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error' }).metadata();
  } catch {
    throw new BannerError('The banner is not a readable image (JPG or PNG expected).');
  }
  if (!meta.format || !['jpeg', 'png', 'webp', 'gif', 'tiff'].includes(meta.format)) {
    throw new BannerError(`The banner is not a JPG or PNG image (found ${meta.format ?? 'unknown'}).`);
  }
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .resize({ width: BANNER_MAX_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: false, chromaSubsampling: '4:2:0' })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: new Uint8Array(data), width: info.width, height: info.height };
  } catch (error) {
    throw new BannerError(`The banner image could not be processed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
