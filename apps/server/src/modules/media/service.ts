import {
  ACCOUNT_MESSAGES,
  addDays,
  ddmmyyyyFromIso,
  ERROR_CODES,
  isoFromDdmmyyyy,
  isoOfUtc,
  MEDIA_BIN_DAYS,
  MEDIA_CHUNK_BYTES,
  MEDIA_MESSAGES,
  MEDIA_PAGE_SIZE,
  MESSAGES,
  type MediaAlbum,
  type MediaAlbumDetail,
  type MediaConsumption,
  type MediaItem,
  type MediaPage,
  type MediaPrivacy,
  type MediaUsage,
  mediaUploadFieldsSchema,
  type ObservationEntry,
  type QuotaRequest,
  type RecognizedFaces,
  UPLOAD_LIMITS,
  type UploadSession,
} from '@cue/contract';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { CONFIDENT_THRESHOLD, FaceEngine, type FoundFace, suggest } from '../../platform/faces.js';
import type { UploadedFile } from '../../platform/http/upload.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import { MediaHasLocation, stripVideo } from '../../platform/media-metadata.js';
import { signMedia } from '../../platform/media-urls.js';
import type { MediaStore } from '../../platform/storage.js';
import type { CalendarService } from '../calendar/service.js';
import type { ChildRecordService } from '../children/service.js';
import type { ObservationService } from '../observations/service.js';
import { hiddenFaces, presentAlbum, presentItem, presentQuotaRequest, type Viewer } from './presenter.js';
import { blurBoxes, MEDIUM_SIDE, processImage, THUMB_SIDE, videoPoster } from './processing.js';
import * as repo from './repo.js';

export const MEDIA_PROCESS_JOB = 'media.process';
export const MEDIA_REDACT_JOB = 'media.redact';
export const MEDIA_PURGE_JOB = 'media.purge';
/** Every school's gallery starts with this much space; a super admin grants more on request. */
export const DEFAULT_MEDIA_QUOTA_BYTES = 10 * 1024 ** 3;

const VIDEO_TYPES: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' };
const IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/avif',
  'image/tiff',
]);

interface ItemJob {
  itemId: string;
  userId: string;
  schoolId: string;
}

/** A gallery list's page size (MEDIA_PAGE_SIZE when absent) and the cursor it reads on after. */
interface MediaPaging {
  page_size?: number;
  cursor?: string;
}

/** The school term a day falls in (a fresh reference face is asked for each term). */
export function termOf(iso: string): string {
  const [year = '0', month = '1'] = iso.split('-');
  const m = Number(month);
  return `${year}-${m >= 9 ? 'autumn' : m >= 5 ? 'summer' : 'spring'}`;
}

const fromWire = (value: string | undefined, field: string): string | undefined => {
  if (value === undefined) return undefined;
  const iso = isoFromDdmmyyyy(value);
  if (!iso) throw badRequest(`${field}: ${value} is not a date`, ERROR_CODES.validation, field);
  return iso;
};

/**
 * The class gallery (issue 19). A class's staff (or holders of admin_portal.classes) upload, tag,
 * arrange and delete; families see `class` items of their children's classes and `tagged` items where
 * their own child is tagged, with faces blurred that are not confirmed as a consenting child. Uploads
 * are checked against the school's quota before a byte is stored, and processed by jobs; deleted items
 * wait 30 days in the bin. Face recognition only ever involves children whose family consented.
 */
