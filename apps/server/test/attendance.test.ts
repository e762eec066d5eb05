import { ATTENDANCE_UPDATED_EVENT, ROUTES } from '@cue/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let tara: string;
let anita: string;
let rohan: string;
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');
const kabir = demoId('student:Kabir Khan');
const aarav = demoId('student:Aarav Sharma');
const ira = demoId('student:Ira Sharma');

beforeAll(async () => {
  t = await createTestApp();
  [tara, anita, rohan] = [
    await staffToken(t, '9000000003'),
    await staffToken(t, '9000000002'),
    await parentToken(t, '9000000004'),
  ];
});
afterAll(() => t.close());

/** A weekday `weeksAgo` weeks before the fake clock's week (0 = this week, may be in the future). */
const iso = (d: Date) => d.toISOString().slice(0, 10);
const ddmmyyyy = (isoDate: string) => isoDate.split('-').reverse().join('-');
function weekday(weeksAgo: number, day: number /* 1 = Monday */): string {
  const now = t.clock.now();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
  monday.setUTCDate(monday.getUTCDate() - 7 * weeksAgo + (day - 1));
  return ddmmyyyy(iso(monday));
}
const today = () => ddmmyyyy(iso(t.clock.now()));
const tomorrow = () => ddmmyyyy(iso(new Date(t.clock.now().getTime() + 86_400_000)));

const get = (classId: string, date: string, token = tara) =>
  t.request({ method: 'GET', url: `/api/class_student_attendance/${classId}?date=${date}`, headers: bearer(token) });
const save = (classId: string, payload: object, token = tara) =>
  t.request({ method: 'POST', url: `/api/class_student_attendance/${classId}`, headers: bearer(token), payload });
const statusOf = (result: { student_attendance_list: { student_id: string; attendance_status: string }[] }, id: string) =>
  result.student_attendance_list.find((e) => e.student_id === id)?.attendance_status;

