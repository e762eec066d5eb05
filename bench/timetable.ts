/**
 * The timetable solver's figures (issue 28), on one core of this machine, in process (no server):
 *
 *   npm run bench:timetable [-- --seconds 60 --seed 7]
 *
 * 1. A generated school of 20 classes, 25 teachers, 10 shared rooms (music, gym, art, labs, …; each
 *    class also has its own classroom), 30 periods a week and 600 lessons (every period of every class
 *    taught), with a timetable planted in it so that one without hard conflicts exists: the time to the
 *    first timetable without hard conflicts, and the soft cost after `--seconds` (60).
 * 2. The school-timetabling quickstart's demo data of Timefold (OptaPlanner's successor), rebuilt as data
 *    in apps/server/src/timetable/solver/instances.ts: small (10 timeslots, 3 rooms, 20 lessons)
 *    and large (25 timeslots, 6 rooms, 100 lessons), each given 30 s: the time to zero hard conflicts.
 * Each figure is the median of 3 seeds; every answer is checked by the plain checker.
 */
import { generatedInstance, quickstartInstance } from '../apps/server/src/timetable/solver/instances.js';
import { hardCount } from '../apps/server/src/timetable/solver/model.js';
import { solve } from '../apps/server/src/timetable/solver/solve.js';
import { arg, machine, saveResults } from './lib.js';

const SECONDS = arg('seconds', 60);
const SEED = arg('seed', 7);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const generated: { seed: number; firstFeasibleMs: number | null; softAtEnd: number; hard: number; iterations: number }[] = [];
for (const seed of [SEED, SEED + 1, SEED + 2]) {
  const instance = generatedInstance({ groups: 20, teachers: 25, rooms: 10, days: 5, perDay: 6, fill: 1, shared: 0.3, seed });
  const result = solve(instance, { timeLimitMs: SECONDS * 1000, seed });
  const hard = hardCount(instance, result.assignment);
  generated.push({
    seed,
    firstFeasibleMs: result.firstFeasibleMs,
    softAtEnd: result.bestSoft,
    hard,
    iterations: result.iterations,
  });
  console.log(
    `generated (600 lessons, seed ${seed}): first without hard conflicts ${result.firstFeasibleMs === null ? 'never' : `${(result.firstFeasibleMs / 1000).toFixed(2)} s`}; after ${SECONDS} s hard ${hard}, soft ${result.bestSoft} (${result.iterations} moves)`,
  );
}

const quickstart: Record<string, { seed: number; zeroHardMs: number | null; hard: number }[]> = {};
for (const size of ['small', 'large'] as const) {
  quickstart[size] = [];
  for (const seed of [SEED, SEED + 1, SEED + 2]) {
    const instance = quickstartInstance(size);
    const result = solve(instance, { timeLimitMs: 30_000, stopAtFeasible: true, seed });
    const hard = hardCount(instance, result.assignment);
    quickstart[size]?.push({ seed, zeroHardMs: hard === 0 ? result.firstFeasibleMs : null, hard });
    console.log(
      `quickstart ${size} (${instance.lessons.length} lessons, ${instance.periods.length} timeslots, ${instance.rooms.length} rooms, seed ${seed}): ${hard === 0 ? `zero hard conflicts in ${(result.firstFeasibleMs ?? 0).toFixed(1)} ms` : `${hard} hard conflicts left after 30 s`}`,
    );
  }
}

const summary = {
  generated: {
    firstFeasibleMedianMs: median(generated.map((g) => g.firstFeasibleMs ?? Number.POSITIVE_INFINITY)),
    softAfterMedian: median(generated.map((g) => g.softAtEnd)),
    seconds: SECONDS,
  },
  quickstartSmallMedianMs: median((quickstart.small ?? []).map((q) => q.zeroHardMs ?? Number.POSITIVE_INFINITY)),
  quickstartLargeMedianMs: median((quickstart.large ?? []).map((q) => q.zeroHardMs ?? Number.POSITIVE_INFINITY)),
};
console.log(JSON.stringify(summary));
console.log(saveResults('timetable', { machine: machine(), summary, generated, quickstart }));
