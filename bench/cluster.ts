/**
 * scripts/with-postgres.sh npm run bench:cluster [-- --duration 10 --connections 50 --sockets 200]
 * Two instances against one (issue 30), on one PostgreSQL database with the large demo organization
 * (scripts/cluster.ts: two server processes behind its proxy). The hot reads of a morning (the signed-in
 * user's details, a class, a day's attendance) through one instance's own port and through the proxy to
 * both, with the ceiling route of each; then a save through one instance reaching `sockets` open apps
 * of a parent connected to the other: time from the save being sent to each app (p50, p99).
 * On one machine of two cores both instances, PostgreSQL and the load generator share the cores: the
 * figure is what a second instance costs and gives on the same hardware, not what a second server adds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ATTENDANCE_UPDATED_EVENT } from '@cue/contract';
import { io, type Socket } from 'socket.io-client';
import { LARGE } from '../apps/server/src/seed/large-people.js';
import { startCluster } from '../scripts/cluster.js';
import { lastSchoolDay } from './hot-reads.js';
import { arg, latencies, load, machine, saveResults, signIn } from './lib.js';

const url = process.env.DATABASE_URL;
if (!url) {
  process.stderr.write('Run it on PostgreSQL: scripts/with-postgres.sh npm run bench:cluster\n');
  process.exit(1);
}
const duration = arg('duration', 10);
const connections = arg('connections', 50);
const socketCount = arg('sockets', 200);
const saves = arg('saves', 20);
const port = arg('port', 3380);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-bench-cluster-'));

const cluster = await startCluster({
  instances: 2,
  port,
  startMs: 600_000,
  env: {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    SEED: 'large',
    SEED_DEMO_HISTORY: 'false',
    LOG_LEVEL: 'warn',
    BACKUP_EVERY_HOURS: '0',
  },
});
const sockets: Socket[] = [];
try {
  const one = `http://127.0.0.1:${cluster.instances[0]?.port}`;
  const other = `http://127.0.0.1:${cluster.instances[1]?.port}`;
  const teacher = await signIn(cluster.url, LARGE.phones.teacher);
  const parent = await signIn(cluster.url, LARGE.phones.parent, 'parent_user');
  const day = lastSchoolDay();
  const reads = [
    { name: 'health (ceiling)', path: '/api/health' },
    { name: 'logined_user_details', path: '/api/logined_user_details' },
    { name: 'classes/{id}', path: `/api/classes/${LARGE.classId}` },
    { name: "a day's attendance", path: `/api/class_student_attendance/${LARGE.classId}?date=${day}` },
  ];
  const headers = { authorization: `Bearer ${teacher}` };
  const rows = [];
  for (const r of reads) {
    for (const base of [one, cluster.url]) await fetch(base + r.path, { headers });
    const single = await load(r.name, one + r.path, { connections, duration, headers });
    const both = await load(r.name, cluster.url + r.path, { connections, duration, headers });
    rows.push({
      name: r.name,
      oneInstanceRps: single.requestsPerSecond,
      oneP99Ms: single.p99Ms,
      twoInstancesRps: both.requestsPerSecond,
      twoP99Ms: both.p99Ms,
      ratio: Math.round((both.requestsPerSecond / single.requestsPerSecond) * 100) / 100,
      non2xx: single.non2xx + single.errors + both.non2xx + both.errors,
    });
  }
  console.table(rows);

  // Fan-out across instances: apps open on the other instance, saves through the first.
  const roster = (await (await fetch(`${one}/api/classes/${LARGE.classId}`, { headers })).json()) as {
    result: { my_class: { student_list: { id: string }[] } };
  };
  const students = roster.result.my_class.student_list.map((s) => s.id);
  let current = -1;
  let sentAt = 0;
  const received: number[][] = Array.from({ length: saves }, () => []);
  await Promise.all(
    Array.from(
      { length: socketCount },
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = io(other, {
            path: '/socket.io',
            auth: { token: parent },
            transports: ['websocket'],
            reconnection: false,
          });
          sockets.push(socket);
          socket.on(ATTENDANCE_UPDATED_EVENT, () => {
            if (current >= 0) received[current]?.push(performance.now() - sentAt);
          });
          socket.on('connect', () =>
            socket.emit('join-class', LARGE.classId, (a: { ok: boolean }) =>
              a.ok ? resolve() : reject(new Error('join refused')),
            ),
          );
          socket.on('connect_error', reject);
        }),
    ),
  );
  const statuses = ['present', 'absent', 'late'] as const;
  for (let n = -1; n < saves; n++) {
    current = n;
    sentAt = performance.now();
    const res = await fetch(`${one}/api/class_student_attendance/${LARGE.classId}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        date: day,
        is_saved: false,
        student_attendance_list: students.map((id, i) => ({ student_id: id, attendance_status: statuses[(i + n + 3) % 3] })),
      }),
    });
    if (!res.ok) throw new Error(`save: ${res.status} ${await res.text()}`);
    const until = Date.now() + 5_000;
    while ((received[n] ?? []).length < socketCount && Date.now() < until && n >= 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 100));
  }
  const all = received.flat().sort((a, b) => a - b);
  const fanout = { sockets: socketCount, saves, delivered: all.length, expected: socketCount * saves, ...latencies(all) };
  console.log('fan-out across instances', fanout);
  console.log('saved', saveResults('cluster-postgres', { machine: machine(), duration, connections, day, rows, fanout }));
} finally {
  for (const s of sockets) s.close();
  await cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
