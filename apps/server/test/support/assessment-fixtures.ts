import { ROUTES } from '@cue/contract';
import { demoId } from '../../src/seed/demo.js';
import { bearer, expectResponse, staffToken, type TestApp } from '../harness.js';

/** An ISO day as the wire's DD-MM-YYYY. */
const wire = (iso: string) => iso.split('-').reverse().join('-');
const dayAfter = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface SunriseAssessment {
  /** A period of its own, after the school's terms (the other objects live in the current term). */
  assessment_period: string;
  /** The current term, which holds today. */
  current_period: string;
  grade_scale: string;
  grade_category: string;
  assessment_task: string;
  feedback_form: string;
  reflection: string;
  report_template: string;
  report_set: string;
  /** Aarav's entry of Nursery A's report set. */
  report_entry: string;
}

/**
 * Assessment objects in Sunrise for suites that check other callers cannot reach them, all made
 * through the routes: a period after the school's terms and a grade scale and report template
 * (Anita, the admin); Nursery A's weighted category, a task of the current term on that scale, an open
 * parent feedback form and Aarav's reflection (Tara, his teacher); and Nursery A's report set of the
 * current term (Anita) with Aarav's entry. Nothing of assessment is shared by the organization's
 * schools: every one of these is Sunrise's alone.
 */
export async function sunriseAssessment(t: TestApp): Promise<SunriseAssessment> {
  const [anita, tara] = await Promise.all([staffToken(t, '9000000002'), staffToken(t, '9000000003')]);
  const nurseryA = demoId('class:nurseryA');
  const aarav = demoId('student:Aarav Sharma');
  const post = (url: string, token: string, payload: object) =>
    t.request({ method: 'POST', url, headers: bearer(token), payload });

  const periods = expectResponse(
    ROUTES.periodList,
    await t.request({ method: 'GET', url: ROUTES.periodList.path, headers: bearer(anita) }),
  ).result;
  const current = periods.find((p) => p.current) ?? periods.at(-1);
  if (!current) throw new Error('Sunrise has no assessment period');
  const lastEnd =
    periods
      .map((p) => p.end_date.split('-').reverse().join('-'))
      .sort()
      .at(-1) ?? '2026-08-31';
  const period = expectResponse(
    ROUTES.periodCreate,
    await post(ROUTES.periodCreate.path, anita, {
      name: 'Holiday club',
      start_date: wire(dayAfter(lastEnd, 1)),
      end_date: wire(dayAfter(lastEnd, 30)),
    }),
  ).result;
  const scale = expectResponse(
    ROUTES.gradeScaleCreate,
    await post(ROUTES.gradeScaleCreate.path, anita, {
      name: 'Early goals',
      kind: 'levels',
      levels: [
        { code: 'emerging', label: 'Emerging', value: 30 },
        { code: 'expected', label: 'Expected', value: 70 },
        { code: 'exceeding', label: 'Exceeding', value: 100 },
      ],
    }),
  ).result;
  const category = expectResponse(
    ROUTES.gradeCategoryCreate,
    await post(ROUTES.gradeCategoryCreate.path, tara, { class_id: nurseryA, name: 'Play tasks', weight: 40 }),
  ).result;
  // Due on the current term's first day, so the task is of that term whatever today is.
  const task = expectResponse(
    ROUTES.taskCreate,
    await post(ROUTES.taskCreate.path, tara, {
      class_id: nurseryA,
      title: 'Counting beads',
      subject: 'Maths',
      category_id: category._id,
      scale_id: scale._id,
      due_date: current.start_date,
    }),
  ).result;
  const form = expectResponse(
    ROUTES.feedbackCreate,
    await post(ROUTES.feedbackCreate.path, tara, {
      kind: 'parent',
      period_id: current._id,
      title: 'Home this term',
      class_ids: [nurseryA],
      status: 'open',
      questions: [{ key: 'at_home', text: 'What does your child enjoy at home?', answer: 'text' }],
    }),
  ).result;
  const reflection = expectResponse(
    ROUTES.reflectionCreate,
    await post(ROUTES.reflectionCreate.path, tara, {
      class_id: nurseryA,
      author_kind: 'child',
      student_id: aarav,
      date: current.start_date,
      body: 'Aarav liked counting the red beads best',
    }),
  ).result;
  const template = expectResponse(
    ROUTES.reportTemplateCreate,
    await post(ROUTES.reportTemplateCreate.path, anita, {
      name: 'Nursery report',
      sections: [{ kind: 'comments', title: 'Comments' }, { kind: 'signatures' }],
      head_name: 'Mrs Rao',
    }),
  ).result;
  const set = expectResponse(
    ROUTES.reportSetCreate,
    await post(ROUTES.reportSetCreate.path, anita, { class_id: nurseryA, period_id: current._id, template_id: template._id }),
  ).result;
  const entry = set.entries.find((e) => e.student_id === aarav);
  if (!entry) throw new Error("Nursery A's report set has no entry of Aarav");
  return {
    assessment_period: period._id,
    current_period: current._id,
    grade_scale: scale._id,
    grade_category: category._id,
    assessment_task: task._id,
    feedback_form: form._id,
    reflection: reflection._id,
    report_template: template._id,
    report_set: set._id,
    report_entry: entry._id,
  };
}
