import { type ChildCareDay, formatHhmmA, type Incident, type Medicine, type MedicineRequest } from '@cue/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { todayUtc, wire } from './attendance.js';

/*
 * The carelog arranged and read through the API, for its journeys. Today's care entries of Nursery A are
 * shared by every journey on the one database: each journey writes its own word (runTag) into the notes,
 * foods and medicine names it makes, and looks only for those.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The answer's `result`, failing the journey on a refusal (with the server's words). */
async function resultOf<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

/** Today as the wire writes it (DD-MM-YYYY; UTC is the demo school's time zone). */
export const todayWire = (): string => wire(todayUtc());

/**
 * A time of today that has already passed: `minutesAgo` before now on the school's clock (UTC), never
 * before midnight. `field` is what a time field holds (HH:mm), `wire` what the API takes (hh:mm A).
 */
export function pastTime(minutesAgo: number): { field: string; wire: string; hour: number; minute: number } {
  const now = new Date();
  const since = Math.max(0, now.getUTCHours() * 60 + now.getUTCMinutes() - minutesAgo);
  const hour = Math.floor(since / 60);
  const minute = since % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { field: `${pad(hour)}:${pad(minute)}`, wire: formatHhmmA(hour, minute), hour, minute };
}

/**
 * How an English page writes a time of day ("3:05 PM"), as a pattern: browsers put a narrow space or a
 * plain one before the AM/PM, and a time on another day carries the day before it.
 */
export function englishTime(hour: number, minute: number): RegExp {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return new RegExp(`${h12}:${String(minute).padStart(2, '0')}\\s?${hour < 12 ? 'AM' : 'PM'}`);
}

/** POST /api/carelog/medicines: a medicine record, today only unless told (a family's needs `consent`). */
export async function createMedicine(
  request: APIRequestContext,
  token: string,
  body: Partial<MedicineRequest> & Pick<MedicineRequest, 'student_id' | 'name'>,
): Promise<Medicine> {
  const res = await request.post('/api/carelog/medicines', {
    headers: auth(token),
    data: { dose: '5 ml', min_interval_hours: 4, from: todayWire(), to: todayWire(), ...body },
  });
  return resultOf<Medicine>(res, 'create medicine');
}

/** POST /api/medicines/:id/doses as staff: the raw answer, for a journey that expects a refusal. */
export function postDose(
  request: APIRequestContext,
  token: string,
  id: string,
  body: { time: string; date?: string; witness_id?: string; note?: string },
) {
  return request.post(`/api/medicines/${id}/doses`, { headers: auth(token), data: { date: todayWire(), ...body } });
}

/**
 * Ends the medicine records a journey made (POST /api/medicines/:id/end), so the class's list of
 * medicines in use does not grow with every run; their doses stay on record.
 */
export async function endMedicines(request: APIRequestContext, token: string, ids: string[]): Promise<void> {
  for (const id of ids) await request.post(`/api/medicines/${id}/end`, { headers: auth(token) });
}

/** GET /api/carelog/children/:id/day as the token's holder (today unless told). */
export async function childDay(
  request: APIRequestContext,
  token: string,
  studentId: string,
  date?: string,
): Promise<ChildCareDay> {
  const res = await request.get(`/api/carelog/children/${studentId}/day`, {
    headers: auth(token),
    params: date ? { date } : {},
  });
  return resultOf<ChildCareDay>(res, 'child care day');
}

/** PUT /api/carelog/summary_email as a parent: the daily summary of a child by email, on or off. */
export async function setSummaryEmail(
  request: APIRequestContext,
  parent: string,
  studentId: string,
  enabled: boolean,
): Promise<void> {
  const res = await request.put('/api/carelog/summary_email', {
    headers: auth(parent),
    data: { student_id: studentId, enabled },
  });
  if (!res.ok()) throw new Error(`summary email: ${res.status()} ${await res.text()}`);
}

/** GET /api/incidents/:id as the token's holder. */
export async function incidentOf(request: APIRequestContext, token: string, id: string): Promise<Incident> {
  return resultOf<Incident>(await request.get(`/api/incidents/${id}`, { headers: auth(token) }), 'incident');
}

/** The ids of a class's reports in a state of the staff's filter (GET /api/carelog/incidents). */
export async function incidentIds(
  request: APIRequestContext,
  token: string,
  classId: string,
  state: 'all' | 'unacknowledged' | 'unreviewed' | 'regulator',
): Promise<string[]> {
  const res = await request.get('/api/carelog/incidents', { headers: auth(token), params: { class_id: classId, state } });
  return (await resultOf<Incident[]>(res, 'incidents')).map((i) => i._id);
}

/**
 * Follows the page's socket: the answer tells whether the server has acknowledged its connection
 * (Socket.IO's "40"), after which the person's own room hears the school's updates. Call it before the
 * page opens the app.
 */
export function socketJoined(page: Page): () => boolean {
  let connected = false;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) connected = true;
    }),
  );
  return () => connected;
}

/** Waits until the page's socket is connected (see `socketJoined`). */
export async function expectSocket(joined: () => boolean): Promise<void> {
  await expect.poll(joined, { message: 'the socket connected' }).toBe(true);
}

/** A child's tile on the room board, by name. */
export const tileOf = (page: Page, name: string) => page.getByTestId('care-tile').and(page.locator(`[data-child="${name}"]`));

/** A medicine card by the record's name. */
export const medicineCard = (page: Page, name: string) => page.locator(`[data-testid="medicine"][data-medicine="${name}"]`);

/** A toast with this text (notifications are alerts). */
export const toastWith = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/**
 * A sentence of the page as a pattern that holds whether or not the values set into it are isolated in
 * their own direction (U+2068 … U+2069 around a name, a dose or a time): `loose('By Tara Menon')`.
 */
export function loose(text: string): string {
  return `[\\u2068\\u2069]*${[...text].map((c) => `${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\u2068\\u2069]*`).join('')}`;
}

/** `loose` as a pattern to find anywhere in a text. */
export const saying = (text: string): RegExp => new RegExp(loose(text));
