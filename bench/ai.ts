/**
 * `node --import tsx bench/ai.ts [--port 3290] [--sentences 200] [--runs 50] [--sockets 200] [--scheduled 20]`
 *
 * The assistant and Cue against the real server in its own process (embedded database, or
 * DATABASE_URL when set), over real sockets:
 * - chat: sentence sent → first streamed tool call, p50 and p95, local engine;
 * - cue: "mark attendance" command → task finished, p50 and p95;
 * - sockets: N sockets each running a task at once: all finish, none lost, the server's memory;
 * - scheduled: announcements scheduled for the next minute → the parent's socket told, median delay.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CHAT_EVENTS, type ChatStreamResponse, COMMUNICATION_PUBLISHED_EVENT, CUE_EVENTS, type TaskLog } from '@cue/contract';
import { io, type Socket } from 'socket.io-client';
import { instantToZoned } from '../apps/server/src/platform/zoned.js';
import { arg, machine, root, saveResults, signIn, startServer } from './lib.js';

const port = arg('port', 3290);
const sentences = arg('sentences', 200);
const runs = arg('runs', 50);
const socketCount = arg('sockets', 200);
const scheduledCount = arg('scheduled', 20);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));
};

async function api<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const connect = (base: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const s = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const ddmmyyyy = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('-');
function pastWeekday(daysBack: number): Date {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - daysBack);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
  return d;
}

const server = await startServer(port, { AI_MESSAGES_PER_MINUTE: '100000' });
try {
  const base = server.url;
  const tara = await signIn(base, '9000000003');
  const classes = await api<{ result: { id: string; class_name: string }[] }>(base, tara, 'GET', '/api/staff_classes/');
  const nurseryA = classes.result.find((c) => c.class_name === 'Nursery A')?.id ?? '';

  // 1. Chat: sentence → first streamed tool call.
  const evalFile = path.join(root, 'apps/server/src/ai/eval/nursery-a.jsonl');
  const texts = fs
    .readFileSync(evalFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { text: string }).text);
  const chatSocket = await connect(base, tara);
  const firstToolCall: number[] = [];
  const chatDate = ddmmyyyy(pastWeekday(7));
  for (let i = 0; i < sentences; i++) {
    const text = texts[i % texts.length] ?? '';
    const started = performance.now();
    let first: number | null = null;
    await new Promise<void>((resolve) => {
      const onEvent = (e: ChatStreamResponse) => {
        const data = e.data as [{ tool_call_chunks?: unknown[] }] | null;
        if (first === null && e.stream_mode === 'messages' && data?.[0]?.tool_call_chunks?.length)
          first = performance.now() - started;
      };
      chatSocket.on(CHAT_EVENTS.response, onEvent);
      chatSocket.once(CHAT_EVENTS.end, () => {
        chatSocket.off(CHAT_EVENTS.response, onEvent);
        resolve();
      });
      chatSocket.emit(CHAT_EVENTS.request, {
        user_query: { class_id: nurseryA, user_input: text, mode: 'agent', date: chatDate, time: '09:00 AM' },
        user_details: { user_role: 'staff' },
      });
    });
    if (first !== null) firstToolCall.push(first);
  }
  chatSocket.close();
  const chat = {
    sentences,
    withToolCall: firstToolCall.length,
    firstToolCallP50Ms: percentile(firstToolCall, 50),
    firstToolCallP95Ms: percentile(firstToolCall, 95),
  };
  console.log('chat', chat);

  // 2. Cue: "mark attendance" command → task finished.
  const cueSocket = await connect(base, tara);
  const runTask = (socket: Socket, classId: string, command: string, date: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      let id = '';
      const early: TaskLog[] = [];
      const onLog = (log: TaskLog) => {
        if (!id) early.push(log);
        else if (log.task_id === id && log.finished) finish(log);
      };
      const finish = (log: TaskLog) => {
        socket.off(CUE_EVENTS.taskLog, onLog);
        if (log.error) reject(new Error(log.error));
        else resolve(performance.now() - started);
      };
      socket.on(CUE_EVENTS.taskLog, onLog);
      socket
        .emitWithAck('cue-command', { user_query: JSON.stringify({ class_id: classId, command, date }), language: 'en' })
        .then((first: TaskLog & { error?: string }) => {
          if (first.error) return reject(new Error(first.error));
          id = first.task_id;
          const done = early.find((l) => l.task_id === id && l.finished);
          if (done) finish(done);
        }, reject);
    });
  const cueTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const date = pastWeekday(8 + (i % 20))
      .toISOString()
      .slice(0, 10);
    cueTimes.push(await runTask(cueSocket, nurseryA, 'Mark everyone present except Kabir and Noa', date));
  }
  cueSocket.close();
  const cue = { runs, p50Ms: percentile(cueTimes, 50), p95Ms: percentile(cueTimes, 95) };
  console.log('cue', cue);

  // 3. Many sockets, each running a task at once.
  const people = [
    { phone: '9000000003', className: 'Nursery A' },
    { phone: '9000000002', className: 'Nursery A' },
    { phone: '9000000001', className: 'Kindergarten B' },
    { phone: '9000000005', className: 'Kindergarten B' },
  ];
  const tokens = await Promise.all(people.map((p) => signIn(base, p.phone)));
  const classIds = await Promise.all(
    tokens.map(async (token, i) => {
      const list = await api<{ result: { id: string; class_name: string }[] }>(base, token, 'GET', '/api/staff_classes/');
      return list.result.find((c) => c.class_name === people[i]?.className)?.id ?? '';
    }),
  );
  const sockets = await Promise.all(
    Array.from({ length: socketCount }, (_, i) => connect(base, tokens[i % tokens.length] ?? '')),
  );
  const rssBefore = rssMiB(server.process.pid ?? 0);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMiB(server.process.pid ?? 0));
  }, 100);
  const started = performance.now();
  const results = await Promise.allSettled(
    sockets.map((s, i) =>
      runTask(
        s,
        classIds[i % tokens.length] ?? '',
        'Everyone is here except Kabir',
        pastWeekday(30 + (i % 40))
          .toISOString()
          .slice(0, 10),
      ),
    ),
  );
  const wall = performance.now() - started;
  clearInterval(sampler);
  for (const s of sockets) s.close();
  const finished = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<number>).value);
  const many = {
    sockets: socketCount,
    finished: finished.length,
    failed: results.length - finished.length,
    failures: [...new Set(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : [])))].slice(0, 3),
    wallSeconds: Number((wall / 1000).toFixed(1)),
    taskP50Ms: percentile(finished, 50),
    taskP95Ms: percentile(finished, 95),
    serverRssBeforeMiB: rssBefore,
    serverRssPeakMiB: rssPeak,
  };
  console.log('sockets', many);

  // 4. Scheduled announcements: due time → the parent's socket told.
  const anita = await signIn(base, '9000000002');
  const rohan = await signIn(base, '9000000004', 'parent_user');
  const school = await api<{ result: { time_zone: string } }>(base, anita, 'GET', '/api/school_details/').catch(() => ({
    result: { time_zone: 'UTC' },
  }));
  const timeZone = school.result.time_zone || 'UTC';
  const parentSocket = await connect(base, rohan);
  await parentSocket.emitWithAck('join-class', nurseryA);
  const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  const zoned = instantToZoned(due, timeZone);
  const heard: number[] = [];
  const allHeard = new Promise<void>((resolve) =>
    parentSocket.on(COMMUNICATION_PUBLISHED_EVENT, (e: { title: string }) => {
      if (!e.title.startsWith('Scheduled bench')) return;
      heard.push(Date.now() - due.getTime());
      if (heard.length === scheduledCount) resolve();
    }),
  );
  for (let i = 0; i < scheduledCount; i++)
    await api(base, anita, 'POST', '/api/communication/announcements/', {
      title: `Scheduled bench ${i}`,
      summary: '<p>Scheduled</p>',
      share_with: 'Classes',
      classes_ids: [nurseryA],
      schedule_later: true,
      date: zoned.date,
      time: zoned.time,
    });
  await Promise.race([allHeard, new Promise((r) => setTimeout(r, 150_000))]);
  parentSocket.close();
  const scheduled = {
    announcements: scheduledCount,
    told: heard.length,
    medianDelayMs: percentile(heard, 50),
    maxDelayMs: percentile(heard, 100),
  };
  console.log('scheduled', scheduled);

  const file = saveResults(`ai-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`, {
    machine: machine(),
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    chat,
    cue,
    sockets: many,
    scheduled,
  });
  console.log(`saved ${file}`);
} finally {
  await server.stop();
}
