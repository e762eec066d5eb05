/**
 * The offline face engine of the class gallery: face detection (SSD MobileNet v1), 68 face landmarks
 * and the 128-number face descriptor of face-api, on TensorFlow.js's WebAssembly backend. Everything
 * runs in this process from files on disk: the models ship in `@vladmandic/face-api/model` and the
 * WebAssembly binaries in `@tensorflow/tfjs-backend-wasm/dist`; nothing is fetched.
 *
 * What the rest of the server must keep to (decision 29): descriptors of the faces in a photo live only
 * in memory, to be compared with the class's reference faces, and are then dropped; only a reference face
 * a person confirmed is stored. Who may be compared is the caller's rule: the references handed to
 * `suggest` are those of the photo's class and of children with biometric consent only, and a child
 * without it is only ever detected (`withDescriptors: false` is enough to blur a face).
 */
import { Worker } from 'node:worker_threads';
import { ERROR_CODES } from '@cue/contract';
import sharp, { type OutputInfo } from 'sharp';
import { AppError } from './errors.js';

/** Where a face is, as fractions 0..1 of the image with its EXIF orientation applied. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface FoundFace {
  box: FaceBox;
  /** The detector's confidence, 0..1. */
  score: number;
  /** The face's 128-number descriptor, or null when descriptors were not asked for. */
  descriptor: number[] | null;
}
/** A child's confirmed reference faces. */
export interface ReferenceSet {
  studentId: string;
  descriptors: number[][];
}
export interface Suggestion {
  /** Index of the face in the list handed to `suggest`. */
  face: number;
  studentId: string;
  /** Distance to the child's nearest reference face. */
  distance: number;
  /** Close enough to offer as a one-click confirmation. */
  confident: boolean;
}

/**
 * Below this euclidean distance a face may be suggested. face-api's usual figure is 0.6, but on the
 * package's sample photos two different people standing in the same photo came as close as 0.46, while
 * the same face re-encoded, resized or cropped stayed under 0.35 (decision 29 has the figures). A missed
 * suggestion costs a manual tag; a wrong one shows a child's name on another child's face, so the line is
 * drawn below the closest strangers. A person confirms every tag anyway.
 */
export const MATCH_THRESHOLD = 0.45;
/** Below this the suggestion is shown for one-click confirmation; between the two it is only offered. */
export const CONFIDENT_THRESHOLD = 0.35;
/** Images are scaled down to this longer side before inference: the detector is no better on more pixels, only slower. */
export const DEFAULT_MAX_SIDE = 1024;
/** The detector's minimum confidence for a face. */
const MIN_CONFIDENCE = 0.5;

export function distance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`descriptors of different lengths (${a.length}, ${b.length})`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/**
 * The best one-to-one assignment of faces to children: each child's distance to a face is that of their
 * nearest reference; pairs below MATCH_THRESHOLD are taken greedily from the closest, so no child is
 * suggested twice in one photo and no face gets two children. Faces without a descriptor are skipped.
 * Sorted by face.
 */
export function suggest(faces: readonly { descriptor: number[] | null }[], refs: readonly ReferenceSet[]): Suggestion[] {
  const pairs: { face: number; studentId: string; distance: number }[] = [];
  faces.forEach((face, index) => {
    if (!face.descriptor) return;
    for (const ref of refs) {
      let best = Number.POSITIVE_INFINITY;
      for (const d of ref.descriptors) {
        if (d.length !== face.descriptor.length) continue;
        best = Math.min(best, distance(face.descriptor, d));
      }
      if (best < MATCH_THRESHOLD) pairs.push({ face: index, studentId: ref.studentId, distance: best });
    }
  });
  // Ties broken by face then child, so the same photo always gets the same suggestions.
  pairs.sort((a, b) => a.distance - b.distance || a.face - b.face || a.studentId.localeCompare(b.studentId));
  const takenFaces = new Set<number>();
  const takenStudents = new Set<string>();
  const out: Suggestion[] = [];
  for (const p of pairs) {
    if (takenFaces.has(p.face) || takenStudents.has(p.studentId)) continue;
    takenFaces.add(p.face);
    takenStudents.add(p.studentId);
    out.push({ ...p, distance: Number(p.distance.toFixed(4)), confident: p.distance < CONFIDENT_THRESHOLD });
  }
  return out.sort((a, b) => a.face - b.face);
}

export interface EngineInfo {
  backend: string;
  detector: 'ssd' | 'tiny';
  loadMs: number;
  /** Tensors held by the inference thread: the models' weights once loaded; growth means a leak. */
  tensors: number;
}

interface RawFace {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
  descriptor: number[] | null;
}
type WorkerRequest =
  | { type: 'info' }
  | { type: 'detect'; pixels: ArrayBuffer; width: number; height: number; withDescriptors: boolean };
type WorkerAnswer = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const unreadable = () => new AppError(400, 'The image could not be read', ERROR_CODES.notAnImage);

