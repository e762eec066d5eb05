import { isoFromDdmmyyyy } from '@cue/contract';

/**
 * The gallery's logic that does not need React: days of items, which files may be sent, a pool of
 * uploads, progress over many files and sizes in the reader's units.
 */

/** Items in runs of the same day (`taken_on`, DD-MM-YYYY), in the order the server sent them. */
export function groupByDay<T extends { taken_on: string }>(items: readonly T[]): { day: string; items: T[] }[] {
  const groups: { day: string; items: T[] }[] = [];
  const byDay = new Map<string, { day: string; items: T[] }>();
  for (const item of items) {
    let group = byDay.get(item.taken_on);
    if (!group) {
      group = { day: item.taken_on, items: [] };
      byDay.set(item.taken_on, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}

export interface GalleryLimits {
  max_image_size: number;
  max_video_size: number;
}

export type FileRefusal = { reason: 'unsupported' } | { reason: 'tooLarge'; max: number };

/** The types the gallery takes: pictures (SVG is refused by the server) and videos. */
export const GALLERY_ACCEPT = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'video/*',
] as const;

/** Why a file may not go into the gallery under the school's sizes (null when it may). */
export function fileRefusal(file: { type: string; size: number }, limits: GalleryLimits): FileRefusal | null {
  const image = file.type.startsWith('image/') && file.type !== 'image/svg+xml';
  const video = file.type.startsWith('video/');
  if (!image && !video) return { reason: 'unsupported' };
  const max = image ? limits.max_image_size : limits.max_video_size;
  return file.size > max ? { reason: 'tooLarge', max } : null;
}

/**
 * Runs `work` on every entry with at most `limit` at once, in order of the list; a failure of one does
 * not stop the others. Resolves when all are settled, with each one's outcome in the list's order.
 */
export async function runPool<T, R>(
  entries: readonly T[],
  limit: number,
  work: (entry: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(entries.length);
  let next = 0;
  const lane = async () => {
    while (next < entries.length) {
      const index = next;
      next += 1;
      try {
        results[index] = { status: 'fulfilled', value: await work(entries[index] as T, index) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, entries.length)) }, lane));
  return results;
}

/** Progress of a batch, 0 to 100, weighted by the files' sizes (a refused or failed file counts as done). */
export function batchPercent(files: readonly { size: number; percent: number; state: string }[]): number {
  const total = files.reduce((sum, f) => sum + Math.max(1, f.size), 0);
  if (!total) return 0;
  const done = files.reduce(
    (sum, f) => sum + Math.max(1, f.size) * (f.state === 'uploading' || f.state === 'waiting' ? f.percent : 100),
    0,
  );
  return Math.round(done / total);
}

const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size in the reader's language and units ('1.5 GB', '0.5 kB'; never bytes, which nobody reads). */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes) / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** A picker's ISO day ('2026-11-27') as the wire's DD-MM-YYYY. */
export const wireDay = (iso: string | null): string | undefined => (iso ? iso.split('-').reverse().join('-') : undefined);

/** The wire's DD-MM-YYYY as a picker's ISO day (null when it is no day). */
export const pickerDay = (wire: string): string | null => isoFromDdmmyyyy(wire);

/** A face's box in percent of the picture (the box is in the picture's pixels, or already fractions). */
export function boxPercent(
  box: { x: number; y: number; width: number; height: number },
  size: { width: number | null; height: number | null },
): { left: number; top: number; width: number; height: number } {
  const fractions = box.x <= 1 && box.y <= 1 && box.width <= 1 && box.height <= 1;
  const w = fractions ? 1 : (size.width ?? 1);
  const h = fractions ? 1 : (size.height ?? 1);
  const pct = (v: number, of: number) => Math.max(0, Math.min(100, (v / of) * 100));
  return { left: pct(box.x, w), top: pct(box.y, h), width: pct(box.width, w), height: pct(box.height, h) };
}

/**
 * Where to place a picture of `size` pixels inside a square window of `side` pixels so that a face box
 * (fractions of the picture), with a margin around it, fills the window centred: the picture's drawn
 * width and height and its offset. Null without the picture's size.
 */
export function faceCrop(
  box: { x: number; y: number; width: number; height: number },
  size: { width: number | null; height: number | null },
  side: number,
  margin = 0.25,
): { width: number; height: number; left: number; top: number } | null {
  if (!size.width || !size.height) return null;
  const boxW = box.width * size.width * (1 + 2 * margin);
  const boxH = box.height * size.height * (1 + 2 * margin);
  const scale = side / Math.max(boxW, boxH, 1);
  const centreX = (box.x + box.width / 2) * size.width * scale;
  const centreY = (box.y + box.height / 2) * size.height * scale;
  return {
    width: size.width * scale,
    height: size.height * scale,
    left: side / 2 - centreX,
    top: side / 2 - centreY,
  };
}
