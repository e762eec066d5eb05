import { ERROR_CODES, LEAVE_MESSAGES, ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';
import { type SunriseLeave, sunriseLeave } from './support/leave-fixtures.js';
import { multipartFile, PDF } from './support/management-fixtures.js';

/**
 * Cover (issue 27): when a teacher's leave is approved, each day their class meets shows as needing cover;
 * a leave manager names a substitute among the members free that day (not away, not covering elsewhere,
 * with no class of their own meeting that day); the class's staff see who covers; a cancelled leave takes
 * its cover away.
 */
let t: TestApp;
let anita: string;
let tara: string;
let neha: string;
let rohan: string;
let leave: SunriseLeave;
const req = requester(() => t);
const wire = (iso: string) => iso.split('-').reverse().join('-');
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');
const id = { sam: demoId('user:9000000001'), anita: demoId('user:9000000002'), tara: demoId('user:9000000003') };
const neha_ = demoId('user:9000000005');

const coverList = async () =>
  expectResponse(
    ROUTES.leaveCover,
    await req('GET', `/api/leave/cover?from=${wire(leave.monday)}&to=${wire(leave.monday)}`, anita),
  ).result.days;

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, rohan] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000004'),
  ]);
  leave = await sunriseLeave(t);
}, 60_000);
afterAll(() => t?.close());

