/**
 * npm run bench [-- --duration 10 --connections 50 --port 3299 --suite auth,school]
 * Starts the server on the embedded database (or on DATABASE_URL when set: `npm run bench:pg`) and
 * measures the hot routes against the constant ceiling route, in the same run.
 */
import { arg, type LoadResult, load, machine, saveResults, signIn, startServer } from './lib.js';
import { importStudents, thirtyStudentClass } from './school.js';

const duration = arg('duration', 10);
const connections = arg('connections', 50);
const port = arg('port', 3299);
const suiteArg = process.argv.indexOf('--suite');
const suites = new Set((suiteArg > 0 ? (process.argv[suiteArg + 1] ?? '') : 'auth,school').split(','));
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';

const server = await startServer(port);
try {
  const opts = { connections, duration };
  const ceiling = await load('health (ceiling)', `${server.url}/api/health`, opts);
  const results: LoadResult[] = [ceiling];
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
  if (suites.has('school')) {
    const admin = await signIn(server.url, '9000000002');
    extra.import500 = await importStudents(server.url, admin, 500);
    const classId = await thirtyStudentClass(server.url, admin);
    results.push(
      await load('classes/{id} (30 students)', `${server.url}/api/classes/${classId}`, {
        ...opts,
        headers: { authorization: `Bearer ${admin}` },
      }),
    );
  }
  const rows = results.map((r) => ({
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
  if (extra.import500) console.log('import of 500 students with parents:', extra.import500);
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
