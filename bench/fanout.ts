/**
 * npm run bench:fanout [-- --parents 200 --saves 20 --port 3297]
 * Socket fan-out: a class of `parents` children, each with a parent whose app is open (a signed-in
 * socket following the class, as the web app's `join-class`). The teacher saves the class's day
 * `saves` times; each save's event must reach every open app. Latency is measured per app from the
 * moment the save is sent to the moment that app receives the event; the figure is p50/p99 over every
 * app and every save. Runs on the embedded database, or on DATABASE_URL (`scripts/with-postgres.sh`).
 */
import { ATTENDANCE_UPDATED_EVENT, ddmmyyyyFromIso } from '@cue/contract';
import { io, type Socket } from 'socket.io-client';
import { arg, latencies, machine, saveResults, signIn, startServer } from './lib.js';
import { importStudents } from './school.js';

const parents = arg('parents', 200);
const saves = arg('saves', 20);
const port = arg('port', 3297);
const phoneOf = (i: number) => `7${String(i).padStart(9, '0')}`.slice(0, 10);
const testNumbers = [
  ...[1, 2, 3, 4, 5, 6].map((n) => `900000000${n}:123456`),
  ...Array.from({ length: parents }, (_, i) => `${phoneOf(i)}:123456`),
].join(',');

const server = await startServer(port, { OTP_TEST_NUMBERS: testNumbers, OTP_SENDS_PER_IP: '100000' });
const sockets: Socket[] = [];
try {
  const admin = await signIn(server.url, '9000000002');
  // A class of `parents` children, each with a new parent (bench/school.ts: phones 7000000000…).
  await importStudents(server.url, admin, parents);
  const classes = (await (
    await fetch(`${server.url}/api/staff_classes/`, { headers: { authorization: `Bearer ${admin}` } })
  ).json()) as {
    result: { id: string; class_name: string; student_count: number }[];
  };
  const cls = classes.result.find((c) => c.class_name.startsWith('Bench ') && c.student_count === parents);
  if (!cls) throw new Error('the imported class was not found');
  const roster = (await (
    await fetch(`${server.url}/api/classes/${cls.id}`, { headers: { authorization: `Bearer ${admin}` } })
  ).json()) as {
    result: { my_class: { student_list: { id: string }[] } };
  };
  const students = roster.result.my_class.student_list.map((s) => s.id);

  // Every parent signs in and opens the app: a socket that follows the class.
  const tokens: string[] = [];
  for (let i = 0; i < parents; i++) tokens.push(await signIn(server.url, phoneOf(i), 'parent_user'));
  const received: number[][] = Array.from({ length: saves }, () => []);
  let current = -1;
  let sentAt = 0;
  await Promise.all(
    tokens.map(
      (token) =>
        new Promise<void>((resolve, reject) => {
          const socket = io(server.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
          sockets.push(socket);
          socket.on(ATTENDANCE_UPDATED_EVENT, () => {
            if (current >= 0) received[current]?.push(performance.now() - sentAt);
          });
          socket.on('connect', () =>
            socket.emit('join-class', cls.id, (answer: { ok: boolean }) =>
              answer.ok ? resolve() : reject(new Error('join-class refused')),
            ),
          );
          socket.on('connect_error', reject);
        }),
    ),
  );

  const today = new Date();
  const date = ddmmyyyyFromIso(today.toISOString().slice(0, 10));
  const statuses = ['present', 'absent', 'late'] as const;
  // One save first, not measured: the server's first save of the day (holiday check, caches) and the
  // sockets' first frames.
  for (let n = -1; n < saves; n++) {
    current = n;
    sentAt = performance.now();
    const res = await fetch(`${server.url}/api/class_student_attendance/${cls.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        date,
        is_saved: false,
        student_attendance_list: students.map((id, i) => ({ student_id: id, attendance_status: statuses[(i + n + 3) % 3] })),
      }),
    });
    if (!res.ok) throw new Error(`save: ${res.status} ${await res.text()}`);
    const deadline = performance.now() + 5_000;
    while (n >= 0 && (received[n]?.length ?? 0) < parents && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50));
  }
  const all = received.flat();
  const missed = saves * parents - all.length;
  const result = {
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    openApps: parents,
    saves,
    delivered: all.length,
    missed,
    saveToEveryApp: latencies(all),
    lastAppPerSave: latencies(received.map((r) => Math.max(...r))),
    lastAppEachSaveMs: received.map((r) => Math.round(Math.max(...r))),
  };
  console.log(result);
  console.log('saved', saveResults('fanout', { machine: machine(), ...result }));
} finally {
  for (const s of sockets) s.close();
  await server.stop();
}
