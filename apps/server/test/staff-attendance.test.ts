import { addDays, ERROR_CODES, KIOSK_TOKEN_HEADER, ROUTES, STAFF_ATTENDANCE_MESSAGES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';

/**
 * Staff attendance (issue 27): members check in and out on the web or at the kiosk with their staff code;
 * a check-in after the start plus the grace minutes is late; the register shows approved leave as leave and
 * days outside one's hours as days off, never as absence; admins correct a day with a note; the monthly
 * report and its CSV count it all. Sunrise keeps UTC, so the test clock is the school's.
 */
let t: TestApp;
let sam: string;
let anita: string;
let tara: string;
let neha: string;
let mona: string;
let rohan: string;
const req = requester(() => t);
const wire = (iso: string) => iso.split('-').reverse().join('-');
const today = () => t.clock.now().toISOString().slice(0, 10);
const id = { sam: demoId('user:9000000001'), anita: demoId('user:9000000002'), tara: demoId('user:9000000003') };
const neha_ = demoId('user:9000000005');

/** Moves the clock forward to hh:mm (UTC) today. */
function at(hour: number, minute = 0): void {
  const now = t.clock.now();
  const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute);
  if (target < now.getTime()) throw new Error('the clock only moves forward');
  t.clock.advance(target - now.getTime());
}
const nextDay = () => t.clock.advance(86_400_000);

const me = async (token: string) =>
  expectResponse(ROUTES.myStaffAttendance, await req('GET', '/api/staff_attendance/me', token)).result;
const register = async (iso: string) =>
  expectResponse(ROUTES.staffRegister, await req('GET', `/api/staff_attendance/register?date=${wire(iso)}`, anita)).result;
const rowOf = (r: Awaited<ReturnType<typeof register>>, staffId: string) => r.staff.find((s) => s.staff._id === staffId);

beforeAll(async () => {
  t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: String(10 * 86_400) });
  // Next Tuesday (at least a week ahead), 08:00 UTC: the school's default day is 08:30–16:30, 5 minutes' grace.
  const now = t.clock.now();
  const days = ((9 - now.getUTCDay()) % 7) + 7;
  t.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 8, 0) - now.getTime());
  [sam, anita, tara, neha, mona, rohan] = await Promise.all([
    staffToken(t, '9000000001'),
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    staffToken(t, '9000000006'),
    parentToken(t, '9000000004'),
  ]);
}, 60_000);
afterAll(() => t?.close());

describe('staff attendance: access', () => {
  it('answers 401 without a token, 403 to a parent, and 403 to a teacher on the register, report, schedules and settings', async () => {
    expect((await req('GET', '/api/staff_attendance/me')).statusCode).toBe(401);
    expect((await req('POST', '/api/staff_attendance/check_in')).statusCode).toBe(401);
    expect((await req('GET', '/api/staff_attendance/me', rohan)).statusCode).toBe(403);
    expect((await req('POST', '/api/staff_attendance/check_in', rohan)).statusCode).toBe(403);
    const month = wire(today()).slice(3);
    for (const [method, url, body] of [
      ['GET', `/api/staff_attendance/register?date=${wire(today())}`],
      [
        'PUT',
        '/api/staff_attendance/register',
        { staff_id: id.sam, date: wire(today()), check_in: null, check_out: null, note: 'x' },
      ],
      ['GET', `/api/staff_attendance/report?month=${month}`],
      ['GET', `/api/staff_attendance/report/csv?month=${month}`],
      ['GET', '/api/staff_attendance/schedules'],
      ['PUT', '/api/staff_attendance/schedules', { staff_id: id.tara, days: null }],
      ['PUT', '/api/staff_attendance/settings', { grace_minutes: 60 }],
    ] as const)
      expect((await req(method, url, tara, body)).statusCode, url).toBe(403);
  });

  it('refuses bad input with 400', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/staff_attendance/register?date=2026-11-01'],
      ['GET', '/api/staff_attendance/register?date=31-02-2026'],
      ['GET', '/api/staff_attendance/report?month=13-2026'],
      [
        'PUT',
        '/api/staff_attendance/register',
        { staff_id: id.sam, date: wire(today()), check_in: '9:00', check_out: null, note: 'x' },
      ],
      [
        'PUT',
        '/api/staff_attendance/register',
        { staff_id: id.sam, date: wire(today()), check_in: null, check_out: null, note: ' ' },
      ],
      ['PUT', '/api/staff_attendance/settings', { grace_minutes: -1 }],
      ['PUT', '/api/staff_attendance/settings', { day_start: '17:00', day_end: '09:00' }],
      [
        'PUT',
        '/api/staff_attendance/schedules',
        { staff_id: id.tara, days: [{ weekday: 'monday', start: '12:00', end: '09:00' }] },
      ],
      [
        'PUT',
        '/api/staff_attendance/schedules',
        {
          staff_id: id.tara,
          days: [
            { weekday: 'monday', start: '08:00', end: '09:00' },
            { weekday: 'monday', start: '10:00', end: '11:00' },
          ],
        },
      ],
    ] as const)
      expect((await req(method, url, anita, body)).statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
  });
});

