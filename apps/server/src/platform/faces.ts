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
import { createRequire } from 'node:module';
import path from 'node:path';
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

// The few parts of face-api and TensorFlow.js used here. The package's own typings bundle all of
// TensorFlow's; these keep the engine's surface explicit.
interface Tensor3D {
  dispose(): void;
}
interface Tf {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor3D;
  memory(): { numTensors: number };
  env(): { set(flag: string, value: unknown): void };
}
interface Net {
  loadFromDisk(dir: string): Promise<void>;
}
interface Detection {
  score: number;
  box: { x: number; y: number; width: number; height: number };
}
interface DetectTask extends PromiseLike<Detection[]> {
  withFaceLandmarks(): { withFaceDescriptors(): PromiseLike<{ detection: Detection; descriptor: Float32Array }[]> };
}
interface FaceApi {
  tf: Tf & { setWasmPaths(prefix: string, usePlatformFetch?: boolean): void };
  nets: { ssdMobilenetv1: Net; tinyFaceDetector: Net; faceLandmark68Net: Net; faceRecognitionNet: Net };
  SsdMobilenetv1Options: new (opts: { minConfidence: number; maxResults: number }) => unknown;
  TinyFaceDetectorOptions: new (opts: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(input: Tensor3D, options: unknown): DetectTask;
}

export interface EngineInfo {
  backend: string;
  detector: 'ssd' | 'tiny';
  loadMs: number;
  tensors: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

export class FaceEngine {
  private static instance: FaceEngine | undefined;
  private loading: Promise<{ api: FaceApi; loadMs: number }> | undefined;
  /** The tail of the inference queue: one photo at a time in this process. */
  private tail: Promise<unknown> = Promise.resolve();

  /** Loads models lazily on first use; one inference at a time per process (a queue), so a burst of uploads does not take every core. */
  static shared(): FaceEngine {
    FaceEngine.instance ??= new FaceEngine();
    return FaceEngine.instance;
  }

  private readonly backend: 'wasm' | 'cpu';
  private readonly detector: 'ssd' | 'tiny';

  /**
   * `backend`: `wasm` (the default; one thread, SIMD) or `cpu` (TensorFlow.js in plain JavaScript, about
   * 25 times slower, decision 29), for a machine where WebAssembly cannot start. `detector`: `ssd` (SSD
   * MobileNet v1, the default) or `tiny` (Tiny Face Detector: about a third faster with descriptors, but
   * it missed 3 of the samples' 22 faces; kept for the benchmark's comparison).
   */
  constructor(opts: { backend?: 'wasm' | 'cpu'; detector?: 'ssd' | 'tiny' } = {}) {
    this.backend = opts.backend ?? 'wasm';
    this.detector = opts.detector ?? 'ssd';
  }

  private load(): Promise<{ api: FaceApi; loadMs: number }> {
    this.loading ??= (async () => {
      const started = performance.now();
      const require = createRequire(import.meta.url);
      // The package's Node entry wants tfjs-node (native binaries); this build runs on tfjs with the
      // WebAssembly backend, both required from node_modules, so it shares their single instance.
      const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
      const { tf } = api;
      if (this.backend === 'wasm') {
        const wasmDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
        // A folder path with the platform's fetch off: Emscripten reads the .wasm file with fs.
        tf.setWasmPaths(`${wasmDir}${path.sep}`, false);
      }
      if (!(await tf.setBackend(this.backend))) throw new Error(`the ${this.backend} backend of TensorFlow.js did not start`);
      await tf.ready();
      const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
      await (this.detector === 'ssd' ? api.nets.ssdMobilenetv1 : api.nets.tinyFaceDetector).loadFromDisk(modelDir);
      await api.nets.faceLandmark68Net.loadFromDisk(modelDir);
      await api.nets.faceRecognitionNet.loadFromDisk(modelDir);
      return { api, loadMs: performance.now() - started };
    })();
    // A failed load (a missing file) is tried again by the next call rather than remembered forever.
    this.loading.catch(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Runs `task` after every earlier one has finished, whatever their outcome. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** The backend, the models' load time and the tensors held (the models' weights once loaded; growth means a leak). */
  async info(): Promise<EngineInfo> {
    const { api, loadMs } = await this.load();
    return {
      backend: api.tf.getBackend(),
      detector: this.detector,
      loadMs: Math.round(loadMs),
      tensors: api.tf.memory().numTensors,
    };
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
        throw new AppError(400, 'The image could not be read', ERROR_CODES.notAnImage);
      }
      const { width, height, channels } = raw.info;
      if (channels !== 3) throw new AppError(400, 'The image could not be read', ERROR_CODES.notAnImage);
      const { api } = await this.load();
      const input = api.tf.tensor3d(raw.data, [height, width, 3], 'int32');
      try {
        const options =
          this.detector === 'ssd'
            ? new api.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE, maxResults: 100 })
            : new api.TinyFaceDetectorOptions({ inputSize: 608, scoreThreshold: MIN_CONFIDENCE });
        // The detector may reach past the edges for a face cut by the frame: clamp both corners.
        const toBox = (d: Detection): FaceBox => {
          const x0 = clamp01(d.box.x / width);
          const y0 = clamp01(d.box.y / height);
          const x1 = clamp01((d.box.x + d.box.width) / width);
          const y1 = clamp01((d.box.y + d.box.height) / height);
          return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
        };
        if (!opts.withDescriptors) {
          const found = await api.detectAllFaces(input, options);
          return found.map((d) => ({ box: toBox(d), score: d.score, descriptor: null }));
        }
        const found = await api.detectAllFaces(input, options).withFaceLandmarks().withFaceDescriptors();
        return found.map((f) => ({ box: toBox(f.detection), score: f.detection.score, descriptor: Array.from(f.descriptor) }));
      } finally {
        input.dispose();
      }
    });
  }
}