/**
 * The engine: images are decoded here (sharp works off the event loop), inference runs in one worker
 * thread (`faces-worker.mjs`) started on first use, because TensorFlow.js's WebAssembly kernels are
 * synchronous and would hold the server's event loop for the whole photo. Calls are queued: one photo at a
 * time per engine, so a burst of uploads takes one core, not all of them.
 */
export class FaceEngine {
  private static instance: FaceEngine | undefined;
  private readonly backend: 'wasm' | 'cpu';
  private readonly detector: 'ssd' | 'tiny';
  private readonly idleMs: number;
  private idleTimer: NodeJS.Timeout | undefined;
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** The tail of the queue. */
  private tail: Promise<unknown> = Promise.resolve();

  /** Loads models lazily on first use; one inference at a time per process (a queue), so a burst of uploads does not take every core. */
  static shared(): FaceEngine {
    FaceEngine.instance ??= new FaceEngine();
    return FaceEngine.instance;
  }

  /**
   * `backend`: `wasm` (the default; one thread, SIMD) or `cpu` (TensorFlow.js in plain JavaScript, about
   * 25 times slower, decision 29), for a machine where WebAssembly cannot start. `detector`: `ssd` (SSD
   * MobileNet v1, the default) or `tiny` (Tiny Face Detector: faster, but it missed 3 of the samples' 22
   * faces; kept for the benchmark's comparison). `idleMs`: the thread (about 450 MB with its models) is
   * stopped after this long without work and started again, in about half a second, by the next photo.
   */
  constructor(opts: { backend?: 'wasm' | 'cpu'; detector?: 'ssd' | 'tiny'; idleMs?: number } = {}) {
    this.backend = opts.backend ?? 'wasm';
    this.detector = opts.detector ?? 'ssd';
    this.idleMs = opts.idleMs ?? 5 * 60_000;
  }

  /** Whether the inference thread is up (its models in memory). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./faces-worker.mjs', import.meta.url), {
      workerData: { backend: this.backend, detector: this.detector, minConfidence: MIN_CONFIDENCE },
    });
    worker.on('message', (answer: WorkerAnswer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.result);
      else waiting.reject(new Error(`face engine: ${answer.message}`));
      // Idle: the thread must not keep the process alive (a test run, a script, a shutdown), and gives
      // its memory back if nothing comes for a while.
      if (this.pending.size === 0) {
        worker.unref();
        clearTimeout(this.idleTimer);
        this.idleTimer = setTimeout(() => {
          if (this.pending.size === 0) void this.close();
        }, this.idleMs).unref();
      }
    });
    // A thread that dies (out of memory, a bug in a kernel) fails what it held; the next call starts a new one.
    const fail = (err: Error) => {
      // A thread stopped when idle may exit after the next one has started: what waits is the new one's.
      if (this.worker !== undefined && this.worker !== worker) return;
      this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`face engine thread exited with ${code}`)));
    this.worker = worker;
    return worker;
  }

  private call<T>(request: WorkerRequest): Promise<T> {
    const worker = this.thread();
    const id = this.nextId++;
    clearTimeout(this.idleTimer);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, ...request }, request.type === 'detect' ? [request.pixels] : []);
    });
  }

  /** Runs `task` after every earlier one has finished, whatever their outcome. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** The backend, the models' load time and the tensors held. Loads the models when they are not yet. */
  info(): Promise<EngineInfo> {
    return this.enqueue(() => this.call<EngineInfo>({ type: 'info' }));
  }

  /**
   * Faces in an image (JPEG/PNG/WebP/AVIF/TIFF, HEIC where sharp's libvips reads it), EXIF orientation
   * applied; descriptors only when `withDescriptors`. Rejects with NOT_AN_IMAGE (400) when the bytes are
   * not an image sharp can decode.
   */
  detect(image: Buffer, opts: { withDescriptors: boolean; maxSide?: number }): Promise<FoundFace[]> {
    const maxSide = opts.maxSide ?? DEFAULT_MAX_SIDE;
    // Decoding runs in the queue too: a burst of uploads then holds one decoded image at a time.
    return this.enqueue(async () => {
      let raw: { data: Buffer; info: OutputInfo };
      try {
        raw = await sharp(image, { animated: false })
          .rotate()
          .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
          .removeAlpha()
          .toColourspace('srgb')
          .raw()
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw unreadable();
      }
      const { width, height, channels } = raw.info;
      if (channels !== 3) throw unreadable();
      // A copy of exactly the pixels, handed over to the thread rather than copied again.
      const pixels = raw.data.buffer.slice(raw.data.byteOffset, raw.data.byteOffset + raw.data.byteLength) as ArrayBuffer;
      const faces = await this.call<RawFace[]>({ type: 'detect', pixels, width, height, withDescriptors: opts.withDescriptors });
      // The detector may reach past the edges for a face cut by the frame: clamp both corners.
      return faces.map((f) => {
        const x0 = clamp01(f.x / width);
        const y0 = clamp01(f.y / height);
        const x1 = clamp01((f.x + f.width) / width);
        const y1 = clamp01((f.y + f.height) / height);
        return { box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, score: f.score, descriptor: f.descriptor };
      });
    });
  }

  /** Stops the inference thread (at shutdown); a later call starts it again. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
