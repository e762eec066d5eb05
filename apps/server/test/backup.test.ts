import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_JOB,
  BackupSchedule,
  backupName,
  listBackups,
  pruneBackups,
  RestoreRefused,
  restoreBackup,
  tableCounts,
  writeBackup,
} from '../src/platform/backup.js';
import { type Database, openDatabase } from '../src/platform/db/client.js';
import { LocalStorage } from '../src/platform/storage.js';
import { createTestApp, emptyPostgresDatabase, requester, staffToken, type TestApp } from './harness.js';

/** Backups (issue 30): the database and the stored files in one archive, restored whole into an empty place. */

let t: TestApp;
let work: string;
const req = requester(() => t);

beforeAll(async () => {
  t = await createTestApp();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'cue-backup-test-'));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(work, { recursive: true, force: true });
});

const mediaRoot = () => (t.services.storage.objects as LocalStorage).root;

/** Each table's rows and a digest of their content. */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, rows] of Object.entries(await tableCounts(database))) {
    const digest = (await database.db.execute(
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(table)} x`,
    )) as unknown as { rows: { h: string }[] };
    out[table] = `${rows}:${digest.rows[0]?.h}`;
  }
  return out;
}

describe('a backup', () => {
  it('restores into an empty place with every row and every file', async () => {
    // Something of today's: an announcement and two stored files, one in a nested folder.
    const anita = await staffToken(t, '9000000002');
    const made = await req('POST', '/api/communication/announcements/', anita, {
      title: 'Kept in the backup',
      summary: '<p>x</p>',
    });
    expect(made.statusCode, made.body).toBe(200);
    const photo = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await t.services.storage.objects.put('uploads/backup-test/photo.jpg', photo, 'image/jpeg');
    await t.services.storage.objects.put('exports/note.txt', Buffer.from('a note'), 'text/plain');

    const file = path.join(work, 'out', backupName(t.clock.now()));
    const result = await writeBackup({ database: t.database, mediaRoot: mediaRoot(), file });
    expect(result.manifest).toMatchObject({ version: 1, database: t.database.kind });
    expect(result.manifest.tables.communications).toBeGreaterThan(0);
    expect(result.manifest.media.files).toBeGreaterThanOrEqual(2);
    expect(result.bytes).toBeGreaterThan(0);
    await expect(fs.stat(`${file}.partial`)).rejects.toThrow();

    const before = await fingerprint(t.database);
    const target = path.join(work, 'restored');
    let restored: Database;
    let drop = async () => {};
    if (t.database.kind === 'pglite') {
      const manifest = await restoreBackup(file, {
        kind: 'pglite',
        dbDir: path.join(target, 'db'),
        mediaRoot: path.join(target, 'media'),
      });
      expect(manifest.tables).toEqual(result.manifest.tables);
      restored = await openDatabase({ kind: 'pglite', dataDir: path.join(target, 'db') });
    } else {
      const empty = await emptyPostgresDatabase();
      drop = empty.drop;
      await restoreBackup(file, { kind: 'postgres', url: empty.url, mediaRoot: path.join(target, 'media') });
      restored = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 2 });
    }
    try {
      expect(await fingerprint(restored)).toEqual(before);
      const titles = (await restored.db.execute(
        sql`select title from communications where title = 'Kept in the backup'`,
      )) as unknown as { rows: unknown[] };
      expect(titles.rows).toHaveLength(1);
    } finally {
      await restored.close();
      await drop();
    }
    const copy = new LocalStorage(path.join(target, 'media'));
    expect(await copy.read('uploads/backup-test/photo.jpg')).toEqual(photo);
    expect((await copy.read('exports/note.txt'))?.toString()).toBe('a note');
    const originals = await fs.readdir(mediaRoot(), { recursive: true });
    const copies = await fs.readdir(path.join(target, 'media'), { recursive: true });
    expect(copies.sort()).toEqual(originals.sort());
  });

  it('refuses a place that is not empty, and a backup of the other database', async () => {
    const file = path.join(work, 'refuse', backupName(new Date()));
    await writeBackup({ database: t.database, mediaRoot: mediaRoot(), file });
    const used = path.join(work, 'used');
    await fs.mkdir(path.join(used, 'media'), { recursive: true });
    await fs.writeFile(path.join(used, 'media', 'keep.txt'), 'mine');
    await fs.mkdir(path.join(used, 'db'), { recursive: true });
    await fs.writeFile(path.join(used, 'db', 'PG_VERSION'), '17');
    await expect(
      restoreBackup(file, { kind: 'pglite', dbDir: path.join(used, 'db'), mediaRoot: path.join(work, 'fresh-media') }),
    ).rejects.toThrow(RestoreRefused);
    await expect(
      restoreBackup(file, { kind: 'pglite', dbDir: path.join(work, 'fresh-db'), mediaRoot: path.join(used, 'media') }),
    ).rejects.toThrow(RestoreRefused);
    expect(await fs.readFile(path.join(used, 'media', 'keep.txt'), 'utf8')).toBe('mine');
    if (t.database.kind === 'postgres') {
      // A database with tables: this test's own.
      await expect(
        restoreBackup(file, { kind: 'postgres', url: t.database.url ?? '', mediaRoot: path.join(work, 'pg-media') }),
      ).rejects.toThrow(RestoreRefused);
      await expect(
        restoreBackup(file, { kind: 'pglite', dbDir: path.join(work, 'other-db'), mediaRoot: path.join(work, 'other-media') }),
      ).rejects.toThrow(/same kind/);
    } else {
      const empty = path.join(work, 'kind');
      await expect(
        restoreBackup(file, { kind: 'postgres', url: 'postgres://127.0.0.1:1/none', mediaRoot: path.join(empty, 'media') }),
      ).rejects.toThrow();
    }
  });

  it('writes no file outside the media folder, whatever the archive names', async () => {
    const file = path.join(work, 'crafted.tar.gz');
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(file));
    pack.entry(
      { name: 'manifest.json' },
      JSON.stringify({ version: 1, database: 'pglite', tables: {}, media: { files: 0, bytes: 0 } }),
    );
    pack.entry({ name: 'media/../../escaped.txt' }, 'x');
    pack.entry({ name: 'media//absolute.txt' }, 'x');
    pack.finalize();
    await written;
    const target = path.join(work, 'crafted');
    await expect(
      restoreBackup(file, { kind: 'pglite', dbDir: path.join(target, 'db'), mediaRoot: path.join(target, 'media') }),
    ).rejects.toThrow(/not a backup/);
    await expect(fs.stat(path.join(work, 'escaped.txt'))).rejects.toThrow();
    await expect(fs.stat(path.join(target, 'escaped.txt'))).rejects.toThrow();
  });

  it('keeps the newest backups of a folder and deletes the older ones', async () => {
    const dir = path.join(work, 'kept');
    await fs.mkdir(dir, { recursive: true });
    const names = [1, 2, 3, 4].map((d) => backupName(new Date(Date.UTC(2026, 10, d, 2))));
    for (const name of names) await fs.writeFile(path.join(dir, name), 'x');
    await fs.writeFile(path.join(dir, 'notes.txt'), 'not a backup');
    const deleted = await pruneBackups(dir, 2);
    expect(deleted.map((f) => path.basename(f)).sort()).toEqual(names.slice(0, 2));
    expect((await listBackups(dir)).map((f) => path.basename(f))).toEqual([names[3], names[2]]);
    expect(await fs.readFile(path.join(dir, 'notes.txt'), 'utf8')).toBe('not a backup');
  });
});

describe('the scheduled backup', () => {
  it('is a job of the queue that writes a backup, keeps the newest and schedules the next', async () => {
    const dir = path.join(work, 'scheduled');
    const schedule = new BackupSchedule({
      database: t.database,
      mediaRoot: mediaRoot(),
      dir,
      everyHours: 6,
      keep: 2,
      now: () => t.clock.now(),
    });
    const at = new Date(Date.UTC(2026, 10, 28, 13, 20));
    expect(schedule.nextAt(at).toISOString()).toBe('2026-11-28T18:00:00.000Z');
    for (let n = 0; n < 3; n++) {
      await schedule.run();
      t.clock.advance(6 * 3_600_000);
    }
    const kept = await listBackups(dir);
    expect(kept).toHaveLength(2);
    await schedule.schedule(t.services.jobs);
    const rows = (await t.database.db.execute(
      sql`select run_at from jobs where key = ${BACKUP_JOB} and status = 'pending'`,
    )) as unknown as { rows: { run_at: Date | string }[] };
    expect(rows.rows).toHaveLength(1);
    expect(new Date(rows.rows[0]?.run_at ?? 0).getTime()).toBe(schedule.nextAt(t.clock.now()).getTime());
  });
});
