import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
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
import { LocalStorage, S3Storage } from '../src/platform/storage.js';
import { createTestApp, emptyPostgresDatabase, requester, staffToken, type TestApp } from './harness.js';

/** Backups (issue 30): the database and the stored files in one archive, restored whole into an empty place. */

/** s3rver ships no types: the part of it these tests use. */
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverServer;

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
    const result = await writeBackup({ database: t.database, media: mediaRoot(), file });
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
        media: path.join(target, 'media'),
      });
      expect(manifest.tables).toEqual(result.manifest.tables);
      restored = await openDatabase({ kind: 'pglite', dataDir: path.join(target, 'db') });
    } else {
      const empty = await emptyPostgresDatabase();
      drop = empty.drop;
      await restoreBackup(file, { kind: 'postgres', url: empty.url, media: path.join(target, 'media') });
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
    await writeBackup({ database: t.database, media: mediaRoot(), file });
    const used = path.join(work, 'used');
    await fs.mkdir(path.join(used, 'media'), { recursive: true });
    await fs.writeFile(path.join(used, 'media', 'keep.txt'), 'mine');
    await fs.mkdir(path.join(used, 'db'), { recursive: true });
    await fs.writeFile(path.join(used, 'db', 'PG_VERSION'), '17');
    await expect(
      restoreBackup(file, { kind: 'pglite', dbDir: path.join(used, 'db'), media: path.join(work, 'fresh-media') }),
    ).rejects.toThrow(RestoreRefused);
    await expect(
      restoreBackup(file, { kind: 'pglite', dbDir: path.join(work, 'fresh-db'), media: path.join(used, 'media') }),
    ).rejects.toThrow(RestoreRefused);
    expect(await fs.readFile(path.join(used, 'media', 'keep.txt'), 'utf8')).toBe('mine');
    if (t.database.kind === 'postgres') {
      // A database with tables: this test's own.
      await expect(
        restoreBackup(file, { kind: 'postgres', url: t.database.url ?? '', media: path.join(work, 'pg-media') }),
      ).rejects.toThrow(RestoreRefused);
      await expect(
        restoreBackup(file, { kind: 'pglite', dbDir: path.join(work, 'other-db'), media: path.join(work, 'other-media') }),
      ).rejects.toThrow(/same kind/);
    } else {
      const empty = path.join(work, 'kind');
      await expect(
        restoreBackup(file, { kind: 'postgres', url: 'postgres://127.0.0.1:1/none', media: path.join(empty, 'media') }),
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
      restoreBackup(file, { kind: 'pglite', dbDir: path.join(target, 'db'), media: path.join(target, 'media') }),
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
      media: mediaRoot(),
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

describe('a backup of files in an S3-compatible bucket', () => {
  let store: S3rverServer;
  let bucket: S3Storage;
  let other: S3Storage;

  beforeAll(async () => {
    // A local S3-compatible server on a free port, with the app's bucket and a second one.
    store = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(work, 's3') });
    const { port } = await store.run();
    const settings = {
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
    };
    bucket = new S3Storage({ ...settings, bucket: 'cue-media' });
    other = new S3Storage({ ...settings, bucket: 'cue-other' });
    await bucket.ensureBucket();
    await other.ensureBucket();
  });
  afterAll(async () => {
    bucket?.destroy();
    other?.destroy();
    await store?.close();
  });

  /** Every object of a bucket: its bytes and content type by key. */
  async function objectsOf(of: S3Storage): Promise<Map<string, { bytes: Buffer; type: string | undefined }>> {
    const found = new Map<string, { bytes: Buffer; type: string | undefined }>();
    for await (const { key } of of.list()) {
      const object = await of.open(key);
      if (!object) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      found.set(key, { bytes: Buffer.concat(chunks), type: object.contentType });
    }
    return found;
  }

  /** Restores `file` into an empty database of the test's kind and `media`; answers the manifest. */
  async function restoreInto(file: string, media: string | S3Storage, name: string) {
    if (t.database.kind === 'pglite') return restoreBackup(file, { kind: 'pglite', dbDir: path.join(work, name, 'db'), media });
    const empty = await emptyPostgresDatabase();
    try {
      return await restoreBackup(file, { kind: 'postgres', url: empty.url, media });
    } finally {
      await empty.drop();
    }
  }

  it('holds every object of the bucket, and puts each back with the same bytes and type', async () => {
    // Photos, a video of a few megabytes, a PDF and an empty file, some in nested folders.
    const uploaded = new Map<string, { bytes: Buffer; type: string }>([
      [
        'uploads/s3-test/photo.webp',
        { bytes: Buffer.from(Array.from({ length: 90_000 }, (_, i) => i % 253)), type: 'image/webp' },
      ],
      ['uploads/s3-test/thumb.webp', { bytes: Buffer.from('a small thumbnail'), type: 'image/webp' }],
      ['videos/2026/11/clip.mp4', { bytes: Buffer.alloc(3_000_000, 7), type: 'video/mp4' }],
      ['reports/card.pdf', { bytes: Buffer.from('%PDF-1.7 a report card'), type: 'application/pdf' }],
      ['exports/empty.csv', { bytes: Buffer.alloc(0), type: 'text/csv' }],
    ]);
    for (const [key, { bytes, type }] of uploaded) await bucket.put(key, bytes, type);

    // The bucket is read a page at a time.
    const listed: string[] = [];
    for await (const { key } of bucket.list(2)) listed.push(key);
    expect(listed).toEqual([...uploaded.keys()].sort());

    const file = path.join(work, 's3-out', backupName(new Date()));
    const result = await writeBackup({ database: t.database, media: bucket, file });
    expect(result.manifest.media).toEqual({
      files: uploaded.size,
      bytes: [...uploaded.values()].reduce((sum, o) => sum + o.bytes.length, 0),
    });
    expect(result.manifest.tables.users).toBeGreaterThan(0);

    // The bucket emptied (a lost store), then the backup restored into it with a fresh database.
    for (const key of uploaded.keys()) await bucket.remove(key);
    expect(await bucket.isEmpty()).toBe(true);
    const manifest = await restoreInto(file, bucket, 's3-restored');
    expect(manifest.media.files).toBe(uploaded.size);
    const back = await objectsOf(bucket);
    expect([...back.keys()].sort()).toEqual([...uploaded.keys()].sort());
    for (const [key, { bytes, type }] of uploaded) {
      expect(back.get(key)?.bytes.equals(bytes), key).toBe(true);
      expect(back.get(key)?.type, key).toBe(type);
    }

    // A bucket with objects is refused, and left as it was.
    await expect(restoreInto(file, bucket, 's3-again')).rejects.toThrow(RestoreRefused);
    expect((await objectsOf(bucket)).size).toBe(uploaded.size);

    // The same archive restores into a folder, for a server without S3_*.
    const folder = path.join(work, 's3-to-disk', 'media');
    await restoreInto(file, folder, 's3-to-disk');
    const copy = new LocalStorage(folder);
    for (const [key, { bytes }] of uploaded) expect((await copy.read(key))?.equals(bytes), key).toBe(true);
  }, 60_000);

  it('puts files backed up from a folder into a bucket, with their type from their name', async () => {
    const file = path.join(work, 'disk-to-s3', backupName(new Date()));
    await t.services.storage.objects.put('uploads/disk/picture.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const result = await writeBackup({ database: t.database, media: mediaRoot(), file });
    await restoreInto(file, other, 'disk-to-s3');
    const back = await objectsOf(other);
    expect(back.size).toBe(result.manifest.media.files);
    expect(back.get('uploads/disk/picture.jpg')).toEqual({ bytes: Buffer.from('jpeg bytes'), type: 'image/jpeg' });
  }, 60_000);
});
