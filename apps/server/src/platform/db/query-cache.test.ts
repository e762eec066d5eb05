import { describe, expect, it } from 'vitest';
import { QueryCache, statementKind } from './query-cache.js';

const rows = (n: number) => ({ rows: [{ n }] });

describe('statementKind', () => {
  it('keeps plain reads, never writes or reads of the moment', () => {
    expect(statementKind('select "id" from "classes" where "classes"."id" = $1')).toBe('cacheable');
    expect(statementKind('with c as (select id from classes) select * from c')).toBe('cacheable');
    expect(statementKind('select "updated_at" from "users"')).toBe('cacheable');
    expect(statementKind('insert into "users" ("id") values ($1)')).toBe('write');
    expect(statementKind('update "users" set "first_name" = $1')).toBe('write');
    expect(statementKind('delete from "users" where "id" = $1')).toBe('write');
    expect(statementKind('with x as (delete from jobs returning id) select count(*) from x')).toBe('write');
    expect(statementKind('begin')).toBe('write');
    expect(statementKind('analyze')).toBe('write');
    expect(statementKind('select * from sessions where expires_at > now()')).toBe('read');
    expect(statementKind('select current_date')).toBe('read');
    expect(statementKind('select * from jobs for update skip locked')).toBe('write');
    expect(statementKind('select * from jobs for share')).toBe('read');
    expect(statementKind('select pg_try_advisory_lock($1)')).toBe('read');
    expect(statementKind("select nextval('seq')")).toBe('read');
  });
});

describe('QueryCache', () => {
  it('answers a repeated read from memory until a write, and keys by the values', async () => {
    const cache = new QueryCache({ enabled: true });
    let runs = 0;
    const read = (v: number) => cache.statement('select $1', [v], 'array', async () => rows(++runs));
    expect((await read(1)).rows).toEqual([{ n: 1 }]);
    expect((await read(1)).rows).toEqual([{ n: 1 }]);
    expect((await read(2)).rows).toEqual([{ n: 2 }]);
    await cache.statement('update t set x = 1', [], 'object', async () => rows(0));
    expect((await read(1)).rows).toEqual([{ n: 3 }]);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 3, writes: 1, statements: 5 });
  });

  it('empties on a write that changed no row: it may have waited for the commit of another connection', async () => {
    const cache = new QueryCache({ enabled: true });
    let runs = 0;
    const read = () => cache.statement('select 1', [], 'array', async () => rows(++runs));
    await read();
    await cache.statement('insert into t values ($1) on conflict do nothing', [1], 'object', async () => ({
      rows: [],
      affectedRows: 0,
    }));
    await read();
    expect(runs).toBe(2);
  });

  it('does not keep a read that overlapped a write', async () => {
    const cache = new QueryCache({ enabled: true });
    let release!: () => void;
    const slow = cache.statement(
      'select 1',
      [],
      'array',
      () => new Promise<{ rows: unknown[] }>((r) => (release = () => r(rows(1)))),
    );
    await cache.write(async () => undefined);
    release();
    await slow;
    let runs = 0;
    await cache.statement('select 1', [], 'array', async () => rows(++runs));
    expect(runs).toBe(1);
  });

  it('hands out copies: changing an answer does not change the next one', async () => {
    const cache = new QueryCache({ enabled: true });
    const first = await cache.statement('select 1', [], 'object', async () => ({ rows: [{ list: [1] }] }));
    (first.rows[0] as { list: number[] }).list.push(2);
    const second = await cache.statement('select 1', [], 'object', async () => ({ rows: [{ list: [9] }] }));
    expect(second.rows).toEqual([{ list: [1] }]);
    (second.rows[0] as { list: number[] }).list.push(3);
    const third = await cache.statement('select 1', [], 'object', async () => ({ rows: [{ list: [9] }] }));
    expect(third.rows).toEqual([{ list: [1] }]);
  });

  it('keeps nothing when off, or when told of another instance’s write', async () => {
    const cache = new QueryCache({ enabled: false });
    let runs = 0;
    await cache.statement('select 1', [], 'array', async () => rows(++runs));
    await cache.statement('select 1', [], 'array', async () => rows(++runs));
    expect(runs).toBe(2);
    const on = new QueryCache({ enabled: true });
    await on.statement('select 1', [], 'array', async () => rows(++runs));
    on.invalidate();
    await on.statement('select 1', [], 'array', async () => rows(++runs));
    expect(runs).toBe(4);
  });
});
