import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A title no other journey (or earlier run on the same database) has used. */
export const uniqueTitle = (what: string): string => `${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A 1×1 PNG picture, small enough for any upload limit. */
export const PNG_FIXTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** 'DD-MM-YYYY' of a day from today. */
export function ddmmyyyy(daysFromToday: number): string {
  const d = new Date();
  d.setDate(d.getDate() + daysFromToday);
  return [d.getDate(), d.getMonth() + 1, d.getFullYear()].map((n, i) => String(n).padStart(i === 2 ? 4 : 2, '0')).join('-');
}

/** The ids of the caller's classes in the current school, by name. */
export async function classIds(request: APIRequestContext, token: string): Promise<Record<string, string>> {
  const res = await request.get('/api/user_schools_classes/', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const { result } = (await res.json()) as { result: { current: boolean; classes: { id: string; class_name: string }[] }[] };
  const school = result.find((s) => s.current);
  return Object.fromEntries((school?.classes ?? []).map((c) => [c.class_name, c.id]));
}

export interface Created {
  id: string;
  status: string;
  can_edit: boolean;
}

/** Creates an announcement or homework through the API (to set up a journey). */
export async function createCommunication(
  request: APIRequestContext,
  token: string,
  type: 'announcement' | 'homework',
  body: Record<string, unknown>,
): Promise<Created> {
  const res = await request.post(`/api/communication/${type}s/`, { data: body, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`create ${type}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: Created }).result;
}

/** The list table's row of an item, by its exact title. */
export const row = (page: Page, title: string) => page.getByTestId('communication-table').locator(`tr[data-title="${title}"]`);

/** A toast with this text (Mantine notifications are alerts). */
export const toastWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
