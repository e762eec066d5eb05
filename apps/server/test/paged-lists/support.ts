import type { ROUTES } from '@cue/contract';
import { expect } from 'vitest';
import { bearer, type Method, type TestApp } from '../harness.js';

/** A paged list walked by `pagination.test.ts`, and what it needs. */
export interface PagedList {
  route: keyof typeof ROUTES;
  /** The list's address, with its filters. */
  url: () => string;
  /** Whose list it is: a key of `PagedContext.tokens`. */
  as: 'anita' | 'tara' | 'rohan';
  /** The query parameter of the page's size (`page_size`). */
  size?: string;
  /** Writes enough items for three pages of two, when the demo school has fewer. */
  seed?: () => Promise<void>;
  /** Writes one more item between two pages, one that comes first in the list's order. */
  write?: () => Promise<void>;
}

/** The demo school's admin (Anita), a teacher of Nursery A (Tara) and a parent of Aarav and Ira (Rohan). */
export interface PagedContext {
  t: () => TestApp;
  tokens: Record<PagedList['as'], string>;
}

/** A request as one of the demo people; `expectOk` checks a 200 and gives its `result`. */
export function requests(ctx: PagedContext) {
  const send = (method: Method, url: string, as: PagedList['as'], payload?: unknown) =>
    ctx.t().request({
      method,
      url,
      headers: bearer(ctx.tokens[as]),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const expectOk = async (method: Method, url: string, as: PagedList['as'], payload?: unknown) => {
    const res = await send(method, url, as, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().result;
  };
  return { send, expectOk };
}
