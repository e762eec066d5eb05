/**
 * The kiosk's round trip (issue 24's figure): a family types its code at the tablet by the door, the
 * kiosk looks the code up, then checks the child in; at pick-up the same with check-out. p50/p95/p99 of
 * each, over HTTP against the real server.
 *
 *   node --import tsx bench/kiosk.ts [--children 40] [--rounds 1] [--port N (default: a free one)]
 *
 * Starts the real server on a fresh embedded database (PGlite; or on DATABASE_URL when set), without the
 * demo's history. As Anita (admin) it adds a class that meets every day (so that each check-in also
 * writes the register, as on a school day), imports `children` children into it with a parent each (the
 * students' import), and adds a kiosk. Each parent signs in once to read their family code (made on its
 * first read). Then, family after family, the timed round trips: POST /api/kiosk/lookup with the code,
 * then POST /api/kiosk/check_in for the child (answering the demo school's health question); after all
 * are in, lookup + POST /api/kiosk/check_out. `rounds` repeats the day (each round checks everyone in and
 * out again; the register mark is written by the first round's check-ins, later ones find it written and
 * are reported together and apart). Two untimed warm-up round trips (Rohan's family, Aarav) come first.
 */
import { createServer } from 'node:net';
import os from 'node:os';
import { arg, machine, percentile, saveResults, signIn, startServer } from './lib.js';

const CHILDREN = arg('children', 40);
const ROUNDS = arg('rounds', 1);
const ADMIN = '9000000002'; // Anita Desai, admin of Sunrise (demo school)
const ROHAN = '9000000004'; // Aarav Sharma's father
const DEMO_NUMBERS = [1, 2, 3, 4, 5, 6].map((n) => `900000000${n}`);
/** The imported parents' phones: 7000000000, 7000000001, … */
const parentPhone = (i: number) => `7${String(i).padStart(9, '0')}`;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

