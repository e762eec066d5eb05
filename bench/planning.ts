/**
 * Planning insights' compute time (issue 22): a class of 25 children with a school year of 2,000
 * observations tagged to learning areas, 150 stories, 20 units and 40 activities in one week.
 *  1. `weekPlans.insights` called in the process, ~50 runs after a warm-up: p50 and p95;
 *  2. GET /api/planning_insights/ over HTTP (the server listening on loopback), the same;
 *  3. EXPLAIN ANALYZE of the statements the insights send, into bench/planning-explain.txt (one section
 *     per database, the other one kept).
 * The school is the demo's Sunrise with one more class written straight into the database.
 * Run: `node --import tsx bench/planning.ts` (embedded database) or
 * `scripts/with-postgres.sh node --import tsx bench/planning.ts` (PostgreSQL); also the `planning` suite of
 * bench/run.ts (`npm run bench -- --suite planning`, `npm run bench:pg -- --suite planning`).
 * Options: --runs 50 --observations 2000.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { addDays, ddmmyyyyFromIso, todayIn, weekStart } from '@cue/contract';
import { type SQL, sql } from 'drizzle-orm';
import * as repo from '../apps/server/src/modules/planning/weeks-repo.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { type Db, openDatabase, type Queryable } from '../apps/server/src/platform/db/client.js';
import {
  classes,
  classStaff,
  classStudents,
  observationAreas,
  observations,
  planActivities,
  stories,
  storyAreas,
  storyChildren,
  students,
  unitAreas,
  unitClasses,
  units,
} from '../apps/server/src/platform/db/schema.js';
import { buildApp } from '../apps/server/src/platform/http/app.js';
import { newId } from '../apps/server/src/platform/ids.js';
import { ephemeralSecrets } from '../apps/server/src/platform/secrets.js';
import { demoId, FRAMEWORK_IDS, seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { arg, latencies, machine, root, saveResults, signIn, writeExplain } from './lib.js';

const sunrise = demoId('school:sunrise');
const anita = demoId('user:9000000002');
const tara = demoId('user:9000000003');
// The EYFS areas (drizzle/0007_frameworks.sql): seven areas and three characteristics of effective learning.
const AREAS = [
  '5940566293db787df3cf4fb0',
  'be5d7bb0b9d632ab1d8df940',
  'abd6240828542683a94ab015',
  'f67904fb136cef698facda2e',
  '92df3baa4cc429432aafe3b8',
  '3ce9bd22f2bf1efb3d6fe01f',
  '723fc262f0d52fdf01e9c8ad',
  '94afe450fc424d5a2314017b',
  'a660537c856de2aec4de4b35',
  '9eb4c955f5311423874ff234',
];

let seed = 22_2026;
/** mulberry32: the same class every run. */
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
const round = (n: number) => Math.round(n * 10) / 10;

async function insertAll<T>(db: Db, table: Parameters<Db['insert']>[0], rows: T[], batch = 500) {
  for (let i = 0; i < rows.length; i += batch) await db.insert(table).values(rows.slice(i, i + batch) as never);
}

