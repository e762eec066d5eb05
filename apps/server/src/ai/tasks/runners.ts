import { type CueTaskEndpoint, ERROR_CODES, pagePath, type TaskOption, type TaskOutput } from '@cue/contract';
import { AppError } from '../../platform/errors.js';
import { type EngineContext, question, type ToolCall, understand } from '../engine/engine.js';
import { findChildren, fullName } from '../engine/names.js';

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
}

interface DraftMade {
  id: string;
  title: string;
  sentences: string[];
}

export class TaskError extends Error {}

const PRESET = { attendance: 1, announcement: 2, story: 3, lesson: 4, observation: 5, units: 6 } as const;

/** Which task a free command is: what the language engine finds in it, else words of planning and stories. */
export function classify(command: string, ctx: EngineContext): CueTaskEndpoint | null {
  if (question(command, ctx)) return 'cue-ask';
  const calls = understand(command, ctx);
  if (calls.some((c) => c.name === 'mark_attendance')) return 'cue-attendance';
  if (calls.some((c) => c.name === 'draft_announcement')) return 'cue-announcement';
  if (calls.some((c) => c.name === 'create_observation')) return 'cue-observation';
  if (/\b(stor(y|ies)|journal)\b/i.test(command)) return 'cue-story';
  if (/\blesson\b/i.test(command) && /\b(analy[sz]e|analysis|review|check|feedback)\b/i.test(command))
    return 'cue-lesson-analysis';
  if (/\bunits?\b/i.test(command) && /\b(create|plan|make|draft|write|build)\b/i.test(command)) return 'cue-units';
  if (/\?\s*$|^(who|what|which|how|when|is|are|did|does)\b/i.test(command.trim())) return 'cue-ask';
  return null;
}

function callOf<N extends ToolCall['name']>(command: string, ctx: EngineContext, name: N) {
  return understand(command, ctx, [(ctx as TaskTools['ctx']).classId]).find(
    (c): c is Extract<ToolCall, { name: N }> => c.name === name,
  );
}

const AREA_WORDS: [string, RegExp][] = [
  ['Communication and Language', /\b(talk|speak|listen|story|stories|song|rhyme|vocabulary|discussion|circle time)\b/i],
  ['Personal, Social and Emotional Development', /\b(share|sharing|turn|feelings?|friends?|kind|together|emotions?)\b/i],
  ['Physical Development', /\b(run|jump|climb|balance|throw|catch|dance|cut|scissors|pencil|outdoor|movement)\b/i],
  ['Literacy', /\b(read|reading|write|writing|letters?|phonics|books?|mark[- ]making)\b/i],
  ['Mathematics', /\b(count|counting|numbers?|shapes?|sort|sorting|pattern|measure|more|fewer|size)\b/i],
  ['Understanding the World', /\b(nature|plants?|seeds?|animals?|weather|seasons?|community|people|technology|explore)\b/i],
  [
    'Expressive Arts and Design',
    /\b(paint|painting|draw|drawing|music|instruments?|build|model|role[- ]play|craft|colou?rs?)\b/i,
  ],
];
const areasIn = (text: string) => AREA_WORDS.filter(([, re]) => re.test(text)).map(([name]) => name);

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
    await t.report({ currentStage: 'Reading the lesson plan', progressLevel: 25, title: 'Analyse lesson plan' });
    const areas = areasIn(command);
    const minutes = /(\d+)\s*(min|minutes)/i.exec(command)?.[1];
    const missing = AREA_WORDS.map(([a]) => a).filter((a) => !areas.includes(a));
    await t.report({ currentStage: 'Matching learning areas', progressLevel: 60 });
    const content = [
      areas.length ? `Learning areas this plan covers: ${areas.join('; ')}.` : 'No learning area is clear from this plan.',
      minutes ? `Planned length: ${minutes} minutes.` : 'Add how long each part takes.',
      missing.length ? `Areas not touched: ${missing.join('; ')}.` : 'Every area is touched.',
    ].join('\n');
    await t.report({ currentStage: 'Analysis complete', progressLevel: 100, content, preset: PRESET.lesson });
  },

  async 'cue-units'(command, t) {
    await t.report({ currentStage: 'Choosing the topic', progressLevel: 20, title: 'Create units' });
    const topic =
      /\b(?:about|on|for)\s+([^.,;]+?)(?:\s+(?:for|over|in)\s+\d+\s+weeks?)?(?:[.,;]|$)/i.exec(command)?.[1]?.trim() ??
      command.replace(/\b(create|plan|make|draft|write|build)\b|\bunits?\b/gi, '').trim();
    const weeks = Number(/(\d+)\s*weeks?/i.exec(command)?.[1] ?? 4);
    const areas = areasIn(`${command} ${topic}`);
    await t.report({ currentStage: 'Outlining the weeks', progressLevel: 60 });
    const outline = Array.from({ length: Math.min(Math.max(weeks, 1), 12) }, (_, i) => `Week ${i + 1}: ${topic}, part ${i + 1}`);
    await t.report({
      currentStage: 'Units drafted',
      progressLevel: 100,
      content: [
        `Unit: ${topic || 'New unit'} (${outline.length} weeks)`,
        ...outline,
        areas.length ? `Areas: ${areas.join('; ')}` : '',
      ].join('\n'),
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
