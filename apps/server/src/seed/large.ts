import path from 'node:path';
import { addDays, DEFAULT_ROLE_SETS, isoOfUtc, SCHOOL_PERMISSIONS } from '@cue/contract';
import { count, eq, type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../platform/config.js';
import type { Db, Queryable } from '../platform/db/client.js';
import * as t from '../platform/db/schema.js';
import { LocalStorage, type ObjectStore, S3Storage } from '../platform/storage.js';
import { FRAMEWORK_IDS } from './demo.js';
import { LARGE, largeId, SCHOOLS, staffPhone } from './large-people.js';

/*
 * A large demo organization for benchmarks and for trying the product at scale (`npm run seed:large`,
 * or `SEED=large`): 3 schools, 60 classes, 1,500 children with their families, 100 staff, and a school
 * year up to yesterday (attendance of every school day, observations with photos, announcements read by
 * some families, and, for the last weeks, stories, the class journal, chat and the carelog). It sits next
 * to the demo school, in an organization of its own. Everything is written with set-based SQL
 * (generate_series), in one transaction, with stable ids and the same content on every install.
 */

export { LARGE, LARGE_SIGN_INS, largeId } from './large-people.js';

const FIRST_NAMES = [
  'Aarav',
  'Diya',
  'Vihaan',
  'Ananya',
  'Kabir',
  'Meera',
  'Reyansh',
  'Saanvi',
  'Omar',
  'Layla',
  'Noa',
  'Ethan',
  'Ira',
  'Riya',
  'Arjun',
  'Zara',
  'Aditi',
  'Yusuf',
  'Tamar',
  'Lucas',
  'Priya',
  'Sofia',
  'Adam',
  'Maya',
  'Sara',
  'Eli',
  'Lina',
  'Oliver',
  'Amelia',
  'Leo',
  'Isla',
  'Noah',
  'Ava',
  'Hugo',
  'Mia',
  'Ezra',
  'Aisha',
  'Ibrahim',
  'Hana',
  'Kenji',
  'Yuki',
  'Mateo',
  'Lucia',
  'Finn',
  'Freya',
  'Rohan',
  'Nina',
  'Theo',
  'Chloe',
  'Samir',
  'Leila',
  'Jonah',
  'Ruby',
  'Dev',
  'Anika',
  'Felix',
  'Grace',
  'Tariq',
  'Elena',
  'Milo',
];
const ADULT_NAMES = [
  'Anita',
  'Rahul',
  'Fatima',
  'David',
  'Sunita',
  'Michael',
  'Leah',
  'Karim',
  'Helen',
  'Vikram',
  'Rachel',
  'Hassan',
  'Julia',
  'Sanjay',
  'Miriam',
  'Peter',
  'Nadia',
  'Arun',
  'Claire',
  'Yosef',
  'Pooja',
  'Tom',
  'Salma',
  'Ravi',
  'Emma',
  'Ahmed',
  'Sarah',
  'Nikhil',
  'Laura',
  'Daniel',
  'Kavya',
  'James',
  'Rania',
  'Ben',
  'Lakshmi',
  'Mark',
  'Noura',
  'Suresh',
  'Anna',
  'Avi',
];
const LAST_NAMES = [
  'Sharma',
  'Patel',
  'Gupta',
  'Iyer',
  'Khan',
  'Nair',
  'Verma',
  'Reddy',
  'Haddad',
  'Mansour',
  'Levi',
  'Brooks',
  'Kapoor',
  'Singh',
  'Ali',
  'Joshi',
  'Rahman',
  'Cohen',
  'Martin',
  'Das',
  'Rossi',
  'Nassar',
  'Klein',
  'Aziz',
  'Stern',
  'Farouk',
  'Smith',
  'Jones',
  'Taylor',
  'Wilson',
  'Evans',
  'Walker',
  'Hughes',
  'Green',
  'Hall',
  'Wood',
  'Clarke',
  'Menon',
  'Rao',
  'Desai',
  'Tanaka',
  'Garcia',
  'Lopez',
  'Novak',
  'Berg',
  'Murphy',
  'Kelly',
  'Sato',
  'Bose',
  'Chandra',
];
const GROUPS = ['Toddlers', 'Nursery', 'Pre-K', 'Reception'];
const AGE_RANGES = ['1y 6m - 2y 6m', '2y 6m - 3y 6m', '3y 6m - 4y 6m', '4y 6m - 5y 6m'];
const COLORS = ['#f08c00', '#1c7ed6', '#7048e8', '#2f9e44', '#e03131', '#0c8599', '#d6336c', '#5c940d'];
const OBSERVATION_TITLES = [
  'Building and balancing',
  'Mark making',
  'Story time',
  'Outdoor play',
  'Counting together',
  'Sharing and turn taking',
  'Small world play',
  'Music and movement',
];
const OBSERVATION_NOTES = [
  '{name} built a tall tower with the wooden blocks and counted each block aloud.',
  '{name} shared the paints with a friend and talked about the colours they mixed.',
  '{name} listened to the story and retold the ending in their own words.',
  '{name} tried the climbing frame for the first time and reached the top.',
  '{name} sorted the shells by size and explained the order.',
  '{name} helped tidy the reading corner without being asked.',
  '{name} made marks with chalk and said they were writing a shopping list.',
  '{name} kept a steady beat on the drum while the group sang.',
  '{name} counted five spoons for the snack table and noticed one was missing.',
  '{name} waited for a turn on the bikes and then offered theirs to a friend.',
];
const ANNOUNCEMENT_TITLES = [
  'Lunch menu this week',
  'Library books due back',
  'Sports day practice',
  'Spare clothes reminder',
  'Parents’ coffee morning',
  'Garden club news',
  'Outdoor learning: bring wellies',
  'Health check visit',
  'Reading challenge update',
  'Music workshop',
  'Photo day',
  'Walk to the park',
  'Water bottles, please label them',
  'Art exhibition in the hall',
  'New books in the class library',
  'Sun hats and sun cream',
];
const CLASS_NOTES = [
  'Today we explored floating and sinking in the water tray.',
  'We planted beans and will measure them each week.',
  'We practised our song for the assembly.',
  'We went on a shape hunt around the garden.',
  'We made fruit kebabs for snack and talked about healthy food.',
  'Please send a family photo for our “All about me” wall.',
];
const STORY_TITLES = ['Our bug hotel', 'The big cardboard boat', 'Painting the fence', 'A café in the home corner'];
const CHAT_PARENT = [
  'Good morning! Just to let you know we will pick up a little early today.',
  'Thank you for the update, that is lovely to hear.',
  'Could you check whether the blue jumper is in the lost property?',
  'They were very tired last night, please keep an eye on them today.',
];
const CHAT_STAFF = [
  'Thanks for letting us know, see you at 2 pm.',
  'They had a great morning in the garden today.',
  'Yes, we found it, it is in their bag now.',
  'Of course, we will make sure they get a good rest after lunch.',
];
const CHANNEL_MESSAGES = [
  'Welcome to the class channel! We will share little moments of our day here.',
  'Reminder: forest school tomorrow, please send wellies.',
  'Our bean plants have sprouted, come and see them at pick-up.',
  'Thank you for all the junk-model boxes, we have plenty now.',
  'Story of the week: “We’re Going on a Bear Hunt”.',
  'Please label water bottles and spare clothes.',
];
const FOODS = ['Vegetable pasta and peas', 'Rice, dal and carrots', 'Fish pie and broccoli', 'Bean chilli with rice'];

export interface LargePlan {
  scale: number;
  classesPerSchool: number;
  childrenPerClass: number;
  assistantsPerSchool: number;
  photosPerSchool: number;
  schoolWidePerDay: number;
  /** School days (ISO), oldest first, up to yesterday. */
  days: string[];
  holidays: { key: string; title: string; start: string; end: string }[];
  today: string;
}

const SCHOOL_DAYS = 180;
const weekday = (iso: string): number => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** The sizes at a scale (1: 60 classes of 25) and the school year's days up to yesterday. */
export function largePlan(now: Date, scale = 1): LargePlan {
  const classesPerSchool = Math.max(1, Math.min(20, Math.round(20 * scale)));
  const childrenPerClass = Math.max(4, Math.min(25, Math.round((1500 * scale) / (3 * classesPerSchool))));
  const today = isoOfUtc(now);
  // The weekdays before today, newest first: a training day 25 weekdays back, a half-term week around 90 back.
  const weekdays: string[] = [];
  for (let d = addDays(today, -1); weekdays.length < SCHOOL_DAYS + 60; d = addDays(d, -1)) {
    if (weekday(d) >= 1 && weekday(d) <= 5) weekdays.push(d);
  }
  const training = weekdays[25] as string;
  const breakMonday = addDays(weekdays[90] as string, 1 - weekday(weekdays[90] as string));
  const holidays = [
    { key: 'training', title: 'Staff training day', start: training, end: training },
    { key: 'half-term', title: 'Half-term break', start: breakMonday, end: addDays(breakMonday, 4) },
  ];
  const off = (d: string) => holidays.some((h) => d >= h.start && d <= h.end);
  const days = weekdays
    .filter((d) => !off(d))
    .slice(0, SCHOOL_DAYS)
    .reverse();
  return {
    scale,
    classesPerSchool,
    childrenPerClass,
    assistantsPerSchool: Math.min(classesPerSchool, Math.round(12 * scale)),
    photosPerSchool: Math.max(3, Math.round(100 * scale)),
    schoolWidePerDay: Math.max(1, Math.round(5 * scale)),
    days,
    holidays,
    today,
  };
}

/** Where a large school's photo is stored (relative key, as storage names it). */
export const largePhotoKey = (school: number, n: number): string => `uploads/${largeId(`school:${school}`)}/large-photo-${n}.jpg`;

const PALETTE = [
  ['#8ecae6', '#6a994e', '#ffb703'],
  ['#ffe5ec', '#d4a373', '#e63946'],
  ['#fefae0', '#ccd5ae', '#118ab2'],
  ['#bde0fe', '#90a955', '#fb8500'],
  ['#caf0f8', '#48cae4', '#0077b6'],
  ['#fff1e6', '#ddbea9', '#80b918'],
] as const;

/** A small drawn picture (a scene of shapes, no people), different for each number. */
export function drawPhoto(n: number): Promise<Buffer> {
  const [sky, ground, accent] = PALETTE[n % PALETTE.length] ?? PALETTE[0];
  const x = 40 + ((n * 37) % 240);
  const y = 40 + ((n * 23) % 100);
  const r = 14 + ((n * 11) % 30);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
    <rect width="320" height="240" fill="${sky}"/><rect y="170" width="320" height="70" fill="${ground}"/>
    <circle cx="${x}" cy="${y}" r="${r}" fill="${accent}"/>
    <rect x="${(n * 53) % 260}" y="${120 + ((n * 7) % 40)}" width="${30 + ((n * 13) % 40)}" height="50" fill="${accent}" opacity="0.7"/>
    <ellipse cx="${(n * 71) % 320}" cy="200" rx="40" ry="12" fill="#ffffff" opacity="0.5"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/** An integer literal (sizes and counts computed here, never input). */
const n = (v: number) => sql.raw(String(Math.trunc(v)));
/** The stable id of a label built in SQL: the same hash as largeId. */
const lid = (label: SQL) => sql`substr(encode(sha256(convert_to('large:' || ${label}, 'UTF8')), 'hex'), 1, 24)`;
/** A stable number in [0, mod) from an integer expression (multiplicative hashing). */
const rnd = (expr: SQL, mod: number) => sql`(((${expr})::bigint * 2654435761) % 4294967296 * ${n(mod)} / 4294967296)`;
/** A text[] literal parameter. */
const textArray = (list: readonly string[]) =>
  sql`${`{${list.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
/** An element of a text[] by a 0-based integer expression (wrapping around). */
const pick = (list: readonly string[], index: SQL) => sql`(${textArray(list)})[1 + (${index}) % ${n(list.length)}]`;
/** A moment of a day (a date expression) at hh:mm UTC. */
const at = (day: SQL, hhmm: string) => sql`((${day}) + ${sql.raw(`time '${hhmm}'`)}) at time zone 'UTC'`;

const ROLE_NAMES = {
  superAdmin: { name: 'Super Admin', isAdmin: true, isSuperAdmin: true },
  admin: { name: 'Admin', isAdmin: true, isSuperAdmin: false },
  teacher: { name: 'Teacher', isAdmin: false, isSuperAdmin: false },
} as const;

async function write(q: Queryable, plan: LargePlan, photoSizes: number[]): Promise<Record<string, number>> {
  const C = plan.classesPerSchool;
  const K = plan.childrenPerClass;
  const A = plan.assistantsPerSchool;
  const P = plan.photosPerSchool;
  const lastDi = plan.days.length - 1;
  const yearStart = plan.days[0] as string;
  const startedAt = new Date(`${addDays(yearStart, -7)}T08:00:00Z`);
  const started = sql`${startedAt.toISOString()}::timestamptz`;
  const run = (query: SQL) => q.execute(query);

  // The organization, its schools and their roles.
  await q.insert(t.organizations).values({ id: LARGE.organizationId, name: LARGE.organization, createdAt: startedAt });
  await q.insert(t.schools).values(
    SCHOOLS.map((s, i) => ({
      id: largeId(`school:${i + 1}`),
      organizationId: LARGE.organizationId,
      name: s.name,
      permissions: [...SCHOOL_PERMISSIONS],
      createdAt: startedAt,
    })),
  );
  await q.insert(t.roles).values(
    SCHOOLS.flatMap((_, i) =>
      (Object.keys(ROLE_NAMES) as (keyof typeof ROLE_NAMES)[]).map((key) => ({
        id: largeId(`role:${i + 1}:${key}`),
        schoolId: largeId(`school:${i + 1}`),
        ...ROLE_NAMES[key],
        permissions: [...DEFAULT_ROLE_SETS[key]],
        createdAt: startedAt,
      })),
    ),
  );

  // Working sets: the school days, classes, children (with their family), families' adults and staff.
  await run(sql`create temp table lg_day on commit drop as
    select (o - 1)::int as di, d::date as day from unnest(${`{${plan.days.join(',')}}`}::date[]) with ordinality as u(d, o)`);
  await run(sql`create temp table lg_class on commit drop as
    select s, c, (c - 1) % 4 as grp, ${lid(sql`'class:' || s || ':' || c`)} as id, ${lid(sql`'school:' || s`)} as school_id,
      ${lid(sql`'user:' || (9100000000 + s * 1000 + c)`)} as teacher_id,
      ${pick(GROUPS, sql`c - 1`)} || ' ' || chr(65 + (c - 1) / 4) as name
    from generate_series(1, 3) s, generate_series(1, ${n(C)}) c`);
  await run(sql`create temp table lg_child on commit drop as
    select x.s, x.c, x.k, x.g, x.fam, ${lid(sql`'student:' || x.s || ':' || x.c || ':' || x.k`)} as id,
      cl.id as class_id, cl.school_id, cl.teacher_id, cl.grp,
      ${pick(FIRST_NAMES, sql`x.g * 7 + x.g / 60`)} as first_name, ${pick(LAST_NAMES, sql`x.fam * 11 + x.fam / 50`)} as last_name
    from (select s, c, k, ((s - 1) * ${n(C)} + (c - 1)) * ${n(K)} + (k - 1) as g,
            ((s - 1) * ${n(C)} + (c - 1 - case when c % 2 = 0 and k % 8 = 3 then 1 else 0 end)) * ${n(K)} + (k - 1) as fam
          from generate_series(1, 3) s, generate_series(1, ${n(C)}) c, generate_series(1, ${n(K)}) k) x
    join lg_class cl on cl.s = x.s and cl.c = x.c`);
  await run(sql`create temp table lg_parent on commit drop as
    select f.fam, f.s, f.last_name, f.child_id, p.slot,
      (case when p.slot = 1 then 9200000000 else 9250000000 end + f.fam + 1)::text as phone,
      ${pick(ADULT_NAMES, sql`f.fam * 2 + p.slot`)} as first_name
    from (select fam, s, last_name, id as child_id from lg_child where g = fam) f
    cross join generate_series(1, 2) p(slot)
    where p.slot = 1 or f.fam % 3 = 0`);
  await run(sql`alter table lg_parent add column user_id varchar(24), add column parent_id varchar(24)`);
  await run(sql`update lg_parent set user_id = ${lid(sql`'user:' || phone`)}, parent_id = ${lid(sql`'parent:' || phone`)}`);
  await run(sql`create temp table lg_staff on commit drop as
    select phone, s, role, c, ${lid(sql`'user:' || phone`)} as user_id,
      ${pick(ADULT_NAMES, sql`rn * 3 + 1`)} as first_name, ${pick(LAST_NAMES, sql`rn * 7 + 3`)} as last_name
    from (select *, row_number() over (order by phone) as rn from (
      select ${staffPhone.superAdmin}::text as phone, 0 as s, 'superAdmin' as role, null::int as c
      union all select (9100000010 + s)::text, s, 'admin', null from generate_series(1, 3) s
      union all select (9100000000 + s * 1000 + c)::text, s, 'teacher', c from generate_series(1, 3) s, generate_series(1, ${n(C)}) c
      union all select (9100000500 + s * 1000 + a)::text, s, 'teacher', a from generate_series(1, 3) s, generate_series(1, ${n(A)}) a
    ) people) numbered`);

  // People.
  await run(sql`insert into classes (id, school_id, name, academic_year_start, academic_year_end, age_range, days, curriculum,
      class_curriculum_id, start_time, end_time, color, created_at)
    select id, school_id, name, ${yearStart}::date, ${yearStart}::date + interval '1 year' - interval '1 day',
      ${pick(AGE_RANGES, sql`grp`)}, '["monday","tuesday","wednesday","thursday","friday"]'::jsonb, 'EYFS',
      ${FRAMEWORK_IDS.eyfs}, '09:00', '15:00', ${pick(COLORS, sql`c - 1`)}, ${started}
    from lg_class`);
  await run(sql`insert into students (id, school_id, first_name, last_name, created_at)
    select id, school_id, first_name, last_name, ${started} from lg_child`);
  await run(sql`insert into class_students (class_id, student_id, created_at) select class_id, id, ${started} from lg_child`);
  await run(sql`insert into users (id, first_name, last_name, email, phone, created_at)
    select user_id, first_name, last_name, 'staff.' || phone || '@large.example', phone, ${started} from lg_staff
    union all
    select user_id, first_name, last_name, 'parent.' || phone || '@family.example', phone, ${started} from lg_parent`);
  await run(sql`insert into memberships (id, user_id, school_id, role_id, created_at)
    select ${lid(sql`'membership:' || st.phone || ':' || sc.s`)}, st.user_id, ${lid(sql`'school:' || sc.s`)},
      ${lid(sql`'role:' || sc.s || ':' || st.role`)}, ${started}
    from lg_staff st join generate_series(1, 3) sc(s) on st.s = 0 or st.s = sc.s`);
  await run(sql`insert into class_staff (class_id, user_id, created_at)
    select ${lid(sql`'class:' || s || ':' || c`)}, user_id, ${started} from lg_staff where c is not null`);
  await run(sql`insert into parents (id, user_id, primary_email, primary_phone, current_child_id, created_at)
    select parent_id, user_id, 'parent.' || phone || '@family.example', phone, child_id, ${started} from lg_parent`);
  await run(sql`insert into parent_children (parent_id, student_id, relation, created_at)
    select p.parent_id, ch.id, 'parent', ${started} from lg_parent p join lg_child ch on ch.fam = p.fam`);

  // The calendar: the training day, the half-term week, and an event to come.
  await q.insert(t.calendarEvents).values(
    SCHOOLS.flatMap((_, i) => [
      ...plan.holidays.map((h) => ({
        id: largeId(`holiday:${i + 1}:${h.key}`),
        schoolId: largeId(`school:${i + 1}`),
        title: h.title,
        description: 'The school is closed for children.',
        startDate: h.start,
        endDate: h.end,
        isHoliday: true,
        createdBy: largeId(`user:${staffPhone.admin(i + 1)}`),
        createdAt: startedAt,
      })),
      {
        id: largeId(`event:${i + 1}:parents-evening`),
        schoolId: largeId(`school:${i + 1}`),
        title: "Parents' evening",
        description: '',
        startDate: addDays(plan.today, 8),
        endDate: addDays(plan.today, 8),
        isHoliday: false,
        createdBy: largeId(`user:${staffPhone.admin(i + 1)}`),
        createdAt: startedAt,
      },
    ]),
  );

  // Attendance of every school day, marked complete by the class teacher.
  await run(sql`insert into attendance_records (class_id, student_id, date, status, updated_by, updated_at)
    select ch.class_id, ch.id, d.day,
      case when r.v < 6 then 'absent' when r.v < 10 then 'late' else 'present' end, ch.teacher_id, ${at(sql`d.day`, '09:20')}
    from lg_child ch cross join lg_day d
    cross join lateral (select ${rnd(sql`ch.g * 7919 + d.di * 104729 + 1`, 100)} as v) r`);
  await run(sql`insert into attendance_days (class_id, date, completed_by, completed_at, updated_at)
    select cl.id, d.day, cl.teacher_id, ${at(sql`d.day`, '09:30')}, ${at(sql`d.day`, '09:30')} from lg_class cl cross join lg_day d`);

  // Photos: a few distinct pictures per school, stored files with their media records.
  const sizes = `{${photoSizes.join(',')}}`;
  await run(sql`insert into media (id, school_id, uploaded_by, kind, url, name, mime_type, size, created_at)
    select ${lid(sql`'media:' || s || ':' || p`)}, ${lid(sql`'school:' || s`)}, ${lid(sql`'user:' || (9100000010 + s)`)}, 'image',
      '/media/uploads/' || ${lid(sql`'school:' || s`)} || '/large-photo-' || p || '.jpg', 'photo-' || p || '.jpg', 'image/jpeg',
      (${sizes}::int[])[(s - 1) * ${n(P)} + p], ${started}
    from generate_series(1, 3) s, generate_series(1, ${n(P)}) p`);

  // Observations: about two a week for every child (40 in the year), a third of them with a photo.
  const observed = sql`lg_child ch join lg_day d on (d.di + ch.k) % 9 in (0, 4)`;
  await run(sql`insert into observations (id, school_id, class_id, student_id, group_id, date, title, general_note, visibility,
      media, created_by, created_at, updated_at)
    select o.id, ch.school_id, ch.class_id, ch.id, o.id, d.day, ${pick(OBSERVATION_TITLES, sql`ch.g + d.di`)},
      replace(${pick(OBSERVATION_NOTES, sql`ch.g * 3 + d.di`)}, '{name}', ch.first_name), 'family',
      case when (ch.g + d.di) % 3 = 0 then jsonb_build_array(jsonb_build_object('media_link',
        '/media/uploads/' || ch.school_id || '/large-photo-' || (1 + (ch.g * 7 + d.di) % ${n(P)}) || '.jpg', 'kind', 'image'))
      else '[]'::jsonb end,
      ch.teacher_id, ${at(sql`d.day`, '14:00')}, ${at(sql`d.day`, '14:00')}
    from ${observed} cross join lateral (select ${lid(sql`'obs:' || ch.g || ':' || d.di`)} as id) o`);
  await run(sql`insert into observation_areas (observation_id, learning_area_id)
    select ${lid(sql`'obs:' || ch.g || ':' || d.di`)}, a.id
    from ${observed}
    join (select id, (row_number() over (order by position, id) - 1)::int as i, count(*) over ()::int as total
          from learning_areas where curriculum_id = ${FRAMEWORK_IDS.eyfs} and school_id is null and archived_at is null) a
      on a.i = (ch.g + d.di) % a.total`);

  // Announcements: several school-wide ones each school day and one for each class every other day, all published.
  await run(sql`create temp table lg_ann on commit drop as
    select row_number() over (order by x.id)::int as i, x.* from (
      select ${lid(sql`'ann:' || s || ':all:' || d.di || ':' || j`)} as id, s, null::int as c, d.di, d.day,
        ${at(sql`d.day`, '08:00')} + j * interval '20 minutes' as published_at, ${pick(ANNOUNCEMENT_TITLES, sql`d.di * 3 + j + s`)} as title,
        ${lid(sql`'user:' || (9100000010 + s)`)} as author
      from generate_series(1, 3) s cross join lg_day d cross join generate_series(1, ${n(plan.schoolWidePerDay)}) j
      union all
      select ${lid(sql`'ann:' || cl.s || ':class:' || cl.c || ':' || d.di`)}, cl.s, cl.c, d.di, d.day, ${at(sql`d.day`, '15:30')},
        ${pick(CLASS_NOTES, sql`d.di + cl.c`)}, cl.teacher_id
      from lg_class cl join lg_day d on (d.di + cl.c) % 2 = 0
    ) x`);
  await run(sql`insert into communications (id, school_id, type, title, summary, share_with, status, published_at, created_by,
      created_at, updated_at)
    select a.id, ${lid(sql`'school:' || a.s`)}, 'announcement', left(a.title, 200),
      '<p>' || case when a.c is null then 'Dear families, ' || lower(a.title) || ': more details at the school office.' else a.title end || '</p>',
      case when a.c is null then 'Everyone' else 'Classes' end, 'published', a.published_at, a.author, a.published_at, a.published_at
    from lg_ann a`);
  await run(sql`insert into communication_classes (communication_id, class_id)
    select a.id, cl.id from lg_ann a join lg_class cl on cl.s = a.s and (a.c is null or cl.c = a.c)`);
  // Reads: the key parent has read everything older than a week; other families a fifth of the last four weeks'.
  await run(sql`insert into communication_reads (communication_id, user_id, read_at)
    select distinct on (a.id, p.user_id) a.id, p.user_id, a.published_at + interval '3 hours'
    from lg_parent p join lg_child ch on ch.fam = p.fam
    join lg_ann a on a.s = ch.s and (a.c is null or a.c = ch.c)
    where (a.di >= ${n(lastDi - 19)} and ${rnd(sql`a.i * 131 + p.fam * 7 + p.slot`, 100)} < 20)
      or (p.phone = ${LARGE.phones.parent} and a.di < ${n(lastDi - 4)})
    order by a.id, p.user_id`);

  // Stories of the last four weeks: the class journal each day, a learning story about three children twice a week.
  const recent = sql`lg_day d on d.di >= ${n(lastDi - 19)}`;
  await run(sql`insert into stories (id, school_id, class_id, kind, status, title, body, body_text, what_next, story_date,
      author_id, author_kind, published_at, created_at, updated_at)
    select ${lid(sql`'journal:' || cl.s || ':' || cl.c || ':' || d.di`)}, cl.school_id, cl.id, 'journal', 'published', '',
      '<p>' || ${pick(CLASS_NOTES, sql`d.di * 5 + cl.c`)} || '</p>', ${pick(CLASS_NOTES, sql`d.di * 5 + cl.c`)}, '', d.day,
      cl.teacher_id, 'staff', ${at(sql`d.day`, '15:00')}, ${at(sql`d.day`, '15:00')}, ${at(sql`d.day`, '15:00')}
    from lg_class cl join ${recent}
    union all
    select ${lid(sql`'story:' || cl.s || ':' || cl.c || ':' || d.di`)}, cl.school_id, cl.id, 'story', 'published',
      ${pick(STORY_TITLES, sql`d.di + cl.c`)}, '<p>The children worked together for the whole morning and were proud of the result.</p>',
      'The children worked together for the whole morning and were proud of the result.',
      'We will keep building on this next week.', d.day, cl.teacher_id, 'staff',
      ${at(sql`d.day`, '16:00')}, ${at(sql`d.day`, '16:00')}, ${at(sql`d.day`, '16:00')}
    from lg_class cl join ${recent} where (d.di + cl.c) % 3 = 0`);
  await run(sql`insert into story_children (story_id, student_id)
    select ${lid(sql`'story:' || cl.s || ':' || cl.c || ':' || d.di`)}, ch.id
    from lg_class cl join ${recent} join lg_child ch on ch.s = cl.s and ch.c = cl.c
    where (d.di + cl.c) % 3 = 0 and ((ch.k - 1) - d.di % ${n(K)} + ${n(K)}) % ${n(K)} < 3`);

  // Chat: each class's channel, and the family conversations of a third of the children, over the last weeks.
  const channelMessages = 6;
  const familyMessages = 4;
  await run(sql`insert into chat_conversations (id, school_id, kind, mode, class_id, student_id, title, created_by, last_seq,
      last_message_at, created_at)
    select ${lid(sql`'channel:' || s || ':' || c`)}, school_id, 'channel', 'two_way', id, null, '', teacher_id, ${n(channelMessages)},
      ${at(sql`${plan.days[lastDi]}::date`, '16:00')}, ${started}
    from lg_class
    union all
    select ${lid(sql`'family-chat:' || g`)}, school_id, 'family', 'two_way', class_id, id, '', teacher_id, ${n(familyMessages)},
      ${at(sql`${plan.days[lastDi]}::date`, '17:00')}, ${started}
    from lg_child where k % 3 = 1`);
  await run(sql`insert into chat_messages (id, conversation_id, school_id, seq, sender_id, sender_kind, body, created_at)
    select ${lid(sql`'channel-message:' || cl.s || ':' || cl.c || ':' || m`)}, ${lid(sql`'channel:' || cl.s || ':' || cl.c`)},
      cl.school_id, m, cl.teacher_id, 'staff', ${pick(CHANNEL_MESSAGES, sql`m + cl.c`)},
      ${at(sql`${plan.days[lastDi]}::date - (${n(channelMessages)} - m) * 4`, '16:00')}
    from lg_class cl cross join generate_series(1, ${n(channelMessages)}) m
    union all
    select ${lid(sql`'family-message:' || ch.g || ':' || m`)}, ${lid(sql`'family-chat:' || ch.g`)}, ch.school_id, m,
      case when m % 2 = 1 then p.user_id else ch.teacher_id end, case when m % 2 = 1 then 'parent' else 'staff' end,
      case when m % 2 = 1 then ${pick(CHAT_PARENT, sql`(m - 1) / 2 * 2 + ch.g`)} else ${pick(CHAT_STAFF, sql`(m - 1) / 2 * 2 + ch.g`)} end,
      ${at(sql`${plan.days[lastDi]}::date - (${n(familyMessages)} - m) * 3`, '17:00')}
    from lg_child ch join lg_parent p on p.fam = ch.fam and p.slot = 1 cross join generate_series(1, ${n(familyMessages)}) m
    where ch.k % 3 = 1`);
  await run(sql`insert into chat_reads (conversation_id, user_id, last_read_seq, read_at)
    select ${lid(sql`'family-chat:' || ch.g`)}, ch.teacher_id, ${n(familyMessages - 1)}, ${at(sql`${plan.days[lastDi]}::date`, '18:00')}
    from lg_child ch where ch.k % 3 = 1
    union all
    select ${lid(sql`'family-chat:' || ch.g`)}, p.user_id, ${n(familyMessages)}, ${at(sql`${plan.days[lastDi]}::date`, '18:00')}
    from lg_child ch join lg_parent p on p.fam = ch.fam and p.slot = 1 where ch.k % 3 = 1`);

  // The carelog of the last two weeks for the children who came: lunch, a nap for the younger ones, nappies for toddlers.
  await run(sql`insert into care_entries (id, school_id, class_id, student_id, kind, day, minute, end_minute, details, staff_id,
      created_at, updated_at)
    select ${lid(sql`'care:' || ch.g || ':' || d.di || ':' || e.kind`)}, ch.school_id, ch.class_id, ch.id, e.kind, d.day, e.minute,
      case when e.kind = 'nap' then e.minute + 45 + ${rnd(sql`ch.g * 17 + d.di`, 45)} end,
      case e.kind
        when 'meal' then jsonb_build_object('meal', 'lunch', 'food', ${pick(FOODS, sql`d.di`)},
          'amount', (array['all', 'all', 'most', 'some'])[1 + ${rnd(sql`ch.g * 5 + d.di`, 4)}])
        when 'nappy' then jsonb_build_object('state', (array['wet', 'wet', 'dry', 'dirty'])[1 + ${rnd(sql`ch.g * 3 + d.di`, 4)}])
        else '{}'::jsonb end,
      ch.teacher_id, ${at(sql`d.day`, '12:00')} + e.minute * interval '1 minute' - interval '12 hours',
      ${at(sql`d.day`, '12:00')} + e.minute * interval '1 minute' - interval '12 hours'
    from lg_child ch join lg_day d on d.di >= ${n(lastDi - 9)}
    join attendance_records ar on ar.class_id = ch.class_id and ar.student_id = ch.id and ar.date = d.day and ar.status <> 'absent'
    join (values ('meal', 720, 3), ('nap', 780, 1), ('nappy', 840, 0)) e(kind, minute, upto) on ch.grp <= e.upto`);

  const counts = await q.execute(sql`select
    (select count(*) from schools where organization_id = ${LARGE.organizationId})::int as schools,
    (select count(*) from lg_class)::int as classes,
    (select count(*) from lg_child)::int as children,
    (select count(*) from lg_parent)::int as parents,
    (select count(*) from lg_staff)::int as staff,
    (select count(*) from lg_child ch join attendance_records ar on ar.class_id = ch.class_id and ar.student_id = ch.id)::int as attendance,
    (select count(*) from observations o join lg_class cl on cl.id = o.class_id)::int as observations,
    (select count(*) from observations o join lg_class cl on cl.id = o.class_id where o.media <> '[]'::jsonb)::int as observations_with_photos,
    (select count(*) from lg_ann)::int as announcements,
    (select count(*) from communication_reads r join lg_ann a on a.id = r.communication_id)::int as announcement_reads,
    (select count(*) from stories s join lg_class cl on cl.id = s.class_id)::int as stories,
    (select count(*) from chat_messages m join chat_conversations c on c.id = m.conversation_id join lg_class cl on cl.id = c.class_id)::int as chat_messages,
    (select count(*) from care_entries e join lg_class cl on cl.id = e.class_id)::int as care_entries,
    ${n(3 * P)} as photos`);
  const rows = (counts as unknown as { rows?: Record<string, number>[] }).rows ?? (counts as unknown as Record<string, number>[]);
  return rows[0] ?? {};
}

export interface LargeSeedOptions {
  /** 1: the full size; 0.02: a tiny one for tests (the same code, fewer classes and children). */
  scale?: number;
  /** Where the photos' bytes go (the server's object store); without it only their records are written. */
  objects?: ObjectStore;
}

export interface LargeSeedResult {
  seeded: boolean;
  seconds: number;
  counts: Record<string, number>;
}

/** The server's object store for the photos: the configured bucket, else DATA_DIR/media (as the server's). */
export async function largeObjectStore(config: Pick<Config, 'objectStorage' | 'dataDir'>): Promise<ObjectStore> {
  if (!config.objectStorage) return new LocalStorage(path.join(config.dataDir, 'media'));
  const s3 = new S3Storage(config.objectStorage);
  await s3.ensureBucket();
  return s3;
}

/** Seeds the large organization unless it is there; says whether it did, in how long, and what it wrote. */
export async function seedLarge(db: Db, now: Date, opts: LargeSeedOptions = {}): Promise<LargeSeedResult> {
  const started = performance.now();
  const [present] = await db.select({ n: count() }).from(t.organizations).where(eq(t.organizations.id, LARGE.organizationId));
  if (Number(present?.n ?? 0) > 0) return { seeded: false, seconds: 0, counts: {} };
  const plan = largePlan(now, opts.scale ?? 1);
  const photos: { key: string; bytes: Buffer }[] = [];
  for (let s = 1; s <= 3; s++) {
    const drawn = await Promise.all(
      Array.from({ length: plan.photosPerSchool }, (_, i) => drawPhoto(s * 1000 + i + 1).then((bytes) => ({ i, bytes }))),
    );
    for (const { i, bytes } of drawn) photos.push({ key: largePhotoKey(s, i + 1), bytes });
  }
  // The files first (their names are stable: a second try writes the same ones), then every row in one transaction.
  const objects = opts.objects;
  if (objects) {
    for (let i = 0; i < photos.length; i += 20) {
      await Promise.all(photos.slice(i, i + 20).map((p) => objects.put(p.key, p.bytes, 'image/jpeg')));
    }
  }
  const counts = await db.transaction((tx) =>
    write(
      tx,
      plan,
      photos.map((p) => p.bytes.length),
    ),
  );
  return { seeded: true, seconds: (performance.now() - started) / 1000, counts };
}

/** Seeds the large organization unless it is there; returns whether it did. */
export async function seedLargeIfMissing(db: Db, now: Date, opts: LargeSeedOptions = {}): Promise<boolean> {
  return (await seedLarge(db, now, opts)).seeded;
}
