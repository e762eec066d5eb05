import type { AddressInfo } from 'node:net';
import { DISPERSAL_MESSAGES, DISPERSAL_UPDATED_EVENT, type DispersalUpdatedEvent, ERROR_CODES, ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { DEMO_HEALTH_QUESTION, seedDemoDispersalIfEmpty } from '../src/seed/dispersal.js';
import {
  bearer,
  connectSocket,
  createTestApp,
  expectResponse,
  type Method,
  parentToken,
  requester,
  staffToken,
  type TestApp,
} from './harness.js';

/**
 * Drop-off and pick-up at the desk (issue 24): settings, a class's day, check-in and check-out with the
 * adult checked against the child's record (parents, collectors, one-time codes; blocked and unknown
 * people refused with an alert), attendance marked on arrival (late after the threshold, never
 * downgraded, a completed day left completed), late pick-ups, removing an entry, alerts, dismissal,
 * and the family's side (pick-ups, one-time people, family codes), across schools and families.
 */
let t: TestApp;
let port = 0;
let anita: string; // admin of Sunrise
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let mona: string; // teacher at Moonbeam (another school)
let rohan: string; // parent of Aarav (Nursery A) and Ira (Kindergarten B)
let nehaParent: string; // parent of Diya (Nursery A)
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const toddlers = demoId('class:toddlers');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const kabir = demoId('student:Kabir Khan');
const vihaan = demoId('student:Vihaan Gupta');
const meera = demoId('student:Meera Nair');
const riya = demoId('student:Riya Kapoor');
const adam = demoId('student:Adam Nassar');
const rohanParentId = demoId('parent:9000000004');
let kamalaId = '';

const req = requester(() => t);

/** Moves the fake clock forward to hh:mm UTC (the demo schools' zone) of its current day. */
function at(hour: number, minute = 0): void {
  const now = t.clock.now();
  const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute);
  if (target < now.getTime()) throw new Error('the clock only moves forward');
  t.clock.advance(target - now.getTime());
}
const wireToday = () => t.clock.now().toISOString().slice(0, 10).split('-').reverse().join('-');
const wireDay = (days: number) =>
  new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');

const classDay = async (token: string, classId = nurseryA) =>
  expectResponse(ROUTES.dispersalClassDay, await req('GET', `/api/dispersal/classes/${classId}`, token)).result;
const childOf = async (id: string) => {
  const found = (await classDay(tara)).children.find((c) => c.student.id === id);
  if (!found) throw new Error(`${id} is not in Nursery A`);
  return found;
};
const attendanceOf = async (id: string, classId = nurseryA, token = tara) => {
  const day = expectResponse(ROUTES.classAttendance, await req('GET', `/api/class_student_attendance/${classId}`, token)).result;
  return { status: day.student_attendance_list.find((e) => e.student_id === id)?.attendance_status, saved: day.is_saved };
};
const openAlerts = async (token = anita) =>
  expectResponse(ROUTES.dispersalAlerts, await req('GET', '/api/dispersal/alerts', token)).result;

const connectAs = (token: string) => connectSocket(port, token);