/** A class of 25 children with a year of observations and stories, 20 units and a week of 40 activities. */
async function fill(db: Db, today: string, observationCount: number) {
  const classId = newId();
  const yearStart = addDays(today, -364);
  await db.insert(classes).values({
    id: classId,
    schoolId: sunrise,
    name: 'Planning bench',
    ageRange: '3y 0m - 4y 0m',
    academicYearStart: yearStart,
    academicYearEnd: addDays(yearStart, 364),
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    startTime: '09:00',
    endTime: '15:00',
    curriculum: 'EYFS',
    classCurriculumId: FRAMEWORK_IDS.eyfs,
  });
  await db.insert(classStaff).values({ classId, userId: tara });
  const kids = Array.from({ length: 25 }, (_, i) => ({
    id: newId(),
    schoolId: sunrise,
    firstName: `Child${i + 1}`,
    lastName: 'Bench',
  }));
  await insertAll(db, students, kids);
  await insertAll(
    db,
    classStudents,
    kids.map((k) => ({ classId, studentId: k.id })),
  );
  const obs = Array.from({ length: observationCount }, () => ({
    id: newId(),
    schoolId: sunrise,
    classId,
    studentId: pick(kids).id,
    groupId: newId(),
    date: addDays(yearStart, int(365)),
    title: 'Observation',
    generalNote: 'Played, talked and explored',
    createdBy: tara,
  }));
  await insertAll(db, observations, obs);
  const obsAreas = obs.flatMap((o) => {
    const first = int(AREAS.length);
    const areas = [AREAS[first] as string];
    if (rand() < 0.5) areas.push(AREAS[(first + 1 + int(AREAS.length - 1)) % AREAS.length] as string);
    return areas.map((learningAreaId) => ({ observationId: o.id, learningAreaId }));
  });
  await insertAll(db, observationAreas, obsAreas);
  const storyRows = Array.from({ length: 150 }, () => ({
    id: newId(),
    schoolId: sunrise,
    classId,
    kind: 'story',
    status: 'published',
    title: 'A story',
    storyDate: addDays(yearStart, int(365)),
    authorId: tara,
  }));
  await insertAll(db, stories, storyRows);
  await insertAll(
    db,
    storyAreas,
    storyRows.map((s) => ({ storyId: s.id, areaId: pick(AREAS) })),
  );
  await insertAll(
    db,
    storyChildren,
    storyRows.flatMap((s) => {
      const a = int(25);
      return [...new Set([a, (a + 1 + int(24)) % 25])].map((i) => ({ storyId: s.id, studentId: (kids[i] as { id: string }).id }));
    }),
  );
  // Twenty units of about three weeks through the year, each with two or three areas.
  const unitRows = Array.from({ length: 20 }, (_, i) => {
    const start = addDays(yearStart, i * 18);
    return {
      id: newId(),
      schoolId: sunrise,
      framework: 'eyfs',
      title: `Unit ${i + 1}`,
      status: addDays(start, 20) < today ? 'done' : start <= today ? 'running' : 'planned',
      startDate: start,
      endDate: addDays(start, 20),
      createdBy: tara,
      updatedBy: tara,
    };
  });
  // The last unit runs through this week (its activities are this week's).
  const current = unitRows[19] as (typeof unitRows)[number];
  current.startDate = addDays(weekStart(today), -7);
  current.endDate = addDays(weekStart(today), 13);
  current.status = 'running';
  await insertAll(db, units, unitRows);
  await insertAll(
    db,
    unitClasses,
    unitRows.map((u) => ({ unitId: u.id, classId })),
  );
  await insertAll(
    db,
    unitAreas,
    unitRows.flatMap((u, i) =>
      [...new Set([AREAS[i % 10], AREAS[(i + 3) % 10], AREAS[(i + 7) % 10]])].map((learningAreaId) => ({
        unitId: u.id,
        learningAreaId: learningAreaId as string,
      })),
    ),
  );
  const monday = weekStart(today);
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  // Eight a day, Monday to Friday, every 45 minutes from 09:00, half an hour each.
  const activities = Array.from({ length: 40 }, (_, i) => {
    const start = 9 * 60 + Math.floor(i / 5) * 45;
    return {
      id: newId(),
      schoolId: sunrise,
      classId,
      date: addDays(monday, i % 5),
      startTime: hhmm(start),
      endTime: hhmm(start + 30),
      title: `Activity ${i + 1}`,
      unitId: i % 2 === 0 ? current.id : null,
      areaIds: [pick(AREAS)],
      createdBy: tara,
    };
  });
  await insertAll(db, planActivities, activities);
  return { classId, yearStart };
}

