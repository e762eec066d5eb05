import {
  addDays,
  ddmmyyyyFromIso,
  ERROR_CODES,
  familyStoryFieldsSchema,
  type JournalDay,
  type MediaItem,
  type RolePermission,
  STORY_MESSAGES,
  type Story,
  type StoryComment,
  type StoryInsights,
  type StoryListQuery,
  type StoryPage,
  type StoryReaction,
  type StoryRequest,
  type StorySettings,
  type StorySource,
  type StoryTag,
  type StoryVersion,
  type StoryViews,
  todayIn,
  weekStart,
} from '@cue/contract';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { optionalIso } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { escapeHtml } from '../../platform/email.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { UploadedFile } from '../../platform/http/upload.js';
import { newId } from '../../platform/ids.js';
import { signMedia } from '../../platform/media-urls.js';
import { plainTextOf, sanitizeRichText } from '../../platform/rich-text.js';
import type { CalendarService } from '../calendar/service.js';
import type { CurriculumService } from '../curriculum/service.js';
import type { MediaService } from '../media/service.js';
import { orderedStatements } from '../observations/presenter.js';
import type { ObservationService } from '../observations/service.js';
import type { SchoolService } from '../school/service.js';
import { type Draft, draftJournal, draftStory } from './draft.js';
import { insightsCsv, presentComment, presentStory, presentTag, presentVersion, type StoryAbilities } from './presenter.js';
import * as repo from './repo.js';

const APPROVER: RolePermission = 'daily_communication.story_approval';
const CLASS_MANAGER: RolePermission = 'admin_portal.classes';
const SHOWN = new Set(['published', 'accepted']);

const NO_ABILITIES: StoryAbilities = {
  can_edit: false,
  can_delete: false,
  can_publish: false,
  can_approve: false,
  can_comment: false,
  can_react: false,
  can_decide: false,
};

/** The first day of the school term a day falls in (terms start in September, January and May). */
export function termStart(iso: string): string {
  const [year = '1970', month = '01'] = iso.split('-');
  const m = Number(month);
  return `${year}-${m >= 9 ? '09' : m >= 5 ? '05' : '01'}-01`;
}

/**
 * Learning stories, the class journal and family stories (issue 20). A class's staff (or class managers)
 * write; holders of daily_communication.story_approval approve where the school asks for approval;
 * families read the published stories of their own children and their children's classes' journal,
 * comment and react, and send stories from home that the class's staff accept into the child's record.
 */
