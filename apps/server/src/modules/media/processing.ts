import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { encode } from 'blurhash';
import sharp, { type Sharp } from 'sharp';
import { newId } from '../../platform/ids.js';
import { hasFfmpeg } from '../../platform/media-metadata.js';

/*
 * What a gallery item's processing job makes of an upload: the photo re-encoded (orientation applied,
 * EXIF and GPS gone), a medium copy and a thumbnail, a blurhash placeholder, and copies with faces
 * blurred; a video's poster frame where ffmpeg is installed.
 */

export const FULL_SIDE = 2560;
export const MEDIUM_SIDE = 1280;
export const THUMB_SIDE = 400;

export interface ProcessedImage {
  full: Buffer;
  medium: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  blurhash: string;
}

const webp = (image: Sharp, side: number, quality: number) =>
  image.clone().resize(side, side, { fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer();

/** The copies of a photo. Throws for anything sharp cannot read as a raster image. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  // rotate() applies the EXIF orientation; re-encoding to WebP keeps no metadata at all.
  const base = sharp(bytes, { animated: false, limitInputPixels: 100_000_000 }).rotate();
  const full = await webp(base, FULL_SIDE, 85);
  const fullImage = sharp(full);
  const [medium, thumb, meta, small] = await Promise.all([
    webp(fullImage, MEDIUM_SIDE, 80),
    webp(fullImage, THUMB_SIDE, 72),
    fullImage.metadata(),
    fullImage.clone().resize(32, 32, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
  ]);
  const blurhash = encode(new Uint8ClampedArray(small.data), small.info.width, small.info.height, 4, 3);
  return { full, medium, thumb, width: meta.width ?? 0, height: meta.height ?? 0, blurhash };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A copy of a photo (WebP, at most `side` px) with each box (fractions of the image) blurred beyond recognition. */
export async function blurBoxes(image: Buffer, boxes: readonly Box[], side: number): Promise<Buffer> {
  const resized = await sharp(image)
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = resized.info;
  const overlays = await Promise.all(
    boxes.map(async (b) => {
      // A margin around the face, so hair and ears go too.
      const left = Math.max(0, Math.floor((b.x - b.width * 0.2) * width));
      const top = Math.max(0, Math.floor((b.y - b.height * 0.25) * height));
      const w = Math.max(1, Math.min(width - left, Math.ceil(b.width * 1.4 * width)));
      const h = Math.max(1, Math.min(height - top, Math.ceil(b.height * 1.5 * height)));
      const sigma = Math.max(8, Math.round(Math.max(w, h) / 6));
      const input = await sharp(resized.data).extract({ left, top, width: w, height: h }).blur(sigma).toBuffer();
      return { input, left, top };
    }),
  );
  return sharp(resized.data).composite(overlays).webp({ quality: 80 }).toBuffer();
}

/** The first frame worth showing of a video, as WebP; null without ffmpeg or when it cannot be read. */
export async function videoPoster(bytes: Buffer): Promise<Buffer | null> {
  if (!(await hasFfmpeg())) return null;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cue-poster-'));
  const input = path.join(dir, `in-${newId()}`);
  const output = path.join(dir, 'poster.png');
  try {
    await fs.writeFile(input, bytes);
    const ok = await new Promise<boolean>((resolve) => {
      const child = spawn('ffmpeg', ['-nostdin', '-v', 'error', '-ss', '0.5', '-i', input, '-frames:v', '1', '-y', output], {
        stdio: 'ignore',
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('error', () => resolve(false));
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve(code === 0);
      });
    });
    if (!ok) return null;
    const frame = await fs.readFile(output).catch(() => null);
    if (!frame) return null;
    return await sharp(frame)
      .resize(MEDIUM_SIDE, MEDIUM_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
