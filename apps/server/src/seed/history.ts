import { createHash } from 'node:crypto';
import { addDays } from '@cue/contract';
import { count, inArray } from 'drizzle-orm';
import type { Db, Queryable } from '../platform/db/client.js';
import * as t from '../platform/db/schema.js';
import { DEMO, demoId } from './demo.js';

/**
 * Four weeks of the demo school's life before today, so that its dashboards, reports and the
 * assistant's questions have something to show: a holiday, attendance of every school day (marked
 * complete by the class teacher), observations of most children, published announcements read by some
 * families, and an event to come. Today is left untouched: the day starts unmarked, as a real one does.
 */
const WEEKS = 4;
const SCHOOL_DAYS = new Set([1, 2, 3, 4, 5]);

const TEACHER_OF: Record<keyof typeof DEMO.classes, string> = {
  nurseryA: '9000000003',
  kindergartenB: '9000000005',
  toddlers: '9000000006',
};
const ADMIN_OF: Record<keyof typeof DEMO.schools, string> = { sunrise: '9000000002', moonbeam: '9000000001' };

/** A stable number in [0, 1) for a label: the same history on every install. */
const chance = (label: string): number => createHash('sha256').update(`history:${label}`).digest().readUInt32BE(0) / 2 ** 32;

const weekday = (iso: string): number => new Date(`${iso}T00:00:00Z`).getUTCDay();
const todayIn = (timeZone: string, now: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
/** A moment on a day, as a UTC time (the demo schools keep UTC). */
const at = (iso: string, hhmm: string): Date => new Date(`${iso}T${hhmm}:00Z`);

const NOTES = [
  (n: string) => `${n} built a tall tower with the wooden blocks and counted each block aloud.`,
  (n: string) => `${n} shared the paints with a friend and talked about the colours they mixed.`,
  (n: string) => `${n} listened to the story and retold the ending in their own words.`,
  (n: string) => `${n} tried the climbing frame for the first time and reached the top.`,
  (n: string) => `${n} sorted the shells by size and explained the order.`,
  (n: string) => `${n} helped tidy the reading corner without being asked.`,
];

const ANNOUNCEMENTS: Record<keyof typeof DEMO.schools, { title: string; summary: string; daysAgo: number }[]> = {
  sunrise: [
    {
      title: 'Welcome back',
      summary: '<p>We are glad to see everyone again. Please label water bottles and spare clothes.</p>',
      daysAgo: 26,
    },
    {
      title: 'Library visit on Thursday',
      summary: '<p>Children will visit the town library. Please send a hat.</p>',
      daysAgo: 12,
    },
    { title: 'Menu for the coming weeks', summary: '<p>The new lunch menu is on the noticeboard by the door.</p>', daysAgo: 5 },
  ],
  moonbeam: [
    { title: 'أهلاً بعودتكم', summary: '<p>نرحب بكم في بداية الفصل. الرجاء كتابة اسم الطفل على الملابس.</p>', daysAgo: 20 },
  ],
};

async function write(q: Queryable, now: Date): Promise<void> {
  const schools = await q.select({ id: t.schools.id, timeZone: t.schools.timeZone }).from(t.schools);
  const zoneOf = new Map(schools.map((s) => [s.id, s.timeZone]));
  for (const schoolKey of Object.keys(DEMO.schools) as (keyof typeof DEMO.schools)[]) {
    const schoolId = demoId(`school:${schoolKey}`);
    const today = todayIn(zoneOf.get(schoolId) ?? 'UTC', now);
    const first = addDays(today, -7 * WEEKS);
    const admin = demoId(`user:${ADMIN_OF[schoolKey]}`);
    // A school-wide holiday in the middle of the period (the nearest weekday), and an event to come.
    let holiday = addDays(today, -9);
    while (!SCHOOL_DAYS.has(weekday(holiday))) holiday = addDays(holiday, -1);
    await q.insert(t.calendarEvents).values([
      {
        id: demoId(`history:${schoolKey}:holiday`),
        schoolId,
        title: schoolKey === 'moonbeam' ? 'عطلة المدرسة' : 'Staff training day',
        description: schoolKey === 'moonbeam' ? '' : 'The school is closed for children.',
        startDate: holiday,
        endDate: holiday,
        isHoliday: true,
        createdBy: admin,
        createdAt: at(first, '08:00'),
      },
      {
        id: demoId(`history:${schoolKey}:event`),
        schoolId,
        title: schoolKey === 'moonbeam' ? 'لقاء أولياء الأمور' : "Parents' evening",
        description: '',
        startDate: addDays(today, 8),
        endDate: addDays(today, 8),
        isHoliday: false,
        createdBy: admin,
        createdAt: at(addDays(today, -3), '10:00'),
      },
    ]);
    const classKeys = (Object.keys(DEMO.classes) as (keyof typeof DEMO.classes)[]).filter(
      (k) => DEMO.classes[k].school === schoolKey,
    );
    for (const classKey of classKeys) {
      const cls = DEMO.classes[classKey];
      const classId = demoId(`class:${classKey}`);
      const teacher = demoId(`user:${TEACHER_OF[classKey]}`);
      const records: (typeof t.attendanceRecords.$inferInsert)[] = [];
      const days: (typeof t.attendanceDays.$inferInsert)[] = [];
      const notes: (typeof t.observations.$inferInsert)[] = [];
      for (let day = first; day < today; day = addDays(day, 1)) {
        if (!SCHOOL_DAYS.has(weekday(day)) || day === holiday) continue;
        for (const name of cls.students) {
          const roll = chance(`${classKey}:${day}:${name}`);
          const status = roll < 0.07 ? 'absent' : roll < 0.11 ? 'late' : 'present';
          records.push({
            classId,
            studentId: demoId(`student:${name}`),
            date: day,
            status,
            updatedBy: teacher,
            updatedAt: at(day, '09:20'),
          });
        }
        days.push({ classId, date: day, completedBy: teacher, completedAt: at(day, '09:30'), updatedAt: at(day, '09:30') });
      }
      // About two observations a week; the last two children of each class have none yet.
      const observed = cls.students.slice(0, -2);
      const schoolDays = days.map((d) => d.date);
      schoolDays.forEach((day, i) => {
        if (i % 2 === 1) return;
        const name = observed[(i / 2) % observed.length] ?? observed[0] ?? '';
        const group = demoId(`history:${classKey}:obs:${day}`);
        notes.push({
          id: group,
          schoolId,
          classId,
          studentId: demoId(`student:${name}`),
          groupId: group,
          date: day,
          title: `${name.split(' ')[0]}'s learning`,
          generalNote: NOTES[i % NOTES.length]?.(name.split(' ')[0] ?? name) ?? '',
          createdBy: teacher,
          createdAt: at(day, '14:00'),
          updatedAt: at(day, '14:00'),
        });
      });
      if (records.length) await q.insert(t.attendanceRecords).values(records);
      if (days.length) await q.insert(t.attendanceDays).values(days);
      if (notes.length) await q.insert(t.observations).values(notes);
    }
    for (const [i, a] of ANNOUNCEMENTS[schoolKey].entries()) {
      const id = demoId(`history:${schoolKey}:announcement:${i}`);
      const published = at(addDays(today, -a.daysAgo), '08:30');
      await q.insert(t.communications).values({
        id,
        schoolId,
        type: 'announcement',
        title: a.title,
        summary: a.summary,
        shareWith: 'Everyone',
        status: 'published',
        publishedAt: published,
        createdBy: admin,
        createdAt: published,
        updatedAt: published,
      });
      // Sent to everyone: every class of the school is addressed (as the service records it).
      await q
        .insert(t.communicationClasses)
        .values(
          (Object.keys(DEMO.classes) as (keyof typeof DEMO.classes)[])
            .filter((k) => DEMO.classes[k].school === schoolKey)
            .map((k) => ({ communicationId: id, classId: demoId(`class:${k}`) })),
        );
      // Families who read it: everyone but the most recent for Rohan, so that one is still new to him.
      const readers =
        schoolKey === 'sunrise' ? ['9000000004', '9000000005'].filter((p) => a.daysAgo > 7 || p !== '9000000004') : [];
      if (readers.length)
        await q.insert(t.communicationReads).values(
          readers.map((p) => ({
            communicationId: id,
            userId: demoId(`user:${p}`),
            readAt: at(addDays(today, -a.daysAgo), '19:00'),
          })),
        );
    }
  }
}

/** Writes the demo history once, into a demo school that has none yet; returns whether it did. */
export async function seedDemoHistoryIfMissing(db: Db, now: Date): Promise<boolean> {
  const classIds = Object.keys(DEMO.classes).map((k) => demoId(`class:${k}`));
  const [demo] = await db.select({ n: count() }).from(t.classes).where(inArray(t.classes.id, classIds));
  if (Number(demo?.n ?? 0) !== classIds.length) return false;
  const [marked] = await db.select({ n: count() }).from(t.attendanceDays).where(inArray(t.attendanceDays.classId, classIds));
  if (Number(marked?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => write(tx, now));
  return true;
}
