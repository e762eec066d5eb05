import type { TaskLog } from '@cue/contract';

/** How many verbose lines a task keeps on screen. */
export const VERBOSE_LINES_KEPT = 200;

/** A task as the panel shows it: its last log, the verbose lines the server batched and what was chosen here. */
export interface TaskView extends TaskLog {
  verbose: string[];
}

export interface TasksState {
  /** Newest first. */
  order: string[];
  byId: Record<string, TaskView>;
}

export type TaskAction =
  | { type: 'logs'; logs: TaskLog[] }
  | { type: 'verbose'; taskId: string; lines: string[] }
  /** The person chose an option: it shows selected before the server says so. */
  | { type: 'select'; taskId: string; value: string }
  | { type: 'reset' };

export const initialTasksState: TasksState = { order: [], byId: {} };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `task-log` payload read leniently: null when it is not one. */
export function readTaskLog(payload: unknown): TaskLog | null {
  if (!isRecord(payload) || typeof payload.task_id !== 'string' || !payload.task_id) return null;
  const level = Number(payload.progressLevel);
  const list = <T>(value: unknown, ok: (v: Record<string, unknown>) => T | null): T[] =>
    Array.isArray(value) ? value.flatMap((v) => (isRecord(v) ? (ok(v) ?? []) : [])) : [];
  return {
    task_id: payload.task_id,
    endpointName: (typeof payload.endpointName === 'string' ? payload.endpointName : 'cue-command') as TaskLog['endpointName'],
    title: typeof payload.title === 'string' ? payload.title : '',
    command: typeof payload.command === 'string' ? payload.command : '',
    content: typeof payload.content === 'string' ? payload.content : '',
    currentStage: typeof payload.currentStage === 'string' ? payload.currentStage : '',
    progressLevel: Number.isFinite(level) ? Math.min(100, Math.max(0, level)) : 0,
    options: list(payload.options, (o) =>
      typeof o.value === 'string' || typeof o.value === 'number'
        ? { title: String(o.title ?? o.value), value: String(o.value), selected: o.selected === true }
        : null,
    ),
    outputs: list(payload.outputs, (o) => (typeof o.link === 'string' ? { name: String(o.name ?? o.link), link: o.link } : null)),
    error: typeof payload.error === 'string' && payload.error ? payload.error : null,
    preset: typeof payload.preset === 'number' ? payload.preset : null,
    class_id: typeof payload.class_id === 'string' ? payload.class_id : '',
    created_at: typeof payload.created_at === 'string' ? payload.created_at : '',
    finished: payload.finished === true,
  };
}

/** A task is done when it finished without an error (100 shows done). */
export const isDone = (task: Pick<TaskLog, 'finished' | 'progressLevel' | 'error'>): boolean =>
  !task.error && (task.finished || task.progressLevel >= 100);

/** Whether the task is still at work (no error, not done). */
export const isRunning = (task: Pick<TaskLog, 'finished' | 'progressLevel' | 'error'>): boolean => !task.error && !isDone(task);

/** A timetable generation run (issue 28), not one of Cue's commands: no Retry, no further request, no preset. */
export const TIMETABLE_TASK = 'timetable-run';

/** Whether the task is one of Cue's commands (it takes further requests and may carry a preset). */
export const isCueTask = (task: Pick<TaskLog, 'endpointName'>): boolean => task.endpointName !== TIMETABLE_TASK;

/** The ask task shows its error without Retry (spec section 4); a timetable run is generated again from its page. */
export const canRetry = (task: Pick<TaskLog, 'endpointName' | 'error'>): boolean =>
  !!task.error && task.endpointName !== 'cue-ask' && isCueTask(task);

/** A sentence of the catalog (its key under `tasks.` and its values) for a text the server wrote in English. */
export interface TaskWords {
  key: string;
  values?: Record<string, number>;
}

const RUN_STAGES: [RegExp, string][] = [
  [/^Queued$/, 'timetable.queued'],
  [/^Searching$/, 'timetable.searching'],
  [/^Best so far: (\d+) clashes, cost (\d+)$/, 'timetable.best'],
  [/^No timetable without clashes exists$/, 'timetable.impossible'],
  [/^Failed$/, 'timetable.failed'],
  [/^Done: (\d+) clashes, cost (\d+)$/, 'timetable.done'],
];

/**
 * How the panel says a timetable run's command and stage in the reader's language: the catalog's
 * sentence for each text the run reports, with its figures; null for a text it does not know (shown as sent).
 */
