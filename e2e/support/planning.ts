import {
  addDays,
  ddmmyyyyFromIso,
  type LibraryUnit,
  type PlanActivity,
  type PlanningInsights,
  type Unit,
  type WeeklyPlan,
  weekStart,
} from '@cue/contract';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { todayUtc } from './attendance.js';

/*
 * Planning (units, the weekly plan, the term plan and insights) arranged and read through the API, for
 * the planning journeys. The journeys share one database: each works in weeks of its own (a number of
 * weeks from now), names what it makes with the run's word, and removes the holidays it adds.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The answer's `result`, failing the journey on a refusal (with the server's words). */
async function resultOf<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

/** EYFS learning areas (drizzle/0007_frameworks.sql): the demo classes follow EYFS. */
export const EYFS = {
  PSED: { id: 'be5d7bb0b9d632ab1d8df940', code: 'PSED', name: 'Personal, Social and Emotional Development' },
  L: { id: 'f67904fb136cef698facda2e', code: 'L', name: 'Literacy' },
  M: { id: '92df3baa4cc429432aafe3b8', code: 'M', name: 'Mathematics' },
  UW: { id: '3ce9bd22f2bf1efb3d6fe01f', code: 'UW', name: 'Understanding the World' },
  EAD: { id: '723fc262f0d52fdf01e9c8ad', code: 'EAD', name: 'Expressive Arts and Design' },
} as const;

/** The Monday (ISO) `weeks` weeks after this week's. */
export const mondayIn = (weeks: number): string => addDays(weekStart(todayUtc()), weeks * 7);

/** An ISO day as the wire's DD-MM-YYYY. */
export const wireDay = (iso: string): string => ddmmyyyyFromIso(iso);

/** An ISO day as the date pickers name their days ("7 December 2026"). */
export function pickerDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return `${d.getUTCDate()} ${d.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${d.getUTCFullYear()}`;
}

/** The library unit of that title (the global library unless told), as the staff member sees it. */
export async function libraryUnit(
  request: APIRequestContext,
  token: string,
  title: string,
  scope: 'global' | 'organization' = 'global',
): Promise<LibraryUnit> {
  const res = await request.get('/api/unit_library/', { headers: auth(token), params: { scope, search: title } });
  const page = await resultOf<{ items: LibraryUnit[] }>(res, 'library');
  const found = page.items.find((u) => u.title === title);
  if (!found) throw new Error(`No library unit "${title}" in the ${scope} library`);
  return found;
}

/** POST /api/unit_library/:id/copy: the library unit copied into classes from a day (ISO). */
export async function copyLibraryUnit(
  request: APIRequestContext,
  token: string,
  id: string,
  classIds: string[],
  startIso: string,
): Promise<Unit> {
  const res = await request.post(`/api/unit_library/${id}/copy`, {
    headers: auth(token),
    data: { class_ids: classIds, start_date: wireDay(startIso) },
  });
  return resultOf<Unit>(res, 'copy library unit');
}

/** POST /api/units/: a unit of classes from one ISO day to another, with areas and fields. */
export async function createUnit(
  request: APIRequestContext,
  token: string,
  unit: { title: string; classIds: string[]; start: string; end: string; areaIds?: string[]; fields?: Record<string, unknown> },
): Promise<Unit> {
  const res = await request.post('/api/units/', {
    headers: auth(token),
    data: {
      kind: 'unit',
      title: unit.title,
      class_ids: unit.classIds,
      start_date: wireDay(unit.start),
      end_date: wireDay(unit.end),
      area_ids: unit.areaIds ?? [],
      fields: unit.fields ?? {},
    },
  });
  return resultOf<Unit>(res, 'create unit');
}

/** GET /api/units/:id. */
export async function readUnit(request: APIRequestContext, token: string, id: string): Promise<Unit> {
  return resultOf<Unit>(await request.get(`/api/units/${id}`, { headers: auth(token) }), 'read unit');
}

/** DELETE /api/units/:id (its activities stay in the weekly plan, unlinked). */
export async function deleteUnit(request: APIRequestContext, token: string, id: string): Promise<void> {
  const res = await request.delete(`/api/units/${id}`, { headers: auth(token) });
  if (!res.ok() && res.status() !== 404) throw new Error(`delete unit: ${res.status()} ${await res.text()}`);
}

/** POST /api/plan_activities/: an activity of a class's day (ISO), times as the wire's hh:mm A. */
export async function createActivity(
  request: APIRequestContext,
  token: string,
  activity: {
    classId: string;
    date: string;
    start: string;
    end: string;
    title: string;
    unitId?: string | null;
    areaIds?: string[];
    description?: string;
  },
): Promise<PlanActivity> {
  const res = await request.post('/api/plan_activities/', {
    headers: auth(token),
    data: {
      class_id: activity.classId,
      date: wireDay(activity.date),
      start_time: activity.start,
      end_time: activity.end,
      title: activity.title,
      description: activity.description ?? '',
      unit_id: activity.unitId ?? null,
      area_ids: activity.areaIds ?? [],
      resource_ids: [],
    },
  });
  return resultOf<PlanActivity>(res, 'create activity');
}

