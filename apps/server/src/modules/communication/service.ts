import {
  ACCESS_OTHERS_ANNOUNCEMENT,
  COMMUNICATION_MESSAGES,
  COMMUNICATION_TYPES,
  type Communication,
  type CommunicationRequest,
  type CommunicationType,
  ERROR_CODES,
  isHttpUrl,
  type RolePermission,
} from '@cue/contract';
import { eq } from 'drizzle-orm';
import { staffSchool } from '../../platform/auth/scope.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { communications } from '../../platform/db/schema.js';
import { type EmailProvider, html, type OutboxEntry, trustedHtml } from '../../platform/email.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import { signMediaList } from '../../platform/media-urls.js';
import { toDdmmyyyy, toIso } from '../attendance/dates.js';
import { seesAllClasses } from '../classes/policy.js';
import * as classRepo from '../classes/repo.js';
import type { ClassService } from '../classes/service.js';
import * as schoolRepo from '../school/repo.js';
import type { UserService } from '../users/service.js';
import { canManage } from './policy.js';
import * as repo from './repo.js';
import { sanitizeRichText } from './sanitize.js';
import { instantToZoned, zonedToInstant } from './zoned.js';

export const PUBLISH_JOB = 'communication.publish';
const jobKey = (id: string) => `publish:${id}`;
type Row = repo.CommunicationRow;

/**
 * Announcements and homework: drafted, scheduled or sent; shared with everyone or chosen classes;
 * read by parents, with read receipts for staff. Scheduled ones are published by a database job.
 */
