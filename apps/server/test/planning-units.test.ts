import type { AddressInfo } from 'node:net';
import { ERROR_CODES, PLANNING_MESSAGES, ROUTES, UNIT_UPDATED_EVENT, type UnitUpdatedEvent } from '@cue/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { seedDemoPlanningIfEmpty } from '../src/seed/planning.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise (manages classes and the library)
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let rohan: string; // a father
let mona: string; // teacher at Moonbeam (another school of the same organization)
let stranger: string; // a teacher of a school of another organization
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const CL = '5940566293db787df3cf4fb0'; // EYFS: Communication and Language
const UW = '3ce9bd22f2bf1efb3d6fe01f'; // EYFS: Understanding the World
const WWA = '86e78d003d57f5ab838484e7'; // PYP: Who we are
const GROWING_THINGS = 'a1b2c3d4e5f6a7b8c9d00002';

/** An ISO day `days` from today, as the wire's DD-MM-YYYY. */
const wire = (iso: string) => iso.split('-').reverse().join('-');
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The Monday `weeks` weeks from this week's. */
function monday(weeks: number): string {
  const d = new Date(`${isoIn(0)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + weeks * 7);
  return d.toISOString().slice(0, 10);
}
const plus = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
const unitBody = (over: Record<string, unknown> = {}) => ({
  title: 'Growing beans',
  class_ids: [nurseryA],
  start_date: wire(monday(1)),
  end_date: wire(plus(monday(1), 11)),
  area_ids: [UW],
  fields: { intentions: ['Notice how seeds change'], next_steps: 'Plant outside' },
  ...over,
});
const createUnit = async (token: string, over: Record<string, unknown> = {}) =>
  expectResponse(ROUTES.unitCreate, await req('POST', '/api/units/', token, unitBody(over))).result;
const getUnit = async (token: string, id: string) =>
  expectResponse(ROUTES.unitGet, await req('GET', `/api/units/${id}`, token)).result;
const errorOf = (res: { json(): unknown }) => res.json() as { code: string; message: string; errors?: { field: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
  stranger = await strangerInAnotherOrganization();
});
afterAll(async () => {
  await t.close();
});

/**
 * A school of a new organization with an admin of its own who manages classes and the library there:
 * the libraries are an organization's, so everything of Sunrise's organization is 404 to them.
 */
async function strangerInAnotherOrganization(): Promise<string> {
  const { db } = t.database;
  const s = await import('../src/platform/db/schema.js');
  const orgId = newId();
  const schoolId = newId();
  const userId = newId();
  const roleId = newId();
  await db.insert(s.organizations).values({ id: orgId, name: 'Elsewhere Trust' });
  await db.insert(s.schools).values({ id: schoolId, organizationId: orgId, name: 'Elsewhere Nursery', permissions: [] });
  await db.insert(s.users).values({ id: userId, firstName: 'Esme', lastName: 'Else', phone: '9000000777' });
  await db
    .insert(s.roles)
    .values({ id: roleId, schoolId, name: 'Admin', permissions: ['admin_portal.classes', 'academic_setup.resource_management'] });
  await db.insert(s.memberships).values({ id: newId(), userId, schoolId, roleId });
  // Not a test number: signed in with the code the SMS provider was given.
  const send = await t.request({ method: 'POST', url: '/api/otp/send', payload: { phno: '919000000777' } });
  const code = t.sms.sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  const verify = await t.request({ method: 'POST', url: '/api/otp/verify', payload: { reqId: send.json().message, otp: code } });
  const login = await t.request({
    method: 'POST',
    url: ROUTES.phoneVerification.path,
    payload: { otp_jwt_token: verify.json().message, phone_number: '9000000777' },
  });
  return login.json().result.staff_user.access_token;
}

describe('the demo seed', () => {
  it('plans a running unit copied from the global library in Nursery A, once', async () => {
    expect(await seedDemoPlanningIfEmpty(t.services, new Date())).toBe(true);
    expect(await seedDemoPlanningIfEmpty(t.services, new Date())).toBe(false);
    const units = expectResponse(ROUTES.unitList, await req('GET', `/api/units/?class_id=${nurseryA}`, tara)).result.items;
    expect(units).toHaveLength(1);
    expect(units[0]).toMatchObject({ title: 'Growing things', status: 'running', start_date: wire(monday(0)) });
    expect(units[0]?.source).toMatchObject({ _id: GROWING_THINGS, scope: 'global' });
    const resources = expectResponse(ROUTES.resourceList, await req('GET', '/api/planning_resources/', tara)).result.items;
    expect(resources.map((r) => r.kind).sort()).toEqual(['book', 'link', 'video']);
    const own = expectResponse(ROUTES.libraryList, await req('GET', '/api/unit_library/?scope=organization', tara)).result.items;
    expect(own.map((u) => u.title)).toEqual(['Our local park']);
  });
});

describe('units', () => {
  it('asks for sign-in, a title, a class, dates in order and areas of the class', async () => {
    expect((await req('GET', '/api/units/')).statusCode).toBe(401);
    expect((await req('POST', '/api/units/', undefined, unitBody())).statusCode).toBe(401);
    const noTitle = await req('POST', '/api/units/', tara, unitBody({ title: ' ' }));
    expect(noTitle.statusCode).toBe(400);
    expect(errorOf(noTitle)).toMatchObject({ message: PLANNING_MESSAGES.titleRequired, errors: [{ field: 'title' }] });
    const noClass = await req('POST', '/api/units/', tara, unitBody({ class_ids: [] }));
    expect(errorOf(noClass).message).toBe(PLANNING_MESSAGES.classesRequired);
    const backwards = await req('POST', '/api/units/', tara, unitBody({ end_date: wire(plus(monday(1), -1)) }));
    expect(errorOf(backwards).message).toBe(PLANNING_MESSAGES.endBeforeStart);
    const pypArea = await req('POST', '/api/units/', tara, unitBody({ area_ids: [WWA] }));
    expect(errorOf(pypArea).message).toBe(PLANNING_MESSAGES.areasOfClass);
    const badField = await req('POST', '/api/units/', tara, unitBody({ fields: { nonsense: 'x' } }));
    expect(badField.statusCode).toBe(400);
  });

  it('creates a unit of the class’s framework at version 1, and lists it for the class’s staff', async () => {
    const unit = await createUnit(tara);
    expect(unit).toMatchObject({
      kind: 'unit',
      framework: 'eyfs',
      title: 'Growing beans',
      status: 'planned',
      classes: [{ _id: nurseryA }],
      areas: [{ _id: UW, code: 'UW', curriculum: 'EYFS' }],
      fields: { intentions: ['Notice how seeds change'], next_steps: 'Plant outside' },
      version: 1,
      source: null,
      activity_count: 0,
      abilities: { can_edit: true, can_delete: true },
    });
    expect(unit.field_versions).toMatchObject({ title: 1, dates: 1, intentions: 1, central_idea: 1 });
    const mine = expectResponse(ROUTES.unitList, await req('GET', `/api/units/?class_id=${nurseryA}&search=beans`, tara)).result;
    expect(mine.items.map((u) => u._id)).toContain(unit._id);
    // Neha teaches Kindergarten B: Nursery A's units are not hers to list, read or change.
    const hers = expectResponse(ROUTES.unitList, await req('GET', '/api/units/', neha)).result;
    expect(hers.items.map((u) => u._id)).not.toContain(unit._id);
    expect((await req('GET', `/api/units/?class_id=${nurseryA}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/units/${unit._id}`, neha)).statusCode).toBe(403);
    expect((await req('PUT', `/api/units/${unit._id}`, neha, { base_version: 1, title: 'Mine' })).statusCode).toBe(403);
    expect((await req('DELETE', `/api/units/${unit._id}`, neha)).statusCode).toBe(403);
    expect((await req('POST', '/api/units/', neha, unitBody())).statusCode).toBe(403);
    // The admin manages every class.
    const all = expectResponse(ROUTES.unitList, await req('GET', '/api/units/', anita)).result;
    expect(all.items.map((u) => u._id)).toContain(unit._id);
    // Another school's staff: the unit does not exist for them; a family is refused.
    expect((await req('GET', `/api/units/${unit._id}`, mona)).statusCode).toBe(404);
    expect((await req('PUT', `/api/units/${unit._id}`, mona, { base_version: 1, title: 'x' })).statusCode).toBe(404);
    expect((await req('POST', '/api/units/', mona, unitBody())).statusCode).toBe(404);
    expect((await req('GET', `/api/units/${unit._id}`, rohan)).statusCode).toBe(403);
    expect((await req('GET', '/api/units/', rohan)).statusCode).toBe(403);
    // Filters: another period, another status.
    const later = expectResponse(
      ROUTES.unitList,
      await req('GET', `/api/units/?class_id=${nurseryA}&from_date=${wire(plus(monday(1), 30))}`, tara),
    ).result;
    expect(later.items.map((u) => u._id)).not.toContain(unit._id);
    const running = expectResponse(ROUTES.unitList, await req('GET', '/api/units/?status=running&kind=unit', tara)).result;
    expect(running.items.map((u) => u._id)).not.toContain(unit._id);
  });

  it('a project is a unit of kind project', async () => {
    const project = await createUnit(tara, {
      kind: 'project',
      title: 'Why do leaves fall?',
      fields: { driving_question: 'Why?' },
    });
    expect(project).toMatchObject({ kind: 'project', fields: { driving_question: 'Why?' } });
    const projects = expectResponse(ROUTES.unitList, await req('GET', '/api/units/?kind=project', tara)).result;
    expect(projects.items.every((u) => u.kind === 'project')).toBe(true);
  });

  it('two teachers editing different fields from one version both keep their change', async () => {
    const unit = await createUnit(tara);
    const [a, b] = await Promise.all([
      req('PUT', `/api/units/${unit._id}`, tara, { base_version: 1, fields: { next_steps: 'Measure the stems' } }),
      req('PUT', `/api/units/${unit._id}`, anita, { base_version: 1, title: 'Beans and seeds', area_ids: [UW, CL] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const now = await getUnit(tara, unit._id);
    expect(now.version).toBe(3);
    expect(now.title).toBe('Beans and seeds');
    expect(now.fields).toEqual({ intentions: ['Notice how seeds change'], next_steps: 'Measure the stems' });
    expect(now.areas.map((x) => x._id).sort()).toEqual([CL, UW].sort());
    expect(now.field_versions.intentions).toBe(1);
    expect([now.field_versions.next_steps, now.field_versions.title].sort()).toEqual([2, 3]);
    expect(now.field_versions.areas).toBe(now.field_versions.title);
  });

  it('the same field changed by two from one version: the second is refused naming it, nothing of it saved', async () => {
    const unit = await createUnit(tara);
    const [a, b] = await Promise.all([
      req('PUT', `/api/units/${unit._id}`, tara, { base_version: 1, fields: { next_steps: 'Tara’s' } }),
      req('PUT', `/api/units/${unit._id}`, anita, { base_version: 1, title: 'Anita’s title', fields: { next_steps: 'Anita’s' } }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(errorOf(refused)).toMatchObject({
      code: ERROR_CODES.editConflict,
      message: PLANNING_MESSAGES.editConflict,
      errors: [{ field: 'next_steps' }],
    });
    const now = await getUnit(tara, unit._id);
    expect(now.version).toBe(2);
    const winner = a.statusCode === 200 ? 'Tara’s' : 'Anita’s';
    expect(now.fields.next_steps).toBe(winner);
    // Anita's title was part of the refused request when she lost: not saved either.
    expect(now.title).toBe(winner === 'Tara’s' ? 'Growing beans' : 'Anita’s title');
    // Sending the value already saved is no change and no conflict.
    const same = await req('PUT', `/api/units/${unit._id}`, tara, { base_version: 1, fields: { next_steps: winner } });
    expect(same.statusCode).toBe(200);
    expect(expectResponse(ROUTES.unitUpdate, same).result.version).toBe(2);
  });

  it('checks a change like a new unit', async () => {
    const unit = await createUnit(tara);
    const put = (token: string, body: object) => req('PUT', `/api/units/${unit._id}`, token, { base_version: 1, ...body });
    expect((await req('PUT', `/api/units/${unit._id}`, undefined, { base_version: 1 })).statusCode).toBe(401);
    expect(errorOf(await put(tara, { title: '' })).message).toBe(PLANNING_MESSAGES.titleRequired);
    expect(errorOf(await put(tara, { class_ids: [] })).message).toBe(PLANNING_MESSAGES.classesRequired);
    expect(errorOf(await put(tara, { end_date: wire(monday(0)) })).message).toBe(PLANNING_MESSAGES.endBeforeStart);
    expect(errorOf(await put(tara, { area_ids: [WWA] })).message).toBe(PLANNING_MESSAGES.areasOfClass);
    // Tara may not add a class she does not teach; the admin may.
    expect((await put(tara, { class_ids: [nurseryA, kindergartenB] })).statusCode).toBe(403);
    const shared = expectResponse(ROUTES.unitUpdate, await put(anita, { class_ids: [nurseryA, kindergartenB] })).result;
    expect(shared.classes.map((c) => c._id).sort()).toEqual([kindergartenB, nurseryA].sort());
    // Now Neha plans it too (a class of hers).
    expect((await req('GET', `/api/units/${unit._id}`, neha)).statusCode).toBe(200);
  });

  it('deletes a unit (class access), its activities stay unlinked', async () => {
    const unit = await createUnit(tara);
    expect((await req('DELETE', `/api/units/${unit._id}`)).statusCode).toBe(401);
    expect((await req('DELETE', `/api/units/${unit._id}`, mona)).statusCode).toBe(404);
    const activity = await addActivity(unit._id, monday(1));
    expectResponse(ROUTES.unitDelete, await req('DELETE', `/api/units/${unit._id}`, tara));
    expect((await req('GET', `/api/units/${unit._id}`, tara)).statusCode).toBe(404);
    const s = await import('../src/platform/db/schema.js');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.database.db.select().from(s.planActivities).where(eq(s.planActivities.id, activity));
    expect(row?.unitId).toBeNull();
  });
});

/** An activity of Nursery A on an ISO day, of a unit: through the week's route when it answers, else as a row. */
async function addActivity(unitId: string, day: string, title = 'Plant beans'): Promise<string> {
  const res = await req('POST', '/api/plan_activities/', tara, {
    class_id: nurseryA,
    date: wire(day),
    start_time: '10:00 AM',
    end_time: '10:30 AM',
    title,
    unit_id: unitId,
  });
  if (res.statusCode === 200) return expectResponse(ROUTES.activityCreate, res).result._id;
  const s = await import('../src/platform/db/schema.js');
  const id = newId();
  await t.database.db.insert(s.planActivities).values({
    id,
    schoolId: demoId('school:sunrise'),
    classId: nurseryA,
    date: day,
    startTime: '10:00',
    endTime: '10:30',
    title,
    unitId,
    createdBy: demoId('user:9000000003'),
  });
  return id;
}

describe('moving a unit', () => {
  it('previews and moves its activities by as many days, stepping over a holiday', async () => {
    const start = monday(3);
    const unit = await createUnit(tara, { start_date: wire(start), end_date: wire(plus(start, 4)) });
    const mon = await addActivity(unit._id, start, 'Monday seeds');
    const wed = await addActivity(unit._id, plus(start, 2), 'Wednesday roots');
    // The unit moves one week on; that week's Wednesday is a school holiday.
    const target = plus(start, 7);
    expectResponse(
      ROUTES.calendarCreate,
      await req('POST', '/api/calendar/', anita, {
        title: 'Founders day',
        start_date: wire(plus(target, 2)),
        end_date: wire(plus(target, 2)),
        is_holiday: true,
      }),
    );
    expect((await req('POST', `/api/units/${unit._id}/move_preview`)).statusCode).toBe(401);
    expect((await req('POST', `/api/units/${unit._id}/move_preview`, tara, { start_date: '31-02-2030' })).statusCode).toBe(400);
    expect((await req('POST', `/api/units/${unit._id}/move_preview`, neha, { start_date: wire(target) })).statusCode).toBe(403);
    expect((await req('POST', `/api/units/${unit._id}/move`, mona, { start_date: wire(target) })).statusCode).toBe(404);
    const preview = expectResponse(
      ROUTES.unitMovePreview,
      await req('POST', `/api/units/${unit._id}/move_preview`, tara, { start_date: wire(target) }),
    ).result;
    expect(preview).toMatchObject({ start_date: wire(target), end_date: wire(plus(target, 4)), shift_days: 7 });
    expect(preview.activities).toEqual([
      { _id: mon, title: 'Monday seeds', from: wire(start), to: wire(target), adjusted: null },
      { _id: wed, title: 'Wednesday roots', from: wire(plus(start, 2)), to: wire(plus(target, 3)), adjusted: 'holiday' },
    ]);
    // The preview changed nothing.
    expect((await getUnit(tara, unit._id)).start_date).toBe(wire(start));
    const moved = expectResponse(
      ROUTES.unitMove,
      await req('POST', `/api/units/${unit._id}/move`, tara, { start_date: wire(target) }),
    ).result;
    expect(moved).toMatchObject({ start_date: wire(target), end_date: wire(plus(target, 4)), version: 2, activity_count: 2 });
    expect(moved.field_versions.dates).toBe(2);
    const s = await import('../src/platform/db/schema.js');
    const { eq } = await import('drizzle-orm');
    const rows = await t.database.db
      .select({ id: s.planActivities.id, date: s.planActivities.date })
      .from(s.planActivities)
      .where(eq(s.planActivities.unitId, unit._id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.date]))).toEqual({ [mon]: target, [wed]: plus(target, 3) });
  });
});

describe('the unit library', () => {
  it('lists the global library to every school, searchable and by framework', async () => {
    expect((await req('GET', '/api/unit_library/')).statusCode).toBe(401);
    const all = expectResponse(ROUTES.libraryList, await req('GET', '/api/unit_library/?scope=global', tara)).result;
    expect(all.items.length).toBeGreaterThanOrEqual(7);
    expect(all.items.every((u) => u.scope === 'global' && !u.abilities.can_edit)).toBe(true);
    const pyp = expectResponse(ROUTES.libraryList, await req('GET', '/api/unit_library/?framework=pyp', tara)).result;
    expect(pyp.items.map((u) => u.title)).toContain('Sharing the planet: minibeasts');
    const found = expectResponse(ROUTES.libraryList, await req('GET', '/api/unit_library/?search=growing', stranger)).result;
    expect(found.items.map((u) => u._id)).toContain(GROWING_THINGS);
    expect((await req('GET', '/api/unit_library/', rohan)).statusCode).toBe(403);
  });

  it('a global unit cannot be changed or archived', async () => {
    const res = await req('PUT', `/api/unit_library/${GROWING_THINGS}`, anita, { framework: 'eyfs', title: 'Mine now' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.globalLibraryReadOnly, message: PLANNING_MESSAGES.globalReadOnly });
    expect((await req('DELETE', `/api/unit_library/${GROWING_THINGS}`, anita)).statusCode).toBe(403);
  });

  it('the organization’s library: edited by its resource managers, read by its schools, not by another organization', async () => {
    const body = {
      framework: 'eyfs',
      title: 'Our garden',
      summary: 'Digging and planting',
      weeks: 2,
      area_ids: [UW],
      fields: { intentions: ['Dig'] },
    };
    expect((await req('POST', '/api/unit_library/', undefined, body)).statusCode).toBe(401);
    expect((await req('POST', '/api/unit_library/', tara, body)).statusCode).toBe(403);
    expect((await req('POST', '/api/unit_library/', rohan, body)).statusCode).toBe(403);
    const noTitle = await req('POST', '/api/unit_library/', anita, { ...body, title: '' });
    expect(errorOf(noTitle)).toMatchObject({ message: PLANNING_MESSAGES.titleRequired, errors: [{ field: 'title' }] });
    const made = expectResponse(ROUTES.libraryCreate, await req('POST', '/api/unit_library/', anita, body)).result;
    expect(made).toMatchObject({ scope: 'organization', version: 1, copies: 0, weeks: 2, abilities: { can_edit: true } });
    // Moonbeam is a school of the same organization: it reads the unit; another organization does not.
    expect((await req('GET', `/api/unit_library/${made._id}`, mona)).statusCode).toBe(200);
    expect((await req('GET', `/api/unit_library/${made._id}`, stranger)).statusCode).toBe(404);
    expect((await req('PUT', `/api/unit_library/${made._id}`, stranger, body)).statusCode).toBe(404);
    const theirs = expectResponse(ROUTES.libraryList, await req('GET', '/api/unit_library/?scope=organization', stranger)).result;
    expect(theirs.items).toEqual([]);
    // Tara reads it but may not change it.
    expect(
      expectResponse(ROUTES.libraryGet, await req('GET', `/api/unit_library/${made._id}`, tara)).result.abilities.can_edit,
    ).toBe(false);
    expect((await req('PUT', `/api/unit_library/${made._id}`, tara, body)).statusCode).toBe(403);

    // Copied into Nursery A: the link and the version copied; the library changes, the copy can tell.
    const start = monday(2);
    const copy = expectResponse(
      ROUTES.libraryCopy,
      await req('POST', `/api/unit_library/${made._id}/copy`, tara, { class_ids: [nurseryA], start_date: wire(start) }),
    ).result;
    expect(copy).toMatchObject({
      title: 'Our garden',
      framework: 'eyfs',
      start_date: wire(start),
      end_date: wire(plus(start, 11)),
      fields: { intentions: ['Dig'] },
      areas: [{ _id: UW }],
      source: { _id: made._id, scope: 'organization', version: 1, latest_version: 1 },
    });
    const edited = expectResponse(
      ROUTES.libraryUpdate,
      await req('PUT', `/api/unit_library/${made._id}`, anita, { ...body, summary: 'Now with compost' }),
    ).result;
    expect(edited).toMatchObject({ version: 2, copies: 1 });
    expect((await getUnit(tara, copy._id)).source).toMatchObject({ version: 1, latest_version: 2 });
    // Copy checks: a class of another teacher, no class, another school's, an archived unit.
    expect(
      (await req('POST', `/api/unit_library/${made._id}/copy`, neha, { class_ids: [nurseryA], start_date: wire(start) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('POST', `/api/unit_library/${made._id}/copy`, tara, { class_ids: [], start_date: wire(start) })).statusCode,
    ).toBe(400);
    expect(
      (await req('POST', `/api/unit_library/${made._id}/copy`, stranger, { class_ids: [nurseryA], start_date: wire(start) }))
        .statusCode,
    ).toBe(404);
    expectResponse(ROUTES.libraryDelete, await req('DELETE', `/api/unit_library/${made._id}`, anita));
    const listed = expectResponse(ROUTES.libraryList, await req('GET', '/api/unit_library/?scope=organization', anita)).result;
    expect(listed.items.map((u) => u._id)).not.toContain(made._id);
    expect((await getUnit(tara, copy._id)).source?._id).toBe(made._id);
  });

  it('copies a global unit into a class: the classes’ framework, a Friday end, the areas of its curriculum', async () => {
    const start = monday(4);
    const copy = expectResponse(
      ROUTES.libraryCopy,
      await req('POST', `/api/unit_library/${GROWING_THINGS}/copy`, tara, { class_ids: [nurseryA], start_date: wire(start) }),
    ).result;
    const library = expectResponse(ROUTES.libraryGet, await req('GET', `/api/unit_library/${GROWING_THINGS}`, tara)).result;
    expect(copy.end_date).toBe(wire(plus(start, library.weeks * 7 - 3)));
    expect(copy.source).toMatchObject({ _id: GROWING_THINGS, scope: 'global', version: 1, latest_version: 1 });
    expect(copy.areas.map((a) => a._id).sort()).toEqual(library.areas.map((a) => a._id).sort());
    expect(copy.fields).toEqual(library.fields);
  });

  it('publishes a class’s unit to the organization’s library', async () => {
    const unit = await createUnit(tara);
    expect((await req('POST', '/api/unit_library/publish', tara, { unit_id: unit._id })).statusCode).toBe(403);
    expect((await req('POST', '/api/unit_library/publish', stranger, { unit_id: unit._id })).statusCode).toBe(404);
    const published = expectResponse(
      ROUTES.unitPublish,
      await req('POST', '/api/unit_library/publish', anita, { unit_id: unit._id }),
    ).result;
    expect(published).toMatchObject({ scope: 'organization', title: 'Growing beans', weeks: 2, areas: [{ _id: UW }] });
  });
});

describe('the resource library', () => {
  it('adds links, videos and books; a link needs an address', async () => {
    expect((await req('POST', '/api/planning_resources/', undefined, { kind: 'book', title: 'x' })).statusCode).toBe(401);
    const noUrl = await req('POST', '/api/planning_resources/', tara, { kind: 'link', title: 'Seeds' });
    expect(errorOf(noUrl)).toMatchObject({ message: PLANNING_MESSAGES.resourceLinkRequired, errors: [{ field: 'url' }] });
    const script = await req('POST', '/api/planning_resources/', tara, { kind: 'video', title: 'x', url: 'javascript:alert(1)' });
    expect(errorOf(script).message).toBe(PLANNING_MESSAGES.resourceLinkRequired);
    expect(errorOf(await req('POST', '/api/planning_resources/', tara, { kind: 'book', title: '' })).message).toBe(
      PLANNING_MESSAGES.titleRequired,
    );
    const book = expectResponse(
      ROUTES.resourceCreate,
      await req('POST', '/api/planning_resources/', tara, {
        kind: 'book',
        title: 'The Tiny Seed',
        author: 'Eric Carle',
        tags: ['seeds', 'seeds', 'stories'],
        area_ids: [UW],
        age_from_months: 24,
        age_to_months: 60,
      }),
    ).result;
    expect(book).toMatchObject({ kind: 'book', url: null, tags: ['seeds', 'stories'], areas: [{ _id: UW }], uses: 0 });
    expect(book.abilities).toEqual({ can_edit: true, can_delete: true });
    const link = expectResponse(
      ROUTES.resourceCreate,
      await req('POST', '/api/planning_resources/', neha, {
        kind: 'link',
        title: 'Bean diary',
        url: 'https://example.org/beans',
      }),
    ).result;
    // Search, kind, tag, area and age.
    const list = async (query: string, token = tara) =>
      expectResponse(ROUTES.resourceList, await req('GET', `/api/planning_resources/${query}`, token)).result.items.map(
        (r) => r._id,
      );
    expect(await list('?search=carle')).toContain(book._id);
    expect(await list('?search=carle')).not.toContain(link._id);
    // A search box finds words by their beginning, and a query language's symbols are only words.
    expect(await list('?search=bean%20dia')).toEqual([link._id]);
    expect(await list('?search=%27%7C%21')).toEqual(expect.arrayContaining([book._id, link._id]));
    expect(await list('?kind=link')).toEqual(expect.arrayContaining([link._id]));
    expect(await list('?tag=seeds')).toEqual([book._id]);
    expect(await list(`?area_id=${UW}`)).toEqual(expect.arrayContaining([book._id]));
    expect(await list('?age_months=12')).not.toContain(book._id);
    expect(await list('?age_months=36')).toEqual(expect.arrayContaining([book._id, link._id]));
    // The organization shares it: Moonbeam reads it; another organization does not.
    expect((await req('GET', `/api/planning_resources/${book._id}`, mona)).statusCode).toBe(200);
    expect((await req('GET', `/api/planning_resources/${book._id}`, stranger)).statusCode).toBe(404);
    expect(await list('', stranger)).toEqual([]);
    expect((await req('GET', '/api/planning_resources/', rohan)).statusCode).toBe(403);
    // Tara may not edit Neha's link (creator or resource manager); the admin may.
    const change = { kind: 'link', title: 'Bean diary (new)', url: 'https://example.org/beans2' };
    expect((await req('PUT', `/api/planning_resources/${link._id}`, tara, change)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/planning_resources/${link._id}`, tara)).statusCode).toBe(403);
    expect((await req('PUT', `/api/planning_resources/${link._id}`, stranger, change)).statusCode).toBe(404);
    expect(
      expectResponse(ROUTES.resourceUpdate, await req('PUT', `/api/planning_resources/${link._id}`, anita, change)).result.title,
    ).toBe('Bean diary (new)');
    // Used by a unit: counted; archived: gone from the list, still named by the unit.
    const unit = await createUnit(tara, { resource_ids: [book._id] });
    expect(unit.resources).toEqual([{ _id: book._id, title: 'The Tiny Seed', kind: 'book', url: null }]);
    expect(expectResponse(ROUTES.resourceGet, await req('GET', `/api/planning_resources/${book._id}`, tara)).result.uses).toBe(1);
    expectResponse(ROUTES.resourceDelete, await req('DELETE', `/api/planning_resources/${book._id}`, tara));
    expect(await list('')).not.toContain(book._id);
    expect((await getUnit(tara, unit._id)).resources.map((r) => r._id)).toEqual([book._id]);
    // A unit of another organization's resource: refused.
    expect((await req('POST', '/api/units/', tara, unitBody({ resource_ids: [newId()] }))).statusCode).toBe(400);
  });

  it('uploads a document as a file resource named after it, its link signed', async () => {
    const boundary = '----cue-planning';
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Seed chart.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const upload = (token?: string) =>
      t.request({
        method: 'POST',
        url: '/api/planning_resources/file',
        headers: { ...(token ? bearer(token) : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      });
    expect((await upload()).statusCode).toBe(401);
    expect((await upload(rohan)).statusCode).toBe(403);
    const file = expectResponse(ROUTES.resourceUpload, await upload(tara)).result;
    expect(file).toMatchObject({ kind: 'file', title: 'Seed chart.pdf', file_name: 'Seed chart.pdf' });
    expect(file.url).toMatch(/^\/media\/.*\.pdf\?/);
    const fetched = await t.request({ method: 'GET', url: file.url ?? '' });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('frameworks', () => {
  it('lists the curricula with their areas', async () => {
    expect((await req('GET', '/api/planning_frameworks/')).statusCode).toBe(401);
    const list = expectResponse(ROUTES.planningFrameworks, await req('GET', '/api/planning_frameworks/', tara)).result;
    const eyfs = list.find((c) => c.name === 'EYFS');
    expect(eyfs?.framework).toBe('eyfs');
    expect(eyfs?.areas.map((a) => a.code)).toEqual(['CL', 'PSED', 'PD', 'L', 'M', 'UW', 'EAD', 'COEL-PE', 'COEL-AL', 'COEL-CT']);
    expect(list.find((c) => c.name === 'PYP (early years)')?.framework).toBe('pyp');
    expect((await req('GET', '/api/planning_frameworks/', rohan)).statusCode).toBe(403);
  });
});

describe('real time', () => {
  it('a saved change reaches the open planners of the class’s staff and of class managers, no one else', async () => {
    const unit = await createUnit(tara);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const open = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(`http://127.0.0.1:${port}`, {
          path: '/socket.io',
          auth: { token },
          transports: ['websocket'],
          reconnection: false,
        });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const [taraSocket, nehaSocket, anitaSocket] = await Promise.all([open(tara), open(neha), open(anita)]);
    const heard: UnitUpdatedEvent[] = [];
    const nehaHeard: UnitUpdatedEvent[] = [];
    const anitaHeard: UnitUpdatedEvent[] = [];
    nehaSocket.on(UNIT_UPDATED_EVENT, (e: UnitUpdatedEvent) => nehaHeard.push(e));
    // A class manager (Anita) plans for every class: her open planners hear changes too.
    anitaSocket.on(UNIT_UPDATED_EVENT, (e: UnitUpdatedEvent) => anitaHeard.push(e));
    const arrived = new Promise<void>((resolve) =>
      taraSocket.on(UNIT_UPDATED_EVENT, (e: UnitUpdatedEvent) => {
        heard.push(e);
        resolve();
      }),
    );
    expectResponse(
      ROUTES.unitUpdate,
      await req('PUT', `/api/units/${unit._id}`, anita, {
        base_version: 1,
        status: 'running',
        fields: { next_steps: 'Water daily' },
      }),
    );
    await arrived;
    await new Promise((r) => setTimeout(r, 150));
    expect(heard).toEqual([
      { _id: unit._id, version: 2, changed: ['status', 'next_steps'], by: { _id: expect.any(String), name: 'Anita Desai' } },
    ]);
    expect(nehaHeard).toEqual([]);
    expect(anitaHeard).toEqual(heard);
    taraSocket.close();
    nehaSocket.close();
    anitaSocket.close();
  });
});
