/**
 * The timetable solver's thread (see modules/timetable/runner.ts). A search holds its thread for its
 * whole time limit, so it runs here, never on the server's main thread. Plain JavaScript that loads the
 * TypeScript solver through tsx, so it starts the same under tsx, Vitest and plain Node.
 *
 * workerData: { instance, options: { timeLimitMs, seed, keepInitial }, initial, pinned: number[], stop: SharedArrayBuffer }.
 * Messages out: { type: 'progress', progress } (at most every 250 ms and at the end) and { type: 'done', result }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { solve } = await tsImport('./solver/solve.ts', import.meta.url);
const stop = new Int32Array(workerData.stop);
let last = 0;
const result = solve(workerData.instance, {
  timeLimitMs: workerData.options.timeLimitMs,
  seed: workerData.options.seed,
  keepInitial: workerData.options.keepInitial,
  initial: workerData.initial ?? undefined,
  pinned: new Set(workerData.pinned),
  shouldStop: () => Atomics.load(stop, 0) === 1,
  onProgress: (progress) => {
    const now = performance.now();
    if (now - last < 250) return;
    last = now;
    parentPort?.postMessage({ type: 'progress', progress });
  },
});
parentPort?.postMessage({ type: 'done', result });
