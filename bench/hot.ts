/**
 * npm run bench:hot [-- --duration 5 --connections 50 --port 3296 --no-cache --only <name> --writes <per second> --identity]
 * The hot reads of a school's morning on the large demo organization (`SEED=large`: 3 schools, 60
 * classes, 1,500 children, a school year of records), each as a ratio of the constant ceiling route
 * (`/api/health`) measured in the same run: the signed-in user, permissions, the staff's classes
 * (a teacher's and an admin's 20), a class, a day's attendance, the observations of a day, a parent's
 * announcements, the dashboards, and the chat lists. On the embedded database, or on DATABASE_URL
 * (`npm run bench:hot:pg`). `--no-cache` starts the server with QUERY_CACHE=false (decision 43's
 * statement cache off), for the figures before it. `--writes N` saves a day's attendance of another
 * class of the school N times a second during every measurement, as a morning's marking does: each
 * write ends what the statement and response caches hold (decisions 43 and 46).
 */
import { LARGE, largeId } from '../apps/server/src/seed/large-people.js';
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
const writesPerSecond = arg('writes', 0);
const identity = process.argv.includes('--identity');

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
  // The reads ask as the web app's browser does: it accepts gzip (`--identity`: uncompressed answers).
  const asBrowser = (token: string) => ({ ...as(token), ...(identity ? {} : { 'accept-encoding': 'gzip, deflate, br' }) });
  const reads = hotReads({ teacher, admin, parent }, day);
  for (const r of reads) {
    const res = await fetch(server.url + r.path, { headers: as(r.token) });
    if (!res.ok) throw new Error(`${r.name}: ${res.status} ${await res.text()}`);
  }
  const opts = { connections, duration };
  // Another class's marks saved N times a second by its school's admin, while each read is measured.
  let writes = 0;
  const marking =
    writesPerSecond > 0
      ? setInterval(() => {
          writes++;
          void fetch(`${server.url}/api/class_student_attendance/${largeId('class:1:2')}`, {
            method: 'POST',
            headers: { ...as(admin), 'content-type': 'application/json' },
            body: JSON.stringify({
              date: day,
              is_saved: false,
              student_attendance_list: [
                { student_id: largeId('student:1:2:1'), attendance_status: writes % 2 ? 'late' : 'present' },
              ],
            }),
          }).then((res) => {
            if (!res.ok) throw new Error(`a write was refused: ${res.status}`);
          });
        }, 1000 / writesPerSecond)
      : null;
  const ceiling = await load('health (ceiling)', `${server.url}/api/health`, opts);
  const results: LoadResult[] = [ceiling];
  for (const r of reads.filter((x) => x.name.includes(only)))
    results.push(await load(r.name, server.url + r.path, { ...opts, headers: asBrowser(r.token) }));
  if (marking) clearInterval(marking);
  const rows = results.map((r) => ({
    name: r.name,
    requestsPerSecond: r.requestsPerSecond,
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    ratioToCeiling: Math.round((r.requestsPerSecond / ceiling.requestsPerSecond) * 1000) / 1000,
    non2xx: r.non2xx + r.errors,
  }));
  console.table(rows);
  const file = saveResults(
    `hot-${database}${noCache ? '-nocache' : ''}${writesPerSecond ? `-writes${writesPerSecond}` : ''}${identity ? '-identity' : ''}`,
    {
      machine: machine(),
      database,
      statementCache: !noCache,
      writesPerSecond,
      writes,
      school: 'large (SEED=large)',
      day,
      startSeconds,
      connections,
      duration,
      rows,
    },
  );
  console.log('saved', file);
} finally {
  await server.stop();
}
