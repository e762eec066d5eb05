import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ERROR_CODES } from '@cue/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIDENT_THRESHOLD,
  distance,
  FaceEngine,
  type FoundFace,
  MATCH_THRESHOLD,
  type ReferenceSet,
  suggest,
} from '../src/platform/faces.js';

const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const sample = (n: number) => fs.readFileSync(path.join(demo, `sample${n}.jpg`));

// Crops of sample1.jpg (1920 x 1280, three women side by side) holding one face each, with room around it.
const RIGHT_WOMAN = { left: 1274, top: 31, width: 606, height: 624 };
const LEFT_WOMAN = { left: 237, top: 186, width: 530, height: 622 };
const crop = (region: typeof RIGHT_WOMAN) => sharp(sample(1)).extract(region).png().toBuffer();

const SLOW = 120_000;
const engine = FaceEngine.shared();

const inUnit = (f: FoundFace) => {
  const { x, y, width, height } = f.box;
  for (const v of [x, y, width, height, x + width, y + height]) {
    expect(v).toBeGreaterThanOrEqual(0);
    expect(v).toBeLessThanOrEqual(1);
  }
  expect(width).toBeGreaterThan(0);
  expect(height).toBeGreaterThan(0);
};

describe('suggest', () => {
  const v = (...head: number[]) => [...head, ...new Array(128 - head.length).fill(0)];

  it('assigns each child at most once and each face at most once, closest pairs first', () => {
    const faces = [{ descriptor: v(0.1) }, { descriptor: v(0.2) }, { descriptor: v(0, 0.3) }];
    const refs: ReferenceSet[] = [
      { studentId: 'a', descriptors: [v(0)] }, // 0.1 from face 0, 0.2 from face 1
      { studentId: 'b', descriptors: [v(0.5)] }, // 0.4 from face 0, 0.3 from face 1
    ];
    const out = suggest(faces, refs);
    expect(out).toEqual([
      { face: 0, studentId: 'a', distance: 0.1, confident: true },
      { face: 1, studentId: 'b', distance: 0.3, confident: true },
    ]);
    // Child a is the nearest to face 2 as well (0.3), but already has face 0.
    expect(out.filter((s) => s.studentId === 'a')).toHaveLength(1);
  });

  it('uses the nearest of a child’s references, suggests nothing past the threshold, skips faces without descriptors', () => {
    const faces = [{ descriptor: null }, { descriptor: v(1) }, { descriptor: v(0, 0, 1) }];
    const refs: ReferenceSet[] = [
      { studentId: 'a', descriptors: [v(5), v(1 + (MATCH_THRESHOLD + CONFIDENT_THRESHOLD) / 2)] },
      { studentId: 'b', descriptors: [v(0, 0, 1 + MATCH_THRESHOLD * 1.001)] },
      { studentId: 'c', descriptors: [] },
    ];
    const out = suggest(faces, refs);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ face: 1, studentId: 'a', confident: false });
    expect(out[0]?.distance).toBeCloseTo((MATCH_THRESHOLD + CONFIDENT_THRESHOLD) / 2, 4);
  });

  it('distance is euclidean and refuses descriptors of different lengths', () => {
    expect(distance([0, 3], [4, 0])).toBe(5);
    expect(() => distance([0], [0, 1])).toThrow();
  });
});