export function timetableTaskWords(task: Pick<TaskLog, 'command' | 'currentStage'>): {
  command: TaskWords | null;
  stage: TaskWords | null;
} {
  const command =
    task.command === 'Generate the timetable'
      ? { key: 'timetable.generate' }
      : task.command === 'Repair the timetable'
        ? { key: 'timetable.repair' }
        : null;
  let stage: TaskWords | null = null;
  for (const [pattern, key] of RUN_STAGES) {
    const m = pattern.exec(task.currentStage.trim());
    if (m) {
      stage = m[1] === undefined ? { key } : { key, values: { hard: Number(m[1]), cost: Number(m[2]) } };
      break;
    }
  }
  return { command, stage };
}

/**
 * Whether a log should replace what is shown: a stale log (a replay overtaken by live logs, a late
 * duplicate) never moves a task backwards; a retry after an error starts again from its own level.
 */
function supersedes(current: TaskView, next: TaskLog): boolean {
  if (current.error && !next.error) return true; // retried
  if (isDone(current) && !next.finished && !next.error) return false;
  if (!next.error && !next.finished && next.progressLevel < current.progressLevel) return false;
  return true;
}

function applyLog(state: TasksState, log: TaskLog): TasksState {
  const current = state.byId[log.task_id];
  if (current && !supersedes(current, log)) return state;
  const view: TaskView = { ...log, verbose: current?.verbose ?? [] };
  const byId = { ...state.byId, [log.task_id]: view };
  if (current) return { ...state, byId };
  // New tasks go first; a replayed older one goes where its creation time puts it.
  const order = [...state.order, log.task_id].sort((a, b) => {
    const ta = byId[a]?.created_at ?? '';
    const tb = byId[b]?.created_at ?? '';
    if (ta === tb) return 0;
    if (!ta) return -1;
    if (!tb) return 1;
    return ta < tb ? 1 : -1;
  });
  return { order, byId };
}

/** Task logs, verbose lines and the person's choices into the panel's state. */
export function tasksReducer(state: TasksState, action: TaskAction): TasksState {
  switch (action.type) {
    case 'logs':
      return action.logs.reduce(applyLog, state);
    case 'verbose': {
      const task = state.byId[action.taskId];
      if (!task || action.lines.length === 0) return state;
      const verbose = [...task.verbose, ...action.lines].slice(-VERBOSE_LINES_KEPT);
      return { ...state, byId: { ...state.byId, [action.taskId]: { ...task, verbose } } };
    }
    case 'select': {
      const task = state.byId[action.taskId];
      if (!task?.options.some((o) => o.value === action.value)) return state;
      const options = task.options.map((o) => ({ ...o, selected: o.value === action.value }));
      return { ...state, byId: { ...state.byId, [action.taskId]: { ...task, options } } };
    }
    case 'reset':
      return initialTasksState;
  }
}

/** What changed for a task between two logs that the person is told about. */
export interface TaskTransition {
  /** It was seen running here and has now finished (toast, page refresh). */
  finished: boolean;
  /** An error appeared (error toast). */
  failed: boolean;
}

/** A log of a task created in the last `withinMs` (not an old one a replay brings back). */
export const isFresh = (log: Pick<TaskLog, 'created_at'>, now: number, withinMs = 60_000): boolean => {
  const at = Date.parse(log.created_at);
  return !Number.isFinite(at) || now - at <= withinMs;
};

export function transitionOf(previous: TaskLog | undefined, next: TaskLog, now: number): TaskTransition {
  const live = previous ? !isDone(previous) : isFresh(next, now);
  return {
    // The last progress report (100) comes before the final log (finished): only the final one counts.
    finished: !!previous && !previous.finished && !previous.error && next.finished && !next.error,
    failed: !!next.error && next.error !== previous?.error && live,
  };
}

/**
 * Coalesces updates so the screen changes at most once per `intervalMs` (task-log content is
 * throttled at 100 ms): the first update goes out at once, later ones within the interval wait for
 * its end, and only the latest of each task is kept.
 */
export function createLogThrottle(
  flush: (logs: TaskLog[]) => void,
  intervalMs: number,
  clock: { now: () => number; setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void } = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  },
) {
  const pending = new Map<string, TaskLog>();
  let last = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  const run = () => {
    timer = null;
    if (pending.size === 0) return;
    last = clock.now();
    const logs = [...pending.values()];
    pending.clear();
    flush(logs);
  };
  return {
    push(log: TaskLog) {
      pending.set(log.task_id, log);
      if (timer !== null) return;
      const wait = last + intervalMs - clock.now();
      if (wait <= 0) run();
      else timer = clock.setTimeout(run, wait);
    },
    /** Sends what is waiting now (a final log, leaving the page). */
    flushNow() {
      if (timer !== null) clock.clearTimeout(timer);
      run();
    },
    cancel() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
