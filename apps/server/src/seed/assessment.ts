import { ddmmyyyyFromIso } from '@cue/contract';
import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's gradebook and reflections (with its history, `npm start`): in Nursery A's current period,
 * the categories Classwork (40%) and Projects (60%), four tasks on the three default scales, grades for
 * most children (a few cells left to fill), a teacher's reflection on the running unit and Aarav's own —
 * written through the services as Tara, Nursery A's teacher.
 */

const plus = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Seeds the demo's gradebook when Nursery A has no category yet. Returns whether anything was written. */
export async function seedDemoGradebookIfEmpty(services: Services): Promise<boolean> {
  const sunrise = demoId('school:sunrise');
  const nurseryA = demoId('class:nurseryA');
  const tara = services.scopes.of({
    userId: demoId('user:9000000003'),
    kind: 'staff',
    schoolId: sunrise,
    sessionId: 'seed:assessment',
    isTemp: false,
  });
  const { gradebook, assessment, reflections, planning } = services;
  const grid = await gradebook.gradebook(tara, nurseryA, {});
  if (grid.categories.length > 0 || grid.tasks.length > 0) return false;
  const period = await assessment.period(tara);
  if (period.lockedAt) return false;
  const today = await assessment.today(tara);
  const last = today < period.endDate ? today : period.endDate;
  // Due days in the period up to today, oldest first.
  const due = (daysBack: number) => {
    const day = plus(last, -daysBack);
    return ddmmyyyyFromIso(day < period.startDate ? period.startDate : day);
  };

  const scales = await gradebook.scaleRows(tara);
  const points = scales.find((s) => s.kind === 'points' && !s.archivedAt);
  const letters = scales.find((s) => s.kind === 'letters' && !s.archivedAt);
  const levels = scales.find((s) => s.kind === 'levels' && !s.archivedAt);
  if (!points || !letters || !levels) return false;

  const classwork = await gradebook.createCategory(tara, { class_id: nurseryA, name: 'Classwork', weight: 40 });
  const projects = await gradebook.createCategory(tara, { class_id: nurseryA, name: 'Projects', weight: 60 });
  const task = (
    title: string,
    subject: string,
    scaleId: string,
    categoryId: string,
    daysBack: number,
    kind: 'formative' | 'summative',
  ) =>
    gradebook.createTask(tara, {
      class_id: nurseryA,
      title,
      subject,
      kind,
      scale_id: scaleId,
      category_id: categoryId,
      due_date: due(daysBack),
      description: '',
      status: 'pending',
    });
  const counting = await task('Counting to ten', 'Maths', points.id, classwork._id, 14, 'formative');
  const phonics = await task('Letter sounds s, a, t, p', 'Literacy', letters.id, classwork._id, 10, 'formative');
  const shapes = await task('Sorting shapes', 'Maths', levels.id, projects._id, 7, 'summative');
  const retelling = await task('Retelling a story', 'Literacy', levels.id, projects._id, 3, 'summative');

  const children = grid.students.map((s) => s._id);
  const LETTERS = ['A', 'B', 'B', 'C', 'A', 'D', 'B', 'C'];
  const LEVELS = ['expected', 'emerging', 'exceeding', 'expected', 'expected', 'emerging'];
  // Every child but a few (a different few per task) gets a grade.
  const cells = (t: number, value: (i: number) => string) =>
    children.flatMap((student_id, i) => ((i + t) % 5 === 4 ? [] : [{ student_id, value: value(i) }]));
  await gradebook.saveGrades(
    tara,
    counting._id,
    cells(0, (i) => String(5 + ((i * 3) % 6))),
  );
  await gradebook.saveGrades(
    tara,
    phonics._id,
    cells(1, (i) => LETTERS[i % LETTERS.length] as string),
  );
  await gradebook.saveGrades(
    tara,
    shapes._id,
    cells(2, (i) => LEVELS[i % LEVELS.length] as string),
  );
  await gradebook.saveGrades(
    tara,
    retelling._id,
    cells(3, (i) => LEVELS[(i + 2) % LEVELS.length] as string),
  );
  await gradebook.updateTask(tara, counting._id, { status: 'completed' });

  const units = await planning.listUnits(tara, { class_id: nurseryA, status: 'running', page: 1 });
  await reflections.create(tara, {
    class_id: nurseryA,
    author_kind: 'teacher',
    student_id: null,
    unit_id: units.items[0]?._id ?? null,
    period_id: null,
    date: ddmmyyyyFromIso(last),
    body: 'The children were most engaged when they could handle real seeds and soil. Next time: more time outdoors and a class chart of what we noticed each day.',
    media: [],
  });
  await reflections.create(tara, {
    class_id: nurseryA,
    author_kind: 'child',
    student_id: demoId('student:Aarav Sharma'),
    unit_id: units.items[0]?._id ?? null,
    period_id: null,
    date: ddmmyyyyFromIso(last),
    body: 'I liked counting the beans. My favourite was the tall one. I want to plant a sunflower.',
    media: [],
  });
  return true;
}
