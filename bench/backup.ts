/**
 * npm run bench:backup [-- --media-gb 5 --scale 1]
 * Backup and restore of a large school: the large demo organization (seed/large.ts: 1,500 children with
 * families, a school year of attendance, observations, announcements, stories, chat and care) and
 * `media-gb` GB of stored files (photos of 1–4 MB, incompressible bytes as real JPEGs and videos are),
 * timed through `writeBackup` and `restoreBackup` (what `npm run backup` and `npm run restore` run).
 * Embedded by default; on PostgreSQL with DATABASE_URL (`scripts/with-postgres.sh`: pg_dump, pg_restore).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { backupName, restoreBackup, tableCounts, writeBackup } from '../apps/server/src/platform/backup.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { LocalStorage } from '../apps/server/src/platform/storage.js';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { seedLarge } from '../apps/server/src/seed/large.js';
import { arg, machine, saveResults } from './lib.js';

const mediaGb = arg('media-gb', 1);
const scale = arg('scale', 1);
const url = process.env.DATABASE_URL;
const work = await fs.mkdtemp(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'cue-bench-backup-'));
const mediaRoot = path.join(work, 'data', 'media');

const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));

try {
  let started = performance.now();
  const database = await openDatabase(
    url
      ? { kind: 'postgres', url, queryCache: false }
      : { kind: 'pglite', dataDir: path.join(work, 'data', 'db'), queryCache: false },
  );
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  await seedLarge(database.db, new Date(), { scale, objects: new LocalStorage(mediaRoot) });
  await database.analyze();
  const seeded = seconds(started);
  const counts = await tableCounts(database);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);

  // The files: photos of 1–4 MB in folders of a hundred, as uploads are kept.
  started = performance.now();
  let bytes = 0;
  let files = 0;
  while (bytes < mediaGb * 1e9) {
    const size = 1_000_000 + Math.floor(Math.random() * 3_000_000);
    const dir = path.join(mediaRoot, 'uploads', String(Math.floor(files / 100)));
    if (files % 100 === 0) await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, `${files}.jpg`), randomBytes(size));
    bytes += size;
    files++;
  }
  const mediaWritten = seconds(started);

  // Every stored file: the synthetic photos and the seed's own.
  const countFiles = async (dir: string) =>
    (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
  const storedFiles = await countFiles(mediaRoot);
  const file = path.join(work, 'backups', backupName(new Date()));
  const backup = await writeBackup({ database, media: mediaRoot, file });
  await database.close();

  started = performance.now();
  let restoredRows = 0;
  if (url) {
    const name = `cue_bench_restore_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    await restoreBackup(file, { kind: 'postgres', url: target.toString(), media: path.join(work, 'restored', 'media') });
    const restored = await openDatabase({ kind: 'postgres', url: target.toString(), queryCache: false });
    restoredRows = Object.values(await tableCounts(restored)).reduce((a, b) => a + b, 0);
    await restored.close();
    await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  } else {
    await restoreBackup(file, {
      kind: 'pglite',
      dbDir: path.join(work, 'restored', 'db'),
      media: path.join(work, 'restored', 'media'),
    });
    const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(work, 'restored', 'db'), queryCache: false });
    restoredRows = Object.values(await tableCounts(restored)).reduce((a, b) => a + b, 0);
    await restored.close();
  }
  const restoreSeconds = seconds(started);
  const restoredFiles = await countFiles(path.join(work, 'restored', 'media'));

  const result = {
    machine: machine(),
    database: url ? 'postgres' : 'pglite',
    school: { scale, students: counts.students, attendance: counts.student_attendance, observations: counts.observations, rows },
    seededSeconds: seeded,
    media: { files: storedFiles, syntheticGb: Number((bytes / 1e9).toFixed(2)), writtenSeconds: mediaWritten },
    backup: { seconds: Number(backup.seconds.toFixed(1)), archiveGb: Number((backup.bytes / 1e9).toFixed(2)) },
    restore: {
      seconds: restoreSeconds,
      rows: restoredRows,
      files: restoredFiles,
      complete: restoredRows === rows && restoredFiles === storedFiles,
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`results: ${saveResults(`backup-${result.database}`, result)}\n`);
} finally {
  await fs.rm(work, { recursive: true, force: true });
}