describe('staff attendance: hostile input', () => {
  it('refuses a null byte, a 1 MB note and odd codes with 400, never 5xx, and keeps a leading = out of the CSV as a formula', async () => {
    const day = { staff_id: id.sam, date: wire(addDays(today(), -1)), check_in: null, check_out: null };
    const nul = await req('PUT', '/api/staff_attendance/register', anita, { ...day, note: 'late\u0000' });
    expect(nul.statusCode).toBe(400);
    const big = await req('PUT', '/api/staff_attendance/register', anita, { ...day, note: 'x'.repeat(1024 * 1024) });
    expect([400, 413]).toContain(big.statusCode);
    const kioskToken = expectResponse(
      ROUTES.kioskCreate,
      await req('POST', '/api/dispersal/kiosks/', anita, { name: 'Hostile door' }),
    ).result.token;
    for (const code of ['\u0000\u0000\u0000\u0000\u0000\u0000', '=1+1', "' OR 1=1 --", '１２３４５６']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/kiosk/staff',
        headers: { [KIOSK_TOKEN_HEADER]: kioskToken },
        payload: { code },
      });
      expect(res.statusCode, code).toBeLessThan(500);
      expect(res.statusCode, code).not.toBe(200);
    }
    // A note starting with '=' is kept as written; no cell of the month's CSV starts a formula.
    expectResponse(
      ROUTES.staffRegisterSave,
      await req('PUT', '/api/staff_attendance/register', anita, { ...day, note: '=HYPERLINK("x")' }),
    );
    const csv = await req('GET', `/api/staff_attendance/report/csv?month=${wire(today()).slice(3)}`, anita);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toMatch(/(^|,)=/m);
  });
});

describe('staff attendance: checking in and out', () => {
  it('gives each member a kiosk code and shows their day as expected before the start', async () => {
    const mine = await me(tara);
    expect(mine.code).toMatch(/^\d{6}$/);
    expect((await me(tara)).code).toBe(mine.code);
    expect(mine.today).toMatchObject({ status: 'expected', start: '08:30 AM', end: '04:30 PM', check_in: null });
    expect(mine.web_check_in).toBe(true);
    expect(mine.recent).toHaveLength(13);
    expect((await me(neha)).code).not.toBe(mine.code);
  });

  it('checks in on time, refuses a second check-in, and checks out', async () => {
    at(8, 20);
    const res = await req('POST', '/api/staff_attendance/check_in', tara);
    const day = expectResponse(ROUTES.staffCheckIn, res);
    expect(day.message).toBe(STAFF_ATTENDANCE_MESSAGES.checkedIn);
    expect(day.result).toMatchObject({ status: 'present', check_in: '08:20 AM', check_in_via: 'web', late_minutes: null });
    const again = await req('POST', '/api/staff_attendance/check_in', tara);
    expect([again.statusCode, again.json().code]).toEqual([400, ERROR_CODES.staffAlreadyIn]);
    const out = await req('POST', '/api/staff_attendance/check_out', neha);
    expect([out.statusCode, out.json().code]).toEqual([400, ERROR_CODES.staffNotIn]);
  });

  it('marks a check-in after the grace minutes late by the minutes after the start', async () => {
    at(8, 50);
    const day = expectResponse(ROUTES.staffCheckIn, await req('POST', '/api/staff_attendance/check_in', neha)).result;
    expect(day).toMatchObject({ status: 'late', late_minutes: 20 });
    at(16, 40);
    const out = expectResponse(ROUTES.staffCheckOut, await req('POST', '/api/staff_attendance/check_out', neha)).result;
    expect(out).toMatchObject({ check_out: '04:40 PM', worked_minutes: 470 });
    const twice = await req('POST', '/api/staff_attendance/check_out', neha);
    expect([twice.statusCode, twice.json().code]).toEqual([400, ERROR_CODES.staffAlreadyOut]);
  });

  it('shows the day in the register: present, late, and absent once the start has passed', async () => {
    const r = await register(today());
    expect(rowOf(r, id.tara)?.status).toBe('present');
    expect(rowOf(r, neha_)?.status).toBe('late');
    expect(rowOf(r, id.sam)?.status).toBe('absent');
    expect(r.counts.present).toBe(1);
    expect(r.counts.late).toBe(1);
    // Another school's staff are not in it.
    expect(r.staff.some((s) => s.staff._id === demoId('user:9000000006'))).toBe(false);
    // Mona's school shows its own register (she holds no staff attendance permission there: 403).
    expect((await req('GET', `/api/staff_attendance/register?date=${wire(today())}`, mona)).statusCode).toBe(403);
  });

  it('refuses web check-in when the school asks for the kiosk', async () => {
    expectResponse(
      ROUTES.staffAttendanceSettingsSave,
      await req('PUT', '/api/staff_attendance/settings', anita, { web_check_in: false }),
    );
    const res = await req('POST', '/api/staff_attendance/check_in', sam);
    expect([res.statusCode, res.json().code]).toEqual([400, ERROR_CODES.staffWebOff]);
    expect((await me(sam)).web_check_in).toBe(false);
    expectResponse(
      ROUTES.staffAttendanceSettingsSave,
      await req('PUT', '/api/staff_attendance/settings', anita, { web_check_in: true }),
    );
  });
});

