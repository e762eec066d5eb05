import dayjs from 'dayjs';
import {
  dayColumn,
  deleteUnit,
  expectColumnTitles,
  mondayIn,
  observeInAreas,
  planningInsights,
  readUnit,
  weeklyPlan,
  wireDay,
} from './planning.js';
import 'dayjs/locale/ar.js';
import 'dayjs/locale/he.js';
import { addDays, type LibraryUnit, type PlanningResource, type Unit } from '@cue/contract';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { todayUtc } from './attendance.js';

/*
 * Planning arranged and read through the API, for the journeys of the unit and resource libraries,
 * projects, refusals and planning in Arabic. The journeys share one database: these work in weeks 8 to
 * 12 from now (other planning journeys keep to earlier weeks), and name what they make with the run's word.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The answer's `result`, failing the journey on a refusal (with the server's words). */
async function resultOf<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

/** EYFS learning areas (drizzle/0007_frameworks.sql), by the names the pages show. */
export const AREAS = {
  UW: { id: '3ce9bd22f2bf1efb3d6fe01f', name: 'Understanding the World' },
  EAD: { id: '723fc262f0d52fdf01e9c8ad', name: 'Expressive Arts and Design' },
  M: { id: '92df3baa4cc429432aafe3b8', name: 'Mathematics' },
  L: { id: 'f67904fb136cef698facda2e', name: 'Literacy' },
} as const;

/** The Monday (ISO) `weeks` weeks after this week's. */
/** An ISO day as the wire's DD-MM-YYYY. */
/** The most recent weekday before today (ISO): observations are dated in the past. */
export function lastWeekday(): string {
  let day = addDays(todayUtc(), -1);
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, -1);
  return day;
}

/**
 * An ISO day as the date pickers name their days in a language ("7 December 2026", "7 ديسمبر 2026"): the
 * pickers follow the page's language (dayjs's month names).
 */
export function pickerDay(iso: string, language = 'en'): string {
  return dayjs(iso).locale(language).format('D MMMM YYYY');
}

/**
 * Chooses a future ISO day in a date picker field (a Mantine DatePickerInput, opened by clicking it): the
 * calendar moves on a month at a time until the day shows, then the day is clicked.
 */
export async function pickFutureDate(page: Page, field: Locator, iso: string): Promise<void> {
  const language = await page.evaluate(() => document.documentElement.lang || 'en');
  await field.click();
  // The field's own calendar (another field's may still be closing).
  const controls = await field.getAttribute('aria-controls');
  const dropdown = controls
    ? page.locator(`[id="${controls}"]`)
    : page
        .locator('.mantine-Popover-dropdown')
        .filter({ has: page.locator('table') })
        .last();
  await expect(dropdown).toBeVisible();
  const day = dropdown.getByRole('button', { name: pickerDay(iso, language), exact: true });
  for (let i = 0; i < 24 && !(await day.isVisible()); i++) {
    // The arrow buttons keep their place whatever the direction of the page.
    await dropdown.locator('button[data-direction="next"]').first().click();
  }
  await day.click();
}

/** The week grid's column of an ISO day. */
/** Expects a day's column to list these titles, top to bottom. */
/** The page scrolls sideways by this many pixels (0 when nothing runs off the side of the screen). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

/** GET /api/weekly_plans/:classId for the week holding an ISO day. */
/** GET /api/units/:id. */
/** GET /api/units/ of a class searched by words (every status), optionally of one kind: their titles. */
export async function unitTitles(
  request: APIRequestContext,
  token: string,
  query: { classId: string; search: string; kind?: 'unit' | 'project' },
): Promise<string[]> {
  const res = await request.get('/api/units/', {
    headers: auth(token),
    params: { class_id: query.classId, search: query.search, ...(query.kind ? { kind: query.kind } : {}) },
  });
  return (await resultOf<{ items: Unit[] }>(res, 'units')).items.map((u) => u.title);
}

/** The library unit of that title in a library, as the staff member sees it. */
export async function libraryUnit(
  request: APIRequestContext,
  token: string,
  title: string,
  scope: 'global' | 'organization',
): Promise<LibraryUnit> {
  const res = await request.get('/api/unit_library/', { headers: auth(token), params: { scope, search: title } });
  const found = (await resultOf<{ items: LibraryUnit[] }>(res, 'library')).items.find((u) => u.title === title);
  if (!found) throw new Error(`No library unit "${title}" in the ${scope} library`);
  return found;
}

/** DELETE /api/unit_library/:id (archives an organization's unit). */
export async function archiveLibraryUnit(request: APIRequestContext, token: string, id: string): Promise<void> {
  const res = await request.delete(`/api/unit_library/${id}`, { headers: auth(token) });
  if (!res.ok() && res.status() !== 404) throw new Error(`archive library unit: ${res.status()} ${await res.text()}`);
}

/** GET /api/planning_resources/ searched by words. */
export async function findResources(request: APIRequestContext, token: string, search: string): Promise<PlanningResource[]> {
  const res = await request.get('/api/planning_resources/', { headers: auth(token), params: { search } });
  return (await resultOf<{ items: PlanningResource[] }>(res, 'resources')).items;
}

/** DELETE /api/planning_resources/:id. */
export async function deleteResource(request: APIRequestContext, token: string, id: string): Promise<void> {
  const res = await request.delete(`/api/planning_resources/${id}`, { headers: auth(token) });
  if (!res.ok() && res.status() !== 404) throw new Error(`delete resource: ${res.status()} ${await res.text()}`);
}

/** POST /api/observations/: a daily observation of a child tagged with learning areas, for staff only. */
/** GET /api/planning_insights/ of a class over ISO days. */
/** A small, valid one-page PDF (the resource library's upload), with a line of text. */
export function tinyPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 18 Tf 20 70 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** POST /api/units/: a unit of classes from one ISO day to another. */
export async function createUnit(
  request: APIRequestContext,
  token: string,
  unit: { title: string; classIds: string[]; start: string; end: string; areaIds?: string[] },
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
      fields: {},
    },
  });
  return resultOf<Unit>(res, 'create unit');
}

/** DELETE /api/units/:id (its activities stay in the weekly plan, unlinked). */
/** DELETE /api/plan_activities/:id. */
export async function deleteActivity(request: APIRequestContext, token: string, id: string): Promise<void> {
  const res = await request.delete(`/api/plan_activities/${id}`, { headers: auth(token) });
  if (!res.ok() && res.status() !== 404) throw new Error(`delete activity: ${res.status()} ${await res.text()}`);
}

// The helpers both planning journeys use live in planning.ts.
export { dayColumn, deleteUnit, expectColumnTitles, mondayIn, observeInAreas, planningInsights, readUnit, weeklyPlan, wireDay };
