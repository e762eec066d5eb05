import { type MaintenanceStatus, UPLOAD_LIMITS } from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/http/upload.js';
import { newId } from '../../platform/ids.js';
import { prepareUpload } from '../../platform/media-metadata.js';
import { signMedia } from '../../platform/media-urls.js';
import type { Storage } from '../../platform/storage.js';
import type { AuthSettingsService } from '../auth/settings-service.js';
import { presentBugReport } from './presenter.js';
import * as repo from './repo.js';

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
    private readonly settings: AuthSettingsService,
  ) {}

  private async setting(): Promise<MaintenanceSetting> {
    this.maintenance ??= (await this.settings.setting<MaintenanceSetting>(MAINTENANCE_KEY)) ?? {
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

  async setMaintenance(
    _auth: Scope,
    input: {
      enabled: boolean;
      start_time?: string | null;
      end_time?: string | null;
    },
  ): Promise<MaintenanceStatus> {
    const normal = (v?: string | null) => (v ? new Date(v).toISOString() : null);
    const next: MaintenanceSetting = {
      enabled: input.enabled,
      start_time: normal(input.start_time),
      end_time: normal(input.end_time),
    };
    await this.settings.putSetting(MAINTENANCE_KEY, next);
    this.maintenance = next;
    return this.maintenanceStatus();
  }

  uploadConstraint() {
    return { ...UPLOAD_LIMITS };
  }

  /** Stores one uploaded file, made ready by the upload pipeline (metadata removed, decision 6). */
  async upload(auth: Scope, file: UploadedFile) {
    // Voice recordings too: a family's or a child's spoken answer to a feedback form is uploaded here.
    const ready = await prepareUpload(file.bytes, file.mimetype, auth.kind === 'parent', { audio: true });
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
    auth: Scope,
    input: { url: string; summary: string; media: { media_link: string }[] },
    userAgent: string | undefined,
  ) {
    // Only the reporter's own uploads: a report never holds on to (or shows the platform) anyone else's file.
    const links = input.media.map((m) => m.media_link);
    if (links.length) {
      const own = await repo.ownUploads(auth, this.db, links);
      if (own.length !== new Set(links).size) throw badRequest('media: attach screenshots you uploaded', undefined, 'media');
    }
    const id = newId();
    await repo.addBugReport(auth, this.db, {
      id,
      url: input.url,
      summary: input.summary,
      media: input.media,
      userAgent: userAgent?.slice(0, 500) ?? null,
    });
    return { id };
  }

  async bugReports(auth: Scope, limit = 200) {
    return (await repo.latestBugReports(auth, this.db, limit)).map(presentBugReport);
  }
}
