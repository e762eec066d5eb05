import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's timetable (`npm start`): Sunrise's week read from its school day (three sessions a day),
 * five subjects (music in the music room, outdoor play in the garden, movement in the hall), Nursery A's
 * and Kindergarten B's lessons with their class teachers and Sam for music and movement, and a first
 * generation run queued — written through the timetable service as Anita, only when Sunrise has no
 * subject yet, so a restart adds nothing.
 */

const SUBJECTS = [
  { key: 'music', name: 'Music', room_type: 'Music room', morning: true },
  { key: 'outdoor', name: 'Outdoor play', room_type: 'Outdoor', morning: false },
  { key: 'movement', name: 'Movement', room_type: 'Hall', morning: false },
  { key: 'circle', name: 'Circle time', room_type: null, morning: true },
  { key: 'stories', name: 'Stories and phonics', room_type: null, morning: true },
] as const;

/** Lessons a week of each subject, and who teaches it (null: the class's own teacher). */
const WEEK: { subject: (typeof SUBJECTS)[number]['key']; lessons: number; teacher: string | null }[] = [
  { subject: 'music', lessons: 2, teacher: 'user:9000000001' },
  { subject: 'outdoor', lessons: 3, teacher: null },
  { subject: 'movement', lessons: 1, teacher: 'user:9000000001' },
  { subject: 'circle', lessons: 3, teacher: null },
  { subject: 'stories', lessons: 2, teacher: null },
];

const CLASSES = [
  { key: 'class:nurseryA', teacher: 'user:9000000003' },
  { key: 'class:kindergartenB', teacher: 'user:9000000005' },
];

/** Seeds Sunrise's timetable where it has no subject. Returns whether anything was written. */
export async function seedDemoTimetableIfEmpty(services: Services): Promise<boolean> {
  const anita = services.scopes.of({
    userId: demoId('user:9000000002'),
    kind: 'staff',
    schoolId: demoId('school:sunrise'),
    sessionId: 'seed:timetable',
    isTemp: false,
  });
  const { timetable, daySchedules } = services;
  if ((await timetable.subjects(anita)).length > 0) return false;
  const day = (await daySchedules.list(anita)).find((s) => s.applies_to === 'school');
  if (!day) return false;
  await timetable.saveOutline(anita, { schedule_id: day._id, afternoon_from: '12:00 PM', share_with_families: true });
  const ids = new Map<string, string>();
  for (const s of SUBJECTS) {
    const made = await timetable.createSubject(anita, { name: s.name, room_type: s.room_type, morning: s.morning });
    ids.set(s.key, made._id);
  }
  for (const c of CLASSES)
    for (const w of WEEK)
      await timetable.createMapping(anita, {
        class_id: demoId(c.key),
        subject_id: ids.get(w.subject) ?? '',
        teacher_id: demoId(w.teacher ?? c.teacher),
        lessons_per_week: w.lessons,
      });
  await timetable.startRun(anita, { mode: 'full', seconds: 3 });
  return true;
}
