import { type Dashboard, dashboardResponseSchema, ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, parentToken, signIn, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let tara: string;
let neha: { staff: string; parent: string };
let anita: string;
let sam: string;
let rohan: string;
let mona: string;
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');
const toddlers = demoId('class:toddlers');
const aarav = demoId('student:Aarav Sharma');
const ira = demoId('student:Ira Sharma');
const diya = demoId('student:Diya Patel');
const kabir = demoId('student:Kabir Khan');

beforeAll(async () => {
  t = await createTestApp();
  // A Wednesday three weeks ahead, 10:00 UTC: a school day of every demo class, with nothing recorded yet.
  const now = t.clock.now();
  const days = ((3 - now.getUTCDay() + 7) % 7) + 21;
  const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 10);
  t.clock.advance(target - now.getTime());
  const dual = await signIn(t, '9000000005');
  if (!dual.staff_user || !dual.parent_user) throw new Error('Neha is staff and parent');
  neha = { staff: dual.staff_user.access_token, parent: dual.parent_user.access_token };
  [tara, anita, sam, rohan, mona] = [
    await staffToken(t, '9000000003'),
    await staffToken(t, '9000000002'),
    await staffToken(t, '9000000001'),
    await parentToken(t, '9000000004'),
    await staffToken(t, '9000000006'),
  ];
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.request({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The dashboard as the token's side sees it, checked against the contract's response schema. */
async function dashboard(token: string): Promise<Dashboard> {
  const res = await call('GET', ROUTES.dashboard.path, token);
  expect(res.statusCode).toBe(200);
  return dashboardResponseSchema.parse(res.json()).result;
}
async function staffSide(token: string) {
  const d = await dashboard(token);
  if (d.side !== 'staff') throw new Error(`expected the staff side, got ${d.side}`);
  return d;
}
async function parentSide(token: string) {
  const d = await dashboard(token);
  if (d.side !== 'parent') throw new Error(`expected the parent side, got ${d.side}`);
  return d;
}
const classOf = async (token: string, id: string) => (await staffSide(token)).classes.find((c) => c.id === id);
const childOf = async (token: string, id: string) => (await parentSide(token)).children.find((c) => c.id === id);

describe('GET /api/dashboard/', () => {
  it('answers 401 without a token or with a refresh token', async () => {
    expect((await t.request({ method: 'GET', url: ROUTES.dashboard.path })).statusCode).toBe(401);
    const login = await signIn(t, '9000000003');
    expect((await call('GET', ROUTES.dashboard.path, login.staff_user?.refresh_token ?? '')).statusCode).toBe(401);
  });

  it('shows a teacher her own classes only, with today not taken yet', async () => {
    const d = await staffSide(tara);
    expect(d.classes.map((c) => c.class_name)).toEqual(['Nursery A']);
    expect(d.classes[0]).toMatchObject({
      id: nurseryA,
      student_count: 12,
      attendance: { state: 'not_taken', marked: 0 },
      excusals_pending: 0,
      observations_this_week: 0,
    });
    expect(d.classes[0]?.without_observation).toHaveLength(12);
    expect((await staffSide(neha.staff)).classes.map((c) => c.class_name)).toEqual(['Kindergarten B']);
    // Class managers see every class of their school, and only of their school.
    expect((await staffSide(anita)).classes.map((c) => c.class_name).sort()).toEqual(['Kindergarten B', 'Nursery A']);
    expect((await staffSide(mona)).classes.map((c) => c.id)).toEqual([toddlers]);
  });

  it("follows today's attendance: taken with counts, then complete", async () => {
    const { date } = await staffSide(tara);
    const save = (marks: [string, string][], complete: boolean) =>
      call('POST', `/api/class_student_attendance/${nurseryA}`, tara, {
        date,
        student_attendance_list: marks.map(([student_id, attendance_status]) => ({ student_id, attendance_status })),
        is_saved: complete,
      });
    expect(
      (
        await save(
          [
            [aarav, 'present'],
            [kabir, 'absent'],
          ],
          false,
        )
      ).statusCode,
    ).toBe(200);
    expect((await classOf(tara, nurseryA))?.attendance).toMatchObject({ state: 'taken', marked: 2, present: 1, absent: 1 });
    // Nobody else's class moved.
    expect((await classOf(anita, kgB))?.attendance).toMatchObject({ state: 'not_taken', marked: 0 });

    expect((await save([[diya, 'late']], true)).statusCode).toBe(200);
    expect((await classOf(tara, nurseryA))?.attendance).toMatchObject({
      state: 'complete',
      marked: 3,
      present: 1,
      late: 1,
      absent: 1,
    });
    // The parent sees the child's mark of today; a child of a class not taken yet is not marked.
    expect((await childOf(rohan, aarav))?.attendance).toBe('present');
    expect((await childOf(rohan, ira))?.attendance).toBe('NA');
  });

  it('lists the reported absences of her classes waiting for a decision, until decided', async () => {
    const { date } = await staffSide(tara);
    const reported = await call('POST', `/api/create_child_excusal/${kgB}`, rohan, {
      student_id: ira,
      from_date: date,
      to_date: date,
      reason: 'Dentist',
    });
    expect(reported.statusCode).toBe(200);
    const excusal = reported.json().result;
    // Ira is in Kindergarten B: Neha's class, not Tara's.
    expect((await staffSide(tara)).excusals).toEqual([]);
    const nehas = await staffSide(neha.staff);
    expect(nehas.excusals).toEqual([
      expect.objectContaining({
        id: excusal.id,
        class_name: 'Kindergarten B',
        reason: 'Dentist',
        student: expect.objectContaining({ id: ira }),
      }),
    ]);
    expect(nehas.classes[0]?.excusals_pending).toBe(1);

    expect(
      (await call('POST', `/api/fetch_update_class_excusal/${kgB}`, neha.staff, { excusal_id: excusal.id, status: 'approved' }))
        .statusCode,
    ).toBe(200);
    expect((await staffSide(neha.staff)).excusals).toEqual([]);
    // Approved: the day shows as excused to the family too, though nobody marked it.
    expect((await childOf(rohan, ira))?.attendance).toBe('excused');
    const month = await call('GET', `/api/student_weekly_attendance/${ira}`, rohan);
    expect(month.json().result.days).toContainEqual({ date, attendance_status: 'excused' });
  });

  it("shows a person's own drafts and scheduled items, never another's", async () => {
    const draft = await call('POST', ROUTES.announcementCreate.path, tara, { title: 'Picnic draft', save_as_draft: true });
    expect(draft.statusCode).toBe(200);
    const later = new Date(t.clock.now().getTime() + 3 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const hour = later.getUTCHours();
    const scheduled = await call('POST', ROUTES.homeworkCreate.path, tara, {
      title: 'Bring a leaf',
      classes_ids: [nurseryA],
      schedule_later: true,
      date: `${pad(later.getUTCDate())}-${pad(later.getUTCMonth() + 1)}-${later.getUTCFullYear()}`,
      time: `${pad(hour % 12 || 12)}:${pad(later.getUTCMinutes())} ${hour < 12 ? 'AM' : 'PM'}`,
    });
    expect(scheduled.statusCode).toBe(200);

    const d = await staffSide(tara);
    expect(d.drafts).toEqual([
      expect.objectContaining({ id: draft.json().result.id, type: 'announcement', title: 'Picnic draft' }),
    ]);
    expect(d.scheduled).toEqual([
      expect.objectContaining({
        id: scheduled.json().result.id,
        type: 'homework',
        title: 'Bring a leaf',
        date: expect.any(String),
      }),
    ]);
    // The admin may manage others' announcements, but the dashboard lists her own.
    const admins = await staffSide(anita);
    expect(admins.drafts).toEqual([]);
    expect(admins.scheduled).toEqual([]);
  });

  it('counts observations this week and names the children without one', async () => {
    const { date } = await staffSide(tara);
    const observe = (studentId: string, visibility: 'family' | 'staff') =>
      call('POST', ROUTES.observationCreate.path, tara, {
        class_id: nurseryA,
        visibility,
        observation_entries: [{ student_id: studentId, date, general_note: 'Built a tower of ten blocks' }],
      });
    expect((await observe(aarav, 'family')).statusCode).toBe(200);
    expect((await observe(aarav, 'staff')).statusCode).toBe(200);
    expect((await observe(kabir, 'staff')).statusCode).toBe(200);

    const cls = await classOf(tara, nurseryA);
    expect(cls?.observations_this_week).toBe(3);
    expect(cls?.without_observation).toHaveLength(10);
    expect(cls?.without_observation.map((s) => s.id)).not.toContain(aarav);
    expect(cls?.without_observation.map((s) => s.id)).not.toContain(kabir);
    // The family sees what was shared with it only.
    expect((await childOf(rohan, aarav))?.new_portfolio_items).toBe(1);
    expect((await childOf(rohan, ira))?.new_portfolio_items).toBe(0);
  });

  it('shows a parent his own children only, with the announcements he has not opened', async () => {
    const d = await parentSide(rohan);
    expect(d.children.map((c) => c.id).sort()).toEqual([aarav, ira].sort());
    expect(d.children.map((c) => c.first_name).sort()).toEqual(['Aarav', 'Ira']);
    const before = (await childOf(rohan, aarav))?.new_announcements ?? 0;
    const beforeIra = (await childOf(rohan, ira))?.new_announcements ?? 0;

    const sent = await call('POST', ROUTES.announcementCreate.path, tara, {
      title: 'Rain boots tomorrow',
      share_with: 'Classes',
      classes_ids: [nurseryA],
    });
    expect(sent.statusCode).toBe(200);
    expect((await childOf(rohan, aarav))?.new_announcements).toBe(before + 1);
    expect((await childOf(rohan, ira))?.new_announcements).toBe(beforeIra);

    // Opened: no longer new.
    expect((await call('GET', `/api/communication/announcements/${sent.json().result.id}`, rohan)).statusCode).toBe(200);
    expect((await childOf(rohan, aarav))?.new_announcements).toBe(before);

    // A dual-role person's parent token gets her child; her staff token her class.
    expect((await parentSide(neha.parent)).children.map((c) => c.id)).toEqual([diya]);
  });

  it("never shows another school's data", async () => {
    const body = JSON.stringify(await dashboard(mona));
    for (const marker of [
      'Sunrise',
      'Nursery A',
      'Kindergarten B',
      'Aarav',
      'Picnic draft',
      'Bring a leaf',
      nurseryA,
      kgB,
      aarav,
    ])
      expect(body).not.toContain(marker);
    const sunrise = JSON.stringify(await dashboard(tara));
    for (const marker of ['Moonbeam', 'Toddlers', toddlers]) expect(sunrise).not.toContain(marker);
  });

  it('an admin who teaches nothing sees no class once she no longer manages classes', async () => {
    const role = await call('POST', ROUTES.roleCreate.path, sam, { name: 'Office', permissions: ['admin_portal.staff'] });
    expect(role.statusCode).toBe(200);
    const moved = await call('PUT', `/api/staff/${demoId('user:9000000002')}`, sam, {
      role_id: role.json().result.id,
      class_ids: [],
    });
    expect(moved.statusCode).toBe(200);
    const d = await staffSide(anita);
    expect(d.classes).toEqual([]);
    expect(d.excusals).toEqual([]);
  });
});