describe('FaceEngine (real models, sample photos)', () => {
  let tensorsAtStart = 0;
  beforeAll(async () => {
    const info = await engine.info();
    expect(info.backend).toBe('wasm');
    tensorsAtStart = info.tensors;
  }, SLOW);

  it(
    'finds the one face of a single-person photo, its box within the image',
    async () => {
      const faces = await engine.detect(await crop(RIGHT_WOMAN), { withDescriptors: true });
      expect(faces).toHaveLength(1);
      const [face] = faces as [FoundFace];
      inUnit(face);
      expect(face.score).toBeGreaterThan(0.9);
      expect(face.descriptor).toHaveLength(128);
      // The face is in the middle third of the crop, as cut.
      expect(face.box.x + face.box.width / 2).toBeGreaterThan(0.33);
      expect(face.box.x + face.box.width / 2).toBeLessThan(0.67);
    },
    SLOW,
  );

  it(
    'matches a face to itself re-encoded and resized, and puts another person farther',
    async () => {
      const original = await crop(RIGHT_WOMAN);
      const reencoded = await sharp(original).resize(300).jpeg({ quality: 55 }).toBuffer();
      const [a] = await engine.detect(original, { withDescriptors: true });
      const [b] = await engine.detect(reencoded, { withDescriptors: true });
      const [other] = await engine.detect(await crop(LEFT_WOMAN), { withDescriptors: true });
      if (!a?.descriptor || !b?.descriptor || !other?.descriptor) throw new Error('a face was not found');
      const same = distance(a.descriptor, b.descriptor);
      const different = distance(a.descriptor, other.descriptor);
      expect(same).toBeLessThan(MATCH_THRESHOLD);
      expect(different).toBeGreaterThan(MATCH_THRESHOLD);
      expect(suggest([b], [{ studentId: 'other', descriptors: [other.descriptor] }])).toEqual([]);
      expect(suggest([b], [{ studentId: 'same', descriptors: [a.descriptor] }])).toMatchObject([{ face: 0, studentId: 'same' }]);
    },
    SLOW,
  );

  it(
    'applies EXIF orientation before detecting (boxes are in the upright image)',
    async () => {
      // The right-hand face near the top-left corner of a tall crop, so a turned image would move it.
      const upright = await crop({ left: 1420, top: 150, width: 500, height: 900 });
      // Pixels stored turned a quarter left, with the tag that tells viewers to turn them back.
      const sideways = await sharp(upright).rotate(270).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
      expect((await sharp(sideways).metadata()).orientation).toBe(6);
      const [u] = await engine.detect(upright, { withDescriptors: false });
      const [s] = await engine.detect(sideways, { withDescriptors: false });
      if (!u || !s) throw new Error('a face was not found');
      expect(u.box.x).toBeLessThan(0.4);
      expect(u.box.y).toBeLessThan(0.3);
      expect(Math.abs(u.box.x - s.box.x)).toBeLessThan(0.05);
      expect(Math.abs(u.box.y - s.box.y)).toBeLessThan(0.05);
    },
    SLOW,
  );

  it(
    'in a photo of five people, a child whose references match two faces is suggested for one',
    async () => {
      const faces = await engine.detect(sample(5), { withDescriptors: true });
      expect(faces).toHaveLength(5);
      for (const f of faces) inUnit(f);
      const d = (i: number) => faces[i]?.descriptor as number[];
      const refs: ReferenceSet[] = [
        { studentId: 'twice', descriptors: [d(0), d(1)] },
        { studentId: 'once', descriptors: [d(2)] },
      ];
      const out = suggest(faces, refs);
      expect(out.filter((s) => s.studentId === 'twice')).toHaveLength(1);
      expect(out.find((s) => s.studentId === 'once')).toMatchObject({ face: 2, distance: 0, confident: true });
      expect(new Set(out.map((s) => s.face)).size).toBe(out.length);
      // Faces 3 and 4 are other people: nothing is suggested for them.
      expect(out.every((s) => s.face <= 2)).toBe(true);
    },
    SLOW,
  );

  it(
    'detects without descriptors when they are not asked for',
    async () => {
      const faces = await engine.detect(sample(1), { withDescriptors: false, maxSide: 800 });
      expect(faces).toHaveLength(3);
      for (const f of faces) {
        expect(f.descriptor).toBeNull();
        inUnit(f);
      }
    },
    SLOW,
  );

  it(
    'rejects an unreadable image with NOT_AN_IMAGE and keeps working',
    async () => {
      await expect(engine.detect(Buffer.from('not an image at all'), { withDescriptors: true })).rejects.toMatchObject({
        status: 400,
        code: ERROR_CODES.notAnImage,
      });
      const truncated = sample(2).subarray(0, 2000);
      await expect(engine.detect(truncated, { withDescriptors: true })).rejects.toMatchObject({ code: ERROR_CODES.notAnImage });
      expect(await engine.detect(await crop(LEFT_WOMAN), { withDescriptors: false })).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'leaves the event loop free while a photo is read (inference runs in its own thread)',
    async () => {
      const photo = sample(5);
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      for (let i = 0; i < 2; i++) expect(await engine.detect(photo, { withDescriptors: true })).toHaveLength(5);
      delay.disable();
      // On the main thread the same work held the loop for 0.8 s at a time.
      expect(delay.max / 1e6).toBeLessThan(250);
    },
    SLOW,
  );

  it(
    'answers calls made at once, the same face the same way, and leaks no tensors',
    async () => {
      const image = await crop(LEFT_WOMAN);
      const results = await Promise.all([1, 2, 3].map(() => engine.detect(image, { withDescriptors: true })));
      for (const r of results) expect(r).toHaveLength(1);
      // Same input, same order of work: the same descriptor each time.
      expect(distance(results[0]?.[0]?.descriptor as number[], results[2]?.[0]?.descriptor as number[])).toBeLessThan(1e-5);
      expect((await engine.info()).tensors).toBe(tensorsAtStart);
    },
    SLOW,
  );

  it(
    'stops its thread when idle and starts it again for the next photo',
    async () => {
      const idle = new FaceEngine({ idleMs: 100 });
      expect(idle.running).toBe(false);
      const image = await crop(LEFT_WOMAN);
      expect(await idle.detect(image, { withDescriptors: false })).toHaveLength(1);
      expect(idle.running).toBe(true);
      await new Promise((r) => setTimeout(r, 400));
      expect(idle.running).toBe(false);
      expect(await idle.detect(image, { withDescriptors: false })).toHaveLength(1);
      await idle.close();
      expect(idle.running).toBe(false);
    },
    SLOW,
  );
});
