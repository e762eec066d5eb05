import {
  ERROR_CODES,
  type PeriodRef,
  type SubjectMapping,
  type SubjectMappingRequest,
  type TaskLog,
  type TeacherConstraints,
  type TeacherConstraintsRequest,
  TIMETABLE_DAYS,
  TIMETABLE_MESSAGES,
  type TimetableBoard,
  type TimetableDay,
  type TimetableImportResult,
  type TimetableLesson,
  type TimetableLessonUpdate,
  type TimetableOutline,
  type TimetableOutlineRequest,
  type TimetableRun,
  type TimetableRunRequest,
  type TimetableSubject,
  type TimetableSubjectRequest,
  type TimetableWeek,
} from '@cue/contract';
import { recordAudit } from '../../platform/audit.js';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import { toCsv } from '../../platform/csv.js';
import { minuteFromWire } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import { impossibilities, remainingConflicts } from '../../timetable/solver/explain.js';
import { type Assignment, HOME_ROOM, hardConflicts } from '../../timetable/solver/model.js';
import { type SolveProgress, softCost } from '../../timetable/solver/solve.js';
import { parseTimetableCsv } from './import.js';
import { type Built, build, type OutlineDay, outlineDays, placements, wireConflicts, wireReason } from './instance.js';
import { presentLesson, presentMapping, presentOutline, presentRun, presentSubject } from './presenter.js';
import * as repo from './repo.js';
import { type Search, startSearch } from './runner.js';
import { xhsttOf } from './xhstt.js';

/*
 * The timetable (issue 28, decisions 39 and 41). The builders' inputs (subjects, the subject mapping,
 * teachers' constraints, the outline read from a day schedule, the school's rooms) become the solver's
 * instance; a generation is a run row and a job: the instance that claims the job searches on a thread
 * of its own, writes progress to the row and to the person's task panel, reads the row for a stop, and
 * writes the best timetable found to the lessons (locked ones stay). Moving a lesson by hand is refused
 * when it would clash.
 */

export const TIMETABLE_RUN_JOB = 'timetable-run';
const DEFAULT_SECONDS = 30;
/** A run that has not reported for this long lost its instance. */
const RUN_SILENT_MS = 60_000;
const RECENT_MS = 60 * 60_000;
const DEFAULT_AFTERNOON = 12 * 60;

export interface TimetableRunListener {
  log(userId: string, log: TaskLog): void;
  verbose(userId: string, batch: { task_id: string; lines: string[] }): void;
}

/** The name of the one with this id in a list ('' when none). */
const name = <T extends { id: string; name: string }>(list: readonly T[], id: string | null) =>
  list.find((x) => x.id === id)?.name ?? '';
const refKey = (r: { day: string; period: number }) => `${r.day}:${r.period}`;
const subjectValues = (body: TimetableSubjectRequest) => ({
  name: body.name,
  roomType: body.room_type?.trim() || null,
  morning: body.morning ?? false,
});
const mappingValues = (body: SubjectMappingRequest, doubles: number) => ({
  classId: body.class_id,
  subjectId: body.subject_id,
  teacherId: body.teacher_id,
  lessonsPerWeek: body.lessons_per_week,
  doublePeriods: doubles,
});
const uniqueRefs = (refs: readonly PeriodRef[]) => [...new Map(refs.map((r) => [refKey(r), r])).values()];

