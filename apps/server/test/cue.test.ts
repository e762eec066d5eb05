import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CUE_EVENTS, CUE_MESSAGES, pagePath, ROUTES, type TaskLog } from '@cue/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, staffToken, type TestApp } from './harness.js';

/** Cue's background tasks over a real socket: each task, progress to 100, outputs, replay, error then retry. */
let t: TestApp;
let port = 0;
let tara: string;
const nurseryA = demoId('class:nurseryA');
const omar = demoId('student:Omar Haddad');
const meera = demoId('student:Meera Nair');

/** A Tuesday in the week before the fake clock's, YYYY-MM-DD. */
function lastTuesday(): string {
  const now = t.clock.now();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7) - 6));
  return d.toISOString().slice(0, 10);
}
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

const connectAs = (token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });

/** Starts a task and collects its logs until the finished one. */
async function runTask(socket: Socket, endpoint: string, command: string, date = lastTuesday()) {
  const logs: TaskLog[] = [];
  let taskId = '';
  const done = new Promise<TaskLog>((resolve) => {
    const onLog = (log: TaskLog) => {
      if (taskId && log.task_id !== taskId) return;
      logs.push(log);
      if (log.finished) {
        socket.off(CUE_EVENTS.taskLog, onLog);
        resolve(log);
      }
    };
    socket.on(CUE_EVENTS.taskLog, onLog);
  });
  const first = (await socket.emitWithAck(endpoint, {
    user_query: JSON.stringify({ class_id: nurseryA, command, date }),
    user_details: { user_role: 'staff' },
    language: 'en',
  })) as TaskLog & { error?: string };
  if (first.error) throw new Error(first.error);
  taskId = first.task_id;
  const last = await done;
  return { first, logs: logs.filter((l) => l.task_id === taskId), last };
}