describe('staff attendance: the kiosk', () => {
  let kioskToken = '';
  const kiosk = (token: string | undefined, code: string) =>
    t.request({
      method: 'POST',
      url: '/api/kiosk/staff',
      headers: token === undefined ? {} : { [KIOSK_TOKEN_HEADER]: token },
      payload: { code },
    });

  beforeAll(async () => {
    kioskToken = expectResponse(ROUTES.kioskCreate, await req('POST', '/api/dispersal/kiosks/', anita, { name: 'Staff door' }))
      .result.token;
  });

  it('checks a member in with their code, then out with the same code', async () => {
    const code = (await me(anita)).code ?? '';
    const first = expectResponse(ROUTES.kioskStaff, await kiosk(kioskToken, code));
    expect(first.result).toMatchObject({ staff: { _id: id.anita }, action: 'in', time: '04:40 PM' });
    expect(first.result.late_minutes).toBeGreaterThan(0);
    at(17, 0);
    const second = expectResponse(ROUTES.kioskStaff, await kiosk(kioskToken, code));
    expect(second.result).toMatchObject({ action: 'out', time: '05:00 PM' });
    const third = await kiosk(kioskToken, code);
    expect([third.statusCode, third.json().code]).toEqual([400, ERROR_CODES.staffAlreadyOut]);
    const day = rowOf(await register(today()), id.anita);
    expect(day).toMatchObject({ check_in_via: 'kiosk', check_out_via: 'kiosk', worked_minutes: 20 });
  });

  it('refuses unknown codes, codes of another school, a renewed code, and calls without a paired kiosk', async () => {
    const bad = await kiosk(kioskToken, '12345');
    expect([bad.statusCode, bad.json().code]).toEqual([400, ERROR_CODES.staffCodeInvalid]);
    expect((await kiosk(undefined, '123456')).statusCode).toBe(401);
    expect((await kiosk('not-a-token', '123456')).statusCode).toBe(401);
    const monaCode = (await me(mona)).code ?? '';
    const foreign = await kiosk(kioskToken, monaCode);
    // Mona's code is unknown at Sunrise unless a Sunrise member happens to hold the same digits.
    const sunriseCodes = await Promise.all([sam, anita, tara, neha].map(async (x) => (await me(x)).code));
    if (!sunriseCodes.includes(monaCode)) expect(foreign.statusCode).toBe(400);
    const old = (await me(sam)).code ?? '';
    const renewed = expectResponse(ROUTES.staffCodeRenew, await req('POST', '/api/staff_attendance/me/code', sam)).result.code;
    expect(renewed).not.toBe(old);
    expect((await me(sam)).code).toBe(renewed);
    expect((await kiosk(kioskToken, old)).statusCode).toBe(sunriseCodes.filter((c) => c === old).length > 1 ? 200 : 400);
  });
});

