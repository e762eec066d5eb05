import type { TaskLog } from '@cue/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  canRetry,
  createLogThrottle,
  initialTasksState,
  isCueTask,
  isDone,
  readTaskLog,
  tasksReducer,
  timetableTaskWords,
  transitionOf,
  VERBOSE_LINES_KEPT,
} from './taskState';

const log = (patch: Partial<TaskLog> = {}): TaskLog => ({
  task_id: 't1',
  endpointName: 'cue-attendance',
  title: 'Mark attendance',
  command: 'Mark everyone present except Omar',
  content: '',
  currentStage: 'Reading the command',
  progressLevel: 10,
  options: [],
  outputs: [],
  error: null,
  preset: null,
  class_id: 'c1',
  created_at: '2026-03-02T09:00:00.000Z',
  finished: false,
  ...patch,
});

const apply = (...logs: TaskLog[]) => tasksReducer(initialTasksState, { type: 'logs', logs });

describe('readTaskLog', () => {
  it('reads a task-log leniently and clamps the progress to 0-100', () => {
    const read = readTaskLog({
      task_id: 'a',
      progressLevel: 140,
      options: [{ title: 'Send', value: 'send' }, 'junk'],
      outputs: [{ link: '/x' }],
    });
    expect(read?.progressLevel).toBe(100);
    expect(read?.options).toEqual([{ title: 'Send', value: 'send', selected: false }]);
    expect(read?.outputs).toEqual([{ name: '/x', link: '/x' }]);
    expect(read?.error).toBeNull();
    expect(readTaskLog({ progressLevel: 5 })).toBeNull();
    expect(readTaskLog('nope')).toBeNull();
  });
});

describe('tasksReducer', () => {
  it('keeps the newest task first and replaces a task by its latest log', () => {
    let state = apply(log({ task_id: 'old', created_at: '2026-03-02T08:00:00.000Z' }));
    state = tasksReducer(state, { type: 'logs', logs: [log({ task_id: 'new', created_at: '2026-03-02T10:00:00.000Z' })] });
    expect(state.order).toEqual(['new', 'old']);
    state = tasksReducer(state, {
      type: 'logs',
      logs: [log({ task_id: 'old', progressLevel: 70, currentStage: 'Saving attendance' })],
    });
    expect(state.byId.old?.progressLevel).toBe(70);
    expect(state.byId.old?.currentStage).toBe('Saving attendance');
    expect(state.order).toEqual(['new', 'old']);
  });

  it('never moves a task backwards (a stale replay after a live log), but a retry after an error starts again', () => {
    let state = apply(log({ progressLevel: 70 }));
    const before = state;
    state = tasksReducer(state, { type: 'logs', logs: [log({ progressLevel: 40 })] });
    expect(state).toBe(before);
    state = tasksReducer(state, { type: 'logs', logs: [log({ progressLevel: 100, finished: true, preset: 1 })] });
    expect(isDone(state.byId.t1 ?? log())).toBe(true);
    expect(tasksReducer(state, { type: 'logs', logs: [log({ progressLevel: 70 })] })).toBe(state);

    let failed = apply(log({ progressLevel: 40, error: 'No attendance in that command', finished: true }));
    failed = tasksReducer(failed, { type: 'logs', logs: [log({ progressLevel: 10 })] });
    expect(failed.byId.t1?.error).toBeNull();
    expect(failed.byId.t1?.progressLevel).toBe(10);
  });

  it('marks a chosen option selected and the others not, and ignores unknown values', () => {
    const state = apply(
      log({
        options: [
          { title: 'Send now', value: 'send', selected: false },
          { title: 'Keep as draft', value: 'draft', selected: true },
        ],
      }),
    );
    const chosen = tasksReducer(state, { type: 'select', taskId: 't1', value: 'send' });
    expect(chosen.byId.t1?.options.map((o) => o.selected)).toEqual([true, false]);
    expect(tasksReducer(state, { type: 'select', taskId: 't1', value: 'other' })).toBe(state);
    expect(tasksReducer(state, { type: 'select', taskId: 'missing', value: 'send' })).toBe(state);
  });

  it('appends verbose lines, keeps them across logs and caps them', () => {
    let state = apply(log());
    state = tasksReducer(state, { type: 'verbose', taskId: 't1', lines: ['Omar Haddad: absent'] });
    state = tasksReducer(state, { type: 'logs', logs: [log({ progressLevel: 40 })] });
    expect(state.byId.t1?.verbose).toEqual(['Omar Haddad: absent']);
    const many = Array.from({ length: VERBOSE_LINES_KEPT + 5 }, (_, i) => `line ${i}`);
    state = tasksReducer(state, { type: 'verbose', taskId: 't1', lines: many });
    expect(state.byId.t1?.verbose).toHaveLength(VERBOSE_LINES_KEPT);
    expect(state.byId.t1?.verbose.at(-1)).toBe(`line ${VERBOSE_LINES_KEPT + 4}`);
    expect(tasksReducer(state, { type: 'verbose', taskId: 'nope', lines: ['x'] })).toBe(state);
  });
});

