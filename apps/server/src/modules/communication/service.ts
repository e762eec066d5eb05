import {
  ACCESS_OTHERS_ANNOUNCEMENT,
  COMMUNICATION_MESSAGES,
  COMMUNICATION_TYPES,
  type Communication,
  type CommunicationRequest,
  type CommunicationType,
  ERROR_CODES,
} from '@cue/contract';
import { recordAudit } from '../../platform/audit.js';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import type { EmailProvider, OutboxEntry } from '../../platform/email.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { zonedToInstant } from '../../platform/zoned.js';
import type { ClassService } from '../classes/service.js';
import type { EmailTemplateService } from '../email-templates/service.js';
import type { SchoolService } from '../school/service.js';
import { canManage, emailValues, presentCommunication } from './presenter.js';
import * as repo from './repo.js';

export const PUBLISH_JOB = 'communication.publish';
/** One job per batch of recipients of a published item's email. */
export const EMAIL_JOB = 'communication.email';
export const EMAIL_BATCH = 50;
const jobKey = (id: string) => `publish:${id}`;
type Row = repo.CommunicationRow;

/** Whom a job acts for: the item's creator in its school (their scope is rebuilt from these). */
interface JobActor {
  school_id: string;
  user_id: string;
}

/**
 * Announcements and homework: drafted, scheduled or sent; shared with everyone or chosen classes;
 * read by parents, with read receipts for staff. Scheduled ones are published by a database job, and
 * emails go out by jobs of at most EMAIL_BATCH recipients each (retried by the queue), never one by one
 * inside the publishing request or job.
 */