export async function planningInsightsBench(options: { runs?: number; observations?: number } = {}) {
  const runs = options.runs ?? arg('runs', 50);
  const observationCount = options.observations ?? arg('observations', 2000);
  const postgres = process.env.DATABASE_URL;
  const database = postgres ? 'postgres' : 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-planning-bench-'));
  const handle = await openDatabase(
    postgres ? { kind: 'postgres', url: postgres } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  await handle.migrate();
  await seedDemoIfEmpty(handle.db);
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
  const { app, services } = await buildApp({ config, database: handle, secrets: ephemeralSecrets() });
  try {
    const scope = services.scopes.of({ userId: anita, kind: 'staff', schoolId: sunrise, sessionId: 'bench', isTemp: false });
    const today = todayIn(await services.school.timeZone(scope), new Date());
    const seeding = performance.now();
    const { classId, yearStart } = await fill(handle.db, today, observationCount);
    const secondsToSeed = round((performance.now() - seeding) / 1000);
    await handle.analyze();
    if (postgres) await handle.db.execute(sql`analyze`);
    // The whole school year (every observation), and the default: the term so far.
    const year = { class_id: classId, from_date: ddmmyyyyFromIso(yearStart), to_date: ddmmyyyyFromIso(today) };
    const check = await services.weekPlans.insights(scope, year);
    const sizes = {
      children: check.children.length,
      areas: check.areas.length,
      units: check.units.length,
      observations: check.totals.observations,
      stories: check.totals.stories,
      activities: check.totals.activities,
    };
    const time = async (call: () => Promise<unknown>) => {
      for (let i = 0; i < 5; i++) await call();
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await call();
        ms.push(performance.now() - started);
      }
      ms.sort((a, b) => a - b);
      const l = latencies(ms);
      const p95 = ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)] ?? 0;
      return { runs, p50Ms: l.p50Ms, p95Ms: round(p95), maxMs: l.maxMs };
    };
    const serviceYear = await time(() => services.weekPlans.insights(scope, year));
    const serviceTerm = await time(() => services.weekPlans.insights(scope, { class_id: classId }));

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await signIn(url, '9000000002');
    const get = (query: string) => async () => {
      const res = await fetch(`${url}/api/planning_insights/?${query}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`insights: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const httpYear = await time(get(new URLSearchParams(year).toString()));
    const httpTerm = await time(get(`class_id=${classId}`));

    // The statements the insights send to the database, each explained with its values.
    const sent: SQL[] = [];
    const recorder = {
      execute: (statement: SQL) => {
        sent.push(statement);
        return handle.db.execute(statement);
      },
    } as unknown as Queryable;
    const from = yearStart;
    await repo.insightCounts(scope, recorder, classId, from, today);
    await repo.roster(scope, recorder, classId);
    await repo.unitProgress(scope, recorder, classId, from, today, today);
    const names = [
      'units by area',
      'activities by area (own areas and their unit’s)',
      'observations by child and area, and by child (grouping sets)',
      'stories by area',
      'stories by child and area',
      'totals (activities, stories)',
      'roster',
      'units: activities, done, evidence',
    ];

    const explained: string[] = [
      `${new Date().toISOString()} · ${database} · a class of 25 children, ${sizes.observations} observations, ${sizes.stories} stories, 20 units, 40 activities in one week; period ${year.from_date} to ${year.to_date}`,
      `weekPlans.insights (school year): p50 ${serviceYear.p50Ms} ms, p95 ${serviceYear.p95Ms} ms over ${runs} runs`,
      `GET /api/planning_insights/ (school year): p50 ${httpYear.p50Ms} ms, p95 ${httpYear.p95Ms} ms over ${runs} runs`,
      '',
    ];
    for (const [i, statement] of sent.entries()) {
      const result = await handle.db.execute(sql`explain (analyze, buffers) ${statement}`);
      const plan = (result as unknown as { rows: Record<string, string>[] }).rows.map((r) => r['QUERY PLAN'] ?? '');
      explained.push(`--- ${names[i] ?? `statement ${i + 1}`}`, ...plan, '');
    }
    const explainFile = writeExplain('bench/planning-explain.txt', database, explained.join('\n'));
    const figures = {
      date: new Date().toISOString(),
      database,
      machine: machine(),
      secondsToSeed,
      sizes,
      serviceSchoolYear: serviceYear,
      serviceTermSoFar: serviceTerm,
      httpSchoolYear: httpYear,
      httpTermSoFar: httpTerm,
      explainFile: path.relative(root, explainFile),
    };
    const saved = saveResults(`planning-${database}`, figures);
    return { ...figures, saved: path.relative(root, saved) };
  } finally {
    await app.close();
    await handle.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await planningInsightsBench();
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
