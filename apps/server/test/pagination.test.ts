import { ROUTES, type RouteDef } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearEveryCache } from '../src/platform/cache.js';
import { createTestApp, parentToken, staffToken, type TestApp } from './harness.js';
import { communicationLists } from './paged-lists/communication.js';
import { learningLists } from './paged-lists/learning.js';
import { managementLists } from './paged-lists/management.js';
import { planningLists } from './paged-lists/planning.js';
import { type PagedContext, type PagedList, requests } from './paged-lists/support.js';

/**
 * Every paged list reads on by its `next_cursor` (decision 47): walking a list a few items at a time
 * gives every item once, in the list's order, whatever is written between two pages; a cursor that is
 * not one answers 400. A paged route missing here fails the last test.
 */
let t: TestApp;
const ctx: PagedContext = { t: () => t, tokens: { anita: '', tara: '', rohan: '' } };
const { send } = requests(ctx);

beforeAll(async () => {
  t = await createTestApp();
  ctx.tokens.anita = await staffToken(t, '9000000002');
  ctx.tokens.tara = await staffToken(t, '9000000003');
  ctx.tokens.rohan = await parentToken(t, '9000000004');
});
afterAll(async () => t.close());

const LISTS: PagedList[] = [...communicationLists(ctx), ...learningLists(ctx), ...managementLists(ctx), ...planningLists(ctx)];

/** The most statements any page of a list may run, its presenter's lookups included. */
const STATEMENTS_PER_PAGE = 30;

const idOf = (item: Record<string, unknown>) => String(item._id ?? item.id);
type Page = { items: Record<string, unknown>[]; total: number; next_cursor: string | null };

async function page(list: PagedList, query: Record<string, string | number>): Promise<Page> {
  const url = new URL(list.url(), 'http://x');
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const res = await send('GET', `${url.pathname}${url.search}`, list.as);
  expect(res.statusCode, `${list.route}: ${res.body}`).toBe(200);
  return res.json().result as Page;
}

describe('paged lists read on by cursor', () => {
  for (const list of LISTS) {
    it(`${list.route}: every item once, in order, by cursor as by page`, async () => {
      const size = list.size ?? 'page_size';
      if (list.seed) await list.seed();
      const whole = await page(list, { [size]: 100 });
      expect(whole.total, `${list.route} needs at least five items`).toBeGreaterThanOrEqual(5);
      expect(whole.next_cursor).toBe(whole.total > 100 ? expect.any(String) : null);
      const expected = whole.items.map(idOf);

      // Page by page with the cursor, and with `page`: the same items.
      const walked: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const p: Page = await page(list, { [size]: 2, ...(cursor ? { cursor } : {}) });
        if (!cursor) expect(p.next_cursor).toEqual(expect.any(String));
        const byNumber = await page(list, { [size]: 2, page: pages + 1 });
        expect(p.items.map(idOf)).toEqual(byNumber.items.map(idOf));
        walked.push(...p.items.map(idOf));
        cursor = p.next_cursor;
        pages++;
      } while (cursor && pages < 60);
      expect(walked.slice(0, expected.length)).toEqual(expected);
      expect(new Set(walked).size).toBe(walked.length);

      // What is written after the first page does not move the rest: nothing repeated, nothing skipped.
      if (list.write) {
        const first = await page(list, { [size]: 2 });
        // Later than anything in the list, as a write between two pages is.
        t.clock.advance(1_000);
        await list.write();
        const rest: string[] = [];
        let next = first.next_cursor;
        while (next) {
          const p: Page = await page(list, { [size]: 2, cursor: next });
          rest.push(...p.items.map(idOf));
          next = p.next_cursor;
        }
        expect([...first.items.map(idOf), ...rest]).toEqual(expected.slice(0, first.items.length + rest.length));
        expect(first.items.length + rest.length).toBe(expected.length);
      }
    });
  }

  it('a page runs a fixed number of statements, whatever its size', async () => {
    /** Statements a page runs with every cache of the server cold. */
    const statements = async (list: PagedList, pageSize: number) => {
      t.database.cache.invalidate();
      clearEveryCache();
      const before = t.database.cache.stats.statements;
      await page(list, { [list.size ?? 'page_size']: pageSize });
      return t.database.cache.stats.statements - before;
    };
    const figures: Record<string, [number, number]> = {};
    for (const list of LISTS) figures[list.route] = [await statements(list, 2), await statements(list, 100)];
    console.log('statements for a page of 2 and of 100', figures);
    for (const [route, [small, large]] of Object.entries(figures)) {
      expect(large, `${route}: ${small} statements for 2 items, ${large} for 100`).toBeLessThanOrEqual(small + 2);
      expect(large, `${route}: ${large} statements`).toBeLessThanOrEqual(STATEMENTS_PER_PAGE);
    }
  });

  it('a cursor that is not one of the list answers 400 on the cursor', async () => {
    for (const list of LISTS) {
      for (const cursor of [
        'not-a-cursor',
        Buffer.from('[1]').toString('base64url'),
        'x'.repeat(1001),
        'a b',
        '=a',
        'a\u0000b',
      ]) {
        const url = new URL(list.url(), 'http://x');
        url.searchParams.set('cursor', cursor);
        const res = await send('GET', `${url.pathname}${url.search}`, list.as);
        expect(res.statusCode, `${list.route} ${cursor.slice(0, 20)}: ${res.body}`).toBe(400);
      }
    }
  });

  it("a forged cursor (the list's number of keys, values of other kinds) answers 400, never 500", async () => {
    const encode = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    for (const list of LISTS) {
      const first = await page(list, { [list.size ?? 'page_size']: 1 });
      expect(first.next_cursor, list.route).toEqual(expect.any(String));
      const keys = (JSON.parse(Buffer.from(first.next_cursor ?? '', 'base64url').toString()) as unknown[]).length;
      const forged = [
        'not a date',
        'a\u0000b',
        '\ud800',
        12345,
        true,
        { t: '2026-01-01T00:00:00.000Z' },
        { t: 'never' },
        [1],
        { x: 1 },
      ].map((v) => encode(Array.from({ length: keys }, () => v)));
      for (const cursor of forged) {
        const url = new URL(list.url(), 'http://x');
        url.searchParams.set('cursor', cursor);
        const res = await send('GET', `${url.pathname}${url.search}`, list.as);
        expect([200, 400], `${list.route} ${Buffer.from(cursor, 'base64url').toString()}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });

  it('every route that answers a page is walked here', () => {
    const paged = Object.entries(ROUTES as Record<string, RouteDef>)
      .filter(([, r]) => {
        const result = (r.response as { shape?: { result?: { shape?: Record<string, unknown> } } }).shape?.result;
        return result?.shape !== undefined && 'next_cursor' in result.shape && 'items' in result.shape;
      })
      .map(([name]) => name)
      .filter((name) => !['auditLog', 'academicAudit'].includes(name));
    expect(LISTS.map((l) => l.route).sort()).toEqual(paged.sort());
  });
});
