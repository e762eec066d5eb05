import { addDays, ERROR_CODES, RESOURCE_MESSAGES, ROUTES, todayIn } from '@cue/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, schools } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { seedDemoAcademicIfEmpty } from '../src/seed/academic.js';
import { demoId } from '../src/seed/demo.js';
import { createTestApp, expectResponse, requester, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // Sunrise's admin: academic_setup.resource_management
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let mona: string; // teacher at Moonbeam
const sunrise = demoId('school:sunrise');
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const req = requester(() => t);

const wire = (iso: string) => iso.split('-').reverse().join('-');
let day = ''; // a week from today on the school's clock, DD-MM-YYYY
let today = '';
const refusal = (res: { statusCode: number; json: () => { message: string; code: string } }) => ({
  status: res.statusCode,
  message: res.json().message,
  code: res.json().code,
});
const resource = (extra: object) => ({ kind: 'equipment', quantity: 1, ...extra });
const book = (token: string, body: object) => req('POST', '/api/resource_bookings/', token, { date: day, ...body });
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    staffToken(t, '9000000006'),
  ]);
  const [school] = await t.database.db.select({ zone: schools.timeZone }).from(schools).where(eq(schools.id, sunrise));
  today = todayIn(school?.zone ?? 'UTC', t.clock.now());
  day = wire(addDays(today, 7));
});
afterAll(() => t?.close());

