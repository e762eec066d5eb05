import {
  addDays,
  type CueTaskEndpoint,
  ddmmyyyyFromIso,
  ERROR_CODES,
  isoFromDdmmyyyy,
  type PlanningFramework,
  pagePath,
  type TaskOption,
  type TaskOutput,
  type UnitFields,
  type UnitKind,
  weekStart,
} from '@cue/contract';
import { AppError } from '../../platform/errors.js';
import { type EngineContext, question, type ToolCall, understand } from '../engine/engine.js';
import { findChildren, fullName } from '../engine/names.js';
import {
  type AreaRef,
  analysePlan,
  libraryMatch,
  type PlannedActivity,
  RECENT_WEEKS,
  readUnitsCommand,
  type SeenObservation,
  unitDraft,
  unitNamedIn,
} from './planning.js';

/** What a task step reports: merged into the task's state and sent as a task-log. */
export interface Progress {
  currentStage?: string;
  progressLevel?: number;
  content?: string;
  options?: TaskOption[];
  outputs?: TaskOutput[];
  preset?: number | null;
  title?: string;
}

/** What a runner may do, as the teacher who gave the command. */
export interface TaskTools {
  ctx: EngineContext & { classId: string; className: string; date: string };
  report(progress: Progress): Promise<void>;
  verbose(line: string): void;
  markAttendance(args: Extract<ToolCall, { name: 'mark_attendance' }>['args'], complete: boolean): Promise<{ link: string }>;
  createObservations(args: Extract<ToolCall, { name: 'create_observation' }>['args']): Promise<{ ids: string[] }>;
  draftAnnouncement(args: Extract<ToolCall, { name: 'draft_announcement' }>['args']): Promise<{ id: string; title: string }>;
  ask(args: NonNullable<ReturnType<typeof question>>): Promise<{ answer: string; sources: { title: string; url: string }[] }>;
  observationsOfDay(): Promise<{ id: string; studentId: string; studentName: string; note: string; media: number }[]>;
  /** A story draft from the day's evidence of these children (observations shared with families, their photos). */
  draftStory(studentIds: string[]): Promise<DraftMade>;
  /** The class's journal draft of the day (its activities and the photos shared with the class). */
  draftJournal(): Promise<DraftMade>;
  /** The class's planning framework and its learning areas. */
  classPlanning(): Promise<{ framework: PlanningFramework; areas: AreaRef[] }>;
  /** A draft unit (or project) of the task's class, through the planning service with the teacher's scope. */
  createUnit(body: UnitDraftBody): Promise<{ id: string; title: string }>;
  /** Units of the school's libraries (global and the organization's) whose words match `search`. */
  searchLibrary(search: string): Promise<LibraryEntry[]>;
  /** A library unit copied into the task's class from `start` (ISO). */
  copyLibraryUnit(id: string, start: string): Promise<{ id: string; title: string; source: string; start: string; end: string }>;
  /** The class's units and projects. */
  unitsOfClass(): Promise<{ id: string; title: string }[]>;
  /** One unit: its areas, fields and days (ISO). */
  unit(id: string): Promise<{ id: string; title: string; start: string; end: string; areas: AreaRef[]; fields: UnitFields }>;
  /** The class's week (any day of it, ISO): its Monday and every activity with its areas. */
  weekPlan(day: string): Promise<{ weekStart: string; activities: (PlannedActivity & { unitId: string | null })[] }>;
  /** The class's observations dated `from` (ISO) or later, newest first. */
  observationsSince(from: string): Promise<SeenObservation[]>;
}

export interface UnitDraftBody {
  kind: UnitKind;
  title: string;
  start: string;
  end: string;
  area_ids: string[];
  fields: UnitFields;
}
export interface LibraryEntry {
  id: string;
  title: string;
  kind: UnitKind;
  framework: PlanningFramework;
}

interface DraftMade {
  id: string;
  title: string;
  sentences: string[];
}

export class TaskError extends Error {}

const PRESET = { attendance: 1, announcement: 2, story: 3, lesson: 4, observation: 5, units: 6 } as const;

/** A request about the class's plans: analyse or review a plan, a lesson or a unit. */
const PLAN_REVIEW =
  /\b(?:analy[sz]e|analysis|review|check|feedback|suggestions?|suggest|improve|look\s+(?:at|over))\b.*\b(?:lesson|plans?|planning|unit)\b|\b(?:lesson|plans?|planning|unit)\b.*\b(?:analy[sz]e|analysis|review|feedback|suggestions?|improve)\b/i;
