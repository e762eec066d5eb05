import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { QueryCache } from './query-cache.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repository function accepts the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Refreshes the planner's statistics where no autovacuum does it (the embedded database). */
  analyze(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool (other instances are reached through it: socket events over LISTEN/NOTIFY). */
  pool?: pg.Pool;
  url?: string;
  /** The statement cache of this handle (decision 43) and its counts. */
  cache: QueryCache;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export type DatabaseOptions = (
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir: a folder on disk; omitted: in memory. loadDataDir: start from a dumped template. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
) & {
  /** The statement cache (decision 43); on unless QUERY_CACHE=false. */
  queryCache?: boolean;
};

type PgliteQuery = PGlite['query'];
type PgliteTx = Parameters<Parameters<PGlite['transaction']>[0]>[0];

/** What Drizzle uses of a PGlite client, with every statement going through the cache. */
function cachedPglite(client: PGlite, cache: QueryCache) {
  const counted = (tx: PgliteTx): PgliteTx => {
    const query: PgliteQuery = (text, values, options) => {
      cache.stats.statements++;
      cache.trace?.(text, 'transaction', values);
      return tx.query(text, values, options);
    };
    return new Proxy(tx, { get: (target, key, receiver) => (key === 'query' ? query : Reflect.get(target, key, receiver)) });
  };
  const query: PgliteQuery = (text, values, options) =>
    cache.statement(text, values, options?.rowMode ?? 'object', () => client.query(text, values, options));
  return {
    query,
    transaction: <T>(fn: (tx: PgliteTx) => Promise<T>) => cache.write(() => client.transaction((tx) => fn(counted(tx)))),
    exec: (text: string) => cache.write(() => client.exec(text)),
  };
}

const raw = new WeakMap<Db, PGlite>();

const CHANNEL = 'cue_query_cache';

/**
 * The pool as Drizzle sees it: reads outside transactions go through the cache; a transaction's
 * connection starts a new generation when it is given back (decision 43).
 */
function cachedPool(pool: pg.Pool, cache: QueryCache): pg.Pool {
  type Release = (err?: Error | boolean) => void;
  const counted = (client: pg.PoolClient): pg.PoolClient => {
    const release: Release = (err) => {
      cache.invalidate();
      cache.onWrite?.();
      client.release(err);
    };
    const query = (config: unknown, values?: unknown) => {
      cache.stats.statements++;
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      cache.trace?.(text, 'transaction', values);
      return (client.query as (c: unknown, v?: unknown) => Promise<unknown>)(config, values);
    };
    return new Proxy(client, {
      get: (target, key, receiver) =>
        key === 'release' ? release : key === 'query' ? query : Reflect.get(target, key, receiver),
    });
  };
  const query = (config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const mode = typeof config === 'string' ? 'object' : ((config as { rowMode?: string }).rowMode ?? 'object');
    return cache.statement(text, values, mode, () =>
      (pool.query as (c: unknown, v?: unknown) => Promise<{ rows: unknown[] }>)(config, values),
    );
  };
  return new Proxy(pool, {
    get: (target, key, receiver) => {
      if (key === 'query') return query;
      if (key === 'connect') return async () => counted(await target.connect());
      return Reflect.get(target, key, receiver);
    },
  });
}

/**
 * Other instances' writes, heard on a channel of their own connection: each empties this instance's
 * cache. The cache is off until the channel listens, and again whenever its connection is lost.
 */
function listenForWrites(url: string, pool: pg.Pool, cache: QueryCache): () => Promise<void> {
  const instance = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  let client: pg.Client | null = null;
  let closed = false;
  cache.setEnabled(false);
  // Told at once after each write, before the code that made it goes on (and so before the socket
  // events it sends): other instances empty their cache a round trip later.
  cache.onWrite = () => {
    if (!closed) pool.query('select pg_notify($1, $2)', [CHANNEL, instance]).catch(() => undefined);
  };
  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    const lost = () => {
      cache.setEnabled(false);
      if (client === c) client = null;
      if (!closed) setTimeout(() => void connect(), 1_000).unref();
    };
    c.on('error', () => undefined);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload !== instance) cache.invalidate();
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      client = c;
      cache.setEnabled(true);
    } catch {
      await c.end().catch(() => undefined);
    }
  };
  void connect();
  return async () => {
    closed = true;
    cache.setEnabled(false);
    await client?.end().catch(() => undefined);
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover) is dropped and replaced by the pool;
    // without a listener, node-postgres would crash the process on it.
    pool.on('error', () => {});
    const cache = new QueryCache({ enabled: options.queryCache ?? true });
    const stopListening = cache.enabled ? listenForWrites(options.url, pool, cache) : async () => {};
    const db = drizzlePg(cachedPool(pool, cache), { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      cache,
      url: options.url,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      analyze: async () => {},
      close: async () => {
        await stopListening();
        await pool.end();
      },
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  // The embedded database belongs to this process: every write goes through this handle.
  const cache = new QueryCache({ enabled: options.queryCache ?? true });
  const db = drizzlePglite(cachedPglite(client, cache) as unknown as PGlite, { schema });
  raw.set(db as unknown as Db, client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    cache,
    migrate: () => migratePglite(db, { migrationsFolder }),
    analyze: async () => {
      // Statistics change no row: the cache stays.
      await client.exec('analyze');
    },
    close: () => client.close(),
  };
}

/** Dumps an embedded database's data directory: tests clone it cheaply, backups keep it (gzip). */
export async function dumpPglite(database: Database, compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
  const client = raw.get(database.db);
  if (!client) throw new Error('not an embedded database');
  return (await client.dumpDataDir(compression)) as Blob;
}
