/**
 * npm run bench:hot [-- --duration 5 --connections 50 --port 3296 --no-cache --only <name>]
 * The hot reads of a school's morning on the large demo organization (`SEED=large`: 3 schools, 60
 * classes, 1,500 children, a school year of records), each as a ratio of the constant ceiling route
 * (`/api/health`) measured in the same run: the signed-in user, permissions, the staff's classes
 * (a teacher's and an admin's 20), a class, a day's attendance, the observations of a day, a parent's
 * announcements, the dashboards, and the chat lists. On the embedded database, or on DATABASE_URL
 * (`npm run bench:hot:pg`). `--no-cache` starts the server with QUERY_CACHE=false (decision 43's
 * statement cache off), for the figures before it.
 */
import { LARGE } from '../apps/server/src/seed/large-people.js';
import { hotReads, lastSchoolDay } from './hot-reads.js';
import { arg, type LoadResult, load, machine, saveResults, signIn, startServer } from './lib.js';

const duration = arg('duration', 5);
const connections = arg('connections', 50);
const port = arg('port', 3296);
const noCache = process.argv.includes('--no-cache');
const onlyArg = process.argv.indexOf('--only');
/** `--only <text>`: measure only the reads whose name holds the text (with the ceiling), e.g. to profile one. */
const only = onlyArg > 0 ? (process.argv[onlyArg + 1] ?? '') : '';
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';

const started = performance.now();
// Seeding the large organization takes a minute or two on a fresh data directory.
const server = await startServer(port, { SEED: 'large', ...(noCache ? { QUERY_CACHE: 'false' } : {}) }, { startSeconds: 400 });
const startSeconds = Math.round((performance.now() - started) / 100) / 10;
try {
  const teacher = await signIn(server.url, LARGE.phones.teacher);
  const admin = await signIn(server.url, LARGE.phones.admins[0]);
  const parent = await signIn(server.url, LARGE.phones.parent, 'parent_user');
  const day = lastSchoolDay();
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const reads = hotReads({ teacher, admin, parent }, day);
  for (const r of reads) {
    const res = await fetch(server.url + r.path, { headers: as(r.token) });
    if (!res.ok) throw new Error(`${r.name}: ${res.status} ${await res.text()}`);
  }
  const opts = { connections, duration };
  const ceiling = await load('health (ceiling)', `${server.url}/api/health`, opts);
  const results: LoadResult[] = [ceiling];
  for (const r of reads.filter((x) => x.name.includes(only)))
    results.push(await load(r.name, server.url + r.path, { ...opts, headers: as(r.token) }));
  const rows = results.map((r) => ({
    name: r.name,
    requestsPerSecond: r.requestsPerSecond,
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    ratioToCeiling: Math.round((r.requestsPerSecond / ceiling.requestsPerSecond) * 1000) / 1000,
    non2xx: r.non2xx + r.errors,
  }));
  console.table(rows);
  const file = saveResults(`hot-${database}${noCache ? '-nocache' : ''}`, {
    machine: machine(),
    database,
    statementCache: !noCache,
    school: 'large (SEED=large)',
    day,
    startSeconds,
    connections,
    duration,
    rows,
  });
  console.log('saved', file);
} finally {
  await server.stop();
}
