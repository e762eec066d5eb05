import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaItem, MediaPrivacy } from '@cue/contract';
import { type APIRequestContext, expect } from '@playwright/test';
import sharp from 'sharp';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const root = fileURLToPath(new URL('../..', import.meta.url));

/** face-api's sample photos: several adult faces each (sample1: three women side by side; sample5: five people). */
export const FACE_SAMPLES = path.join(root, 'node_modules/@vladmandic/face-api/demo');
export const samplePath = (n: 1 | 2 | 3 | 4 | 5 | 6): string => path.join(FACE_SAMPLES, `sample${n}.jpg`);
export const sample = (n: 1 | 2 | 3 | 4 | 5 | 6): Buffer => readFileSync(samplePath(n));

/**
 * A word of its own for one run of a journey: the journeys share one database (and a retry runs the
 * same journey again), so each names its files with it and counts only what it made.
 */
export const runTag = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A small plain JPEG (no face in it), made in memory. */
export function plainJpeg(rgb: [number, number, number], width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * Writes files into a folder (the browser's file chooser takes paths) and answers their paths. Journeys
 * pass their own output folder (`test.info().outputPath(...)`), which Playwright empties at each run.
 */
export function writeFiles(dir: string, files: { name: string; bytes: Buffer }[]): string[] {
  mkdirSync(dir, { recursive: true });
  return files.map(({ name, bytes }) => {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    return file;
  });
}

/** POST /api/class_media/:id: one photo into a class's gallery (multipart, the fields before the file). */
export async function uploadPhoto(
  request: APIRequestContext,
  token: string,
  classId: string,
  photo: { name: string; bytes: Buffer; privacy?: MediaPrivacy; caption?: string },
): Promise<MediaItem> {
  const res = await request.post(`/api/class_media/${classId}`, {
    headers: auth(token),
    multipart: {
      privacy: photo.privacy ?? 'class',
      caption: photo.caption ?? '',
      file: { name: photo.name, mimeType: 'image/jpeg', buffer: photo.bytes },
    },
  });
  if (!res.ok()) throw new Error(`upload ${photo.name}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: MediaItem }).result;
}

/** GET /api/class_media_edit/:id as the token's holder: the item, or the answer's status when refused. */
export async function readItem(request: APIRequestContext, token: string, id: string): Promise<MediaItem | number> {
  const res = await request.get(`/api/class_media_edit/${id}`, { headers: auth(token) });
  if (!res.ok()) return res.status();
  return ((await res.json()) as { result: MediaItem }).result;
}

/** The item as the token's holder reads it; a refusal fails the journey. */
export async function itemOf(request: APIRequestContext, token: string, id: string): Promise<MediaItem> {
  const item = await readItem(request, token, id);
  if (typeof item === 'number') throw new Error(`item ${id}: ${item}`);
  return item;
}

/** Waits for the item's processing job (thumbnails, faces) to finish, and answers the item as it is then. */
export async function waitReady(request: APIRequestContext, token: string, id: string, timeout = 60_000): Promise<MediaItem> {
  let item: MediaItem | number = 0;
  await expect
    .poll(
      async () => {
        item = await readItem(request, token, id);
        return typeof item === 'number' ? item : item.status;
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .toBe('ready');
  return item as unknown as MediaItem;
}

/** POST to one of the gallery's staff calls, failing the journey on a refusal. */
export async function mediaPost<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { headers: auth(token), data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}
