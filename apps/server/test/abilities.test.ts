import { ROUTES, type RouteDef } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

/**
 * Presenters say what the caller may do with each object (`abilities`), by the same rules the
 * services enforce: the web app shows its buttons from these and never re-derives them.
 */
let t: TestApp;
let sam: string;
let anita: string;
let tara: string;
let neha: string;
let rohan: string;
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');

beforeAll(async () => {
  t = await createTestApp();
  sam = await staffToken(t, '9000000001');
  anita = await staffToken(t, '9000000002');
  tara = await staffToken(t, '9000000003');
  neha = await staffToken(t, '9000000005');
  rohan = await parentToken(t, '9000000004');
});
afterAll(() => t.close());

const call = <D extends RouteDef>(def: D, token: string, options: { id?: string; query?: string; payload?: object } = {}) =>
  t.request({
    method: def.method,
    url: def.path.replace(':id', options.id ?? '') + (options.query ? `?${options.query}` : ''),
    headers: bearer(token),
    ...(options.payload ? { payload: options.payload } : {}),
  });
const ddmmyyyy = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('-');
/** A weekday of the week before the fake clock's week (1 = Monday). */
const lastWeek = (day: number) => {
  const now = t.clock.now();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7) - 7));
  monday.setUTCDate(monday.getUTCDate() + day - 1);
  return ddmmyyyy(monday);
};

