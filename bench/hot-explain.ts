/**
 * npm run bench:hot:explain (or with scripts/with-postgres.sh for PostgreSQL)
 * The statements each hot read of bench/hot.ts sends to the database, on the large demo organization,
 * counted with every cache cold (and, warm, how many the statement cache does not answer), each
 * explained with its values (EXPLAIN ANALYZE, BUFFERS) into bench/hot-explain.txt, one section per
 * database. The server runs in this process on a fresh data directory (or DATABASE_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearEveryCache } from '../apps/server/src/platform/cache.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { buildApp } from '../apps/server/src/platform/http/app.js';
import { ephemeralSecrets } from '../apps/server/src/platform/secrets.js';
import { MemorySmsProvider } from '../apps/server/src/platform/sms/provider.js';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { LARGE, seedLarge } from '../apps/server/src/seed/large.js';
import { hotReads, lastSchoolDay } from './hot-reads.js';
import { machine, saveResults, writeExplain } from './lib.js';

const postgres = process.env.DATABASE_URL;
const database = postgres ? 'postgres' : 'pglite';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-hot-explain-'));
const handle = await openDatabase(
  postgres ? { kind: 'postgres', url: postgres } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
);
try {
  await handle.migrate();
  await seedDemoIfEmpty(handle.db);
  const seeded = await seedLarge(handle.db, new Date());
  await handle.analyze();
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    SEED: 'large',
  });
  const { app } = await buildApp({ config, database: handle, secrets: ephemeralSecrets(), sms: new MemorySmsProvider() });
  await app.ready();
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const signIn = async (phone: string, side: 'staff_user' | 'parent_user' = 'staff_user') => {
    const { message: reqId } = await post('/api/otp/send', { phno: `91${phone}` });
    const { message: otpToken } = await post('/api/otp/verify', { reqId, otp: '123456' });
    const login = await post('/api/logged_in_user_phone_verification/', { otp_jwt_token: otpToken, phone_number: phone });
    return login.result[side].access_token as string;
  };
  const teacher = await signIn(LARGE.phones.teacher);
  const admin = await signIn(LARGE.phones.admins[0]);
  const parent = await signIn(LARGE.phones.parent, 'parent_user');
  const day = lastSchoolDay();
  const reads = hotReads({ teacher, admin, parent }, day).map((r) => ({ name: r.name, url: r.path, token: r.token }));
  const client = (
    handle.db as unknown as { $client: { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, string>[] }> } }
  ).$client;
  const sections: string[] = [`${new Date().toISOString()} · ${database} · the large demo organization, day ${day}`, ''];
  const counts: { name: string; statements: number; uncachedWhenWarm: number }[] = [];
  for (const r of reads) {
    const sent: { text: string; values: unknown }[] = [];
    clearEveryCache();
    handle.cache.invalidate();
    handle.cache.trace = (text, _answer, values) => sent.push({ text, values });
    const res = await app.inject({ method: 'GET', url: r.url, headers: { authorization: `Bearer ${r.token}` } });
    if (res.statusCode !== 200) throw new Error(`${r.name}: ${res.statusCode}`);
    let uncached = 0;
    handle.cache.trace = (_text, answer) => {
      if (answer !== 'hit') uncached++;
    };
    await app.inject({ method: 'GET', url: r.url, headers: { authorization: `Bearer ${r.token}` } });
    handle.cache.trace = undefined;
    counts.push({ name: r.name, statements: sent.length, uncachedWhenWarm: uncached });
    sections.push(
      `##### ${r.name}: GET ${r.url.split('?')[0]} · ${sent.length} statements cold, ${uncached} not from the cache warm`,
      '',
    );
    for (const [i, s] of sent.entries()) {
      if (!/^\s*(select|with)\b/i.test(s.text)) continue;
      const plan = await client.query(`explain (analyze, buffers) ${s.text}`, (s.values as unknown[] | undefined) ?? []);
      sections.push(
        `--- ${i + 1}. ${s.text.replace(/\s+/g, ' ').slice(0, 300)}`,
        ...plan.rows.map((row) => Object.values(row)[0] ?? ''),
        '',
      );
    }
  }
  console.table(counts);
  const file = writeExplain('bench/hot-explain.txt', database, sections.join('\n'));
  console.log('explained', file);
  console.log(
    'saved',
    saveResults(`hot-statements-${database}`, { machine: machine(), database, seedSeconds: seeded.seconds, counts }),
  );
  await app.close();
} finally {
  // Closing the app closed the database; close it here when the app never started.
  await handle.close().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
