import { addDays, ROUTES, todayIn, WEEKDAY_NAMES } from '@cue/contract';
import { eq } from 'drizzle-orm';
import { schools } from '../../src/platform/db/schema.js';
import { demoId } from '../../src/seed/demo.js';
import { bearer, expectResponse, staffToken, type TestApp } from '../harness.js';
import { multipartFile, PDF } from './management-fixtures.js';

const wire = (iso: string) => iso.split('-').reverse().join('-');

/** Sunrise's today (ISO) on the test clock. */
export async function sunriseToday(t: TestApp): Promise<string> {
  const [school] = await t.database.db
    .select({ zone: schools.timeZone })
    .from(schools)
    .where(eq(schools.id, demoId('school:sunrise')));
  return todayIn(school?.zone ?? 'UTC', t.clock.now());
}

/** The Monday after next (ISO): always in the future and a working day, whatever today is. */
export function mondayAfterNext(today: string): string {
  let d = addDays(today, 8);
  while (WEEKDAY_NAMES[new Date(`${d}T00:00:00Z`).getUTCDay()] !== 'monday') d = addDays(d, 1);
  return d;
}

export interface SunriseLeave {
  /** "Annual leave", 18 days a year, approved by the line manager. */
  leave_type: string;
  /** Tara's request for the Monday after next, waiting for Anita (her line manager). */
  leave_request: string;
  monday: string;
}

/** A leave type, Anita as Tara's line manager, and Tara's pending request, made through the routes. */
export async function sunriseLeave(t: TestApp): Promise<SunriseLeave> {
  const anita = await staffToken(t, '9000000002');
  const tara = await staffToken(t, '9000000003');
  const type = expectResponse(
    ROUTES.leaveTypeCreate,
    await t.request({
      method: 'POST',
      url: '/api/leave/types',
      headers: bearer(anita),
      payload: { name: 'Annual leave (test)', code: 'ALT', yearly_quota: 18, accrual: 'upfront', carry_over_limit: 5 },
    }),
  ).result;
  expectResponse(
    ROUTES.lineManagersUpdate,
    await t.request({
      method: 'PUT',
      url: '/api/leave/line_managers',
      headers: bearer(anita),
      payload: { managers: [{ staff_id: demoId('user:9000000003'), manager_id: demoId('user:9000000002') }] },
    }),
  );
  const monday = mondayAfterNext(await sunriseToday(t));
  const request = expectResponse(
    ROUTES.leaveApply,
    await t.request({
      method: 'POST',
      url: '/api/leave/requests',
      headers: bearer(tara),
      payload: { leave_type_id: type._id, start_date: wire(monday), end_date: wire(monday) },
    }),
  ).result;
  // Her doctor's note, attached.
  const note = multipartFile('doctor-note.pdf', PDF);
  expectResponse(
    ROUTES.leaveDocumentAttach,
    await t.request({
      method: 'POST',
      url: `/api/leave/requests/${request._id}/document`,
      headers: { ...bearer(tara), ...note.headers },
      payload: note.payload,
    }),
  );
  return { leave_type: type._id, leave_request: request._id, monday };
}