export class MediaService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: MediaStore,
    private readonly jobs: JobQueue,
    private readonly scopes: ScopeFactory,
    private readonly children: ChildRecordService,
    private readonly observations: ObservationService,
    private readonly calendar: CalendarService,
  ) {
    jobs.handle(MEDIA_PROCESS_JOB, (p) => this.runJob(p as unknown as ItemJob, (scope, id) => this.process(scope, id)));
    jobs.handle(MEDIA_REDACT_JOB, (p) => this.runJob(p as unknown as ItemJob, (scope, id) => this.redact(scope, id)));
    jobs.handle(MEDIA_PURGE_JOB, (p) => this.runJob(p as unknown as ItemJob, (scope, id) => this.purge(scope, id)));
    children.onConsent((scope, studentId, key, granted) => this.consentChanged(scope, studentId, key, granted));
  }

  private today(): string {
    return isoOfUtc(this.clock.now());
  }

  private jobScope(job: ItemJob): Scope {
    return this.scopes.of({
      userId: job.userId,
      kind: 'staff',
      schoolId: job.schoolId,
      sessionId: `job:${job.itemId}`,
      isTemp: false,
    });
  }

  private async runJob(job: ItemJob, work: (scope: Scope, itemId: string) => Promise<void>) {
    await work(this.jobScope(job), job.itemId);
  }

  private async schedule(kind: string, scope: Scope, itemId: string, at = this.clock.now()) {
    await this.scheduleFor(kind, { itemId, schoolId: staffSchool(scope), uploadedBy: scope.userId }, at);
  }

  /** A job on an item acts as the person who uploaded it, in the item's school. */
  private async scheduleFor(kind: string, item: repo.TouchedItem, at = this.clock.now()) {
    const job: ItemJob = { itemId: item.itemId, userId: item.uploadedBy ?? '', schoolId: item.schoolId };
    await this.jobs.schedule(`${kind}:${item.itemId}`, kind, at, { ...job });
  }

  /** This instance starts due jobs at once (the queue's row lock keeps another from running them too). */
  private kick() {
    void this.jobs
      .runDue()
      .then(() => this.jobs.runDue())
      .catch(() => undefined);
  }

  // ------------------------------------------------------------------ access

  /** Staff who may change the class's gallery: 404 for another school's class, 403 when not theirs. */
  private async managedClass(scope: Scope, classId: string): Promise<{ id: string; schoolId: string }> {
    // requireAccess found the class in the caller's school.
    await requireAccess(scope, 'class', [classId]);
    return { id: classId, schoolId: staffSchool(scope) };
  }

  /** Whether the scope may manage the class's gallery (its staff, or admin_portal.classes). */
  private async manages(scope: Scope, classId: string): Promise<boolean> {
    if (scope.kind !== 'staff') return false;
    const [held, taught] = await Promise.all([scope.rolePermissions(), scope.taughtClassIds()]);
    return held.has('admin_portal.classes') || taught.has(classId);
  }

  /** A class whose gallery the scope may read: staff through requireAccess, a family through its children. */
  private async readableClass(scope: Scope, classId: string) {
    if (scope.kind === 'staff') return this.managedClass(scope, classId);
    const row = await repo.classRow(scope, this.db, classId);
    if (!row) throw notFound();
    await this.requireFeature(scope, row.schoolId);
    return row;
  }

  /** A family reaches a gallery only where the school of the class has the feature on. */
  private async requireFeature(scope: Scope, schoolId: string) {
    if (scope.kind === 'parent' && !(await this.scopes.featuresOf(schoolId)).has('media')) throw forbidden();
  }

  /** Items the scope may change, all of them or 404/403. */
  private async managedItems(scope: Scope, ids: readonly string[]): Promise<repo.ItemRow[]> {
    const unique = [...new Set(ids)];
    const rows = await repo.items(scope, this.db, unique);
    if (rows.length !== unique.length) throw notFound();
    await requireAccess(scope, 'class', [...new Set(rows.map((r) => r.classId))]);
    return rows;
  }

  private async familyChildren(scope: Scope): Promise<Set<string>> {
    return scope.kind === 'parent' ? new Set(await scope.childIds()) : new Set();
  }

  /** Whether a family may see an item: ready, not in the bin, and `class` or tagged with its own child. */
  private visibleTo(row: repo.ItemRow, tags: readonly { id: string }[], mine: ReadonlySet<string>): boolean {
    if (row.deletedAt || row.status !== 'ready') return false;
    if (row.privacy === 'class') return true;
    return row.privacy === 'tagged' && tags.some((t) => mine.has(t.id));
  }

  // ------------------------------------------------------------------ presenting

  private async viewer(scope: Scope, classId: string | null, seenAt: Date | null = null): Promise<Viewer> {
    return {
      kind: scope.kind === 'parent' ? 'parent' : 'staff',
      children: await this.familyChildren(scope),
      seenAt,
      canManage: classId ? await this.manages(scope, classId) : false,
      confidentBelow: CONFIDENT_THRESHOLD,
    };
  }

  /** Items as the caller may see them (a family: only those it may), with their answer's fields. */
  private async present(scope: Scope, rows: readonly repo.RichRow[], seenAt: Date | null = null): Promise<MediaItem[]> {
    if (rows.length === 0) return [];
    const viewers = new Map<string, Viewer>();
    for (const classId of new Set(rows.map((r) => r.classId))) viewers.set(classId, await this.viewer(scope, classId, seenAt));
    const mine = await this.familyChildren(scope);
    return rows
      .filter((r) => scope.kind === 'staff' || this.visibleTo(r, r.tags, mine))
      .map((r) => presentItem(r, viewers.get(r.classId) as Viewer));
  }

  /** Rich rows of these items, then presented. */
  private async presentIds(scope: Scope, ids: readonly string[]): Promise<MediaItem[]> {
    return this.present(scope, await repo.richItems(scope, this.db, ids));
  }

  private async presentOne(scope: Scope, id: string): Promise<MediaItem> {
    const [item] = await this.presentIds(scope, [id]);
    if (!item) throw notFound();
    return item;
  }

  // ------------------------------------------------------------------ reading

  async list(
    scope: Scope,
    classId: string,
    filter: { student_id?: string; from_date?: string; to_date?: string; bin?: 'true' | 'false' },
    page: number,
    paging: MediaPaging = {},
  ): Promise<MediaPage> {
    await this.readableClass(scope, classId);
    const bin = filter.bin === 'true';
    const canManage = await this.manages(scope, classId);
    if (bin && !canManage) throw forbidden();
    const from = fromWire(filter.from_date, 'from_date');
    const to = fromWire(filter.to_date, 'to_date');
    if (from && to && from > to) throw badRequest('from_date: must not be after to_date', ERROR_CODES.validation, 'from_date');
    if (filter.student_id) {
      if (scope.kind === 'parent' && !(await scope.childIds()).has(filter.student_id)) throw notFound();
      if (scope.kind === 'staff') await requireAccess(scope, 'child', [filter.student_id]);
    }
    const mine = await this.familyChildren(scope);
    const seenAt = scope.kind === 'parent' ? await repo.seenAt(scope, this.db, classId) : null;
    const pageSize = paging.page_size ?? MEDIA_PAGE_SIZE;
    const { rows, total, nextCursor } = await repo.listItems(scope, this.db, {
      classId,
      studentId: filter.student_id,
      from,
      to,
      bin,
      familyChildren: scope.kind === 'parent' ? [...mine] : null,
      readyOnly: scope.kind === 'parent',
      page,
      pageSize,
      cursor: paging.cursor,
    });
    const items = await this.present(scope, rows, seenAt);
    // What a family has seen moves on when it opens the first page (at most once a minute: a write per read is not needed).
    const now = this.clock.now();
    const first = page === 1 && !paging.cursor;
    if (scope.kind === 'parent' && first && (!seenAt || now.getTime() - seenAt.getTime() > 60_000))
      await repo.markSeen(scope, this.db, classId, now);
    return {
      items,
      total,
      page,
      page_size: pageSize,
      has_more: nextCursor !== null,
      abilities: { can_upload: canManage, can_manage: canManage },
      next_cursor: nextCursor,
    };
  }

  /** The items a child is tagged in, in every class of the child the caller may read. */
  async childMedia(scope: Scope, studentId: string, page: number, paging: MediaPaging = {}): Promise<MediaPage> {
    await requireAccess(scope, 'child', [studentId]);
    await this.requireFeature(scope, (await repo.studentSchool(scope, this.db, studentId)) ?? '');
    const mine = await this.familyChildren(scope);
    const pageSize = paging.page_size ?? MEDIA_PAGE_SIZE;
    const { rows, total, nextCursor } = await repo.listItems(scope, this.db, {
      studentId,
      bin: false,
      familyChildren: scope.kind === 'parent' ? [...mine] : null,
      readyOnly: scope.kind === 'parent',
      page,
      pageSize,
      cursor: paging.cursor,
    });
    return {
      items: await this.present(scope, rows),
      total,
      page,
      page_size: pageSize,
      has_more: nextCursor !== null,
      abilities: { can_upload: false, can_manage: false },
      next_cursor: nextCursor,
    };
  }

  async item(scope: Scope, id: string): Promise<MediaItem> {
    const [row] = await repo.items(scope, this.db, [id]);
    if (!row) throw notFound();
    await this.readableClass(scope, row.classId);
    return this.presentOne(scope, id);
  }

  // ------------------------------------------------------------------ quota

  private async quotaOf(scope: Scope, schoolId: string): Promise<number> {
    return (await repo.quota(scope, this.db, schoolId)) ?? DEFAULT_MEDIA_QUOTA_BYTES;
  }

  /** Refuses an upload the school's space cannot hold, before any byte is read or stored. */
  async admitUpload(scope: Scope, classId: string, announcedBytes: number): Promise<void> {
    const cls = await this.managedClass(scope, classId);
    const [quota, used] = await Promise.all([this.quotaOf(scope, cls.schoolId), repo.usage(scope, this.db, cls.schoolId)]);
    if (used.used + Math.max(0, announcedBytes) > quota)
      throw new AppError(409, MEDIA_MESSAGES.quotaExceeded, ERROR_CODES.mediaQuotaFull);
  }

  async usage(scope: Scope): Promise<MediaUsage> {
    const schoolId = staffSchool(scope);
    const [quota, used] = await Promise.all([this.quotaOf(scope, schoolId), repo.usage(scope, this.db, schoolId)]);
    return {
      quota_bytes: quota,
      used_bytes: used.used,
      item_count: used.items,
      bin_bytes: used.bin,
      percent: quota > 0 ? Math.round((used.used / quota) * 1000) / 10 : 100,
    };
  }

  async consumption(scope: Scope, schoolId: string): Promise<MediaConsumption> {
    if (staffSchool(scope) !== schoolId) throw notFound();
    const now = this.clock.now();
    const [base, byClass, byType, recent, pending] = await Promise.all([
      this.usage(scope),
      repo.usageByClass(scope, this.db, schoolId),
      repo.usageByType(scope, this.db, schoolId),
      repo.bytesSince(scope, this.db, schoolId, new Date(now.getTime() - 30 * 86_400_000)),
      repo.quotaRequests(scope, this.db, { schoolId, status: 'pending' }),
    ]);
    const daily = recent / 30;
    const left = base.quota_bytes - base.used_bytes;
    // Beyond ten years at this pace the quota does not run out in any sense that matters.
    const days = daily > 0 && left / daily <= 3650 ? Math.max(0, Math.floor(left / daily)) : null;
    const type = (k: string) => Number(byType.find((t) => t.kind === k)?.bytes ?? 0);
    const first = pending[0];
    return {
      ...base,
      by_class: byClass.map((c) => ({ class_id: c.classId, name: c.name, bytes: Number(c.bytes), items: c.items })),
      by_type: {
        image: type('image'),
        video: type('video'),
        other: byType.reduce((n, t) => n + Number(t.bytes), 0) - type('image') - type('video'),
      },
      daily_bytes: Math.round(daily),
      projected_full_on: days === null ? null : ddmmyyyyFromIso(addDays(this.today(), days)),
      pending_request: first
        ? {
            _id: first.request.id,
            extra_bytes: first.request.extraBytes,
            reason: first.request.reason,
            created_at: first.request.createdAt.toISOString(),
          }
        : null,
    };
  }

  async requestQuota(scope: Scope, schoolId: string, body: { extra_gb: number; reason?: string }): Promise<MediaConsumption> {
    if (staffSchool(scope) !== schoolId) throw notFound();
    const pending = await repo.quotaRequests(scope, this.db, { schoolId, status: 'pending' });
    if (pending.length) throw new AppError(409, MEDIA_MESSAGES.quotaPending, ERROR_CODES.conflict);
    await repo.insertQuotaRequest(scope, this.db, {
      id: newId(),
      schoolId,
      extraBytes: body.extra_gb * 1024 ** 3,
      reason: body.reason ?? '',
      status: 'pending',
      requestedBy: scope.userId,
      createdAt: this.clock.now(),
    });
    return this.consumption(scope, schoolId);
  }

  async quotaRequests(scope: Scope): Promise<QuotaRequest[]> {
    return (await repo.quotaRequests(scope, this.db, { all: true })).map(presentQuotaRequest);
  }

  async decideQuota(scope: Scope, id: string, decision: 'approve' | 'decline'): Promise<QuotaRequest> {
    const [row] = await repo.quotaRequests(scope, this.db, { id, all: true });
    if (!row) throw notFound();
    if (row.request.status !== 'pending') throw new AppError(409, MEDIA_MESSAGES.quotaAlreadyDecided, ERROR_CODES.alreadyDecided);
    await this.db.transaction(async (tx) => {
      const decided = await repo.decideQuotaRequest(
        scope,
        tx,
        id,
        decision === 'approve' ? 'approved' : 'declined',
        this.clock.now(),
      );
      if (!decided) throw new AppError(409, MEDIA_MESSAGES.quotaAlreadyDecided, ERROR_CODES.alreadyDecided);
      if (decision === 'approve') {
        const current = (await repo.quota(scope, tx, row.request.schoolId)) ?? DEFAULT_MEDIA_QUOTA_BYTES;
        await repo.setQuota(scope, tx, row.request.schoolId, current + row.request.extraBytes);
      }
    });
    const [after] = await repo.quotaRequests(scope, this.db, { id, all: true });
    if (!after) throw notFound();
    return presentQuotaRequest(after);
  }

  // ------------------------------------------------------------------ uploading and processing

  /** What an upload announces, checked before a byte is stored: its type, its size for its kind, the school's space. */
  private async checkUpload(
    scope: Scope,
    cls: { schoolId: string },
    file: { mime: string; size: number },
    fields: { privacy?: string; taken_on?: string; caption?: string },
  ) {
    const mime = file.mime.toLowerCase();
    const video = VIDEO_TYPES[mime];
    if (!video && !IMAGE_TYPES.has(mime)) throw new AppError(415, MESSAGES.fileTypeNotAllowed, ERROR_CODES.unsupportedMediaType);
    const limit = video ? UPLOAD_LIMITS.max_video_size : UPLOAD_LIMITS.max_image_size;
    if (file.size > limit)
      throw new AppError(413, video ? MESSAGES.videoTooLarge : ACCOUNT_MESSAGES.imageTooLarge, ERROR_CODES.fileTooLarge);
    // The fields sent with the file are checked by the contract's schema, as a JSON body would be (an empty field is no field).
    const parsed = mediaUploadFieldsSchema.safeParse(
      Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== '')),
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'file');
      throw badRequest(`${field}: ${issue?.message ?? 'invalid'}`, ERROR_CODES.validation, field);
    }
    const privacy: MediaPrivacy = parsed.data.privacy ?? 'class';
    const takenOn = fromWire(parsed.data.taken_on, 'taken_on') ?? this.today();
    if (takenOn > this.today()) throw badRequest('taken_on: cannot be in the future', ERROR_CODES.futureDate, 'taken_on');
    const caption = parsed.data.caption ?? '';
    const [quota, used] = await Promise.all([this.quotaOf(scope, cls.schoolId), repo.usage(scope, this.db, cls.schoolId)]);
    if (used.used + file.size > quota) throw new AppError(409, MEDIA_MESSAGES.quotaExceeded, ERROR_CODES.mediaQuotaFull);
    return { mime, video, privacy, takenOn, caption };
  }

  async upload(scope: Scope, classId: string, upload: UploadedFile): Promise<MediaItem> {
    const cls = await this.managedClass(scope, classId);
    const checked = await this.checkUpload(scope, cls, { mime: upload.mimetype, size: upload.bytes.length }, upload.fields ?? {});
    const id = await this.createItem(scope, { ...cls, id: classId }, upload.bytes, upload.filename, checked);
    return this.presentOne(scope, id);
  }

  /**
   * A family's photo from home of its own child (a family story): stored in the child's class gallery,
   * visible to tagged families only (the child is tagged), processed like any upload. The item is written
   * in the class's school on the family's behalf, after the family's access to the child was checked.
   */
  async addFamilyPhoto(
    scope: Scope,
    studentId: string,
    upload: UploadedFile,
  ): Promise<{ itemId: string; classId: string; schoolId: string }> {
    if (scope.kind !== 'parent') throw forbidden();
    await requireAccess(scope, 'child', [studentId]);
    const cls = await repo.familyChildClass(scope, this.db, studentId);
    if (!cls) throw notFound();
    if (!upload.mimetype.toLowerCase().startsWith('image/'))
      throw new AppError(415, MESSAGES.fileTypeNotAllowed, ERROR_CODES.unsupportedMediaType);
    const school = this.scopes.of({
      userId: scope.userId,
      kind: 'staff',
      schoolId: cls.schoolId,
      sessionId: scope.sessionId,
      isTemp: false,
    });
    const checked = await this.checkUpload(
      school,
      cls,
      { mime: upload.mimetype, size: upload.bytes.length },
      { privacy: 'tagged' },
    );
    const itemId = await this.createItem(school, cls, upload.bytes, upload.filename, checked);
    await repo.addTags(school, this.db, [{ itemId, studentId, taggedBy: scope.userId }]);
    return { itemId, classId: cls.id, schoolId: cls.schoolId };
  }

  /**
   * Items a story or journal entry shares, as the caller sees them: a family gets every item the story
   * names that is ready and not in the bin (the story shares them on purpose), with other children's
   * faces blurred as in the gallery.
   */
  async sharedItems(scope: Scope, ids: readonly string[]): Promise<Map<string, MediaItem>> {
    if (ids.length === 0) return new Map();
    const rows = (await repo.richItems(scope, this.db, [...new Set(ids)])).filter(
      (r) => scope.kind === 'staff' || (!r.deletedAt && r.status === 'ready'),
    );
    const viewers = new Map<string, Viewer>();
    for (const classId of new Set(rows.map((r) => r.classId))) viewers.set(classId, await this.viewer(scope, classId));
    return new Map(rows.map((r) => [r.id, presentItem(r, viewers.get(r.classId) as Viewer)]));
  }

  /** Stores the bytes as they came (never served), records the item in processing and starts its job. */
  private async createItem(
    scope: Scope,
    cls: { id: string; schoolId: string },
    bytes: Buffer,
    filename: string,
    checked: Awaited<ReturnType<MediaService['checkUpload']>>,
  ): Promise<string> {
    const id = newId();
    const incoming = await this.storage.put(
      `gallery/${cls.schoolId}/${id}/incoming.${checked.video ?? 'bin'}`,
      bytes,
      checked.mime,
      {
        uploadedBy: scope.userId,
        schoolId: cls.schoolId,
        kind: checked.video ? 'video' : 'image',
        name: filename,
      },
    );
    try {
      await repo.insertItem(scope, this.db, {
        id,
        schoolId: cls.schoolId,
        classId: cls.id,
        kind: checked.video ? 'video' : 'image',
        status: 'processing',
        privacy: checked.privacy,
        name: filename.replace(/[\\/\r\n]/g, '_').slice(0, 200) || 'upload',
        caption: checked.caption,
        takenOn: checked.takenOn,
        mimeType: checked.mime,
        bytes: bytes.length,
        incomingUrl: incoming,
        uploadedBy: scope.userId,
        createdAt: this.clock.now(),
      });
      await this.schedule(MEDIA_PROCESS_JOB, scope, id);
    } catch (err) {
      await this.storage.remove(incoming).catch(() => undefined);
      throw err;
    }
    this.kick();
    return id;
  }

  // ------------------------------------------------------------------ uploads in chunks

  private async sessionOut(scope: Scope, row: repo.UploadRow): Promise<UploadSession> {
    return {
      _id: row.id,
      size: row.size,
      received: row.received,
      chunk_size: MEDIA_CHUNK_BYTES,
      item: row.itemId ? await this.presentOne(scope, row.itemId) : null,
    };
  }

  private async ownUpload(scope: Scope, id: string): Promise<repo.UploadRow> {
    const row = await repo.uploadSession(scope, this.db, id);
    if (!row) throw notFound();
    return row;
  }

  /** A large file announced: refused now (type, size, space) rather than after its last chunk. */
  async startUpload(
    scope: Scope,
    classId: string,
    body: { file_name: string; mime_type: string; size: number; privacy?: MediaPrivacy; caption?: string; taken_on?: string },
  ): Promise<UploadSession> {
    const cls = await this.managedClass(scope, classId);
    const checked = await this.checkUpload(scope, cls, { mime: body.mime_type, size: body.size }, body);
    const id = newId();
    await repo.insertUpload(scope, this.db, {
      id,
      schoolId: cls.schoolId,
      classId,
      userId: scope.userId,
      fileName: body.file_name,
      mimeType: checked.mime,
      size: body.size,
      privacy: checked.privacy,
      caption: checked.caption,
      takenOn: checked.takenOn,
      createdAt: this.clock.now(),
      updatedAt: this.clock.now(),
    });
    return this.sessionOut(scope, await this.ownUpload(scope, id));
  }

  async uploadStatus(scope: Scope, id: string): Promise<UploadSession> {
    return this.sessionOut(scope, await this.ownUpload(scope, id));
  }

  /**
   * A chunk at its offset. A chunk already received (sent again after a lost answer) changes nothing;
   * one past the bytes received is refused with where to resume. The last chunk makes the item.
   */
  async uploadChunk(scope: Scope, id: string, offset: number, bytes: Buffer): Promise<UploadSession> {
    let row = await this.ownUpload(scope, id);
    if (row.itemId || offset + bytes.length <= row.received) return this.sessionOut(scope, row);
    if (offset !== row.received) throw new AppError(409, `${MEDIA_MESSAGES.resumeAt} ${row.received}`, ERROR_CODES.conflict);
    if (bytes.length === 0 || offset + bytes.length > row.size)
      throw badRequest(MEDIA_MESSAGES.chunkPastEnd, ERROR_CODES.validation, 'body');
    const part = await this.storage.put(
      `gallery/${row.schoolId}/uploads/${id}/${offset}.part`,
      bytes,
      'application/octet-stream',
      {
        uploadedBy: scope.userId,
        schoolId: row.schoolId,
        kind: 'document',
        name: `${row.fileName}.${offset}`,
      },
    );
    const appended = await repo.appendChunk(scope, this.db, id, offset, bytes.length, part, this.clock.now());
    if (!appended) {
      // Another request with the same chunk got there first.
      await this.storage.remove(part).catch(() => undefined);
      return this.sessionOut(scope, await this.ownUpload(scope, id));
    }
    row = await this.ownUpload(scope, id);
    if (row.received < row.size) return this.sessionOut(scope, row);
    const pieces = await Promise.all(row.parts.map((p) => this.storage.read(p)));
    if (pieces.some((p) => p === null)) throw new AppError(409, MEDIA_MESSAGES.uploadLost, ERROR_CODES.conflict);
    const whole = Buffer.concat(pieces as Buffer[]);
    const checked = await this.checkUpload(
      scope,
      { schoolId: row.schoolId },
      { mime: row.mimeType, size: whole.length },
      {
        privacy: row.privacy,
        caption: row.caption,
        taken_on: row.takenOn ? ddmmyyyyFromIso(row.takenOn) : undefined,
      },
    );
    const itemId = await this.createItem(scope, { id: row.classId, schoolId: row.schoolId }, whole, row.fileName, checked);
    await repo.finishUpload(scope, this.db, id, itemId, this.clock.now());
    await Promise.all(row.parts.map((p) => this.storage.remove(p).catch(() => undefined)));
    return this.sessionOut(scope, await this.ownUpload(scope, id));
  }

  private async put(scope: Scope, row: repo.ItemRow, name: string, bytes: Buffer, type: string) {
    return this.storage.put(`gallery/${row.schoolId}/${row.id}/${name}`, bytes, type, {
      uploadedBy: row.uploadedBy ?? scope.userId,
      schoolId: row.schoolId,
      kind: row.kind === 'video' && !type.startsWith('image/') ? 'video' : 'image',
      name: row.name,
    });
  }

  /** The processing job: copies, placeholder, faces found and suggested, copies with faces blurred. */
  async process(scope: Scope, id: string): Promise<void> {
    const [row] = await repo.items(scope, this.db, [id]);
    if (row?.status !== 'processing' || !row.incomingUrl) return;
    const bytes = await this.storage.read(row.incomingUrl);
    if (!bytes) {
      await repo.updateItem(scope, this.db, id, { status: 'failed', error: 'The upload was lost', incomingUrl: null });
      return;
    }
    try {
      if (row.kind === 'video') await this.processVideo(scope, row, bytes);
      else await this.processPhoto(scope, row, bytes);
    } catch (err) {
      const message =
        err instanceof MediaHasLocation
          ? MESSAGES.mediaHasLocation
          : err instanceof AppError
            ? err.message
            : 'The file could not be read';
      await repo.updateItem(scope, this.db, id, { status: 'failed', error: message, incomingUrl: null, bytes: 0 });
    }
    await this.storage.remove(row.incomingUrl).catch(() => undefined);
  }

  private async processVideo(scope: Scope, row: repo.ItemRow, bytes: Buffer) {
    const clean = await stripVideo(bytes, row.mimeType);
    const url = await this.put(scope, row, `video.${VIDEO_TYPES[row.mimeType] ?? 'mp4'}`, clean, row.mimeType);
    const poster = await videoPoster(clean).catch(() => null);
    const posterUrl = poster ? await this.put(scope, row, 'poster.webp', poster, 'image/webp') : null;
    const meta = poster ? await processImage(poster).catch(() => null) : null;
    await repo.updateItem(scope, this.db, row.id, {
      status: 'ready',
      url,
      posterUrl,
      thumbUrl: posterUrl,
      mediumUrl: posterUrl,
      width: meta?.width ?? null,
      height: meta?.height ?? null,
      blurhash: meta?.blurhash ?? null,
      bytes: clean.length + (poster?.length ?? 0),
      incomingUrl: null,
    });
  }

  private async processPhoto(scope: Scope, row: repo.ItemRow, bytes: Buffer) {
    let image: Awaited<ReturnType<typeof processImage>>;
    try {
      image = await processImage(bytes);
    } catch {
      throw badRequest('The image could not be read', ERROR_CODES.notAnImage, 'file');
    }
    const [url, mediumUrl, thumbUrl] = await Promise.all([
      this.put(scope, row, 'full.webp', image.full, 'image/webp'),
      this.put(scope, row, 'medium.webp', image.medium, 'image/webp'),
      this.put(scope, row, 'thumb.webp', image.thumb, 'image/webp'),
    ]);
    await repo.updateItem(scope, this.db, row.id, {
      url,
      mediumUrl,
      thumbUrl,
      width: image.width,
      height: image.height,
      blurhash: image.blurhash,
      bytes: image.full.length + image.medium.length + image.thumb.length,
    });
    await this.findFaces(scope, row, image.medium);
    await this.redact(scope, row.id, image.medium);
    await repo.updateItem(scope, this.db, row.id, { status: 'ready', incomingUrl: null });
  }

  /** Reference faces of the class's children whose families consented to face recognition. */
  private async classReferences(scope: Scope, classId: string) {
    const kids = await repo.classChildren(scope, this.db, classId);
    const consented = await this.children.consentedAmong(
      scope,
      kids.map((k) => k.id),
      'biometric',
    );
    const refs = await repo.references(scope, this.db, [...consented]);
    const byChild = new Map<string, number[][]>();
    for (const r of refs) byChild.set(r.studentId, [...(byChild.get(r.studentId) ?? []), r.descriptor]);
    return [...byChild].map(([studentId, descriptors]) => ({ studentId, descriptors }));
  }

  /**
   * Faces in the photo: matched (in memory, then forgotten) only against consenting children of the
   * class; a suggestion waits for a person; a face nobody matched waits in the review queue.
   */
  private async findFaces(scope: Scope, row: repo.ItemRow, image: Buffer) {
    const refs = await this.classReferences(scope, row.classId);
    let found: FoundFace[] = [];
    try {
      found = await FaceEngine.shared().detect(image, { withDescriptors: refs.length > 0 });
    } catch {
      found = [];
    }
    const suggestions = refs.length ? suggest(found, refs) : [];
    await repo.replaceFaces(
      scope,
      this.db,
      row.id,
      found.map((f, i) => {
        const s = suggestions.find((x) => x.face === i);
        return {
          id: newId(),
          itemId: row.id,
          schoolId: row.schoolId,
          box: f.box,
          status: s ? 'suggested' : 'unmatched',
          studentId: s?.studentId ?? null,
          distance: s?.distance ?? null,
          shown: false,
        };
      }),
    );
  }

  /** Makes (or drops) the copies other families see, with every face not confirmed as a consenting child blurred. */
  async redact(scope: Scope, id: string, copy?: Buffer): Promise<void> {
    const [row] = await repo.items(scope, this.db, [id]);
    if (row?.kind !== 'image' || !row.url) return;
    const faces = hiddenFaces(await repo.facesOf(scope, this.db, [id]));
    const old = [row.sharedUrl, row.sharedThumbUrl].filter((u): u is string => u !== null);
    if (faces.length === 0) {
      if (old.length) await repo.updateItem(scope, this.db, id, { sharedUrl: null, sharedThumbUrl: null });
    } else {
      const source = copy ?? (await this.storage.read(row.mediumUrl ?? row.url));
      if (!source) return;
      const [medium, thumb] = await Promise.all([
        blurBoxes(
          source,
          faces.map((f) => f.box),
          MEDIUM_SIDE,
        ),
        blurBoxes(
          source,
          faces.map((f) => f.box),
          THUMB_SIDE,
        ),
      ]);
      const stamp = newId();
      const [sharedUrl, sharedThumbUrl] = await Promise.all([
        this.put(scope, row, `shared-${stamp}.webp`, medium, 'image/webp'),
        this.put(scope, row, `shared-thumb-${stamp}.webp`, thumb, 'image/webp'),
      ]);
      await repo.updateItem(scope, this.db, id, { sharedUrl, sharedThumbUrl });
    }
    await Promise.all(old.map((u) => this.storage.remove(u).catch(() => undefined)));
  }

  // ------------------------------------------------------------------ editing

  /** Refuses tagging children without photo consent in an item the whole class sees. */
  private async checkPhotoConsent(scope: Scope, privacy: string, studentIds: readonly string[]) {
    if (privacy !== 'class' || studentIds.length === 0) return;
    const ok = await this.children.consentedAmong(scope, studentIds, 'photos_class');
    if (studentIds.some((s) => !ok.has(s))) throw new AppError(409, MEDIA_MESSAGES.noPhotoConsent, ERROR_CODES.noPhotoConsent);
  }

  /** Children must be in the item's class. */
  private async checkInClass(scope: Scope, classId: string, studentIds: readonly string[]) {
    if (studentIds.length === 0) return;
    const kids = new Set((await repo.classChildren(scope, this.db, classId)).map((k) => k.id));
    if (studentIds.some((s) => !kids.has(s)))
      throw badRequest(MEDIA_MESSAGES.notInThisClass, ERROR_CODES.notInClass, 'student_ids');
  }

  async edit(
    scope: Scope,
    id: string,
    body: { caption?: string; taken_on?: string; privacy?: MediaPrivacy; student_ids?: string[] },
  ): Promise<MediaItem> {
    const [row] = await this.managedItems(scope, [id]);
    if (!row) throw notFound();
    const takenOn = fromWire(body.taken_on, 'taken_on');
    if (takenOn && takenOn > this.today())
      throw badRequest('taken_on: cannot be in the future', ERROR_CODES.futureDate, 'taken_on');
    const privacy = body.privacy ?? row.privacy;
    const students = body.student_ids
      ? [...new Set(body.student_ids)]
      : (await repo.tagsOf(scope, this.db, [id])).map((t) => t.studentId);
    if (body.student_ids) await this.checkInClass(scope, row.classId, students);
    await this.checkPhotoConsent(scope, privacy, students);
    await this.db.transaction(async (tx) => {
      await repo.updateItem(scope, tx, id, {
        ...(body.caption !== undefined ? { caption: body.caption } : {}),
        ...(takenOn ? { takenOn } : {}),
        privacy,
      });
      if (body.student_ids) {
        await repo.removeTags(scope, tx, [id], null);
        await repo.addTags(
          scope,
          tx,
          students.map((studentId) => ({ itemId: id, studentId, taggedBy: scope.userId })),
        );
      }
    });
    return this.presentOne(scope, id);
  }

  async setPrivacy(scope: Scope, ids: readonly string[], privacy: MediaPrivacy): Promise<MediaItem[]> {
    const rows = await this.managedItems(scope, ids);
    if (privacy === 'class') {
      const tags = await repo.tagsOf(scope, this.db, ids);
      await this.checkPhotoConsent(scope, privacy, [...new Set(tags.map((t) => t.studentId))]);
    }
    await repo.updateItems(
      scope,
      this.db,
      rows.map((r) => r.id),
      { privacy },
    );
    return this.presentIds(scope, ids);
  }

  async tagMany(
    scope: Scope,
    body: { media_ids: string[]; student_ids: string[]; action?: 'add' | 'remove' },
  ): Promise<MediaItem[]> {
    const rows = await this.managedItems(scope, body.media_ids);
    const students = [...new Set(body.student_ids)];
    if (body.action === 'remove') {
      await repo.removeTags(scope, this.db, body.media_ids, students);
    } else {
      for (const classId of new Set(rows.map((r) => r.classId))) await this.checkInClass(scope, classId, students);
      if (rows.some((r) => r.privacy === 'class')) await this.checkPhotoConsent(scope, 'class', students);
      await repo.addTags(
        scope,
        this.db,
        rows.flatMap((r) => students.map((studentId) => ({ itemId: r.id, studentId, taggedBy: scope.userId }))),
      );
    }
    return this.presentIds(scope, body.media_ids);
  }

  /** To the bin: the files stay for 30 days, then a job removes them unless the item was restored. */
  async remove(scope: Scope, ids: readonly string[]): Promise<void> {
    const rows = await this.managedItems(scope, ids);
    const now = this.clock.now();
    const live = rows.filter((r) => !r.deletedAt).map((r) => r.id);
    await repo.updateItems(scope, this.db, live, { deletedAt: now, deletedBy: scope.userId });
    const at = new Date(now.getTime() + MEDIA_BIN_DAYS * 86_400_000);
    for (const id of live) await this.schedule(MEDIA_PURGE_JOB, scope, id, at);
  }

  async restore(scope: Scope, id: string): Promise<MediaItem> {
    const [row] = await this.managedItems(scope, [id]);
    if (!row) throw notFound();
    if (row.deletedAt) {
      await repo.updateItem(scope, this.db, id, { deletedAt: null, deletedBy: null });
      await this.jobs.cancel(`${MEDIA_PURGE_JOB}:${id}`);
    }
    return this.presentOne(scope, id);
  }

  /** The purge job: an item still in the bin after 30 days goes, with its files. */
  async purge(scope: Scope, id: string): Promise<void> {
    const [row] = await repo.items(scope, this.db, [id]);
    if (!row?.deletedAt) return;
    if (this.clock.now().getTime() - row.deletedAt.getTime() < MEDIA_BIN_DAYS * 86_400_000 - 60_000) return;
    const files = [row.url, row.mediumUrl, row.thumbUrl, row.posterUrl, row.sharedUrl, row.sharedThumbUrl, row.incomingUrl];
    await repo.deleteItem(scope, this.db, id);
    await Promise.all(
      [...new Set(files.filter((u): u is string => u !== null))].map((u) => this.storage.remove(u).catch(() => undefined)),
    );
  }

  // ------------------------------------------------------------------ albums and posts

  private async albumOf(scope: Scope, id: string) {
    const row = await repo.album(scope, this.db, id);
    if (!row) throw notFound();
    await this.readableClass(scope, row.classId);
    return row;
  }

  private async albumDetail(scope: Scope, row: repo.AlbumRow): Promise<MediaAlbumDetail> {
    const items = await this.presentIds(scope, await repo.albumItemIds(scope, this.db, row.id));
    const cover = items.find((i) => i._id === row.coverItemId) ?? items[0] ?? null;
    return { ...presentAlbum(row, items.length, cover, await this.manages(scope, row.classId)), items };
  }

  async albums(scope: Scope, classId: string): Promise<MediaAlbum[]> {
    await this.readableClass(scope, classId);
    const rows = await repo.albums(scope, this.db, classId);
    const out: MediaAlbum[] = [];
    for (const { album } of rows) {
      const detail = await this.albumDetail(scope, album);
      if (scope.kind === 'parent' && detail.items.length === 0) continue;
      const { items: _items, ...summary } = detail;
      out.push(summary);
    }
    return out;
  }

  async album(scope: Scope, id: string): Promise<MediaAlbumDetail> {
    const detail = await this.albumDetail(scope, await this.albumOf(scope, id));
    // A family sees an album only when it holds something the family may see.
    if (scope.kind === 'parent' && detail.items.length === 0) throw notFound();
    return detail;
  }

  private async itemsOfClass(scope: Scope, classId: string, ids: readonly string[] | undefined) {
    if (!ids?.length) return [];
    const rows = await this.managedItems(scope, ids);
    if (rows.some((r) => r.classId !== classId))
      throw badRequest('media_ids: items of this class only', ERROR_CODES.validation, 'media_ids');
    return rows.map((r) => r.id);
  }

  async createAlbum(scope: Scope, classId: string, body: { name: string; media_ids?: string[] }): Promise<MediaAlbumDetail> {
    const cls = await this.managedClass(scope, classId);
    const ids = await this.itemsOfClass(scope, classId, body.media_ids);
    const id = newId();
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await repo.insertAlbum(scope, tx, {
        id,
        schoolId: cls.schoolId,
        classId,
        name: body.name,
        createdBy: scope.userId,
        createdAt: now,
        updatedAt: now,
      });
      await repo.addAlbumItems(scope, tx, id, ids);
    });
    return this.album(scope, id);
  }

  async editAlbum(
    scope: Scope,
    id: string,
    body: { name?: string; cover_id?: string | null; add_ids?: string[]; remove_ids?: string[] },
  ): Promise<MediaAlbumDetail> {
    const row = await this.albumOf(scope, id);
    await this.managedClass(scope, row.classId);
    const add = await this.itemsOfClass(scope, row.classId, body.add_ids);
    const remove = await this.itemsOfClass(scope, row.classId, body.remove_ids);
    if (body.cover_id) await this.itemsOfClass(scope, row.classId, [body.cover_id]);
    await this.db.transaction(async (tx) => {
      await repo.addAlbumItems(scope, tx, id, add);
      await repo.removeAlbumItems(scope, tx, id, remove);
      if (body.cover_id) await repo.addAlbumItems(scope, tx, id, [body.cover_id]);
      await repo.updateAlbum(scope, tx, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.cover_id !== undefined ? { coverItemId: body.cover_id } : {}),
        updatedAt: this.clock.now(),
      });
    });
    return this.album(scope, id);
  }

  async deleteAlbum(scope: Scope, id: string): Promise<void> {
    const row = await this.albumOf(scope, id);
    await this.managedClass(scope, row.classId);
    await repo.deleteAlbum(scope, this.db, id);
  }

  async createPost(scope: Scope, classId: string, body: { caption: string; media_ids: string[]; privacy?: MediaPrivacy }) {
    const cls = await this.managedClass(scope, classId);
    const ids = await this.itemsOfClass(scope, classId, body.media_ids);
    if (body.privacy === 'class') {
      const tags = await repo.tagsOf(scope, this.db, ids);
      await this.checkPhotoConsent(scope, 'class', [...new Set(tags.map((t) => t.studentId))]);
    }
    const id = newId();
    await this.db.transaction(async (tx) => {
      await repo.insertPost(scope, tx, {
        id,
        schoolId: cls.schoolId,
        classId,
        caption: body.caption,
        createdBy: scope.userId,
        createdAt: this.clock.now(),
      });
      await repo.updateItems(scope, tx, ids, { postId: id, ...(body.privacy ? { privacy: body.privacy } : {}) });
    });
    return { _id: id, caption: body.caption, items: await this.presentIds(scope, ids) };
  }

  /** Gallery items added to an observation (the route `add_media_to_anecdotes` with `media_ids`). */
  async addToObservation(scope: Scope, observationId: string, ids: readonly string[]): Promise<ObservationEntry> {
    if (!(await scope.schoolPermissions()).has('media')) throw forbidden();
    const rows = await this.managedItems(scope, ids);
    const ready = rows.filter((r) => r.status === 'ready' && r.url);
    if (ready.length !== rows.length) throw badRequest('media_ids: items still processing', ERROR_CODES.validation, 'media_ids');
    const entry = await this.observations.addMedia(
      scope,
      observationId,
      ready.map((r) => r.url as string),
    );
    await repo.addLinks(
      scope,
      this.db,
      'observation',
      observationId,
      ready.map((r) => r.id),
    );
    return entry;
  }

  async addToActivity(scope: Scope, eventId: string, ids: readonly string[]): Promise<void> {
    const event = await this.calendar.editableEvent(scope, eventId);
    const rows = await this.managedItems(scope, ids);
    if (event.classId && rows.some((r) => r.classId !== event.classId))
      throw badRequest('media_ids: items of the activity’s class only', ERROR_CODES.validation, 'media_ids');
    await repo.addLinks(
      scope,
      this.db,
      'activity',
      eventId,
      rows.map((r) => r.id),
    );
  }

  // ------------------------------------------------------------------ faces

  private async recognized(scope: Scope, studentId: string): Promise<RecognizedFaces> {
    const [refs, consented] = await Promise.all([
      repo.references(scope, this.db, [studentId]),
      this.children.consentedAmong(scope, [studentId], 'biometric'),
    ]);
    const shown = await this.presentIds(
      scope,
      refs.map((r) => r.itemId).filter((i): i is string => i !== null),
    );
    const term = termOf(this.today());
    return {
      student_id: studentId,
      biometric_consent: consented.has(studentId),
      references: refs.map((r) => ({
        _id: r.id,
        created_at: r.createdAt.toISOString(),
        media: shown.find((m) => m._id === r.itemId) ?? null,
        box: r.box,
        term: r.term,
      })),
      needs_refresh: consented.has(studentId) && !refs.some((r) => r.term === term),
    };
  }

  async references(scope: Scope, studentId: string): Promise<RecognizedFaces> {
    await requireAccess(scope, 'teach', [studentId]);
    return this.recognized(scope, studentId);
  }

  /** A face in a photo becomes one of the child's references: only with the family's face-recognition consent. */
  async addReference(scope: Scope, studentId: string, faceId: string): Promise<RecognizedFaces> {
    await requireAccess(scope, 'teach', [studentId]);
    const face = await repo.face(scope, this.db, faceId);
    if (!face) throw notFound();
    const [row] = await this.managedItems(scope, [face.itemId]);
    if (!row?.url) throw badRequest(MEDIA_MESSAGES.notAnImageItem, ERROR_CODES.validation, 'face_id');
    await this.checkInClass(scope, row.classId, [studentId]);
    const consented = await this.children.consentedAmong(scope, [studentId], 'biometric');
    if (!consented.has(studentId)) throw new AppError(409, MEDIA_MESSAGES.noBiometricConsent, ERROR_CODES.noBiometricConsent);
    const bytes = await this.storage.read(row.mediumUrl ?? row.url);
    if (!bytes) throw notFound();
    const found = await FaceEngine.shared().detect(bytes, { withDescriptors: true });
    // The face of the photo nearest the chosen box is the one described.
    const centre = (b: { x: number; y: number; width: number; height: number }) =>
      [b.x + b.width / 2, b.y + b.height / 2] as const;
    const [cx, cy] = centre(face.box);
    const best = found
      .filter((f) => f.descriptor)
      .map((f) => ({ f, d: Math.hypot(centre(f.box)[0] - cx, centre(f.box)[1] - cy) }))
      .sort((a, b) => a.d - b.d)[0];
    if (!best?.f.descriptor || best.d > Math.max(face.box.width, face.box.height))
      throw badRequest(MEDIA_MESSAGES.notInItem, ERROR_CODES.validation, 'face_id');
    await this.db.transaction(async (tx) => {
      await repo.insertReference(scope, tx, {
        id: newId(),
        schoolId: row.schoolId,
        studentId,
        descriptor: best.f.descriptor as number[],
        itemId: row.id,
        box: face.box,
        term: termOf(this.today()),
        createdBy: scope.userId,
        createdAt: this.clock.now(),
      });
      await repo.insertAudit(scope, tx, {
        id: newId(),
        schoolId: row.schoolId,
        studentId,
        action: 'reference_added',
        count: 1,
        createdAt: this.clock.now(),
      });
    });
    await this.assignFace(scope, row, face, studentId);
    return this.recognized(scope, studentId);
  }

  async resetReferences(scope: Scope, studentId: string): Promise<RecognizedFaces> {
    await requireAccess(scope, 'teach', [studentId]);
    await this.forget(scope, studentId, 'references_reset');
    return this.recognized(scope, studentId);
  }

  /**
   * Deletes a child's reference faces and pending suggestions with an audit entry; when consent is
   * withdrawn, faces confirmed as the child are blurred for other families again.
   */
  private async forget(scope: Scope, studentId: string, action: 'references_reset' | 'consent_withdrawn') {
    const schoolId = await repo.studentSchool(scope, this.db, studentId);
    if (!schoolId) throw notFound();
    const touched = await this.db.transaction(async (tx) => {
      const removed = await repo.deleteReferences(scope, tx, studentId);
      const items = await repo.forgetFacesOf(scope, tx, studentId);
      if (action === 'consent_withdrawn') items.push(...(await repo.hideFacesOf(scope, tx, studentId)));
      await repo.insertAudit(scope, tx, {
        id: newId(),
        schoolId,
        studentId,
        action,
        count: removed,
        createdAt: this.clock.now(),
      });
      return items;
    });
    const seen = new Set<string>();
    for (const item of touched) {
      if (seen.has(item.itemId)) continue;
      seen.add(item.itemId);
      await this.scheduleFor(MEDIA_REDACT_JOB, item);
    }
    if (seen.size) this.kick();
  }

  /** Consent to face recognition withdrawn (by the family, or recorded by the school): the child's face data goes at once. */
  private async consentChanged(scope: Scope, studentId: string, key: string, granted: boolean) {
    if (key !== 'biometric' || granted) return;
    await this.forget(scope, studentId, 'consent_withdrawn');
  }

  async searchWithFace(scope: Scope, classId: string, studentId: string): Promise<MediaItem[]> {
    await this.managedClass(scope, classId);
    await requireAccess(scope, 'child', [studentId]);
    const ids = await repo.itemIdsWithFaceOf(scope, this.db, classId, studentId);
    return this.presentIds(scope, ids);
  }

  async faceQueue(scope: Scope, classId: string) {
    await this.managedClass(scope, classId);
    const faces = await repo.faceQueue(scope, this.db, classId, 200);
    const items = await this.presentIds(scope, [...new Set(faces.map((f) => f.itemId))]);
    const byId = new Map(items.map((i) => [i._id, i]));
    return {
      faces: faces.flatMap((f) => {
        const media = byId.get(f.itemId);
        const face = media?.faces.find((x) => x._id === f.id);
        return media && face ? [{ ...face, media }] : [];
      }),
    };
  }

  /** Confirms a face as a child (tagging the child), or sets it aside. */
  async decideFace(scope: Scope, body: { face_id: string; action: 'assign' | 'not_in_class' | 'ignore'; student_id?: string }) {
    const face = await repo.face(scope, this.db, body.face_id);
    if (!face) throw notFound();
    const [row] = await this.managedItems(scope, [face.itemId]);
    if (!row) throw notFound();
    if (body.action === 'assign') {
      const studentId = body.student_id ?? face.studentId;
      if (!studentId) throw badRequest('student_id: whom the face is', ERROR_CODES.validation, 'student_id');
      await this.assignFace(scope, row, face, studentId);
    } else {
      await repo.updateFace(scope, this.db, face.id, {
        status: body.action === 'ignore' ? 'ignored' : 'not_in_class',
        studentId: null,
        distance: null,
        shown: false,
        decidedBy: scope.userId,
        decidedAt: this.clock.now(),
      });
      if (face.shown) {
        await this.schedule(MEDIA_REDACT_JOB, scope, row.id);
        this.kick();
      }
    }
    return this.presentOne(scope, row.id);
  }

  private async assignFace(scope: Scope, row: repo.ItemRow, face: repo.FaceRow, studentId: string) {
    await this.checkInClass(scope, row.classId, [studentId]);
    await this.checkPhotoConsent(scope, row.privacy, [studentId]);
    const faces = await repo.facesOf(scope, this.db, [row.id]);
    if (faces.some((f) => f.id !== face.id && f.status === 'assigned' && f.studentId === studentId))
      throw new AppError(409, MEDIA_MESSAGES.tagOnce, ERROR_CODES.conflict);
    const consented = (await this.children.consentedAmong(scope, [studentId], 'biometric')).has(studentId);
    await this.db.transaction(async (tx) => {
      await repo.updateFace(scope, tx, face.id, {
        status: 'assigned',
        studentId,
        shown: consented,
        decidedBy: scope.userId,
        decidedAt: this.clock.now(),
      });
      await repo.addTags(scope, tx, [{ itemId: row.id, studentId, taggedBy: scope.userId }]);
    });
    if (consented !== face.shown) {
      await this.schedule(MEDIA_REDACT_JOB, scope, row.id);
      this.kick();
    }
  }

  /**
   * Assessment's evidence: the gallery's photos and videos tagged with these children, taken
   * fromIso..toIso (or, with `ids`, those items), one entry per item and child, newest first.
   */
  async evidenceOf(
    scope: Scope,
    studentIds: readonly string[],
    fromIso: string | null,
    toIso: string | null,
    ids?: readonly string[],
  ) {
    staffSchool(scope);
    await requireAccess(scope, 'child', studentIds);
    const range = fromIso && toIso ? { from: fromIso, to: toIso } : null;
    const rows = await repo.evidenceOf(scope, this.db, studentIds, range, ids);
    return rows.map((r) => ({
      id: r.id,
      studentId: r.studentId,
      date: r.date,
      title: r.caption.split('\n')[0]?.trim().slice(0, 120) || (r.kind === 'video' ? 'Video' : 'Photo'),
      text: r.caption,
      thumbnail: signMedia(r.thumb),
      areaIds: [] as string[],
      areaCodes: [] as string[],
    }));
  }
}