/** A request for units or projects: "plan a unit about …", "make a project about …". */
const UNITS_ASKED =
  /\b(?:create|plan|make|draft|write|build|start|prepare|set\s+up)\b.*\b(?:units?|projects?)\b|\b(?:units?|projects?)\s+(?:about|on|around)\b/i;
/** Messages to families mention plans in passing ("tell parents we will make a project about leaves"). */
const TO_FAMILIES = /\b(?:parents|families|tell|remind|announce)\b/i;

/** Which task a free command is: plans and units first (their words read as days and messages otherwise), then what the language engine finds in it, else stories. */
export function classify(command: string, ctx: EngineContext): CueTaskEndpoint | null {
  if (!TO_FAMILIES.test(command)) {
    if (PLAN_REVIEW.test(command)) return 'cue-lesson-analysis';
    if (UNITS_ASKED.test(command)) return 'cue-units';
  }
  if (question(command, ctx)) return 'cue-ask';
  const calls = understand(command, ctx);
  if (calls.some((c) => c.name === 'mark_attendance')) return 'cue-attendance';
  if (calls.some((c) => c.name === 'draft_announcement')) return 'cue-announcement';
  if (calls.some((c) => c.name === 'create_observation')) return 'cue-observation';
  if (/\b(stor(y|ies)|journal)\b/i.test(command)) return 'cue-story';
  if (/\?\s*$|^(who|what|which|how|when|is|are|did|does)\b/i.test(command.trim())) return 'cue-ask';
  return null;
}

function callOf<N extends ToolCall['name']>(command: string, ctx: EngineContext, name: N) {
  return understand(command, ctx, [(ctx as TaskTools['ctx']).classId]).find(
    (c): c is Extract<ToolCall, { name: N }> => c.name === name,
  );
}

