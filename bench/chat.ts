/**
 * The chat's and the carelog's figures (issue 21):
 *  1. Chat delivery: 500 sockets (socket.io-client over websocket, the product's `auth: { token }`) held
 *     by the members of 50 conversations (half family conversations of children in 5 rooms, half staff
 *     groups of 10), a person holding several sockets as several tabs and devices do. Then 10 messages
 *     a second overall for 60 s (POST /api/chat/conversations/:id/messages, unique client ids, spread
 *     over the conversations and their members), and for every (message, socket of a member) pair the
 *     delivery latency: the `chat-message` event's arrival − the moment the POST was sent (one clock,
 *     this process). Messages lost: expected deliveries not received 10 s after the last send (target 0).
 *     Also the POST's own latency and the CPU of the server (and of PostgreSQL) over the run.
 *  2. A whole-room carelog entry: POST /api/carelog/entries for the 25 children of a room as its teacher,
 *     50 calls one after another after a warm-up (tap to saved), and the time until `care-updated`
 *     reaches the sockets of those children's families.
 * The people (rooms, children, staff, families) are written straight into the database while the server
 * is stopped; everyone then signs in through the API with a test number (OTP_TEST_NUMBERS), once, and
 * their sockets share that token.
 * Run: `node --import tsx bench/chat.ts` (embedded database) or
 * `scripts/with-postgres.sh node --import tsx bench/chat.ts` (PostgreSQL).
 * Options: --sockets 500 --conversations 50 --rate 10 --duration 60 --warmup 5 --grace 10
 *          --rooms 5 --room-staff 6 --family-members 3 --group-size 10 --care-calls 50 --care-children 25.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CARE_UPDATED_EVENT, type CareUpdatedEvent, type ChatMessageEvent, MESSAGE_EVENTS } from '@cue/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { type Db, openDatabase } from '../apps/server/src/platform/db/client.js';
import {
  classes,
  classStaff,
  classStudents,
  memberships,
  parentChildren,
  parents,
  schools,
  students,
  users,
} from '../apps/server/src/platform/db/schema.js';
import { newId } from '../apps/server/src/platform/ids.js';
import { instantToZoned } from '../apps/server/src/platform/zoned.js';
import { demoId, FRAMEWORK_IDS } from '../apps/server/src/seed/demo.js';
import {
  arg,
  cpuOf,
  latencies,
  machine,
  parentOf,
  postgresCpu,
  type RunningServer,
  saveResults,
  signIn,
  startServer,
} from './lib.js';

const SOCKETS = arg('sockets', 500);
const CONVERSATIONS = arg('conversations', 50);
const RATE = arg('rate', 10);
const DURATION = arg('duration', 60);
const WARMUP = arg('warmup', 5);
const GRACE = arg('grace', 10);
const ROOMS = arg('rooms', 5);
const ROOM_STAFF = arg('room-staff', 6);
const FAMILY_MEMBERS = arg('family-members', 3);
const GROUP_SIZE = arg('group-size', 10);
const CARE_CALLS = arg('care-calls', 50);
const CARE_CHILDREN = arg('care-children', 25);
const PORT = arg('port', 3393);
const FAMILY_CONVERSATIONS = Math.ceil(CONVERSATIONS / 2);
const STAFF_GROUPS = CONVERSATIONS - FAMILY_CONVERSATIONS;
const sunrise = demoId('school:sunrise');
const postgres = process.env.DATABASE_URL;

// ------------------------------------------------------------------ the school

interface Person {
  id: string;
  phone: string;
  name: string;
  kind: 'staff' | 'parent';
  token?: string;
}
interface Room {
  classId: string;
  staff: Person[];
  children: { id: string; family: Person[] }[];
}
interface School {
  rooms: Room[];
  people: Person[];
  timeZone: string;
}

async function insertAll<T>(db: Db, table: Parameters<Db['insert']>[0], rows: T[]) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(table).values(rows.slice(i, i + 500) as never);
}

/**
 * Rooms of 25 children with their staff (a room of two-year-olds keeps about one adult per four
 * children), and for the children who have a family conversation, their family members (two parents and
 * a grandparent who collects), each with an account; written while the server is stopped.
 */
