import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ATTENDANCE_UPDATED_EVENT, CUE_EVENTS, ddmmyyyyFromIso, isoFromDdmmyyyy } from '@cue/contract';
import pg from 'pg';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../../scripts/cluster.js';
import { newId } from '../src/platform/ids.js';
import { MEDIA_CLEANUP_JOB, S3Storage } from '../src/platform/storage.js';
import { demoId } from '../src/seed/demo.js';
import { emptyPostgresDatabase } from './harness.js';

/*
 * Two server processes on one PostgreSQL database and one S3-compatible store behind one address
 * (scripts/cluster.ts, issue 30): a save through one instance reaches a parent connected to the other, a
 * file uploaded through one is served by the other, a Cue task started through one is followed from the
 * other, a job runs once, the rate limits (sign-in calls per
 * address, sign-in codes per number, chat messages per person) count both, and an instance killed loses
 * no acknowledged write while its sockets reconnect to the other through the proxy.
 */

/** s3rver ships no types: the part of it this test uses. */
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverServer;

const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const PORT = 36_400 + Math.floor(Math.random() * 500);

let cluster: Cluster;
let dataDir: string;
let database: { url: string; drop: () => Promise<void> };
let store: S3rverServer;
let s3Dir: string;
const sockets: Socket[] = [];

async function post<T>(base: string, url: string, body: unknown, token?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

async function signIn(base: string, phone: string, side: 'staff_user' | 'parent_user'): Promise<string> {
  return (await login(base, phone, side)).access_token;
}

async function login(base: string, phone: string, side: 'staff_user' | 'parent_user') {
  const sent = await post<{ message: string }>(base, '/api/otp/send', { phno: `91${phone}` });
  const verified = await post<{ message: string }>(base, '/api/otp/verify', { reqId: sent.json.message, otp: '123456' });
  const answer = await post<{ result: Record<string, { access_token: string; user_details: { parent_id?: string } }> }>(
    base,
    '/api/logged_in_user_phone_verification/',
    {
      otp_jwt_token: verified.json.message,
      phone_number: phone,
    },
  );
  const person = answer.json.result[side];
  if (!person?.access_token) throw new Error(`${phone} has no ${side}`);
  return person;
}

const instanceUrl = (i: number) => `http://127.0.0.1:${cluster.instances[i]?.port}`;

/** A parent's open app: a socket following Nursery A, collecting the days it is told of. */
function openApp(base: string, token: string, reconnect = false): Promise<{ socket: Socket; heard: string[] }> {
  return new Promise((resolve, reject) => {
    const heard: string[] = [];
    const socket = io(base, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: reconnect,
      reconnectionDelay: 200,
      reconnectionDelayMax: 500,
    });
    sockets.push(socket);
    socket.on(ATTENDANCE_UPDATED_EVENT, (e: { date?: string }) => heard.push(String(e.date)));
    const join = () => socket.emit('join-class', nurseryA, () => undefined);
    socket.on('connect', () => {
      socket.emit('join-class', nurseryA, (answer: { ok: boolean }) =>
        answer.ok ? resolve({ socket, heard }) : reject(new Error('join-class refused')),
      );
      socket.off('connect');
      socket.on('connect', join);
    });
    socket.on('connect_error', (err) => (reconnect ? undefined : reject(err)));
  });
}

const day = (daysAgo: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - daysAgo);
  return ddmmyyyyFromIso(d.toISOString().slice(0, 10));
};

const save = (base: string, token: string, date: string, status: string) =>
  post(
    base,
    `/api/class_student_attendance/${nurseryA}`,
    { date, is_saved: false, student_attendance_list: [{ student_id: aarav, attendance_status: status }] },
    token,
  );