describe('leave cover', () => {
  it('needs no cover while the request waits', async () => {
    expect(await coverList()).toEqual([]);
  });

  it('emails the line manager of a new request, and the applicant of the decision, in a job', async () => {
    const sunrise = demoId('school:sunrise');
    const outbox = async () => (await t.services.email.recent?.(500, sunrise)) ?? [];
    // Tara's request of the fixture (her line manager: Anita).
    await t.services.jobs.runDue();
    const asked = (await outbox()).filter((m) => m.subject.includes('Tara Menon asks for Annual leave (test)'));
    expect(asked.length).toBeGreaterThan(0);
    expectResponse(
      ROUTES.leaveApprove,
      await req('POST', `/api/leave/requests/${leave.leave_request}/approve`, anita, { note: 'Fine' }),
    );
    await t.services.jobs.runDue();
    const decided = (await outbox()).filter((m) => m.subject.includes('your Annual leave (test) is approved'));
    expect(decided.length).toBe(1);
    expect(decided[0]?.html).toContain('Anita Desai');
  });

  it('shows the class day as needing cover once approved, with who is free', async () => {
    const days = await coverList();
    expect(days).toHaveLength(1);
    const day = days[0];
    expect(day).toMatchObject({
      date: wire(leave.monday),
      class: { _id: nurseryA },
      absent: { _id: id.tara },
      portion: 'full',
      substitute: null,
      request_id: leave.leave_request,
    });
    const free = day?.candidates.map((c) => c._id) ?? [];
    expect(free).toEqual(expect.arrayContaining([id.sam, id.anita]));
    // Neha's own class meets that day; Tara is the one away.
    expect(free).not.toContain(neha_);
    expect(free).not.toContain(id.tara);
    // The class's own teacher sees it needs cover (without the list of who could).
    const seen = expectResponse(
      ROUTES.classCover,
      await req('GET', `/api/leave/cover/classes/${nurseryA}?date=${wire(leave.monday)}`, tara),
    ).result;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ substitute: null, candidates: [] });
    // Kindergarten B needs none.
    expect(
      expectResponse(ROUTES.classCover, await req('GET', `/api/leave/cover/classes/${kgB}?date=${wire(leave.monday)}`, neha))
        .result,
    ).toEqual([]);
  });

  it('refuses the cover routes to a teacher, a parent and without sign-in, and another class to its non-staff', async () => {
    const q = `from=${wire(leave.monday)}&to=${wire(leave.monday)}`;
    expect((await req('GET', `/api/leave/cover?${q}`)).statusCode).toBe(401);
    expect((await req('GET', `/api/leave/cover?${q}`, tara)).statusCode).toBe(403);
    expect((await req('GET', `/api/leave/cover?${q}`, rohan)).statusCode).toBe(403);
    const body = { class_id: nurseryA, date: wire(leave.monday), absent_id: id.tara, substitute_id: id.sam };
    expect((await req('PUT', '/api/leave/cover', tara, body)).statusCode).toBe(403);
    expect((await req('GET', `/api/leave/cover/classes/${nurseryA}?date=${wire(leave.monday)}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/leave/cover/classes/${nurseryA}?date=${wire(leave.monday)}`, rohan)).statusCode).toBe(403);
    expect((await req('GET', `/api/leave/cover/classes/${nurseryA}?date=2026-01-01`, tara)).statusCode).toBe(400);
  });

  it('names a free substitute, refuses a busy one or one of another school, and a day without need', async () => {
    const body = { class_id: nurseryA, date: wire(leave.monday), absent_id: id.tara };
    const busy = await req('PUT', '/api/leave/cover', anita, { ...body, substitute_id: neha_ });
    expect([busy.statusCode, busy.json().code, busy.json().message]).toEqual([
      409,
      ERROR_CODES.coverBusy,
      LEAVE_MESSAGES.coverBusy,
    ]);
    const foreign = await req('PUT', '/api/leave/cover', anita, { ...body, substitute_id: demoId('user:9000000006') });
    expect(foreign.statusCode).toBe(404);
    const none = await req('PUT', '/api/leave/cover', anita, { ...body, absent_id: neha_, substitute_id: id.sam });
    expect([none.statusCode, none.json().message]).toEqual([400, LEAVE_MESSAGES.noCoverNeeded]);
    const done = expectResponse(
      ROUTES.leaveCoverAssign,
      await req('PUT', '/api/leave/cover', anita, { ...body, substitute_id: id.sam }),
    );
    expect(done.message).toBe(LEAVE_MESSAGES.coverSaved);
    expect(done.result.substitute).toEqual({ _id: id.sam, name: expect.any(String) });
    // Tara's class shows who covers.
    const seen = expectResponse(
      ROUTES.classCover,
      await req('GET', `/api/leave/cover/classes/${nurseryA}?date=${wire(leave.monday)}`, tara),
    ).result;
    expect(seen[0]?.substitute?._id).toBe(id.sam);
    const audit = await req('GET', '/api/academic_setup/audit/?entity_type=leave_cover', anita);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().result.items.length).toBeGreaterThan(0);
    // Taking the substitute off shows the need again.
    const off = expectResponse(
      ROUTES.leaveCoverAssign,
      await req('PUT', '/api/leave/cover', anita, { ...body, substitute_id: null }),
    );
    expect(off.result.substitute).toBeNull();
    expectResponse(ROUTES.leaveCoverAssign, await req('PUT', '/api/leave/cover', anita, { ...body, substitute_id: id.anita }));
  });

  it('keeps a document the applicant attaches, for her approvers only', async () => {
    const url = `/api/leave/requests/${leave.leave_request}/document`;
    const send = (token: string, name: string, bytes: Buffer) =>
      t.request({
        method: 'POST',
        url,
        headers: { ...bearer(token), ...multipartFile(name, bytes).headers },
        payload: multipartFile(name, bytes).payload,
      });
    const bad = await send(tara, 'notes.txt', Buffer.from('just some words, not a document'));
    expect([bad.statusCode, bad.json().errors?.[0]?.field]).toEqual([400, 'file']);
    expect((await send(anita, 'x.pdf', PDF)).statusCode).toBe(403);
    const attached = expectResponse(ROUTES.leaveDocumentAttach, await send(tara, 'certificate.pdf', PDF));
    expect(attached.message).toBe(LEAVE_MESSAGES.documentAttached);
    // It replaces the doctor's note of the fixture.
    expect(attached.result.document).toEqual({ name: 'certificate.pdf', size: PDF.length });
    const file = await req('GET', url, anita);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(file.headers['content-disposition']).toContain('certificate.pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // Neha neither applied nor decides Tara's leave; a parent and nobody signed in get nothing.
    expect((await req('GET', url, neha)).statusCode).toBe(404);
    expect((await req('GET', url, rohan)).statusCode).toBe(403);
    expect((await req('GET', url)).statusCode).toBe(401);
  });

  it('takes the cover away when the leave is cancelled', async () => {
    expectResponse(ROUTES.leaveCancel, await req('POST', `/api/leave/requests/${leave.leave_request}/cancel`, tara));
    expect(await coverList()).toEqual([]);
  });
});