async function fill(dataDir: string): Promise<School> {
  const database = await openDatabase(
    postgres ? { kind: 'postgres', url: postgres } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  const { db } = database;
  const teacherRole = demoId('role:sunrise:teacher');
  const [school] = await db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, sunrise));
  const people: Person[] = [];
  const rooms: Room[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const membershipRows: (typeof memberships.$inferInsert)[] = [];
  const classRows: (typeof classes.$inferInsert)[] = [];
  const staffRows: (typeof classStaff.$inferInsert)[] = [];
  const studentRows: (typeof students.$inferInsert)[] = [];
  const rosterRows: (typeof classStudents.$inferInsert)[] = [];
  const parentRows: (typeof parents.$inferInsert)[] = [];
  const linkRows: (typeof parentChildren.$inferInsert)[] = [];
  const withConversation = Math.ceil(FAMILY_CONVERSATIONS / ROOMS);
  let staffN = 0;
  let familyN = 0;
  for (let r = 0; r < ROOMS; r++) {
    const classId = newId();
    classRows.push({
      id: classId,
      schoolId: sunrise,
      name: `Room ${r + 1}`,
      ageRange: '2y 0m - 3y 0m',
      academicYearStart: '2026-06-01',
      academicYearEnd: '2027-05-31',
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      curriculum: 'EYFS',
      classCurriculumId: FRAMEWORK_IDS.eyfs,
    });
    const room: Room = { classId, staff: [], children: [] };
    for (let s = 0; s < ROOM_STAFF; s++) {
      const person: Person = {
        id: newId(),
        phone: `97${String(staffN++).padStart(8, '0')}`,
        name: `Staff ${r + 1}.${s + 1}`,
        kind: 'staff',
      };
      userRows.push({ id: person.id, firstName: 'Staff', lastName: `${r + 1}.${s + 1}`, phone: person.phone });
      membershipRows.push({ id: newId(), userId: person.id, schoolId: sunrise, roleId: teacherRole });
      staffRows.push({ classId, userId: person.id });
      room.staff.push(person);
      people.push(person);
    }
    for (let c = 0; c < CARE_CHILDREN; c++) {
      const childId = newId();
      studentRows.push({ id: childId, schoolId: sunrise, firstName: `Child ${r + 1}.${c + 1}`, lastName: 'Bench' });
      rosterRows.push({ classId, studentId: childId });
      const family: Person[] = [];
      // The first children of the room have a family conversation (and families with accounts).
      if (c < withConversation && rooms.length * withConversation + c < FAMILY_CONVERSATIONS) {
        for (let f = 0; f < FAMILY_MEMBERS; f++) {
          const person: Person = {
            id: newId(),
            phone: `98${String(familyN++).padStart(8, '0')}`,
            name: `Family ${r + 1}.${c + 1}.${f + 1}`,
            kind: 'parent',
          };
          userRows.push({ id: person.id, firstName: 'Family', lastName: `${r + 1}.${c + 1}.${f + 1}`, phone: person.phone });
          const parentId = newId();
          parentRows.push({ id: parentId, userId: person.id, primaryPhone: person.phone, currentChildId: childId });
          linkRows.push({ parentId, studentId: childId });
          family.push(person);
          people.push(person);
        }
      }
      room.children.push({ id: childId, family });
    }
    rooms.push(room);
  }
  await insertAll(db, classes, classRows);
  await insertAll(db, users, userRows);
  await insertAll(db, memberships, membershipRows);
  await insertAll(db, classStaff, staffRows);
  await insertAll(db, students, studentRows);
  await insertAll(db, classStudents, rosterRows);
  await insertAll(db, parents, parentRows);
  await insertAll(db, parentChildren, linkRows);
  await database.analyze();
  await database.close();
  return { rooms, people, timeZone: school?.timeZone ?? 'UTC' };
}

// ------------------------------------------------------------------ HTTP

async function call<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

