/**
 * `node --import tsx bench/faces.ts [--runs 20] [--burst 10] [--tiny]`
 *
 * The class gallery's face engine in this process (WebAssembly backend, one thread):
 * - model load: first use, backend start and the three models read from disk;
 * - photo: a 1920 x 1398 photo of five people (face-api's sample5.jpg, scaled to 1024 px) against a
 *   class of 25 children with three reference faces each: detection + landmarks + descriptors + suggest,
 *   p50 and p95 over `runs`; also detection alone (what a child without biometric consent gets);
 * - burst: `burst` photos handed over at once: they are answered one after another (the queue), so the
 *   whole burst takes about burst x p50 and the process never runs two inferences together;
 * - the main thread's event-loop delay while photos are read (the models run in a worker thread);
 * - the suggestions' accuracy on this photo, the tensors held and the process's memory after.
 * `--tiny` runs the same with the Tiny Face Detector in place of SSD MobileNet v1, for the comparison.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import {
  CONFIDENT_THRESHOLD,
  DEFAULT_MAX_SIDE,
  FaceEngine,
  MATCH_THRESHOLD,
  type ReferenceSet,
  suggest,
} from '../apps/server/src/platform/faces.js';
import { arg, machine, saveResults } from './lib.js';

const runs = arg('runs', 20);
const burst = arg('burst', 10);

const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const sample = (n: number) => fs.readFileSync(path.join(demo, `sample${n}.jpg`));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));
};
const rssMiB = () => Math.round(process.memoryUsage().rss / 2 ** 20);

// A deterministic generator, so every run jitters the references the same way.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const gaussian = () => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
const jitter = (d: number[], sigma: number) => d.map((x) => x + sigma * gaussian());

const tiny = process.argv.includes('--tiny');
const engine = tiny ? new FaceEngine({ detector: 'tiny' }) : FaceEngine.shared();
const rssBefore = rssMiB();
const loadStarted = performance.now();
const { backend, loadMs } = await engine.info();
const loadWallMs = Math.round(performance.now() - loadStarted);

// The class's references. The five people of the photo are enrolled from a different copy of it
// (cropped, scaled to 640 px and re-encoded), as a reference photo taken another time would be; the other
// children from the faces of the other sample photos; each child's set adds two jittered copies
// (sigma 0.01 per number, about 0.11 apart), and the class is filled to 25 with further jittered faces.
const photo = sample(5);
const enrolmentCopy = await sharp(photo)
  .extract({ left: 100, top: 0, width: 1800, height: 1398 })
  .resize(640)
  .jpeg({ quality: 70 })
  .toBuffer();
const enrolled = await engine.detect(enrolmentCopy, { withDescriptors: true });
const others: number[][] = [];
for (const n of [1, 2, 3, 4, 6]) {
  for (const f of await engine.detect(sample(n), { withDescriptors: true })) if (f.descriptor) others.push(f.descriptor);
}
const base: { studentId: string; descriptor: number[] }[] = [
  ...enrolled.map((f, i) => ({ studentId: `in-photo-${i}`, descriptor: f.descriptor as number[] })),
  ...others.map((d, i) => ({ studentId: `other-${i}`, descriptor: d })),
];
for (let i = 0; base.length < 25; i++) {
  base.push({ studentId: `synthetic-${i}`, descriptor: jitter(others[i % others.length] as number[], 0.05) });
}
const refs: ReferenceSet[] = base.slice(0, 25).map((b) => ({
  studentId: b.studentId,
  descriptors: [b.descriptor, jitter(b.descriptor, 0.01), jitter(b.descriptor, 0.01)],
}));

const firstStarted = performance.now();
const first = await engine.detect(photo, { withDescriptors: true });
const firstMs = Math.round(performance.now() - firstStarted);

// How long the server's event loop is held while photos are read (inference runs in its own thread).
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const full: number[] = [];
const detectOnly: number[] = [];
const suggestMs: number[] = [];
let suggestions = suggest(first, refs);
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  const faces = await engine.detect(photo, { withDescriptors: true });
  const t1 = performance.now();
  suggestions = suggest(faces, refs);
  const t2 = performance.now();
  full.push(t2 - t0);
  suggestMs.push(t2 - t1);
  const t3 = performance.now();
  await engine.detect(photo, { withDescriptors: false });
  detectOnly.push(performance.now() - t3);
}

loopDelay.disable();

const burstStarted = performance.now();
const finished: number[] = [];
await Promise.all(
  Array.from({ length: burst }, () =>
    engine.detect(photo, { withDescriptors: true }).then(() => finished.push(performance.now() - burstStarted)),
  ),
);
const burstMs = Math.round(performance.now() - burstStarted);

// Which enrolled face each face of the photo should be: the enrolment copy's faces, by position.
const centre = (b: { x: number; y: number; width: number; height: number }) => [b.x + b.width / 2, b.y + b.height / 2] as const;
const expected = first.map((f) => {
  const [fx, fy] = centre(f.box);
  // The copy was cut 100 px from the left of 1920: map its boxes back to the whole photo.
  let best = -1;
  let bestD = Number.POSITIVE_INFINITY;
  enrolled.forEach((e, i) => {
    const [ex, ey] = centre(e.box);
    const d = Math.hypot((ex * 1800 + 100) / 1920 - fx, ey - fy);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return `in-photo-${best}`;
});
const correct = suggestions.filter((s) => expected[s.face] === s.studentId).length;
const info = await engine.info();

const result = {
  bench: 'faces',
  at: new Date().toISOString(),
  machine: machine(),
  backend,
  detector: `${tiny ? 'tiny_face_detector (608)' : 'ssd_mobilenetv1'} + face_landmark_68 + face_recognition`,
  maxSide: DEFAULT_MAX_SIDE,
  thresholds: { match: MATCH_THRESHOLD, confident: CONFIDENT_THRESHOLD },
  modelLoadMs: loadMs,
  modelLoadWallMs: loadWallMs,
  firstPhotoMs: firstMs,
  photo: { file: 'sample5.jpg', faces: first.length, classSize: refs.length, referencesPerChild: 3, runs },
  perPhotoMs: { p50: percentile(full, 50), p95: percentile(full, 95) },
  detectOnlyMs: { p50: percentile(detectOnly, 50), p95: percentile(detectOnly, 95) },
  eventLoopDelayMs: { max: Math.round(loopDelay.max / 1e6), p99: Math.round(loopDelay.percentile(99) / 1e6) },
  suggestMs: { p50: percentile(suggestMs, 50), p95: percentile(suggestMs, 95) },
  burst: {
    photos: burst,
    totalMs: burstMs,
    firstDoneMs: Math.round(finished[0] ?? 0),
    lastDoneMs: Math.round(finished.at(-1) ?? 0),
  },
  suggestions: {
    made: suggestions.length,
    correct,
    confident: suggestions.filter((s) => s.confident).length,
    distances: suggestions.map((s) => s.distance),
  },
  tensorsAfter: info.tensors,
  rssMiB: { before: rssBefore, after: rssMiB() },
};
console.log(JSON.stringify(result, null, 2));
console.log(`saved ${saveResults(tiny ? 'faces-tiny' : 'faces', result)}`);
