import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs } from '../../src/platform/db/schema.js';
import { createTestApp, type TestApp } from '../harness.js';

/** A failed job keeps what the log would write of its error: never the values of a query, always storable text. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a job that fails on a query keeps the SQL and code, not the values, and a null byte never stops the record', async () => {
  const queue = t.services.jobs;
  queue.handle('test-failing-query', async () => {
    await t.database.db.execute(sql`select ${'secret-value-9000000004'}::int`);
  });
  queue.handle('test-failing-text', async () => {
    throw new Error(`bad ${String.fromCharCode(0)} input \ud800 here`);
  });
  const now = t.clock.now();
  await queue.schedule('k1', 'test-failing-query', now, {});
  await queue.schedule('k2', 'test-failing-text', now, {});
  await queue.runDue();
  const rows = await t.database.db.select({ kind: jobs.kind, lastError: jobs.lastError }).from(jobs);
  const query = rows.find((r) => r.kind === 'test-failing-query')?.lastError ?? '';
  expect(query).toContain('Failed query');
  expect(query).toContain('22P02');
  expect(query).not.toContain('secret-value');
  const text = rows.find((r) => r.kind === 'test-failing-text')?.lastError ?? '';
  expect(text).toBe('bad  input \ufffd here');
});
