import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir: a folder on disk; omitted: in memory. loadDataDir: start from a dumped template. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover) is dropped and replaced by the pool;
    // without a listener, node-postgres would crash the process on it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      url: options.url,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      analyze: async () => {},
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    analyze: async () => {
      await client.exec('analyze');
    },
    close: () => client.close(),
  };
}

/** Dumps an in-memory PGlite database so that tests can clone it cheaply. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return (await client.dumpDataDir('none')) as Blob;
}