describe('retry and transitions', () => {
  it('offers Retry on an error except for the ask task and a timetable run', () => {
    expect(canRetry(log({ error: 'boom' }))).toBe(true);
    expect(canRetry(log({ endpointName: 'cue-ask', error: 'boom' }))).toBe(false);
    expect(canRetry(log({ endpointName: 'timetable-run', error: 'The server running the generation stopped' }))).toBe(false);
    expect(canRetry(log())).toBe(false);
  });

  it('tells of a finish only for a task seen running, and of a new error once', () => {
    const now = Date.parse('2026-03-02T09:00:05.000Z');
    const running = log({ progressLevel: 70 });
    const finished = log({ progressLevel: 100, finished: true, preset: 1 });
    expect(transitionOf(running, finished, now)).toEqual({ finished: true, failed: false });
    // A replay of a task finished before this page opened says nothing.
    expect(transitionOf(undefined, finished, now).finished).toBe(false);
    expect(transitionOf(finished, finished, now).finished).toBe(false);
    // The runner's last report reaches 100 before the final log marks the task finished.
    const reported = log({ progressLevel: 100, currentStage: 'Attendance marked' });
    expect(transitionOf(reported, finished, now).finished).toBe(true);
    const failed = log({ error: 'No attendance in that command', finished: true });
    expect(transitionOf(running, failed, now).failed).toBe(true);
    expect(transitionOf(failed, failed, now).failed).toBe(false);
    // An old failed task brought back by a replay is not announced again.
    expect(transitionOf(undefined, failed, now + 3_600_000).failed).toBe(false);
  });
});

describe('createLogThrottle', () => {
  it('sends the first log at once, then at most one batch per 100 ms with the latest log of each task', () => {
    vi.useFakeTimers();
    try {
      const batches: TaskLog[][] = [];
      const throttle = createLogThrottle((logs) => batches.push(logs), 100);
      throttle.push(log({ progressLevel: 10 }));
      expect(batches).toHaveLength(1);
      throttle.push(log({ progressLevel: 20 }));
      throttle.push(log({ progressLevel: 30 }));
      throttle.push(log({ task_id: 't2', progressLevel: 5 }));
      expect(batches).toHaveLength(1);
      vi.advanceTimersByTime(99);
      expect(batches).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(batches).toHaveLength(2);
      expect(batches[1]?.map((l) => [l.task_id, l.progressLevel])).toEqual([
        ['t1', 30],
        ['t2', 5],
      ]);
      // Quiet for a while: the next one goes out at once again.
      vi.advanceTimersByTime(500);
      throttle.push(log({ progressLevel: 40 }));
      expect(batches).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('flushes what waits on demand (a final log) and drops it on cancel', () => {
    vi.useFakeTimers();
    try {
      const batches: TaskLog[][] = [];
      const throttle = createLogThrottle((logs) => batches.push(logs), 100);
      throttle.push(log({ progressLevel: 10 }));
      throttle.push(log({ progressLevel: 100, finished: true }));
      throttle.flushNow();
      expect(batches.map((b) => b[0]?.progressLevel)).toEqual([10, 100]);
      vi.advanceTimersByTime(200);
      expect(batches).toHaveLength(2);
      throttle.push(log({ progressLevel: 1 }));
      throttle.push(log({ progressLevel: 2 }));
      throttle.cancel();
      vi.advanceTimersByTime(200);
      expect(batches).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a timetable run in the panel', () => {
  const run = (patch: Partial<TaskLog> = {}) =>
    log({
      endpointName: 'timetable-run',
      title: 'Timetable',
      command: 'Generate the timetable',
      currentStage: 'Searching',
      ...patch,
    });

  it('is read from its log and is not one of Cue’s commands', () => {
    const read = readTaskLog({
      task_id: 'r1',
      endpointName: 'timetable-run',
      title: 'Timetable',
      progressLevel: 40,
      outputs: [{ name: 'Timetable', link: '/admin/timetable/room-allocation' }],
    });
    expect(read?.endpointName).toBe('timetable-run');
    expect(read?.outputs).toEqual([{ name: 'Timetable', link: '/admin/timetable/room-allocation' }]);
    expect(isCueTask(run())).toBe(false);
    expect(isCueTask(log())).toBe(true);
  });

  it('says its command and each stage it reports in the catalog’s words, with the figures', () => {
    expect(timetableTaskWords(run())).toEqual({ command: { key: 'timetable.generate' }, stage: { key: 'timetable.searching' } });
    expect(timetableTaskWords(run({ command: 'Repair the timetable', currentStage: 'Queued' }))).toEqual({
      command: { key: 'timetable.repair' },
      stage: { key: 'timetable.queued' },
    });
    expect(timetableTaskWords(run({ currentStage: 'Best so far: 3 clashes, cost 41' })).stage).toEqual({
      key: 'timetable.best',
      values: { hard: 3, cost: 41 },
    });
    expect(timetableTaskWords(run({ currentStage: 'Done: 0 clashes, cost 12' })).stage).toEqual({
      key: 'timetable.done',
      values: { hard: 0, cost: 12 },
    });
    expect(timetableTaskWords(run({ currentStage: 'No timetable without clashes exists' })).stage?.key).toBe(
      'timetable.impossible',
    );
    // A text it does not know is shown as sent.
    expect(timetableTaskWords(run({ command: 'Something else', currentStage: 'Thinking' }))).toEqual({
      command: null,
      stage: null,
    });
  });

  it('finishes like any task: a run seen running tells of its end once', () => {
    const now = Date.parse('2026-03-02T09:00:05.000Z');
    const running = run({ progressLevel: 60 });
    const done = run({ progressLevel: 100, finished: true, currentStage: 'Done: 0 clashes, cost 12' });
    expect(transitionOf(running, done, now)).toEqual({ finished: true, failed: false });
    expect(transitionOf(done, done, now)).toEqual({ finished: false, failed: false });
  });
});
