import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
import {
  bugReports,
  chatUploads,
  communications,
  feedbackResponses,
  fileExports,
  media,
  mediaItems,
  observations,
  parents,
  planningResources,
  reflections,
  reportEntries,
  reportSets,
  schools,
  studentContacts,
  students,
  users,
} from './db/schema.js';
import { newId } from './ids.js';

/** Who a stored file belongs to, and what it is: every stored file gets a row in `media`. */
export interface MediaOwner {
  uploadedBy: string;
  schoolId: string | null;
  /** 'image' unless said otherwise. */
  kind?: 'image' | 'video' | 'document' | 'audio';
  /** The name the person gave the file; the stored name otherwise. */
  name?: string;
  /** The row's id, when the caller named the file after it. */
  id?: string;
}

/** Where uploaded files live, seen by the modules: a stored file is a `media` row and a link. */
export interface Storage {
  /** Stores the bytes under the key, records the file in `media`, and returns its URL path (unsigned). */
  put(key: string, bytes: Buffer, contentType: string, owner: MediaOwner): Promise<string>;
  /** Removes what a URL returned by put points at, and its record; unknown URLs are ignored. */
  remove(url: string): Promise<void>;
}

export const MEDIA_PREFIX = '/media/';

/**
 * The bytes behind the links: the local disk, or an S3-compatible object store. Keys are the relative
 * names MediaStore gives (`profile/parent/<id>.webp`), the same in both, so a deployment can copy its
 * files from one to the other without touching a record.
 */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none under the key. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the object; a key with nothing under it is not an error. */
  remove(key: string): Promise<void>;
  /**
   * A link the browser fetches the object from directly, valid for `seconds`. Stores whose files this
   * server sends itself (the local disk) have none.
   */
  urlFor?(key: string, seconds: number): Promise<string>;
}

/** A name segment storage accepts: letters, digits, `.`, `_`, `-`; never `.` or `..` alone. */
const KEY_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** The key, when it is a relative name that stays inside the store; anything else is refused before any I/O. */
export function checkedKey(key: string): string {
  const segments = key.split('/');
  if (!key || segments.some((s) => !KEY_SEGMENT.test(s) || s === '.' || s === '..')) {
    throw new Error(`invalid storage key ${JSON.stringify(key.slice(0, 100))}`);
  }
  return key;
}

/** Whether the key is a name storage accepts (see checkedKey), without throwing. */
export function isKey(key: string): boolean {
  try {
    checkedKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The key a media link names (signature and query left out), or null for a link that is not a stored file. */
export function mediaKey(url: string): string | null {
  if (!url.startsWith(MEDIA_PREFIX)) return null;
  return url.slice(MEDIA_PREFIX.length).split('?')[0] ?? '';
}

/** Files on the local disk, under `root` (sent by the server itself, under `/media/`). */
export class LocalStorage implements ObjectStore {
  constructor(readonly root: string) {
    fsSync.mkdirSync(root, { recursive: true });
  }

  private resolve(key: string): string {
    const file = path.resolve(this.root, checkedKey(key));
    // A second fence: whatever the key check lets through still has to land under the root.
    if (!file.startsWith(`${path.resolve(this.root)}${path.sep}`)) throw new Error(`invalid storage key ${key}`);
    return file;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
  }

  async read(key: string): Promise<Buffer | null> {
    const file = this.resolve(key);
    return fs.readFile(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'EISDIR' || err.code === 'ENOTDIR') return null;
      throw err;
    });
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }
}

/** Where an S3-compatible store is and how to sign in to it (config: S3_*). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** Presigned links are worked out from the start of their minute, so one file's link stays the same for a while (browsers cache its bytes). */
const PRESIGN_STEP_S = 60;

/**
 * Objects in a bucket of any S3-compatible store (AWS S3, MinIO, Ceph, R2...). Path-style addresses
 * (`<endpoint>/<bucket>/<key>`): self-hosted stores seldom have a DNS name per bucket, and the browser's
 * Content-Security-Policy then names one origin, the endpoint's.
 */
