import { DOCUMENT_TYPES, type MaintenanceStatus, UPLOAD_LIMITS } from '@cue/contract';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { bugReports, media, schools, users } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/http/upload.js';
import { newId } from '../../platform/ids.js';
import type { Storage } from '../../platform/storage.js';
import * as authRepo from '../auth/repo.js';

const MAINTENANCE_KEY = 'maintenance';
interface MaintenanceSetting {
  enabled: boolean;
  start_time: string | null;
  end_time: string | null;
}

const unsupported = () => new AppError(415, 'This kind of file cannot be uploaded', 'UNSUPPORTED_MEDIA_TYPE');
const tooLarge = (limit: number) =>
  new AppError(413, `The file is too large (${Math.round(limit / 1024 / 1024)} MB at most)`, 'FILE_TOO_LARGE');
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/plain': 'txt',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** Maintenance windows, uploads and bug reports: the support side of the platform. */
export class SupportService {
  private maintenance: MaintenanceSetting | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: Storage,
  ) {}

  private async setting(): Promise<MaintenanceSetting> {
    this.maintenance ??= (await authRepo.getSetting<MaintenanceSetting>(this.db, MAINTENANCE_KEY)) ?? {
      enabled: false,
      start_time: null,
      end_time: null,
    };
    return this.maintenance;
  }

  /** Active while switched on and inside its window (an open start or end means "from now" / "until cleared"). */
  async maintenanceStatus(): Promise<MaintenanceStatus> {
    const s = await this.setting();
    const now = this.clock.now().toISOString();
    const inWindow = (!s.start_time || s.start_time <= now) && (!s.end_time || now < s.end_time);
    return { status: s.enabled && inWindow ? 'active' : 'inactive', start_time: s.start_time, end_time: s.end_time };
  }

  async setMaintenance(input: {
    enabled: boolean;
    start_time?: string | null;
    end_time?: string | null;
  }): Promise<MaintenanceStatus> {
    const normal = (v?: string | null) => (v ? new Date(v).toISOString() : null);
    const next: MaintenanceSetting = {
      enabled: input.enabled,
      start_time: normal(input.start_time),
      end_time: normal(input.end_time),
    };
    await authRepo.putSetting(this.db, MAINTENANCE_KEY, next);
    this.maintenance = next;
    return this.maintenanceStatus();
  }

  uploadConstraint() {
    return { ...UPLOAD_LIMITS };
  }

  /** Stores one uploaded file. Images are re-encoded, which drops their metadata (EXIF, GPS). */
  async upload(auth: AccessClaims, file: UploadedFile) {
    const mime = file.mimetype.toLowerCase();
    let bytes = file.bytes;
    let kind: 'image' | 'video' | 'document';
    let ext: string;
    // SVG can carry script: never stored, whatever it is called.
    if (mime === 'image/svg+xml') throw unsupported();
    if (mime.startsWith('image/')) {
      if (bytes.length > UPLOAD_LIMITS.max_image_size) throw tooLarge(UPLOAD_LIMITS.max_image_size);
      try {
        const meta = await sharp(bytes).metadata();
        if (!meta.format || meta.format === 'svg') throw unsupported();
        bytes = await sharp(bytes)
          .rotate()
          .resize(2560, 2560, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 85 })
          .toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw badRequest('The image could not be read', 'NOT_AN_IMAGE', 'file');
      }
      kind = 'image';
      ext = 'webp';
    } else if (mime.startsWith('video/') && EXTENSIONS[mime]) {
      if (bytes.length > UPLOAD_LIMITS.max_video_size) throw tooLarge(UPLOAD_LIMITS.max_video_size);
      kind = 'video';
      ext = EXTENSIONS[mime] ?? 'bin';
    } else if ((DOCUMENT_TYPES as readonly string[]).includes(mime)) {
      if (bytes.length > UPLOAD_LIMITS.max_doc_size) throw tooLarge(UPLOAD_LIMITS.max_doc_size);
      if (mime === 'application/pdf' && bytes.subarray(0, 5).toString() !== '%PDF-')
        throw badRequest('The file is not a PDF', 'NOT_A_PDF', 'file');
      kind = 'document';
      ext = EXTENSIONS[mime] ?? 'bin';
    } else {
      throw unsupported();
    }
    const id = newId();
    const owner = auth.schoolId ?? `user-${auth.userId}`;
    const url = await this.storage.put(`uploads/${owner}/${id}.${ext}`, bytes, kind === 'image' ? 'image/webp' : mime);
    const name = (file.filename || `file.${ext}`).replace(/[\\/\r\n]/g, '_').slice(0, 200);
    await this.db
      .insert(media)
      .values({ id, schoolId: auth.schoolId, uploadedBy: auth.userId, kind, url, name, mimeType: mime, size: bytes.length });
    return { id, media_link: url, kind, name, size: bytes.length };
  }

  async reportBug(
    auth: AccessClaims,
    input: { url: string; summary: string; media: { media_link: string }[] },
    userAgent: string | undefined,
  ) {
    const id = newId();
    await this.db.insert(bugReports).values({
      id,
      userId: auth.userId,
      kind: auth.kind,
      schoolId: auth.schoolId,
      url: input.url,
      summary: input.summary,
      media: input.media,
      userAgent: userAgent?.slice(0, 500) ?? null,
    });
    return { id };
  }

  async bugReports(limit = 200) {
    const rows = await this.db
      .select({
        report: bugReports,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        school: { id: schools.id, name: schools.name },
      })
      .from(bugReports)
      .innerJoin(users, eq(users.id, bugReports.userId))
      .leftJoin(schools, eq(schools.id, bugReports.schoolId))
      .orderBy(desc(bugReports.createdAt))
      .limit(limit);
    return rows.map(({ report, user, school }) => ({
      id: report.id,
      url: report.url,
      summary: report.summary,
      media: report.media,
      reporter: { id: user.id, first_name: user.firstName, last_name: user.lastName, kind: report.kind },
      school: school?.id ? { id: school.id, name: school.name ?? '' } : null,
      user_agent: report.userAgent,
      created_at: report.createdAt.toISOString(),
    }));
  }
}
