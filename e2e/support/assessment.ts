import type {
  AssessmentPeriod,
  AssessmentTask,
  FeedbackForm,
  FeedbackQuestion,
  Gradebook,
  GradeScale,
  HpcCard,
} from '@cue/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { todayUtc, wire } from './attendance.js';
import { observeInAreas } from './planning.js';
import type { StoryClass } from './stories.js';

/*
 * Assessment arranged and read through the API, for the journeys of progress cards, the gradebook and
 * feedback. Every journey file shares one database: what these make carries the run's word (runTag), the
 * journeys work in Nursery A's current period (Kindergarten B belongs to the report cards' journeys), and
 * counts are taken relative to what was there before. No period is locked here.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The answer's `result`, failing the journey on a refusal (with the server's words). */
async function resultOf<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

/** EYFS learning areas (drizzle/0007_frameworks.sql) an observation is tagged with. */
export const AREA_IDS = { M: '92df3baa4cc429432aafe3b8', PD: 'abd6240828542683a94ab015' } as const;

/** The children of Nursery A as the demo seeds them (apps/server/src/seed/demo.ts). */
export const NURSERY_A = [
  'Aarav Sharma',
  'Diya Patel',
  'Vihaan Gupta',
  'Ananya Iyer',
  'Kabir Khan',
  'Meera Nair',
  'Reyansh Verma',
  'Saanvi Reddy',
  'Omar Haddad',
  'Layla Mansour',
  'Noa Levi',
  'Ethan Brooks',
] as const;

/** GET /api/assessment_periods/: the school's current period (the staff's first call makes the year's terms). */
export async function currentPeriod(request: APIRequestContext, token: string): Promise<AssessmentPeriod> {
  const periods = await resultOf<AssessmentPeriod[]>(
    await request.get('/api/assessment_periods/', { headers: auth(token) }),
    'assessment periods',
  );
  const current = periods.find((p) => p.current);
  if (!current) throw new Error('no current assessment period');
  return current;
}

/** GET /api/hpc/students/:id: a child's progress card of the current period. */
export async function hpcCard(request: APIRequestContext, token: string, studentId: string): Promise<HpcCard> {
  return resultOf<HpcCard>(await request.get(`/api/hpc/students/${studentId}`, { headers: auth(token) }), 'progress card');
}

/**
 * A child of Nursery A whose card has none of `unrated` rated and none of `unproposed` proposed yet, so
 * that the journey's own ratings decide the domains' averages and its own observations the suggestions
 * (another journey may have observed a child in words that speak to them); failing the second, one with
 * none of `unrated` rated.
 */
export async function untouchedChild(
  request: APIRequestContext,
  cls: StoryClass,
  unrated: string[],
  unproposed: string[],
  skip: string[] = [],
): Promise<{ name: string; id: string }> {
  let fallback: { name: string; id: string } | null = null;
  for (const name of NURSERY_A) {
    if (skip.includes(name)) continue;
    const id = cls.child(name.split(' ')[0] ?? '');
    const card = await hpcCard(request, cls.token, id);
    if (unrated.some((d) => card.ratings[d])) continue;
    if (!unproposed.some((d) => card.suggestions.some((s) => s.descriptor === d))) return { name, id };
    fallback ??= { name, id };
  }
  if (!fallback) throw new Error(`every child of Nursery A has one of ${unrated.join(', ')} rated`);
  return fallback;
}

/** An observation of a child dated today (inside the current period), tagged with learning areas. */
export function observeToday(
  request: APIRequestContext,
  cls: StoryClass,
  studentId: string,
  title: string,
  note: string,
  areaIds: string[],
): Promise<string> {
  return observeInAreas(request, cls.token, { classId: cls.id, studentId, dayIso: todayUtc(), title, note, areaIds });
}

/** GET /api/gradebook/:classId of the current period. */
export async function gradebookOf(request: APIRequestContext, token: string, classId: string): Promise<Gradebook> {
  return resultOf<Gradebook>(await request.get(`/api/gradebook/${classId}`, { headers: auth(token) }), 'gradebook');
}

/** The school's grade scale of a kind (points, letters or levels) as the gradebook lists them. */
export function scaleOf(book: Gradebook, kind: GradeScale['kind']): GradeScale {
  const scale = book.scales.find((s) => s.kind === kind && !s.archived);
  if (!scale) throw new Error(`no ${kind} scale`);
  return scale;
}

/** POST /api/assessment_tasks/: a task due today. */
export async function createTask(
  request: APIRequestContext,
  token: string,
  body: { class_id: string; title: string; subject: string; scale_id: string },
): Promise<AssessmentTask> {
  const res = await request.post('/api/assessment_tasks/', {
    headers: auth(token),
    data: { kind: 'formative', due_date: wire(todayUtc()), ...body },
  });
  return resultOf<AssessmentTask>(res, 'create task');
}

/** POST /api/feedback_forms/: a form of the current period for Nursery A, open unless told. */
export async function createFeedbackForm(
  request: APIRequestContext,
  token: string,
  body: {
    kind: 'parent' | 'peer' | 'self';
    period_id: string;
    title: string;
    class_ids: string[];
    questions: FeedbackQuestion[];
  },
): Promise<FeedbackForm> {
  return resultOf<FeedbackForm>(
    await request.post('/api/feedback_forms/', { headers: auth(token), data: { status: 'open', ...body } }),
    'create feedback form',
  );
}

/** GET /api/feedback_forms/:id: the form with each child's answers. */
export async function feedbackDetail(request: APIRequestContext, token: string, formId: string) {
  return resultOf<{
    form: FeedbackForm;
    students: {
      _id: string;
      name: string;
      response: { respondent: string; answers: Record<string, { text?: string; choice?: string }> } | null;
    }[];
  }>(await request.get(`/api/feedback_forms/${formId}`, { headers: auth(token) }), 'feedback form');
}

/** How far the page runs off its side (0 or less: nothing does). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - window.innerWidth;
  });

/**
 * The grid's input of a child for a task, by its label ("<task>: grade of <child>" in English); a cell of
 * a letters or levels scale offers its scale's list, so it is a combobox rather than a textbox.
 */
export const gradeInput = (page: Page, task: string, child: string) =>
  page.getByLabel(`${task}: grade of ${child}`, { exact: true });

/** The table cell holding that input (its data-status says idle, saving, saved or error). */
export const gradeCell = (page: Page, taskId: string, studentId: string) =>
  page.locator(`td[data-testid="grade-cell"][data-task="${taskId}"][data-student="${studentId}"]`);

/** A descriptor of the open progress card. */
export const descriptorOf = (page: Page, key: string) => page.locator(`[data-testid="hpc-descriptor"][data-descriptor="${key}"]`);

/** Waits for a toast to be gone, so that axe looks at the page as it stays. */
export const toastsGone = (page: Page) => expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