/** Everyone signs in once (a few at a time: the sign-in routes are limited per address). */
async function signInAll(base: string, people: Person[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < people.length; i = next++) {
      const p = people[i] as Person;
      p.token = await signIn(base, p.phone, p.kind === 'staff' ? 'staff_user' : 'parent_user');
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return Math.round(performance.now() - started);
}

interface Conversation {
  id: string;
  kind: 'family' | 'staff';
  /** The members as the server answers them. */
  memberIds: string[];
  /** Who sends into it in the run (members with a token). */
  senders: Person[];
}

/** The family conversations (opened by a parent) and the staff groups (started by their first member). */
async function openConversations(base: string, school: School): Promise<Conversation[]> {
  const out: Conversation[] = [];
  const open = async (token: string, body: unknown) =>
    call<{ _id: string; members: { _id: string }[] }>(base, token, 'POST', '/api/chat/conversations', body);
  for (const room of school.rooms)
    for (const child of room.children) {
      const opener = child.family[0];
      if (!opener) continue;
      const detail = await open(opener.token as string, { kind: 'family', student_id: child.id });
      out.push({
        id: detail._id,
        kind: 'family',
        memberIds: detail.members.map((m) => m._id),
        senders: [...child.family, ...room.staff],
      });
    }
  // Staff groups of GROUP_SIZE from every room's staff, each starting further along the list, so that
  // every member of staff is in several groups as in a real school (room leads, a project, a shift).
  const staff = school.rooms.flatMap((r) => r.staff);
  for (let g = 0; g < STAFF_GROUPS; g++) {
    const members = Array.from(
      { length: Math.min(GROUP_SIZE, staff.length) },
      (_, k) => staff[(g * 3 + k) % staff.length] as Person,
    );
    const [first, ...rest] = members as [Person, ...Person[]];
    const detail = await open(first.token as string, {
      kind: 'staff',
      title: `Group ${g + 1}`,
      member_ids: rest.map((m) => m.id),
    });
    out.push({ id: detail._id, kind: 'staff', memberIds: detail.members.map((m) => m._id), senders: members });
  }
  return out;
}

// ------------------------------------------------------------------ sockets

interface Held {
  socket: Socket;
  personId: string;
  /** client_id → arrival (performance.now()) */
  arrivals: Map<string, number>;
  duplicates: number;
  disconnects: number;
}

function openSocket(base: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(base, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      // One connection per socket (a tab or a device of its own), never multiplexed.
      forceNew: true,
    });
    const timer = setTimeout(() => reject(new Error('socket did not connect in 20 s')), 20_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** SOCKETS sockets over the people, round robin: everyone holds one, some two or more. */
async function openSockets(base: string, people: Person[]): Promise<{ held: Held[]; ms: number }> {
  const started = performance.now();
  const held: Held[] = [];
  const owners = Array.from({ length: SOCKETS }, (_, i) => people[i % people.length] as Person);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < owners.length; i = next++) {
      const owner = owners[i] as Person;
      const socket = await openSocket(base, owner.token as string);
      const h: Held = { socket, personId: owner.id, arrivals: new Map(), duplicates: 0, disconnects: 0 };
      socket.on(MESSAGE_EVENTS.message, (e: ChatMessageEvent) => {
        const at = performance.now();
        const key = e.message.client_id ?? e.message._id;
        if (h.arrivals.has(key)) h.duplicates++;
        else h.arrivals.set(key, at);
      });
      socket.on('disconnect', () => h.disconnects++);
      held.push(h);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return { held, ms: Math.round(performance.now() - started) };
}

// ------------------------------------------------------------------ CPU

async function findPostmaster(): Promise<number> {
  if (!postgres) return 0;
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  // Read while the backend lives: its parent is the server's postmaster.
  const postmaster = parentOf(rows[0]?.pid as number);
  await client.end();
  return postmaster;
}

/**
 * Nanoseconds the process's main thread (the server's JavaScript) waited, ready to run, for a CPU: on a
 * shared machine, the part of a latency that is others' load rather than the server's own work.
 */
const runQueueWaitNs = (pid: number): number => {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1] ?? 0);
  } catch {
    return 0;
  }
};

function cpuMeter(serverPid: number, postmaster: number) {
  const sample = () => ({
    wall: performance.now(),
    waited: runQueueWaitNs(serverPid),
    server: cpuOf(serverPid),
    db: postgres ? postgresCpu(postmaster) : 0,
    bench: process.cpuUsage(),
  });
  const start = sample();
  return () => {
    const end = sample();
    const wallMs = end.wall - start.wall;
    const share = (ms: number) => Math.round((ms / wallMs) * 1000) / 10;
    const benchMs = (end.bench.user + end.bench.system - start.bench.user - start.bench.system) / 1000;
    return {
      wallMs: Math.round(wallMs),
      serverCpuMs: end.server - start.server,
      serverCpuPercentOfOneCore: share(end.server - start.server),
      serverWaitingForACpuMs: Math.round((end.waited - start.waited) / 1e6),
      dbCpuMs: postgres ? end.db - start.db : null,
      dbCpuPercentOfOneCore: postgres ? share(end.db - start.db) : null,
      benchClientCpuPercentOfOneCore: share(benchMs),
    };
  };
}

