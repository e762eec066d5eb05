import { ddmmyyyyFromIso } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, staffToken, type TestApp } from './harness.js';

const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');

const yesterday = (t: TestApp) => {
  const d = t.clock.now();
  d.setUTCDate(d.getUTCDate() - 1);
  return ddmmyyyyFromIso(d.toISOString().slice(0, 10));
};

/** Aarav's mark of the day as one instance answers it. */
const markOn = async (t: TestApp, token: string, date: string) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/class_student_attendance/${nurseryA}?date=${date}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  const list = res.json().result.student_attendance_list as { student_id: string; attendance_status: string }[];
  return list.find((s) => s.student_id === aarav)?.attendance_status;
};

const save = (t: TestApp, token: string, date: string, status: string) =>
  t.request({
    method: 'POST',
    url: `/api/class_student_attendance/${nurseryA}`,
    headers: bearer(token),
    payload: { date, is_saved: false, student_attendance_list: [{ student_id: aarav, attendance_status: status }] },
  });

/** The statement cache of two instances on one PostgreSQL database (decision 43). */
describe.skipIf(!process.env.DATABASE_URL)('the statement cache across instances', () => {
  it('a write through one instance empties the cache of the other within moments', async () => {
    const first = await createTestApp();
    const second = await createTestApp({}, { sameDatabaseAs: first });
    try {
      // Each instance listens for the other's writes before it caches anything.
      for (let i = 0; i < 50 && !(first.database.cache.enabled && second.database.cache.enabled); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(first.database.cache.enabled && second.database.cache.enabled).toBe(true);
      const tara = await staffToken(first, '9000000003');
      const date = yesterday(first);
      expect((await save(first, tara, date, 'present')).statusCode).toBe(200);
      // Read twice on the second instance: the second answer comes from memory (its kept answer, or
      // its statement cache), with no statement the cache does not answer.
      expect(await markOn(second, tara, date)).toBe('present');
      const misses = second.database.cache.stats.misses;
      expect(await markOn(second, tara, date)).toBe('present');
      expect(second.database.cache.stats.misses).toBe(misses);
      // A save through the first instance reaches the second's readers.
      expect((await save(first, tara, date, 'absent')).statusCode).toBe(200);
      let seen: string | undefined;
      const started = Date.now();
      while (Date.now() - started < 3_000) {
        seen = await markOn(second, tara, date);
        if (seen === 'absent') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toBe('absent');
      // And the writer reads its own write at once.
      expect((await save(second, tara, date, 'late')).statusCode).toBe(200);
      expect(await markOn(second, tara, date)).toBe('late');
    } finally {
      await second.close();
      await first.close();
    }
  });
});