async function markOf(base: string, token: string, date: string): Promise<string | undefined> {
  const res = await fetch(`${base}/api/class_student_attendance/${nurseryA}?date=${date}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = (
    (await res.json()) as { result: { student_attendance_list: { student_id: string; attendance_status: string }[] } }
  ).result.student_attendance_list;
  return list.find((s) => s.student_id === aarav)?.attendance_status;
}

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
};

describe.skipIf(!process.env.DATABASE_URL)('two instances behind one address', () => {
  let teacher: string;
  let parent: string;

  beforeAll(async () => {
    database = await emptyPostgresDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-cluster-'));
    // One S3-compatible store for both instances (a local one on a free port).
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-cluster-s3-'));
    store = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir });
    const { port: s3Port } = await store.run();
    const s3 = { endpoint: `http://127.0.0.1:${s3Port}`, bucket: 'cue-media', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const setup = new S3Storage({ ...s3, region: 'us-east-1' });
    await setup.ensureBucket();
    setup.destroy();
    cluster = await startCluster({
      instances: 2,
      port: PORT,
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        SEED_DEMO_HISTORY: 'false',
        LOG_LEVEL: 'info',
        WEB_DIST: '/nonexistent',
        BACKUP_EVERY_HOURS: '0',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY: s3.accessKeyId,
        S3_SECRET_KEY: s3.secretAccessKey,
        // Small limits, counted across both instances below. The demo's other numbers get real codes.
        OTP_TEST_NUMBERS: '9000000003:123456,9000000004:123456',
        OTP_SENDS_PER_PHONE: '3',
        CHAT_MESSAGES_PER_MINUTE: '4',
      },
    });
    teacher = await signIn(cluster.url, '9000000003', 'staff_user');
    parent = await signIn(cluster.url, '9000000004', 'parent_user');
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
    await database?.drop();
    await store?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('a parent connected to one instance hears a save made through the other', async () => {
    const app = await openApp(instanceUrl(0), parent);
    const date = day(3);
    const saved = await save(instanceUrl(1), teacher, date, 'present');
    expect(saved.status).toBe(200);
    expect(await until(() => app.heard.includes(date))).toBe(true);
    // The other way round, and through the proxy's address.
    const back = await openApp(instanceUrl(1), parent);
    expect((await save(instanceUrl(0), teacher, day(4), 'absent')).status).toBe(200);
    expect(await until(() => back.heard.includes(day(4)))).toBe(true);
    expect(await markOf(cluster.url, teacher, day(4))).toBe('absent');
  });

  it('serves through one instance a file uploaded through the other, from the shared store', async () => {
    const rohan = await login(instanceUrl(0), '9000000004', 'parent_user');
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1c7ed6' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('parent_profile_picture', new Blob([photo], { type: 'image/jpeg' }), 'me.jpg');
    const uploaded = await fetch(`${instanceUrl(0)}/api/parent/${rohan.user_details.parent_id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rohan.access_token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const link = ((await uploaded.json()) as { result: { parent_profile_picture: string } }).result.parent_profile_picture;
    // The other instance answers with a presigned link into the bucket, which gives the stored picture.
    const served = await fetch(`${instanceUrl(1)}${link}`, { redirect: 'manual' });
    expect(served.status).toBe(302);
    const location = new URL(served.headers.get('location') ?? '');
    expect(location.pathname.startsWith('/cue-media/')).toBe(true);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe('webp');
    // Nothing of it on the instances' disk.
    const onDisk = fs.existsSync(path.join(dataDir, 'media'))
      ? fs.readdirSync(path.join(dataDir, 'media'), { recursive: true })
      : [];
    expect(onDisk.filter((f) => String(f).endsWith('.webp'))).toEqual([]);
  });

  it('runs each job once, whichever instance claims it', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const ids = Array.from({ length: 30 }, () => newId());
    try {
      for (const id of ids)
        await client.query(
          `insert into jobs (id, key, kind, run_at, payload) values ($1, $2, $3, now() - interval '1 second', '{}')`,
          [id, `cluster-test:${id}`, MEDIA_CLEANUP_JOB],
        );
      const done = await until(async () => {
        const left = await client.query(`select count(*)::int as n from jobs where id = any($1) and status <> 'done'`, [ids]);
        return left.rows[0].n === 0;
      }, 30_000);
      expect(done).toBe(true);
    } finally {
      await client.end();
    }
    const runs = cluster.instances.flatMap((i) =>
      i.logs
        .filter((l) => l.includes('"job done"'))
        .map((l) => (JSON.parse(l) as { job: { id: string } }).job.id)
        .filter((id) => ids.includes(id)),
    );
    expect(runs.sort()).toEqual([...ids].sort());
  });

  it('counts a rate limit across both instances', async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const call = () => fetch(`${cluster.url}/api/google_login/`, { headers: { 'x-forwarded-for': address } });
    const statuses: number[] = [];
    for (let i = 0; i < 600; i++) statuses.push((await call()).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect((await call()).status).toBe(429);
    expect((await fetch(`${instanceUrl(0)}/api/google_login/`, { headers: { 'x-forwarded-for': address } })).status).toBe(429);
    expect((await fetch(`${instanceUrl(1)}/api/google_login/`, { headers: { 'x-forwarded-for': address } })).status).toBe(429);
  });

  it('counts the sign-in codes sent to a number across both instances', async () => {
    // Anita's number gets real codes (not a test number): three a window, whichever instance sends them.
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const sendCode = (i: number) =>
      fetch(`${instanceUrl(i)}/api/otp/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ phno: '919000000002' }),
      });
    expect([(await sendCode(0)).status, (await sendCode(1)).status, (await sendCode(0)).status]).toEqual([200, 200, 200]);
    const refused = await sendCode(1);
    expect(refused.status).toBe(429);
    expect((await refused.json()) as { code: string }).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await sendCode(0)).status).toBe(429);
  });

  it("counts a person's chat messages a minute across both instances", async () => {
    const opened = await post<{ result: { _id: string } }>(
      cluster.url,
      '/api/chat/conversations',
      { kind: 'family', student_id: aarav },
      parent,
    );
    expect(opened.status).toBe(200);
    const send = (i: number, clientId: string) =>
      post<{ code?: string }>(
        instanceUrl(i),
        `/api/chat/conversations/${opened.json.result._id}/messages`,
        { client_id: `cluster-${clientId}`, body: `Hello ${clientId}` },
        parent,
      );
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++) statuses.push((await send(n % 2, `sent-${n}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused = await send(0, 'fifth');
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('RATE_LIMITED');
    expect((await send(1, 'sixth')).status).toBe(429);
    // A message sent again through the other instance answers the first and is not refused.
    expect((await send(1, 'sent-0')).status).toBe(200);
  });

  it("follows a Cue task started through one instance in the teacher's app connected to the other", async () => {
    const connect = (base: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(base, { path: '/socket.io', auth: { token: teacher }, transports: ['websocket'], reconnection: false });
        sockets.push(socket);
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const [here, there] = await Promise.all([connect(instanceUrl(0)), connect(instanceUrl(1))]);
    const logs: { task_id: string; finished?: boolean }[] = [];
    there.on(CUE_EVENTS.taskLog, (log: { task_id: string; finished?: boolean }) => logs.push(log));
    const started = (await here.emitWithAck('cue-attendance', {
      // Cue's own calls take ISO dates.
      user_query: JSON.stringify({ class_id: nurseryA, command: 'Aarav is absent', date: isoFromDdmmyyyy(day(7)) }),
      user_details: { user_role: 'staff' },
      language: 'en',
    })) as { task_id?: string; error?: string | null };
    expect(started.error ?? null).toBeNull();
    expect(started.task_id).toEqual(expect.any(String));
    const finished = await until(() => logs.some((l) => l.task_id === started.task_id && l.finished), 20_000);
    expect(finished).toBe(true);
    here.disconnect();
    there.disconnect();
  });

  it('loses no acknowledged write when an instance is killed, and its sockets reconnect to the other', async () => {
    // Two apps connect through the proxy one after the other: round robin puts one on each instance.
    const apps = [await openApp(cluster.url, parent, true), await openApp(cluster.url, parent, true)];
    const date = day(5);
    const first = cluster.instances[0];
    expect((await save(instanceUrl(0), teacher, date, 'late')).status).toBe(200);
    await first?.kill();
    // Acknowledged by the instance now gone: the other reads it.
    expect(await markOf(instanceUrl(1), teacher, date)).toBe('late');
    expect(await markOf(cluster.url, teacher, date)).toBe('late');
    // Both apps are connected, to the instance left, and hear the next save.
    expect(await until(() => apps.every((a) => a.socket.connected), 15_000)).toBe(true);
    const next = day(6);
    const heardByBoth = await until(async () => {
      await save(cluster.url, teacher, next, 'present');
      return until(() => apps.every((a) => a.heard.includes(next)), 1_000);
    }, 20_000);
    expect(heardByBoth).toBe(true);
  });
});