export class S3Storage implements ObjectStore {
  private readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 demands them: the newer default ones are not understood by every compatible store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** The endpoint's origin, which the browser is sent to (for the Content-Security-Policy). */
  get origin(): string {
    return new URL(this.settings.endpoint).origin;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkedKey(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.open(key);
    return object ? buffer(object.body) : null;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
  }

  /**
   * The keys of the bucket's objects and their sizes, in key order, `pageSize` at a time (backups). Only
   * names the app gives are answered: anything else in the bucket is not the app's. Pages follow the
   * last key (the first version of the listing, with a marker): every S3-compatible store answers it.
   */
  async *list(pageSize = 1000): AsyncGenerator<{ key: string; size: number }> {
    let marker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsCommand({ Bucket: this.settings.bucket, Marker: marker, MaxKeys: pageSize }),
      );
      const contents = page.Contents ?? [];
      for (const object of contents) {
        if (object.Key && isKey(object.Key)) yield { key: object.Key, size: object.Size ?? 0 };
      }
      marker = contents.at(-1)?.Key;
      if (!page.IsTruncated || !marker) return;
    }
  }

  /** Whether the bucket holds no object at all (a restore goes only into an empty one). */
  async isEmpty(): Promise<boolean> {
    const page = await this.client.send(new ListObjectsCommand({ Bucket: this.settings.bucket, MaxKeys: 1 }));
    return (page.Contents ?? []).length === 0;
  }

  /**
   * The object's bytes as a stream with their length and type, or null when there is none under the key
   * (backups: a video never sits in memory). The stream is the caller's to read to its end.
   */
  async open(key: string): Promise<{ body: Readable; size: number; contentType: string | undefined } | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
      if (!res.Body) return null;
      return { body: res.Body as Readable, size: res.ContentLength ?? 0, contentType: res.ContentType };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
        return null;
      }
      throw err;
    }
  }

  /** Stores `size` bytes read from a stream under the key (restores). */
  async putStream(key: string, body: Readable, size: number, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkedKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: size,
      }),
    );
  }

  /**
   * A presigned GET of the object. Signed as of the start of the current minute (the store's time, not
   * the app's clock), so every request for the file within that minute gets the same link and the browser
   * reuses the bytes it cached under it; the link then still works for `seconds` less up to a minute.
   */
  async urlFor(key: string, seconds: number): Promise<string> {
    const step = PRESIGN_STEP_S * 1000;
    const signingDate = new Date(Math.floor(Date.now() / step) * step);
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: checkedKey(key),
      // Stored files never change under their name: the bytes may be kept while the link works.
      ResponseCacheControl: `private, max-age=${Math.max(0, seconds - PRESIGN_STEP_S)}`,
    });
    return getSignedUrl(this.client, command, { expiresIn: seconds, signingDate });
  }

  /** Creates the bucket unless it exists (tests and first starts against an empty store). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch {
      await this.client.send(new CreateBucketCommand({ Bucket: this.settings.bucket }));
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}

/** How long a presigned link to the object store works: at most five minutes, whatever the app's own link allows. */
export const PRESIGNED_LIFETIME_S = 5 * 60;
/** How long a browser may keep the redirect to a presigned link: shorter than the least the link still works. */
export const PRESIGNED_REDIRECT_MAX_AGE_S = PRESIGNED_LIFETIME_S - PRESIGN_STEP_S - 60;

/** Files not referred to by any record for this long after their upload are removed. */
export const MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
export const MEDIA_CLEANUP_JOB = 'media.cleanup';
const CLEANUP_EVERY_MS = 6 * 60 * 60 * 1000;
const CLEANUP_BATCH = 500;

/**
 * Every link to a stored file that a record holds: profile pictures, logos, observation photos,
 * announcement attachments, bug report screenshots, planning's uploaded resources, feedback forms'
 * recorded and picture answers, reflections' files, each child's report card PDF and the class's
 * printable PDF of a report set. A file missing from here belongs to nothing.
 */
const referenced = sql`
  select ${users.staffProfilePicture} as url from ${users} where ${users.staffProfilePicture} is not null
  union select ${parents.profilePicture} from ${parents} where ${parents.profilePicture} is not null
  union select ${students.profilePicture} from ${students} where ${students.profilePicture} is not null
  union select ${studentContacts.photo} from ${studentContacts} where ${studentContacts.photo} is not null
  union select ${schools.logo} from ${schools} where ${schools.logo} is not null
  union select m.value ->> 'media_link' from ${observations}, jsonb_array_elements(${observations.media}) m
  union select m.value ->> 'media_link' from ${communications}, jsonb_array_elements(${communications.media}) m
  union select m.value ->> 'media_link' from ${bugReports}, jsonb_array_elements(${bugReports.media}) m
  union select ${chatUploads.path} from ${chatUploads} where ${chatUploads.messageId} is not null
  union select ${planningResources.fileLink} from ${planningResources} where ${planningResources.fileLink} is not null
  union select a.value ->> 'media_link' from ${feedbackResponses}, jsonb_each(${feedbackResponses.answers}) a where a.value ? 'media_link'
  union select m.value ->> 'media_link' from ${reflections}, jsonb_array_elements(${reflections.media}) m
  union select ${reportEntries.pdfKey} from ${reportEntries} where ${reportEntries.pdfKey} is not null
  union select ${fileExports.fileLink} from ${fileExports} join ${reportSets} on ${reportSets.exportId} = ${fileExports.id} where ${fileExports.fileLink} is not null
  union select u from ${mediaItems}, unnest(array[${mediaItems.url}, ${mediaItems.mediumUrl}, ${mediaItems.thumbUrl}, ${mediaItems.posterUrl}, ${mediaItems.sharedUrl}, ${mediaItems.sharedThumbUrl}, ${mediaItems.incomingUrl}]) u where u is not null`;