export class StoryService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly scopes: ScopeFactory,
    private readonly school: SchoolService,
    private readonly observations: ObservationService,
    private readonly media: MediaService,
    private readonly calendar: CalendarService,
    private readonly events: EventBus,
    private readonly curriculum: CurriculumService,
  ) {}

  // ------------------------------------------------------------------ rules

  /** The classes a staff member may see stories of: undefined for class managers (every class). */
  private async visibleClasses(scope: Scope): Promise<string[] | undefined> {
    if ((await scope.rolePermissions()).has(CLASS_MANAGER)) return undefined;
    return [...(await scope.taughtClassIds())];
  }

  private async manages(scope: Scope, classId: string): Promise<boolean> {
    if (scope.kind !== 'staff') return false;
    return (await scope.rolePermissions()).has(CLASS_MANAGER) || (await scope.taughtClassIds()).has(classId);
  }

  private async featureOn(scope: Scope, schoolId: string, kind: string): Promise<boolean> {
    const features = scope.kind === 'staff' ? await scope.schoolPermissions() : await this.scopes.featuresOf(schoolId);
    return features.has(kind === 'journal' ? 'journal' : 'story');
  }

  private async requireFeature(scope: Scope, kind: string, schoolId = scope.schoolId ?? ''): Promise<void> {
    if (!(await this.featureOn(scope, schoolId, kind))) throw forbidden();
  }

  private async approvalRequired(scope: Scope): Promise<boolean> {
    return (await repo.settings(scope, this.db))?.approvalRequired ?? false;
  }

  private async abilities(scope: Scope, row: repo.StoryRow): Promise<StoryAbilities> {
    if (scope.kind === 'parent') {
      const shown = SHOWN.has(row.status);
      return { ...NO_ABILITIES, can_comment: shown, can_react: shown };
    }
    if (!(await this.manages(scope, row.classId))) return NO_ABILITIES;
    const approver = (await scope.rolePermissions()).has(APPROVER);
    const family = row.kind === 'family';
    const shown = SHOWN.has(row.status);
    return {
      can_edit: !family && ['draft', 'pending', 'published'].includes(row.status),
      can_delete: true,
      can_publish: !family && row.status === 'draft',
      can_approve: approver && row.status === 'pending',
      can_comment: shown,
      can_react: shown,
      can_decide: family && row.status === 'submitted',
    };
  }

  /** One story the caller may read, or 404; a staff member outside its class gets 403. */
  private async readable(scope: Scope, id: string): Promise<repo.StoryRow> {
    const [row] = await repo.byIds(scope, this.db, [id]);
    if (!row) throw notFound();
    await this.requireFeature(scope, row.kind, row.schoolId);
    if (scope.kind === 'staff') await requireAccess(scope, 'class', [row.classId]);
    return row;
  }

  private async present(scope: Scope, rows: readonly repo.StoryRow[]): Promise<Story[]> {
    const extras = await repo.extras(scope, this.db, rows);
    // One read of the statements for the whole page.
    const [media, refs] = await Promise.all([
      this.media.sharedItems(scope, [...extras.media.values()].flat()),
      this.curriculum.statementRefs(scope, [...extras.statementIds.values()].flat()),
    ]);
    return Promise.all(
      rows.map(async (r) =>
        presentStory(
          r,
          extras,
          media,
          await this.abilities(scope, r),
          scope.kind === 'parent',
          orderedStatements(extras.statementIds.get(r.id) ?? [], refs),
        ),
      ),
    );
  }

  private async presentOne(scope: Scope, id: string): Promise<Story> {
    const [row] = await repo.byIds(scope, this.db, [id]);
    if (!row) throw notFound();
    const [story] = await this.present(scope, [row]);
    return story as Story;
  }

  private async today(scope: Scope, schoolId?: string): Promise<string> {
    return todayIn(await this.school.timeZone(scope, schoolId), this.clock.now());
  }

  // ------------------------------------------------------------------ reading

  async list(scope: Scope, q: StoryListQuery): Promise<StoryPage> {
    let classIds: string[] | undefined;
    let kinds: string[] | undefined = q.kind ? [q.kind] : undefined;
    if (scope.kind === 'staff') {
      staffSchool(scope);
      // Stories and family stories need the `story` feature, journal entries `journal`.
      const features = await scope.schoolPermissions();
      const allowed = [...(features.has('story') ? ['story', 'family'] : []), ...(features.has('journal') ? ['journal'] : [])];
      kinds = (kinds ?? allowed).filter((k) => allowed.includes(k));
      if (kinds.length === 0) throw forbidden();
      if (q.class_id) await requireAccess(scope, 'class', [q.class_id]);
      classIds = await this.visibleClasses(scope);
    } else if (q.student_id) await requireAccess(scope, 'child', [q.student_id]);
    const { rows, total, nextCursor } = await repo.list(scope, this.db, {
      classIds,
      kinds,
      classId: q.class_id,
      studentId: q.student_id,
      tagId: q.tag_id,
      areaId: q.area_id,
      authorId: q.author_id,
      status: q.status,
      from: optionalIso(q.from_date, 'from_date'),
      to: optionalIso(q.to_date, 'to_date'),
      search: q.search || undefined,
      limit: q.page_size,
      offset: (q.page - 1) * q.page_size,
      cursor: q.cursor,
    });
    return { items: await this.present(scope, rows), total, page: q.page, page_size: q.page_size, next_cursor: nextCursor };
  }

  /** One story; a family member's opening is counted. */
  async get(scope: Scope, id: string): Promise<Story> {
    const row = await this.readable(scope, id);
    if (scope.kind === 'parent' && SHOWN.has(row.status)) await repo.recordView(scope, this.db, id, this.clock.now());
    return this.presentOne(scope, row.id);
  }

  async versions(scope: Scope, id: string): Promise<StoryVersion[]> {
    await this.readable(scope, id);
    return (await repo.versions(scope, this.db, id)).map(presentVersion);
  }

  /** The families of the story's children: who opened it, how often, and who has not. */
  async views(scope: Scope, id: string): Promise<StoryViews> {
    const row = await this.readable(scope, id);
    const extras = await repo.extras(scope, this.db, [row]);
    const childIds =
      row.kind === 'journal'
        ? (await repo.classChildren(scope, this.db, [row.classId])).map((c) => c.id)
        : (extras.children.get(row.id) ?? []).map((c) => c.id);
    const [families, views] = await Promise.all([repo.familiesOf(scope, this.db, childIds), repo.viewsOf(scope, this.db, id)]);
    const byUser = new Map(views.map((v) => [v.userId, v]));
    return {
      viewers: families.map((f) => {
        const v = byUser.get(f.userId);
        return {
          _id: f.userId,
          name: `${f.firstName ?? ''} ${f.lastName ?? ''}`.trim(),
          child: { _id: f.studentId, name: `${f.childFirst} ${f.childLast}`.trim() },
          views: v?.views ?? 0,
          last_viewed_at: v?.lastViewedAt.toISOString() ?? null,
        };
      }),
    };
  }

  // ------------------------------------------------------------------ writing

  /**
   * Checks what a story names against its class: children, gallery items, tags, learning areas and
   * statements. `current`: the areas and statements the story carries already (they stay allowed even when
   * archived since). Absent `statement_ids` leaves the story's statements as they are.
   */
  private async checkLinks(
    scope: Scope,
    body: StoryRequest,
    current = { areaIds: [] as string[], statementIds: [] as string[] },
  ) {
    const roster = new Set((await repo.classChildren(scope, this.db, [body.class_id])).map((c) => c.id));
    const studentIds = body.kind === 'journal' ? [] : [...new Set(body.student_ids)];
    if (studentIds.some((id) => !roster.has(id)))
      throw badRequest('student_ids: a child who is not in this class', ERROR_CODES.notInClass, 'student_ids');
    const mediaIds = [...new Set(body.media_ids)];
    if ((await repo.usableMedia(scope, this.db, body.class_id, mediaIds)).length !== mediaIds.length)
      throw badRequest(STORY_MESSAGES.mediaOfClass, ERROR_CODES.validation, 'media_ids');
    const tagIds = [...new Set(body.tag_ids)];
    const tags = await repo.tagsByIds(scope, this.db, tagIds);
    if (tags.length !== tagIds.length || tags.some((t) => t.archivedAt))
      throw badRequest('tag_ids: not tags of the school', ERROR_CODES.validation, 'tag_ids');
    const areaIds = [...new Set(body.area_ids)];
    const addedAreas = areaIds.filter((id) => !current.areaIds.includes(id));
    if (addedAreas.length) {
      const allowed = new Set((await this.observations.areasOfClass(scope, body.class_id)).map((a) => a.id));
      if (addedAreas.some((id) => !allowed.has(id)))
        throw badRequest("area_ids: not areas of the class's curriculum", ERROR_CODES.validation, 'area_ids');
    }
    const statementIds =
      body.statement_ids === undefined
        ? undefined
        : await this.curriculum.checkStatements(scope, [body.class_id], body.statement_ids, current.statementIds);
    return { studentIds, mediaIds, tagIds, areaIds, statementIds };
  }

  private checkPublishable(kind: string, title: string, body: string, studentIds: string[]) {
    if (kind === 'journal') {
      if (!plainTextOf(body)) throw badRequest(STORY_MESSAGES.journalBodyRequired, ERROR_CODES.validation, 'body');
      return;
    }
    if (!title) throw badRequest(STORY_MESSAGES.titleRequired, ERROR_CODES.validation, 'title');
    if (studentIds.length === 0) throw badRequest(STORY_MESSAGES.childrenRequired, ERROR_CODES.validation, 'student_ids');
  }

  /** Where `publish` leads: published, or waiting for approval when the school asks and the caller may not approve. */
  private async publishedState(scope: Scope): Promise<'published' | 'pending'> {
    if (!(await this.approvalRequired(scope))) return 'published';
    return (await scope.rolePermissions()).has(APPROVER) ? 'published' : 'pending';
  }

  /** Keeps the sources of a Cue draft that still stand (the teacher may delete sentences, not invent sources). */
  private keptSources(stored: readonly StorySource[], sent: readonly StorySource[] | undefined): StorySource[] {
    if (sent === undefined) return [...stored];
    const known = new Set(stored.map((s) => `${s.kind}:${s.id}:${s.sentence}`));
    return sent.filter((s) => known.has(`${s.kind}:${s.id}:${s.sentence}`));
  }

  async create(scope: Scope, body: StoryRequest, draft?: Draft): Promise<{ story: Story; message: string }> {
    const schoolId = staffSchool(scope);
    await this.requireFeature(scope, body.kind);
    await requireAccess(scope, 'class', [body.class_id]);
    const day = optionalIso(body.story_date, 'story_date') as string;
    if (day > (await this.today(scope)))
      throw badRequest('story_date: cannot be in the future', ERROR_CODES.futureDate, 'story_date');
    const links = await this.checkLinks(scope, body);
    const html = sanitizeRichText(body.body);
    const publish = body.action === 'publish';
    if (publish) this.checkPublishable(body.kind, body.title, html, links.studentIds);
    if (body.kind === 'journal' && (await repo.journalOf(scope, this.db, body.class_id, day)))
      throw new AppError(409, 'This class already has a journal entry for that day', ERROR_CODES.conflict);
    const status = publish ? await this.publishedState(scope) : 'draft';
    const reviewed = status === 'published' && (await this.approvalRequired(scope));
    const id = newId();
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await repo.insertStory(scope, tx, {
        id,
        schoolId,
        classId: body.class_id,
        kind: body.kind,
        status,
        title: body.title,
        body: html,
        bodyText: plainTextOf(html),
        whatNext: body.what_next,
        storyDate: day,
        authorId: scope.userId,
        authorKind: 'staff',
        approvedBy: reviewed ? scope.userId : null,
        sources: draft ? draft.sources : [],
        publishedAt: status === 'published' ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      await repo.setLinks(scope, tx, id, links);
    });
    if (status === 'published') await this.announce(scope, id);
    return { story: await this.presentOne(scope, id), message: this.messageFor(body.kind, status) };
  }

  private messageFor(kind: string, status: string): string {
    if (status === 'pending') return STORY_MESSAGES.submitted;
    if (kind === 'journal') return status === 'draft' ? STORY_MESSAGES.journalSaved : STORY_MESSAGES.journalPublished;
    return status === 'draft' ? STORY_MESSAGES.saved : status === 'pending' ? STORY_MESSAGES.submitted : STORY_MESSAGES.published;
  }

  async update(scope: Scope, id: string, body: StoryRequest): Promise<{ story: Story; message: string }> {
    const row = await this.readable(scope, id);
    const can = await this.abilities(scope, row);
    if (!can.can_edit) throw new AppError(409, STORY_MESSAGES.notEditable, ERROR_CODES.conflict);
    if (body.class_id !== row.classId || body.kind !== row.kind)
      throw badRequest('class_id: a story stays in its class', ERROR_CODES.validation, 'class_id');
    const day = optionalIso(body.story_date, 'story_date') as string;
    if (day > (await this.today(scope)))
      throw badRequest('story_date: cannot be in the future', ERROR_CODES.futureDate, 'story_date');
    if (row.kind === 'journal' && day !== row.storyDate) {
      const other = await repo.journalOf(scope, this.db, row.classId, day);
      if (other && other.id !== row.id)
        throw new AppError(409, 'This class already has a journal entry for that day', ERROR_CODES.conflict);
    }
    const links = await this.checkLinks(scope, body, await repo.currentTags(scope, this.db, id));
    const html = sanitizeRichText(body.body);
    const wasPublished = row.status === 'published';
    // A published story stays published (edited in place, with its earlier version kept).
    const publish = wasPublished || body.action === 'publish';
    if (publish) this.checkPublishable(row.kind, body.title, html, links.studentIds);
    const status = wasPublished ? 'published' : publish ? await this.publishedState(scope) : 'draft';
    const now = this.clock.now();
    const changed = row.title !== body.title || row.body !== html || row.whatNext !== body.what_next;
    const reviewed = status === 'published' && !wasPublished && (await this.approvalRequired(scope));
    await this.db.transaction(async (tx) => {
      if (wasPublished && changed)
        await repo.insertVersion(scope, tx, {
          storyId: id,
          version: row.version,
          title: row.title,
          body: row.body,
          whatNext: row.whatNext,
          editedBy: scope.userId,
          createdAt: now,
        });
      await repo.updateStory(scope, tx, id, {
        status,
        title: body.title,
        body: html,
        bodyText: plainTextOf(html),
        whatNext: body.what_next,
        storyDate: day,
        sources: this.keptSources(row.sources, body.sources),
        version: wasPublished && changed ? row.version + 1 : row.version,
        returnNote: status === 'draft' ? row.returnNote : null,
        approvedBy: reviewed ? scope.userId : row.approvedBy,
        publishedAt: status === 'published' ? (row.publishedAt ?? now) : null,
        updatedAt: now,
      });
      await repo.setLinks(scope, tx, id, links);
    });
    if (status === 'published' && !wasPublished) await this.announce(scope, id);
    return { story: await this.presentOne(scope, id), message: this.messageFor(row.kind, status) };
  }

  async remove(scope: Scope, id: string): Promise<void> {
    const row = await this.readable(scope, id);
    if (!(await this.abilities(scope, row)).can_delete) throw forbidden();
    await repo.deleteStory(scope, this.db, id);
  }

  async approve(scope: Scope, id: string): Promise<Story> {
    const row = await this.readable(scope, id);
    if (!(await scope.rolePermissions()).has(APPROVER)) throw forbidden();
    if (row.status !== 'pending') throw new AppError(409, STORY_MESSAGES.notPending, ERROR_CODES.alreadyDecided);
    const now = this.clock.now();
    await repo.updateStory(scope, this.db, id, {
      status: 'published',
      approvedBy: scope.userId,
      returnNote: null,
      publishedAt: now,
      updatedAt: now,
    });
    await this.announce(scope, id);
    return this.presentOne(scope, id);
  }

  async sendBack(scope: Scope, id: string, note: string): Promise<Story> {
    const row = await this.readable(scope, id);
    if (!(await scope.rolePermissions()).has(APPROVER)) throw forbidden();
    if (row.status !== 'pending') throw new AppError(409, STORY_MESSAGES.notPending, ERROR_CODES.alreadyDecided);
    await repo.updateStory(scope, this.db, id, { status: 'draft', returnNote: note, updatedAt: this.clock.now() });
    return this.presentOne(scope, id);
  }

  /** Tells the open apps of the story's families (each family's own room) that it was published. */
  private async announce(scope: Scope, id: string): Promise<void> {
    const [row] = await repo.byIds(scope, this.db, [id]);
    if (!row) return;
    const extras = await repo.extras(scope, this.db, [row]);
    const childIds =
      row.kind === 'journal'
        ? (await repo.classChildren(scope, this.db, [row.classId])).map((c) => c.id)
        : (extras.children.get(row.id) ?? []).map((c) => c.id);
    const families = await repo.familiesOf(scope, this.db, childIds);
    this.events.publish('story.published', {
      schoolId: row.schoolId,
      storyId: row.id,
      kind: row.kind,
      title: row.title,
      classId: row.classId,
      userIds: [...new Set(families.map((f) => f.userId))],
    });
  }

  // ------------------------------------------------------------------ families

  async comments(scope: Scope, id: string): Promise<StoryComment[]> {
    const row = await this.readable(scope, id);
    const rows = await repo.comments(scope, this.db, row.id);
    const manages = await this.manages(scope, row.classId);
    return rows.map((c) => presentComment(c, manages || c.authorId === scope.userId));
  }

  async addComment(scope: Scope, id: string, body: string): Promise<StoryComment> {
    const row = await this.readable(scope, id);
    if (!(await this.abilities(scope, row)).can_comment)
      throw new AppError(409, 'Comments open once the story is published', ERROR_CODES.conflict);
    const commentId = newId();
    await repo.insertComment(scope, this.db, {
      id: commentId,
      schoolId: row.schoolId,
      storyId: row.id,
      authorId: scope.userId,
      authorKind: scope.kind === 'parent' ? 'parent' : 'staff',
      body,
      createdAt: this.clock.now(),
    });
    const made = (await repo.comments(scope, this.db, row.id)).find((c) => c.id === commentId);
    if (!made) throw notFound();
    return presentComment(made, true);
  }

  async deleteComment(scope: Scope, commentId: string): Promise<void> {
    const found = await repo.comment(scope, this.db, commentId);
    if (!found) throw notFound();
    const row = await this.readable(scope, found.storyId);
    if (found.authorId !== scope.userId && !(await this.manages(scope, row.classId))) throw forbidden();
    await repo.deleteComment(scope, this.db, commentId, this.clock.now());
  }

  async react(scope: Scope, id: string, reaction: StoryReaction | null): Promise<Story> {
    const row = await this.readable(scope, id);
    if (!(await this.abilities(scope, row)).can_react)
      throw new AppError(409, 'Reactions open once the story is published', ERROR_CODES.conflict);
    await repo.setReaction(scope, this.db, row.id, reaction, this.clock.now());
    return this.presentOne(scope, row.id);
  }

  /** A family's story from home: a photo of its child and a note, waiting for the class's staff. */
  async familyStory(scope: Scope, upload: UploadedFile): Promise<Story> {
    if (scope.kind !== 'parent') throw forbidden();
    const parsed = familyStoryFieldsSchema.safeParse(
      Object.fromEntries(Object.entries(upload.fields ?? {}).filter(([, v]) => v !== undefined && v !== '')),
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'note');
      throw badRequest(`${field}: ${issue?.message ?? 'invalid'}`, ERROR_CODES.validation, field);
    }
    const fields = parsed.data;
    await requireAccess(scope, 'child', [fields.student_id]);
    const photo = await this.media.addFamilyPhoto(scope, fields.student_id, upload);
    await this.requireFeature(scope, 'story', photo.schoolId);
    const today = await this.today(scope, photo.schoolId);
    const day = optionalIso(fields.story_date, 'story_date') ?? today;
    if (day > today) throw badRequest('story_date: cannot be in the future', ERROR_CODES.futureDate, 'story_date');
    const id = newId();
    const now = this.clock.now();
    const school = this.scopes.of({
      userId: scope.userId,
      kind: 'staff',
      schoolId: photo.schoolId,
      sessionId: scope.sessionId,
      isTemp: false,
    });
    await this.db.transaction(async (tx) => {
      await repo.insertStory(school, tx, {
        id,
        schoolId: photo.schoolId,
        classId: photo.classId,
        kind: 'family',
        status: 'submitted',
        title: fields.title,
        body: `<p>${escapeHtml(fields.note).replace(/\n/g, '<br>')}</p>`,
        bodyText: fields.note,
        storyDate: day,
        authorId: scope.userId,
        authorKind: 'parent',
        createdAt: now,
        updatedAt: now,
      });
      await repo.setLinks(school, tx, id, { studentIds: [fields.student_id], mediaIds: [photo.itemId] });
    });
    return this.presentOne(scope, id);
  }

  async decide(scope: Scope, id: string, accept: boolean): Promise<Story> {
    const row = await this.readable(scope, id);
    if (row.kind !== 'family') throw notFound();
    if (!(await this.manages(scope, row.classId))) throw forbidden();
    if (row.status !== 'submitted') throw new AppError(409, STORY_MESSAGES.notSubmitted, ERROR_CODES.alreadyDecided);
    const now = this.clock.now();
    await repo.updateStory(scope, this.db, id, {
      status: accept ? 'accepted' : 'declined',
      approvedBy: scope.userId,
      publishedAt: accept ? now : null,
      updatedAt: now,
    });
    return this.presentOne(scope, id);
  }

  // ------------------------------------------------------------------ Cue's drafts

  /** The day's evidence of these children: observations shared with families, photos they are tagged in. */
  async draft(scope: Scope, body: { class_id: string; date: string; student_ids: string[] }): Promise<Story> {
    staffSchool(scope);
    await this.requireFeature(scope, 'story');
    await requireAccess(scope, 'class', [body.class_id]);
    const day = optionalIso(body.date, 'date') as string;
    const roster = new Map((await repo.classChildren(scope, this.db, [body.class_id])).map((c) => [c.id, c]));
    const ids = [...new Set(body.student_ids)];
    if (ids.some((id) => !roster.has(id)))
      throw badRequest('student_ids: a child who is not in this class', ERROR_CODES.notInClass, 'student_ids');
    const children = ids.map((id) => {
      const c = roster.get(id);
      return { id, name: `${c?.firstName ?? ''} ${c?.lastName ?? ''}`.trim() };
    });
    const observations = await this.dayObservations(scope, body.class_id, body.date);
    const photos = (await this.dayPhotos(scope, body.class_id, body.date)).filter(
      (p) => p.privacy !== 'staff' && p.tagged.some((t) => ids.includes(t._id)),
    );
    const made = draftStory({
      date: day,
      children,
      observations,
      photos: photos.map((p) => ({ id: p._id, caption: p.caption, kind: p.kind, tagged: p.tagged.map((t) => t.name) })),
    });
    if (!made) throw badRequest(STORY_MESSAGES.nothingToDraft, ERROR_CODES.nothingToDraft, 'date');
    const { story } = await this.create(
      scope,
      {
        kind: 'story',
        class_id: body.class_id,
        title: made.title,
        body: made.body,
        what_next: '',
        story_date: body.date,
        student_ids: ids,
        media_ids: made.mediaIds,
        tag_ids: [],
        area_ids: made.areaIds,
        action: 'draft',
      },
      made,
    );
    return story;
  }

  /** The class's journal of a day from its activities and the photos shared with the whole class. */
  async draftJournal(scope: Scope, body: { class_id: string; date: string }): Promise<Story> {
    staffSchool(scope);
    await this.requireFeature(scope, 'journal');
    await requireAccess(scope, 'class', [body.class_id]);
    const day = optionalIso(body.date, 'date') as string;
    const [events, photos, names] = await Promise.all([
      this.calendar.list(scope, { from: day, to: day, class_id: body.class_id }),
      this.dayPhotos(scope, body.class_id, body.date),
      repo.classNamesOf(scope, this.db, [body.class_id]),
    ]);
    const made = draftJournal({
      date: day,
      className: names[0]?.name ?? '',
      activities: events.filter((e) => !e.is_holiday).map((e) => ({ id: e.id, title: e.title, description: e.description })),
      photos: photos
        .filter((p) => p.privacy === 'class')
        .map((p) => ({ id: p._id, caption: p.caption, kind: p.kind, tagged: [] })),
    });
    if (!made) throw badRequest(STORY_MESSAGES.nothingToDraft, ERROR_CODES.nothingToDraft, 'date');
    const existing = await repo.journalOf(scope, this.db, body.class_id, day);
    const request: StoryRequest = {
      kind: 'journal',
      class_id: body.class_id,
      title: made.title,
      body: made.body,
      what_next: existing?.whatNext ?? '',
      story_date: body.date,
      student_ids: [],
      media_ids: made.mediaIds,
      tag_ids: [],
      area_ids: [],
      action: 'draft',
    };
    if (!existing) return (await this.create(scope, request, made)).story;
    if (existing.status !== 'draft') throw new AppError(409, STORY_MESSAGES.notEditable, ERROR_CODES.conflict);
    await repo.updateStory(scope, this.db, existing.id, { sources: made.sources });
    return (await this.update(scope, existing.id, { ...request, sources: made.sources })).story;
  }

  private async dayObservations(scope: Scope, classId: string, date: string) {
    const page = await this.observations.list(scope, { class_id: classId, date, type: 'daily', page: 1, page_size: 200 });
    return page.items
      .filter((o) => o.visibility === 'family')
      .map((o) => ({
        id: o.id,
        studentId: o.student_id,
        studentName: o.student_name,
        title: o.title,
        note: o.general_note,
        areaIds: o.learning_areas.map((a) => a.id),
      }));
  }

  private async dayPhotos(scope: Scope, classId: string, date: string): Promise<MediaItem[]> {
    const page = await this.media.list(scope, classId, { from_date: date, to_date: date }, 1);
    return page.items.filter((p) => p.status === 'ready');
  }

  // ------------------------------------------------------------------ journal

  async journalDay(scope: Scope, query: { class_id: string; date: string }): Promise<JournalDay> {
    const day = optionalIso(query.date, 'date') as string;
    if (scope.kind === 'staff') {
      await this.requireFeature(scope, 'journal');
      await requireAccess(scope, 'class', [query.class_id]);
    } else if (!(await repo.familyClassIds(scope, this.db)).includes(query.class_id)) throw notFound();
    const row = await repo.journalOf(scope, this.db, query.class_id, day);
    if (!row) return { entry: null };
    if (scope.kind === 'parent') {
      await this.requireFeature(scope, 'journal', row.schoolId);
      await repo.recordView(scope, this.db, row.id, this.clock.now());
    }
    return { entry: (await this.present(scope, [row]))[0] ?? null };
  }

  /** Today's published journal entries of the caller's classes (a family: its children's). */
  async journalToday(scope: Scope): Promise<Story[]> {
    if (scope.kind === 'staff') {
      await this.requireFeature(scope, 'journal');
      const classIds = [...(await scope.taughtClassIds())];
      return this.present(scope, await repo.journalsOfDay(scope, this.db, classIds, await this.today(scope)));
    }
    const classIds = await repo.familyClassIds(scope, this.db);
    const days = new Set<string>();
    // Each school's today (a family may have children in two schools); the entries' own reach checks the feature.
    for (const schoolId of await this.familySchools(scope)) days.add(await this.today(scope, schoolId));
    const rows = (await Promise.all([...days].map((d) => repo.journalsOfDay(scope, this.db, classIds, d)))).flat();
    return this.present(scope, rows);
  }

  private async familySchools(scope: Scope): Promise<string[]> {
    const classes = await repo.familyClassIds(scope, this.db);
    if (classes.length === 0) return [];
    return [...new Set((await repo.familyClassSchools(scope, this.db, classes)).map((c) => c.schoolId))];
  }

  // ------------------------------------------------------------------ tags

  async tags(scope: Scope, includeArchived: boolean): Promise<StoryTag[]> {
    staffSchool(scope);
    return (await repo.tags(scope, this.db, includeArchived)).map(presentTag);
  }

  private async tag(scope: Scope, id: string): Promise<StoryTag> {
    const found = (await repo.tags(scope, this.db, true)).find((t) => t.id === id);
    if (!found) throw notFound();
    return presentTag(found);
  }

  async createTag(scope: Scope, name: string): Promise<StoryTag> {
    const schoolId = staffSchool(scope);
    if (await repo.tagNamed(scope, this.db, name)) throw new AppError(409, STORY_MESSAGES.tagExists, ERROR_CODES.conflict);
    const id = newId();
    await repo.insertTag(scope, this.db, {
      id,
      schoolId,
      name,
      position: await repo.nextTagPosition(scope, this.db),
      createdAt: this.clock.now(),
    });
    return this.tag(scope, id);
  }

  async editTag(scope: Scope, id: string, body: { name?: string; archived?: boolean }): Promise<StoryTag> {
    staffSchool(scope);
    const [row] = await repo.tagsByIds(scope, this.db, [id]);
    if (!row) throw notFound();
    const name = body.name ?? row.name;
    const archived = body.archived ?? row.archivedAt !== null;
    if (!archived) {
      const same = await repo.tagNamed(scope, this.db, name);
      if (same && same.id !== id) throw new AppError(409, STORY_MESSAGES.tagExists, ERROR_CODES.conflict);
    }
    await repo.updateTag(scope, this.db, id, {
      name,
      archivedAt: archived ? (row.archivedAt ?? this.clock.now()) : null,
    });
    return this.tag(scope, id);
  }

  async mergeTag(scope: Scope, id: string, intoId: string): Promise<StoryTag> {
    staffSchool(scope);
    if (id === intoId) throw badRequest(STORY_MESSAGES.mergeIntoItself, ERROR_CODES.validation, 'into_id');
    const rows = await repo.tagsByIds(scope, this.db, [id, intoId]);
    if (rows.length !== 2) throw notFound();
    if (rows.find((r) => r.id === intoId)?.archivedAt)
      throw badRequest('into_id: an archived tag', ERROR_CODES.validation, 'into_id');
    await this.db.transaction(async (tx) => {
      await repo.moveTagLinks(scope, tx, id, intoId);
      await repo.updateTag(scope, tx, id, { archivedAt: this.clock.now() });
    });
    return this.tag(scope, intoId);
  }

  async orderTags(scope: Scope, ids: string[]): Promise<StoryTag[]> {
    staffSchool(scope);
    const unique = [...new Set(ids)];
    const found = await repo.tagsByIds(scope, this.db, unique);
    if (found.length !== unique.length) throw notFound();
    await this.db.transaction(async (tx) => {
      for (const [position, id] of unique.entries()) await repo.updateTag(scope, tx, id, { position });
    });
    return this.tags(scope, false);
  }

  // ------------------------------------------------------------------ settings

  async settings(scope: Scope): Promise<StorySettings> {
    staffSchool(scope);
    return {
      approval_required: await this.approvalRequired(scope),
      abilities: { can_edit: (await scope.rolePermissions()).has('admin_portal.school_details') },
    };
  }

  async saveSettings(scope: Scope, approvalRequired: boolean): Promise<StorySettings> {
    staffSchool(scope);
    await repo.saveSettings(scope, this.db, approvalRequired, this.clock.now());
    return this.settings(scope);
  }

  // ------------------------------------------------------------------ insights

  async insights(scope: Scope, query: { class_id?: string; student_id?: string; from_date?: string; to_date?: string }) {
    staffSchool(scope);
    const today = await this.today(scope);
    const to = optionalIso(query.to_date, 'to_date') ?? today;
    const from = optionalIso(query.from_date, 'from_date') ?? termStart(to);
    if (from > to) throw badRequest('from_date must not come after to_date', ERROR_CODES.validation, 'to_date');
    if (query.class_id) await requireAccess(scope, 'class', [query.class_id]);
    if (query.student_id) await requireAccess(scope, 'child', [query.student_id]);
    const visible = await this.visibleClasses(scope);
    const classRows = query.class_id
      ? await repo.classNamesOf(scope, this.db, [query.class_id])
      : visible
        ? await repo.classNamesOf(scope, this.db, visible)
        : await repo.allClassesOf(scope, this.db);
    const classIds = classRows.map((c) => c.id);
    const s: repo.InsightScope = { classIds, studentId: query.student_id, from, to };
    const [storyRows, links, roster] = await Promise.all([
      repo.insightStories(scope, this.db, s),
      repo.insightLinks(scope, this.db, s),
      repo.classChildren(scope, this.db, classIds),
    ]);
    const children = query.student_id ? roster.filter((c) => c.id === query.student_id) : roster;
    const childIds = [...new Set(children.map((c) => c.id))];
    const families = await repo.familiesOf(scope, this.db, childIds);
    const published = storyRows.filter((r) => SHOWN.has(r.status) && r.kind !== 'family');
    const publishedIds = new Set(published.map((r) => r.id));
    const className = new Map(classRows.map((c) => [c.id, c.name]));

    // Stories over time: every week of the period, empty ones too.
    const weekOfDay = new Map<string, string>();
    const weekOf = (day: string) => {
      let w = weekOfDay.get(day);
      if (!w) {
        w = weekStart(day);
        weekOfDay.set(day, w);
      }
      return w;
    };
    const weeks = new Map<string, number>();
    for (let w = weekStart(from); w <= to; w = addDays(w, 7)) weeks.set(w, 0);
    for (const r of published) {
      const w = weekOf(r.storyDate);
      weeks.set(w, (weeks.get(w) ?? 0) + 1);
    }

    // Learning areas of the classes' curricula, each with its count (0: none this period).
    const curricula = [...new Set(classRows.map((c) => c.curriculumId).filter((c): c is string => !!c))];
    const areaCounts = new Map(links.areas.map((a) => [a.areaId, Number(a.n)]));
    const areas = (await repo.areasOfCurricula(scope, this.db, curricula)).map((a) => ({
      _id: a.id,
      name: a.name,
      curriculum: a.curriculum,
      stories: areaCounts.get(a.id) ?? 0,
    }));

    // Per child: stories naming them, the last one, and their families' views and comments on them.
    const storiesOf = new Map<string, { count: number; last: string | null; ids: Set<string> }>();
    for (const l of links.children) {
      if (!publishedIds.has(l.storyId)) continue;
      const c = storiesOf.get(l.studentId) ?? { count: 0, last: null, ids: new Set<string>() };
      c.count += 1;
      c.ids.add(l.storyId);
      if (!c.last || l.storyDate > c.last) c.last = l.storyDate;
      storiesOf.set(l.studentId, c);
    }
    const familyComments = new Map<string, Set<string>>();
    const staffComments = new Map<string, number>();
    let commentTotal = 0;
    for (const c of links.comments) {
      commentTotal += 1;
      if (c.authorKind === 'parent') familyComments.set(c.authorId, (familyComments.get(c.authorId) ?? new Set()).add(c.storyId));
      else staffComments.set(c.authorId, (staffComments.get(c.authorId) ?? 0) + 1);
    }
    const commentsOn = (userId: string, ids: Set<string>) =>
      [...(familyComments.get(userId) ?? [])].filter((s) => ids.has(s)).length;
    // Each person's views, grouped once (a school has thousands; each family is asked twice).
    const viewsOf = new Map<string, typeof links.views>();
    for (const v of links.views) viewsOf.set(v.userId, [...(viewsOf.get(v.userId) ?? []), v]);
    const viewsOn = (userId: string, ids: Set<string>) =>
      (viewsOf.get(userId) ?? []).reduce((n, v) => (ids.has(v.storyId) ? n + v.views : n), 0);

    const familiesOf = new Map<string, typeof families>();
    for (const f of families) familiesOf.set(f.studentId, [...(familiesOf.get(f.studentId) ?? []), f]);
    const childOut = [...new Map(children.map((c) => [c.id, c])).values()].map((c) => {
      const mine = storiesOf.get(c.id);
      const ids = mine?.ids ?? new Set<string>();
      const fams = familiesOf.get(c.id) ?? [];
      return {
        _id: c.id,
        name: `${c.firstName} ${c.lastName}`.trim(),
        class_name: className.get(c.classId) ?? '',
        stories: mine?.count ?? 0,
        last_story_date: mine?.last ? ddmmyyyyFromIso(mine.last) : null,
        views: fams.reduce((n, f) => n + viewsOn(f.userId, ids), 0),
        comments: fams.reduce((n, f) => n + commentsOn(f.userId, ids), 0),
      };
    });
    childOut.sort((a, b) => a.stories - b.stories || a.name.localeCompare(b.name));

    const lastViewOn = (userId: string, ids: Set<string>) =>
      (viewsOf.get(userId) ?? [])
        .filter((v) => ids.has(v.storyId))
        .reduce<Date | null>((last, v) => (!last || v.lastViewedAt > last ? v.lastViewedAt : last), null);
    const familyOut = families.map((f) => {
      const ids = storiesOf.get(f.studentId)?.ids ?? new Set<string>();
      return {
        _id: f.userId,
        name: `${f.firstName ?? ''} ${f.lastName ?? ''}`.trim(),
        child: { _id: f.studentId, name: `${f.childFirst} ${f.childLast}`.trim() },
        stories: ids.size,
        views: viewsOn(f.userId, ids),
        comments: commentsOn(f.userId, ids),
        last_viewed_at: lastViewOn(f.userId, ids)?.toISOString() ?? null,
      };
    });
    familyOut.sort((a, b) => a.views - b.views || a.name.localeCompare(b.name));

    const byAuthor = new Map<string, typeof storyRows>();
    for (const r of storyRows) if (r.kind !== 'family') byAuthor.set(r.authorId, [...(byAuthor.get(r.authorId) ?? []), r]);
    const authors = [...byAuthor.keys()];
    const staffNames = new Map(
      (await repo.peopleNames(scope, this.db, [...authors, ...staffComments.keys()])).map((p) => [p.id, p]),
    );
    const teachers = [...new Set([...authors, ...staffComments.keys()])].map((id) => {
      const p = staffNames.get(id);
      const own = byAuthor.get(id) ?? [];
      return {
        _id: id,
        name: `${p?.firstName ?? ''} ${p?.lastName ?? ''}`.trim(),
        stories: own.length,
        published: own.filter((r) => SHOWN.has(r.status)).length,
        comments: staffComments.get(id) ?? 0,
      };
    });
    teachers.sort((a, b) => b.stories - a.stories || a.name.localeCompare(b.name));

    const out: StoryInsights = {
      from_date: ddmmyyyyFromIso(from),
      to_date: ddmmyyyyFromIso(to),
      totals: {
        stories: storyRows.filter((r) => r.kind === 'story').length,
        published: published.length,
        drafts: storyRows.filter((r) => r.status === 'draft').length,
        pending: storyRows.filter((r) => r.status === 'pending').length,
        children: childOut.length,
        children_without_story: childOut.filter((c) => c.stories === 0).length,
        views: links.views.reduce((n, v) => n + v.views, 0),
        comments: commentTotal,
        reactions: await repo.reactionCount(scope, this.db, s),
        family_stories: storyRows.filter((r) => r.kind === 'family').length,
      },
      weeks: [...weeks].map(([w, n]) => ({ week: ddmmyyyyFromIso(w), stories: n })),
      areas,
      children: childOut,
      families: familyOut,
      teachers,
    };
    return out;
  }

  async insightsCsv(scope: Scope, query: { class_id?: string; student_id?: string; from_date?: string; to_date?: string }) {
    return insightsCsv((await this.insights(scope, query)).children);
  }

  /**
   * Assessment's evidence: the stories naming these children dated fromIso..toIso (or, with `ids`, those
   * stories), one entry per story and child, newest first; none where the school has stories off.
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
    if (!(await scope.schoolPermissions()).has('story')) return [];
    const range = fromIso && toIso ? { from: fromIso, to: toIso } : null;
    const rows = await repo.evidenceOf(scope, this.db, studentIds, range, ids);
    return rows.map((r) => ({
      id: r.id,
      studentId: r.studentId,
      date: r.date,
      title: r.title || 'Learning story',
      text: r.text,
      thumbnail: signMedia(r.thumb),
      areaIds: r.areas.map((a) => a.id),
      areaCodes: r.areas.map((a) => a.code),
    }));
  }
}
