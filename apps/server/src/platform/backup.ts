import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar-stream';
import { type Database, dumpPglite } from './db/client.js';
import { isKey, type S3Storage } from './storage.js';

/*
 * Backups (issue 30): one `.tar` holding the database and the uploaded files, consistent with each
 * other, for either database and either place of the files. The database's dump is compressed; the
 * files are stored as they are (photos, videos and PDFs are compressed already: gzip would spend a core
 * for almost nothing).
 *
 *   database/pglite.tar.gz the embedded database's data directory (PGlite's own dump), or
 *   database/postgres.dump pg_dump's custom format
 *   media/<key>            every stored file: DATA_DIR/media's, or the S3-compatible bucket's objects
 *                          (their content type in the entry's pax record of the `user.mime_type` attribute)
 *   manifest.json          what is inside: the database's kind, each table's rows, the files
 *
 * The database is dumped first, then the files are copied: a file is only ever deleted once no row
 * refers to it (the media cleanup), and stored files never change, so every file the dump refers to is
 * in the archive. A file deleted while the backup runs is one no row names: it is left out, and the
 * manifest, written last, counts the files the archive holds. The archive is written beside its name
 * and renamed when complete: a backup that stopped half way never looks like one.
 */

export const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';
const PGLITE_ENTRY = 'database/pglite.tar.gz';
const POSTGRES_ENTRY = 'database/postgres.dump';
const MEDIA_PREFIX = 'media/';
/**
 * The pax record of a media entry that keeps the object's content type: the extended attribute
 * freedesktop.org names for a file's type, as tar writes extended attributes (`tar --xattrs` sets it on
 * the files it extracts, and tar reads it without a warning).
 */
const CONTENT_TYPE = 'SCHILY.xattr.user.mime_type';

/** An entry's header with its pax records (tar-stream writes and reads them; its types leave them out). */
type PaxHeaders = tar.Headers & { pax?: Record<string, string> };

/** Where the stored files are: a folder (DATA_DIR/media) or an S3-compatible bucket. */
export type MediaPlace = string | S3Storage;

/** A stored file's content type from its name, for files restored into a bucket from a folder. */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
  csv: 'text/csv',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const typeOf = (key: string): string => TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';

export interface BackupManifest {
  version: number;
  created_at: string;
  database: 'pglite' | 'postgres';
  /** Rows of each table when the backup began (a live server may add some before the dump). */
  tables: Record<string, number>;
  media: { files: number; bytes: number };
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  bytes: number;
  seconds: number;
}