/** GET /api/weekly_plans/:classId for the week holding an ISO day. */
export async function weeklyPlan(
  request: APIRequestContext,
  token: string,
  classId: string,
  dayIso: string,
): Promise<WeeklyPlan> {
  const res = await request.get(`/api/weekly_plans/${classId}`, { headers: auth(token), params: { week: wireDay(dayIso) } });
  return resultOf<WeeklyPlan>(res, 'weekly plan');
}

/**
 * A school holiday on one ISO day, created by the admin over the calendar API; answers its id, for the
 * journey to delete in its `finally` (a holiday left behind would change other journeys' weeks).
 */
export async function createHoliday(
  request: APIRequestContext,
  adminToken: string,
  dayIso: string,
  title: string,
): Promise<string> {
  const res = await request.post('/api/calendar/', {
    headers: auth(adminToken),
    data: { title, start_date: wireDay(dayIso), end_date: wireDay(dayIso), class_id: null, is_holiday: true },
  });
  return (await resultOf<{ id: string }>(res, 'create holiday')).id;
}

/** DELETE /api/calendar/:id. */
export async function deleteEvent(request: APIRequestContext, adminToken: string, id: string): Promise<void> {
  const res = await request.delete(`/api/calendar/${id}`, { headers: auth(adminToken) });
  if (!res.ok() && res.status() !== 404) throw new Error(`delete event: ${res.status()} ${await res.text()}`);
}

/** POST /api/observations/: a daily observation of a child tagged with learning areas. */
export async function observeInAreas(
  request: APIRequestContext,
  token: string,
  entry: { classId: string; studentId: string; dayIso: string; title: string; note: string; areaIds: string[] },
): Promise<string> {
  const res = await request.post('/api/observations/', {
    headers: auth(token),
    data: {
      class_id: entry.classId,
      type: 'daily',
      visibility: 'staff',
      learning_area_ids: entry.areaIds,
      observation_entries: [
        { student_id: entry.studentId, date: wireDay(entry.dayIso), title: entry.title, general_note: entry.note },
      ],
    },
  });
  const made = await resultOf<{ observation_entries: { _id: string }[] }>(res, 'create observation');
  const id = made.observation_entries[0]?._id;
  if (!id) throw new Error('create observation: no entry written');
  return id;
}

/** GET /api/planning_insights/ of a class over ISO days. */
export async function planningInsights(
  request: APIRequestContext,
  token: string,
  classId: string,
  fromIso: string,
  toIso: string,
): Promise<PlanningInsights> {
  const res = await request.get('/api/planning_insights/', {
    headers: auth(token),
    params: { class_id: classId, from_date: wireDay(fromIso), to_date: wireDay(toIso) },
  });
  return resultOf<PlanningInsights>(res, 'planning insights');
}

/**
 * Chooses an ISO day in a date picker field (a Mantine DatePickerInput, opened by clicking it): the
 * calendar moves month by month (forwards or backwards) until the day shows, then the day is clicked.
 */
export async function pickDate(page: Page, field: Locator, iso: string): Promise<void> {
  await field.click();
  const day = page.getByRole('button', { name: pickerDay(iso), exact: true });
  const target = iso.slice(0, 7);
  for (let i = 0; i < 24 && !(await day.isVisible()); i++) {
    // The header's level button names the month shown ("December 2026").
    const level = page
      .locator(
        '.mantine-Popover-dropdown .mantine-DatePickerInput-calendarHeaderLevel, .mantine-Popover-dropdown [class*="calendarHeaderLevel"]',
      )
      .first();
    const shown = await level.textContent();
    const shownMonth = shown ? new Date(`1 ${shown.trim()} UTC`) : null;
    const forwards = !shownMonth || Number.isNaN(shownMonth.getTime()) || shownMonth.toISOString().slice(0, 7) < target;
    await page
      .locator(`.mantine-Popover-dropdown button[data-direction="${forwards ? 'next' : 'previous'}"]`)
      .first()
      .click();
  }
  await day.click();
}

/** The week grid's column of an ISO day. */
export const dayColumn = (page: Page, iso: string) => page.locator(`[data-testid="week-day"][data-date="${wireDay(iso)}"]`);

/** The titles of the activity cards in a day's column, top to bottom. */
export async function expectColumnTitles(page: Page, iso: string, titles: string[]): Promise<void> {
  const cards = dayColumn(page, iso).getByTestId('week-activity');
  await expect(cards).toHaveCount(titles.length);
  for (const [i, title] of titles.entries()) await expect(cards.nth(i)).toContainText(title);
}
