/**
 * Scoring of the AI assistant on a set of teacher sentences (see README.md in this folder).
 *
 * A case is one JSONL line: the sentence, the class, the day (and time) the teacher speaks, and the tool
 * calls expected, naming children by full name. A prediction is what the agent produced for the same
 * sentence: `{ text, tool_calls: [{ name, args }] }`, with real student ids, mapped to names through the
 * roster (`{ "<student id>": "<full name>" }`).
 *
 * Definitions:
 * - intent accuracy: share of sentences whose set of predicted tool names equals the expected set.
 * - slot exact-match: share of sentences where, for every expected tool, the predicted slots equal the
 *   expected ones. A sentence that expects no tool call counts only when nothing was predicted.
 *   Slots, per tool (several calls of one tool in a sentence are pooled):
 *   - mark_attendance: the set of (date, child, status); with one call that is the date and the set of
 *     (child, status).
 *   - create_observation: the set of (child, date, type_of_anecdote).
 *   - draft_announcement: per announcement, date and schedule_later, and time when scheduled.
 *   - mentioned_students: the set of children.
 *   - class_question (a read-only question over the class's records): kind, from, to, the child and the
 *     area (case-insensitive).
 *   - log_care: the set of (child, kind, date, time, details that say what happened: meal, amount, ml,
 *     a nap's end, a nappy's state, potty, mood); the food, sun cream's area and the note are free text.
 *   Children are compared by full name, case- and space-insensitive, after mapping ids through the roster.
 * - per tool: over the tool names of each sentence, tp = expected and predicted, fp = predicted only,
 *   fn = expected only; precision = tp / (tp + fp), recall = tp / (tp + fn), 1 when the denominator is 0.
 */

export interface ToolCallLike {
  name: string;
  args: Record<string, unknown>;
}

export interface EvalCase {
  text: string;
  className: string;
  /** The day the teacher speaks, DD-MM-YYYY. */
  date: string;
  /** The time the teacher speaks, hh:mm A. */
  time: string;
  expected: ToolCallLike[];
}

export interface Prediction {
  text: string;
  tool_calls: ToolCallLike[];
}

export interface ToolScore {
  precision: number;
  recall: number;
  tp: number;
  fp: number;
  fn: number;
}

export interface Failure {
  text: string;
  expected: string[];
  predicted: string[];
  /** What differed: tool names and, per tool, the expected and predicted slots. */
  problems: string[];
}

export interface Report {
  sentences: number;
  intentAccuracy: number;
  slotExactMatch: number;
  perTool: Record<string, ToolScore>;
  failures: Failure[];
}

export const TOOLS = [
  'mark_attendance',
  'create_observation',
  'draft_announcement',
  'mentioned_students',
  'class_question',
  'log_care',
] as const;

/** A care entry's details that the slots compare (the rest is free text). */
const CARE_SLOTS = ['meal', 'amount', 'ml', 'end', 'state', 'potty', 'mood'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const first = (o: Record<string, unknown>, keys: string[]) => {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k];
  return undefined;
};

function toCalls(v: unknown): ToolCallLike[] {
  if (!Array.isArray(v)) return [];
  const out: ToolCallLike[] = [];
  for (const c of v) {
    if (!isRecord(c)) continue;
    // Accept { name, args }, { name, arguments } (object or JSON string) and { function: { name, arguments } }.
    const fn = isRecord(c.function) ? c.function : c;
    const name = str(fn.name);
    let args: unknown = first(fn, ['args', 'arguments', 'input']);
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args);
      } catch {
        args = {};
      }
    }
    if (name) out.push({ name, args: isRecord(args) ? args : {} });
  }
  return out;
}

/** Reads JSONL cases, leniently: text|sentence|input, class|class_name|className, date, time, expected|expected_tool_calls|tool_calls. */
export function readCases(jsonl: string): EvalCase[] {
  const cases: EvalCase[] = [];
  jsonl.split(/\r?\n/).forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('//')) return;
    let o: unknown;
    try {
      o = JSON.parse(trimmed);
    } catch {
      throw new Error(`line ${i + 1}: not JSON`);
    }
    if (!isRecord(o)) throw new Error(`line ${i + 1}: not an object`);
    const text = str(first(o, ['text', 'sentence', 'input']));
    if (!text) throw new Error(`line ${i + 1}: no text`);
    cases.push({
      text,
      className: str(first(o, ['class', 'class_name', 'className'])),
      date: str(o.date),
      time: str(o.time) || '09:00 AM',
      expected: toCalls(first(o, ['expected', 'expected_tool_calls', 'tool_calls'])),
    });
  });
  return cases;
}

/** Reads predictions JSONL (`{ text, tool_calls }` per line). */
export function readPredictions(jsonl: string): Prediction[] {
  return jsonl
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .map((l) => {
      const o: unknown = JSON.parse(l);
      if (!isRecord(o)) return { text: '', tool_calls: [] };
      return { text: str(first(o, ['text', 'sentence', 'input'])), tool_calls: toCalls(first(o, ['tool_calls', 'calls'])) };
    });
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** "9:00 am", "09:00 AM" and "9 AM" are the same time. */
const normTime = (s: string) => {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m?\.?\s*$/i.exec(s);
  if (!m) return norm(s);
  return `${String(Number(m[1])).padStart(2, '0')}:${m[2] ?? '00'} ${(m[3] ?? '').toUpperCase()}M`;
};

/** The child an entry speaks of: a name (student, name, student_name) or an id mapped through the roster. */
function childOf(entry: Record<string, unknown>, roster: Record<string, string>): string {
  const name = str(first(entry, ['student', 'name', 'student_name', 'full_name']));
  if (name) return norm(name);
  const id = str(first(entry, ['student_id', 'id']));
  return norm(roster[id] ?? `unknown id ${id}`);
}

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isRecord) : []);