/** Each table of the application's schema with its rows. */
export async function tableCounts(database: Database): Promise<Record<string, number>> {
  const listed = (await database.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of listed.rows) {
    const counted = (await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`)) as unknown as {
      rows: { n: number }[];
    };
    counts[name] = counted.rows[0]?.n ?? 0;
  }
  return counts;
}

/** Every file under `root`, as paths relative to it with '/' between parts. */
async function filesUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, `${prefix}${entry.name}/`);
      else if (entry.isFile()) found.push(`${prefix}${entry.name}`);
    }
  };
  await walk(root, '');
  return found.sort();
}

/** Runs a program to its end; rejects with its error output when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (err) => reject(new Error(`${command}: ${err.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`))));
  });
}

/** A connection string's password travels in the environment, not on a command line others can read. */
function pgArgs(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env = { ...process.env };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { args: [`--dbname=${parsed.toString()}`], env };
}

/** Adds one entry whose bytes come from a file (streamed: a large database or video never sits in memory). */
async function addFile(pack: tar.Pack, name: string, file: string, size: number): Promise<void> {
  const entry = pack.entry({ name, size, mode: 0o600 });
  await pipeline(createReadStream(file), entry);
}

/**
 * Adds the stored files under `media/`, each read whole or left out when it is gone; answers how many
 * were added and their bytes.
 */
async function addMedia(pack: tar.Pack, media: MediaPlace): Promise<{ files: number; bytes: number }> {
  const added = { files: 0, bytes: 0 };
  if (typeof media === 'string') {
    for (const key of await filesUnder(media)) {
      // Opened before its size is read: a file deleted afterwards is still read whole.
      const handle = await fs.open(path.join(media, key), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) continue;
      try {
        const { size } = await handle.stat();
        const entry = pack.entry({ name: `${MEDIA_PREFIX}${key}`, size, mode: 0o600 });
        await pipeline(handle.createReadStream({ autoClose: false }), entry);
        added.files += 1;
        added.bytes += size;
      } finally {
        await handle.close();
      }
    }
  } else {
    for await (const { key } of media.list()) {
      const object = await media.open(key);
      if (!object) continue;
      const header: PaxHeaders = { name: `${MEDIA_PREFIX}${key}`, size: object.size, mode: 0o600 };
      if (object.contentType) header.pax = { [CONTENT_TYPE]: object.contentType };
      const entry = pack.entry(header);
      await pipeline(object.body, entry);
      added.files += 1;
      added.bytes += object.size;
    }
  }
  return added;
}

/** Writes a backup of `database` and the stored files of `media` to `file`. */
export async function writeBackup(options: {
  database: Database;
  media: MediaPlace;
  file: string;
  now?: Date;
}): Promise<BackupResult> {
  const started = performance.now();
  const { database, media, file } = options;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'cue-backup-'));
  const partial = `${file}.partial`;
  try {
    const tables = await tableCounts(database);
    // The database first (see above), to a file of its own.
    const dump = path.join(work, 'database');
    if (database.kind === 'pglite') {
      const blob = await dumpPglite(database, 'gzip');
      await fs.writeFile(dump, Buffer.from(await blob.arrayBuffer()));
    } else {
      if (!database.url) throw new Error('The PostgreSQL database has no address to dump');
      const { args, env } = pgArgs(database.url);
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`, ...args], env);
    }
    const pack = tar.pack();
    const written = pipeline(pack, createWriteStream(partial, { mode: 0o600 }));
    let manifest: BackupManifest;
    try {
      await addFile(pack, database.kind === 'pglite' ? PGLITE_ENTRY : POSTGRES_ENTRY, dump, (await fs.stat(dump)).size);
      manifest = {
        version: BACKUP_VERSION,
        created_at: (options.now ?? new Date()).toISOString(),
        database: database.kind,
        tables,
        media: await addMedia(pack, media),
      };
    } catch (err) {
      // A store that failed half way leaves a broken entry: the archive is not kept.
      pack.destroy(err as Error);
      await written.catch(() => undefined);
      throw err;
    }
    pack.entry({ name: MANIFEST, mode: 0o600 }, JSON.stringify(manifest, null, 2));
    pack.finalize();
    await written;
    await fs.rename(partial, file);
    return { file, manifest, bytes: (await fs.stat(file)).size, seconds: (performance.now() - started) / 1000 };
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * Where a backup is restored: an embedded database's data directory, or a PostgreSQL database; and the
 * files' folder or bucket.
 */
export type RestoreTarget =
  | { kind: 'pglite'; dbDir: string; media: MediaPlace }
  | { kind: 'postgres'; url: string; media: MediaPlace };

export class RestoreRefused extends Error {}

/** A media entry's key, or null when it would land outside the media folder. */
function safeKey(name: string): string | null {
  const key = name.slice(MEDIA_PREFIX.length);
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '')) return null;
  return key;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  const entries = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries.length === 0;
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    return (result.rows[0]?.n ?? 0) === 0;
  } finally {
    await client.end();
  }
}

const kindMismatch = (kind: 'pglite' | 'postgres') =>
  `This backup is of ${kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}: restore it into the same kind`;