// ------------------------------------------------------------------ 1. chat delivery

interface Sent {
  clientId: string;
  conversation: string;
  sentAt: number;
  answeredAt?: number;
  status?: number;
  measured: boolean;
}

async function chatFigure(server: RunningServer, conversations: Conversation[], held: Held[], postmaster: number) {
  const followers = new Map<string, Held[]>();
  for (const c of conversations) {
    const members = new Set(c.memberIds);
    followers.set(
      c.id,
      held.filter((h) => members.has(h.personId)),
    );
  }
  const fanOut = conversations.map((c) => followers.get(c.id)?.length ?? 0);
  const sent: Sent[] = [];
  const pending: Promise<void>[] = [];
  const runId = Date.now().toString(36);
  const send = (n: number, measured: boolean) => {
    const c = conversations[n % conversations.length] as Conversation;
    // Senders rotate within a conversation: a staff member and a parent alike.
    const sender = c.senders[Math.floor(n / conversations.length) % c.senders.length] as Person;
    const s: Sent = { clientId: `bench-${runId}-${n}`, conversation: c.id, sentAt: 0, measured };
    sent.push(s);
    s.sentAt = performance.now();
    pending.push(
      fetch(`${server.url}/api/chat/conversations/${c.id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: s.clientId, body: `Message ${n} from ${sender.name}: see you at pick-up` }),
      }).then(
        async (res) => {
          s.answeredAt = performance.now();
          s.status = res.status;
          await res.arrayBuffer();
        },
        () => {
          s.answeredAt = performance.now();
          s.status = 0;
        },
      ),
    );
  };
  /** Sends at RATE a second on a fixed schedule (a late tick does not shift the later ones). */
  const paced = async (first: number, count: number, measured: boolean) => {
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      send(first + i, measured);
    }
  };
  // Warm-up at the same rate, not reported: plans, caches, the JIT.
  await paced(0, WARMUP * RATE, false);
  await Promise.all(pending);
  await new Promise((r) => setTimeout(r, 1_000));
  const meter = cpuMeter(server.process.pid ?? 0, postmaster);
  // This process's own event loop: a late timestamp here would be counted as the server's.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const startedAt = performance.now();
  await paced(WARMUP * RATE, DURATION * RATE, true);
  const sendingMs = performance.now() - startedAt;
  const cpu = meter();
  loopDelay.disable();
  const measured = sent.filter((s) => s.measured);
  // Wait for the answers, then up to GRACE seconds for every expected delivery.
  await Promise.all(pending);
  const expected = measured.reduce((n, s) => n + (followers.get(s.conversation)?.length ?? 0), 0);
  const received = () =>
    measured.reduce((n, s) => n + (followers.get(s.conversation) ?? []).filter((h) => h.arrivals.has(s.clientId)).length, 0);
  const graceEnd = performance.now() + GRACE * 1000;
  while (received() < expected && performance.now() < graceEnd) await new Promise((r) => setTimeout(r, 200));

  const delivery: number[] = [];
  const perMessageLast: number[] = [];
  const perMessage = new Map<string, number>();
  let lost = 0;
  const lostMessages = new Set<string>();
  for (const s of measured) {
    let last = 0;
    for (const h of followers.get(s.conversation) ?? []) {
      const at = h.arrivals.get(s.clientId);
      if (at === undefined) {
        lost++;
        lostMessages.add(s.clientId);
        continue;
      }
      delivery.push(at - s.sentAt);
      last = Math.max(last, at - s.sentAt);
    }
    perMessageLast.push(last);
    perMessage.set(s.clientId, last);
  }
  // Per second of sending: how the latencies moved (a stall shows as one bad second, load as many).
  const timeline: { second: number; messages: number; postP50Ms: number; postMaxMs: number; deliveryMaxMs: number }[] = [];
  for (let second = 0; second < DURATION; second++) {
    const inSecond = measured.filter((s) => Math.floor((s.sentAt - startedAt) / 1000) === second);
    if (inSecond.length === 0) continue;
    const posts = latencies(inSecond.map((s) => (s.answeredAt ?? s.sentAt) - s.sentAt));
    timeline.push({
      second,
      messages: inSecond.length,
      postP50Ms: posts.p50Ms,
      postMaxMs: posts.maxMs,
      deliveryMaxMs: Math.round(Math.max(0, ...inSecond.map((s) => perMessage.get(s.clientId) ?? 0))),
    });
  }
  const failed = measured.filter((s) => s.status !== 200);
  const byStatus: Record<string, number> = {};
  for (const s of failed) byStatus[String(s.status)] = (byStatus[String(s.status)] ?? 0) + 1;
  // A delivery of a message into a socket that does not follow it would be a leak.
  const followed = new Map(held.map((h) => [h, new Set<string>()]));
  for (const c of conversations) for (const h of followers.get(c.id) ?? []) followed.get(h)?.add(c.id);
  const byClient = new Map(sent.map((s) => [s.clientId, s.conversation]));
  let strays = 0;
  for (const h of held)
    for (const key of h.arrivals.keys()) {
      const conv = byClient.get(key);
      if (conv && !followed.get(h)?.has(conv)) strays++;
    }
  return {
    conversations: conversations.length,
    familyConversations: conversations.filter((c) => c.kind === 'family').length,
    staffGroups: conversations.filter((c) => c.kind === 'staff').length,
    membersPerConversation: summary(conversations.map((c) => c.memberIds.length)),
    socketsFollowingAConversation: summary(fanOut),
    rate: RATE,
    durationS: DURATION,
    messagesSent: measured.length,
    actualSendingSeconds: Math.round(sendingMs / 100) / 10,
    postsFailed: failed.length,
    postsFailedByStatus: byStatus,
    expectedDeliveries: expected,
    deliveries: delivery.length,
    lost,
    messagesWithALoss: lostMessages.size,
    duplicates: held.reduce((n, h) => n + h.duplicates, 0),
    deliveriesToNonMembers: strays,
    disconnects: held.reduce((n, h) => n + h.disconnects, 0),
    deliveryLatency: latencies(delivery),
    lastSocketOfAMessage: latencies(perMessageLast),
    postLatency: latencies(measured.filter((s) => s.answeredAt).map((s) => (s.answeredAt as number) - s.sentAt)),
    benchClientEventLoopDelay: {
      p50Ms: Math.round(loopDelay.percentile(50) / 1e5) / 10,
      p99Ms: Math.round(loopDelay.percentile(99) / 1e5) / 10,
      maxMs: Math.round(loopDelay.max / 1e5) / 10,
    },
    serverCpuMsPerMessage: Math.round((cpu.serverCpuMs / Math.max(1, measured.length)) * 10) / 10,
    dbCpuMsPerMessage: cpu.dbCpuMs === null ? null : Math.round((cpu.dbCpuMs / Math.max(1, measured.length)) * 10) / 10,
    cpu,
    timeline,
  };
}

const summary = (list: number[]) => ({
  min: Math.min(...list),
  mean: Math.round((list.reduce((a, b) => a + b, 0) / Math.max(1, list.length)) * 10) / 10,
  max: Math.max(...list),
});

// ------------------------------------------------------------------ 2. whole-room carelog entry

async function careFigure(server: RunningServer, school: School, held: Held[], postmaster: number) {
  const room = school.rooms[0] as Room;
  const teacher = room.staff[0] as Person;
  const families = new Set(room.children.flatMap((c) => c.family.map((p) => p.id)));
  const listeners = held.filter((h) => families.has(h.personId));
  interface Call {
    at: number;
    arrivals: number[];
    done: () => void;
  }
  let current: Call | null = null;
  const off: (() => void)[] = [];
  for (const h of listeners) {
    const handler = (e: CareUpdatedEvent) => {
      if (!current || e.class_id !== room.classId) return;
      current.arrivals.push(performance.now() - current.at);
      if (current.arrivals.length === listeners.length) current.done();
    };
    h.socket.on(CARE_UPDATED_EVENT, handler);
    off.push(() => h.socket.off(CARE_UPDATED_EVENT, handler));
  }
  const studentIds = room.children.map((c) => c.id);
  const entry = () => {
    // A minute ago on the school's clock: a time to come is refused.
    const { date, time } = instantToZoned(new Date(Date.now() - 60_000), school.timeZone);
    return {
      class_id: room.classId,
      student_ids: studentIds,
      kind: 'meal',
      date,
      time,
      details: { meal: 'lunch', food: 'Vegetable pasta bake', amount: 'all' },
      note: '',
    };
  };
  const one = async () => {
    const c: Call = { at: 0, arrivals: [], done: () => undefined };
    const arrived = new Promise<void>((resolve) => {
      c.done = resolve;
    });
    const body = entry();
    current = c;
    c.at = performance.now();
    const saved = await call<unknown[]>(server.url, teacher.token as string, 'POST', '/api/carelog/entries', body);
    const savedMs = performance.now() - c.at;
    if (saved.length !== studentIds.length) throw new Error(`saved ${saved.length} entries for ${studentIds.length} children`);
    const timeout = new Promise<void>((r) => setTimeout(r, 5_000));
    await Promise.race([arrived, timeout]);
    const arrivals = [...c.arrivals];
    current = null;
    return { savedMs, arrivals };
  };
  for (let i = 0; i < 3; i++) await one(); // warm-up
  const meter = cpuMeter(server.process.pid ?? 0, postmaster);
  const saved: number[] = [];
  const events: number[] = [];
  let missing = 0;
  for (let i = 0; i < CARE_CALLS; i++) {
    const r = await one();
    saved.push(r.savedMs);
    events.push(...r.arrivals);
    missing += listeners.length - r.arrivals.length;
  }
  const cpu = meter();
  for (const f of off) f();
  return {
    children: studentIds.length,
    kind: 'meal (lunch, all)',
    calls: CARE_CALLS,
    tapToSaved: latencies(saved),
    careUpdatedAtAFamilySocket: latencies(events),
    familySockets: listeners.length,
    familySocketEventsMissing: missing,
    serverCpuMsPerCall: Math.round(cpu.serverCpuMs / CARE_CALLS),
    dbCpuMsPerCall: cpu.dbCpuMs === null ? null : Math.round(cpu.dbCpuMs / CARE_CALLS),
  };
}

// ------------------------------------------------------------------ statements per call (PostgreSQL)

/**
 * The statements one send and one whole-room entry cost the database, read from PostgreSQL's own log
 * (log_statement = all for the moment of the calls, between two markers). The throw-away server of
 * scripts/with-postgres.sh writes its log beside its data directory.
 */
async function statementsPerCall(server: RunningServer, conversations: Conversation[], school: School) {
  if (!postgres) return null;
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  const dataDir = (await client.query<{ data_directory: string }>('show data_directory')).rows[0]?.data_directory as string;
  const logFile = path.join(path.dirname(dataDir), 'log');
  if (!fs.existsSync(logFile)) {
    await client.end();
    return { note: `no log at ${logFile}` };
  }
  await client.query("alter system set log_statement = 'all'");
  await client.query('select pg_reload_conf()');
  await new Promise((r) => setTimeout(r, 500));
  const count = async (name: string, act: () => Promise<unknown>) => {
    const marker = `bench_marker_${Date.now().toString(36)}`;
    await client.query(`select '${marker}_start'`);
    await act();
    await new Promise((r) => setTimeout(r, 300));
    await client.query(`select '${marker}_end'`);
    await new Promise((r) => setTimeout(r, 300));
    const text = fs.readFileSync(logFile, 'utf8');
    const between = text.slice(text.indexOf(`${marker}_start`), text.indexOf(`${marker}_end`));
    // The last one is the end marker's own.
    const statements = between
      .split('\n')
      .filter((l) => /LOG: {2}(statement|execute [^:]*):/.test(l))
      .slice(0, -1);
    const kinds: Record<string, number> = {};
    for (const l of statements) {
      const sqlText = l.replace(/^.*LOG: {2}(statement|execute [^:]*): /, '').trim();
      // A statement whose first line is empty names its kind on the next one: counted as 'other'.
      const word = /^notify|^select pg_notify|pg_notify/i.test(sqlText)
        ? 'notify'
        : (sqlText.split(/\s+/)[0] ?? '').toLowerCase();
      kinds[word || 'other'] = (kinds[word || 'other'] ?? 0) + 1;
    }
    return {
      call: name,
      statements: statements.length,
      byKind: kinds,
      sql: statements.map((l) => l.replace(/^.*LOG: {2}(statement|execute [^:]*): /, '').slice(0, 200)),
    };
  };
  const family = conversations.find((c) => c.kind === 'family') as Conversation;
  const parent = family.senders.find((p) => p.kind === 'parent') as Person;
  const staffMember = family.senders.find((p) => p.kind === 'staff') as Person;
  const sendAs = (who: Person) => () =>
    call(server.url, who.token as string, 'POST', `/api/chat/conversations/${family.id}/messages`, {
      client_id: `count-${who.id}-${Date.now()}`,
      body: 'Counting statements',
    });
  const room = school.rooms[0] as Room;
  const { date, time } = instantToZoned(new Date(Date.now() - 60_000), school.timeZone);
  const out = [
    await count('chat send (a parent)', sendAs(parent)),
    await count('chat send (staff)', sendAs(staffMember)),
    await count(`carelog whole-room entry (${room.children.length} children)`, () =>
      call(server.url, room.staff[0]?.token as string, 'POST', '/api/carelog/entries', {
        class_id: room.classId,
        student_ids: room.children.map((c) => c.id),
        kind: 'meal',
        date,
        time,
        details: { meal: 'tea', food: 'Toast', amount: 'most' },
        note: '',
      }),
    ),
  ];
  await client.query('alter system reset log_statement');
  await client.query('select pg_reload_conf()');
  await client.end();
  return out;
}

// ------------------------------------------------------------------ the run

async function main() {
  const loadBefore = os.loadavg();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-chat-bench-'));
  // The server creates the schema and the demo school, then stops while the people are written (the
  // embedded database belongs to one process).
  let server: RunningServer = await startServer(PORT, { DATA_DIR: dataDir });
  await server.stop();
  const school = await fill(dataDir);
  const testNumbers = [...[1, 2, 3, 4, 5, 6].map((n) => `900000000${n}`), ...school.people.map((p) => p.phone)]
    .map((p) => `${p}:123456`)
    .join(',');
  // The benchmark measures delivery: a sender's per-minute limit is set out of reach.
  server = await startServer(PORT, { DATA_DIR: dataDir, OTP_TEST_NUMBERS: testNumbers, CHAT_MESSAGES_PER_MINUTE: '100000' });
  const postmaster = await findPostmaster();
  const signInMs = await signInAll(server.url, school.people);
  const conversations = await openConversations(server.url, school);
  const { held, ms: socketsMs } = await openSockets(server.url, school.people);
  const setup = {
    people: school.people.length,
    staff: school.people.filter((p) => p.kind === 'staff').length,
    familyMembers: school.people.filter((p) => p.kind === 'parent').length,
    rooms: ROOMS,
    childrenPerRoom: CARE_CHILDREN,
    sockets: held.length,
    socketsPerPerson: summary(school.people.map((p) => held.filter((h) => h.personId === p.id).length)),
    signInMs,
    socketsConnectedMs: socketsMs,
  };
  console.log('setup', setup);

  const chat = await chatFigure(server, conversations, held, postmaster);
  console.log('chat', chat);
  const care = await careFigure(server, school, held, postmaster);
  console.log('care', care);
  // Counted last, and never at the cost of the figures above.
  const statements = await statementsPerCall(server, conversations, school).catch((err: Error) => ({ error: err.message }));
  if (Array.isArray(statements))
    for (const st of statements) console.log(st.call, st.statements, st.byKind, '\n ', st.sql.join('\n  '));
  for (const h of held) h.socket.disconnect();
  await server.stop();

  const file = saveResults(`chat-${postgres ? 'pg' : 'pglite'}`, {
    machine: machine(),
    loadAverageBefore: loadBefore,
    loadAverageAfter: os.loadavg(),
    database: postgres ? 'postgres' : 'pglite',
    options: { SOCKETS, CONVERSATIONS, RATE, DURATION, WARMUP, GRACE, ROOMS, ROOM_STAFF, FAMILY_MEMBERS, GROUP_SIZE },
    setup,
    chat,
    care,
    statements,
  });
  console.log(`saved ${file}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
