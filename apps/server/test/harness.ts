import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { FILE_RESPONSE, type PhoneVerificationResponse, ROUTES, type RouteDef } from '@cue/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { expect, inject } from 'vitest';
import type { z } from 'zod';
import type { Clock } from '../src/platform/clock.js';
import { loadConfig } from '../src/platform/config.js';
import { type Database, openDatabase } from '../src/platform/db/client.js';
import { buildApp, type Services } from '../src/platform/http/app.js';
import { ephemeralSecrets } from '../src/platform/secrets.js';
import { MemorySmsProvider } from '../src/platform/sms/provider.js';
import { TEMPLATE_DB } from './template.js';

/** A clock tests move by hand. */
export class FakeClock implements Clock {
  private current = Date.now();
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** A new empty PostgreSQL database beside the tests' (DATABASE_URL), and how to drop it. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL ?? '';
  const name = `cue_empty_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/** A fresh copy of the seeded template database for one test file. */
async function cloneDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `cue_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${TEMPLATE_DB}"`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 4 });
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([fs.readFileSync(file)]) });
}

export interface TestApp {
  app: FastifyInstance;
  secrets: ReturnType<typeof ephemeralSecrets>;
  services: Services;
  database: Database;
  sms: MemorySmsProvider;
  clock: FakeClock;
  logs: string[];
  /** 'METHOD /path' of every route the server registered. */
  served: string[];
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  // A second instance on the same PostgreSQL database (its own pool), as another server process would be.
  const shared = options.sameDatabaseAs?.database.url;
  const database = shared ? { ...(await openDatabase({ kind: 'postgres', url: shared, poolSize: 4 })) } : await cloneDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-data-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, WEB_DIST: '/nonexistent', ...env });
  const sms = new MemorySmsProvider();
  const clock = new FakeClock();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const secrets = options.sameDatabaseAs?.secrets ?? ephemeralSecrets();
  const { app, services, served } = await buildApp({ config, database, secrets, sms, clock, logStream });
  await app.ready();
  return {
    app,
    secrets,
    services,
    database,
    sms,
    clock,
    logs,
    served,
    request: (opts) => app.inject(opts),
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A realtime connection signed in with `token` to a test app listening on `port` (websocket only, no
 * reconnection): resolves once connected, rejects (and closes) when the server refuses it.
 */
export const connectSocket = (port: number, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });

/** Waits for an export job to finish (done or failed), running the queue as the server would; its last status. */
export async function exportFinished(t: TestApp, token: string, id: string) {
  const status = async () =>
    expectResponse(ROUTES.exportStatus, await t.request({ method: 'GET', url: `/api/exports/${id}`, headers: bearer(token) }))
      .result;
  let now = await status();
  for (let n = 0; n < 300 && now.status !== 'done' && now.status !== 'failed'; n++) {
    await t.services.jobs.runDue();
    now = await status();
    if (now.status !== 'done') await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return now;
}

/** The text layer of a PDF, as poppler's pdftotext reads it. */
export function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-')), 'f.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A test file's request maker: `method url` as `token` (none: signed out) with a JSON payload, to the app
 * `app()` answers at call time (the app is made in `beforeAll`, after the maker).
 */
export const requester =
  (app: () => TestApp) =>
  (method: Method, url: string, token?: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app().request({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

/** The whole phone sign-in, as the web app does it. */
export async function signIn(t: TestApp, phone: string, otp = '123456'): Promise<PhoneVerificationResponse['result']> {
  const send = await t.request({ method: 'POST', url: '/api/otp/send', payload: { phno: `91${phone}` } });
  if (send.statusCode !== 200) throw new Error(`send failed: ${send.body}`);
  const reqId = send.json().message as string;
  const verify = await t.request({ method: 'POST', url: '/api/otp/verify', payload: { reqId, otp } });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const login = await t.request({
    method: 'POST',
    url: '/api/logged_in_user_phone_verification/',
    payload: { otp_jwt_token: verify.json().message, phone_number: phone },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return login.json().result;
}

export async function staffToken(t: TestApp, phone: string): Promise<string> {
  const result = await signIn(t, phone);
  if (!result.staff_user) throw new Error(`${phone} is not staff`);
  return result.staff_user.access_token;
}

export async function parentToken(t: TestApp, phone: string): Promise<string> {
  const result = await signIn(t, phone);
  if (!result.parent_user) throw new Error(`${phone} is not a parent`);
  return result.parent_user.access_token;
}

type AnswerOf<D extends RouteDef> = D['response'] extends z.ZodType ? z.output<D['response']> : never;

/**
 * The answer of a successful call, checked against the route entry's response schema the way a client
 * would read it: 200, and every field the contract declares there with its type (an answer the web app
 * could not read fails the test). Returns the parsed answer, typed by the entry.
 */
export function expectResponse<D extends RouteDef>(route: D, res: LightMyRequestResponse): AnswerOf<D> {
  expect(res.statusCode, `${route.method} ${route.path}: ${res.body.slice(0, 300)}`).toBe(200);
  if (route.response === FILE_RESPONSE) throw new Error(`${route.method} ${route.path} answers a file, not JSON`);
  const parsed = route.response.safeParse(res.json());
  if (!parsed.success)
    throw new Error(`${route.method} ${route.path}: the answer does not match its response schema: ${parsed.error.message}`);
  return parsed.data as AnswerOf<D>;
}
