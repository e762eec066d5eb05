import { ROUTES } from '@cue/contract';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/platform/db/schema.js';
import { demoId } from '../src/seed/demo.js';
import { LARGE, largeId, largePlan, seedLarge } from '../src/seed/large.js';
import { bearer, createTestApp, expectResponse, signIn, staffToken, type TestApp } from './harness.js';

/* The large demo organization at a fiftieth of its size: the same code as `npm run seed:large`. */
const SCALE = 0.02;
let t: TestApp;
let seconds = 0;
const schoolIds = LARGE.schools.map((school) => school.id);

beforeAll(async () => {
  t = await createTestApp({ SEED: 'large' });
  const result = await seedLarge(t.database.db, t.clock.now(), { scale: SCALE, objects: t.services.storage.objects });
  expect(result.seeded).toBe(true);
  seconds = result.seconds;
}, 120_000);
afterAll(() => t.close());

const n = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

describe('the large demo organization, small', () => {
  it('has its schools, classes, children, families and staff next to the demo school', async () => {
    const db = t.database.db;
    const plan = largePlan(t.clock.now(), SCALE);
    const classCount = 3 * plan.classesPerSchool;
    const children = classCount * plan.childrenPerClass;
    expect(await n(db.select({ n: count() }).from(s.schools).where(eq(s.schools.organizationId, LARGE.organizationId)))).toBe(3);
    expect(await n(db.select({ n: count() }).from(s.classes).where(inArray(s.classes.schoolId, schoolIds)))).toBe(classCount);
    expect(await n(db.select({ n: count() }).from(s.students).where(inArray(s.students.schoolId, schoolIds)))).toBe(children);
    // Staff: the super admin (a member of the three schools), an admin per school, class teachers and assistants.
    const staff = await n(
      db
        .select({ n: sql<number>`count(distinct ${s.memberships.userId})` })
        .from(s.memberships)
        .where(inArray(s.memberships.schoolId, schoolIds)),
    );
    expect(staff).toBe(1 + 3 * (1 + plan.classesPerSchool + plan.assistantsPerSchool));
    // Every child has a family with a signed-in parent.
    const withoutParent = await db.execute(sql`select count(*)::int as n from students st
      where st.school_id in (${sql.join(
        schoolIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and not exists (select 1 from parent_children pc join parents p on p.id = pc.parent_id join users u on u.id = p.user_id
        where pc.student_id = st.id and u.phone like '92%')`);
    expect(Number((withoutParent as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(0);
    // The demo school is untouched: its organization and its first admin are as they were.
    expect(await n(db.select({ n: count() }).from(s.organizations))).toBe(2);
    expect(await n(db.select({ n: count() }).from(s.users).where(eq(s.users.phone, '9000000002')))).toBe(1);
  });

  it('has a school year of attendance, observations with photos, announcements, stories, chat and carelog', async () => {
    const db = t.database.db;
    const plan = largePlan(t.clock.now(), SCALE);
    const children = 3 * plan.classesPerSchool * plan.childrenPerClass;
    const largeClasses = db.select({ id: s.classes.id }).from(s.classes).where(inArray(s.classes.schoolId, schoolIds));
    expect(plan.days).toHaveLength(180);
    expect(plan.days.every((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()))).toBe(true);
    expect((plan.days.at(-1) ?? '') < plan.today).toBe(true);
    expect(
      await n(db.select({ n: count() }).from(s.attendanceRecords).where(inArray(s.attendanceRecords.classId, largeClasses))),
    ).toBe(children * plan.days.length);
    expect(await n(db.select({ n: count() }).from(s.attendanceDays).where(inArray(s.attendanceDays.classId, largeClasses)))).toBe(
      3 * plan.classesPerSchool * plan.days.length,
    );
    const absent = await n(
      db
        .select({ n: count() })
        .from(s.attendanceRecords)
        .where(and(inArray(s.attendanceRecords.classId, largeClasses), eq(s.attendanceRecords.status, 'absent'))),
    );
    expect(absent).toBeGreaterThan(0);
    expect(absent).toBeLessThan((children * plan.days.length) / 5);
    const observations = await n(
      db.select({ n: count() }).from(s.observations).where(inArray(s.observations.schoolId, schoolIds)),
    );
    expect(observations).toBe(children * 40);
    const withPhotos = await n(
      db
        .select({ n: count() })
        .from(s.observations)
        .where(and(inArray(s.observations.schoolId, schoolIds), ne(s.observations.media, sql`'[]'::jsonb`))),
    );
    expect(withPhotos).toBeGreaterThan(observations / 4);
    expect(await n(db.select({ n: count() }).from(s.media).where(inArray(s.media.schoolId, schoolIds)))).toBe(
      3 * plan.photosPerSchool,
    );
    expect(await n(db.select({ n: count() }).from(s.communications).where(inArray(s.communications.schoolId, schoolIds)))).toBe(
      3 * plan.days.length * plan.schoolWidePerDay + 3 * plan.classesPerSchool * (plan.days.length / 2),
    );
    for (const table of [s.stories, s.chatMessages, s.careEntries] as const) {
      expect(await n(db.select({ n: count() }).from(table).where(inArray(table.schoolId, schoolIds)))).toBeGreaterThan(0);
    }
  });

  it('is written once, quickly', async () => {
    expect(seconds).toBeLessThan(30);
    expect((await seedLarge(t.database.db, t.clock.now(), { scale: SCALE })).seeded).toBe(false);
  });

  it("shows a signed-in parent their own child only, with the child's observations and photos and the school's announcements", async () => {
    const signedIn = await signIn(t, LARGE.phones.parent);
    const children = signedIn.parent_user?.user_details.child_list.map((c) => c._id);
    expect(children).toEqual([LARGE.childId]);
    const token = signedIn.parent_user?.access_token ?? '';
    const notes = expectResponse(
      ROUTES.observationList,
      await t.request({
        method: 'GET',
        url: `${ROUTES.observationList.path}?student_id=${LARGE.childId}&page_size=50`,
        headers: bearer(token),
      }),
    ).result;
    expect(notes.total).toBe(40);
    expect(notes.items.every((o) => o.student_id === LARGE.childId)).toBe(true);
    const photo = notes.items.flatMap((o) => o.media).find((m) => m.kind === 'image');
    expect(photo?.media_link).toMatch(/^\/media\/uploads\/.+\.jpg\?exp=/);
    const file = await t.request({ method: 'GET', url: photo?.media_link ?? '', headers: bearer(token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/jpeg');
    // Another child of the same class is not theirs.
    const other = await t.request({
      method: 'GET',
      url: `${ROUTES.observationList.path}?student_id=${largeId('student:1:1:2')}`,
      headers: bearer(token),
    });
    expect(other.statusCode === 200 ? other.json().result.total : 0).toBe(0);
    const news = expectResponse(
      ROUTES.announcementList,
      await t.request({ method: 'GET', url: ROUTES.announcementList.path, headers: bearer(token) }),
    ).result;
    const plan = largePlan(t.clock.now(), SCALE);
    expect(news.total).toBe(plan.days.length * plan.schoolWidePerDay + plan.days.length / 2);
  });

  it("lets the school's teacher and admin in to their class, and keeps the admin out of the demo school's", async () => {
    const teacher = await staffToken(t, LARGE.phones.teacher);
    const mine = await t.request({ method: 'GET', url: ROUTES.staffClasses.path, headers: bearer(teacher) });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(LARGE.classId);
    const admin = await staffToken(t, LARGE.phones.admins[0]);
    const own = await t.request({ method: 'GET', url: `/api/classes/${LARGE.classId}`, headers: bearer(admin) });
    expect(own.statusCode).toBe(200);
    const sunrise = await t.request({ method: 'GET', url: `/api/classes/${demoId('class:nurseryA')}`, headers: bearer(admin) });
    expect(sunrise.statusCode).toBe(404);
  });
});
