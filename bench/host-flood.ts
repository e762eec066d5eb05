/**
 * node --import tsx bench/host-flood.ts [-- --duration 10 --connections 8 --port 3298 --web apps/web/dist]
 * Unauthenticated slowdown check: `/` (the prerendered login page) is requested with a new random
 * Host header every time while /api/health is measured at the same moment. A server that does work
 * per Host value (compressing the page again, say) shows it as health latency. Needs a built web
 * app (`npm run build`, or `--web <dir>` for one built elsewhere).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { arg, load, machine, root, saveResults, startServer } from './lib.js';

const duration = arg('duration', 10);
const connections = arg('connections', 8);
const port = arg('port', 3298);
const webArg = process.argv.indexOf('--web');
const webDist = path.resolve(webArg > 0 ? (process.argv[webArg + 1] ?? '') : path.join(root, 'apps/web/dist'));
if (!fs.existsSync(path.join(webDist, 'login.en.html'))) {
  console.error(`No prerendered login page in ${webDist}: build the web app first (npm run build).`);
  process.exit(1);
}

const server = await startServer(port, { WEB_DIST: webDist });
try {
  const health = `${server.url}/api/health`;
  // Health alone, with a few connections, is the baseline.
  const alone = await load('health alone', health, { connections: 2, duration });
  let hosts = 0;
  const flood = autocannon({
    url: `${server.url}/`,
    connections,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          headers: {
            ...req.headers,
            host: `h${++hosts}-${Math.random().toString(36).slice(2)}.example`,
            'accept-encoding': 'gzip, deflate, br',
          },
        }),
      },
    ],
  });
  const during = await load('health during the flood', health, { connections: 2, duration });
  const floodResult = await flood;
  const rows = [
    alone,
    during,
    {
      name: `/ with a new Host each time (${connections} connections)`,
      method: 'GET',
      path: '/',
      requestsPerSecond: Math.round(floodResult.requests.average),
      p50Ms: floodResult.latency.p50,
      p99Ms: floodResult.latency.p99,
      errors: floodResult.errors,
      non2xx: floodResult.non2xx,
    },
  ];
  console.table(
    rows.map(({ name, requestsPerSecond, p50Ms, p99Ms, non2xx }) => ({ name, requestsPerSecond, p50Ms, p99Ms, non2xx })),
  );
  console.log(`distinct Host values sent: ${hosts}`);
  const file = saveResults('host-flood', {
    date: new Date().toISOString(),
    connections,
    durationSeconds: duration,
    machine: machine(),
    hosts,
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
