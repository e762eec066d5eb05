/**
 * Issuing a month's invoices (issue 26's figure): 1,000 children in 20 classes billed by one monthly
 * structure (3 items) with 2 discounts; the preview (POST /api/fees/runs) and the issue
 * (POST /api/fees/runs/:id/issue) timed over HTTP against the real server.
 *
 *   node --import tsx bench/fees-invoicing.ts [--children 1000] [--classes 20] [--port N]
 *
 * Starts the real server on a fresh embedded database (PGlite; or on DATABASE_URL when set — the figure
 * to report is PostgreSQL's: `scripts/with-postgres.sh npm run bench:fees`). As Anita (admin) it adds the
 * classes and imports the children with a parent each (the students' import), then adds the structure and
 * the discounts (sibling 10 % on tuition; an amount off). The first month also makes the families' fee
 * accounts; the next month's run is timed too (accounts already there).
 */
import { createServer } from 'node:net';
import { arg, machine, saveResults, signIn, startServer } from './lib.js';

const CHILDREN = arg('children', 1000);
const CLASSES = arg('classes', 20);
const ADMIN = '9000000002'; // Anita Desai, admin of Sunrise (demo school)
const DEMO_NUMBERS = [1, 2, 3, 4, 5, 6].map((n) => `900000000${n}`);
const parentPhone = (i: number) => `6${String(i).padStart(9, '0')}`;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

async function call<T>(base: string, token: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(base + p, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const port = arg('port', 0) || (await freePort());
const server = await startServer(port, { OTP_TEST_NUMBERS: DEMO_NUMBERS.map((p) => `${p}:123456`).join(',') });
const base = server.url;
try {
  const admin = await signIn(base, ADMIN);
  const perClass = Math.ceil(CHILDREN / CLASSES);
  const classIds: string[] = [];
  const setupStart = performance.now();
  for (let c = 0; c < CLASSES; c++) {
    const name = `Fees bench ${c + 1} ${Date.now()}`;
    const created = await call<{ result: { id: string } }>(base, admin, 'POST', '/api/classes/', {
      class_name: name,
      classes_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      start_time: '09:00',
      end_time: '15:00',
    });
    classIds.push(created.result.id);
    const lines = [
      'first_name,last_name,class_name,parent_first_name,parent_last_name,parent_phone,parent_email,parent_relation',
    ];
    for (let i = c * perClass; i < Math.min(CHILDREN, (c + 1) * perClass); i++)
      lines.push(
        `Kid${i},Bench${Math.floor(i / 2)},${name},Parent${Math.floor(i / 2)},Bench,${parentPhone(Math.floor(i / 2))},fees-parent${Math.floor(i / 2)}@bench.example,mother`,
      );
    const form = new FormData();
    form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'students.csv');
    const res = await fetch(`${base}/api/import/students/commit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`);
  }
  await call(base, admin, 'POST', '/api/fees/structures', {
    name: 'Bench monthly',
    billing_cycle: 'monthly',
    due_day: 5,
    class_ids: classIds,
    items: [
      { kind: 'tuition', name: 'Tuition', amount: 1_200_000 },
      { kind: 'meals', name: 'Meals', amount: 250_000 },
      { kind: 'late_pickup', name: 'Late pick-up', amount: 30_000 },
    ],
  });
  await call(base, admin, 'POST', '/api/fees/discounts', {
    name: 'Sibling',
    kind: 'sibling',
    mode: 'percent',
    value: 1000,
    item_kinds: ['tuition'],
    position: 1,
    reason: 'Second child',
  });
  await call(base, admin, 'POST', '/api/fees/discounts', {
    name: 'Transport waiver',
    kind: 'other',
    mode: 'amount',
    value: 50_000,
    position: 2,
    reason: 'Bench',
  });
  const setupMs = performance.now() - setupStart;
  const day = new Date();
  const periodDate = `${String(day.getUTCDate()).padStart(2, '0')}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${day.getUTCFullYear()}`;

  const t0 = performance.now();
  const preview = await call<{ result: { _id: string; invoices: number; total: number } }>(
    base,
    admin,
    'POST',
    '/api/fees/runs',
    {
      billing_cycle: 'monthly',
      period_date: periodDate,
      class_ids: classIds,
    },
  );
  const t1 = performance.now();
  const issued = await call<{ result: { status: string; invoices: number } }>(
    base,
    admin,
    'POST',
    `/api/fees/runs/${preview.result._id}/issue`,
  );
  const t2 = performance.now();
  if (issued.result.status !== 'issued' || issued.result.invoices !== CHILDREN)
    throw new Error(`expected ${CHILDREN} issued, got ${issued.result.invoices}`);
  // The next month: the families' accounts exist now (the first run made them), as on every later month.
  const next = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 10));
  const nextDate = `10-${String(next.getUTCMonth() + 1).padStart(2, '0')}-${next.getUTCFullYear()}`;
  const t3 = performance.now();
  const preview2 = await call<{ result: { _id: string } }>(base, admin, 'POST', '/api/fees/runs', {
    billing_cycle: 'monthly',
    period_date: nextDate,
    class_ids: classIds,
  });
  const t4 = performance.now();
  await call(base, admin, 'POST', `/api/fees/runs/${preview2.result._id}/issue`);
  const t5 = performance.now();
  const result = {
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    children: CHILDREN,
    classes: CLASSES,
    invoices: preview.result.invoices,
    setupMs: Math.round(setupMs),
    previewMs: Math.round(t1 - t0),
    issueMs: Math.round(t2 - t1),
    totalMs: Math.round(t2 - t0),
    nextMonth: { previewMs: Math.round(t4 - t3), issueMs: Math.round(t5 - t4), totalMs: Math.round(t5 - t3) },
    machine: machine(),
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`saved ${saveResults('fees-invoicing', result)}`);
} finally {
  await server.stop();
}