async function call<T>(
  base: string,
  method: string,
  p: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(base + p, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A class meeting every day, with `n` children, each with a parent of their own (the students' import). */
async function benchClass(base: string, admin: string, n: number): Promise<{ id: string; name: string }> {
  const name = `Kiosk bench ${Date.now()}`;
  const created = await call<{ result: { id: string; class_name: string } }>(
    base,
    'POST',
    '/api/classes/',
    {
      class_name: name,
      classes_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      start_time: '00:00',
      end_time: '23:59',
    },
    bearer(admin),
  );
  const lines = ['first_name,last_name,class_name,parent_first_name,parent_last_name,parent_phone,parent_email,parent_relation'];
  for (let i = 0; i < n; i++)
    lines.push(`Kid${i},Bench,${name},Parent${i},Bench,${parentPhone(i)},kiosk-parent${i}@bench.example,mother`);
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'students.csv');
  const res = await fetch(`${base}/api/import/students/commit`, { method: 'POST', headers: bearer(admin), body: form });
  if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`);
  return { id: created.result.id, name: created.result.class_name };
}

interface Family {
  code: string;
  childId: string;
}

/** A parent's family code at the school and their one child. */
async function familyOf(base: string, phone: string): Promise<Family> {
  const token = await signIn(base, phone, 'parent_user');
  const codes = await call<{ result: { code: string; children: { id: string }[] }[] }>(
    base,
    'GET',
    '/api/family_codes/',
    undefined,
    bearer(token),
  );
  const first = codes.result[0];
  const childId = first?.children[0]?.id;
  if (!first || !childId) throw new Error(`${phone} has no family code or child`);
  return { code: first.code, childId };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
function summary(ms: readonly number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round1(percentile(sorted, 50)),
    p95Ms: round1(percentile(sorted, 95)),
    p99Ms: round1(percentile(sorted, 99)),
    maxMs: round1(sorted.at(-1) ?? Number.NaN),
  };
}

const port = arg('port', 0) || (await freePort());
const phones = Array.from({ length: CHILDREN }, (_, i) => parentPhone(i));
const server = await startServer(port, {
  OTP_TEST_NUMBERS: [...DEMO_NUMBERS, ...phones].map((p) => `${p}:123456`).join(','),
});
const base = server.url;
try {
  const admin = await signIn(base, ADMIN);
  const cls = await benchClass(base, admin, CHILDREN);
  const kiosk = await call<{ result: { token: string } }>(
    base,
    'POST',
    '/api/dispersal/kiosks/',
    { name: 'Bench door' },
    bearer(admin),
  );
  const kioskHeaders = { 'x-kiosk-token': kiosk.result.token };
  const families: Family[] = [];
  for (const phone of phones) families.push(await familyOf(base, phone));
  if (new Set(families.map((f) => f.childId)).size !== CHILDREN) throw new Error('expected one distinct child per family');
  const session = await call<{ result: { health_question: string | null } }>(
    base,
    'GET',
    '/api/kiosk/session',
    undefined,
    kioskHeaders,
  );
  const health = session.result.health_question ? { health_ok: true } : {};

  const lookup = (code: string) =>
    call<{ result: { children: { student: { id: string }; status: string }[] } }>(
      base,
      'POST',
      '/api/kiosk/lookup',
      { code },
      kioskHeaders,
    );
  const check = (kind: 'in' | 'out', f: Family) =>
    call<{ result: { events: unknown[] } }>(
      base,
      'POST',
      `/api/kiosk/check_${kind}`,
      { code: f.code, student_ids: [f.childId], ...(kind === 'in' ? health : {}) },
      kioskHeaders,
    );

  /** One family at the door: the code looked up, then the child checked in or out. */
  async function roundTrip(kind: 'in' | 'out', f: Family) {
    const start = performance.now();
    const found = await lookup(f.code);
    const looked = performance.now();
    if (!found.result.children.some((c) => c.student.id === f.childId)) throw new Error('the code did not find its child');
    const done = await check(kind, f);
    const end = performance.now();
    if (done.result.events.length !== 1) throw new Error(`check_${kind}: expected one event`);
    return { total: end - start, lookup: looked - start, check: end - looked };
  }

  // Warm-up (untimed): Rohan's family, in and out twice.
  const rohan = await familyOf(base, ROHAN);
  for (let i = 0; i < 2; i++) {
    await roundTrip('in', rohan);
    await roundTrip('out', rohan);
  }

  const times = {
    checkIn: [] as number[],
    /** The first round only: each check-in also writes the child's register mark (later ones find it written). */
    checkInFirst: [] as number[],
    checkInLookup: [] as number[],
    checkInCall: [] as number[],
    checkOut: [] as number[],
    checkOutLookup: [] as number[],
    checkOutCall: [] as number[],
  };
  for (let r = 0; r < ROUNDS; r++) {
    for (const f of families) {
      const t = await roundTrip('in', f);
      times.checkIn.push(t.total);
      if (r === 0) times.checkInFirst.push(t.total);
      times.checkInLookup.push(t.lookup);
      times.checkInCall.push(t.check);
    }
    for (const f of families) {
      const t = await roundTrip('out', f);
      times.checkOut.push(t.total);
      times.checkOutLookup.push(t.lookup);
      times.checkOutCall.push(t.check);
    }
  }

  // The register was written by the check-ins (a class that meets every day).
  const register = await call<{ result: { student_attendance_list: { attendance_status: string }[] } }>(
    base,
    'GET',
    `/api/class_student_attendance/${cls.id}`,
    undefined,
    bearer(admin),
  );
  const marked = register.result.student_attendance_list.filter(
    (e) => e.attendance_status === 'present' || e.attendance_status === 'late',
  ).length;

  const result = {
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    children: CHILDREN,
    rounds: ROUNDS,
    healthQuestion: !!session.result.health_question,
    markedInRegister: marked,
    checkInRoundTrip: summary(times.checkIn),
    checkInFirstRound: summary(times.checkInFirst),
    checkInLookup: summary(times.checkInLookup),
    checkInCall: summary(times.checkInCall),
    checkOutRoundTrip: summary(times.checkOut),
    checkOutLookup: summary(times.checkOutLookup),
    checkOutCall: summary(times.checkOutCall),
    targetP95Ms: 300,
    machine: machine(),
    loadAverage: os.loadavg().map(round1),
  };
  const row = (label: string, s: ReturnType<typeof summary>) =>
    `${label.padEnd(34)} n=${String(s.count).padEnd(4)} p50 ${String(s.p50Ms).padStart(7)} ms  p95 ${String(s.p95Ms).padStart(7)} ms  p99 ${String(s.p99Ms).padStart(7)} ms  max ${String(s.maxMs).padStart(7)} ms`;
  console.log(
    `\nKiosk round trips (${result.database}, ${CHILDREN} children × ${ROUNDS} round(s)), load ${result.loadAverage.join(' ')}`,
  );
  console.log(row('lookup + check_in', result.checkInRoundTrip));
  console.log(row('  first round (register written)', result.checkInFirstRound));
  console.log(row('  lookup', result.checkInLookup));
  console.log(row('  check_in', result.checkInCall));
  console.log(row('lookup + check_out', result.checkOutRoundTrip));
  console.log(row('  lookup', result.checkOutLookup));
  console.log(row('  check_out', result.checkOutCall));
  console.log(`register marks written by check-in: ${marked} of ${CHILDREN}`);
  const p95 = result.checkInRoundTrip.p95Ms;
  console.log(`check-in round trip p95 ${p95} ms: ${p95 < 300 ? 'within' : 'OVER'} the 300 ms target`);
  console.log(`saved to ${saveResults('kiosk', result)}`);
} finally {
  await server.stop();
}