/** The slots of every call of one tool, as a sorted list of strings (so equal slots compare equal). */
export function slots(name: string, calls: ToolCallLike[], roster: Record<string, string>): string[] {
  const out: string[] = [];
  for (const call of calls) {
    if (call.name !== name) continue;
    const a = call.args;
    if (name === 'mark_attendance') {
      const date = str(a.date).trim();
      for (const e of list(a.student_attendance_list))
        out.push(`${date} ${childOf(e, roster)}: ${norm(str(e.attendance_status))}`);
    } else if (name === 'create_observation') {
      for (const e of list(a.observation_entries))
        out.push(`${childOf(e, roster)} ${str(e.date).trim()} ${norm(str(e.type_of_anecdote) || 'general')}`);
    } else if (name === 'draft_announcement') {
      const scheduled = a.schedule_later === true || a.schedule_later === 'true';
      out.push(`${str(a.date).trim()} scheduled=${scheduled}${scheduled ? ` ${normTime(str(a.time))}` : ''}`);
    } else if (name === 'mentioned_students') {
      for (const e of list(a.students)) out.push(childOf(e, roster));
    } else if (name === 'log_care') {
      for (const e of list(a.care_entries)) {
        const d = isRecord(e.details) ? e.details : {};
        const details = CARE_SLOTS.filter((k) => d[k] !== undefined)
          .map((k) => `${k}=${k === 'end' && typeof d[k] === 'string' ? normTime(d[k]) : norm(String(d[k]))}`)
          .join(',');
        out.push(`${childOf(e, roster)} ${norm(str(e.kind))} ${str(e.date).trim()} ${normTime(str(e.time))} {${details}}`);
      }
    } else if (name === 'class_question') {
      const child = first(a, ['student', 'student_name', 'student_id']) === undefined ? '' : childOf(a, roster);
      out.push(`${str(a.kind)} ${str(a.from)}..${str(a.to)} child=${child} area=${norm(str(a.area))}`);
    } else {
      out.push(JSON.stringify(a));
    }
  }
  return [...new Set(out)].sort();
}

const ratio = (n: number, d: number) => (d === 0 ? 1 : n / d);

/**
 * Scores predictions against cases. Predictions are paired with cases in order; when the text of the
 * prediction at the same position differs, the first unused prediction with the same text is used, and a
 * case without a prediction counts as predicting nothing.
 */
export function score(cases: EvalCase[], predictions: Prediction[], roster: Record<string, string>): Report {
  const used = new Set<number>();
  const perTool: Record<string, ToolScore> = {};
  for (const t of TOOLS) perTool[t] = { precision: 1, recall: 1, tp: 0, fp: 0, fn: 0 };
  const failures: Failure[] = [];
  let intentOk = 0;
  let slotsOk = 0;
  cases.forEach((c, i) => {
    let at = predictions[i] && norm(predictions[i].text) === norm(c.text) && !used.has(i) ? i : -1;
    if (at < 0) at = predictions.findIndex((p, j) => !used.has(j) && norm(p.text) === norm(c.text));
    if (at >= 0) used.add(at);
    const predicted = at >= 0 ? (predictions[at]?.tool_calls ?? []) : [];
    const want = new Set(c.expected.map((e) => e.name));
    const got = new Set(predicted.map((p) => p.name));
    const problems: string[] = [];
    for (const name of new Set([...want, ...got])) {
      const s = perTool[name] ?? { precision: 1, recall: 1, tp: 0, fp: 0, fn: 0 };
      perTool[name] = s;
      if (want.has(name) && got.has(name)) s.tp++;
      else if (got.has(name)) {
        s.fp++;
        problems.push(`unexpected ${name}`);
      } else {
        s.fn++;
        problems.push(`missing ${name}`);
      }
    }
    const intentMatch = problems.length === 0;
    if (intentMatch) intentOk++;
    let slotMatch = want.size > 0 || got.size === 0;
    for (const name of want) {
      const e = slots(name, c.expected, roster);
      const p = slots(name, predicted, roster);
      if (e.join('|') !== p.join('|')) {
        slotMatch = false;
        if (got.has(name)) problems.push(`${name}: expected [${e.join('; ')}] got [${p.join('; ')}]`);
      }
    }
    if (slotMatch) slotsOk++;
    if (!intentMatch || !slotMatch)
      failures.push({ text: c.text, expected: [...want], predicted: predicted.map((p) => p.name), problems });
  });
  for (const s of Object.values(perTool)) {
    s.precision = ratio(s.tp, s.tp + s.fp);
    s.recall = ratio(s.tp, s.tp + s.fn);
  }
  return {
    sentences: cases.length,
    intentAccuracy: ratio(intentOk, cases.length),
    slotExactMatch: ratio(slotsOk, cases.length),
    perTool,
    failures,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** A plain-text summary of a report. */
export function formatReport(r: Report, title = 'evaluation'): string {
  const lines = [
    `${title}: ${r.sentences} sentences`,
    `  intent accuracy  ${pct(r.intentAccuracy)}`,
    `  slot exact-match ${pct(r.slotExactMatch)}`,
  ];
  for (const [name, s] of Object.entries(r.perTool))
    lines.push(
      `  ${name.padEnd(20)} precision ${pct(s.precision)}  recall ${pct(s.recall)}  (tp ${s.tp}, fp ${s.fp}, fn ${s.fn})`,
    );
  return lines.join('\n');
}
