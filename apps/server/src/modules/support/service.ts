import { type MaintenanceStatus, UPLOAD_LIMITS } from '@cue/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { bugReports, media, schools, users } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/http/upload.js';
import { newId } from '../../platform/ids.js';
import { prepareUpload } from '../../platform/media-metadata.js';
import { signMedia, signMediaList } from '../../platform/media-urls.js';
import type { Storage } from '../../platform/storage.js';
import * as authRepo from '../auth/repo.js';

const MAINTENANCE_KEY = 'maintenance';
interface MaintenanceSetting {
  enabled: boolean;
  start_time: string | null;
  end_time: string | null;
}

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

  /** Stores one uploaded file, made ready by the upload pipeline (metadata removed, decision 6). */
  async upload(auth: AccessClaims, file: UploadedFile) {
    const ready = await prepareUpload(file.bytes, file.mimetype, auth.kind === 'parent');
    const id = newId();
    const owner = auth.schoolId ?? `user-${auth.userId}`;
    const name = (file.filename || `file.${ready.ext}`).replace(/[\\/\r\n]/g, '_').slice(0, 200);
    const url = await this.storage.put(`uploads/${owner}/${id}.${ready.ext}`, ready.bytes, ready.contentType, {
      id,
      uploadedBy: auth.userId,
      schoolId: auth.schoolId ?? null,
      kind: ready.kind,
      name,
    });
    return { id, media_link: signMedia(url), kind: ready.kind, name, size: ready.bytes.length };
  }

  async reportBug(
    auth: AccessClaims,
    input: { url: string; summary: string; media: { media_link: string }[] },
    userAgent: string | undefined,
  ) {
    // Only the reporter's own uploads: a report never holds on to (or shows the platform) anyone else's file.
    const links = input.media.map((m) => m.media_link);
    if (links.length) {
      const own = await this.db
        .select({ url: media.url })
        .from(media)
        .where(and(inArray(media.url, links), eq(media.uploadedBy, auth.userId)));
      if (own.length !== new Set(links).size) throw badRequest('media: attach screenshots you uploaded', undefined, 'media');
    }
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
      media: signMediaList(report.media),
      reporter: { id: user.id, first_name: user.firstName, last_name: user.lastName, kind: report.kind },
      school: school?.id ? { id: school.id, name: school.name ?? '' } : null,
      user_agent: report.userAgent,
      created_at: report.createdAt.toISOString(),
    }));
  }
}