export class CommunicationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly users: UserService,
    private readonly classes: ClassService,
    private readonly jobs: JobQueue,
    private readonly email: EmailProvider,
    private readonly events: EventBus,
  ) {
    jobs.handle(PUBLISH_JOB, async (payload) => {
      await this.publishScheduled(String(payload.id));
    });
  }

  private async timeZone(schoolId: string): Promise<string> {
    return (await schoolRepo.findSchool(this.db, schoolId))?.school.timeZone ?? 'UTC';
  }

  private async present(auth: AccessClaims, rows: Row[]): Promise<Communication[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [cls, creators, held, reads] = await Promise.all([
      repo.classesOf(this.db, ids),
      repo.creatorsOf(this.db, [...new Set(rows.map((r) => r.createdBy))]),
      auth.kind === 'staff' && auth.schoolId
        ? this.users.rolePermissions(auth.userId, auth.schoolId)
        : Promise.resolve(new Set<RolePermission>()),
      auth.kind === 'parent' ? repo.readIdsFor(this.db, auth.userId, ids) : Promise.resolve(undefined),
    ]);
    const tz = await this.timeZone(rows[0]?.schoolId ?? '');
    return rows.map((r) => {
      const own = cls.filter((c) => c.communicationId === r.id);
      const creator = creators.find((c) => c.id === r.createdBy);
      const when = r.scheduledFor ?? r.publishedAt;
      const zoned = when ? instantToZoned(when, tz) : null;
      return {
        _id: r.id,
        id: r.id,
        type: r.type as CommunicationType,
        title: r.title,
        summary: r.summary,
        share_with: r.shareWith === 'Classes' ? 'Classes' : 'Everyone',
        send_email: r.sendEmail,
        save_as_draft: r.status === 'draft',
        schedule_later: r.scheduledFor !== null,
        date: zoned?.date ?? null,
        time: zoned?.time ?? null,
        classes: own.map((c) => ({ id: c.id, class_name: c.name })),
        classes_ids: own.map((c) => c.id),
        announcement_media: signMediaList(r.media),
        // Links stored before only http(s) was accepted are not handed out.
        file_link: isHttpUrl(r.fileLink) ? r.fileLink : null,
        due_date: r.dueDate ? toDdmmyyyy(r.dueDate) : null,
        created_by: { id: r.createdBy, first_name: creator?.firstName ?? '', last_name: creator?.lastName ?? '' },
        created_at: r.createdAt.toISOString(),
        published_at: r.publishedAt?.toISOString() ?? null,
        status: r.status as Communication['status'],
        is_saved: true,
        is_published: r.status === 'published',
        can_edit: canManage(auth, r.createdBy, held) && r.status !== 'published',
        abilities: {
          can_edit: canManage(auth, r.createdBy, held) && r.status !== 'published',
          can_delete: canManage(auth, r.createdBy, held),
        },
        ...(reads ? { read: reads.has(r.id) } : {}),
      };
    });
  }

  /** The ids of the classes the caller works with; null for class managers, who work with every class (the classes module's rule). */
  private async ownClassIds(auth: AccessClaims): Promise<Set<string> | null> {
    if (await seesAllClasses(auth, this.users)) return null;
    return new Set((await this.classes.staffClasses(auth)).map((c) => c.id));
  }

  /**
   * Checks and normalises a request: audience, status, time, attachments. Chosen classes must be the
   * caller's (or, when editing, already the audience of the item): a teacher cannot address another's class.
   */
  private async plan(
    auth: AccessClaims,
    schoolId: string,
    type: CommunicationType,
    body: CommunicationRequest,
    addressedBefore: string[] = [],
  ) {
    const shareWith = type === 'homework' ? 'Classes' : body.share_with;
    let classIds: string[];
    if (shareWith === 'Everyone') {
      classIds = (await classRepo.listSchoolClasses(this.db, schoolId, {})).map((r) => r.cls.id);
    } else {
      classIds = [...new Set(body.classes_ids)];
      if (classIds.length === 0) throw badRequest(COMMUNICATION_MESSAGES.classesRequired, undefined, 'classes_ids');
      const found = await classRepo.existingClassIds(this.db, schoolId, classIds);
      if (found.length !== classIds.length) throw badRequest('classes_ids: not classes of this school', undefined, 'classes_ids');
      const own = await this.ownClassIds(auth);
      if (own && classIds.some((c) => !own.has(c) && !addressedBefore.includes(c))) throw forbidden();
    }
    const now = this.clock.now();
    let status: 'draft' | 'scheduled' | 'published' = 'published';
    let scheduledFor: Date | null = null;
    if (body.schedule_later) {
      if (!body.date || !body.time) throw badRequest('Give the date and time to send it', undefined, body.date ? 'time' : 'date');
      toIso(body.date);
      scheduledFor = zonedToInstant(body.date, body.time, await this.timeZone(schoolId));
      if (!body.save_as_draft && scheduledFor <= now)
        throw badRequest(COMMUNICATION_MESSAGES.scheduleInPast, ERROR_CODES.scheduleInPast, 'time');
      status = 'scheduled';
    }
    if (body.save_as_draft) status = 'draft';
    if (status !== 'draft' && !body.title) throw badRequest(COMMUNICATION_MESSAGES.titleRequired, undefined, 'title');
    const links = body.announcement_media.map((m) => m.media_link);
    const known = await repo.mediaByLinks(this.db, links);
    const attachments = links.map((link) => {
      const m = known.find((k) => k.url === link && (k.schoolId === schoolId || k.uploadedBy === auth.userId));
      if (!m) throw badRequest('announcement_media: attach files uploaded to this school', undefined, 'announcement_media');
      return { media_link: m.url, name: m.name, kind: m.kind };
    });
    return {
      classIds,
      status,
      scheduledFor,
      values: {
        title: body.title,
        summary: sanitizeRichText(body.summary),
        shareWith,
        sendEmail: body.send_email,
        status,
        scheduledFor,
        publishedAt: status === 'published' ? now : null,
        media: attachments,
        fileLink: body.file_link ?? null,
        dueDate: type === 'homework' && body.due_date ? toIso(body.due_date, 'due_date') : null,
        updatedAt: now,
      },
    };
  }

  private async afterWrite(id: string, status: string, scheduledFor: Date | null): Promise<void> {
    if (status === 'scheduled' && scheduledFor) await this.jobs.schedule(jobKey(id), PUBLISH_JOB, scheduledFor, { id });
    else await this.jobs.cancel(jobKey(id));
    if (status === 'published') await this.deliver(id);
  }

  async create(auth: AccessClaims, type: CommunicationType, body: CommunicationRequest): Promise<Communication> {
    const schoolId = staffSchool(auth);
    const plan = await this.plan(auth, schoolId, type, body);
    const id = newId();
    await this.db.transaction(async (tx) => {
      await tx.insert(communications).values({ id, schoolId, type, createdBy: auth.userId, ...plan.values });
      await repo.setClasses(tx, id, plan.classIds);
    });
    await this.afterWrite(id, plan.status, plan.scheduledFor);
    return this.get(auth, type, id);
  }

  private async manageable(auth: AccessClaims, type: CommunicationType, id: string): Promise<Row> {
    const schoolId = staffSchool(auth);
    const row = await repo.find(this.db, schoolId, type, id);
    if (!row) throw notFound();
    const held = await this.users.rolePermissions(auth.userId, schoolId);
    if (!canManage(auth, row.createdBy, held)) {
      if (row.status === 'draft') throw notFound();
      throw forbidden();
    }
    return row;
  }

  async update(auth: AccessClaims, type: CommunicationType, id: string, body: CommunicationRequest): Promise<Communication> {
    const row = await this.manageable(auth, type, id);
    if (row.status === 'published') throw new AppError(409, COMMUNICATION_MESSAGES.cannotEditPublished, ERROR_CODES.published);
    const before = (await repo.classesOf(this.db, [id])).map((c) => c.id);
    const plan = await this.plan(auth, row.schoolId, type, body, row.shareWith === 'Classes' ? before : []);
    await this.db.transaction(async (tx) => {
      await tx.update(communications).set(plan.values).where(eq(communications.id, id));
      await repo.setClasses(tx, id, plan.classIds);
    });
    await this.afterWrite(id, plan.status, plan.scheduledFor);
    return this.get(auth, type, id);
  }

  async remove(auth: AccessClaims, type: CommunicationType, id: string): Promise<void> {
    await this.manageable(auth, type, id);
    await this.jobs.cancel(jobKey(id));
    await this.db.delete(communications).where(eq(communications.id, id));
  }

  /** Staff: anything of the school but others' drafts. Parents: what was published to their children's classes (and it counts as read). */
  async get(auth: AccessClaims, type: CommunicationType, id: string): Promise<Communication> {
    if (auth.kind === 'parent') {
      const mine = await repo.parentClasses(this.db, auth.userId);
      const row = await repo.findAny(this.db, id);
      if (!row || row.type !== type || row.status !== 'published') throw notFound();
      const aimed = (await repo.classesOf(this.db, [id])).map((c) => c.id);
      if (!aimed.some((c) => mine.some((m) => m.classId === c))) throw notFound();
      await repo.markRead(this.db, id, auth.userId, this.clock.now());
      const [presented] = await this.present(auth, [row]);
      if (!presented) throw notFound();
      return presented;
    }
    const schoolId = staffSchool(auth);
    const row = await repo.find(this.db, schoolId, type, id);
    if (!row) throw notFound();
    if (row.status === 'draft' && !canManage(auth, row.createdBy, await this.users.rolePermissions(auth.userId, schoolId)))
      throw notFound();
    const [presented] = await this.present(auth, [row]);
    if (!presented) throw notFound();
    return presented;
  }

  async list(
    auth: AccessClaims,
    type: CommunicationType,
    query: { class_id?: string; status?: string; search?: string; page: number; page_size: number },
  ) {
    const paging = { limit: query.page_size, offset: (query.page - 1) * query.page_size };
    if (auth.kind === 'parent') {
      const mine = await repo.parentClasses(this.db, auth.userId);
      const schools = [...new Set(mine.map((m) => m.schoolId))];
      const classIds = query.class_id
        ? mine.filter((m) => m.classId === query.class_id).map((m) => m.classId)
        : mine.map((m) => m.classId);
      const all: Row[] = [];
      let total = 0;
      for (const schoolId of schools) {
        const part = await repo.list(this.db, {
          schoolId,
          type,
          status: 'published',
          search: query.search,
          forClassIds: classIds,
          limit: paging.offset + paging.limit,
          offset: 0,
        });
        all.push(...part.rows);
        total += part.total;
      }
      all.sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0));
      return {
        items: await this.present(auth, all.slice(paging.offset, paging.offset + paging.limit)),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    }
    const schoolId = staffSchool(auth);
    const held = await this.users.rolePermissions(auth.userId, schoolId);
    const { rows, total } = await repo.list(this.db, {
      schoolId,
      type,
      status: query.status,
      classId: query.class_id,
      search: query.search,
      draftsOf: held.has(ACCESS_OTHERS_ANNOUNCEMENT) ? undefined : auth.userId,
      ...paging,
    });
    return { items: await this.present(auth, rows), total, page: query.page, page_size: query.page_size };
  }

  /**
   * The caller's own drafts or scheduled items (announcements and homework): drafts last edited first,
   * scheduled ones in the order they go out.
   */
  async ownPending(auth: AccessClaims, status: 'draft' | 'scheduled', limit: number): Promise<Communication[]> {
    const schoolId = staffSchool(auth);
    const rows: Row[] = [];
    for (const type of COMMUNICATION_TYPES)
      rows.push(...(await repo.list(this.db, { schoolId, type, status, createdBy: auth.userId, limit, offset: 0 })).rows);
    const when = (r: Row) => (status === 'scheduled' ? (r.scheduledFor?.getTime() ?? 0) : -r.updatedAt.getTime());
    return this.present(auth, rows.sort((a, b) => when(a) - when(b)).slice(0, limit));
  }

  /**
   * Who an item would reach if sent now: every class of the school (Everyone) or the chosen ones, their
   * children, and the parents of those children who have an account. A teacher asks about her own classes
   * only (the rule of `plan`).
   */
  async audienceOf(auth: AccessClaims, query: { share_with: 'Everyone' | 'Classes'; classes_ids: string[] }) {
    const schoolId = staffSchool(auth);
    const all = await classRepo.listSchoolClasses(this.db, schoolId, {});
    let chosen = all;
    if (query.share_with === 'Classes') {
      if (query.classes_ids.length === 0) throw badRequest(COMMUNICATION_MESSAGES.classesRequired, undefined, 'classes_ids');
      chosen = all.filter((r) => query.classes_ids.includes(r.cls.id));
      if (chosen.length !== query.classes_ids.length)
        throw badRequest('classes_ids: not classes of this school', undefined, 'classes_ids');
      const own = await this.ownClassIds(auth);
      if (own && query.classes_ids.some((id) => !own.has(id))) throw forbidden();
    }
    const families = await repo.audience(
      this.db,
      chosen.map((r) => r.cls.id),
    );
    return {
      families: families.length,
      children: chosen.reduce((sum, r) => sum + r.studentCount, 0),
      classes: chosen.map((r) => ({ id: r.cls.id, class_name: r.cls.name })),
    };
  }

  /** Parents: how many items published to these of their children's classes they have not opened yet. */
  async unreadCounts(auth: AccessClaims, classIds: string[]): Promise<Record<CommunicationType, number>> {
    if (auth.kind !== 'parent') throw forbidden();
    const mine = new Set((await repo.parentClasses(this.db, auth.userId)).map((m) => m.classId));
    const counts = await repo.unreadCounts(
      this.db,
      auth.userId,
      classIds.filter((id) => mine.has(id)),
    );
    return { announcement: counts.get('announcement') ?? 0, homework: counts.get('homework') ?? 0 };
  }

  /**
   * Who of the families it was sent to has read it, and who has not. The creator and holders of
   * daily_communication.access_others_announcement see every family; other staff see the families of
   * their own classes (class managers: all), and are refused when none of its classes is theirs.
   */
  async reads(auth: AccessClaims, type: CommunicationType, id: string) {
    const item = await this.get(auth, type, id);
    const schoolId = staffSchool(auth);
    let classIds = item.classes_ids;
    if (!canManage(auth, item.created_by.id, await this.users.rolePermissions(auth.userId, schoolId))) {
      const own = await this.ownClassIds(auth);
      if (own) classIds = classIds.filter((c) => own.has(c));
      if (classIds.length === 0) throw forbidden();
    }
    const [people, reads] = await Promise.all([repo.audience(this.db, classIds), repo.readsOf(this.db, id)]);
    const readAt = new Map(reads.map((r) => [r.userId, r.readAt]));
    return {
      read: people
        .filter((p) => readAt.has(p.id))
        .map((p) => ({
          id: p.id,
          first_name: p.firstName,
          last_name: p.lastName,
          read_at: readAt.get(p.id)?.toISOString() ?? '',
        })),
      not_read: people
        .filter((p) => !readAt.has(p.id))
        .map((p) => ({ id: p.id, first_name: p.firstName, last_name: p.lastName })),
    };
  }

  /** The job: publishes a scheduled communication once, when its time has come. */
  async publishScheduled(id: string): Promise<boolean> {
    const row = await repo.findAny(this.db, id);
    if (row?.status !== 'scheduled') return false;
    if (row.scheduledFor && row.scheduledFor > this.clock.now()) {
      await this.jobs.schedule(jobKey(id), PUBLISH_JOB, row.scheduledFor, { id });
      return false;
    }
    const published = await repo.publish(this.db, id, this.clock.now(), ['scheduled']);
    if (!published) return false;
    await this.deliver(id);
    return true;
  }

  /** Tells the families: in the app at once, and by email when asked. */
  private async deliver(id: string): Promise<void> {
    const row = await repo.findAny(this.db, id);
    if (!row) return;
    const classIds = (await repo.classesOf(this.db, [id])).map((c) => c.id);
    this.events.publish('communication.published', {
      schoolId: row.schoolId,
      communicationId: id,
      type: row.type,
      classIds,
      title: row.title,
    });
    if (!row.sendEmail) return;
    const school = await schoolRepo.findSchool(this.db, row.schoolId);
    const people = await repo.audience(this.db, classIds);
    const schoolName = school?.school.name ?? '';
    // The summary is rich text sanitised again here (it may predate today's rules); everything else is escaped.
    const body = row.summary ? trustedHtml(sanitizeRichText(row.summary)) : html`<p>${row.title}</p>`;
    for (const p of people) {
      if (!p.email) continue;
      await this.email.send({
        to: p.email,
        subject: `${schoolName || 'School'}: ${row.title}`,
        html: html`<p>Dear ${p.firstName},</p>${body}<p>— ${schoolName}</p>`,
        schoolId: row.schoolId,
      });
    }
  }

  /** The school's emails kept by the outbox (only when no SMTP server is configured; else there is none). */
  async outbox(auth: AccessClaims): Promise<OutboxEntry[]> {
    const schoolId = staffSchool(auth);
    if (!this.email.recent) throw notFound();
    return this.email.recent(100, schoolId);
  }
}
