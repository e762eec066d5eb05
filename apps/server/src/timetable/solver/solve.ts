import { type Assignment, HOME_ROOM, type Instance, nextPeriods, occupied, type Pinned, roomFits } from './model.js';

/*
 * The solver: a greedy start (hardest lessons first, each to its cheapest place), then late acceptance
 * hill climbing over three moves (a lesson to another period and room, a lesson to another room, two
 * lessons of one class trading periods), scored lexicographically as (hard, soft) through a weight. Hard
 * and soft costs are kept up to date move by move: counters per teacher, class and room and period for the
 * clashes, and the soft costs of the few (class, day) and (teacher, day) pairs a move touches, recomputed.
 * The best timetable seen is kept; a solve can be stopped at any time and answers it.
 */

export const SOFT_WEIGHTS = {
  /** A class having the same subject more than once a day, per extra lesson. */
  sameSubjectDay: 3,
  /** An empty period between two of a teacher's lessons on a day. */
  teacherGap: 1,
  /** A teacher changing rooms between two lessons that follow each other on a day. */
  roomChange: 1,
  /** A subject the school wants in the morning placed in the afternoon. */
  afternoon: 2,
  /** A teacher teaching in a period they would rather keep free. */
  preferredFree: 1,
  /** A repair moving a lesson from where it was. */
  moved: 2,
} as const;

const HARD = 100_000;

export interface SolveOptions {
  /** Stop after this many milliseconds. */
  timeLimitMs: number;
  /** Stop once a timetable without hard conflicts is found (the first answer). */
  stopAtFeasible?: boolean;
  /** Start from here (a saved timetable, or the one being repaired). */
  initial?: Assignment;
  /** Lessons that must stay where `initial` has them. */
  pinned?: Pinned;
  /** Penalize moving lessons away from `initial` (a repair keeps the rest as it was). */
  keepInitial?: boolean;
  /** A seed for the random choices (the same seed and instance give the same search). */
  seed?: number;
  /** Told now and then, and at every new best. */
  onProgress?: (p: SolveProgress) => void;
  /** Checked now and then: true stops the search, which answers the best so far. */
  shouldStop?: () => boolean;
  now?: () => number;
}

export interface SolveProgress {
  elapsedMs: number;
  iterations: number;
  hard: number;
  soft: number;
  bestHard: number;
  bestSoft: number;
  /** When the first timetable without hard conflicts was found (ms from the start), or null. */
  firstFeasibleMs: number | null;
}

export interface SolveResult extends SolveProgress {
  assignment: Assignment;
  stopped: 'time' | 'feasible' | 'asked';
}