describe('staff members', () => {
  it('an admin may change and remove colleagues, not the super admin who holds more, and never remove herself', async () => {
    const staff = expectResponse(ROUTES.staffList, await call(ROUTES.staffList, anita)).result;
    const of = (phone: string) => staff.find((s) => s.id === demoId(`user:${phone}`))?.abilities;
    expect(of('9000000001')).toEqual({ can_edit: false, can_remove: false, can_resend: false });
    expect(of('9000000002')).toEqual({ can_edit: true, can_remove: false, can_resend: false });
    expect(of('9000000003')).toEqual({ can_edit: true, can_remove: true, can_resend: false });
    // What the list says is what the server does.
    const refused = await call(ROUTES.staffUpdate, anita, { id: demoId('user:9000000001'), payload: { first_name: 'Sammy' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PRIVILEGE_EXCEEDED');
  });

  it('the super admin may change everyone', async () => {
    const staff = expectResponse(ROUTES.staffList, await call(ROUTES.staffList, sam)).result;
    expect(staff.filter((s) => s.status === 'active').every((s) => s.abilities.can_edit)).toBe(true);
    expect(staff.find((s) => s.id === demoId('user:9000000001'))?.abilities.can_remove).toBe(false);
  });

  it('a changed member comes back with what the caller may do with them', async () => {
    const saved = expectResponse(
      ROUTES.staffUpdate,
      await call(ROUTES.staffUpdate, anita, { id: demoId('user:9000000003'), payload: { first_name: 'Tara' } }),
    );
    expect(saved.result.abilities).toEqual({ can_edit: true, can_remove: true, can_resend: false });
  });
});

describe('roles', () => {
  it('an admin may change only roles she holds all of, and delete only those nobody holds', async () => {
    const created = expectResponse(
      ROUTES.roleCreate,
      await call(ROUTES.roleCreate, anita, { payload: { name: 'Helpers', permissions: ['daily_communication.homework'] } }),
    );
    expect(created.result.abilities).toEqual({ can_edit: true, can_delete: true });
    const roles = expectResponse(ROUTES.roleList, await call(ROUTES.roleList, anita)).result;
    const of = (name: string) => roles.find((r) => r.name === name)?.abilities;
    expect(of('Super Admin')).toEqual({ can_edit: false, can_delete: false });
    expect(of('Teacher')).toEqual({ can_edit: true, can_delete: false });
    expect((await call(ROUTES.roleDelete, anita, { id: roles.find((r) => r.name === 'Teacher')?.id })).statusCode).toBe(409);
  });
});

describe("a class's day", () => {
  it('open: mark and complete; complete: reopen; a holiday or a day to come: nothing', async () => {
    const date = lastWeek(2);
    const open = expectResponse(
      ROUTES.classAttendance,
      await call(ROUTES.classAttendance, tara, { id: nurseryA, query: `date=${date}` }),
    );
    expect(open.result.abilities).toEqual({ can_edit: true, can_complete: true, can_reopen: false });

    const list = open.result.student_attendance_list.map((e) => ({ ...e, attendance_status: 'present' }));
    const done = expectResponse(
      ROUTES.classAttendanceSave,
      await call(ROUTES.classAttendanceSave, tara, {
        id: nurseryA,
        payload: { date, student_attendance_list: list, is_saved: true },
      }),
    );
    expect(done.result.abilities).toEqual({ can_edit: true, can_complete: false, can_reopen: true });
    // A class manager who does not teach the class may reopen it too, as the server lets her.
    const asAdmin = expectResponse(
      ROUTES.classAttendance,
      await call(ROUTES.classAttendance, anita, { id: nurseryA, query: `date=${date}` }),
    );
    expect(asAdmin.result.abilities.can_reopen).toBe(true);

    const holiday = lastWeek(3);
    expectResponse(
      ROUTES.calendarCreate,
      await call(ROUTES.calendarCreate, anita, {
        payload: { title: 'Closed', start_date: holiday, end_date: holiday, class_id: null, is_holiday: true },
      }),
    );
    const closed = expectResponse(
      ROUTES.classAttendance,
      await call(ROUTES.classAttendance, tara, { id: nurseryA, query: `date=${holiday}` }),
    );
    expect(closed.result.abilities).toEqual({ can_edit: false, can_complete: false, can_reopen: false });

    const later = ddmmyyyy(new Date(t.clock.now().getTime() + 8 * 86_400_000));
    const coming = expectResponse(
      ROUTES.classAttendance,
      await call(ROUTES.classAttendance, tara, { id: nurseryA, query: `date=${later}` }),
    );
    expect(coming.result.abilities.can_edit).toBe(false);
  });
});

describe('announcements', () => {
  it('the creator edits and deletes her own; another teacher neither; once sent, no one edits and the permitted delete', async () => {
    const draft = expectResponse(
      ROUTES.announcementCreate,
      await call(ROUTES.announcementCreate, tara, { payload: { title: 'Trip', summary: '<p>Zoo</p>', save_as_draft: true } }),
    );
    expect(draft.result.abilities).toEqual({ can_edit: true, can_delete: true });
    const sent = expectResponse(
      ROUTES.announcementUpdate,
      await call(ROUTES.announcementUpdate, tara, { id: draft.result.id, payload: { title: 'Trip', summary: '<p>Zoo</p>' } }),
    );
    expect(sent.result.abilities).toEqual({ can_edit: false, can_delete: true });
    const asNeha = expectResponse(ROUTES.announcementGet, await call(ROUTES.announcementGet, neha, { id: draft.result.id }));
    expect(asNeha.result.abilities).toEqual({ can_edit: false, can_delete: false });
    expect((await call(ROUTES.announcementDelete, neha, { id: draft.result.id })).statusCode).toBe(403);
    const asAnita = expectResponse(ROUTES.announcementGet, await call(ROUTES.announcementGet, anita, { id: draft.result.id }));
    expect(asAnita.result.abilities).toEqual({ can_edit: false, can_delete: true });
  });
});

describe('observations', () => {
  it('staff of the class edit and delete them; parents only read', async () => {
    const made = expectResponse(
      ROUTES.observationCreate,
      await call(ROUTES.observationCreate, tara, {
        payload: {
          class_id: nurseryA,
          observation_entries: [{ student_id: aarav, date: lastWeek(1), general_note: 'Built a tall tower' }],
        },
      }),
    );
    expect(made.result.observation_entries[0]?.abilities).toEqual({ can_edit: true, can_delete: true });
    const family = expectResponse(
      ROUTES.observationList,
      await call(ROUTES.observationList, rohan, { query: `student_id=${aarav}` }),
    );
    const seen = family.result.items.find((o) => o.id === made.result.observation_entries[0]?.id);
    expect(seen?.abilities).toEqual({ can_edit: false, can_delete: false });
  });
});
