/**
 * npm run bench [-- --duration 10 --connections 50 --port 3299 --suite auth,school]
 * Starts the server on the embedded database (or on DATABASE_URL when set: `npm run bench:pg`) and
 * measures the hot routes against the constant ceiling route, in the same run. `--only POST` measures
 * only the routes whose name holds the text (with the ceiling), e.g. to profile one of them.
 * Pages timed in Chromium run on their own: bench/login-paint.ts (login to dashboard), bench/planning-week.ts (a week of 40 activities).
 * bench/gradebook-grid.ts: the gradebook's grid of 30 children × 20 tasks, its render and one cell's save.
 */
import { arg, type LoadResult, load as loadAll, machine, saveResults, signIn, startServer } from './lib.js';
import { attendanceBody, observationSearch, thousandAnnouncements, yearlyReport } from './modules.js';
import { planningInsightsBench } from './planning.js';
import { importStudents, thirtyStudentClass } from './school.js';

const duration = arg('duration', 10);
const connections = arg('connections', 50);
const port = arg('port', 3299);
const suiteArg = process.argv.indexOf('--suite');
const suites = new Set(
  (suiteArg > 0 ? (process.argv[suiteArg + 1] ?? '') : 'auth,school,attendance,announcements,observations').split(','),
);
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? (process.argv[onlyArg + 1] ?? '') : '';
const load = (name: string, ...rest: Parameters<typeof loadAll> extends [string, ...infer R] ? R : never) =>
  !only || name === 'health (ceiling)' || name.includes(only) ? loadAll(name, ...rest) : Promise.resolve(null);
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';

const server = await startServer(port);
/** Planner statistics are refreshed in the background (every 30 s on the embedded database, by autovacuum on PostgreSQL): measure after new data has settled. */
// PostgreSQL's autovacuum analyzes a table that grew within its naptime (60 s by default).
const settle = () => new Promise((r) => setTimeout(r, database === 'pglite' ? 31_000 : 65_000));
try {
  const opts = { connections, duration };
  const ceiling = await loadAll('health (ceiling)', `${server.url}/api/health`, opts);
  const results: (LoadResult | null)[] = [ceiling];
  const extra: Record<string, unknown> = {};
  const teacher = await signIn(server.url, '9000000003');
  if (suites.has('auth')) {
    results.push(
      await load('logined_user_details', `${server.url}/api/logined_user_details`, {
        ...opts,
        headers: { authorization: `Bearer ${teacher}` },
      }),
    );
  }
  const admin = await signIn(server.url, '9000000002');
  const classId = await thirtyStudentClass(server.url, admin);
  const asAdmin = { authorization: `Bearer ${admin}` };
  if (suites.has('school')) {
    extra.import500 = await importStudents(server.url, admin, 500);
    results.push(await load('classes/{id} (30 students)', `${server.url}/api/classes/${classId}`, { ...opts, headers: asAdmin }));
  }
  if (suites.has('attendance')) {
    const { date, body } = await attendanceBody(server.url, admin, classId);
    const url = `${server.url}/api/class_student_attendance/${classId}`;
    results.push(await load('GET class_student_attendance (30)', `${url}?date=${date}`, { ...opts, headers: asAdmin }));
    results.push(
      await load('POST class_student_attendance (30)', url, {
        ...opts,
        method: 'POST',
        headers: { ...asAdmin, 'content-type': 'application/json' },
        body,
      }),
    );
    extra.yearlyReport = await yearlyReport(server.url, admin, classId);
  }
  if (suites.has('announcements')) {
    extra.announcements = await thousandAnnouncements(server.url, admin, classId);
    await settle();
    const parent = await signIn(server.url, '9000000004', 'parent_user');
    results.push(
      await load('announcements, parent, first page of 1,000', `${server.url}/api/communication/announcements/`, {
        ...opts,
        headers: { authorization: `Bearer ${parent}` },
      }),
    );
  }
  if (suites.has('observations')) extra.observationSearch = await observationSearch(server.url, admin, classId, settle);
  if (suites.has('planning')) extra.planningInsights = await planningInsightsBench();
  const rows = results
    .filter((r) => r !== null)
    .map((r) => ({
      ...r,
      ratioToCeiling: Number((r.requestsPerSecond / ceiling.requestsPerSecond).toFixed(3)),
    }));
  console.table(
    rows.map(({ name, requestsPerSecond, p50Ms, p99Ms, ratioToCeiling, non2xx }) => ({
      name,
      requestsPerSecond,
      p50Ms,
      p99Ms,
      ratioToCeiling,
      non2xx,
    })),
  );
  for (const [name, value] of Object.entries(extra)) console.log(`${name}:`, value);
  const file = saveResults(`bench-${database}`, {
    date: new Date().toISOString(),
    database,
    connections,
    durationSeconds: duration,
    machine: machine(),
    results: rows,
    ...extra,
  });
  console.log(`saved ${file}`);
  if (rows.some((r) => r.non2xx > 0 || r.errors > 0)) {
    console.error('some requests failed');
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
