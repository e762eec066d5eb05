import { type ClassDay, type DispersalAlert, type FamilyCode, ROUTES } from '@cue/contract';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { todayUtc, wire } from './attendance.js';

/*
 * Drop-off and pick-up journeys: the state of a child's day arranged over the API (journeys share one
 * database, and other journeys mark Nursery A's attendance too), the kiosk's keypad, and the checks a
 * tablet and a phone need (nothing wider than the screen).
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The demo school keeps UTC; Nursery A meets Monday to Friday, so a weekend day has no attendance. */
export const meetsToday = (): boolean => ![0, 6].includes(new Date(`${todayUtc()}T00:00:00Z`).getUTCDay());

/** A class's day at the desk, as its staff read it. */
export async function classDay(request: APIRequestContext, token: string, classId: string): Promise<ClassDay> {
  const res = await request.get(`/api/dispersal/classes/${classId}`, { headers: auth(token) });
  expect(res.ok(), await res.text()).toBe(true);
  return ROUTES.dispersalClassDay.response.parse(await res.json()).result;
}

/**
 * Puts a child back to "not arrived" today: today's entries are removed (the last first, as the desk's
 * undo does) and, on a day the class meets, its attendance mark is cleared (check-in never downgrades a
 * mark another journey left as present).
 */
export async function resetChildDay(
  request: APIRequestContext,
  token: string,
  classId: string,
  studentId: string,
): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const child = (await classDay(request, token, classId)).children.find((c) => c.student.id === studentId);
    if (!child) throw new Error(`No child ${studentId} in class ${classId}`);
    const last = child.status === 'out' ? child.checked_out : child.status === 'in' ? child.checked_in : null;
    if (!last) break;
    const res = await request.delete(`/api/dispersal/events/${last.id}`, { headers: auth(token) });
    expect(res.ok(), await res.text()).toBe(true);
  }
  if (meetsToday()) await setMark(request, token, classId, studentId, 'NA');
}

/** One child's attendance mark today (the bulk route, for that child only). */
export async function setMark(
  request: APIRequestContext,
  token: string,
  classId: string,
  studentId: string,
  status: 'NA' | 'present' | 'absent',
): Promise<void> {
  const day = wire(todayUtc());
  const res = await request.post(`/api/update_bulk_student_attendance/${classId}`, {
    headers: auth(token),
    data: { from_date: day, to_date: day, student_ids: [studentId], attendance_status: status },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A child's attendance mark today as the class's register has it. */
export async function markOf(request: APIRequestContext, token: string, classId: string, studentId: string): Promise<string> {
  const res = await request.get(`/api/class_student_attendance/${classId}?date=${wire(todayUtc())}`, { headers: auth(token) });
  expect(res.ok(), await res.text()).toBe(true);
  const { result } = ROUTES.classAttendance.response.parse(await res.json());
  return result.student_attendance_list.find((e) => e.student_id === studentId)?.attendance_status ?? 'NA';
}

/** A family's 4-digit code at the demo school (made on its first read). */
export async function familyCode(request: APIRequestContext, parentToken: string): Promise<string> {
  const res = await request.get('/api/family_codes/', { headers: auth(parentToken) });
  expect(res.ok(), await res.text()).toBe(true);
  const codes: FamilyCode[] = ROUTES.familyCodes.response.parse(await res.json()).result;
  const sunrise = codes.find((c) => c.school.name.includes('Sunrise')) ?? codes[0];
  if (!sunrise) throw new Error('The family has no code');
  return sunrise.code;
}

/** A kiosk added over the API (the settings tab's own journey adds one through the page). */
export async function addKiosk(
  request: APIRequestContext,
  adminToken: string,
  name: string,
): Promise<{ id: string; token: string; path: string }> {
  const res = await request.post('/api/dispersal/kiosks/', { headers: auth(adminToken), data: { name } });
  expect(res.ok(), await res.text()).toBe(true);
  const { result } = ROUTES.kioskCreate.response.parse(await res.json());
  return { id: result.id, token: result.token, path: pairPath(result.pair_url) };
}

/** The pairing link's path and fragment: the journey's server may answer on another origin than the one configured. */
export function pairPath(link: string): string {
  const url = new URL(link, 'http://localhost');
  return `${url.pathname}${url.hash}`;
}

/** Open alerts of the school as a member of staff reads them. */
export async function openAlerts(request: APIRequestContext, token: string): Promise<DispersalAlert[]> {
  const res = await request.get('/api/dispersal/alerts?status=open', { headers: auth(token) });
  expect(res.ok(), await res.text()).toBe(true);
  return ROUTES.dispersalAlerts.response.parse(await res.json()).result;
}

/** Types a code on the kiosk's keypad, key by key, then OK. */
export async function typeOnKeypad(page: Page, code: string): Promise<void> {
  for (const digit of code) await page.getByTestId(`kiosk-key-${digit}`).click();
  await expect(page.getByTestId('kiosk-code-display')).toHaveAccessibleName(new RegExp(`${code.length}`));
  await page.getByTestId('kiosk-key-ok').click();
}

/** A child's row at the desk (class list or dismissal). */
export const deskRow = (page: Page, name: string): Locator => page.getByTestId('dispersal-child').filter({ hasText: name });

/** Nothing on the page is wider than the window (a phone or tablet never scrolls sideways). */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label}: the page is wider than the window`).toBeLessThanOrEqual(0);
}