/**
 * The app's storage: files in an object store (the local disk or an S3-compatible one) with a `media`
 * row each, and the clean-up of files nothing refers to.
 */
export class MediaStore implements Storage {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly objects: ObjectStore,
  ) {}

  async put(key: string, bytes: Buffer, contentType: string, owner: MediaOwner): Promise<string> {
    await this.objects.put(checkedKey(key), bytes, contentType);
    const url = `${MEDIA_PREFIX}${key}`;
    try {
      await this.db.insert(media).values({
        id: owner.id ?? newId(),
        schoolId: owner.schoolId,
        uploadedBy: owner.uploadedBy,
        kind: owner.kind ?? 'image',
        url,
        name: (owner.name ?? path.basename(key)).replace(/[\\/\r\n]/g, '_').slice(0, 200),
        mimeType: contentType,
        size: bytes.length,
        createdAt: this.clock.now(),
      });
    } catch (err) {
      await this.objects.remove(key).catch(() => undefined);
      throw err;
    }
    return url;
  }

  /** The bytes a link returned by put points at (signed or not), or null when there are none. */
  async read(url: string): Promise<Buffer | null> {
    const key = mediaKey(url);
    return key ? this.objects.read(key) : null;
  }

  async remove(url: string): Promise<void> {
    const key = mediaKey(url);
    if (!key) return;
    await this.objects.remove(key);
    await this.db.delete(media).where(eq(media.url, `${MEDIA_PREFIX}${key}`));
  }

  /** Removes a stored file's bytes by its link; a link to no stored file, or an invalid one, is passed over. */
  private async removeBytes(url: string): Promise<void> {
    const key = mediaKey(url);
    if (key) await this.objects.remove(key);
  }

  /** Bytes this person stored since the given moment (their upload quota). */
  async storedSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ bytes: sql<string | null>`sum(${media.size})` })
      .from(media)
      .where(sql`${media.uploadedBy} = ${userId} and ${media.createdAt} > ${since.toISOString()}`);
    return Number(row?.bytes ?? 0);
  }

  /**
   * Removes files uploaded more than the grace period ago that no record refers to (any more): an
   * upload never attached, an observation or announcement deleted, a picture replaced. Returns how
   * many were removed.
   */
  async removeUnreferenced(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - MEDIA_GRACE_MS).toISOString();
    let removed = 0;
    for (;;) {
      const result = await this.db.execute(sql`
        delete from ${media} where ${media.id} in (
          select ${media.id} from ${media}
          where ${media.createdAt} < ${before} and ${media.url} not in (select url from (${referenced}) r where url is not null)
          limit ${CLEANUP_BATCH}
        ) returning ${media.url} as url`);
      const rows = (result as unknown as { rows: { url: string }[] }).rows;
      await Promise.all(rows.map((r) => this.removeBytes(r.url).catch(() => undefined)));
      removed += rows.length;
      if (rows.length < CLEANUP_BATCH) return removed;
    }
  }

  /** Puts the next clean-up on the job queue (one job per period, whichever instance asks first). */
  async scheduleCleanup(jobs: {
    schedule(key: string, kind: string, runAt: Date, payload: Record<string, unknown>): Promise<void>;
  }) {
    const next = Math.ceil((this.clock.now().getTime() + 1) / CLEANUP_EVERY_MS) * CLEANUP_EVERY_MS;
    await jobs.schedule(`${MEDIA_CLEANUP_JOB}:${new Date(next).toISOString()}`, MEDIA_CLEANUP_JOB, new Date(next), {});
  }
}
