import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../src/platform/db/client.js';
import { seedDemoIfEmpty } from '../src/seed/demo.js';
import { TEMPLATE_DB } from './template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Builds the migrated, seeded template database once per run. On PGlite it is dumped to a file that
 * each test file loads (about 0.4 s); on PostgreSQL it is a template database each file copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'cue_test_%'");
    for (const r of rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
    await admin.query(`drop database if exists "${TEMPLATE_DB}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DB}"`);
    await admin.end();
    const template = new URL(url);
    template.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ kind: 'postgres', url: template.toString(), poolSize: 1 });
    await database.migrate();
    await seedDemoIfEmpty(database.db);
    await database.close();
    project.provide('pgliteTemplate', '');
    return async () => {};
  }
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  const blob = await dumpPglite(database);
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-test-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
