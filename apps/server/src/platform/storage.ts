import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
import {
  bugReports,
  communications,
  media,
  observations,
  parents,
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
  kind?: 'image' | 'video' | 'document';
  /** The name the person gave the file; the stored name otherwise. */
  name?: string;
  /** The row's id, when the caller named the file after it. */
  id?: string;
}

/** Where uploaded files live. Local disk by default; object storage later behind the same interface. */
export interface Storage {
  /** Stores the bytes under the key, records the file in `media`, and returns its URL path (unsigned). */
  put(key: string, bytes: Buffer, contentType: string, owner: MediaOwner): Promise<string>;
  /** Removes what a URL returned by put points at, and its record; unknown URLs are ignored. */
  remove(url: string): Promise<void>;
}

export const MEDIA_PREFIX = '/media/';

/** Files on the local disk, under `root`. */
export class LocalStorage {
  constructor(readonly root: string) {
    fsSync.mkdirSync(root, { recursive: true });
  }

  private resolve(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(`${path.resolve(this.root)}${path.sep}`)) throw new Error(`invalid storage key ${key}`);
    return file;
  }

  async put(key: string, bytes: Buffer): Promise<string> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    return `${MEDIA_PREFIX}${key}`;
  }

  async remove(url: string): Promise<void> {
    if (!url.startsWith(MEDIA_PREFIX)) return;
    await fs.rm(this.resolve(url.slice(MEDIA_PREFIX.length)), { force: true });
  }

  /** The bytes a URL returned by put points at, or null when there are none. */
  async read(url: string): Promise<Buffer | null> {
    if (!url.startsWith(MEDIA_PREFIX)) return null;
    return fs.readFile(this.resolve(url.slice(MEDIA_PREFIX.length).split('?')[0] ?? '')).catch(() => null);
  }
}

/** Files not referred to by any record for this long after their upload are removed. */
export const MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
export const MEDIA_CLEANUP_JOB = 'media.cleanup';
const CLEANUP_EVERY_MS = 6 * 60 * 60 * 1000;
const CLEANUP_BATCH = 500;

/**
 * Every link to a stored file that a record holds: profile pictures, logos, observation photos,
 * announcement attachments, bug report screenshots. A file missing from here belongs to nothing.
 */
const referenced = sql`
  select ${users.staffProfilePicture} as url from ${users} where ${users.staffProfilePicture} is not null
  union select ${parents.profilePicture} from ${parents} where ${parents.profilePicture} is not null
  union select ${students.profilePicture} from ${students} where ${students.profilePicture} is not null
  union select ${studentContacts.photo} from ${studentContacts} where ${studentContacts.photo} is not null
  union select ${schools.logo} from ${schools} where ${schools.logo} is not null
  union select m.value ->> 'media_link' from ${observations}, jsonb_array_elements(${observations.media}) m
  union select m.value ->> 'media_link' from ${communications}, jsonb_array_elements(${communications.media}) m
  union select m.value ->> 'media_link' from ${bugReports}, jsonb_array_elements(${bugReports.media}) m`;

/** The app's storage: files on disk with a `media` row each, and the clean-up of files nothing refers to. */
export class MediaStore implements Storage {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly disk: LocalStorage,
  ) {}

  get root(): string {
    return this.disk.root;
  }

  async put(key: string, bytes: Buffer, contentType: string, owner: MediaOwner): Promise<string> {
    const url = await this.disk.put(key, bytes);
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
      await this.disk.remove(url).catch(() => undefined);
      throw err;
    }
    return url;
  }

  read(url: string): Promise<Buffer | null> {
    return this.disk.read(url);
  }

  async remove(url: string): Promise<void> {
    await this.disk.remove(url);
    await this.db.delete(media).where(eq(media.url, url));
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
      await Promise.all(rows.map((r) => this.disk.remove(r.url).catch(() => undefined)));
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
