import type { AddressInfo } from 'node:net';
import { addDays, CUE_EVENTS, ddmmyyyyFromIso, pagePath, type TaskLog, type Unit, weekStart } from '@cue/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, staffToken, type TestApp } from './harness.js';

/** Cue's planning tasks over a real socket: units are real drafts of the class, lesson analysis cites observations. */
let t: TestApp;
let port = 0;
let tara: string;
let anita: string;
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
// EYFS areas (drizzle/0007_frameworks.sql): Creating and Thinking Critically, Understanding the World.
const CT = '9eb4c955f5311423874ff234';
const UW = '3ce9bd22f2bf1efb3d6fe01f';
const GROWING_THINGS = 'a1b2c3d4e5f6a7b8c9d00002';

let today: string;
let nextMonday: string;

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

/** Starts a task and waits for its finished log. */
async function runTask(socket: Socket, command: string, classId = nurseryA, date = today) {
  let taskId = '';
  const early: TaskLog[] = [];
  const done = new Promise<TaskLog>((resolve) => {
    const onLog = (log: TaskLog) => {
      if (!taskId) {
        early.push(log);
        return;
      }
      if (log.task_id === taskId && log.finished) {
        socket.off(CUE_EVENTS.taskLog, onLog);
        resolve(log);
      }
    };
    socket.on(CUE_EVENTS.taskLog, onLog);
  });
  const first = (await socket.emitWithAck('cue-command', {
    user_query: JSON.stringify({ class_id: classId, command, date }),
    user_details: { user_role: 'staff' },
    language: 'en',
  })) as TaskLog & { error?: string };
  if (first.error) return { error: first.error, last: null };
  taskId = first.task_id;
  const finishedEarly = early.find((l) => l.task_id === taskId && l.finished);
  return { error: null, last: finishedEarly ?? (await done) };
}

const getUnit = async (id: string, token = tara) => {
  const res = await t.request({ method: 'GET', url: `/api/units/${id}`, headers: bearer(token) });
  return { status: res.statusCode, unit: res.json().result as Unit };
};
const unitIdOf = (link: string) => /\/planning\/unit-planning\/([0-9a-f]{24})$/.exec(link)?.[1] ?? '';
const isMonday = (ddmmyyyy: string) => new Date(`${ddmmyyyy.split('-').reverse().join('-')}T00:00:00Z`).getUTCDay() === 1;

