/**
 * The class gallery's figures (issue 19):
 *  1. 50 photos of about 4 MB uploaded as the web app does (three at a time): wall time until every
 *     item is ready (copies, thumbnail, faces, blurred copies), and the server's peak memory (VmHWM).
 *  2. A class gallery of 5,000 items: the first page (40 items) over HTTP, p50 and p99, as the teacher
 *     and as a parent, with autocannon.
 * Run: `node --import tsx bench/gallery.ts` (embedded database) or
 * `scripts/with-postgres.sh node --import tsx bench/gallery.ts` (PostgreSQL).
 * Options: --photos 50 --items 5000 --duration 10 --connections 10.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { mediaItems, mediaTags } from '../apps/server/src/platform/db/schema.js';
import { newId } from '../apps/server/src/platform/ids.js';
import { demoId } from '../apps/server/src/seed/demo.js';
import { arg, load, machine, type RunningServer, saveResults, signIn, startServer } from './lib.js';

const PHOTOS = arg('photos', 50);
const ITEMS = arg('items', 5000);
const DURATION = arg('duration', 10);
const CONNECTIONS = arg('connections', 10);
const PORT = arg('port', 3391);
const nurseryA = demoId('class:nurseryA');
const sunrise = demoId('school:sunrise');
const postgres = process.env.DATABASE_URL;

/** A photo of about 4 MB: a camera-sized picture with enough detail that JPEG keeps it large. */
async function camera(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 2700,
      height: 2025,
      channels: 3,
      background: { r: 40 + seed * 3, g: 120, b: 200 - seed * 2 },
      noise: { type: 'gaussian', mean: 120 + seed, sigma: 45 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const peakRss = (pid: number): number => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const rss = (pid: number): number => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function uploadOne(base: string, token: string, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('privacy', 'class');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${base}/api/class_media/${nurseryA}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { _id: string } }).result._id;
}

async function photosFigure(server: RunningServer) {
  const token = await signIn(server.url, '9000000003');
  const pictures = await Promise.all(Array.from({ length: 5 }, (_, i) => camera(i)));
  const sizes = pictures.map((p) => p.length);
  const pid = server.process.pid ?? 0;
  const rssBefore = rss(pid);
  const started = performance.now();
  const ids: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < PHOTOS; i = next++)
      ids.push(await uploadOne(server.url, token, pictures[i % 5] as Buffer, `photo-${i}.jpg`));
  };
  await Promise.all([worker(), worker(), worker()]);
  const uploadedMs = performance.now() - started;
  let ready = 0;
  for (;;) {
    let page = 1;
    ready = 0;
    for (;;) {
      const res = await fetch(`${server.url}/api/class_media/${nurseryA}`, {
        headers: { authorization: `Bearer ${token}`, PageNumber: String(page) },
      });
      const body = (await res.json()) as {
        result: { items: { _id: string; status: string; thumb_url: string | null }[]; has_more: boolean };
      };
      ready += body.result.items.filter((i) => ids.includes(i._id) && i.status === 'ready' && i.thumb_url).length;
      if (!body.result.has_more) break;
      page++;
    }
    if (ready === PHOTOS) break;
    if (performance.now() - started > 30 * 60_000) throw new Error('not ready in 30 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const allReadyMs = performance.now() - started;
  return {
    photos: PHOTOS,
    photoBytes: { min: Math.min(...sizes), max: Math.max(...sizes) },
    uploadsAnsweredMs: Math.round(uploadedMs),
    allThumbnailsReadyMs: Math.round(allReadyMs),
    perPhotoMs: Math.round(allReadyMs / PHOTOS),
    serverRssBeforeMiB: Math.round(rssBefore),
    serverPeakRssMiB: Math.round(peakRss(pid)),
  };
}

/** 5,000 items in Nursery A's gallery, a tenth tagged with Diya, written straight into the database. */
async function fill(dataDir: string) {
  const database = await openDatabase(
    postgres ? { kind: 'postgres', url: postgres } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  const now = Date.now();
  const rows = Array.from({ length: ITEMS }, (_, i) => ({
    id: newId(),
    schoolId: sunrise,
    classId: nurseryA,
    kind: 'image',
    status: 'ready',
    privacy: i % 10 === 0 ? 'tagged' : 'class',
    name: `day-${i}.jpg`,
    takenOn: new Date(now - Math.floor(i / 20) * 86_400_000).toISOString().slice(0, 10),
    mimeType: 'image/jpeg',
    bytes: 900_000,
    width: 2400,
    height: 1800,
    blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
    url: `/media/gallery/${sunrise}/${i}/full.webp`,
    mediumUrl: `/media/gallery/${sunrise}/${i}/medium.webp`,
    thumbUrl: `/media/gallery/${sunrise}/${i}/thumb.webp`,
    uploadedBy: demoId('user:9000000003'),
    createdAt: new Date(now - i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(mediaItems).values(rows.slice(i, i + 500));
  const tags = rows.filter((_, i) => i % 10 === 0).map((r) => ({ itemId: r.id, studentId: demoId('student:Diya Patel') }));
  for (let i = 0; i < tags.length; i += 500) await database.db.insert(mediaTags).values(tags.slice(i, i + 500));
  await database.analyze();
  await database.close();
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-gallery-bench-'));
  let server = await startServer(PORT, { DATA_DIR: dataDir });
  const photos = PHOTOS > 0 ? await photosFigure(server) : null;
  console.log('photos', photos);
  if (!postgres) {
    // The embedded database belongs to one process: filled while the server is stopped.
    server.process.kill('SIGTERM');
    await new Promise((r) => server.process.once('exit', r));
  }
  await fill(dataDir);
  if (!postgres) server = await startServer(PORT, { DATA_DIR: dataDir });
  const teacher = await signIn(server.url, '9000000003');
  const parent = await signIn(server.url, '9000000005', 'parent_user');
  const url = `${server.url}/api/class_media/${nurseryA}`;
  const opts = (token: string) => ({
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
  });
  // Warm-up (query plans, caches, the JIT), not reported.
  await load('warm-up', url, { ...opts(teacher), duration: 3 });
  const health = await load('health', `${server.url}/api/health`, { connections: CONNECTIONS, duration: DURATION });
  const firstPageTeacher = await load('first page (teacher)', url, opts(teacher));
  const firstPageParent = await load('first page (parent)', url, opts(parent));
  const lastPage = await load('page 100 (teacher)', url, {
    ...opts(teacher),
    headers: { authorization: `Bearer ${teacher}`, PageNumber: '100' },
  });
  await server.stop();
  const gallery = { items: ITEMS + PHOTOS, health, firstPageTeacher, firstPageParent, lastPage };
  console.log(gallery);
  const file = saveResults(`gallery-${postgres ? 'pg' : 'pglite'}`, {
    machine: machine(),
    database: postgres ? 'postgres' : 'pglite',
    photos,
    gallery,
  });
  console.log(`saved ${file}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
