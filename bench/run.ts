/**
 * npm run bench [-- --duration 10 --connections 50 --port 3299]
 * Starts the server on the embedded database (or DATABASE_URL when set) and measures the hot
 * sign-in read against the constant ceiling route, in the same run.
 */
import { arg, load, machine, saveResults, signIn, startServer } from './lib.js';

const duration = arg('duration', 10);
const connections = arg('connections', 50);
const port = arg('port', 3299);

const server = await startServer(port);
try {
  const token = await signIn(server.url, '9000000003');
  const opts = { connections, duration };
  const ceiling = await load('health (ceiling)', `${server.url}/api/health`, opts);
  const details = await load('logined_user_details', `${server.url}/api/logined_user_details`, {
    ...opts,
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = [ceiling, details].map((r) => ({
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
  const file = saveResults('auth', {
    date: new Date().toISOString(),
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    connections,
    durationSeconds: duration,
    machine: machine(),
    results: rows,
  });
  console.log(`saved ${file}`);
  if (rows.some((r) => r.non2xx > 0 || r.errors > 0)) {
    console.error('some requests failed');
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