beforeAll(async () => {
  t = await createTestApp();
  [tara, anita] = await Promise.all([staffToken(t, '9000000003'), staffToken(t, '9000000002')]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  today = t.clock.now().toISOString().slice(0, 10);
  nextMonday = addDays(weekStart(today), 7);
});
afterAll(() => t.close());

describe('Cue units task', () => {
  it('creates a real unit draft of the class from a sentence, opened from the output link', async () => {
    const socket = await connectAs(tara);
    const { last } = await runTask(socket, 'Plan a 3-week unit about minibeasts for Nursery A starting next Monday');
    socket.close();
    expect(last).toMatchObject({ error: null, preset: 6, endpointName: 'cue-units', progressLevel: 100 });
    expect(last?.outputs).toHaveLength(1);
    const id = unitIdOf(last?.outputs[0]?.link ?? '');
    expect(last?.outputs[0]).toEqual({ name: 'Minibeasts', link: pagePath.unit(id) });
    const { status, unit } = await getUnit(id);
    expect(status).toBe(200);
    expect(unit).toMatchObject({
      title: 'Minibeasts',
      kind: 'unit',
      status: 'planned',
      framework: 'eyfs',
      start_date: ddmmyyyyFromIso(nextMonday),
      end_date: ddmmyyyyFromIso(addDays(nextMonday, 18)),
      classes: [{ _id: nurseryA }],
      source: null,
    });
    expect(isMonday(unit.start_date)).toBe(true);
    expect(unit.areas.map((a) => a._id)).toEqual([UW]);
    expect(unit.fields.intentions?.length).toBe(3);
    expect(unit.fields.activities?.join(' ')).toContain('minibeasts');
    expect(unit.fields.next_steps).toContain('minibeasts');
    expect(last?.content).toContain('Minibeasts: a 3-week unit draft');
  });

  it('makes several units from several topics, and a project with its question', async () => {
    const socket = await connectAs(tara);
    const { last } = await runTask(socket, 'Create units on transport and on water');
    const project = await runTask(socket, 'Make a project about how bridges stay up');
    socket.close();
    expect(last?.outputs.map((o) => o.name)).toEqual(['Transport', 'Water']);
    const made = await Promise.all((last?.outputs ?? []).map((o) => getUnit(unitIdOf(o.link))));
    expect(made.map((m) => [m.status, m.unit.title, m.unit.start_date])).toEqual([
      [200, 'Transport', ddmmyyyyFromIso(nextMonday)],
      [200, 'Water', ddmmyyyyFromIso(nextMonday)],
    ]);
    const p = await getUnit(unitIdOf(project.last?.outputs[0]?.link ?? ''));
    expect(p.unit).toMatchObject({
      kind: 'project',
      title: 'How bridges stay up',
      fields: { driving_question: 'How bridges stay up?' },
    });
  });

  it("copies the library's unit of the topic's title, keeping its source", async () => {
    const socket = await connectAs(tara);
    const { last } = await runTask(socket, 'Plan a unit about growing things');
    socket.close();
    expect(last?.content).toContain('Growing things: copied from the global library');
    const { unit } = await getUnit(unitIdOf(last?.outputs[0]?.link ?? ''));
    expect(unit.source).toMatchObject({ _id: GROWING_THINGS, scope: 'global', version: 1 });
    expect(unit.classes.map((c) => c._id)).toEqual([nurseryA]);
    expect(unit.start_date).toBe(ddmmyyyyFromIso(nextMonday));

    // The unit, named in a command, is what lesson analysis reads: its areas against the observations.
    const again = await connectAs(tara);
    const review = await runTask(again, 'Review the Growing things unit');
    again.close();
    expect(review.last).toMatchObject({ error: null, preset: 4, endpointName: 'cue-lesson-analysis' });
    expect(review.last?.outputs[0]).toEqual({ name: 'Growing things', link: pagePath.unit(unit._id) });
    expect(review.last?.content).toContain('Growing things: 0 activities planned.');
    expect(review.last?.content).toMatch(
      /(Understanding the World|Mathematics|Literacy|Physical Development|Communication and Language)/,
    );
  });

  it("refuses to plan in a class that is not the teacher's", async () => {
    const socket = await connectAs(tara);
    const res = await runTask(socket, 'Plan a unit about dinosaurs', kgB);
    socket.close();
    // Refused when the task starts, or when the planning service is asked: no unit either way.
    if (res.last) expect(res.last.error).toBeTruthy();
    else expect(res.error).toBeTruthy();
    const list = await t.request({ method: 'GET', url: `/api/units/?class_id=${kgB}`, headers: bearer(anita) });
    expect(list.json().result.items.map((u: Unit) => u.title)).not.toContain('Dinosaurs');
  });
});

describe('Cue lesson analysis task', () => {
  it("reads next week's plan and cites the class's observation of a planned area", async () => {
    const activity = (title: string, day: number, start: string, end: string, areaIds: string[]) =>
      t.request({
        method: 'POST',
        url: '/api/plan_activities/',
        headers: bearer(tara),
        payload: {
          class_id: nurseryA,
          date: ddmmyyyyFromIso(addDays(nextMonday, day)),
          start_time: start,
          end_time: end,
          title,
          area_ids: areaIds,
        },
      });
    for (const r of [
      await activity('Ramp and ball experiments', 1, '10:00 AM', '10:30 AM', [CT]),
      await activity('Marble run challenge', 3, '10:00 AM', '10:30 AM', [CT]),
      await activity('Welcome circle', 0, '10:00 AM', '10:20 AM', []),
    ])
      expect(r.statusCode).toBe(200);
    const observe = (studentId: string, date: string, note: string) =>
      t.request({
        method: 'POST',
        url: '/api/observations/',
        headers: bearer(tara),
        payload: {
          class_id: nurseryA,
          learning_area_ids: [CT],
          observation_entries: [{ student_id: studentId, date: ddmmyyyyFromIso(date), general_note: note }],
        },
      });
    // Aarav recently; Diya long before the recent weeks.
    const seen = addDays(today, -9);
    const long = addDays(today, -60);
    expect((await observe(aarav, seen, 'Aarav tested which ramp made the car go furthest')).statusCode).toBe(200);
    expect((await observe(diya, long, 'Diya asked why the heavy ball rolled faster')).statusCode).toBe(200);

    const socket = await connectAs(tara);
    const { last } = await runTask(socket, "Suggestions for next week's plan");
    socket.close();
    expect(last).toMatchObject({ error: null, preset: 4, endpointName: 'cue-lesson-analysis' });
    const content = last?.content ?? '';
    expect(content).toContain('Creating and Thinking Critically is planned twice');
    expect(content).toContain(`${ddmmyyyyFromIso(seen)} (Aarav Sharma: "Aarav tested which ramp made the car go furthest")`);
    expect(content).toContain(
      `Observe Diya Patel during 'Ramp and ball experiments' (Tuesday 10:00 AM): no Creating and Thinking Critically observation since ${ddmmyyyyFromIso(long)} (Diya Patel: "Diya asked why the heavy ball rolled faster").`,
    );
    // Children never observed in the area share one line.
    expect(content).toMatch(
      /Observe (?:[A-Z][a-z]+ [A-Z][a-z]+, )+.* during 'Ramp and ball experiments' \(Tuesday 10:00 AM\): no Creating and Thinking Critically observation of any of them recorded yet\./,
    );
    expect(content).toContain("'Welcome circle' (Monday 10:00 AM) has no learning area");
    expect(last?.outputs[0]).toEqual({
      name: `Nursery A, week of ${ddmmyyyyFromIso(nextMonday)}`,
      link: pagePath.weeklyPlan({ classId: nurseryA, week: ddmmyyyyFromIso(nextMonday) }),
    });
    expect(last?.outputs.slice(1)).toEqual([
      { name: 'Aarav Sharma', link: pagePath.childObservations(aarav) },
      { name: 'Diya Patel', link: pagePath.childObservations(diya) },
    ]);
  });

  it('fails with a clear sentence on a week with nothing planned', async () => {
    const socket = await connectAs(tara);
    const empty = addDays(nextMonday, 35);
    const { last } = await runTask(socket, "Analyse this week's plan", nurseryA, empty);
    socket.close();
    expect(last?.error).toBe(`Nothing is planned for Nursery A in the week of ${ddmmyyyyFromIso(empty)}: add activities first.`);
    expect(last?.outputs).toEqual([]);
  });
});