beforeAll(async () => {
  t = await createTestApp();
  tara = await staffToken(t, '9000000003');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

describe('Cue tasks', () => {
  it('refuses a command without its values, or for another school’s class', async () => {
    const socket = await connectAs(tara);
    expect(await socket.emitWithAck('cue-command', { user_query: JSON.stringify({ command: 'Kabir is absent' }) })).toEqual({
      error: 'Missing values: class_id',
    });
    expect(await socket.emitWithAck('cue-command', { user_query: { class_id: nurseryA, command: ' ' } })).toEqual({
      error: 'Missing values: command',
    });
    const mona = await connectAs(await staffToken(t, '9000000006'));
    const other = (await mona.emitWithAck('cue-attendance', {
      user_query: JSON.stringify({ class_id: nurseryA, command: 'Everyone is here' }),
    })) as { error?: string };
    expect(other.error).toBeTruthy();
    socket.close();
    mona.close();
  });

  it('marks attendance from a command: progress only rises, to 100, with preset 1 and a link', async () => {
    const socket = await connectAs(tara);
    const { first, logs, last } = await runTask(socket, 'cue-command', 'Mark everyone present except Omar');
    expect(first).toMatchObject({
      endpointName: 'cue-command',
      progressLevel: 0,
      finished: false,
      command: 'Mark everyone present except Omar',
    });
    const levels = logs.map((l) => l.progressLevel);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(last).toMatchObject({ progressLevel: 100, preset: 1, error: null, endpointName: 'cue-attendance', finished: true });
    expect(logs.filter((l) => l.preset !== null)).toHaveLength(1);
    // The link opens that class on that day (an ISO date, which the page reads).
    expect(last.outputs[0]?.link).toBe(pagePath.attendance({ classId: nurseryA, date: lastTuesday() }));
    expect(last.outputs[0]?.link).toBe(`/housekeeping/attendance?class_id=${nurseryA}&date=${lastTuesday()}`);
    const day = await t.request({
      method: 'GET',
      url: `/api/class_student_attendance/${nurseryA}?date=${ddmmyyyy(lastTuesday())}`,
      headers: bearer(tara),
    });
    const statuses = Object.fromEntries(
      day
        .json()
        .result.student_attendance_list.map((e: { student_id: string; attendance_status: string }) => [
          e.student_id,
          e.attendance_status,
        ]),
    );
    expect(statuses[omar]).toBe('absent');
    expect(statuses[meera]).toBe('present');
    const audit = await t.services.ai.audit(demoId('school:sunrise'));
    expect(audit[0]).toMatchObject({
      toolCallId: last.task_id,
      tool: 'mark_attendance',
      sentence: 'Mark everyone present except Omar',
    });
    socket.close();
  });

  it('replays finished and unfinished tasks to a new socket (a reload, a second tab)', async () => {
    const socket = await connectAs(tara);
    const { last } = await runTask(socket, 'cue-attendance', 'Meera came in late');
    socket.close();
    const again = await connectAs(tara);
    const replayed: TaskLog[] = [];
    again.on(CUE_EVENTS.taskLog, (l: TaskLog) => replayed.push(l));
    const ack = (await again.emitWithAck(CUE_EVENTS.replay, { user_query: '{}', user_details: {} })) as { tasks: number };
    expect(ack.tasks).toBeGreaterThanOrEqual(2);
    expect(replayed.find((l) => l.task_id === last.task_id)).toMatchObject({ progressLevel: 100, finished: true, preset: 1 });
    const rest = await t.request({ method: 'GET', url: ROUTES.cueTasks.path, headers: bearer(tara) });
    expect(rest.json().result.map((l: TaskLog) => l.task_id)).toContain(last.task_id);
    // Another teacher does not see them.
    const neha = await t.request({
      method: 'GET',
      url: ROUTES.cueTasks.path,
      headers: bearer(await staffToken(t, '9000000005')),
    });
    expect(neha.json().result.map((l: TaskLog) => l.task_id)).not.toContain(last.task_id);
    again.close();
  });

  it('drafts an announcement with options; choosing "Send now" publishes it', async () => {
    const socket = await connectAs(tara);
    const { last } = await runTask(socket, 'cue-announcement', 'Tell the parents that Friday is pyjama day');
    expect(last).toMatchObject({ preset: 2, progressLevel: 100 });
    expect(last.options.map((o) => [o.value, o.selected])).toEqual([
      ['send', false],
      ['draft', true],
    ]);
    const id = last.outputs[0]?.link.split('/').at(-1) ?? '';
    const before = await t.request({ method: 'GET', url: `/api/communication/announcements/${id}`, headers: bearer(tara) });
    expect(before.json().result.status).toBe('draft');
    const chosen = (await socket.emitWithAck(CUE_EVENTS.selectOption, { task_id: last.task_id, value: 'send' })) as TaskLog;
    expect(chosen.options.find((o) => o.value === 'send')?.selected).toBe(true);
    const after = await t.request({ method: 'GET', url: `/api/communication/announcements/${id}`, headers: bearer(tara) });
    expect(after.json().result.status).toBe('published');
    socket.close();
  });

  it('fails a story on a day with no observations, then retries it once there are some', async () => {
    const socket = await connectAs(tara);
    const story = await runTask(socket, 'cue-story', 'Write the story of today');
    expect(story.last.error).toMatch(/no observations/);
    expect(story.last.preset).toBeNull();
    const obs = await runTask(socket, 'cue-observation', 'Meera stacked ten blocks and counted them');
    expect(obs.last).toMatchObject({ preset: 5, progressLevel: 100 });
    expect(obs.last.outputs[0]?.link).toContain(meera);
    const logs: TaskLog[] = [];
    const finished = new Promise<TaskLog>((resolve) =>
      socket.on(CUE_EVENTS.taskLog, (l: TaskLog) => {
        if (l.task_id !== story.last.task_id) return;
        logs.push(l);
        if (l.finished) resolve(l);
      }),
    );
    const retried = (await socket.emitWithAck(CUE_EVENTS.retry, { task_id: story.last.task_id })) as TaskLog;
    expect(retried.error).toBeNull();
    const last = await finished;
    expect(last).toMatchObject({ error: null, preset: 3, progressLevel: 100 });
    expect(last.content).toContain('stacked ten blocks');
    // A real draft story, every sentence with the observation it came from.
    const storyId = /\/communication\/stories\/([0-9a-f]{24})\/edit$/.exec(last.outputs[0]?.link ?? '')?.[1];
    const drafted = (await t.request({ method: 'GET', url: `/api/stories/${storyId}`, headers: bearer(tara) })).json().result;
    expect(drafted).toMatchObject({ status: 'draft', children: [{ _id: meera }] });
    expect(drafted.sources.map((x: { kind: string }) => x.kind)).toEqual(['observation']);
    expect(((await socket.emitWithAck(CUE_EVENTS.retry, { task_id: story.last.task_id })) as { error: string }).error).toBe(
      'Only a failed task can be retried',
    );
    socket.close();
  });

  it('analyses the week’s plan, drafts units, answers a question, and batches verbose lines', async () => {
    const socket = await connectAs(tara);
    const verbose: { task_id: string; lines: string[] }[] = [];
    socket.on(CUE_EVENTS.verboseLog, (b: { task_id: string; lines: string[] }) => verbose.push(b));
    // Lesson analysis reads the class's weekly plan: nothing planned that week is said, not guessed at.
    const lesson = await runTask(
      socket,
      'cue-lesson-analysis',
      'Analyse my lesson: 20 minutes counting shells, then painting them',
    );
    expect(lesson.last).toMatchObject({ finished: true, currentStage: 'Failed' });
    expect(lesson.last.error).toMatch(
      /^Nothing is planned for Nursery A in the week of \d{2}-\d{2}-\d{4}: add activities first\.$/,
    );
    const units = await runTask(socket, 'cue-command', 'Create units about minibeasts for 3 weeks');
    expect(units.last).toMatchObject({ preset: 6, endpointName: 'cue-units', error: null });
    expect(units.last.content).toContain('Minibeasts: a 3-week unit draft');
    expect(units.last.outputs[0]?.link).toMatch(/^\/planning\/unit-planning\/[0-9a-f]{24}$/);
    const ask = await runTask(socket, 'cue-ask', 'Who was absent this week?');
    expect(ask.last.preset).toBeNull();
    expect(ask.last.content).toContain('Omar Haddad');
    const attendance = await runTask(socket, 'cue-attendance', 'Everyone is here');
    await new Promise((r) => setTimeout(r, 700));
    const batch = verbose.find((b) => b.task_id === attendance.last.task_id);
    expect(batch?.lines.length).toBe(12);
    socket.close();
  });

  it('answers capabilities and refuses captions without a caption model', async () => {
    const socket = await connectAs(tara);
    expect(await socket.emitWithAck(CUE_EVENTS.capabilities, {})).toEqual({ captions: false, transcription: false });
    expect(await socket.emitWithAck(CUE_EVENTS.imageCaption, { image_url: '/media/x.webp' })).toEqual({
      error: 'no caption model configured',
    });
    socket.close();
  });
});

describe('class AI configuration', () => {
  it('lists blocks, lets an admin switch one off, and refuses a teacher', async () => {
    const anita = await staffToken(t, '9000000002');
    const all = await t.request({ method: 'GET', url: `/api/fetch_class_all_ai_blocks/${nurseryA}`, headers: bearer(tara) });
    expect(all.json().result.ai_blocks.length).toBeGreaterThan(5);
    const off = {
      screen_name: 'observation',
      ai_blocks: [{ key: 'observation_writer', enabled: false }],
    };
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/update-ai-blocks-for-class/${nurseryA}`,
          headers: bearer(tara),
          payload: off,
        })
      ).statusCode,
    ).toBe(403);
    const done = await t.request({
      method: 'POST',
      url: `/api/update-ai-blocks-for-class/${nurseryA}`,
      headers: bearer(anita),
      payload: off,
    });
    expect(done.statusCode, done.body).toBe(200);
    const byScreen = await t.request({
      method: 'POST',
      url: `/api/class-ai-blocks-by-screen-name/${nurseryA}`,
      headers: bearer(tara),
      payload: { screen_name: 'observation' },
    });
    expect(byScreen.json().result.ai_blocks).toEqual([expect.objectContaining({ key: 'observation_writer', enabled: false })]);
    const bad = await t.request({
      method: 'POST',
      url: `/api/update-ai-blocks-for-class/${nurseryA}`,
      headers: bearer(anita),
      payload: { screen_name: 'observation', ai_blocks: [{ key: 'story_writer', enabled: false }] },
    });
    expect(bad.statusCode).toBe(400);
    const badScreen = await t.request({
      method: 'POST',
      url: `/api/class-ai-blocks-by-screen-name/${nurseryA}`,
      headers: bearer(tara),
      payload: { screen_name: 'kitchen' },
    });
    expect(badScreen.statusCode).toBe(400);
    const options = await t.request({
      method: 'POST',
      url: `/api/class/configured_ai_options/${nurseryA}`,
      headers: bearer(anita),
      payload: { ai_options: { ask: false, suggestions: true, voice: true } },
    });
    expect(options.json().result.ai_options).toMatchObject({ ask: false });
    const screens = await t.request({
      method: 'POST',
      url: `/api/fetch-update-class-ai-prompt-screen/${nurseryA}`,
      headers: bearer(anita),
      payload: { ai_screen_blocks: { chat: { enabled: true, prompt: 'Answer briefly.' } } },
    });
    expect(screens.json().result.ai_screen_blocks.chat).toEqual({ enabled: true, prompt: 'Answer briefly.' });
    expect(screens.json().result.ai_screen_blocks.story).toEqual({ enabled: true, prompt: '' });
  });
});

describe('speech to text', () => {
  it('says so when no transcription engine is configured', async () => {
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }), 'command.webm');
    const res = await fetch(`http://127.0.0.1:${port}${ROUTES.cueTranscribe.path}`, {
      method: 'POST',
      headers: bearer(tara),
      body: form,
    });
    // Not a fault of the server: a 409 with its code, never a 5xx.
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe('No transcription engine is configured on this server');
  });

  it("sends photos and recordings to the external model only once the school's admin switched it on", async () => {
    const received: string[] = [];
    const engine = http.createServer((req, res) => {
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
      });
      req.on('end', () => {
        received.push(`${req.method} ${req.url} ${req.headers['content-type']?.split(';')[0]} ${size > 0}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            req.url?.endsWith('/audio/transcriptions')
              ? { text: 'Mark everyone present except Kabir' }
              : { choices: [{ message: { content: 'Children building a tower' } }] },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    // The server offers an external model (chat, captions and speech to text); the school has not opted in.
    const other = await createTestApp({
      AI_PROVIDER: 'openai',
      LLM_BASE_URL: `http://127.0.0.1:${(engine.address() as AddressInfo).port}/v1`,
      LLM_MODEL: 'test-model',
      LLM_VISION_MODEL: 'test-vision',
      LLM_TRANSCRIBE_MODEL: 'whisper-1',
    });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherPort = (other.app.server.address() as AddressInfo).port;
      const teacher = await staffToken(other, '9000000003');
      const transcribe = () => {
        const form = new FormData();
        form.append('audio', new Blob([new Uint8Array(2048)], { type: 'audio/wav' }), 'command.wav');
        return fetch(`http://127.0.0.1:${otherPort}${ROUTES.cueTranscribe.path}`, {
          method: 'POST',
          headers: bearer(teacher),
          body: form,
        });
      };
      const socket = await new Promise<Socket>((resolve, reject) => {
        const s = connect(`http://127.0.0.1:${otherPort}`, {
          path: '/socket.io',
          auth: { token: teacher },
          transports: ['websocket'],
          reconnection: false,
        });
        s.on('connect', () => resolve(s));
        s.on('connect_error', reject);
      });

      // Switched off: nothing leaves the server, and the answer says why (409 with its code).
      const refused = await transcribe();
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { code: string }).code).toBe('EXTERNAL_PROVIDER_OFF');
      expect(await socket.emitWithAck(CUE_EVENTS.capabilities, {})).toEqual({ captions: false, transcription: false });
      expect(await socket.emitWithAck(CUE_EVENTS.imageCaption, { image_url: '/media/x.webp' })).toEqual({
        error: CUE_MESSAGES.externalProviderOff,
      });
      expect(await socket.emitWithAck(CUE_EVENTS.multipleImageCaption, { image_urls: ['/media/x.webp'] })).toEqual({
        error: CUE_MESSAGES.externalProviderOff,
      });
      expect(received).toEqual([]);

      // The school's admin switches the external provider on: the same switch as the chat assistant.
      const set = await other.request({
        method: 'PUT',
        url: ROUTES.aiSettingsUpdate.path,
        headers: bearer(await staffToken(other, '9000000002')),
        payload: { ai_provider: 'openai' },
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(await socket.emitWithAck(CUE_EVENTS.capabilities, {})).toEqual({ captions: true, transcription: true });
      const res = await transcribe();
      expect(res.status).toBe(200);
      expect(((await res.json()) as { result: unknown }).result).toEqual({ text: 'Mark everyone present except Kabir' });
      expect(await socket.emitWithAck(CUE_EVENTS.imageCaption, { image_url: '/media/x.webp' })).toEqual({
        caption: 'Children building a tower',
      });
      expect(received).toEqual([
        'POST /v1/audio/transcriptions multipart/form-data true',
        'POST /v1/chat/completions application/json true',
      ]);
      socket.close();
    } finally {
      await other.close();
      engine.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  it('runs a task once and shows its progress on a socket held by the other instance', async () => {
    const second = await createTestApp({}, { sameDatabaseAs: t });
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const secondPort = (second.app.server.address() as AddressInfo).port;
      const onFirst = await connectAs(tara);
      const onSecond = await new Promise<Socket>((resolve, reject) => {
        const s = connect(`http://127.0.0.1:${secondPort}`, {
          path: '/socket.io',
          auth: { token: tara },
          transports: ['websocket'],
          reconnection: false,
        });
        s.on('connect', () => resolve(s));
        s.on('connect_error', reject);
      });
      // Give the listening connections a moment to subscribe.
      await new Promise((r) => setTimeout(r, 500));
      const seen: TaskLog[] = [];
      onSecond.on(CUE_EVENTS.taskLog, (l: TaskLog) => seen.push(l));
      const { last } = await runTask(onFirst, 'cue-attendance', 'Reyansh is off sick');
      // The other instance hears of it through PostgreSQL: wait for the final log (at most 5 s).
      for (let waited = 0; waited < 5000 && !seen.some((l) => l.task_id === last.task_id && l.finished); waited += 50)
        await new Promise((r) => setTimeout(r, 50));
      const mine = seen.filter((l) => l.task_id === last.task_id);
      expect(mine.at(-1)).toMatchObject({ finished: true, progressLevel: 100, preset: 1 });
      // The other instance's queue does not run it again.
      await second.services.jobs.runDue();
      const audit = (await t.services.ai.audit(demoId('school:sunrise'))).filter((a) => a.toolCallId === last.task_id);
      expect(audit).toHaveLength(1);
      onFirst.close();
      onSecond.close();
    } finally {
      await second.app.close();
    }
  });
});

describe('voice: recorded speech through server-side transcription', () => {
  it('turns a spoken command into text and runs it', async (ctx) => {
    const { execFileSync } = await import('node:child_process');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const hasEspeak = (() => {
      try {
        execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    })();
    const engine = process.env.CUE_TEST_TRANSCRIBE_URL;
    if (!hasEspeak || !engine)
      return ctx.skip(
        !hasEspeak
          ? 'espeak-ng is not installed, so no speech can be synthesised'
          : 'no transcription engine: set CUE_TEST_TRANSCRIBE_URL (an OpenAI-compatible base URL) and CUE_TEST_TRANSCRIBE_MODEL',
      );
    const wav = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cue-voice-')), 'command.wav');
    execFileSync('espeak-ng', ['-w', wav, 'Mark everyone present except Kabir']);
    const voiced = await createTestApp({
      AI_PROVIDER: 'openai',
      LLM_BASE_URL: engine,
      LLM_MODEL: process.env.CUE_TEST_CHAT_MODEL ?? 'unused',
      LLM_TRANSCRIBE_MODEL: process.env.CUE_TEST_TRANSCRIBE_MODEL ?? 'whisper-1',
    });
    try {
      await voiced.app.listen({ port: 0, host: '127.0.0.1' });
      // Recordings leave the server only for a school whose admin switched the external provider on.
      const set = await voiced.request({
        method: 'PUT',
        url: ROUTES.aiSettingsUpdate.path,
        headers: bearer(await staffToken(voiced, '9000000002')),
        payload: { ai_provider: 'openai' },
      });
      expect(set.statusCode, set.body).toBe(200);
      const form = new FormData();
      form.append('audio', new Blob([fs.readFileSync(wav)], { type: 'audio/wav' }), 'command.wav');
      const res = await fetch(
        `http://127.0.0.1:${(voiced.app.server.address() as AddressInfo).port}${ROUTES.cueTranscribe.path}`,
        {
          method: 'POST',
          headers: bearer(await staffToken(voiced, '9000000003')),
          body: form,
        },
      );
      const text = ((await res.json()) as { result: { text: string } }).result.text;
      expect(text.toLowerCase()).toMatch(/everyone present except/);
    } finally {
      await voiced.close();
    }
  });
});
