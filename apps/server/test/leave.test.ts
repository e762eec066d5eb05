import { addDays, ERROR_CODES, LEAVE_MESSAGES, ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';
import { mondayAfterNext, sunriseToday } from './support/leave-fixtures.js';

let t: TestApp;
let sam: string; // super admin
let anita: string; // admin: management.leave; Tara's and Neha's line manager
let tara: string; // teacher of Nursery A (12 children, the only adult)
let neha: string; // teacher of Kindergarten B
let mona: string; // Moonbeam
let rohan: string; // a parent
const req = requester(() => t);
const wire = (iso: string) => iso.split('-').reverse().join('-');
const ids = {} as { annual: string; sick: string; unpaid: string; training: string; monday: string; today: string };
const tue = () => addDays(ids.monday, 1);

const apply = (token: string, body: Record<string, unknown>) => req('POST', '/api/leave/requests', token, body);
const mine = async (token: string) => expectResponse(ROUTES.myLeave, await req('GET', '/api/leave/me', token)).result;

beforeAll(async () => {
  t = await createTestApp();
  [sam, anita, tara, neha, mona, rohan] = await Promise.all([
    staffToken(t, '9000000001'),
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    staffToken(t, '9000000006'),
    parentToken(t, '9000000004'),
  ]);
  ids.today = await sunriseToday(t);
  ids.monday = mondayAfterNext(ids.today);
  const type = async (body: Record<string, unknown>) =>
    expectResponse(ROUTES.leaveTypeCreate, await req('POST', '/api/leave/types', anita, body)).result._id;
  ids.annual = await type({ name: 'Annual (test)', code: 'AT', yearly_quota: 3, accrual: 'upfront', carry_over_limit: 2 });
  ids.sick = await type({ name: 'Sick (test)', code: 'ST', yearly_quota: 10, half_days: false, requires_approval: false });
  ids.unpaid = await type({ name: 'Unpaid (test)', code: 'UT', yearly_quota: 0, allow_negative: true });
  ids.training = await type({ name: 'Training (test)', code: 'TT', yearly_quota: 5, admin_approval: true });
  expectResponse(
    ROUTES.lineManagersUpdate,
    await req('PUT', '/api/leave/line_managers', anita, {
      managers: [
        { staff_id: demoId('user:9000000003'), manager_id: demoId('user:9000000005') },
        { staff_id: demoId('user:9000000005'), manager_id: demoId('user:9000000002') },
      ],
    }),
  );
});
afterAll(() => t?.close());

describe('leave: access', () => {
  it('answers 401 without a token, 403 to a teacher on the policy and to a parent, 404 across schools', async () => {
    expect((await req('GET', '/api/leave/me')).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/leave/settings'],
      ['POST', '/api/leave/types'],
      ['GET', '/api/leave/line_managers'],
      ['GET', `/api/leave/calendar?from=${wire(ids.today)}&to=${wire(ids.today)}`],
    ] as const)
      expect(
        (await req(method, url, tara, method === 'POST' ? { name: 'X', code: 'X', yearly_quota: 1 } : undefined)).statusCode,
      ).toBe(403);
    expect((await req('GET', '/api/leave/me', rohan)).statusCode).toBe(403);
    // Mona teaches at Moonbeam without the leave permission (another school's admin gets 404: the tenant-isolation suite).
    expect((await req('PUT', `/api/leave/types/${ids.annual}`, mona, { name: 'X', code: 'X', yearly_quota: 1 })).statusCode).toBe(
      403,
    );
    expect((await req('GET', '/api/leave/types', mona)).body).not.toContain('Annual (test)');
    // The leave types are any member's to read; a teacher sees no archived ones and cannot edit.
    const types = expectResponse(ROUTES.leaveTypes, await req('GET', '/api/leave/types', tara)).result;
    expect(types.every((x) => !x.abilities.edit && !x.archived)).toBe(true);
  });

  it('refuses a line manager loop and a manager from another school', async () => {
    const loop = await req('PUT', '/api/leave/line_managers', anita, {
      managers: [{ staff_id: demoId('user:9000000002'), manager_id: demoId('user:9000000003') }],
    });
    expect([loop.statusCode, loop.json().code, loop.json().message]).toEqual([
      400,
      ERROR_CODES.managerLoop,
      LEAVE_MESSAGES.managerLoop,
    ]);
    const foreign = await req('PUT', '/api/leave/line_managers', anita, {
      managers: [{ staff_id: demoId('user:9000000003'), manager_id: demoId('user:9000000006') }],
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('leave: applying', () => {
  it('counts working days only, skipping the weekend and a holiday named in the calendar', async () => {
    // Friday before the Monday after next, to that Tuesday: Friday, Monday (a holiday), Tuesday.
    const friday = addDays(ids.monday, -3);
    expectResponse(
      ROUTES.calendarCreate,
      await req('POST', '/api/calendar/', anita, {
        title: 'Founders day',
        start_date: wire(ids.monday),
        end_date: wire(ids.monday),
        is_holiday: true,
      }),
    );
    const preview = expectResponse(
      ROUTES.leavePreview,
      await req('POST', '/api/leave/requests/preview', neha, {
        leave_type_id: ids.unpaid,
        start_date: wire(friday),
        end_date: wire(tue()),
      }),
    ).result;
    expect(preview.days).toBe(2);
    expect(preview.skipped.map((s) => [s.reason, s.name])).toEqual([
      ['weekend', ''],
      ['weekend', ''],
      ['holiday', 'Founders day'],
    ]);
    const weekend = await apply(neha, {
      leave_type_id: ids.unpaid,
      start_date: wire(addDays(ids.monday, -2)),
      end_date: wire(addDays(ids.monday, -1)),
    });
    expect([weekend.statusCode, weekend.json().code]).toEqual([400, ERROR_CODES.leaveNoWorkingDays]);
  });

  it('refuses a half day of a type without them, a reversed range and an archived type', async () => {
    const half = await apply(tara, {
      leave_type_id: ids.sick,
      start_date: wire(tue()),
      end_date: wire(tue()),
      start_portion: 'am',
    });
    expect([half.statusCode, half.json().code]).toEqual([400, ERROR_CODES.leaveHalfDays]);
    const reversed = await apply(tara, { leave_type_id: ids.annual, start_date: wire(tue()), end_date: wire(ids.monday) });
    expect([reversed.statusCode, reversed.json().message]).toEqual([400, LEAVE_MESSAGES.endBeforeStart]);
    const bad = await apply(tara, { leave_type_id: ids.annual, start_date: '31-02-2027', end_date: '31-02-2027' });
    expect(bad.statusCode).toBe(400);
  });

  it('never lets a balance go below zero unless the type allows it, and counts half days', async () => {
    // Annual: 3 days. Tara asks for two and a half: Tuesday to Thursday noon.
    const first = expectResponse(
      ROUTES.leaveApply,
      await apply(tara, {
        leave_type_id: ids.annual,
        start_date: wire(tue()),
        end_date: wire(addDays(tue(), 2)),
        end_portion: 'am',
      }),
    ).result;
    expect([first.days, first.status, first.waiting_for]).toEqual([2.5, 'pending', 'manager']);
    const balance = (await mine(tara)).balances.find((b) => b.leave_type._id === ids.annual);
    expect([balance?.entitled, balance?.pending, balance?.available]).toEqual([3, 2.5, 0.5]);
    // Another full day would pass the quota.
    const over = await apply(tara, {
      leave_type_id: ids.annual,
      start_date: wire(addDays(ids.monday, 7)),
      end_date: wire(addDays(ids.monday, 7)),
    });
    expect([over.statusCode, over.json().code, over.json().message]).toEqual([
      400,
      ERROR_CODES.leaveBalance,
      LEAVE_MESSAGES.notEnoughBalance,
    ]);
    // The same days again overlap.
    const again = await apply(tara, { leave_type_id: ids.unpaid, start_date: wire(tue()), end_date: wire(tue()) });
    expect(again.json().code).toBe(ERROR_CODES.leaveOverlap);
    // Unpaid leave may go negative.
    const unpaid = expectResponse(
      ROUTES.leaveApply,
      await apply(tara, {
        leave_type_id: ids.unpaid,
        start_date: wire(addDays(ids.monday, 7)),
        end_date: wire(addDays(ids.monday, 7)),
      }),
    ).result;
    expect(unpaid.status).toBe('pending');
    expect((await mine(tara)).balances.find((b) => b.leave_type._id === ids.unpaid)?.available).toBe(-1);
  });

  it('two applications at once cannot both pass the balance', async () => {
    // Neha: Annual, 3 days; two requests of 2 days each, sent together.
    const week = addDays(ids.monday, 14);
    const [a, b] = await Promise.all([
      apply(neha, { leave_type_id: ids.annual, start_date: wire(week), end_date: wire(addDays(week, 1)) }),
      apply(neha, { leave_type_id: ids.annual, start_date: wire(addDays(week, 2)), end_date: wire(addDays(week, 3)) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });
});

describe('leave: deciding', () => {
  let taraRequest = '';
  beforeAll(async () => {
    const page = expectResponse(ROUTES.leaveRequests, await req('GET', '/api/leave/requests?scope=mine', tara)).result;
    taraRequest = page.items.find((r) => r.leave_type._id === ids.annual)?._id ?? '';
  });

  it('shows a member only their own requests, and a line manager only their team', async () => {
    expect((await req('GET', `/api/leave/requests/${taraRequest}`, tara)).statusCode).toBe(200);
    // Neha is Tara's line manager; Anita is a leave manager; Mona is another school.
    expect((await req('GET', `/api/leave/requests/${taraRequest}`, neha)).statusCode).toBe(200);
    expect((await req('GET', `/api/leave/requests/${taraRequest}`, mona)).statusCode).toBe(404);
    const team = expectResponse(ROUTES.leaveRequests, await req('GET', '/api/leave/requests?scope=team', neha)).result;
    expect(team.items.every((r) => r.staff._id === demoId('user:9000000003'))).toBe(true);
    const waiting = expectResponse(
      ROUTES.leaveRequests,
      await req('GET', '/api/leave/requests?scope=team&waiting=true', neha),
    ).result;
    expect(waiting.items.map((r) => r._id)).toContain(taraRequest);
    expect((await req('GET', '/api/leave/requests?scope=all', neha)).statusCode).toBe(403);
    // Tara cannot read Neha's requests.
    const nehas = expectResponse(ROUTES.leaveRequests, await req('GET', '/api/leave/requests?scope=mine', neha)).result.items;
    expect(nehas.length).toBeGreaterThan(0);
    expect((await req('GET', `/api/leave/requests/${nehas[0]?._id}`, tara)).statusCode).toBe(404);
  });

  it('warns that Nursery A would be left below the ratio, with the day, the class and 1:8', async () => {
    const detail = expectResponse(ROUTES.leaveRequestGet, await req('GET', `/api/leave/requests/${taraRequest}`, neha)).result;
    expect(detail.balance?.leave_type._id).toBe(ids.annual);
    const first = detail.ratio_warnings[0];
    expect(first).toMatchObject({ class: { name: 'Nursery A' }, children: 12, adults_left: 0, adults_needed: 2, ratio: '1:8' });
    expect(first?.date).toBe(wire(tue()));
    expect(detail.abilities).toMatchObject({ approve: true, decline: true });
  });

  it('nobody decides their own request; the line manager approves; a decided request stays decided', async () => {
    const own = await req('POST', `/api/leave/requests/${taraRequest}/approve`, tara, {});
    expect([own.statusCode, own.json().code]).toEqual([400, ERROR_CODES.leaveOwnRequest]);
    const approved = expectResponse(
      ROUTES.leaveApprove,
      await req('POST', `/api/leave/requests/${taraRequest}/approve`, neha, { note: 'Cover arranged' }),
    ).result;
    expect(approved.status).toBe('approved');
    expect(approved.decisions.map((d) => [d.step, d.decision, d.by.name, d.note])).toEqual([
      ['manager', 'approved', 'Neha Patel', 'Cover arranged'],
    ]);
    const again = await req('POST', `/api/leave/requests/${taraRequest}/decline`, anita, {});
    expect([again.statusCode, again.json().code]).toEqual([400, ERROR_CODES.leaveNotPending]);
    // The approved days are taken, and the staff calendar shows them on Tara's class.
    expect((await mine(tara)).balances.find((b) => b.leave_type._id === ids.annual)?.taken).toBe(2.5);
    const calendar = expectResponse(
      ROUTES.staffCalendar,
      await req(
        'GET',
        `/api/leave/calendar?from=${wire(ids.monday)}&to=${wire(addDays(ids.monday, 6))}&class_id=${demoId('class:nurseryA')}`,
        anita,
      ),
    ).result;
    const tuesday = calendar.days.find((d) => d.date === wire(tue()));
    expect(tuesday?.absences.map((a) => [a.staff.name, a.leave_type.code, a.portion, a.classes.map((c) => c.name)])).toEqual([
      ['Tara Menon', 'AT', 'full', ['Nursery A']],
    ]);
    expect(calendar.days.find((d) => d.date === wire(ids.monday))?.holiday).toBe('Founders day');
    expect(calendar.days.find((d) => d.date === wire(addDays(tue(), 2)))?.absences[0]?.portion).toBe('am');
    // The audit trail has the application and the decision.
    const audit = await req('GET', `/api/academic_setup/audit/?entity_type=leave_request&entity_id=${taraRequest}`, anita);
    expect(audit.json().result.items.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
  });

  it('a type with admin approval waits for a leave manager after the line manager', async () => {
    const request = expectResponse(
      ROUTES.leaveApply,
      await apply(tara, {
        leave_type_id: ids.training,
        start_date: wire(addDays(ids.monday, 21)),
        end_date: wire(addDays(ids.monday, 21)),
      }),
    ).result;
    const step1 = expectResponse(
      ROUTES.leaveApprove,
      await req('POST', `/api/leave/requests/${request._id}/approve`, neha, {}),
    ).result;
    expect([step1.status, step1.waiting_for]).toEqual(['pending_admin', 'admin']);
    // The line manager has no second say.
    expect((await req('POST', `/api/leave/requests/${request._id}/approve`, neha, {})).statusCode).toBe(403);
    const step2 = expectResponse(
      ROUTES.leaveDecline,
      await req('POST', `/api/leave/requests/${request._id}/decline`, anita, { note: 'Budget spent' }),
    ).result;
    expect(step2.status).toBe('declined');
  });

  it('a type without approval is approved at once; cancelling works before the first day only', async () => {
    const sick = expectResponse(
      ROUTES.leaveApply,
      await apply(neha, {
        leave_type_id: ids.sick,
        start_date: wire(addDays(ids.monday, 28)),
        end_date: wire(addDays(ids.monday, 28)),
      }),
    ).result;
    expect(sick.status).toBe('approved');
    expect((await req('POST', `/api/leave/requests/${sick._id}/cancel`, tara)).statusCode).toBe(404);
    const cancelled = expectResponse(
      ROUTES.leaveCancel,
      await req('POST', `/api/leave/requests/${sick._id}/cancel`, neha),
    ).result;
    expect(cancelled.status).toBe('cancelled');
    expect((await req('POST', `/api/leave/requests/${sick._id}/cancel`, neha)).json().code).toBe(ERROR_CODES.leaveNotPending);
  });

  it('the super admin reads the whole school', async () => {
    expect((await req('GET', '/api/leave/requests?scope=all', sam)).statusCode).toBe(200);
  });
});