describe('resources', () => {
  it('answers 401 on every route without a token', async () => {
    const id = newId();
    for (const [method, url] of [
      ['GET', '/api/school_resources/'],
      ['POST', '/api/school_resources/'],
      ['GET', `/api/school_resources/${id}`],
      ['PUT', `/api/school_resources/${id}`],
      ['POST', `/api/school_resources/${id}/archive`],
      ['POST', `/api/school_resources/${id}/restore`],
      ['GET', `/api/school_resources/${id}/availability?date=02-11-2026&start=09:00 AM&end=10:00 AM`],
      ['GET', '/api/resource_bookings/?from=02-11-2026'],
      ['POST', '/api/resource_bookings/'],
      ['POST', `/api/resource_bookings/${id}/cancel`],
    ] as const)
      expect((await req(method, url)).statusCode, `${method} ${url}`).toBe(401);
  });

  it('keeps the catalogue for its managers: create, names unique among live ones, search, kinds', async () => {
    const made = expectResponse(
      ROUTES.schoolResourceCreate,
      await req('POST', '/api/school_resources/', anita, resource({ name: 'Tricycles', quantity: 6, location: 'Garden shed' })),
    );
    expect(made.message).toBe(RESOURCE_MESSAGES.created);
    expect(made.result).toMatchObject({ kind: 'equipment', quantity: 6, bookable: true, archived: false, upcoming_bookings: 0 });
    expect(made.result.abilities).toEqual({ edit: true, book: true });
    ids.tricycles = made.result._id;
    const hall = expectResponse(
      ROUTES.schoolResourceCreate,
      await req('POST', '/api/school_resources/', anita, {
        name: 'Hall',
        kind: 'room',
        room_type: 'Hall',
        capacity: 60,
        quantity: 1,
      }),
    ).result;
    ids.hall = hall._id;
    expect(hall).toMatchObject({ room_type: 'Hall', capacity: 60 });
    const sand = expectResponse(
      ROUTES.schoolResourceCreate,
      await req(
        'POST',
        '/api/school_resources/',
        anita,
        resource({ name: 'Sand tray', quantity: 2, bookable: false, room_type: 'x' }),
      ),
    ).result;
    ids.sand = sand._id;
    // Only rooms have a room type.
    expect(sand.room_type).toBeNull();
    expect(refusal(await req('POST', '/api/school_resources/', anita, resource({ name: 'tricycles ' })))).toEqual({
      status: 400,
      message: RESOURCE_MESSAGES.nameTaken,
      code: ERROR_CODES.validation,
    });
    expect((await req('POST', '/api/school_resources/', tara, resource({ name: 'Mine' }))).statusCode).toBe(403);
    expect(
      (await req('PUT', `/api/school_resources/${ids.hall}`, tara, { name: 'Hall', kind: 'room', quantity: 1 })).statusCode,
    ).toBe(403);

    const seenByTara = expectResponse(ROUTES.schoolResourceList, await req('GET', '/api/school_resources/', tara)).result;
    expect(seenByTara.map((r) => r.name)).toEqual(['Hall', 'Sand tray', 'Tricycles']);
    expect(seenByTara.find((r) => r.name === 'Sand tray')?.abilities).toEqual({ edit: false, book: false });
    const search = async (qs: string) =>
      expectResponse(ROUTES.schoolResourceList, await req('GET', `/api/school_resources/?${qs}`, tara)).result.map((r) => r.name);
    expect(await search('q=HALL')).toEqual(['Hall']);
    expect(await search('q=shed')).toEqual(['Tricycles']);
    expect(await search('kind=room')).toEqual(['Hall']);
    expect(await search('q=%25')).toEqual([]);
  });

  it('refuses a booking when the peak of overlapping bookings would exceed the quantity', async () => {
    const four = expectResponse(
      ROUTES.resourceBookingCreate,
      await book(tara, {
        resource_id: ids.tricycles,
        start: '10:00 AM',
        end: '11:00 AM',
        quantity: 4,
        class_id: nurseryA,
        purpose: 'Races',
      }),
    );
    expect(four.message).toBe(RESOURCE_MESSAGES.booked);
    expect(four.result).toMatchObject({
      date: day,
      start: '10:00 AM',
      end: '11:00 AM',
      quantity: 4,
      class: { _id: nurseryA },
      cancelled: false,
    });
    expect(four.result.booked_by.name).toBe('Tara Menon');
    ids.taraBooking = four.result._id;
    ids.anitaBooking = expectResponse(
      ROUTES.resourceBookingCreate,
      await book(anita, { resource_id: ids.tricycles, start: '10:30 AM', end: '11:30 AM', quantity: 2 }),
    ).result._id;
    // One more at 10:45 would make seven: refused.
    expect(refusal(await book(neha, { resource_id: ids.tricycles, start: '10:45 AM', end: '10:50 AM' }))).toEqual({
      status: 400,
      message: RESOURCE_MESSAGES.unavailable,
      code: ERROR_CODES.resourceUnavailable,
    });
    // Touching end to start is not overlapping: all six before 10:00, five from 11:30.
    expectResponse(
      ROUTES.resourceBookingCreate,
      await book(neha, { resource_id: ids.tricycles, start: '09:00 AM', end: '10:00 AM', quantity: 6 }),
    );
    expectResponse(
      ROUTES.resourceBookingCreate,
      await book(neha, { resource_id: ids.tricycles, start: '11:30 AM', end: '12:00 PM', quantity: 4 }),
    );
    // Spanning 11:00 to 11:45: two held until 11:30, four after: one more fits, three do not.
    expect((await book(neha, { resource_id: ids.tricycles, start: '11:00 AM', end: '11:45 AM', quantity: 3 })).statusCode).toBe(
      400,
    );
    const avail = expectResponse(
      ROUTES.schoolResourceAvailability,
      await req('GET', `/api/school_resources/${ids.tricycles}/availability?date=${day}&start=10:00 AM&end=12:00 PM`, neha),
    ).result;
    expect(avail.quantity).toBe(6);
    expect(avail.available).toBe(0);
    expect(avail.bookings.map((b) => b.start)).toEqual(['10:00 AM', '10:30 AM', '11:30 AM']);
    const later = expectResponse(
      ROUTES.schoolResourceAvailability,
      await req('GET', `/api/school_resources/${ids.tricycles}/availability?date=${day}&start=11:00 AM&end=11:45 AM`, neha),
    ).result;
    expect(later.available).toBe(2);
  });

  it('lets only one of two bookings that each fit alone pass', async () => {
    const hallAt = (start: string, end: string) => book(anita, { resource_id: ids.hall, start, end });
    const [a, b] = await Promise.all([hallAt('01:00 PM', '02:00 PM'), hallAt('01:30 PM', '02:30 PM')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('refuses the past, an end before the start, a class the booker does not reach, and what is not bookable', async () => {
    expect(
      refusal(
        await book(tara, { resource_id: ids.tricycles, date: wire(addDays(today, -1)), start: '10:00 AM', end: '11:00 AM' }),
      ),
    ).toMatchObject({
      status: 400,
      message: RESOURCE_MESSAGES.inPast,
    });
    expect(refusal(await book(tara, { resource_id: ids.tricycles, start: '11:00 AM', end: '10:00 AM' }))).toMatchObject({
      status: 400,
      message: RESOURCE_MESSAGES.endBeforeStart,
    });
    expect(
      (await book(tara, { resource_id: ids.tricycles, start: '03:00 PM', end: '04:00 PM', class_id: kindergartenB })).statusCode,
    ).toBe(403);
    expect(refusal(await book(tara, { resource_id: ids.sand, start: '03:00 PM', end: '04:00 PM' }))).toMatchObject({
      status: 400,
      message: RESOURCE_MESSAGES.notBookable,
    });
    expect((await book(tara, { resource_id: newId(), start: '03:00 PM', end: '04:00 PM' })).statusCode).toBe(404);
  });

  it('lists bookings by day and start, with who may cancel', async () => {
    const list = expectResponse(
      ROUTES.resourceBookingList,
      await req('GET', `/api/resource_bookings/?from=${day}&resource_id=${ids.tricycles}`, tara),
    ).result;
    expect(list.map((b) => b.start)).toEqual(['09:00 AM', '10:00 AM', '10:30 AM', '11:30 AM']);
    expect(list.map((b) => b.abilities.cancel)).toEqual([false, true, false, false]);
    const mine = expectResponse(
      ROUTES.resourceBookingList,
      await req('GET', `/api/resource_bookings/?from=${day}&class_id=${nurseryA}`, anita),
    ).result;
    expect(mine.map((b) => b._id)).toEqual([ids.taraBooking]);
    expect(mine[0]?.abilities.cancel).toBe(true);
    expect(
      (await req('GET', `/api/resource_bookings/?from=${wire(today)}&to=${wire(addDays(today, 62))}`, tara)).statusCode,
    ).toBe(400);
    const counted = expectResponse(
      ROUTES.schoolResourceGet,
      await req('GET', `/api/school_resources/${ids.tricycles}`, tara),
    ).result;
    expect(counted.upcoming_bookings).toBe(4);
  });

  it('refuses lowering the quantity below the upcoming bookings’ peak', async () => {
    const body = { name: 'Tricycles', kind: 'equipment', quantity: 5, location: 'Garden shed' };
    expect(refusal(await req('PUT', `/api/school_resources/${ids.tricycles}`, anita, body))).toEqual({
      status: 400,
      message: RESOURCE_MESSAGES.quantityBelowBookings,
      code: ERROR_CODES.quantityBelowBookings,
    });
    const saved = expectResponse(
      ROUTES.schoolResourceUpdate,
      await req('PUT', `/api/school_resources/${ids.tricycles}`, anita, { ...body, quantity: 8 }),
    );
    expect(saved.result.quantity).toBe(8);
  });

  it('lets the booker or a manager cancel, not another teacher', async () => {
    expect((await req('POST', `/api/resource_bookings/${ids.taraBooking}/cancel`, neha)).statusCode).toBe(403);
    const cancelled = expectResponse(
      ROUTES.resourceBookingCancel,
      await req('POST', `/api/resource_bookings/${ids.taraBooking}/cancel`, anita),
    );
    expect(cancelled.message).toBe(RESOURCE_MESSAGES.cancelled);
    expect(cancelled.result).toMatchObject({ cancelled: true, abilities: { cancel: false } });
    expect((await req('POST', `/api/resource_bookings/${ids.taraBooking}/cancel`, tara)).statusCode).toBe(400);
    const withCancelled = expectResponse(
      ROUTES.resourceBookingList,
      await req('GET', `/api/resource_bookings/?from=${day}&resource_id=${ids.tricycles}&include_cancelled=true`, tara),
    ).result;
    expect(withCancelled).toHaveLength(4);
    const live = expectResponse(
      ROUTES.resourceBookingList,
      await req('GET', `/api/resource_bookings/?from=${day}&resource_id=${ids.tricycles}`, tara),
    ).result;
    expect(live).toHaveLength(3);
  });

  it('archives and restores; an archived resource is not booked', async () => {
    const archived = expectResponse(
      ROUTES.schoolResourceArchive,
      await req('POST', `/api/school_resources/${ids.hall}/archive`, anita),
    );
    expect(archived.result).toMatchObject({ archived: true, abilities: { book: false } });
    expect(refusal(await book(tara, { resource_id: ids.hall, start: '03:00 PM', end: '04:00 PM' }))).toMatchObject({
      status: 400,
      message: RESOURCE_MESSAGES.notBookable,
    });
    const list = async (qs = '') =>
      expectResponse(ROUTES.schoolResourceList, await req('GET', `/api/school_resources/${qs}`, anita)).result.map((r) => r.name);
    expect(await list()).not.toContain('Hall');
    expect(await list('?include_archived=true')).toContain('Hall');
    // A new Hall takes the name: the old one cannot come back under it.
    const second = expectResponse(
      ROUTES.schoolResourceCreate,
      await req('POST', '/api/school_resources/', anita, { name: 'Hall', kind: 'room', quantity: 1 }),
    ).result;
    expect(refusal(await req('POST', `/api/school_resources/${ids.hall}/restore`, anita))).toMatchObject({
      status: 400,
      message: RESOURCE_MESSAGES.nameTaken,
    });
    expectResponse(ROUTES.schoolResourceArchive, await req('POST', `/api/school_resources/${second._id}/archive`, anita));
    expect(
      expectResponse(ROUTES.schoolResourceRestore, await req('POST', `/api/school_resources/${ids.hall}/restore`, anita)).result
        .archived,
    ).toBe(false);
  });

  it('hides Sunrise’s resources and bookings from another school', async () => {
    expect((await req('GET', `/api/school_resources/${ids.tricycles}`, mona)).statusCode).toBe(404);
    expect(
      (await req('GET', `/api/school_resources/${ids.tricycles}/availability?date=${day}&start=10:00 AM&end=11:00 AM`, mona))
        .statusCode,
    ).toBe(404);
    expect((await req('POST', `/api/resource_bookings/${ids.anitaBooking}/cancel`, mona)).statusCode).toBe(404);
    expect((await book(mona, { resource_id: ids.tricycles, start: '03:00 PM', end: '04:00 PM' })).statusCode).toBe(404);
    const theirs = expectResponse(
      ROUTES.resourceBookingList,
      await req('GET', `/api/resource_bookings/?from=${day}`, mona),
    ).result;
    expect(theirs).toEqual([]);
    expect(expectResponse(ROUTES.schoolResourceList, await req('GET', '/api/school_resources/', mona)).result).toEqual([]);
  });

  it('audits every catalogue change and every booking and cancellation', async () => {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, sunrise), inArray(auditLog.entityType, ['resource', 'resource_booking'])));
    const of = (entity: string, id: string | undefined) =>
      rows
        .filter((r) => r.entityType === entity && r.entityId === id)
        .map((r) => r.action)
        .sort();
    expect(of('resource', ids.tricycles)).toEqual(['create', 'update']);
    expect(of('resource', ids.hall)).toEqual(['archive', 'create', 'restore']);
    expect(of('resource_booking', ids.taraBooking)).toEqual(['cancel', 'create']);
    const update = rows.find((r) => r.entityId === ids.tricycles && r.action === 'update');
    expect(update?.before).toMatchObject({ quantity: 6 });
    expect(update?.after).toMatchObject({ quantity: 8 });
    const made = rows.find((r) => r.entityId === ids.taraBooking && r.action === 'create');
    expect(made?.actorId).toBe(demoId('user:9000000003'));
  });

  it('gives planning and the timetable bookings and rooms', async () => {
    const scope = t.services.scopes.of({
      userId: demoId('user:9000000002'),
      kind: 'staff',
      schoolId: sunrise,
      sessionId: 'test',
      isTemp: false,
    });
    const iso = addDays(today, 7);
    const bookings = await t.services.resources.bookingsOf(scope, { resourceId: ids.tricycles, from: iso, to: iso });
    expect(bookings.map((b) => [b.start, b.end, b.quantity])).toEqual([
      ['09:00', '10:00', 6],
      ['10:30', '11:30', 2],
      ['11:30', '12:00', 4],
    ]);
    const rooms = await t.services.resources.rooms(scope);
    expect(rooms.map((r) => [r.name, r.room_type, r.capacity])).toEqual([['Hall', 'Hall', 60]]);
  });
});

describe('the demo seed', () => {
  it('writes Sunrise day, the resources and the hall’s booking once', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoAcademicIfEmpty(fresh.services)).toBe(true);
      expect(await seedDemoAcademicIfEmpty(fresh.services)).toBe(false);
      const admin = await staffToken(fresh, '9000000002');
      const get = (url: string) => fresh.request({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
      const schedules = expectResponse(ROUTES.dayScheduleList, await get('/api/day_schedules/')).result;
      expect(schedules.map((s) => [s.name, s.applies_to, s.days.length])).toEqual([['Sunrise day', 'school', 5]]);
      expect(schedules[0]?.days[0]?.slots.map((x) => `${x.name} ${x.start}–${x.end}`)).toEqual([
        'Morning session 09:00 AM–11:00 AM',
        'Snack break 11:00 AM–11:20 AM',
        'Late morning 11:20 AM–12:30 PM',
        'Lunch 12:30 PM–01:15 PM',
        'Afternoon session 01:15 PM–03:00 PM',
      ]);
      const catalogue = expectResponse(ROUTES.schoolResourceList, await get('/api/school_resources/')).result;
      expect(catalogue.map((r) => [r.name, r.quantity])).toEqual([
        ['Garden', 1],
        ['Hall', 1],
        ['Music room', 1],
        ['Paint sets', 12],
        ['Sand tray', 2],
        ['Tablets', 8],
        ['Tricycles', 6],
      ]);
      expect(catalogue.find((r) => r.name === 'Hall')?.upcoming_bookings).toBe(1);
      const days = expectResponse(
        ROUTES.classDays,
        await get(`/api/day_schedules/class/${nurseryA}?from=${wire(addDays(today, 0))}&to=${wire(addDays(today, 6))}`),
      ).result;
      expect(days.schedule?.name).toBe('Sunrise day');
    } finally {
      await fresh.close();
    }
  });
});
