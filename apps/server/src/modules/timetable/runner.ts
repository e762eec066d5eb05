import { Worker } from 'node:worker_threads';
import type { Assignment, Instance } from '../../timetable/solver/model.js';
import type { SolveProgress, SolveResult } from '../../timetable/solver/solve.js';

/*
 * One search on its own thread (`timetable/solver-worker.mjs`): the server's main thread keeps answering
 * while the solver holds a core for its whole time limit. Stopping sets a shared flag the solver reads
 * between moves, so a stop answers the best timetable found so far within milliseconds.
 */

export interface SearchInput {
  instance: Instance;
  timeLimitMs: number;
  seed: number;
  initial: Assignment | null;
  pinned: number[];
  keepInitial: boolean;
}

export interface Search {
  result: Promise<SolveResult>;
  stop(): void;
}

export function startSearch(input: SearchInput, onProgress: (p: SolveProgress) => void): Search {
  const stop = new SharedArrayBuffer(4);
  const flag = new Int32Array(stop);
  const worker = new Worker(new URL('../../timetable/solver-worker.mjs', import.meta.url), {
    workerData: {
      instance: input.instance,
      options: { timeLimitMs: input.timeLimitMs, seed: input.seed, keepInitial: input.keepInitial },
      initial: input.initial,
      pinned: input.pinned,
      stop,
    },
  });
  const result = new Promise<SolveResult>((resolve, reject) => {
    let settled = false;
    worker.on('message', (message: { type: string; progress?: SolveProgress; result?: SolveResult }) => {
      if (message.type === 'progress' && message.progress) onProgress(message.progress);
      if (message.type === 'done' && message.result) {
        settled = true;
        resolve(message.result);
        void worker.terminate();
      }
    });
    worker.on('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`The solver stopped (exit ${code})`));
    });
  });
  return {
    result,
    stop: () => {
      Atomics.store(flag, 0, 1);
    },
  };
}
