import {
  CUE_MESSAGES,
  type CueTaskEndpoint,
  type CueTaskRequest,
  communicationRequestSchema,
  createObservationRequestSchema,
  cueTaskRequestSchema,
  ddmmyyyyFromIso,
  ERROR_CODES,
  frameworkOf,
  pagePath,
  type TaskLog,
  unitCreateSchema,
  VERBOSE_LOG_BATCH_MS,
} from '@cue/contract';
import type { AttendanceService } from '../../modules/attendance/service.js';
import type { ClassService } from '../../modules/classes/service.js';
import type { CommunicationService } from '../../modules/communication/service.js';
import type { ObservationService } from '../../modules/observations/service.js';
import type { PlanningService } from '../../modules/planning/service.js';
import type { WeekPlanService } from '../../modules/planning/weeks.js';
import type { StoryService } from '../../modules/stories/service.js';
import { type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import { isoFromWire } from '../../platform/dates.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import { answerQuestion, type QuestionServices } from '../agent/questions.js';
import type { RosterChild } from '../engine/names.js';
import * as aiRepo from '../repo.js';
import type { AreaRef, SeenObservation } from './planning.js';
import * as repo from './repo.js';
import { type LibraryEntry, type Progress, runTask, TaskError, type TaskTools } from './runners.js';

export const TASK_JOB = 'cue-task';
const RECENT_MS = 60 * 60_000;

type Row = repo.TaskRow;

/** Tasks' live progress leaves through these listeners (the socket layer sends them to the person's sockets). */
export interface TaskListeners {
  log(userId: string, log: TaskLog): void;
  verbose(userId: string, batch: { task_id: string; lines: string[] }): void;
}

/**
 * Cue's background tasks. A command becomes a task row and a job in the database queue (so it runs
 * once, also with several instances, and again after a restart); the runner reports progress, which
 * is kept on the row (for replay) and sent to the person's sockets as task-log events.
 */
export class CueTaskService {
  private readonly listeners = new Set<TaskListeners>();
  private readonly pending = new Map<string, { userId: string; lines: string[] }>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly deps: {
      classes: ClassService;
      attendance: AttendanceService & QuestionServices['attendance'];
      observations: ObservationService;
      communication: CommunicationService;
      stories: StoryService;
      planning: PlanningService;
      weekPlans: WeekPlanService;
      events: EventBus;
      scopes: ScopeFactory;
    },
  ) {
    // A task runs as the person who gave the command: the job carries their claims, read back as their scope.
    jobs.handle(TASK_JOB, async (payload) => {
      const auth = payload.auth as AccessClaims | undefined;
      if (auth) await this.run(this.deps.scopes.of(auth), String(payload.task_id));
    });
  }

  private async queue(auth: Scope, taskId: string, at: Date): Promise<void> {
    const claims: AccessClaims = {
      userId: auth.userId,
      kind: auth.kind,
      sessionId: auth.sessionId,
      schoolId: auth.schoolId,
      isTemp: auth.isTemp,
    };
    await this.jobs.schedule(`${TASK_JOB}:${taskId}`, TASK_JOB, at, { task_id: taskId, auth: claims });
  }

  listen(listener: TaskListeners): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private present(row: Row): TaskLog {
    return { ...(row.state as unknown as TaskLog) };
  }

  /** Starts a task for a signed-in teacher: checks the request and the class, queues it, and answers its first log. */
  async start(auth: Scope, endpoint: CueTaskEndpoint, payload: unknown, parentId?: string): Promise<TaskLog> {
    staffSchool(auth);
    const parsed = cueTaskRequestSchema.safeParse(payload);
    if (!parsed.success) {
      const missing = parsed.error.issues.map((i) => i.path.at(-1)).filter((p) => ['class_id', 'command'].includes(String(p)));
      throw badRequest(
        missing.length
          ? `${CUE_MESSAGES.missingValues}${missing.join(', ')}`
          : (parsed.error.issues[0]?.message ?? 'Invalid request'),
      );
    }
    const request = parsed.data;
    const detail = await this.deps.classes.detail(auth, request.user_query.class_id);
    const id = newId();
    const now = this.clock.now();
    const log: TaskLog = {
      task_id: id,
      endpointName: endpoint,
      title: 'Cue',
      command: request.user_query.command,
      content: '',
      currentStage: 'Queued',
      progressLevel: 0,
      options: [],
      outputs: [],
      error: null,
      preset: null,
      class_id: detail.id,
      created_at: now.toISOString(),
      finished: false,
    };
    await repo.insert(auth, this.db, {
      id,
      classId: detail.id,
      endpoint,
      request: { ...request, parent_id: parentId ?? null } as unknown as Record<string, unknown>,
      state: log as unknown as Record<string, unknown>,
      status: 'queued',
    });
    await this.queue(auth, id, now);
    this.emit(auth.userId, log);
    this.kick();
    return log;
  }

  /**
   * This instance starts a new task at once (the queue's row lock keeps another instance from running
   * it too); a second pass catches a task queued while a pass was already under way.
   */
  private kick(): void {
    void this.jobs
      .runDue()
      .then(() => this.jobs.runDue())
      .catch(() => undefined);
  }

  private emit(userId: string, log: TaskLog): void {
    for (const l of this.listeners) l.log(userId, log);
  }

  private verbose(userId: string, taskId: string, line: string): void {
    const entry = this.pending.get(taskId) ?? { userId, lines: [] };
    entry.lines.push(line);
    this.pending.set(taskId, entry);
    this.flushTimer ??= setTimeout(() => this.flushVerbose(), VERBOSE_LOG_BATCH_MS);
  }

  /** Verbose lines go out in batches, at most every 500 ms. */
  flushVerbose(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const [taskId, { userId, lines }] of this.pending)
      for (const l of this.listeners) l.verbose(userId, { task_id: taskId, lines });
    this.pending.clear();
  }

  private async save(auth: Scope, row: Row, state: TaskLog, status: string): Promise<void> {
    await repo.update(auth, this.db, row.id, {
      state: state as unknown as Record<string, unknown>,
      status,
      updatedAt: this.clock.now(),
    });
    this.emit(row.userId, state);
  }

  /** The job: runs a task once; a finished task is not run again (a restart may hand the job over). */
  async run(auth: Scope, taskId: string): Promise<void> {
    const row = await repo.find(auth, this.db, taskId);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    const request = row.request as unknown as CueTaskRequest;
    let state: TaskLog = { ...(row.state as unknown as TaskLog), error: null, finished: false };
    // The preset goes on the final log only.
    let preset: number | null = null;
    const report = async ({ preset: finalPreset, ...p }: Progress) => {
      if (finalPreset !== undefined) preset = finalPreset;
      state = {
        ...state,
        ...p,
        // Progress only moves forward.
        progressLevel: Math.max(state.progressLevel, p.progressLevel ?? state.progressLevel),
      };
      await this.save(auth, row, state, 'running');
    };
    try {
      const detail = await this.deps.classes.detail(auth, row.classId);
      const roster: RosterChild[] = detail.student_list.map((s) => ({
        id: s.id,
        firstName: s.first_name,
        lastName: s.last_name,
      }));
      const dayIso = request.user_query.date ?? this.clock.now().toISOString().slice(0, 10);
      const [y, m, d] = dayIso.split('-').map(Number);
      const hour = this.clock.now().getUTCHours();
      const ctx = {
        roster,
        now: new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hour, 0)),
        classId: row.classId,
        className: detail.class_name,
        date: ddmmyyyyFromIso(dayIso),
      };
      const audit = async (tool: string, args: Record<string, unknown>, result: unknown) => {
        await aiRepo.insertAudit(auth, this.db, {
          id: newId(),
          toolCallId: row.id,
          tool,
          sentence: state.command,
          args,
          result: { record: result } as Record<string, unknown>,
        });
      };
      const tools: TaskTools = {
        ctx,
        report,
        verbose: (line) => this.verbose(row.userId, row.id, line),
        markAttendance: async (args, complete) => {
          const saved = await this.deps.attendance.save(auth, row.classId, {
            date: isoFromWire(args.date),
            student_attendance_list: args.student_attendance_list,
            is_saved: complete,
          });
          await audit('mark_attendance', args, { date: saved.date, is_saved: saved.is_saved });
          return { link: pagePath.attendance({ classId: row.classId, date: isoFromWire(args.date) }) };
        },
        createObservations: async (args) => {
          const made = await this.deps.observations.create(
            auth,
            createObservationRequestSchema.parse({ class_id: row.classId, observation_entries: args.observation_entries }),
          );
          const ids = made.observation_entries.map((e) => e.id);
          await audit('create_observation', args, { ids });
          return { ids };
        },
        draftAnnouncement: async (args) => {
          const { is_saved: _saved, ...rest } = args;
          const made = await this.deps.communication.create(
            auth,
            'announcement',
            communicationRequestSchema.parse({ ...rest, save_as_draft: true, schedule_later: false }),
          );
          await audit('draft_announcement', args, { id: made.id });
          state = { ...state, announcement_id: made.id } as TaskLog;
          return { id: made.id, title: made.title };
        },
        ask: (args) => answerQuestion(this.deps, auth, { classId: row.classId, roster }, args),
        observationsOfDay: async () => {
          const list = await this.deps.observations.list(auth, {
            class_id: row.classId,
            date: ctx.date,
            type: 'daily',
            page: 1,
            page_size: 100,
          } as Parameters<ObservationService['list']>[1]);
          return list.items.map((o) => ({
            id: o.id,
            studentId: o.student_id,
            studentName: o.student_name,
            note: o.general_note,
            media: o.media.length,
          }));
        },
        draftStory: async (studentIds) => {
          const made = await this.deps.stories.draft(auth, { class_id: row.classId, date: ctx.date, student_ids: studentIds });
          await audit('draft_story', { student_ids: studentIds, date: ctx.date }, { id: made._id });
          return { id: made._id, title: made.title, sentences: made.sources.map((x) => x.sentence) };
        },
        draftJournal: async () => {
          const made = await this.deps.stories.draftJournal(auth, { class_id: row.classId, date: ctx.date });
          await audit('draft_journal', { date: ctx.date }, { id: made._id });
          return { id: made._id, title: made.title, sentences: made.sources.map((x) => x.sentence) };
        },
        ...this.planningTools(auth, row.classId, detail, audit),
      };
      const kind = await runTask(row.endpoint as CueTaskEndpoint, state.command, tools);
      this.flushVerbose();
      state = {
        ...state,
        endpointName: row.endpoint === 'cue-command' ? kind : state.endpointName,
        finished: true,
        progressLevel: 100,
        preset,
      };
      await this.save(auth, row, state, 'done');
    } catch (err) {
      this.flushVerbose();
      const message = err instanceof TaskError || err instanceof AppError ? err.message : 'Something went wrong';
      state = { ...state, error: message, finished: true, currentStage: 'Failed' };
      await this.save(auth, row, state, 'failed');
      if (!(err instanceof TaskError || err instanceof AppError)) throw err;
    }
  }

  /**
   * What the planning tasks may do in the task's class, as the teacher: every read and write goes
   * through the planning, week and observation services, so their scope checks apply as on the routes.
   */
  private planningTools(
    auth: Scope,
    classId: string,
    detail: { class_curriculum: string | null; curriculam: string | null },
    audit: (tool: string, args: Record<string, unknown>, result: unknown) => Promise<void>,
  ): Omit<
    TaskTools,
    | 'ctx'
    | 'report'
    | 'verbose'
    | 'markAttendance'
    | 'createObservations'
    | 'draftAnnouncement'
    | 'ask'
    | 'observationsOfDay'
    | 'draftStory'
    | 'draftJournal'
  > {
    const { planning, weekPlans, observations } = this.deps;
    const areaRefs = (list: { _id: string; name: string }[]): AreaRef[] => list.map((a) => ({ id: a._id, name: a.name }));
    return {
      classPlanning: async () => {
        const frameworks = await planning.frameworks(auth);
        const mine = frameworks.find((f) => f._id === detail.class_curriculum);
        if (mine) return { framework: mine.framework, areas: areaRefs(mine.areas) };
        const areas = await observations.areasOfClass(auth, classId);
        return { framework: frameworkOf(detail.curriculam), areas: areas.map((a) => ({ id: a.id, name: a.name })) };
      },
      createUnit: async (body) => {
        const made = await planning.createUnit(
          auth,
          unitCreateSchema.parse({
            kind: body.kind,
            title: body.title,
            class_ids: [classId],
            status: 'planned',
            start_date: ddmmyyyyFromIso(body.start),
            end_date: ddmmyyyyFromIso(body.end),
            area_ids: body.area_ids,
            fields: body.fields,
          }),
        );
        await audit('create_unit', { ...body }, { id: made._id });
        return { id: made._id, title: made.title };
      },
      searchLibrary: async (search) => {
        // The words searched, and the library's first page (a title may hold fewer words than the topic).
        const [found, first] = await Promise.all([
          planning.listLibrary(auth, { search: search.slice(0, 100), page: 1 }),
          planning.listLibrary(auth, { page: 1 }),
        ]);
        const byId = new Map<string, LibraryEntry>();
        for (const u of [...found.items, ...first.items])
          byId.set(u._id, { id: u._id, title: u.title, kind: u.kind, framework: u.framework });
        return [...byId.values()];
      },
      copyLibraryUnit: async (id, start) => {
        const made = await planning.copyLibraryUnit(auth, id, { class_ids: [classId], start_date: ddmmyyyyFromIso(start) });
        await audit('copy_library_unit', { library_unit_id: id, start }, { id: made._id });
        return {
          id: made._id,
          title: made.title,
          source: made.source?.scope === 'organization' ? "organization's library" : 'global library',
          start: isoFromWire(made.start_date),
          end: isoFromWire(made.end_date),
        };
      },
      unitsOfClass: async () => {
        const out: { id: string; title: string }[] = [];
        for (let page = 1; page <= 5; page++) {
          const list = await planning.listUnits(auth, { class_id: classId, page });
          out.push(...list.items.map((u) => ({ id: u._id, title: u.title })));
          if (list.items.length === 0 || out.length >= list.total) break;
        }
        return out;
      },
      unit: async (id) => {
        const u = await planning.getUnit(auth, id);
        return {
          id: u._id,
          title: u.title,
          start: isoFromWire(u.start_date),
          end: isoFromWire(u.end_date),
          areas: areaRefs(u.areas),
          fields: u.fields,
        };
      },
      weekPlan: async (day) => {
        const plan = await weekPlans.weeklyPlan(auth, classId, ddmmyyyyFromIso(day));
        return {
          weekStart: isoFromWire(plan.week_start),
          activities: plan.days.flatMap((d) =>
            d.activities.map((a) => ({
              title: a.title,
              date: isoFromWire(a.date),
              start: a.start_time,
              areas: areaRefs(a.areas),
              unitId: a.unit?._id ?? null,
            })),
          ),
        };
      },
      observationsSince: async (from) => {
        const out: SeenObservation[] = [];
        // Newest first: pages until one reaches past `from` (at most 2,000 observations).
        for (let page = 1; page <= 10; page++) {
          const list = await observations.list(auth, {
            class_id: classId,
            type: 'daily',
            page,
            page_size: 200,
          } as Parameters<ObservationService['list']>[1]);
          for (const o of list.items) {
            const date = isoFromWire(o.date);
            if (date < from) return out;
            out.push({
              studentId: o.student_id,
              studentName: o.student_name,
              date,
              note: o.general_note,
              areas: o.learning_areas.map((a) => ({ id: a.id, name: a.name })),
            });
          }
          if (list.items.length < 200) break;
        }
        return out;
      },
    };
  }

  /** Unfinished and recent tasks of a person, oldest first: what a reload or a second tab shows. */
  async replay(auth: Scope): Promise<TaskLog[]> {
    if (auth.kind !== 'staff' || !auth.schoolId) return [];
    const since = this.clock.now().getTime() - RECENT_MS;
    // Asked from the start of the minute, so that the statement is the same for a minute (the statement
    // cache answers it), then held to the exact bound here.
    const rows = await repo.recent(auth, this.db, new Date(since - (since % 60_000)), 20);
    return rows
      .filter((r) => r.status === 'queued' || r.status === 'running' || r.updatedAt.getTime() >= since)
      .reverse()
      .map((r) => this.present(r));
  }

  private async own(auth: Scope, taskId: string): Promise<Row> {
    staffSchool(auth);
    const row = await repo.find(auth, this.db, taskId);
    if (!row) throw notFound();
    return row;
  }

  /** A failed task runs again with the same request. */
  async retry(auth: Scope, taskId: string): Promise<TaskLog> {
    const row = await this.own(auth, taskId);
    if (row.status !== 'failed') throw new AppError(409, 'Only a failed task can be retried', ERROR_CODES.taskNotFailed);
    const state: TaskLog = { ...(row.state as unknown as TaskLog), error: null, finished: false, currentStage: 'Queued' };
    await repo.update(auth, this.db, row.id, {
      status: 'queued',
      state: state as unknown as Record<string, unknown>,
      updatedAt: this.clock.now(),
    });
    this.emit(row.userId, state);
    await this.queue(auth, row.id, this.clock.now());
    this.kick();
    return state;
  }

  /** Chooses one of a task's options (an announcement draft: send now or keep as draft). */
  async selectOption(auth: Scope, taskId: string, value: string): Promise<TaskLog> {
    const row = await this.own(auth, taskId);
    const state = row.state as unknown as TaskLog & { announcement_id?: string };
    if (!state.options.some((o) => o.value === value)) throw badRequest('Unknown option');
    if (value === 'send' && state.announcement_id) {
      const current = await this.deps.communication.get(auth, 'announcement', state.announcement_id);
      await this.deps.communication.update(
        auth,
        'announcement',
        state.announcement_id,
        communicationRequestSchema.parse({
          title: current.title,
          summary: current.summary,
          share_with: current.share_with,
          classes_ids: current.classes_ids,
          send_email: current.send_email,
          save_as_draft: false,
          schedule_later: false,
        }),
      );
    }
    const next: TaskLog = {
      ...state,
      options: state.options.map((o) => ({ ...o, selected: o.value === value })),
      currentStage: value === 'send' ? 'Announcement sent' : state.currentStage,
    };
    await this.save(auth, row, next, row.status);
    return next;
  }

  /** Another action asked of a task: a new command, linked to it. */
  async request(auth: Scope, taskId: string, text: string): Promise<TaskLog> {
    const row = await this.own(auth, taskId);
    const request = row.request as unknown as CueTaskRequest;
    if (!text.trim()) throw badRequest(`${CUE_MESSAGES.missingValues}command`);
    return this.start(auth, 'cue-command', { ...request, user_query: { ...request.user_query, command: text.trim() } }, row.id);
  }
}
