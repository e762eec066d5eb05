import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { staffToken } from './api.js';
import { classId, type Pupil, roster } from './attendance.js';
import { SHELL_PHONES } from './shell.js';

/*
 * The library arranged through the API for its journeys: items with copies whose barcodes the journey
 * chooses (a run's own word in them, since every journey shares one database), loans, reservations and
 * returns that set a scene the journey's step is not about.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The answer's `result`, failing the journey on a refusal (with the server's words). */
async function resultOf<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

export interface LibraryScene {
  /** Anita's staff token (the librarian: she holds academic_setup.resource_management). */
  librarian: string;
  classId: string;
  /** A Nursery A child's id by first name. */
  child: (first: string) => string;
  /** Every Nursery A child. */
  pupils: Pupil[];
}

/** Nursery A as the librarian reaches it. */
export async function libraryScene(request: APIRequestContext): Promise<LibraryScene> {
  const librarian = await staffToken(request, SHELL_PHONES.admin);
  const id = await classId(request, librarian, 'Nursery A');
  const pupils = await roster(request, librarian, id);
  return {
    librarian,
    classId: id,
    pupils,
    child: (first) => {
      const found = pupils.find((p) => p.first_name === first);
      if (!found) throw new Error(`No ${first} in Nursery A`);
      return found.id;
    },
  };
}

export interface ArrangedItem {
  id: string;
  title: string;
  barcodes: string[];
}

/** An item of the catalogue with copies of the given barcodes (POST /api/library/items/, then its copies). */
export async function arrangeItem(
  request: APIRequestContext,
  token: string,
  item: { title: string; authors?: string[]; language?: string },
  barcodes: string[],
): Promise<ArrangedItem> {
  const made = await resultOf<{ id: string; title: string }>(
    await request.post('/api/library/items/', {
      headers: auth(token),
      data: { title: item.title, authors: item.authors ?? [], language: item.language ?? 'en', copies: 0 },
    }),
    'add item',
  );
  await resultOf(
    await request.post(`/api/library/items/${made.id}/copies`, { headers: auth(token), data: { barcodes } }),
    'add copies',
  );
  return { id: made.id, title: made.title, barcodes };
}

export interface Loan {
  id: string;
  due_on: string;
  status: string;
  copy: { barcode: string };
  item: { title: string };
}

export async function lend(request: APIRequestContext, token: string, barcode: string, studentId: string): Promise<Loan> {
  return resultOf<Loan>(
    await request.post('/api/library/loans/', { headers: auth(token), data: { barcode, student_id: studentId } }),
    `lend ${barcode}`,
  );
}

export async function giveBack(request: APIRequestContext, token: string, barcode: string): Promise<void> {
  await resultOf(await request.post('/api/library/returns', { headers: auth(token), data: { barcode } }), `return ${barcode}`);
}

export async function reserve(
  request: APIRequestContext,
  token: string,
  itemId: string,
  studentId: string,
): Promise<{ id: string; status: string }> {
  return resultOf(
    await request.post('/api/library/reservations/', { headers: auth(token), data: { item_id: itemId, student_id: studentId } }),
    'reserve',
  );
}

export async function cancelReservation(request: APIRequestContext, token: string, id: string): Promise<void> {
  const res = await request.delete(`/api/library/reservations/${id}`, { headers: auth(token) });
  if (!res.ok()) throw new Error(`cancel reservation: ${res.status()} ${await res.text()}`);
}

/** A child's open loans (GET /api/library/loans/?student_id=). */
export async function openLoans(request: APIRequestContext, token: string, studentId: string): Promise<Loan[]> {
  const page = await resultOf<{ items: Loan[] }>(
    await request.get('/api/library/loans/', {
      headers: auth(token),
      params: { student_id: studentId, status: 'open', page: 1, page_size: 50 },
    }),
    'open loans',
  );
  return page.items;
}

/** A class's children as the student-wise list counts them: open loans and what their rule allows. */
export async function loanCounts(
  request: APIRequestContext,
  token: string,
  cls: string,
): Promise<Map<string, { open: number; max: number }>> {
  const rows = await resultOf<{ student: { id: string }; open_loans: number; max_loans: number }[]>(
    await request.get('/api/library/students', { headers: auth(token), params: { class_id: cls } }),
    'library students',
  );
  return new Map(rows.map((r) => [r.student.id, { open: r.open_loans, max: r.max_loans }]));
}

/** A barcode of the run: letters and digits only, as labels print them. */
export const runBarcode = (tag: string, n: number): string => `E2E${tag.toUpperCase()}${n}`;

/** DD-MM-YYYY (the wire's day) as the family card and the desk show it in a language ("4 Dec 2026"). */
export function shownDay(wire: string, language: string): string {
  const [d, m, y] = wire.split('-');
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${y}-${m}-${d}T00:00:00Z`),
  );
}

/** Types a barcode into a scan field and presses Enter, as a USB scanner does. */
export async function typeBarcode(page: Page, field: ReturnType<Page['getByLabel']>, barcode: string): Promise<void> {
  await expect(field).toBeEnabled();
  await field.click();
  await page.keyboard.type(barcode);
  await page.keyboard.press('Enter');
}

/** The toasts are gone (they close by themselves), so that a page is checked as it stays. */
export const toastsGone = (page: Page) => expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });

/** No horizontal scrolling of the page at its width. */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(sizes.scroll, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(sizes.inner);
}

/** The check digit of ISBN-10's first nine digits ("X" for ten). */
const isbn10Check = (nine: string): string => {
  const sum = [...nine].reduce((s, d, i) => s + (10 - i) * Number(d), 0);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
};
/** The check digit of ISBN-13's first twelve digits. */
const isbn13Check = (twelve: string): string => {
  const sum = [...twelve].reduce((s, d, i) => s + (i % 2 ? 3 : 1) * Number(d), 0);
  return String((10 - (sum % 10)) % 10);
};

/**
 * A valid ISBN of the run, in Penguin's English-language range (group 0, publisher 14, six digits for the
 * title): as typed in ISBN-10 and as the catalogue shows it, hyphenated ISBN-13.
 */
export function runIsbn(): { isbn10: string; isbn13h: string } {
  const title = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const nine = `014${title}`;
  const twelve = `978${nine}`;
  return { isbn10: `${nine}${isbn10Check(nine)}`, isbn13h: `978-0-14-${title}-${isbn13Check(twelve)}` };
}
