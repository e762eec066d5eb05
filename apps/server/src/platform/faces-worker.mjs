/**
 * The face engine's inference thread (see faces.ts). TensorFlow.js's WebAssembly kernels run
 * synchronously: on the server's main thread one photo held every other request for up to 0.8 s, so the
 * models live here and the main thread only decodes images (sharp, off the event loop) and queues work.
 * Plain JavaScript, so it starts the same under tsx, Vitest and plain Node.
 *
 * Messages in: { id, type: 'info' } and { id, type: 'detect', pixels: ArrayBuffer (RGB), width, height,
 * withDescriptors }. Answers: { id, ok: true, result } or { id, ok: false, message }.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
/** @type {{ backend: 'wasm' | 'cpu', detector: 'ssd' | 'tiny', minConfidence: number }} */
const config = workerData;

/** @type {Promise<{ api: any, loadMs: number }> | undefined} */
let loading;

function load() {
  loading ??= (async () => {
    const started = performance.now();
    // The package's Node entry wants tfjs-node (native binaries); this build runs on tfjs with the
    // WebAssembly backend, both required from node_modules, so it shares their single instance.
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
    const { tf } = api;
    if (config.backend === 'wasm') {
      const wasmDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
      // A folder path with the platform's fetch off: Emscripten reads the .wasm file with fs, nothing is downloaded.
      tf.setWasmPaths(`${wasmDir}${path.sep}`, false);
    }
    if (!(await tf.setBackend(config.backend))) throw new Error(`the ${config.backend} backend of TensorFlow.js did not start`);
    await tf.ready();
    const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await (config.detector === 'ssd' ? api.nets.ssdMobilenetv1 : api.nets.tinyFaceDetector).loadFromDisk(modelDir);
    await api.nets.faceLandmark68Net.loadFromDisk(modelDir);
    await api.nets.faceRecognitionNet.loadFromDisk(modelDir);
    return { api, loadMs: performance.now() - started };
  })();
  // A failed load is tried again by the next message rather than remembered.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

async function info() {
  const { api, loadMs } = await load();
  return {
    backend: api.tf.getBackend(),
    detector: config.detector,
    loadMs: Math.round(loadMs),
    tensors: api.tf.memory().numTensors,
  };
}

/** Boxes in pixels of the decoded image, as the detector gives them; faces.ts turns them into fractions. */
async function detect({ pixels, width, height, withDescriptors }) {
  const { api } = await load();
  const input = api.tf.tensor3d(new Uint8Array(pixels), [height, width, 3], 'int32');
  try {
    const options =
      config.detector === 'ssd'
        ? new api.SsdMobilenetv1Options({ minConfidence: config.minConfidence, maxResults: 100 })
        : new api.TinyFaceDetectorOptions({ inputSize: 608, scoreThreshold: config.minConfidence });
    const plain = (d) => ({ x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height, score: d.score });
    if (!withDescriptors) {
      const found = await api.detectAllFaces(input, options);
      return found.map((d) => ({ ...plain(d), descriptor: null }));
    }
    const found = await api.detectAllFaces(input, options).withFaceLandmarks().withFaceDescriptors();
    return found.map((f) => ({ ...plain(f.detection), descriptor: Array.from(f.descriptor) }));
  } finally {
    input.dispose();
  }
}

parentPort?.on('message', async (message) => {
  try {
    const result = message.type === 'info' ? await info() : await detect(message);
    parentPort?.postMessage({ id: message.id, ok: true, result });
  } catch (err) {
    parentPort?.postMessage({ id: message.id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