beforeAll(async () => {
  // Tokens outlive the day the test walks through (the clock moves by hours).
  t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: String(3 * 86_400) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  // Next Monday, 07:00 UTC: a day Nursery A meets (09:00 to 15:00).
  const now = t.clock.now();
  const days = ((8 - now.getUTCDay()) % 7) + 7;
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 7, 0);
  t.clock.advance(monday - now.getTime());
  [anita, tara, neha, mona, rohan, nehaParent] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    staffToken(t, '9000000006'),
    parentToken(t, '9000000004'),
    parentToken(t, '9000000005'),
  ]);
  const kamala = await req('POST', `/api/student/${aarav}/contacts`, anita, {
    kind: 'collector',
    name: 'Kamala Sharma',
    relationship: 'Grandmother',
    phone: '9876543210',
  });
  expect(kamala.statusCode, kamala.body).toBe(200);
  kamalaId = kamala.json().result.id;
  const blocked = await req('POST', `/api/student/${aarav}/contacts`, anita, {
    kind: 'not_allowed',
    name: 'Vikram Śharma',
    relationship: 'Uncle',
    reason: 'Court order of 2026',
  });
  expect(blocked.statusCode, blocked.body).toBe(200);
  const farah = await req('POST', `/api/student/${kabir}/contacts`, anita, {
    kind: 'collector',
    name: 'Farah Khan',
    relationship: 'Aunt',
  });
  expect(farah.statusCode, farah.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('drop-off and pick-up at the desk', () => {
  it('answers 401 without a sign-in and 403 to a family on every staff route', async () => {
    const staffRoutes: [Method, string][] = [
      ['GET', `/api/dispersal/classes/${nurseryA}`],
      ['GET', '/api/dispersal/dismissal'],
      ['POST', '/api/dispersal/check_in'],
      ['POST', '/api/dispersal/check_out'],
      ['DELETE', `/api/dispersal/events/${demoId('x')}`],
      ['GET', '/api/dispersal/alerts'],
      ['POST', `/api/dispersal/alerts/${demoId('x')}/close`],
      ['GET', '/api/dispersal/settings'],
      ['PUT', '/api/dispersal/settings'],
      ['GET', '/api/dispersal/kiosks/'],
      ['POST', '/api/dispersal/kiosks/'],
      ['DELETE', `/api/dispersal/kiosks/${demoId('x')}`],
    ];
    const familyRoutes: [Method, string][] = [
      ['GET', `/api/student/${aarav}/pickups`],
      ['GET', `/api/student/${aarav}/pickup_events`],
      ['POST', `/api/student/${aarav}/one_time_pickups`],
      ['DELETE', `/api/one_time_pickups/${demoId('x')}`],
      ['GET', '/api/family_codes/'],
      ['POST', '/api/family_codes/renew'],
    ];
    for (const [method, url] of [...staffRoutes, ...familyRoutes]) {
      const res = await req(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    for (const [method, url] of staffRoutes) {
      const res = await req(method, url, rohan, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // Staff have no family codes.
    expect((await req('GET', '/api/family_codes/', tara)).statusCode).toBe(403);
  });

  it('settings: defaults first, saved by drop-off admins only, checked', async () => {
    const first = expectResponse(ROUTES.dispersalSettingsGet, await req('GET', '/api/dispersal/settings', tara)).result;
    expect(first).toEqual({
      health_question: null,
      late_after_minutes: 15,
      closing_time: null,
      late_pickup_grace_minutes: 10,
      notify_families: true,
      mark_attendance: true,
    });
    const body = { ...first, health_question: 'Has your child been well since yesterday?' };
    expect((await req('PUT', '/api/dispersal/settings', tara, body)).statusCode).toBe(403);
    const bad = await req('PUT', '/api/dispersal/settings', anita, { ...body, late_after_minutes: 999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('late_after_minutes');
    const saved = expectResponse(ROUTES.dispersalSettingsSave, await req('PUT', '/api/dispersal/settings', anita, body));
    expect(saved.message).toBe(DISPERSAL_MESSAGES.settingsSaved);
    expect(saved.result.health_question).toBe('Has your child been well since yesterday?');
    // Another school keeps its own.
    expect(
      expectResponse(ROUTES.dispersalSettingsGet, await req('GET', '/api/dispersal/settings', mona)).result.health_question,
    ).toBeNull();
  });

  it("a class's day: its children, who may collect them, who must not; the class's staff only", async () => {
    const day = await classDay(tara);
    expect(day.class.id).toBe(nurseryA);
    expect(day.children).toHaveLength(12);
    expect(day.counts).toEqual({ children: 12, in: 0, out: 0, not_arrived: 12 });
    expect(day.health_question).toBe('Has your child been well since yesterday?');
    const child = day.children.find((c) => c.student.id === aarav);
    expect(child?.status).toBe('not_arrived');
    expect(child?.expected.map((e) => [e.kind, e.name])).toEqual([
      ['parent', 'Rohan Sharma'],
      ['collector', 'Kamala Sharma'],
    ]);
    expect(child?.expected[1]).toMatchObject({ relationship: 'Grandmother', phone: '9876543210', contact_id: kamalaId });
    expect(child?.blocked).toEqual(['Vikram Śharma']);
    expect((await req('GET', `/api/dispersal/classes/${kindergartenB}`, tara)).statusCode).toBe(403);
    expect((await req('GET', `/api/dispersal/classes/${nurseryA}`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/dispersal/classes/${toddlers}`, tara)).statusCode).toBe(404);
    // The admin reaches every class.
    expect((await classDay(anita, kindergartenB)).children.length).toBeGreaterThan(0);
  });

  it('check-in: the health answer, the adult, marks attendance present; twice is refused', async () => {
    at(8, 40);
    const noAnswer = await req('POST', '/api/dispersal/check_in', tara, {
      student_id: aarav,
      adult: { kind: 'parent', parent_id: rohanParentId },
    });
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json()).toMatchObject({ code: ERROR_CODES.healthAnswerRequired, message: DISPERSAL_MESSAGES.healthRequired });
    const socket = await connectAs(rohan);
    const heard = new Promise<DispersalUpdatedEvent>((resolve) => socket.once(DISPERSAL_UPDATED_EVENT, resolve));
    const done = expectResponse(
      ROUTES.dispersalCheckIn,
      await req('POST', '/api/dispersal/check_in', tara, {
        student_id: aarav,
        adult: { kind: 'parent', parent_id: rohanParentId },
        health_ok: true,
      }),
    );
    expect(done.message).toBe(DISPERSAL_MESSAGES.checkedIn);
    expect(done.result).toMatchObject({
      kind: 'in',
      class_id: nurseryA,
      date: wireToday(),
      via: 'staff',
      late: false,
      health_ok: true,
      adult: { kind: 'parent', name: 'Rohan Sharma' },
      recorded_by: { first_name: 'Tara' },
    });
    const event = await heard;
    socket.close();
    expect(event).toMatchObject({ student_id: aarav, kind: 'in', class_id: nurseryA, adult_name: 'Rohan Sharma' });
    expect(await attendanceOf(aarav)).toEqual({ status: 'present', saved: false });
    const again = await req('POST', '/api/dispersal/check_in', tara, {
      student_id: aarav,
      adult: { kind: 'parent', parent_id: rohanParentId },
      health_ok: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERROR_CODES.alreadyCheckedIn);
    const child = await childOf(aarav);
    expect(child.status).toBe('in');
    expect(child.attendance).toBe('present');
    expect(child.checked_in?.id).toBe(done.result.id);
  });

  it('only the staff who reach the child check it in; another school does not see it', async () => {
    const body = (id: string) => ({ student_id: id, adult: { kind: 'other', name: 'Rohan Sharma' }, health_ok: true });
    const kb = await req('POST', '/api/dispersal/check_in', tara, body(riya));
    expect(kb.statusCode).toBe(403);
    expect((await req('POST', '/api/dispersal/check_in', mona, body(aarav))).statusCode).toBe(404);
    expect((await req('POST', '/api/dispersal/check_in', tara, body(adam))).statusCode).toBe(404);
    expect((await req('POST', '/api/dispersal/check_in', tara, { student_id: aarav })).statusCode).toBe(400);
  });

  it('an unknown adult is refused and alerts the staff; a blocked one is refused in any case and spacing', async () => {
    const before = (await openAlerts()).length;
    const stranger = await req('POST', '/api/dispersal/check_in', tara, {
      student_id: vihaan,
      adult: { kind: 'other', name: 'Someone Else' },
      health_ok: true,
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({
      code: ERROR_CODES.notAuthorisedCollector,
      message: DISPERSAL_MESSAGES.notAuthorised,
    });
    // Aarav's collector is not Vihaan's.
    const notHis = await req('POST', '/api/dispersal/check_in', tara, {
      student_id: vihaan,
      adult: { kind: 'collector', contact_id: kamalaId },
      health_ok: true,
    });
    expect(notHis.json().code).toBe(ERROR_CODES.notAuthorisedCollector);
    const blocked = await req('POST', '/api/dispersal/check_out', tara, {
      student_id: aarav,
      adult: { kind: 'other', name: '  vikram   SHARMA ' },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: ERROR_CODES.collectorBlocked, message: DISPERSAL_MESSAGES.blocked });
    const alerts = await openAlerts();
    expect(alerts.length).toBe(before + 3);
    expect(alerts.map((a) => a.kind)).toEqual(expect.arrayContaining(['not_authorised', 'blocked']));
    const blockedAlert = alerts.find((a) => a.kind === 'blocked');
    expect(blockedAlert).toMatchObject({
      student: { id: aarav },
      class_id: nurseryA,
      adult_name: 'vikram   SHARMA',
      via: 'staff',
    });
    // Still in: the blocked person took nobody.
    expect((await childOf(aarav)).status).toBe('in');
    // A collector's name typed at the desk is the collector.
    expect((await childOf(vihaan)).status).toBe('not_arrived');
  });

  it('a health answer "no" checks the child in and alerts the class', async () => {
    const res = await req('POST', '/api/dispersal/check_in', tara, {
      student_id: meera,
      adult: { kind: 'other', name: 'Nobody Known' },
      health_ok: false,
    });
    expect(res.statusCode).toBe(403);
    const parentOfMeera = (await childOf(meera)).expected.find((e) => e.kind === 'parent');
    if (!parentOfMeera?.parent_id) return; // a child with no family account: nothing more to check
    const ok = expectResponse(
      ROUTES.dispersalCheckIn,
      await req('POST', '/api/dispersal/check_in', tara, {
        student_id: meera,
        adult: { kind: 'parent', parent_id: parentOfMeera.parent_id },
        health_ok: false,
        health_note: 'A cough',
      }),
    );
    expect(ok.result).toMatchObject({ health_ok: false, health_note: 'A cough' });
    expect((await openAlerts(tara)).some((a) => a.kind === 'health' && a.student?.id === meera)).toBe(true);
  });

  it('late arrival marks late; a completed day stays completed and a present mark is never downgraded', async () => {
    // Kabir was marked present and the day completed by the teacher.
    const saved = await req('POST', `/api/class_student_attendance/${nurseryA}`, tara, {
      date: wireToday(),
      student_attendance_list: [
        { student_id: kabir, attendance_status: 'present' },
        { student_id: diya, attendance_status: 'absent' },
      ],
      is_saved: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    at(9, 30);
    const late = expectResponse(
      ROUTES.dispersalCheckIn,
      await req('POST', '/api/dispersal/check_in', tara, {
        student_id: kabir,
        adult: { kind: 'other', name: 'FARAH  KHAN' },
        health_ok: true,
      }),
    );
    expect(late.result.adult).toMatchObject({ kind: 'collector', name: 'Farah Khan', relationship: 'Aunt' });
    expect(late.result).toMatchObject({ late: true, late_minutes: 30 });
    expect(await attendanceOf(kabir)).toEqual({ status: 'present', saved: true });
    // Diya (marked absent) arrives late with her mother, named at the desk: now late, the day still complete.
    const diyaIn = expectResponse(
      ROUTES.dispersalCheckIn,
      await req('POST', '/api/dispersal/check_in', tara, {
        student_id: diya,
        adult: { kind: 'other', name: 'neha patel' },
        health_ok: true,
      }),
    );
    expect(diyaIn.result.adult).toMatchObject({ kind: 'parent', name: 'Neha Patel' });
    expect(await attendanceOf(diya)).toEqual({ status: 'late', saved: true });
  });

  it('check-out: must be in; a collector takes the child; twice is refused', async () => {
    const notIn = await req('POST', '/api/dispersal/check_out', tara, {
      student_id: vihaan,
      adult: { kind: 'other', name: 'Anyone' },
    });
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json()).toMatchObject({ code: ERROR_CODES.notCheckedIn, message: DISPERSAL_MESSAGES.notIn });
    at(12, 0);
    const out = expectResponse(
      ROUTES.dispersalCheckOut,
      await req('POST', '/api/dispersal/check_out', tara, {
        student_id: aarav,
        adult: { kind: 'collector', contact_id: kamalaId },
      }),
    );
    expect(out.message).toBe(DISPERSAL_MESSAGES.checkedOut);
    expect(out.result).toMatchObject({
      kind: 'out',
      late: false,
      adult: { kind: 'collector', name: 'Kamala Sharma', relationship: 'Grandmother' },
    });
    const twice = await req('POST', '/api/dispersal/check_out', tara, {
      student_id: aarav,
      adult: { kind: 'collector', contact_id: kamalaId },
    });
    expect(twice.json().code).toBe(ERROR_CODES.notCheckedIn);
    const child = await childOf(aarav);
    expect(child.status).toBe('out');
    expect(child.checked_out?.id).toBe(out.result.id);
  });

  it('one-time pick-ups: made by the family, once, today only, for its child only', async () => {
    const tomorrow = expectResponse(
      ROUTES.oneTimePickupCreate,
      await req('POST', `/api/student/${aarav}/one_time_pickups`, rohan, {
        name: 'Priya Menon',
        relationship: 'Neighbour',
        date: wireDay(1),
      }),
    ).result;
    const today = expectResponse(
      ROUTES.oneTimePickupCreate,
      await req('POST', `/api/student/${aarav}/one_time_pickups`, rohan, {
        name: 'Sunil Rao',
        relationship: 'Driver',
        phone: '+91 98765 43210',
        date: wireToday(),
      }),
    );
    expect(today.message).toBe(DISPERSAL_MESSAGES.pickupCreated);
    expect(today.result).toMatchObject({ name: 'Sunil Rao', status: 'active', date: wireToday() });
    expect(today.result.code).toMatch(/^\d{6}$/);
    const past = await req('POST', `/api/student/${aarav}/one_time_pickups`, rohan, { name: 'X', date: wireDay(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: DISPERSAL_MESSAGES.pickupInPast });
    // Another family's child does not exist for Rohan; Rohan's pick-up does not exist for Diya's mother.
    expect((await req('POST', `/api/student/${diya}/one_time_pickups`, rohan, { name: 'X', date: wireToday() })).statusCode).toBe(
      404,
    );
    expect((await req('GET', `/api/student/${diya}/pickups`, rohan)).statusCode).toBe(404);
    expect((await req('GET', `/api/student/${diya}/pickup_events`, rohan)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/one_time_pickups/${today.result.id}`, nehaParent)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/one_time_pickups/${today.result.id}`, mona)).statusCode).toBe(404);
    // The staff see the code on the class's day, as expected today.
    expect((await childOf(aarav)).expected.find((e) => e.kind === 'one_time')).toMatchObject({
      name: 'Sunil Rao',
      pickup_id: today.result.id,
    });

    // Aarav comes back in the afternoon; the code of another child, and tomorrow's, do not collect him.
    at(13, 0);
    expectResponse(
      ROUTES.dispersalCheckIn,
      await req('POST', '/api/dispersal/check_in', tara, {
        student_id: aarav,
        adult: { kind: 'one_time', code: today.result.code },
        health_ok: true,
      }),
    );
    const forDiya = await req('POST', '/api/dispersal/check_out', tara, {
      student_id: diya,
      adult: { kind: 'one_time', code: today.result.code },
    });
    expect(forDiya.statusCode).toBe(403);
    expect(forDiya.json().code).toBe(ERROR_CODES.pickupCodeInvalid);
    const early = await req('POST', '/api/dispersal/check_out', tara, {
      student_id: aarav,
      adult: { kind: 'one_time', code: tomorrow.code },
    });
    expect(early.json().code).toBe(ERROR_CODES.pickupCodeInvalid);
    const out = expectResponse(
      ROUTES.dispersalCheckOut,
      await req('POST', '/api/dispersal/check_out', tara, {
        student_id: aarav,
        adult: { kind: 'one_time', code: today.result.code },
      }),
    );
    expect(out.result.adult).toMatchObject({ kind: 'one_time', name: 'Sunil Rao', relationship: 'Driver' });
    // Used: it does not work again.
    expectResponse(
      ROUTES.dispersalCheckIn,
      await req('POST', '/api/dispersal/check_in', tara, {
        student_id: aarav,
        adult: { kind: 'collector', contact_id: kamalaId },
        health_ok: true,
      }),
    );
    const reused = await req('POST', '/api/dispersal/check_out', tara, {
      student_id: aarav,
      adult: { kind: 'one_time', code: today.result.code },
    });
    expect(reused.json().code).toBe(ERROR_CODES.pickupCodeInvalid);
    expect((await openAlerts()).filter((a) => a.kind === 'invalid_pickup_code').length).toBeGreaterThanOrEqual(3);

    const pickups = expectResponse(ROUTES.childPickups, await req('GET', `/api/student/${aarav}/pickups`, rohan)).result;
    expect(pickups.one_time.map((p) => [p.name, p.status])).toEqual(
      expect.arrayContaining([
        ['Sunil Rao', 'used'],
        ['Priya Menon', 'active'],
      ]),
    );
    expect(pickups.abilities).toEqual({ can_add_one_time: true, can_check: false });
    expect(pickups.today?.status).toBe('in');
    expect(pickups.collectors.map((c) => c.name)).toEqual(['Rohan Sharma', 'Kamala Sharma']);
    expect(pickups.recent[0]?.kind).toBe('in');
    // The family cancels tomorrow's; a used one stays used.
    expect((await req('DELETE', `/api/one_time_pickups/${tomorrow.id}`, rohan)).statusCode).toBe(200);
    const after = expectResponse(ROUTES.childPickups, await req('GET', `/api/student/${aarav}/pickups`, tara)).result;
    expect(after.one_time.find((p) => p.id === tomorrow.id)?.status).toBe('cancelled');
    expect(after.abilities.can_check).toBe(true);
    const events = expectResponse(
      ROUTES.childPickupEvents,
      await req('GET', `/api/student/${aarav}/pickup_events?page_size=2`, rohan),
    ).result;
    expect(events.total).toBe(5);
    expect(events.items).toHaveLength(2);
    expect((await req('GET', `/api/student/${aarav}/pickups`, mona)).statusCode).toBe(404);
  });

  it('at most 5 active pick-ups a day for a child', async () => {
    for (let i = 0; i < 4; i++)
      expect(
        (await req('POST', `/api/student/${aarav}/one_time_pickups`, rohan, { name: `P${i}`, date: wireDay(2) })).statusCode,
      ).toBe(200);
    expect((await req('POST', `/api/student/${aarav}/one_time_pickups`, tara, { name: 'P4', date: wireDay(2) })).statusCode).toBe(
      200,
    );
    expect(
      (await req('POST', `/api/student/${aarav}/one_time_pickups`, rohan, { name: 'P5', date: wireDay(2) })).statusCode,
    ).toBe(409);
  });

  it('dismissal lists who is still in, with late pick-ups after closing', async () => {
    at(15, 30);
    const list = expectResponse(ROUTES.dispersalDismissal, await req('GET', '/api/dispersal/dismissal', tara)).result;
    const ids = list.children.map((c) => c.student.id);
    expect(ids).toEqual(expect.arrayContaining([aarav, kabir, diya]));
    expect(ids).not.toContain(vihaan);
    expect(list.children.every((c) => c.status === 'in' && c.late_pickup)).toBe(true);
    const names = list.children.map((c) => c.student.first_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await req('GET', `/api/dispersal/dismissal?class_id=${kindergartenB}`, tara)).statusCode).toBe(403);
    expect((await req('GET', `/api/dispersal/dismissal?class_id=${toddlers}`, tara)).statusCode).toBe(404);
    const late = expectResponse(
      ROUTES.dispersalCheckOut,
      await req('POST', '/api/dispersal/check_out', tara, { student_id: diya, adult: { kind: 'other', name: 'Neha Patel' } }),
    );
    expect(late.result).toMatchObject({ late: true, late_minutes: 30 });
    const again = expectResponse(
      ROUTES.dispersalDismissal,
      await req('GET', `/api/dispersal/dismissal?class_id=${nurseryA}`, tara),
    ).result;
    expect(again.children.map((c) => c.student.id)).not.toContain(diya);
  });

  it("alerts: teachers see their classes', admins all; closing one", async () => {
    const mine = await openAlerts(tara);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a) => a.class_id === null || a.class_id === nurseryA)).toBe(true);
    expect(await openAlerts(neha)).toEqual([]);
    const first = mine[0];
    if (!first) throw new Error('no alert');
    expect((await req('POST', `/api/dispersal/alerts/${first.id}/close`, mona)).statusCode).toBe(404);
    expect((await req('POST', `/api/dispersal/alerts/${first.id}/close`, neha)).statusCode).toBe(403);
    const closed = expectResponse(ROUTES.dispersalAlertClose, await req('POST', `/api/dispersal/alerts/${first.id}/close`, tara));
    expect(closed.message).toBe(DISPERSAL_MESSAGES.alertClosed);
    expect(closed.result.closed_by?.first_name).toBe('Tara');
    expect((await openAlerts(tara)).some((a) => a.id === first.id)).toBe(false);
    const all = expectResponse(ROUTES.dispersalAlerts, await req('GET', '/api/dispersal/alerts?status=all', tara)).result;
    expect(all.some((a) => a.id === first.id)).toBe(true);
    expect((await req('GET', '/api/dispersal/alerts?status=bad', tara)).statusCode).toBe(400);
    expect(await openAlerts(mona)).toEqual([]);
  });

  it('removing an entry: today only, by staff who reach the class; the attendance mark stays', async () => {
    const kabirIn = (await childOf(kabir)).checked_in;
    if (!kabirIn) throw new Error('Kabir is not in');
    expect((await req('DELETE', `/api/dispersal/events/${kabirIn.id}`, mona)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/dispersal/events/${kabirIn.id}`, neha)).statusCode).toBe(403);
    const gone = await req('DELETE', `/api/dispersal/events/${kabirIn.id}`, tara);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(DISPERSAL_MESSAGES.eventVoided);
    expect((await childOf(kabir)).status).toBe('not_arrived');
    expect((await attendanceOf(kabir)).status).toBe('present');
    expect((await req('DELETE', `/api/dispersal/events/${kabirIn.id}`, tara)).statusCode).toBe(404);
    // Tomorrow, today's entries can no longer be removed.
    const aaravIn = (await childOf(aarav)).checked_in;
    t.clock.advance(86_400_000);
    const old = await req('DELETE', `/api/dispersal/events/${aaravIn?.id}`, tara);
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({ code: ERROR_CODES.conflict, message: DISPERSAL_MESSAGES.notToday });
  });

  it('family codes: one per school of the children, renewed on demand, only for their own school', async () => {
    const codes = expectResponse(ROUTES.familyCodes, await req('GET', '/api/family_codes/', rohan)).result;
    expect(codes).toHaveLength(1);
    const [sunrise] = codes;
    expect(sunrise?.school.id).toBe(demoId('school:sunrise'));
    expect(sunrise?.code).toMatch(/^\d{4}$/);
    expect(sunrise?.qr).toMatch(/^cue-family:[A-Za-z0-9_-]{32}$/);
    expect(sunrise?.children.map((c) => c.id).sort()).toEqual([aarav, demoId('student:Ira Sharma')].sort());
    // Read again: the same code.
    expect(expectResponse(ROUTES.familyCodes, await req('GET', '/api/family_codes/', rohan)).result).toEqual(codes);
    expect((await req('POST', '/api/family_codes/renew', rohan, { school_id: demoId('school:moonbeam') })).statusCode).toBe(404);
    const renewed = expectResponse(
      ROUTES.familyCodeRenew,
      await req('POST', '/api/family_codes/renew', rohan, { school_id: demoId('school:sunrise') }),
    );
    expect(renewed.message).toBe(DISPERSAL_MESSAGES.codeRenewed);
    expect(renewed.result.qr).not.toBe(sunrise?.qr);
    const diyas = expectResponse(ROUTES.familyCodes, await req('GET', '/api/family_codes/', nehaParent)).result;
    expect(diyas[0]?.code).not.toBe(renewed.result.code);
  });

  it('families are emailed (in English, with the time in the school zone)', async () => {
    const sent: { to: string; subject: string; html: string }[] = [];
    const original = t.services.emailTemplates.email.send.bind(t.services.emailTemplates.email);
    t.services.emailTemplates.email.send = async (m) => {
      sent.push({ to: m.to, subject: m.subject, html: m.html.value });
    };
    const kabirOut = (await req('GET', `/api/student/${aarav}/pickup_events?page_size=1`, rohan)).json().result.items[0];
    await t.services.dispersal.sendEmail({ school_id: demoId('school:sunrise'), event_id: kabirOut.id });
    t.services.emailTemplates.email.send = original;
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0]?.html).toContain('Aarav was checked in at 01:00 PM by Kamala Sharma.');
  });
});

describe("the demo's drop-off and pick-up", () => {
  it('seeds once, through the services: the health question, a collector, a blocked name, today’s first check-ins', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoDispersalIfEmpty(fresh.services, true)).toBe(true);
      expect(await seedDemoDispersalIfEmpty(fresh.services, true)).toBe(false);
      const admin = await staffToken(fresh, '9000000002');
      const day = expectResponse(
        ROUTES.dispersalClassDay,
        await fresh.request({ method: 'GET', url: `/api/dispersal/classes/${nurseryA}`, headers: bearer(admin) }),
      ).result;
      expect(day.health_question).toBe(DEMO_HEALTH_QUESTION);
      const child = day.children.find((c) => c.student.id === aarav);
      expect(child?.expected.map((e) => e.name)).toContain('Kamala Sharma');
      expect(day.children.find((c) => c.student.id === kabir)?.blocked).toEqual(['Imran Khan']);
      const meets = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].includes(
        new Date(fresh.clock.now()).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' }).toLowerCase(),
      );
      expect(child?.status).toBe(meets ? 'in' : 'not_arrived');
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