describe('staff attendance: leave, days off, corrections and the report', () => {
  it('shows approved leave as leave and a day outside one’s hours as a day off, never as absence', async () => {
    // A type without approval: Anita's leave tomorrow is approved at once.
    const type = expectResponse(
      ROUTES.leaveTypeCreate,
      await req('POST', '/api/leave/types', anita, {
        name: 'Staff-attendance test leave',
        code: 'SAT',
        yearly_quota: 10,
        requires_approval: false,
      }),
    ).result._id;
    const tomorrow = addDays(today(), 1);
    const leave = expectResponse(
      ROUTES.leaveApply,
      await req('POST', '/api/leave/requests', anita, {
        leave_type_id: type,
        start_date: wire(tomorrow),
        end_date: wire(tomorrow),
      }),
    ).result;
    expect(leave.status).toBe('approved');
    // Tara works Tuesdays only from now on; Wednesday is her day off.
    expectResponse(
      ROUTES.staffScheduleSave,
      await req('PUT', '/api/staff_attendance/schedules', anita, {
        staff_id: id.tara,
        days: [{ weekday: 'tuesday', start: '09:00', end: '13:00' }],
      }),
    );
    nextDay();
    const r = await register(today());
    expect(rowOf(r, id.anita)).toMatchObject({ status: 'leave', leave: { code: 'SAT', portion: 'full' } });
    expect(rowOf(r, id.tara)).toMatchObject({ status: 'off', start: null });
    expect(rowOf(r, id.sam)?.status).toBe('absent');
    const schedules = expectResponse(ROUTES.staffSchedules, await req('GET', '/api/staff_attendance/schedules', anita)).result;
    expect(schedules.staff.find((s) => s.staff._id === id.tara)).toMatchObject({ custom: true, has_code: true });
    expect(schedules.staff.find((s) => s.staff._id === id.sam)).toMatchObject({ custom: false });
    expect(schedules.staff.find((s) => s.staff._id === id.sam)?.days.map((d) => d.weekday)).toContain('monday');
  });

  it('lets an admin correct a past day with a note, recomputing lateness; refuses future days and other schools’ staff', async () => {
    const yesterday = addDays(today(), -1);
    const res = await req('PUT', '/api/staff_attendance/register', anita, {
      staff_id: id.sam,
      date: wire(yesterday),
      check_in: '09:10 AM',
      check_out: '05:00 PM',
      note: 'Forgot to check in: at the gate from 09:10',
    });
    const day = expectResponse(ROUTES.staffRegisterSave, res).result;
    expect(day).toMatchObject({
      status: 'late',
      late_minutes: 40,
      check_in_via: 'admin',
      worked_minutes: 470,
      note: 'Forgot to check in: at the gate from 09:10',
    });
    const audit = await req('GET', '/api/academic_setup/audit/?entity_type=staff_attendance', anita);
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('Forgot to check in');
    for (const [body, status, code] of [
      [{ check_in: '05:00 PM', check_out: '09:00 AM' }, 400, ERROR_CODES.outBeforeIn],
      [{ check_in: null, check_out: '09:00 AM' }, 400, ERROR_CODES.staffNotIn],
      [{ date: wire(addDays(today(), 1)), check_in: '09:00 AM', check_out: null }, 400, ERROR_CODES.futureDay],
      [{ staff_id: demoId('user:9000000006'), check_in: '09:00 AM', check_out: null }, 404, ERROR_CODES.notFound],
    ] as const) {
      const bad = await req('PUT', '/api/staff_attendance/register', anita, {
        staff_id: id.sam,
        date: wire(yesterday),
        note: 'x',
        ...body,
      });
      expect([bad.statusCode, bad.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    // Clearing both times makes the day an absence again.
    const cleared = expectResponse(
      ROUTES.staffRegisterSave,
      await req('PUT', '/api/staff_attendance/register', anita, {
        staff_id: id.sam,
        date: wire(yesterday),
        check_in: null,
        check_out: null,
        note: 'Was not in after all',
      }),
    ).result;
    expect(cleared).toMatchObject({ status: 'absent', check_in: null, late_minutes: null });
  });

  it('counts the month per member, and answers the same as CSV', async () => {
    const month = wire(today()).slice(3);
    const report = expectResponse(
      ROUTES.staffAttendanceReport,
      await req('GET', `/api/staff_attendance/report?month=${month}`, anita),
    ).result;
    const neha = report.rows.find((r) => r.staff._id === neha_);
    const anitaRow = report.rows.find((r) => r.staff._id === id.anita);
    if (addDays(today(), -1).slice(0, 7) === today().slice(0, 7)) {
      expect(neha).toMatchObject({ late: 1, late_minutes: 20 });
      expect(neha?.worked_minutes).toBe(470);
    }
    expect(anitaRow?.leave).toBe(1);
    // Every day she was expected is present, absent or leave: the leave day is not an absence.
    expect(anitaRow?.scheduled).toBe((anitaRow?.present ?? 0) + (anitaRow?.absent ?? 0) + (anitaRow?.leave ?? 0));
    const csv = await req('GET', `/api/staff_attendance/report/csv?month=${month}`, anita);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Scheduled days');
    expect(csv.body).toContain('Anita');
  });
});