/**
 * Restores a backup into an empty target: an embedded data directory that does not exist yet or is
 * empty, or a PostgreSQL database without tables, and an empty media folder or bucket. Anything else is refused
 * (nothing is overwritten). Answers the backup's manifest.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<BackupManifest> {
  if (target.kind === 'pglite' && !(await isEmptyDir(target.dbDir)))
    throw new RestoreRefused(`${target.dbDir} is not empty: restore into an empty data directory`);
  if (target.kind === 'postgres' && !(await postgresIsEmpty(target.url)))
    throw new RestoreRefused('The PostgreSQL database has tables: restore into an empty database');
  const media = target.media;
  if (typeof media === 'string' && !(await isEmptyDir(media)))
    throw new RestoreRefused(`${media} is not empty: restore into an empty data directory`);
  if (typeof media !== 'string' && !(await media.isEmpty()))
    throw new RestoreRefused(`The bucket ${media.settings.bucket} is not empty: restore into an empty bucket`);

  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'cue-restore-'));
  try {
    let manifest: BackupManifest | null = null;
    let dump: { kind: 'pglite' | 'postgres'; file: string } | null = null;
    const extract = tar.extract();
    extract.on('entry', (header, stream, next) => {
      const done = (err?: unknown) => (err ? next(err) : next());
      const name = header.name;
      if (header.type !== 'file') {
        stream.resume();
        stream.on('end', () => done());
        return;
      }
      if (name === MANIFEST) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          try {
            manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
            done();
          } catch (err) {
            done(err);
          }
        });
        return;
      }
      let to: string | null = null;
      if (name === PGLITE_ENTRY || name === POSTGRES_ENTRY) {
        const kind = name === PGLITE_ENTRY ? 'pglite' : 'postgres';
        // Refused before any file is written (the dump comes before the files).
        if (kind !== target.kind) {
          // The entry is ended with the extraction: its error is the refusal's.
          stream.on('error', () => undefined);
          done(new RestoreRefused(kindMismatch(kind)));
          return;
        }
        to = path.join(work, 'database');
        dump = { kind, file: to };
      } else if (name.startsWith(MEDIA_PREFIX)) {
        const key = safeKey(name);
        if (key && typeof media !== 'string' && isKey(key)) {
          const contentType = (header as PaxHeaders).pax?.[CONTENT_TYPE] ?? typeOf(key);
          // tar-stream's entries are not Node's streams, which the S3 client reads.
          media.putStream(key, Readable.from(stream), header.size ?? 0, contentType).then(
            () => done(),
            (err) => {
              stream.on('error', () => undefined);
              done(err);
            },
          );
          return;
        }
        if (key && typeof media === 'string') to = path.join(media, ...key.split('/'));
      }
      if (!to) {
        stream.resume();
        stream.on('end', () => done());
        return;
      }
      const destination = to;
      fs.mkdir(path.dirname(destination), { recursive: true })
        .then(() => pipeline(stream, createWriteStream(destination)))
        .then(() => done(), done);
    });
    // A gzipped archive is read too (an archive compressed afterwards, for storage or transfer).
    const head = Buffer.alloc(2);
    const handle = await fs.open(file, 'r');
    await handle.read(head, 0, 2, 0).finally(() => handle.close());
    const gzipped = head[0] === 0x1f && head[1] === 0x8b;
    if (gzipped) await pipeline(createReadStream(file), createGunzip(), extract);
    else await pipeline(createReadStream(file), extract);

    const found = manifest as BackupManifest | null;
    const database = dump as { kind: 'pglite' | 'postgres'; file: string } | null;
    if (!found || found.version !== BACKUP_VERSION || !database) throw new Error(`${file} is not a backup of this product`);
    if (database.kind !== target.kind) throw new RestoreRefused(kindMismatch(database.kind));
    if (target.kind === 'pglite') {
      await fs.mkdir(target.dbDir, { recursive: true });
      const client = await PGlite.create({ dataDir: target.dbDir, loadDataDir: await openAsBlob(database.file) });
      await client.close();
    } else {
      const { args, env } = pgArgs(target.url);
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', ...args, database.file], env);
    }
    return found;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** The backups in `dir`, newest first (their names sort by time). */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => /^cue-backup-.+\.tar(\.gz)?$/.test(n))
    .sort()
    .reverse()
    .map((n) => path.join(dir, n));
}

/** Keeps the newest `keep` backups of `dir` and deletes the older ones; answers those deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep);
  for (const file of old) await fs.rm(file, { force: true });
  return old;
}

/** A backup's file name for an instant: `cue-backup-2026-11-28T21-40-00Z.tar`. */
export const backupName = (at: Date): string =>
  `cue-backup-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.tar`;

export const BACKUP_JOB = 'backup.scheduled';

/**
 * The scheduled backup: every `everyHours` (on the hour of the UTC day's multiples), one instance
 * writes a backup to `dir` and keeps the newest `keep`. It is a job of the queue, so with several
 * instances it runs once.
 */
export class BackupSchedule {
  constructor(
    private readonly options: {
      database: Database;
      media: MediaPlace;
      dir: string;
      everyHours: number;
      keep: number;
      now: () => Date;
    },
  ) {}

  /** When the next backup is due after `now`. */
  nextAt(now: Date): Date {
    const every = this.options.everyHours * 3_600_000;
    return new Date(Math.floor(now.getTime() / every + 1) * every);
  }

  async schedule(jobs: { schedule(key: string, kind: string, runAt: Date, payload: Record<string, unknown>): Promise<void> }) {
    if (this.options.everyHours <= 0) return;
    await jobs.schedule(BACKUP_JOB, BACKUP_JOB, this.nextAt(this.options.now()), {});
  }

  /** Writes one backup and prunes the folder. */
  async run(): Promise<BackupResult & { pruned: string[] }> {
    const { database, media, dir, keep } = this.options;
    const now = this.options.now();
    const result = await writeBackup({ database, media, file: path.join(dir, backupName(now)), now });
    return { ...result, pruned: await pruneBackups(dir, keep) };
  }
}
