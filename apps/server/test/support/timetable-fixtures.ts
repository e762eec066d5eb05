import { ROUTES } from '@cue/contract';
import { demoId } from '../../src/seed/demo.js';
import { bearer, expectResponse, staffToken, type TestApp } from '../harness.js';

const period = (name: string, start: string, end: string) => ({ kind: 'period' as const, name, start, end });
/** Four periods a day, Monday to Friday: 20 periods a week. */
export const TIMETABLE_DAY = [
  period('Period 1', '09:00 AM', '09:45 AM'),
  period('Period 2', '09:45 AM', '10:30 AM'),
  { kind: 'break' as const, name: 'Snack', start: '10:30 AM', end: '10:50 AM' },
  period('Period 3', '10:50 AM', '11:35 AM'),
  period('Period 4', '01:00 PM', '01:45 PM'),
];

export interface SunriseTimetable {
  anita: string;
  schedule: string;
  music_room: string;
  /** "Music" (needs the music room, in the morning) and "Phonics". */
  music: string;
  phonics: string;
  /** Nursery A's music with Tara, 2 a week; Kindergarten B's with Neha, 2 a week; Nursery A's phonics, 3 with one double. */
  nursery_music: string;
  kg_music: string;
  nursery_phonics: string;
}

/** Sunrise's outline, a music room, two subjects and three mappings, made through the routes as Anita. */
export async function sunriseTimetable(t: TestApp): Promise<SunriseTimetable> {
  const anita = await staffToken(t, '9000000002');
  const post = async <K extends keyof typeof ROUTES>(name: K, payload: object, method: 'POST' | 'PUT' = 'POST', url?: string) =>
    expectResponse(ROUTES[name], await t.request({ method, url: url ?? ROUTES[name].path, headers: bearer(anita), payload }));
  // The week's own schedule, for a division of its own (the school may already have its school-wide day).
  const division = (
    await t.request({
      method: 'POST',
      url: ROUTES.divisionCreate.path,
      headers: bearer(anita),
      payload: { name: 'Timetable division' },
    })
  ).json().result.id as string;
  const schedule = (
    (await post('dayScheduleCreate', {
      name: 'Timetable week',
      applies_to: 'division',
      division_id: division,
      cycle: 'weekly',
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, slots: TIMETABLE_DAY })),
    })) as { result: { _id: string } }
  ).result._id;
  await post('timetableOutlineUpdate', { schedule_id: schedule, afternoon_from: '12:00 PM' }, 'PUT');
  const room = (
    (await post('schoolResourceCreate', {
      name: 'Music room',
      kind: 'room',
      room_type: 'Music room',
      capacity: 20,
      quantity: 1,
    })) as {
      result: { _id: string };
    }
  ).result._id;
  const subject = async (name: string, room_type: string | null, morning: boolean) =>
    ((await post('timetableSubjectCreate', { name, room_type, morning })) as { result: { _id: string } }).result._id;
  const music = await subject('Music', 'Music room', true);
  const phonics = await subject('Phonics', null, false);
  const mapping = async (classKey: string, subject_id: string, teacher: string, lessons_per_week: number, double_periods = 0) =>
    (
      (await post('subjectMappingCreate', {
        class_id: demoId(classKey),
        subject_id,
        teacher_id: demoId(teacher),
        lessons_per_week,
        double_periods,
      })) as { result: { _id: string } }
    ).result._id;
  return {
    anita,
    schedule,
    music_room: room,
    music,
    phonics,
    nursery_music: await mapping('class:nurseryA', music, 'user:9000000003', 2),
    kg_music: await mapping('class:kindergartenB', music, 'user:9000000005', 2),
    nursery_phonics: await mapping('class:nurseryA', phonics, 'user:9000000003', 3, 1),
  };
}

/** Starts a run and waits for it to end (the job claimed, the search on its thread finished). */
export async function generate(t: TestApp, token: string, body: { mode: 'full' | 'repair'; seconds?: number }) {
  const started = await t.request({ method: 'POST', url: ROUTES.timetableRunStart.path, headers: bearer(token), payload: body });
  if (started.statusCode !== 200) return { started, run: null };
  const id = started.json().result._id as string;
  await t.services.jobs.runDue();
  await t.services.timetable.settle();
  const run = expectResponse(
    ROUTES.timetableRun,
    await t.request({ method: 'GET', url: `/api/timetable/runs/${id}`, headers: bearer(token) }),
  ).result;
  return { started, run };
}