const RUNNERS: Record<Exclude<CueTaskEndpoint, 'cue-command'>, (command: string, t: TaskTools) => Promise<void>> = {
  async 'cue-attendance'(command, t) {
    await t.report({ currentStage: 'Reading the command', progressLevel: 10, title: 'Mark attendance' });
    const call = callOf(command, t.ctx, 'mark_attendance');
    if (!call) throw new TaskError('No attendance in that command: say who is present, absent or late.');
    const counts = new Map<string, number>();
    for (const e of call.args.student_attendance_list)
      counts.set(e.attendance_status, (counts.get(e.attendance_status) ?? 0) + 1);
    const byId = new Map(t.ctx.roster.map((c) => [c.id, c]));
    for (const e of call.args.student_attendance_list) {
      const child = byId.get(e.student_id);
      if (child) t.verbose(`${fullName(child)}: ${e.attendance_status}`);
    }
    await t.report({ currentStage: 'Matching children to the class', progressLevel: 40 });
    const complete = /\b(complete|finish|submit|done)\b/i.test(command);
    await t.report({ currentStage: 'Saving attendance', progressLevel: 70 });
    const saved = await t.markAttendance(call.args, complete);
    const summary = [...counts].map(([s, n]) => `${n} ${s}`).join(', ');
    await t.report({
      currentStage: 'Attendance marked',
      progressLevel: 100,
      content: `${t.ctx.className}, ${call.args.date}: ${summary}.${complete ? ' Marked complete.' : ''}`,
      outputs: [{ name: `Attendance ${call.args.date}`, link: saved.link }],
      preset: PRESET.attendance,
    });
  },

  async 'cue-announcement'(command, t) {
    await t.report({ currentStage: 'Writing the announcement', progressLevel: 20, title: 'Create announcement' });
    const call = callOf(command, t.ctx, 'draft_announcement');
    if (!call) throw new TaskError('Say what to tell the families, for example "Tell parents that Friday is pyjama day".');
    await t.report({ currentStage: 'Saving a draft', progressLevel: 60 });
    const made = await t.draftAnnouncement(call.args);
    await t.report({
      currentStage: 'Draft ready: send it or keep it as a draft',
      progressLevel: 100,
      content: `${call.args.title}\n\n${call.args.summary}`,
      options: [
        { title: 'Send now', value: 'send', selected: false },
        { title: 'Keep as draft', value: 'draft', selected: true },
      ],
      outputs: [{ name: made.title, link: pagePath.announcementEdit(made.id) }],
      preset: PRESET.announcement,
    });
  },

  async 'cue-observation'(command, t) {
    await t.report({ currentStage: 'Finding the children', progressLevel: 20, title: 'Create observations' });
    const call = callOf(command, t.ctx, 'create_observation');
    if (!call) throw new TaskError('Name a child and what they did, for example "Meera stacked ten blocks".');
    await t.report({ currentStage: 'Saving observations', progressLevel: 60 });
    await t.createObservations(call.args);
    const names = new Map(t.ctx.roster.map((c) => [c.id, fullName(c)]));
    await t.report({
      currentStage: 'Observations saved',
      progressLevel: 100,
      content: call.args.observation_entries.map((e) => `${names.get(e.student_id)}: ${e.general_note}`).join('\n'),
      outputs: call.args.observation_entries.map((e) => ({
        name: names.get(e.student_id) ?? 'Observation',
        link: pagePath.childObservations(e.student_id),
      })),
      preset: PRESET.observation,
    });
  },

  async 'cue-story'(command, t) {
    const journal = /\bjournal\b/i.test(command);
    await t.report({
      currentStage: "Reading the day's observations and photos",
      progressLevel: 20,
      title: journal ? 'Draft the journal' : 'Generate story',
    });
    let made: DraftMade;
    try {
      if (journal) made = await t.draftJournal();
      else {
        // The children named in the command, else every child observed that day.
        const named = findChildren(command, t.ctx.roster).map((m) => m.child.id);
        const ids = named.length ? named : [...new Set((await t.observationsOfDay()).map((o) => o.studentId))];
        if (ids.length === 0) throw new TaskError(`There are no observations for ${t.ctx.date} to make a story from.`);
        await t.report({ currentStage: 'Writing the story from the evidence', progressLevel: 60 });
        made = await t.draftStory(ids);
      }
    } catch (err) {
      if (err instanceof AppError && err.code === ERROR_CODES.nothingToDraft) throw new TaskError(err.message);
      throw err;
    }
    await t.report({
      currentStage: 'Draft ready: check it, then publish',
      progressLevel: 100,
      content: [made.title, '', ...made.sentences].join('\n'),
      outputs: [{ name: made.title, link: pagePath.storyEdit(made.id) }],
      preset: PRESET.story,
    });
  },

  async 'cue-lesson-analysis'(command, t) {
    await t.report({ currentStage: 'Reading the plan', progressLevel: 15, title: 'Analyse the plan' });
    const today = isoFromDdmmyyyy(t.ctx.date) ?? new Date().toISOString().slice(0, 10);
    // A unit of the class named in the command, else the week: "next week" or this one.
    const named = /\bunits?\b|\bprojects?\b/i.test(command) ? unitNamedIn(command, await t.unitsOfClass()) : null;
    let label: string;
    let link: string;
    let activities: PlannedActivity[];
    let plannedAreas: AreaRef[] = [];
    if (named) {
      const unit = await t.unit(named.id);
      label = unit.title;
      link = pagePath.unit(unit.id);
      plannedAreas = unit.areas;
      // The unit's activities placed in its weeks (up to eight of them).
      activities = [];
      for (let w = weekStart(unit.start), n = 0; w <= unit.end && n < 8; w = addDays(w, 7), n++)
        activities.push(...(await t.weekPlan(w)).activities.filter((a) => a.unitId === unit.id));
      if (activities.length === 0 && plannedAreas.length === 0)
        throw new TaskError(`Nothing is planned in ${unit.title} yet: add its areas or place its activities in a week first.`);
      t.verbose(`${unit.title}: ${plannedAreas.length} areas, ${activities.length} activities`);
    } else {
      const next = /\bnext\s+week'?s?\b/i.test(command);
      const week = await t.weekPlan(next ? addDays(weekStart(today), 7) : today);
      activities = week.activities;
      label = `${t.ctx.className}, week of ${ddmmyyyyFromIso(week.weekStart)}`;
      link = pagePath.weeklyPlan({ classId: t.ctx.classId, week: ddmmyyyyFromIso(week.weekStart) });
      if (activities.length === 0)
        throw new TaskError(
          `Nothing is planned for ${t.ctx.className} in the week of ${ddmmyyyyFromIso(week.weekStart)}: add activities first.`,
        );
      t.verbose(`${label}: ${activities.length} activities`);
    }
    await t.report({ currentStage: "Reading the class's observations", progressLevel: 45 });
    const since = addDays(today, -7 * RECENT_WEEKS);
    // Older observations too, so that a gap can say since when (the newest first, as far back as the list goes).
    const observations = await t.observationsSince(addDays(today, -7 * 52));
    const { areas } = await t.classPlanning();
    await t.report({ currentStage: 'Comparing the plan with the evidence', progressLevel: 75 });
    const roster = t.ctx.roster.map((c) => ({ ...c, name: fullName(c) }));
    const analysis = analysePlan(activities, plannedAreas, observations, roster, areas, since);
    await t.report({
      currentStage: 'Suggestions ready',
      progressLevel: 100,
      content: [
        `${label}: ${activities.length} ${activities.length === 1 ? 'activity' : 'activities'} planned.`,
        '',
        ...analysis.lines,
      ].join('\n'),
      outputs: [
        { name: label, link },
        ...analysis.children.map((c) => ({ name: c.name, link: pagePath.childObservations(c.id) })),
      ],
      preset: PRESET.lesson,
    });
  },

  async 'cue-units'(command, t) {
    await t.report({ currentStage: 'Choosing the topics', progressLevel: 10, title: 'Create units' });
    const today = isoFromDdmmyyyy(t.ctx.date) ?? new Date().toISOString().slice(0, 10);
    const requests = readUnitsCommand(command, today, t.ctx.className);
    if (requests.length === 0)
      throw new TaskError('Say what the unit is about, for example "Plan a 3-week unit about minibeasts starting next Monday".');
    const { framework, areas } = await t.classPlanning();
    const made: { id: string; title: string; line: string }[] = [];
    for (const [i, r] of requests.entries()) {
      await t.report({ currentStage: `Drafting ${r.title}`, progressLevel: 20 + Math.round((60 * i) / requests.length) });
      const dates = `${ddmmyyyyFromIso(r.start)} to ${ddmmyyyyFromIso(r.end)}`;
      // A unit of the library with the topic's title is a better start than a blank draft.
      const match = libraryMatch(r.topic, r.kind, framework, await t.searchLibrary(r.topic));
      if (match) {
        const copy = await t.copyLibraryUnit(match.id, r.start);
        t.verbose(`${copy.title}: copied from the library`);
        made.push({
          ...copy,
          line: `${copy.title}: copied from the ${copy.source}, ${ddmmyyyyFromIso(copy.start)} to ${ddmmyyyyFromIso(copy.end)}.`,
        });
        continue;
      }
      const draft = unitDraft(r, framework, areas, command);
      const unit = await t.createUnit({ kind: r.kind, title: r.title, start: r.start, end: r.end, ...draft });
      const areaNames = areas.filter((a) => draft.area_ids.includes(a.id)).map((a) => a.name);
      t.verbose(`${unit.title}: ${r.weeks} weeks from ${ddmmyyyyFromIso(r.start)}`);
      made.push({
        ...unit,
        line: `${unit.title}: a ${r.weeks}-week ${r.kind} draft, ${dates}${areaNames.length ? `; areas: ${areaNames.join('; ')}` : ''}.`,
      });
    }
    await t.report({
      currentStage:
        made.length === 1 ? 'Draft created: open it to plan it further' : 'Drafts created: open them to plan them further',
      progressLevel: 100,
      content: [`Created for ${t.ctx.className}:`, ...made.map((m) => `- ${m.line}`)].join('\n'),
      outputs: made.map((m) => ({ name: m.title, link: pagePath.unit(m.id) })),
      preset: PRESET.units,
    });
  },

  async 'cue-ask'(command, t) {
    await t.report({ currentStage: 'Looking at the records', progressLevel: 30, title: 'Ask Cue' });
    const q = question(command, t.ctx);
    if (!q)
      throw new TaskError(
        'I can answer who was absent, which children have no observation in an area, and a child’s attendance rate.',
      );
    const answer = await t.ask(q);
    await t.report({
      currentStage: 'Answered',
      progressLevel: 100,
      content: answer.answer,
      outputs: answer.sources.map((s) => ({ name: s.title, link: s.url })),
      preset: null,
    });
  },
};

/** Runs one task; a command is first classified into the task it names. */
export async function runTask(endpoint: CueTaskEndpoint, command: string, t: TaskTools): Promise<CueTaskEndpoint> {
  let kind = endpoint;
  if (kind === 'cue-command') {
    await t.report({ currentStage: 'Understanding the command', progressLevel: 5 });
    const found = classify(command, t.ctx);
    if (!found) throw new TaskError('I could not tell what to do with that command.');
    kind = found;
  }
  await RUNNERS[kind as Exclude<CueTaskEndpoint, 'cue-command'>](command, t);
  return kind;
}