describe('class attendance', () => {
  it('answers 401 without a token, 400 for a bad date, 403 for a class the teacher does not teach', async () => {
    expect((await t.request({ method: 'GET', url: `/api/class_student_attendance/${nurseryA}` })).statusCode).toBe(401);
    expect((await get(nurseryA, '2026-11-16')).statusCode).toBe(400);
    expect((await get(nurseryA, '31-02-2026')).statusCode).toBe(400);
    expect((await get(kgB, weekday(1, 1))).statusCode).toBe(403);
  });

  it('lists every student of the class as NA on an unmarked day', async () => {
    const day = expectResponse(ROUTES.classAttendance, await get(nurseryA, weekday(2, 1))).result;
    expect(day).toMatchObject({ date: weekday(2, 1), is_saved: false, completed_by: null });
    expect(day.student_attendance_list).toHaveLength(12);
    expect(new Set(day.student_attendance_list.map((e: { attendance_status: string }) => e.attendance_status))).toEqual(
      new Set(['NA']),
    );
  });

  it('marks a day with two absences, completes it, shows who completed it, and reopens it', async () => {
    const date = weekday(1, 2);
    const roster = (await get(nurseryA, date))
      .json()
      .result.student_attendance_list.map((e: { student_id: string }) => e.student_id);
    const list = roster.map((id: string) => ({
      student_id: id,
      attendance_status: id === kabir || id === aarav ? 'absent' : 'present',
    }));
    const res = await save(nurseryA, { date, student_attendance_list: list, is_saved: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Attendance marked complete!');
    const day = (await get(nurseryA, date)).json().result;
    expect(day.is_saved).toBe(true);
    expect(day.completed_by).toMatchObject({ first_name: 'Tara' });
    // When, as an ISO instant, the same in the save's answer and in a later read.
    expect(day.completed_at).toBe(res.json().result.completed_at);
    expect(new Date(day.completed_at).toISOString()).toBe(day.completed_at);
    expect(statusOf(day, kabir)).toBe('absent');
    expect(
      day.student_attendance_list.filter((e: { attendance_status: string }) => e.attendance_status === 'present'),
    ).toHaveLength(10);
    const reopened = await save(nurseryA, {
      date,
      student_attendance_list: [{ student_id: kabir, attendance_status: 'late' }],
      is_saved: false,
    });
    expect(reopened.json().result).toMatchObject({ is_saved: false, completed_by: null });
    expect(statusOf(reopened.json().result, kabir)).toBe('late');
    expect(statusOf(reopened.json().result, aarav)).toBe('absent');
    expect((await get(nurseryA, date)).json().result).toMatchObject({ is_saved: false, completed_by: null, completed_at: null });
  });

  it('resets a mark to NA', async () => {
    const date = weekday(1, 3);
    await save(nurseryA, { date, student_attendance_list: [{ student_id: kabir, attendance_status: 'present' }] });
    const res = await save(nurseryA, { date, student_attendance_list: [{ student_id: kabir, attendance_status: 'NA' }] });
    expect(statusOf(res.json().result, kabir)).toBe('NA');
  });

  it('refuses a future date, a student of another class and an unknown status, changing nothing', async () => {
    const future = await save(nurseryA, {
      date: tomorrow(),
      student_attendance_list: [{ student_id: kabir, attendance_status: 'present' }],
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('Attendance cannot be marked for a future date');
    const date = weekday(1, 4);
    const stranger = await save(nurseryA, {
      date,
      student_attendance_list: [
        { student_id: kabir, attendance_status: 'present' },
        { student_id: ira, attendance_status: 'present' },
      ],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe('NOT_IN_CLASS');
    expect(statusOf((await get(nurseryA, date)).json().result, kabir)).toBe('NA');
    const unknown = await save(nurseryA, {
      date,
      student_attendance_list: [{ student_id: kabir, attendance_status: 'sleeping' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toContain('student_attendance_list');
  });

  it('keeps every row when two teachers save the same day at once: the last mark per child wins', async () => {
    const date = weekday(2, 2);
    const neha = await staffToken(t, '9000000005');
    await t.request({
      method: 'POST',
      url: `/api/add_staff_to_classes/${nurseryA}`,
      headers: bearer(anita),
      payload: { staff_ids: [demoId('user:9000000005')] },
    });
    const roster = (await get(nurseryA, date))
      .json()
      .result.student_attendance_list.map((e: { student_id: string }) => e.student_id);
    const all = (status: string) => roster.map((id: string) => ({ student_id: id, attendance_status: status }));
    const [a, b] = await Promise.all([
      save(nurseryA, { date, student_attendance_list: all('present') }),
      save(nurseryA, { date, student_attendance_list: all('late') }, neha),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const statuses = (await get(nurseryA, date))
      .json()
      .result.student_attendance_list.map((e: { attendance_status: string }) => e.attendance_status);
    expect(statuses).toHaveLength(12);
    expect(statuses.every((s: string) => s === 'present' || s === 'late')).toBe(true);
  });

  it('loses no child when many saves of one day arrive together (they are merged into fewer writes)', async () => {
    const date = weekday(3, 3);
    const roster: string[] = (await get(nurseryA, date))
      .json()
      .result.student_attendance_list.map((e: { student_id: string }) => e.student_id);
    const answers = await Promise.all(
      roster.map((id, i) =>
        save(nurseryA, {
          date,
          student_attendance_list: [{ student_id: id, attendance_status: i % 2 ? 'absent' : 'late' }],
          is_saved: i === roster.length - 1,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).every((c) => c === 200)).toBe(true);
    const day = (await get(nurseryA, date)).json().result;
    expect(day.student_attendance_list.map((e: { attendance_status: string }) => e.attendance_status)).toEqual(
      roster.map((_, i) => (i % 2 ? 'absent' : 'late')),
    );
    // A whole-roster save answers the day it wrote, as a read would.
    const full = await save(nurseryA, {
      date,
      student_attendance_list: roster.map((id) => ({ student_id: id, attendance_status: 'present' })),
      is_saved: true,
    });
    expect(full.json().result).toEqual((await get(nurseryA, date)).json().result);
  });

  it('marks everyone present, and updates a range at once skipping days off', async () => {
    const date = weekday(1, 5);
    const res = await t.request({
      method: 'POST',
      url: ROUTES.fullPresence.path,
      headers: bearer(tara),
      payload: { class_id: nurseryA, date },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().result.student_attendance_list.every((e: { attendance_status: string }) => e.attendance_status === 'present'),
    ).toBe(true);
    const bulk = await t.request({
      method: 'POST',
      url: `/api/update_bulk_student_attendance/${nurseryA}`,
      headers: bearer(tara),
      payload: { from_date: weekday(3, 1), to_date: weekday(3, 7), student_ids: [kabir], attendance_status: 'excused' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().result).toMatchObject({ days_updated: 5, students: 1 });
    expect(statusOf((await get(nurseryA, weekday(3, 3))).json().result, kabir)).toBe('excused');
    expect(statusOf((await get(nurseryA, weekday(3, 6))).json().result, kabir)).toBe('NA');
  });
});

describe('holidays and the calendar', () => {
  it('closes a holiday for attendance; parents see school events; teachers cannot add school holidays', async () => {
    const date = weekday(4, 3);
    const holiday = { title: 'Diwali', start_date: date, end_date: date, class_id: null, is_holiday: true };
    expect(
      (await t.request({ method: 'POST', url: ROUTES.calendarCreate.path, headers: bearer(tara), payload: holiday })).statusCode,
    ).toBe(403);
    const created = await t.request({
      method: 'POST',
      url: ROUTES.calendarCreate.path,
      headers: bearer(anita),
      payload: holiday,
    });
    expect(created.statusCode, created.body).toBe(200);
    const day = (await get(nurseryA, date)).json().result;
    expect(day.holiday).toMatchObject({ title: 'Diwali' });
    const refused = await save(nurseryA, {
      date,
      student_attendance_list: [{ student_id: kabir, attendance_status: 'present' }],
    });
    expect(refused.json().message).toBe('There is no attendance on a holiday');
    const classEvent = await t.request({
      method: 'POST',
      url: ROUTES.calendarCreate.path,
      headers: bearer(tara),
      payload: { title: 'Puppet show', start_date: date, end_date: date, class_id: nurseryA },
    });
    expect(classEvent.statusCode).toBe(200);
    const parentView = await t.request({
      method: 'GET',
      url: `${ROUTES.calendarList.path}?from=${weekday(5, 1)}&to=${weekday(3, 7)}`,
      headers: bearer(rohan),
    });
    expect(
      parentView
        .json()
        .result.map((e: { title: string }) => e.title)
        .sort(),
    ).toEqual(['Diwali', 'Puppet show']);
    const id = classEvent.json().result.id;
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/calendar/${id}`,
          headers: bearer(tara),
          payload: { title: 'Puppet show!', start_date: date, end_date: date, class_id: nurseryA },
        })
      ).json().result.title,
    ).toBe('Puppet show!');
    expect(
      (await t.request({ method: 'DELETE', url: `/api/calendar/${id}`, headers: bearer(await staffToken(t, '9000000006')) }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/calendar/${id}`, headers: bearer(tara) })).statusCode).toBe(200);
  });
});

describe('reports', () => {
  it("answers a child's week, month and year to its parent and teacher, not to others", async () => {
    const week = await t.request({
      method: 'GET',
      url: `/api/student_weekly_attendance/${kabir}?date=${weekday(1, 3)}`,
      headers: bearer(tara),
    });
    expect(week.statusCode).toBe(200);
    expect(week.json().result).toMatchObject({ from: weekday(1, 1), to: weekday(1, 7), school_days: 5 });
    expect(week.json().result.counts.late).toBe(1);
    const year = await t.request({ method: 'GET', url: `/api/student_yearly_attendance/${aarav}`, headers: bearer(rohan) });
    expect(year.statusCode).toBe(200);
    expect(year.json().result.counts.absent).toBeGreaterThanOrEqual(1);
    expect(
      (await t.request({ method: 'GET', url: `/api/student_monthly_attendance/${kabir}`, headers: bearer(rohan) })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/student_monthly_attendance/${kabir}`,
          headers: bearer(await staffToken(t, '9000000006')),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('shows the attendance dashboard and exports it as CSV', async () => {
    const res = await t.request({
      method: 'GET',
      url: `${ROUTES.attendanceDashboard.path}?class_id=${nurseryA}`,
      headers: bearer(tara),
    });
    expect(res.statusCode).toBe(200);
    const dash = res.json().result;
    expect(dash.today.students).toBe(12);
    expect(dash.by_week.length).toBeGreaterThan(0);
    expect(dash.most_absences[0]).toMatchObject({ class_name: 'Nursery A' });
    const csv = await t.request({
      method: 'GET',
      url: `${ROUTES.attendanceExport.path}?class_id=${nurseryA}&from=${weekday(3, 1)}&to=${today()}`,
      headers: bearer(tara),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Date,Class,First name,Last name,Status');
    expect(csv.body).toContain('Kabir,Khan,excused');
  });

  it('answers a parent their child month', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/parent_child_attendance/${nurseryA}`,
      headers: bearer(rohan),
      payload: { student_id: aarav },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.student_id).toBe(aarav);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/parent_child_attendance/${nurseryA}`,
          headers: bearer(rohan),
          payload: { student_id: kabir },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('excusals', () => {
  it('a parent reports an absence ahead; the teacher approves it and the day shows excused', async () => {
    const body = { student_id: aarav, from_date: today(), to_date: today(), reason: 'Doctor appointment' };
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/create_child_excusal/${nurseryA}`,
          headers: bearer(rohan),
          payload: { ...body, reason: '' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/create_child_excusal/${nurseryA}`,
          headers: bearer(rohan),
          payload: { ...body, student_id: kabir },
        })
      ).statusCode,
    ).toBe(404);
    const created = await t.request({
      method: 'POST',
      url: `/api/create_child_excusal/${nurseryA}`,
      headers: bearer(rohan),
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(200);
    const excusal = created.json().result;
    expect(excusal).toMatchObject({ status: 'pending', reason: 'Doctor appointment', student: { first_name: 'Aarav' } });
    const mine = await t.request({
      method: 'POST',
      url: `/api/fetch_child_excusal/${nurseryA}`,
      headers: bearer(rohan),
      payload: { student_id: aarav },
    });
    expect(mine.json().result.map((e: { id: string }) => e.id)).toContain(excusal.id);
    const forClass = await t.request({
      method: 'GET',
      url: `/api/fetch_update_class_excusal/${nurseryA}`,
      headers: bearer(tara),
    });
    expect(forClass.json().result.map((e: { id: string }) => e.id)).toContain(excusal.id);
    const approved = await t.request({
      method: 'POST',
      url: `/api/fetch_update_class_excusal/${nurseryA}`,
      headers: bearer(tara),
      payload: { excusal_id: excusal.id, status: 'approved' },
    });
    expect(approved.json().result).toMatchObject({ status: 'approved', decided_by: { first_name: 'Tara' } });
    expect(statusOf((await get(nurseryA, today())).json().result, aarav)).toBe('excused');
  });
});

describe('real time', () => {
  const connectAs = (token?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        auth: token ? { token } : {},
        transports: ['websocket'],
        reconnection: false,
      });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', (err) => {
        socket.close();
        reject(err);
      });
    });
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  it('refuses a socket without a valid token', async () => {
    await expect(connectAs()).rejects.toThrow('Authentication required');
    await expect(connectAs('nonsense')).rejects.toThrow('Invalid or expired token');
  });

  it('tells the parents of the class when a teacher completes attendance, and no one else', async () => {
    const parent = await connectAs(rohan);
    const outsider = await connectAs(await parentToken(t, '9000000005'));
    const mona = await connectAs(await staffToken(t, '9000000006'));
    expect(await parent.emitWithAck('join-class', nurseryA)).toEqual({ ok: true });
    expect(await mona.emitWithAck('join-class', nurseryA)).toEqual({ ok: false, message: 'Not found' });
    expect(await outsider.emitWithAck('join-class', kgB)).toEqual({ ok: false, message: 'Not found' });
    const heard: unknown[] = [];
    outsider.on(ATTENDANCE_UPDATED_EVENT, (e) => heard.push(e));
    mona.on(ATTENDANCE_UPDATED_EVENT, (e) => heard.push(e));
    const received = new Promise((resolve) => parent.once(ATTENDANCE_UPDATED_EVENT, resolve));
    const date = weekday(2, 4);
    await save(nurseryA, { date, student_attendance_list: [{ student_id: kabir, attendance_status: 'absent' }], is_saved: true });
    expect(await received).toEqual({ class_id: nurseryA, date, is_saved: true, preset: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual([]);
    for (const s of [parent, outsider, mona]) s.close();
  });
});