/** A small fast seeded random generator (mulberry32). */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function solve(instance: Instance, options: SolveOptions): SolveResult {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const rnd = random(options.seed ?? 1);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const { periods, lessons, rooms, teachers, groups, subjects } = instance;
  const P = periods.length;
  const L = lessons.length;
  const next = nextPeriods(periods);
  const days = [...new Set(periods.map((p) => p.day))].sort((a, b) => a - b);
  const D = (days.at(-1) ?? 0) + 1;
  // The position of each period within its day, by start time.
  const ordinal = new Array<number>(P).fill(0);
  for (const d of days) {
    const ofDay = periods.map((p, i) => ({ p, i })).filter((x) => x.p.day === d);
    ofDay.sort((a, b) => a.p.start - b.p.start);
    ofDay.forEach((x, k) => {
      ordinal[x.i] = k;
    });
  }
  const dayOf = periods.map((p) => p.day);
  const afternoon = periods.map((p) => p.start >= instance.afternoonFrom);

  // Where each lesson may start and which rooms may hold it.
  const starts = lessons.map((lesson) => periods.map((_, p) => p).filter((p) => occupied(lesson, p, next).length > 0));
  const roomsOf = lessons.map((lesson) => [HOME_ROOM, ...rooms.map((_, r) => r)].filter((r) => roomFits(instance, lesson, r)));
  const byGroup = groups.map((_, g) => lessons.flatMap((lesson, l) => (lesson.group === g ? [l] : [])));
  const byTeacher = teachers.map((_, t) => lessons.flatMap((lesson, l) => (lesson.teacher === t ? [l] : [])));
  const tUnavailable = teachers.map((t) => new Set(t.unavailable));
  const gUnavailable = groups.map((g) => new Set(g.unavailable));
  const tPreferredFree = teachers.map((t) => new Set(t.preferredFree));

  const pinned = options.pinned ?? new Set<number>();
  const initial = options.initial;
  const period = initial ? [...initial.period] : new Array<number>(L).fill(-1);
  const room = initial ? [...initial.room] : new Array<number>(L).fill(-1);
  const origin = initial && options.keepInitial ? [...initial.period] : null;

  const tCnt = new Int32Array(teachers.length * P);
  const gCnt = new Int32Array(groups.length * P);
  const rCnt = new Int32Array(rooms.length * P);
  const tDay = new Int32Array(teachers.length * D);
  let hard = 0;

  /** Adds (sign 1) or removes (sign −1) a lesson at its current place; answers the change of the hard count. */
  const touch = (l: number, sign: 1 | -1): number => {
    const p = period[l] ?? -1;
    const r = room[l] ?? -1;
    const lesson = lessons[l];
    if (!lesson) return 0;
    if (p < 0 || r === -1) return 0;
    let delta = 0;
    const spots = occupied(lesson, p, next);
    if (spots.length === 0) return 0;
    const t = lesson.teacher;
    const g = lesson.group;
    const max = teachers[t]?.maxPerDay ?? 0;
    for (const s of spots) {
      const ti = t * P + s;
      const gi = g * P + s;
      const ri = r === HOME_ROOM ? -1 : r * P + s;
      if (sign === 1) {
        if ((tCnt[ti] ?? 0) >= 1) delta++;
        if ((gCnt[gi] ?? 0) >= 1) delta++;
        if (ri >= 0 && (rCnt[ri] ?? 0) >= 1) delta++;
      } else {
        if ((tCnt[ti] ?? 0) >= 2) delta--;
        if ((gCnt[gi] ?? 0) >= 2) delta--;
        if (ri >= 0 && (rCnt[ri] ?? 0) >= 2) delta--;
      }
      tCnt[ti] = (tCnt[ti] ?? 0) + sign;
      gCnt[gi] = (gCnt[gi] ?? 0) + sign;
      if (ri >= 0) rCnt[ri] = (rCnt[ri] ?? 0) + sign;
      if (tUnavailable[t]?.has(s)) delta += sign;
      if (gUnavailable[g]?.has(s)) delta += sign;
      const di = t * D + (dayOf[s] ?? 0);
      const before = tDay[di] ?? 0;
      tDay[di] = before + sign;
      if (max > 0) delta += Math.max(0, before + sign - max) - Math.max(0, before - max);
    }
    return delta;
  };

  // ------------------------------------------------------------------ soft costs
  const groupDayCost = (g: number, d: number): number => {
    const seen = new Map<number, number>();
    let cost = 0;
    for (const l of byGroup[g] ?? []) {
      const p = period[l] ?? -1;
      if (p < 0 || dayOf[p] !== d) continue;
      const subject = lessons[l]?.subject ?? 0;
      const n = (seen.get(subject) ?? 0) + 1;
      seen.set(subject, n);
      if (n > 1) cost += SOFT_WEIGHTS.sameSubjectDay;
    }
    return cost;
  };
  const teacherDayCost = (t: number, d: number): number => {
    const spots: { o: number; r: number }[] = [];
    for (const l of byTeacher[t] ?? []) {
      const p = period[l] ?? -1;
      if (p < 0 || dayOf[p] !== d) continue;
      const lesson = lessons[l];
      if (!lesson) continue;
      // A class's own room differs from class to class.
      const r = room[l] ?? -1;
      for (const s of occupied(lesson, p, next)) spots.push({ o: ordinal[s] ?? 0, r: r === HOME_ROOM ? -10 - lesson.group : r });
    }
    if (spots.length < 2) return 0;
    spots.sort((a, b) => a.o - b.o);
    let cost = 0;
    const first = spots[0]?.o ?? 0;
    const last = spots.at(-1)?.o ?? 0;
    const distinct = new Set(spots.map((s) => s.o)).size;
    cost += (last - first + 1 - distinct) * SOFT_WEIGHTS.teacherGap;
    for (let i = 1; i < spots.length; i++) {
      const a = spots[i - 1];
      const b = spots[i];
      if (a && b && b.o === a.o + 1 && a.r !== b.r) cost += SOFT_WEIGHTS.roomChange;
    }
    return cost;
  };
  const lessonCost = (l: number): number => {
    const p = period[l] ?? -1;
    const lesson = lessons[l];
    if (p < 0 || !lesson) return 0;
    let cost = 0;
    if (subjects[lesson.subject]?.morning && afternoon[p]) cost += SOFT_WEIGHTS.afternoon;
    for (const s of occupied(lesson, p, next)) if (tPreferredFree[lesson.teacher]?.has(s)) cost += SOFT_WEIGHTS.preferredFree;
    if (origin && origin[l] !== p) cost += SOFT_WEIGHTS.moved;
    return cost;
  };
  const totalSoft = (): number => {
    let s = 0;
    for (let g = 0; g < groups.length; g++) for (const d of days) s += groupDayCost(g, d);
    for (let t = 0; t < teachers.length; t++) for (const d of days) s += teacherDayCost(t, d);
    for (let l = 0; l < L; l++) s += lessonCost(l);
    return s;
  };
  /** The soft cost of what moving these lessons between these days can change. */
  const localSoft = (ls: readonly number[], ds: readonly number[]): number => {
    let s = 0;
    const gs = new Set(ls.map((l) => lessons[l]?.group ?? 0));
    const ts = new Set(ls.map((l) => lessons[l]?.teacher ?? 0));
    const dd = new Set(ds.filter((d) => d >= 0));
    for (const g of gs) for (const d of dd) s += groupDayCost(g, d);
    for (const t of ts) for (const d of dd) s += teacherDayCost(t, d);
    for (const l of ls) s += lessonCost(l);
    return s;
  };

  // ------------------------------------------------------------------ start
  for (let l = 0; l < L; l++) {
    if ((period[l] ?? -1) >= 0 && (room[l] ?? -1) !== -1) hard += touch(l, 1);
  }
  const unplaced = lessons
    .map((_, l) => l)
    .filter((l) => (period[l] ?? -1) < 0 || (room[l] ?? -1) === -1)
    .sort((a, b) => (starts[a]?.length ?? 0) * (roomsOf[a]?.length ?? 0) - (starts[b]?.length ?? 0) * (roomsOf[b]?.length ?? 0));
  let unplacedCount = unplaced.length;
  for (const l of unplaced) {
    let best: { p: number; r: number; cost: number } | null = null;
    for (const p of starts[l] ?? []) {
      for (const r of roomsOf[l] ?? []) {
        period[l] = p;
        room[l] = r;
        const dh = touch(l, 1);
        const cost = dh * HARD + lessonCost(l) + rnd();
        touch(l, -1);
        if (!best || cost < best.cost) best = { p, r, cost };
      }
    }
    if (best) {
      period[l] = best.p;
      room[l] = best.r;
      hard += touch(l, 1);
      unplacedCount--;
    } else {
      period[l] = -1;
      room[l] = -1;
    }
  }
  hard += unplacedCount;
  let soft = totalSoft();

  const movable = lessons
    .map((_, l) => l)
    .filter((l) => !pinned.has(l) && (starts[l]?.length ?? 0) > 0 && (roomsOf[l]?.length ?? 0) > 0);
  let bestHard = hard;
  let bestSoft = soft;
  let best: Assignment = { period: [...period], room: [...room] };
  let firstFeasibleMs: number | null = hard === 0 ? now() - started : null;
  const score = (h: number, s: number) => h * HARD + s;

  // Lessons in a hard conflict, found again now and then (cheap enough every few thousand moves).
  let conflicted: number[] = [];
  const findConflicted = () => {
    conflicted = [];
    for (const l of movable) {
      const lesson = lessons[l];
      const p = period[l] ?? -1;
      if (!lesson || p < 0) continue;
      for (const s of occupied(lesson, p, next)) {
        if (
          (tCnt[lesson.teacher * P + s] ?? 0) > 1 ||
          (gCnt[lesson.group * P + s] ?? 0) > 1 ||
          ((room[l] ?? -1) >= 0 && (rCnt[(room[l] ?? 0) * P + s] ?? 0) > 1) ||
          tUnavailable[lesson.teacher]?.has(s) ||
          gUnavailable[lesson.group]?.has(s)
        ) {
          conflicted.push(l);
          break;
        }
      }
    }
  };

  const HISTORY = 2000;
  const history = new Array<number>(HISTORY).fill(score(hard, soft));
  let iterations = 0;
  let stopped: SolveResult['stopped'] = 'time';
  const report = () =>
    options.onProgress?.({
      elapsedMs: now() - started,
      iterations,
      hard,
      soft,
      bestHard,
      bestSoft,
      firstFeasibleMs,
    });

  if (movable.length > 0 && !(options.stopAtFeasible && hard === 0)) {
    for (;;) {
      iterations++;
      if ((iterations & 1023) === 0) {
        const elapsed = now() - started;
        if (elapsed >= options.timeLimitMs) break;
        if (options.shouldStop?.()) {
          stopped = 'asked';
          break;
        }
        if ((iterations & 16383) === 0) report();
        if ((iterations & 4095) === 0 && hard > 0) findConflicted();
      }
      // Choose the lesson: mostly one in a conflict while there are some.
      const l = hard > 0 && conflicted.length > 0 && rnd() < 0.8 ? pick(conflicted) : pick(movable);
      if (pinned.has(l)) continue;
      const lesson = lessons[l];
      if (!lesson) continue;
      const kind = rnd();
      let other = -1;
      const oldP = period[l] ?? -1;
      const oldR = room[l] ?? -1;
      let newP = oldP;
      let newR = oldR;
      if (kind < 0.4) {
        // Trade periods with another lesson of the same class and length.
        const mates = byGroup[lesson.group] ?? [];
        other = pick(mates);
        const o = lessons[other];
        if (other === l || pinned.has(other) || !o || o.length !== lesson.length || period[other] === oldP) continue;
        const op = period[other] ?? -1;
        if (op < 0 || oldP < 0) continue;
        const days2 = [dayOf[oldP] ?? -1, dayOf[op] ?? -1];
        const before = score(hard, soft);
        const local0 = localSoft([l, other], days2);
        let dh = touch(l, -1) + touch(other, -1);
        period[l] = op;
        period[other] = oldP;
        dh += touch(l, 1) + touch(other, 1);
        const local1 = localSoft([l, other], days2);
        const candidate = score(hard + dh, soft + local1 - local0);
        const slot = iterations % HISTORY;
        if (candidate <= before || candidate <= (history[slot] ?? 0)) {
          hard += dh;
          soft += local1 - local0;
        } else {
          touch(l, -1);
          touch(other, -1);
          period[l] = oldP;
          period[other] = op;
          touch(l, 1);
          touch(other, 1);
        }
        history[slot] = score(hard, soft);
      } else {
        if (kind < 0.85) newP = pick(starts[l] ?? []);
        const fits = roomsOf[l] ?? [];
        // Keep the room when it still fits and is free then; else try a free one, else any.
        if (kind >= 0.85 || newR === -1 || rnd() < 0.3) newR = pick(fits);
        if (newP === oldP && newR === oldR) continue;
        const days2 = [oldP >= 0 ? (dayOf[oldP] ?? -1) : -1, dayOf[newP] ?? -1];
        const before = score(hard, soft);
        const local0 = localSoft([l], days2);
        let dh = touch(l, -1);
        period[l] = newP;
        room[l] = newR;
        dh += touch(l, 1);
        const local1 = localSoft([l], days2);
        const candidate = score(hard + dh, soft + local1 - local0);
        const slot = iterations % HISTORY;
        if (candidate <= before || candidate <= (history[slot] ?? 0)) {
          hard += dh;
          soft += local1 - local0;
        } else {
          touch(l, -1);
          period[l] = oldP;
          room[l] = oldR;
          touch(l, 1);
        }
        history[slot] = score(hard, soft);
      }
      if (hard < bestHard || (hard === bestHard && soft < bestSoft)) {
        bestHard = hard;
        bestSoft = soft;
        best = { period: [...period], room: [...room] };
        if (hard === 0 && firstFeasibleMs === null) {
          firstFeasibleMs = now() - started;
          report();
          if (options.stopAtFeasible) {
            stopped = 'feasible';
            break;
          }
        }
      }
    }
  } else if (hard === 0 && options.stopAtFeasible) stopped = 'feasible';
  const elapsedMs = now() - started;
  options.onProgress?.({ elapsedMs, iterations, hard, soft, bestHard, bestSoft, firstFeasibleMs });
  return { assignment: best, elapsedMs, iterations, hard, soft, bestHard, bestSoft, firstFeasibleMs, stopped };
}

/** The soft cost of an assignment, the plain way (for tests and reports). */
export function softCost(instance: Instance, a: Assignment): number {
  return solve(instance, { timeLimitMs: 0, initial: a, pinned: new Set(instance.lessons.map((_, l) => l)) }).soft;
}
