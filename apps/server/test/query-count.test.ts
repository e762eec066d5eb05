import { ddmmyyyyFromIso as ddmmyyyy } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearEveryCache } from '../src/platform/cache.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, parentToken, staffToken, type TestApp } from './harness.js';

/**
 * The hot reads run a fixed number of statements whatever the size of the page (no statement per row),
 * and on the embedded database a repeated read is answered from the statement cache (decision 43).
 * Statements are counted in the database layer (`database.cache.stats`, every statement issued,
 * inside transactions too).
 */
let t: TestApp;
let tara: string;
let rohan: string;
let anita: string;
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const embedded = !process.env.DATABASE_URL;

beforeAll(async () => {
  t = await createTestApp();
  tara = await staffToken(t, '9000000003');
  rohan = await parentToken(t, '9000000004');
  anita = await staffToken(t, '9000000002');
});
afterAll(async () => t.close());

const yesterday = () => {
  const d = t.clock.now();
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** The hot reads and the most statements each may run for its page, with every cache cold. */
const HOT: { name: string; url: () => string; token: () => string; budget: number }[] = [
  { name: 'signed-in user', url: () => '/api/logined_user_details', token: () => tara, budget: 6 },
  { name: 'permissions', url: () => '/api/user_permissions/', token: () => tara, budget: 6 },
  { name: 'schools and classes', url: () => '/api/user_schools_classes/', token: () => tara, budget: 8 },
  { name: "staff's classes", url: () => '/api/staff_classes/', token: () => tara, budget: 10 },
  { name: 'a class', url: () => `/api/classes/${nurseryA}`, token: () => tara, budget: 8 },
  {
    name: "a day's attendance",
    url: () => `/api/class_student_attendance/${nurseryA}?date=${ddmmyyyy(yesterday())}`,
    token: () => tara,
    budget: 10,
  },
  {
    name: 'observations of a day',
    url: () => `/api/observations/?class_id=${nurseryA}&date=${ddmmyyyy(yesterday())}`,
    token: () => tara,
    budget: 10,
  },
  { name: "a parent's announcements", url: () => '/api/communication/announcements/', token: () => rohan, budget: 10 },
  { name: "staff's dashboard", url: () => '/api/dashboard/', token: () => tara, budget: 20 },
  { name: "an admin's dashboard (every class)", url: () => '/api/dashboard/', token: () => anita, budget: 20 },
  { name: "an admin's classes", url: () => '/api/staff_classes/', token: () => anita, budget: 10 },
  { name: "a parent's dashboard", url: () => '/api/dashboard/', token: () => rohan, budget: 22 },
  { name: "staff's chat list", url: () => '/api/chat/conversations', token: () => tara, budget: 10 },
  { name: "a parent's chat list", url: () => '/api/chat/conversations', token: () => rohan, budget: 10 },
];

/** Statements a request runs with every cache of the server cold, and with the statement cache warm. */
async function count(url: string, token: string) {
  const stats = t.database.cache.stats;
  // The two reads fall in one minute of the clock: what is asked for by the minute is asked for again.
  const intoMinute = t.clock.now().getTime() % 60_000;
  if (intoMinute > 50_000) t.clock.advance(60_000 - intoMinute + 1_000);
  t.database.cache.invalidate();
  clearEveryCache();
  const before = stats.statements;
  const cold = await t.request({ method: 'GET', url, headers: bearer(token) });
  expect(cold.statusCode, cold.body).toBe(200);
  const statements = stats.statements - before;
  const warmBefore = stats.misses + (stats.statements - stats.hits - stats.misses);
  // Time goes on between two requests, as it does on a real server.
  t.clock.advance(1_000);
  if (process.env.QUERY_TRACE)
    t.database.cache.trace = (text, answer) => answer !== 'hit' && console.log('warm', answer, text.slice(0, 200));
  const warm = await t.request({ method: 'GET', url, headers: bearer(token) });
  expect(warm.statusCode).toBe(200);
  expect(warm.json()).toEqual(cold.json());
  t.database.cache.trace = undefined;
  const uncached = stats.misses + (stats.statements - stats.hits - stats.misses) - warmBefore;
  return { statements, uncached };
}

describe('statements per request', () => {
  it('every hot read stays within its budget, and a repeated one runs none on the embedded database', async () => {
    const figures: Record<string, { statements: number; uncached: number }> = {};
    for (const hot of HOT) {
      const texts: string[] = [];
      if (process.env.QUERY_TRACE) t.database.cache.trace = (text, answer) => texts.push(`${answer}: ${text.slice(0, 160)}`);
      const c = await count(hot.url(), hot.token());
      t.database.cache.trace = undefined;
      if (process.env.QUERY_TRACE) console.log(hot.name, '\n  ', texts.join('\n   '));
      figures[hot.name] = c;
    }
    console.log(figures);
    for (const hot of HOT) {
      const c = figures[hot.name] ?? { statements: 0, uncached: 0 };
      expect(c.statements, `${hot.name}: ${c.statements} statements`).toBeLessThanOrEqual(hot.budget);
      if (embedded) expect(c.uncached, `${hot.name}: ${c.uncached} statements not from the cache when warm`).toBe(0);
    }
  });

  it('the count does not grow with the page: more children, marks, observations, announcements', async () => {
    const admin = anita;
    const day = yesterday();
    /** A class, n more children in Nursery A, every child marked yesterday, an observation of `observed` children, `announced` announcements. */
    const grow = async (n: number, observed: number, announced: number) => {
      // And a class, which the admin's dashboard shows.
      const created = await t.request({
        method: 'POST',
        url: '/api/classes/',
        headers: bearer(admin),
        payload: { class_name: `Counted ${n}` },
      });
      expect(created.statusCode, created.body).toBe(200);
      for (let i = 0; i < n; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/api/student/',
          headers: bearer(admin),
          payload: { first_name: `Count${n}x${i}`, last_name: 'Test', class_id: nurseryA },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const roster = (await t.request({ method: 'GET', url: `/api/classes/${nurseryA}`, headers: bearer(tara) })).json().result
        .my_class.student_list as { id: string }[];
      const marked = await t.request({
        method: 'POST',
        url: `/api/class_student_attendance/${nurseryA}`,
        headers: bearer(tara),
        payload: {
          date: ddmmyyyy(day),
          is_saved: false,
          student_attendance_list: roster.map((s) => ({ student_id: s.id, attendance_status: 'present' })),
        },
      });
      expect(marked.statusCode, marked.body).toBe(200);
      const entries = roster.slice(0, observed).map((s) => ({ student_id: s.id, date: ddmmyyyy(day), general_note: 'Counted' }));
      const res = await t.request({
        method: 'POST',
        url: '/api/observations/',
        headers: bearer(tara),
        payload: { class_id: nurseryA, observation_entries: entries },
      });
      expect(res.statusCode, res.body).toBe(200);
      for (let i = 0; i < announced; i++) {
        const posted = await t.request({
          method: 'POST',
          url: '/api/communication/announcements/',
          headers: bearer(tara),
          payload: { title: `Count ${n} ${i}`, summary: '<p>x</p>', share_with: 'Classes', classes_ids: [nurseryA] },
        });
        expect(posted.statusCode, posted.body).toBe(200);
      }
      return roster;
    };
    await grow(1, 1, 1);
    const before: { statements: number }[] = [];
    for (const hot of HOT) before.push(await count(hot.url(), hot.token()));
    const roster = await grow(10, 12, 4);
    expect(roster.some((s) => s.id === aarav)).toBe(true);
    for (const [i, hot] of HOT.entries()) {
      const after = await count(hot.url(), hot.token());
      expect(after.statements, `${hot.name}: ${before[i]?.statements} → ${after.statements}`).toBe(before[i]?.statements);
    }
  });
});
