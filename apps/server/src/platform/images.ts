import { ACCOUNT_MESSAGES, ERROR_CODES, PROFILE_PICTURE_SIZE_PX } from '@cue/contract';
import sharp from 'sharp';
import { AppError } from './errors.js';

const RASTER = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * A square profile picture: the image's own orientation applied, cropped to 512 px, re-encoded as
 * WebP. Re-encoding drops every piece of metadata (EXIF, GPS position, camera). Anything that is not a
 * raster image — including SVG, which can carry script — is refused.
 */
export async function toProfilePicture(bytes: Buffer, mimetype: string): Promise<Buffer> {
  return toSquareImage(bytes, mimetype, PROFILE_PICTURE_SIZE_PX);
}

/** Any square image (profile picture, school logo) of the given size, with the same checks. */
export async function toSquareImage(bytes: Buffer, mimetype: string, size: number): Promise<Buffer> {
  const refuse = () => new AppError(400, ACCOUNT_MESSAGES.imagesOnly, ERROR_CODES.notAnImage);
  if (!mimetype.startsWith('image/')) throw refuse();
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw refuse();
  }
  if (!format || !RASTER.has(format)) throw refuse();
  return sharp(bytes, { animated: false }).rotate().resize(size, size, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
}

/**
 * A photo or screenshot for the media library: its own orientation applied, at most 2560 px on its
 * longer side, re-encoded as WebP, which drops every piece of metadata. Throws NOT_AN_IMAGE (400) for
 * anything sharp cannot read as a raster image (SVG included).
 */
export async function toMediaImage(bytes: Buffer): Promise<Buffer> {
  const refuse = () => new AppError(400, 'The image could not be read', ERROR_CODES.notAnImage);
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw refuse();
  }
  if (!format || !RASTER.has(format)) throw refuse();
  return sharp(bytes).rotate().resize(2560, 2560, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }).toBuffer();
}