export class CommunicationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly scopes: ScopeFactory,
    private readonly school: SchoolService,
    private readonly classes: ClassService,
    private readonly jobs: JobQueue,
    private readonly email: EmailProvider,
    private readonly events: EventBus,
    private readonly emailTemplates: EmailTemplateService,
    private readonly emailBatch = EMAIL_BATCH,
  ) {
    jobs.handle(PUBLISH_JOB, async (payload) => {
      await this.publishScheduled(String(payload.id), payload as unknown as Partial<JobActor>);
    });
    jobs.handle(EMAIL_JOB, (payload) => this.sendEmailBatch(payload));
  }

  /** The scope of the person a job acts for. */
  private actor(a: Partial<JobActor>): Scope | null {
    if (!a.school_id || !a.user_id) return null;
    return this.scopes.of({ userId: a.user_id, kind: 'staff', schoolId: a.school_id, sessionId: '', isTemp: false });
  }

  private async present(auth: Scope, rows: Row[]): Promise<Communication[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [classes, creators, held, reads, timeZone] = await Promise.all([
      repo.classesOf(auth, this.db, ids),
      repo.creatorsOf(auth, this.db, ids),
      auth.rolePermissions(),
      auth.kind === 'parent' ? repo.readIdsFor(auth, this.db, ids) : Promise.resolve(undefined),
      this.school.timeZone(auth, rows[0]?.schoolId),
    ]);
    const ctx = { timeZone, classes, creators: new Map(creators.map((c) => [c.id, c])), held, reads };
    return rows.map((r) => presentCommunication(auth, r, ctx));
  }

  /** The ids of the school's classes (not archived), with their names and how many children each has. */
  private async schoolClasses(auth: Scope) {
    return (await this.classes.list(auth)).filter((c) => !c.archived);
  }

  /**
   * Checks and normalises a request: audience, status, time, attachments. Chosen classes must be the
   * caller's (or, when editing, already the audience of the item): a teacher cannot address another's class.
   */
  private async plan(auth: Scope, type: CommunicationType, body: CommunicationRequest, addressedBefore: string[] = []) {
    const shareWith = type === 'homework' ? 'Classes' : body.share_with;
    let classIds: string[];
    if (shareWith === 'Everyone') {
      classIds = (await this.schoolClasses(auth)).map((c) => c.id);
    } else {
      classIds = [...new Set(body.classes_ids)];
      if (classIds.length === 0) throw badRequest(COMMUNICATION_MESSAGES.classesRequired, undefined, 'classes_ids');
      const found = await auth.classesInSchool(classIds);
      if (found.length !== classIds.length) throw badRequest('classes_ids: not classes of this school', undefined, 'classes_ids');
      await requireAccess(
        auth,
        'class',
        classIds.filter((c) => !addressedBefore.includes(c)),
      );
    }
    const now = this.clock.now();
    let status: 'draft' | 'scheduled' | 'published' = 'published';
    let scheduledFor: Date | null = null;
    if (body.schedule_later) {
      if (!body.date || !body.time) throw badRequest('Give the date and time to send it', undefined, body.date ? 'time' : 'date');
      isoFromWire(body.date);
      scheduledFor = zonedToInstant(body.date, body.time, await this.school.timeZone(auth));
      if (!body.save_as_draft && scheduledFor <= now)
        throw badRequest(COMMUNICATION_MESSAGES.scheduleInPast, ERROR_CODES.scheduleInPast, 'time');
      status = 'scheduled';
    }
    if (body.save_as_draft) status = 'draft';
    if (status !== 'draft' && !body.title) throw badRequest(COMMUNICATION_MESSAGES.titleRequired, undefined, 'title');
    const links = body.announcement_media.map((m) => m.media_link);
    const known = await repo.mediaByLinks(auth, this.db, links);
    const attachments = links.map((link) => {
      const m = known.find((k) => k.url === link);
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
        dueDate: type === 'homework' && body.due_date ? isoFromWire(body.due_date, 'due_date') : null,
        updatedAt: now,
      },
    };
  }

  private async afterWrite(auth: Scope, id: string, status: string, scheduledFor: Date | null): Promise<void> {
    const actor: JobActor = { school_id: staffSchool(auth), user_id: auth.userId };
    if (status === 'scheduled' && scheduledFor) await this.jobs.schedule(jobKey(id), PUBLISH_JOB, scheduledFor, { id, ...actor });
    else await this.jobs.cancel(jobKey(id));
    if (status === 'published') await this.deliver(auth, id, { startEmails: true });
  }

  async create(auth: Scope, type: CommunicationType, body: CommunicationRequest): Promise<Communication> {
    staffSchool(auth);
    const plan = await this.plan(auth, type, body);
    const id = newId();
    await this.db.transaction(async (tx) => {
      await repo.insert(auth, tx, { id, type, ...plan.values });
      await repo.setClasses(auth, tx, id, plan.classIds);
    });
    await this.afterWrite(auth, id, plan.status, plan.scheduledFor);
    return this.get(auth, type, id);
  }

  /** An item the caller may edit or delete: its creator or a holder of access_others_announcement; others' drafts do not exist for them. */
  private async manageable(auth: Scope, type: CommunicationType, id: string): Promise<Row> {
    staffSchool(auth);
    const row = await repo.find(auth, this.db, type, id);
    if (!row) throw notFound();
    try {
      await requireAccess(auth, 'creator', [row.createdBy], { orPermission: ACCESS_OTHERS_ANNOUNCEMENT });
    } catch (err) {
      if (row.status === 'draft') throw notFound();
      throw err;
    }
    return row;
  }

  async update(auth: Scope, type: CommunicationType, id: string, body: CommunicationRequest): Promise<Communication> {
    const row = await this.manageable(auth, type, id);
    if (row.status === 'published') throw new AppError(409, COMMUNICATION_MESSAGES.cannotEditPublished, ERROR_CODES.published);
    const before = (await repo.classesOf(auth, this.db, [id])).map((c) => c.id);
    const plan = await this.plan(auth, type, body, row.shareWith === 'Classes' ? before : []);
    await this.db.transaction(async (tx) => {
      await repo.update(auth, tx, id, plan.values);
      await repo.setClasses(auth, tx, id, plan.classIds);
    });
    await this.afterWrite(auth, id, plan.status, plan.scheduledFor);
    return this.get(auth, type, id);
  }

  async remove(auth: Scope, type: CommunicationType, id: string): Promise<void> {
    const row = await this.manageable(auth, type, id);
    await this.jobs.cancel(jobKey(id));
    await this.db.transaction(async (tx) => {
      await repo.remove(auth, tx, id);
      await recordAudit(auth, tx, {
        action: 'delete',
        entityType: 'communication',
        entityId: id,
        label: row.title || type,
        before: { type, title: row.title, status: row.status },
      });
    });
  }

  /** Staff: anything of the school but others' drafts. Parents: what was published to their children's classes (and it counts as read). */
  async get(auth: Scope, type: CommunicationType, id: string): Promise<Communication> {
    if (auth.kind !== 'parent') staffSchool(auth);
    const row = await repo.find(auth, this.db, type, id);
    if (!row) throw notFound();
    if (auth.kind === 'parent') await repo.markRead(auth, this.db, id, this.clock.now());
    else if (row.status === 'draft' && !canManage(auth, row.createdBy, await auth.rolePermissions())) throw notFound();
    const [presented] = await this.present(auth, [row]);
    if (!presented) throw notFound();
    return presented;
  }

  async list(
    auth: Scope,
    type: CommunicationType,
    query: { class_id?: string; status?: string; search?: string; page: number; page_size: number; cursor?: string },
  ) {
    const paging = { limit: query.page_size, offset: (query.page - 1) * query.page_size, cursor: query.cursor };
    const page = { page: query.page, page_size: query.page_size };
    if (auth.kind === 'parent') {
      // A parent filters by one of their children's classes only.
      if (query.class_id && !(await repo.parentClassIds(auth, this.db)).includes(query.class_id))
        return { items: [], total: 0, ...page, next_cursor: null };
      const { rows, total, nextCursor } = await repo.list(auth, this.db, {
        type,
        classId: query.class_id,
        search: query.search,
        ...paging,
      });
      return { items: await this.present(auth, rows), total, ...page, next_cursor: nextCursor };
    }
    staffSchool(auth);
    const held = await auth.rolePermissions();
    const { rows, total, nextCursor } = await repo.list(auth, this.db, {
      type,
      status: query.status,
      classId: query.class_id,
      search: query.search,
      draftsOf: held.has(ACCESS_OTHERS_ANNOUNCEMENT) ? undefined : auth.userId,
      ...paging,
    });
    return { items: await this.present(auth, rows), total, ...page, next_cursor: nextCursor };
  }

  /**
   * The caller's own drafts or scheduled items (announcements and homework): drafts last edited first,
   * scheduled ones in the order they go out.
   */
  async ownPending(auth: Scope, status: 'draft' | 'scheduled', limit: number): Promise<Communication[]> {
    staffSchool(auth);
    const rows: Row[] = [];
    for (const type of COMMUNICATION_TYPES)
      rows.push(...(await repo.list(auth, this.db, { type, status, createdBy: auth.userId, limit, offset: 0 })).rows);
    const when = (r: Row) => (status === 'scheduled' ? (r.scheduledFor?.getTime() ?? 0) : -r.updatedAt.getTime());
    return this.present(auth, rows.sort((a, b) => when(a) - when(b)).slice(0, limit));
  }

  /**
   * Who an item would reach if sent now: every class of the school (Everyone) or the chosen ones, their
   * children, and the parents of those children who have an account. A teacher asks about her own classes
   * only (the rule of `plan`).
   */
  async audienceOf(auth: Scope, query: { share_with: 'Everyone' | 'Classes'; classes_ids: string[] }) {
    staffSchool(auth);
    const all = await this.schoolClasses(auth);
    let chosen = all;
    if (query.share_with === 'Classes') {
      if (query.classes_ids.length === 0) throw badRequest(COMMUNICATION_MESSAGES.classesRequired, undefined, 'classes_ids');
      chosen = all.filter((c) => query.classes_ids.includes(c.id));
      if (chosen.length !== query.classes_ids.length)
        throw badRequest('classes_ids: not classes of this school', undefined, 'classes_ids');
      await requireAccess(auth, 'class', query.classes_ids);
    }
    const families = await repo.audience(
      auth,
      this.db,
      chosen.map((c) => c.id),
    );
    return {
      families: families.length,
      children: chosen.reduce((sum, c) => sum + c.student_count, 0),
      classes: chosen.map((c) => ({ id: c.id, class_name: c.class_name })),
    };
  }

  /** Parents: how many items published to these of their children's classes they have not opened yet. */
  async unreadCounts(auth: Scope, classIds: string[]): Promise<Record<CommunicationType, number>> {
    if (auth.kind !== 'parent') throw forbidden();
    const mine = new Set(await repo.parentClassIds(auth, this.db));
    const counts = await repo.unreadCounts(
      auth,
      this.db,
      classIds.filter((id) => mine.has(id)),
    );
    return { announcement: counts.get('announcement') ?? 0, homework: counts.get('homework') ?? 0 };
  }

  /**
   * Who of the families it was sent to has read it, and who has not. The creator and holders of
   * daily_communication.access_others_announcement see every family; other staff see the families of
   * their own classes (class managers: all), and are refused when none of its classes is theirs.
   */
  async reads(auth: Scope, type: CommunicationType, id: string) {
    const item = await this.get(auth, type, id);
    const held = await auth.rolePermissions();
    let classIds = item.classes_ids;
    if (!canManage(auth, item.created_by.id, held) && !held.has('admin_portal.classes')) {
      const taught = await auth.taughtClassIds();
      classIds = classIds.filter((c) => taught.has(c));
      if (classIds.length === 0) throw forbidden();
    }
    const [people, reads] = await Promise.all([repo.audience(auth, this.db, classIds), repo.readsOf(auth, this.db, id)]);
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

  /** The job: publishes a scheduled communication once, when its time has come, as its creator. */
  async publishScheduled(id: string, actor: Partial<JobActor>): Promise<boolean> {
    const auth = this.actor(actor);
    if (!auth) return false;
    const row = await repo.findInSchool(auth, this.db, id);
    if (row?.status !== 'scheduled') return false;
    if (row.scheduledFor && row.scheduledFor > this.clock.now()) {
      await this.jobs.schedule(jobKey(id), PUBLISH_JOB, row.scheduledFor, { id, ...actor });
      return false;
    }
    const published = await repo.publish(auth, this.db, id, this.clock.now(), ['scheduled']);
    if (!published) return false;
    await this.deliver(auth, id);
    return true;
  }

  /**
   * Tells the families: in the app at once, and by email when asked — one job per batch of
   * recipients on the job queue (each retried by the queue on failure). Published by a person, this
   * instance starts the emails at once; published by the scheduled job, the queue's run that is under
   * way takes them (it claims jobs until none is due).
   */
  private async deliver(auth: Scope, id: string, options: { startEmails?: boolean } = {}): Promise<void> {
    const row = await repo.findInSchool(auth, this.db, id);
    if (!row) return;
    const classIds = (await repo.classesOf(auth, this.db, [id])).map((c) => c.id);
    this.events.publish('communication.published', {
      schoolId: row.schoolId,
      communicationId: id,
      type: row.type,
      classIds,
      title: row.title,
    });
    if (!row.sendEmail) return;
    const recipients = (await repo.audience(auth, this.db, classIds)).filter((p) => p.email).map((p) => p.id);
    const batches = Math.ceil(recipients.length / this.emailBatch);
    const now = this.clock.now();
    for (let i = 0; i < batches; i++)
      await this.jobs.schedule(`email:${id}:${i}`, EMAIL_JOB, now, {
        communication_id: id,
        school_id: row.schoolId,
        user_id: row.createdBy,
        batch: i,
        batches,
        recipients: recipients.slice(i * this.emailBatch, (i + 1) * this.emailBatch),
      });
    // This instance starts sending at once (the queue's row lock keeps another from sending a batch twice),
    // as exports and media do; the timer picks up whatever is left.
    if (batches > 0 && options.startEmails)
      void this.jobs
        .runDue()
        .then(() => this.jobs.runDue())
        .catch(() => undefined);
  }

  /** The job: one batch of a published item's emails, each value escaped in the markup. */
  async sendEmailBatch(payload: Record<string, unknown>): Promise<void> {
    const auth = this.actor(payload as Partial<JobActor>);
    if (!auth) return;
    const row = await repo.findInSchool(auth, this.db, String(payload.communication_id));
    if (row?.status !== 'published') return;
    const wanted = Array.isArray(payload.recipients) ? payload.recipients.map(String) : [];
    const classIds = (await repo.classesOf(auth, this.db, [row.id])).map((c) => c.id);
    const [people, info] = await Promise.all([repo.audience(auth, this.db, classIds, wanted), this.school.info(auth)]);
    // Each family's email in its own language, from the school's template of an announcement or homework.
    await this.emailTemplates.sendEach(
      auth,
      row.type === 'homework' ? 'homework' : 'announcement',
      people.flatMap((p) =>
        p.email ? [{ to: p.email, userId: p.id, values: { ...emailValues(row, p.firstName), school_name: info.name } }] : [],
      ),
    );
  }

  /** The school's emails kept by the outbox (only when no SMTP server is configured; else there is none). */
  async outbox(auth: Scope): Promise<OutboxEntry[]> {
    const schoolId = staffSchool(auth);
    if (!this.email.recent) throw notFound();
    return this.email.recent(100, schoolId);
  }
}