export class TimetableService {
  private readonly listeners = new Set<TimetableRunListener>();
  private readonly searches = new Map<string, { search: Search; done: Promise<void> }>();

  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly jobs: JobQueue,
    readonly scopes: ScopeFactory,
  ) {
    jobs.handle(TIMETABLE_RUN_JOB, async (payload) => {
      const auth = payload.auth as AccessClaims | undefined;
      if (auth) await this.begin(this.scopes.of(auth), String(payload.run_id));
    });
  }

  listen(listener: TimetableRunListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for the searches this instance runs (tests, and a graceful shutdown). */
  async settle(): Promise<void> {
    await Promise.all([...this.searches.values()].map((s) => s.done));
  }

  /** Stops every search of this instance (shutdown): each writes its best so far. */
  async shutdown(): Promise<void> {
    for (const s of this.searches.values()) s.search.stop();
    await this.settle();
  }

  // ------------------------------------------------------------------ subjects

  async subjects(scope: Scope): Promise<TimetableSubject[]> {
    return (await repo.subjects(scope, this.db)).map(presentSubject);
  }

  private async subject(scope: Scope, id: string) {
    const [row] = await repo.subjects(scope, this.db, [id]);
    if (!row) throw notFound();
    return row;
  }

  private async refuseSubjectName(scope: Scope, name: string, except?: string) {
    if (await repo.subjectNamed(scope, this.db, name, except))
      throw conflict(TIMETABLE_MESSAGES.subjectTaken, ERROR_CODES.subjectTaken);
  }

  async createSubject(scope: Scope, body: TimetableSubjectRequest): Promise<TimetableSubject> {
    staffSchool(scope);
    await this.refuseSubjectName(scope, body.name);
    const id = newId();
    const values = subjectValues(body);
    await this.db.transaction(async (tx) => {
      await repo.insertSubject(scope, tx, { id, ...values });
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'timetable_subject',
        entityId: id,
        label: body.name,
        after: body,
      });
    });
    return presentSubject(await this.subject(scope, id));
  }

  async updateSubject(scope: Scope, id: string, body: TimetableSubjectRequest): Promise<TimetableSubject> {
    const before = await this.subject(scope, id);
    await this.refuseSubjectName(scope, body.name, id);
    const values = subjectValues(body);
    await this.db.transaction(async (tx) => {
      await repo.updateSubject(scope, tx, id, values);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'timetable_subject',
        entityId: id,
        label: body.name,
        before: { name: before.row.name, room_type: before.row.roomType, morning: before.row.morning },
        after: body,
      });
    });
    return presentSubject(await this.subject(scope, id));
  }

  async deleteSubject(scope: Scope, id: string): Promise<void> {
    const row = await this.subject(scope, id);
    if (row.classes > 0) throw conflict(TIMETABLE_MESSAGES.subjectInUse, ERROR_CODES.subjectInUse);
    await this.db.transaction(async (tx) => {
      await repo.deleteSubject(scope, tx, id);
      await recordAudit(scope, tx, { action: 'delete', entityType: 'timetable_subject', entityId: id, label: row.row.name });
    });
  }

  // ------------------------------------------------------------------ subject mapping

  async mappings(scope: Scope, query: { class_id?: string }): Promise<SubjectMapping[]> {
    return (await repo.mappings(scope, this.db, { classId: query.class_id })).map(presentMapping);
  }

  private async mapping(scope: Scope, id: string) {
    const [row] = await repo.mappings(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    return row;
  }

  /** Checks a mapping's class, subject and teacher (all of this school) and its numbers. */
  private async checkMapping(scope: Scope, body: SubjectMappingRequest, except?: string) {
    const doubles = body.double_periods ?? 0;
    if (doubles * 2 > body.lessons_per_week)
      throw badRequest(TIMETABLE_MESSAGES.doublesTooMany, ERROR_CODES.validation, 'double_periods');
    const [classes, subjects, staff, teachers] = await Promise.all([
      scope.classesInSchool([body.class_id]),
      repo.subjects(scope, this.db, [body.subject_id]),
      repo.staff(scope, this.db, [body.teacher_id]),
      repo.teachers(scope, this.db, [body.teacher_id]),
    ]);
    if (classes.length === 0) throw notFound();
    const subject = subjects[0];
    if (!subject) throw notFound();
    if (staff.length === 0) throw badRequest(TIMETABLE_MESSAGES.notATeacher, ERROR_CODES.validation, 'teacher_id');
    const can = teachers[0]?.subjectIds ?? [];
    if (can.length > 0 && !can.includes(body.subject_id))
      throw badRequest(TIMETABLE_MESSAGES.teacherCannotTeach, ERROR_CODES.validation, 'teacher_id');
    if (await repo.mappingOf(scope, this.db, body.class_id, body.subject_id, except))
      throw conflict(TIMETABLE_MESSAGES.mappingTaken, ERROR_CODES.mappingTaken);
    return { doubles, subjectName: subject.row.name };
  }

  /** Keeps a mapping's lesson rows in step with its numbers: placed and locked rows are kept first. */
  private async syncLessons(
    scope: Scope,
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    mappingId: string,
    lessons: number,
    doubles: number,
  ) {
    const rows = await repo.lessonsOfMapping(scope, tx, mappingId);
    const want = new Map<number, number>([
      [2, doubles],
      [1, lessons - doubles * 2],
    ]);
    const drop: string[] = [];
    const add: { id: string; mappingId: string; length: number }[] = [];
    for (const length of [1, 2]) {
      const mine = rows
        .filter((r) => r.length === length)
        .sort((a, b) => Number(b.locked) - Number(a.locked) || Number(b.day !== null) - Number(a.day !== null));
      const n = want.get(length) ?? 0;
      for (const r of mine.slice(n)) drop.push(r.id);
      for (let i = mine.length; i < n; i++) add.push({ id: newId(), mappingId, length });
    }
    await repo.deleteLessons(scope, tx, drop);
    await repo.insertLessons(scope, tx, add);
  }

  async createMapping(scope: Scope, body: SubjectMappingRequest): Promise<SubjectMapping> {
    const { doubles, subjectName } = await this.checkMapping(scope, body);
    const id = newId();
    await this.db.transaction(async (tx) => {
      await repo.insertMapping(scope, tx, { id, ...mappingValues(body, doubles) });
      await this.syncLessons(scope, tx, id, body.lessons_per_week, doubles);
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'timetable_mapping',
        entityId: id,
        label: subjectName,
        after: body,
      });
    });
    return presentMapping(await this.mapping(scope, id));
  }

  async updateMapping(scope: Scope, id: string, body: SubjectMappingRequest): Promise<SubjectMapping> {
    const before = await this.mapping(scope, id);
    const { doubles, subjectName } = await this.checkMapping(scope, body, id);
    await this.db.transaction(async (tx) => {
      await repo.updateMapping(scope, tx, id, mappingValues(body, doubles));
      await this.syncLessons(scope, tx, id, body.lessons_per_week, doubles);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'timetable_mapping',
        entityId: id,
        label: subjectName,
        before: presentMapping(before),
        after: body,
      });
    });
    return presentMapping(await this.mapping(scope, id));
  }

  async deleteMapping(scope: Scope, id: string): Promise<void> {
    const row = await this.mapping(scope, id);
    await this.db.transaction(async (tx) => {
      await repo.deleteMapping(scope, tx, id);
      await recordAudit(scope, tx, {
        action: 'delete',
        entityType: 'timetable_mapping',
        entityId: id,
        label: `${row.subjectName} (${row.className})`,
        before: presentMapping(row),
      });
    });
  }

  // ------------------------------------------------------------------ teachers

  async teachers(scope: Scope): Promise<TeacherConstraints[]> {
    const [staff, rows, mappings] = await Promise.all([
      repo.staff(scope, this.db),
      repo.teachers(scope, this.db),
      repo.mappings(scope, this.db),
    ]);
    const byId = new Map(rows.map((r) => [r.userId, r]));
    return staff.map((s) => this.presentTeacher(s, byId.get(s.id), mappings));
  }

  private presentTeacher(
    s: { id: string; name: string },
    row: repo.TeacherRow | undefined,
    mappings: repo.MappingRow[],
  ): TeacherConstraints {
    const asRefs = (list: readonly { day: string; period: number }[] | undefined) =>
      (list ?? []).flatMap((r) =>
        (TIMETABLE_DAYS as readonly string[]).includes(r.day) ? [{ day: r.day as TimetableDay, period: r.period }] : [],
      );
    return {
      teacher: { _id: s.id, name: s.name },
      subject_ids: row?.subjectIds ?? [],
      max_per_day: row?.maxPerDay ?? null,
      unavailable: asRefs(row?.unavailable),
      preferred_free: asRefs(row?.preferredFree),
      mapped_periods: mappings.filter((m) => m.teacherId === s.id).reduce((n, m) => n + m.lessonsPerWeek, 0),
    };
  }

  async saveTeacher(scope: Scope, userId: string, body: TeacherConstraintsRequest): Promise<TeacherConstraints> {
    const [member] = await repo.staff(scope, this.db, [userId]);
    if (!member) throw notFound();
    const subjectIds = [...new Set(body.subject_ids)];
    if (subjectIds.length > 0 && (await repo.subjects(scope, this.db, subjectIds)).length !== subjectIds.length) throw notFound();
    const before = (await repo.teachers(scope, this.db, [userId]))[0];
    const values = {
      subjectIds,
      maxPerDay: body.max_per_day,
      unavailable: uniqueRefs(body.unavailable),
      preferredFree: uniqueRefs(body.preferred_free),
    };
    await this.db.transaction(async (tx) => {
      await repo.saveTeacher(scope, tx, userId, values);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'timetable_teacher',
        entityId: userId,
        label: member.name,
        before: before ?? null,
        after: body,
      });
    });
    const [row] = await repo.teachers(scope, this.db, [userId]);
    return this.presentTeacher(member, row, await repo.mappings(scope, this.db));
  }

  // ------------------------------------------------------------------ outline

  private async outlineOf(
    scope: Scope,
  ): Promise<{ settings: repo.SettingsRow | null; schedule: { id: string; name: string } | null; days: OutlineDay[] }> {
    const settings = await repo.settings(scope, this.db);
    const schedule = settings?.scheduleId ? await repo.schedule(scope, this.db, settings.scheduleId) : null;
    return { settings, schedule, days: schedule ? outlineDays(schedule.cycle, schedule.days) : [] };
  }

  async outline(scope: Scope): Promise<TimetableOutline> {
    const o = await this.outlineOf(scope);
    return presentOutline(
      o.schedule,
      o.settings?.afternoonFrom ?? DEFAULT_AFTERNOON,
      o.settings?.shareWithFamilies ?? false,
      o.days,
    );
  }

  async saveOutline(scope: Scope, body: TimetableOutlineRequest): Promise<TimetableOutline> {
    staffSchool(scope);
    if (body.schedule_id) {
      const schedule = await repo.schedule(scope, this.db, body.schedule_id);
      if (!schedule) throw notFound();
      if (outlineDays(schedule.cycle, schedule.days).length === 0)
        throw badRequest(TIMETABLE_MESSAGES.noPeriods, ERROR_CODES.validation, 'schedule_id');
    }
    const before = await repo.settings(scope, this.db);
    const values = {
      scheduleId: body.schedule_id,
      afternoonFrom: minuteFromWire(body.afternoon_from, 'afternoon_from'),
      shareWithFamilies: body.share_with_families ?? before?.shareWithFamilies ?? false,
    };
    await this.db.transaction(async (tx) => {
      await repo.saveSettings(scope, tx, values);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'timetable_outline',
        entityId: staffSchool(scope),
        label: 'Timetable outline',
        before: before ?? null,
        after: body,
      });
    });
    return this.outline(scope);
  }

  // ------------------------------------------------------------------ the board

  /** Everything the solver and the board need, read once. */
  private async sources(scope: Scope) {
    const [o, classes, staff, teacherRows, subjects, rooms, lessons] = await Promise.all([
      this.outlineOf(scope),
      repo.classesWithSize(scope, this.db),
      repo.staff(scope, this.db),
      repo.teachers(scope, this.db),
      repo.subjects(scope, this.db),
      repo.rooms(scope, this.db),
      repo.lessons(scope, this.db),
    ]);
    const constraints = new Map(teacherRows.map((t) => [t.userId, t]));
    const built = build({
      days: o.days,
      afternoonFrom: o.settings?.afternoonFrom ?? DEFAULT_AFTERNOON,
      classes,
      teachers: staff.map((s) => ({
        id: s.id,
        name: s.name,
        maxPerDay: constraints.get(s.id)?.maxPerDay ?? null,
        unavailable: constraints.get(s.id)?.unavailable ?? [],
        preferredFree: constraints.get(s.id)?.preferredFree ?? [],
      })),
      subjects: subjects.map((x) => ({ id: x.row.id, name: x.row.name, roomType: x.row.roomType, morning: x.row.morning })),
      rooms,
      lessons,
    });
    return { o, classes, staff, subjects, rooms, lessons, built };
  }

  async board(scope: Scope): Promise<TimetableBoard> {
    const { o, classes, staff, subjects, rooms, lessons, built } = await this.sources(scope);
    const run = await repo.latestRun(scope, this.db);
    const placed = built.instance.periods.length > 0;
    return {
      outline: presentOutline(
        o.schedule,
        o.settings?.afternoonFrom ?? DEFAULT_AFTERNOON,
        o.settings?.shareWithFamilies ?? false,
        o.days,
      ),
      subjects: subjects.map((x) => ({ _id: x.row.id, name: x.row.name, room_type: x.row.roomType })),
      classes: classes.map((c) => ({ _id: c.id, name: c.name, size: c.size })),
      teachers: staff.map((s) => ({ _id: s.id, name: s.name })),
      rooms: rooms.map((r) => ({ _id: r.id, name: r.name, room_type: r.roomType, capacity: r.capacity })),
      lessons: lessons.map(presentLesson),
      conflicts: placed ? wireConflicts(built, hardConflicts(built.instance, built.current)) : [],
      soft: placed ? softCost(built.instance, built.current) : 0,
      run: run ? await this.presentRun(scope, await this.reap(scope, run)) : null,
      abilities: { edit: true, generate: true },
    };
  }

  /** Moves (or unplaces) a lesson, changes its room or its lock; a move that would clash is refused. */
  async moveLesson(scope: Scope, id: string, body: TimetableLessonUpdate): Promise<TimetableLesson> {
    const { built, lessons, rooms } = await this.sources(scope);
    const lesson = lessons.find((l) => l.id === id);
    if (!lesson) throw notFound();
    if ((body.day === null) !== (body.period === null))
      throw badRequest(TIMETABLE_MESSAGES.periodMissing, ERROR_CODES.validation, body.day === null ? 'day' : 'period');
    if (body.room_id !== null && !rooms.some((r) => r.id === body.room_id)) throw notFound();
    const moves =
      body.day !== lesson.day || body.period !== lesson.period || (body.day !== null && body.room_id !== lesson.roomId);
    if (moves && body.day !== null && body.period !== null) {
      const p = built.periodIndex.get(refKey({ day: body.day, period: body.period }));
      if (p === undefined) throw badRequest(TIMETABLE_MESSAGES.periodMissing, ERROR_CODES.validation, 'period');
      const l = built.lessonIds.indexOf(id);
      if (l >= 0) {
        const next: Assignment = { period: [...built.current.period], room: [...built.current.room] };
        next.period[l] = p;
        next.room[l] = body.room_id === null ? HOME_ROOM : built.roomIds.indexOf(body.room_id);
        const mine = hardConflicts(built.instance, next).filter((c) => c.kind !== 'unplaced' && c.lessons.includes(l));
        if (mine.some((c) => c.kind === 'room_kind'))
          throw badRequest(TIMETABLE_MESSAGES.roomWrongKind, ERROR_CODES.validation, 'room_id');
        if (mine.length > 0) {
          const what = new Set(mine.map((c) => c.kind.replace(/_/g, ' ')));
          throw conflict(`${TIMETABLE_MESSAGES.clash}: ${[...what].join(', ')}`, ERROR_CODES.lessonClash);
        }
      }
    }
    const place =
      body.day === null
        ? { day: null, period: null, roomId: null }
        : { day: body.day, period: body.period, roomId: body.room_id };
    await this.db.transaction(async (tx) => {
      await repo.placeLesson(scope, tx, id, { ...place, locked: body.locked });
      await recordAudit(scope, tx, {
        action: 'move',
        entityType: 'timetable_lesson',
        entityId: id,
        label: 'Lesson',
        before: { day: lesson.day, period: lesson.period, room_id: lesson.roomId, locked: lesson.locked },
        after: body,
      });
    });
    return presentLesson({ ...lesson, ...place, locked: body.locked });
  }

  // ------------------------------------------------------------------ runs

  private async presentRun(scope: Scope, row: repo.RunRow): Promise<TimetableRun> {
    const [who] = row.startedBy ? await repo.staff(scope, this.db, [row.startedBy]) : [];
    return presentRun(row, who ?? null);
  }

  /** A running run whose instance went silent is given up (failed), so that a new one may start. */
  private async reap(scope: Scope, row: repo.RunRow): Promise<repo.RunRow> {
    if (row.status !== 'queued' && row.status !== 'running') return row;
    const last = (row.heartbeatAt ?? row.createdAt).getTime();
    // A queued run may wait its own length behind another instance's work before it is claimed.
    const grace = RUN_SILENT_MS + (row.status === 'queued' ? row.seconds * 1000 : 0);
    if (this.clock.now().getTime() - last < grace) return row;
    if (this.searches.has(row.id)) return row;
    const set = { status: 'failed', error: 'The server running the generation stopped', finishedAt: this.clock.now() };
    await repo.updateRun(scope, this.db, row.id, set);
    return { ...row, ...set };
  }

  async startRun(scope: Scope, body: TimetableRunRequest): Promise<TimetableRun> {
    staffSchool(scope);
    for (const active of await repo.activeRuns(scope, this.db)) {
      const now = await this.reap(scope, active);
      if (now.status === 'queued' || now.status === 'running')
        throw conflict(TIMETABLE_MESSAGES.running, ERROR_CODES.timetableRunning);
    }
    const { o, built } = await this.sources(scope);
    if (!o.schedule || built.instance.periods.length === 0)
      throw badRequest(TIMETABLE_MESSAGES.noOutline, ERROR_CODES.validation);
    if (built.instance.lessons.length === 0) throw badRequest(TIMETABLE_MESSAGES.nothingToPlace, ERROR_CODES.validation);
    const id = newId();
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await repo.insertRun(scope, tx, {
        id,
        mode: body.mode,
        status: 'queued',
        seconds: body.seconds ?? DEFAULT_SECONDS,
        startedBy: scope.userId,
        createdAt: now,
        heartbeatAt: now,
      });
      await recordAudit(scope, tx, {
        action: 'generate',
        entityType: 'timetable_run',
        entityId: id,
        label: body.mode,
        after: body,
      });
    });
    const claims: AccessClaims = {
      userId: scope.userId,
      kind: scope.kind,
      sessionId: scope.sessionId,
      schoolId: scope.schoolId,
      isTemp: scope.isTemp,
    };
    await this.jobs.schedule(`${TIMETABLE_RUN_JOB}:${id}`, TIMETABLE_RUN_JOB, now, { run_id: id, auth: claims });
    // Claimed at once where this instance runs jobs (the queue's timer takes it otherwise, on any instance).
    void this.jobs.runDue().catch(() => undefined);
    const row = await repo.run(scope, this.db, id);
    if (!row) throw notFound();
    this.emit(scope.userId, row);
    return this.presentRun(scope, row);
  }

  async run(scope: Scope, id: string): Promise<TimetableRun> {
    const row = await repo.run(scope, this.db, id);
    if (!row) throw notFound();
    return this.presentRun(scope, await this.reap(scope, row));
  }

  async stopRun(scope: Scope, id: string): Promise<TimetableRun> {
    const row = await repo.run(scope, this.db, id);
    if (!row) throw notFound();
    if (row.status === 'queued') {
      await repo.updateRun(scope, this.db, id, {
        status: 'stopped',
        stopRequested: true,
        progress: 100,
        finishedAt: this.clock.now(),
      });
      await this.jobs.cancel(`${TIMETABLE_RUN_JOB}:${id}`);
    } else if (row.status === 'running') {
      await repo.updateRun(scope, this.db, id, { stopRequested: true });
      this.searches.get(id)?.search.stop();
    }
    return this.run(scope, id);
  }

  /** The task panel's replay: this person's runs of the last hour. */
  async replayLogs(scope: Scope): Promise<TaskLog[]> {
    if (scope.kind !== 'staff' || !scope.schoolId) return [];
    const since = new Date(this.clock.now().getTime() - RECENT_MS);
    return (await repo.runsOf(scope, this.db, since)).map((r) => this.taskLog(r));
  }

  private taskLog(row: repo.RunRow): TaskLog {
    const ended = !['queued', 'running'].includes(row.status);
    const stage =
      row.status === 'queued'
        ? 'Queued'
        : row.status === 'running'
          ? row.hard === null
            ? 'Searching'
            : `Best so far: ${row.hard} clashes, cost ${row.soft ?? 0}`
          : row.status === 'impossible'
            ? 'No timetable without clashes exists'
            : row.status === 'failed'
              ? 'Failed'
              : `Done: ${row.hard ?? 0} clashes, cost ${row.soft ?? 0}`;
    return {
      task_id: row.id,
      endpointName: 'timetable-run',
      title: 'Timetable',
      command: row.mode === 'repair' ? 'Repair the timetable' : 'Generate the timetable',
      content: row.reasons.map((r) => r.text).join('\n'),
      currentStage: stage,
      progressLevel: ended ? 100 : row.progress,
      options: [],
      outputs: ended && row.status !== 'failed' ? [{ name: 'Timetable', link: '/admin/timetable/room-allocation' }] : [],
      error: row.status === 'failed' ? (row.error ?? 'Failed') : null,
      preset: null,
      class_id: '',
      created_at: row.createdAt.toISOString(),
      finished: ended,
    };
  }

  private emit(userId: string | null, row: repo.RunRow): void {
    if (!userId) return;
    const log = this.taskLog(row);
    for (const l of this.listeners) l.log(userId, log);
  }

  /** The job: claim the run, build the instance, prove it impossible or search on a thread, keep the best. */
  private async begin(scope: Scope, runId: string): Promise<void> {
    const row = await repo.run(scope, this.db, runId);
    if (row?.status !== 'queued') return;
    const { built, lessons } = await this.sources(scope);
    const started = this.clock.now();
    const update = async (set: Partial<repo.RunRow>) => {
      await repo.updateRun(scope, this.db, runId, set);
      const now = await repo.run(scope, this.db, runId);
      if (now) this.emit(row.startedBy, now);
    };
    const reasons = impossibilities(built.instance);
    if (reasons.length > 0) {
      await update({
        status: 'impossible',
        progress: 100,
        reasons: reasons.map(wireReason),
        finishedAt: this.clock.now(),
        heartbeatAt: started,
      });
      return;
    }
    await update({ status: 'running', heartbeatAt: started });

    // What may move: full — every lesson not locked; repair — lessons not placed or in a clash, and the
    // other lessons of their classes and teachers (the rest stays where it is).
    const locked = new Set(lessons.flatMap((l) => (l.locked ? [l.id] : [])));
    const L = built.lessonIds.length;
    const pinned: number[] = [];
    let initial: Assignment | null;
    if (row.mode === 'repair') {
      const troubled = new Set<number>();
      for (const c of hardConflicts(built.instance, built.current)) for (const l of c.lessons) troubled.add(l);
      const groups = new Set([...troubled].map((l) => built.instance.lessons[l]?.group));
      const teachers = new Set([...troubled].map((l) => built.instance.lessons[l]?.teacher));
      for (let l = 0; l < L; l++) {
        const lesson = built.instance.lessons[l];
        const free = troubled.has(l) || (lesson && (groups.has(lesson.group) || teachers.has(lesson.teacher)));
        if (locked.has(built.lessonIds[l] ?? '') || !free) pinned.push(l);
      }
      initial = built.current;
    } else {
      initial = { period: [], room: [] };
      for (let l = 0; l < L; l++) {
        const keep = locked.has(built.lessonIds[l] ?? '');
        if (keep) pinned.push(l);
        initial.period.push(keep ? (built.current.period[l] ?? -1) : -1);
        initial.room.push(keep ? (built.current.room[l] ?? -1) : -1);
      }
    }
    // A pinned lesson that is not placed cannot stay where it is: the search places it.
    const pinnedPlaced = pinned.filter((l) => (initial?.period[l] ?? -1) >= 0);

    let lastWrite = 0;
    let latest: SolveProgress | null = null;
    const search = startSearch(
      {
        instance: built.instance,
        timeLimitMs: row.seconds * 1000,
        seed: Number.parseInt(runId.slice(-6), 16) || 1,
        initial,
        pinned: pinnedPlaced,
        keepInitial: row.mode === 'repair',
      },
      (p) => {
        latest = p;
      },
    );
    const done = (async () => {
      const ticker = setInterval(() => {
        void (async () => {
          const p = latest;
          const fresh = await repo.run(scope, this.db, runId);
          if (fresh?.stopRequested) search.stop();
          if (!p || p.elapsedMs === lastWrite) return;
          lastWrite = p.elapsedMs;
          await update({
            progress: Math.min(99, Math.floor((p.elapsedMs / (row.seconds * 1000)) * 100)),
            hard: p.bestHard,
            soft: p.bestSoft,
            elapsedMs: Math.round(p.elapsedMs),
            firstFeasibleMs: p.firstFeasibleMs === null ? null : Math.round(p.firstFeasibleMs),
            heartbeatAt: this.clock.now(),
          });
        })().catch(() => undefined);
      }, 500);
      ticker.unref();
      try {
        const result = await search.result;
        clearInterval(ticker);
        await this.keep(scope, runId, built, result.assignment);
        const stopped = (await repo.run(scope, this.db, runId))?.stopRequested ?? false;
        await update({
          status: stopped ? 'stopped' : 'done',
          progress: 100,
          hard: result.bestHard,
          soft: result.bestSoft,
          elapsedMs: Math.round(result.elapsedMs),
          firstFeasibleMs: result.firstFeasibleMs === null ? null : Math.round(result.firstFeasibleMs),
          reasons: result.bestHard > 0 ? remainingConflicts(built.instance, result.assignment).map(wireReason) : [],
          finishedAt: this.clock.now(),
          heartbeatAt: this.clock.now(),
        });
      } catch (err) {
        clearInterval(ticker);
        await update({
          status: 'failed',
          progress: 100,
          error: err instanceof Error ? err.message.slice(0, 500) : 'Failed',
          finishedAt: this.clock.now(),
        }).catch(() => undefined);
      } finally {
        this.searches.delete(runId);
      }
    })();
    this.searches.set(runId, { search, done });
  }

  /** Writes a search's timetable to the lessons (all in one transaction; locked lessons are not touched). */
  private async keep(scope: Scope, runId: string, built: Built, a: Assignment): Promise<void> {
    const { lessons } = await this.sources(scope);
    const locked = new Set(lessons.flatMap((l) => (l.locked ? [l.id] : [])));
    const exists = new Set(lessons.map((l) => l.id));
    await this.db.transaction(async (tx) => {
      for (const p of placements(built, a)) {
        if (locked.has(p.id) || !exists.has(p.id)) continue;
        await repo.placeLesson(scope, tx, p.id, { day: p.day, period: p.period, roomId: p.roomId });
      }
      await recordAudit(scope, tx, {
        action: 'generate',
        entityType: 'timetable_run',
        entityId: runId,
        label: 'Timetable written',
      });
    });
  }

  // ------------------------------------------------------------------ exports

  async csv(scope: Scope): Promise<string> {
    const { o, classes, staff, subjects, rooms, lessons } = await this.sources(scope);
    const times = new Map(o.days.flatMap((d) => d.periods.map((p) => [refKey({ day: d.day, period: p.period }), p])));
    const clock = (m: number | undefined) =>
      m === undefined ? '' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const rows = lessons.map((l) => {
      const p = l.day !== null && l.period !== null ? times.get(refKey({ day: l.day, period: l.period })) : undefined;
      const end =
        l.length === 2 && l.day !== null && l.period !== null ? times.get(refKey({ day: l.day, period: l.period + 1 })) : p;
      return [
        name(classes, l.classId),
        subjects.find((s) => s.row.id === l.subjectId)?.row.name ?? '',
        name(staff, l.teacherId),
        l.length,
        l.day ?? '',
        l.period === null ? '' : l.period + 1,
        clock(p?.start),
        clock(end?.end),
        l.roomId ? name(rooms, l.roomId) : '',
        l.locked ? 'yes' : 'no',
      ];
    });
    return toCsv([['class', 'subject', 'teacher', 'periods', 'day', 'period', 'start', 'end', 'room', 'locked'], ...rows]);
  }

  async xhstt(scope: Scope): Promise<string> {
    const { o, classes, staff, subjects, rooms, lessons } = await this.sources(scope);
    return xhsttOf({
      days: o.days,
      classes,
      teachers: staff.filter((s) => lessons.some((l) => l.teacherId === s.id)),
      subjects: subjects.map((x) => ({ id: x.row.id, name: x.row.name, roomType: x.row.roomType })),
      rooms,
      lessons,
    });
  }

  /**
   * Imports a timetable file: each class and subject of the file gets the file's lessons, teacher and
   * placements (other mappings are left alone); subjects it names that do not exist are added. A row that
   * names an unknown class, teacher or room, or a period outside the outline, refuses the whole file.
   */
  async importCsv(scope: Scope, bytes: Buffer): Promise<TimetableImportResult> {
    const parsed = parseTimetableCsv(bytes);
    if (!parsed.ok)
      throw badRequest(
        'problem' in parsed
          ? parsed.problem === 'empty'
            ? TIMETABLE_MESSAGES.importEmpty
            : TIMETABLE_MESSAGES.importFormat
          : `Line ${parsed.line}: ${parsed.reason}`,
        ERROR_CODES.validation,
        'file',
      );
    const [o, classes, staff, subjects, rooms, existing] = await Promise.all([
      this.outlineOf(scope),
      repo.classesWithSize(scope, this.db),
      repo.staff(scope, this.db),
      repo.subjects(scope, this.db),
      repo.rooms(scope, this.db),
      repo.mappings(scope, this.db),
    ]);
    const byName = <T extends { name: string }>(list: readonly T[]) => {
      const map = new Map<string, T>();
      for (const x of list) if (!map.has(x.name.trim().toLowerCase())) map.set(x.name.trim().toLowerCase(), x);
      return (name: string) => map.get(name.trim().toLowerCase());
    };
    const classOf = byName(classes);
    const teacherOf = byName(staff);
    const roomOf = byName(rooms);
    const subjectOf = byName(subjects.map((x) => ({ id: x.row.id, name: x.row.name })));
    const inOutline = new Set(o.days.flatMap((d) => d.periods.map((p) => refKey({ day: d.day, period: p.period }))));
    const newSubjects = new Map<string, { id: string; name: string }>();
    const groups = new Map<string, { classId: string; subjectId: string; teacherId: string; lessons: typeof parsed.rows }>();
    for (const row of parsed.rows) {
      const fail = (reason: string) => badRequest(`Line ${row.line}: ${reason}`, ERROR_CODES.validation, 'file');
      const cls = classOf(row.className);
      if (!cls) throw fail(`no class named "${row.className}"`);
      const teacher = teacherOf(row.teacher);
      if (!teacher) throw fail(`no member of staff named "${row.teacher}"`);
      if (row.room && !roomOf(row.room)) throw fail(`no room named "${row.room}"`);
      if (row.day !== null && row.period !== null && !inOutline.has(refKey({ day: row.day, period: row.period })))
        throw fail(TIMETABLE_MESSAGES.periodMissing);
      let subject = subjectOf(row.subject) ?? newSubjects.get(row.subject.toLowerCase());
      if (!subject) {
        subject = { id: newId(), name: row.subject };
        newSubjects.set(row.subject.toLowerCase(), subject);
      }
      const key = `${cls.id}:${subject.id}`;
      const group = groups.get(key) ?? { classId: cls.id, subjectId: subject.id, teacherId: teacher.id, lessons: [] };
      if (group.teacherId !== teacher.id) throw fail(TIMETABLE_MESSAGES.importTeachers);
      group.lessons.push(row);
      groups.set(key, group);
    }
    let lessons = 0;
    let placed = 0;
    await this.db.transaction(async (tx) => {
      for (const s of newSubjects.values())
        await repo.insertSubject(scope, tx, { id: s.id, name: s.name, roomType: null, morning: false });
      for (const g of groups.values()) {
        const total = g.lessons.reduce((n, l) => n + l.length, 0);
        const doubles = g.lessons.filter((l) => l.length === 2).length;
        const found = existing.find((m) => m.classId === g.classId && m.subjectId === g.subjectId);
        const mappingId = found?.id ?? newId();
        const values = { teacherId: g.teacherId, lessonsPerWeek: total, doublePeriods: doubles };
        if (found) {
          await repo.updateMapping(scope, tx, mappingId, values);
          await repo.deleteLessons(
            scope,
            tx,
            (await repo.lessonsOfMapping(scope, tx, mappingId)).map((l) => l.id),
          );
        } else await repo.insertMapping(scope, tx, { id: mappingId, classId: g.classId, subjectId: g.subjectId, ...values });
        await repo.insertLessons(
          scope,
          tx,
          g.lessons.map((l) => ({
            id: newId(),
            mappingId,
            length: l.length,
            day: l.day,
            period: l.period,
            roomId: l.day !== null && l.room ? (roomOf(l.room)?.id ?? null) : null,
            locked: l.locked,
          })),
        );
        lessons += g.lessons.length;
        placed += g.lessons.filter((l) => l.day !== null).length;
      }
      await recordAudit(scope, tx, {
        action: 'import',
        entityType: 'timetable_lesson',
        entityId: staffSchool(scope),
        label: 'Timetable import',
        after: { mappings: groups.size, lessons, placed },
      });
    });
    return { mappings: groups.size, lessons, placed, subjects_created: [...newSubjects.values()].map((s) => s.name) };
  }

  // ------------------------------------------------------------------ weeks people read

  private week(
    title: string,
    days: OutlineDay[],
    rows: readonly {
      id: string;
      day: string | null;
      period: number | null;
      length: number;
      subject: string;
      classId: string;
      className: string;
      teacherId: string;
      teacherName: string;
      room: string | null;
    }[],
  ): TimetableWeek {
    const outline = presentOutline(null, DEFAULT_AFTERNOON, false, days);
    const known = new Set(days.flatMap((d) => d.periods.map((p) => refKey({ day: d.day, period: p.period }))));
    return {
      title,
      days: outline.days,
      entries: rows.flatMap((r) =>
        r.day !== null && r.period !== null && known.has(refKey({ day: r.day, period: r.period }))
          ? [
              {
                _id: r.id,
                day: r.day as TimetableDay,
                period: r.period,
                length: r.length,
                subject: r.subject,
                class: { _id: r.classId, name: r.className },
                teacher: { _id: r.teacherId, name: r.teacherName },
                room: r.room,
              },
            ]
          : [],
      ),
    };
  }

  private async staffRows(scope: Scope, filter: (l: repo.LessonRow) => boolean) {
    const { o, classes, staff, subjects, rooms, lessons } = await this.sources(scope);
    return {
      days: o.days,
      rows: lessons.filter(filter).map((l) => ({
        id: l.id,
        day: l.day,
        period: l.period,
        length: l.length,
        subject: subjects.find((s) => s.row.id === l.subjectId)?.row.name ?? '',
        classId: l.classId,
        className: name(classes, l.classId),
        teacherId: l.teacherId,
        teacherName: name(staff, l.teacherId),
        room: l.roomId ? name(rooms, l.roomId) : null,
      })),
      me: name(staff, scope.userId),
    };
  }

  /** The caller's own teaching week. */
  async myWeek(scope: Scope): Promise<TimetableWeek> {
    staffSchool(scope);
    const { days, rows, me } = await this.staffRows(scope, (l) => l.teacherId === scope.userId);
    return this.week(me, days, rows);
  }

  /** A class's week: its staff and the builders; its families when the school shares it. */
  async classWeek(scope: Scope, classId: string): Promise<TimetableWeek> {
    if (scope.kind === 'parent') return this.familyClassWeek(scope, classId);
    const held = await scope.rolePermissions();
    const builds = held.has('academic_setup.day_schedule');
    if (!builds) await requireAccess(scope, 'class', [classId]);
    const title = await repo.className(scope, this.db, classId);
    if (title === null) throw notFound();
    const { days, rows } = await this.staffRows(scope, (l) => l.classId === classId);
    return this.week(title, days, rows);
  }

  private async familyClassWeek(scope: Scope, classId: string): Promise<TimetableWeek> {
    const settings = await repo.settingsOfChildClass(scope, this.db, classId);
    if (!settings) throw notFound();
    if (!settings.share || !settings.scheduleId) throw notFound();
    const schedule = await repo.scheduleOfChildClass(scope, this.db, classId, settings.scheduleId);
    const days = schedule ? outlineDays(schedule.cycle, schedule.days) : [];
    const rows = await repo.classLessonsForFamily(scope, this.db, classId);
    const title = (await repo.className(scope, this.db, classId)) ?? '';
    return this.week(
      title,
      days,
      rows.map((r) => ({
        id: r.id,
        day: r.day,
        period: r.period,
        length: r.length,
        subject: r.subjectName,
        classId: r.classId,
        className: title,
        teacherId: r.teacherId,
        teacherName: r.teacherName,
        room: r.roomName,
      })),
    );
  }
}
