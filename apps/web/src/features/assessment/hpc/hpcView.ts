import {
  FEEDBACK_KINDS,
  type FeedbackKind,
  type FeedbackQuestion,
  HPC_LEVELS,
  type HpcLevel,
  type HpcStatus,
  SELF_ANSWERS,
  type SelfAnswer,
} from '@cue/contract';

/*
 * What the progress card and feedback pages compute from the server's answers, kept apart from the
 * screens so it is tested on its own.
 */

/** A picture question's answers in the order their faces show: smiling, straight, sad. */
export const SELF_CHOICES: readonly SelfAnswer[] = SELF_ANSWERS;

/** A feedback form's status → its badge's colour. */
export const FORM_STATUS_COLOR = { draft: 'gray', open: 'teal', closed: 'dark' } as const;

/** Status → the badge's colour. */
export const STATUS_COLOR: Record<HpcStatus, string> = { not_started: 'gray', in_progress: 'yellow', complete: 'teal' };

/**
 * The level nearest an average of levels (1 Stream … 3 Sky): halves round up, as a teacher would read
 * "between Mountain and Sky" as Sky. Null without ratings.
 */
export function levelOfAverage(average: number | null | undefined): HpcLevel | null {
  if (average === null || average === undefined || Number.isNaN(average)) return null;
  const index = Math.min(HPC_LEVELS.length, Math.max(1, Math.floor(average + 0.5))) - 1;
  return HPC_LEVELS[index] ?? null;
}

/** An average of levels as it is read next to its icon: one decimal, none when whole ("2", "2.3"). */
export const averageText = (average: number, language: string): string =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(Math.round(average * 10) / 10);

/** A whole share in percent, 0 when there is nothing to count. */
export const percentOf = (part: number, whole: number): number =>
  whole > 0 ? Math.round((Math.min(part, whole) / whole) * 100) : 0;

/** A descriptor's distribution as segments of a bar: each level and the not rated, with their share. */
export function distribution(row: { beginner: number; progressing: number; proficient: number; not_rated: number }): {
  key: HpcLevel | 'not_rated';
  count: number;
  percent: number;
}[] {
  const keys = [...HPC_LEVELS, 'not_rated'] as const;
  const total = keys.reduce((sum, k) => sum + row[k], 0);
  return keys.map((key) => ({ key, count: row[key], percent: total > 0 ? (row[key] / total) * 100 : 0 }));
}

/** The feedback kind of the address (`/assessment/feedback/:kind`), parent when none or unknown. */
export const feedbackKindOf = (value: string | undefined): FeedbackKind =>
  (FEEDBACK_KINDS as readonly string[]).includes(value ?? '') ? (value as FeedbackKind) : 'parent';

/**
 * A question's stored key made from its text: lower-case Latin letters, digits and underscores, at most
 * 40 (the contract's pattern), unique among `taken`. Text with no Latin letters or digits (a question
 * written in Arabic or Hebrew) is keyed by its place, `q1`, `q2`…
 */
export function questionKey(text: string, taken: Iterable<string>, place: number): string {
  const used = new Set(taken);
  const slug = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 36)
    .replace(/_+$/, '');
  const stem = slug || `q${place}`;
  if (!used.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const candidate = `${stem}_${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A question as the form's editor holds it: the key only once the form was saved with it. */
export type QuestionDraft = { key?: string; text: string; answer: FeedbackQuestion['answer']; required: boolean };

/**
 * Questions with their stored keys: a saved question keeps its key (its answers are stored under it),
 * a new one gets one made from its text, unique in the form.
 */
export function keyQuestions(drafts: QuestionDraft[]): FeedbackQuestion[] {
  const taken = drafts.flatMap((d) => (d.key ? [d.key] : []));
  return drafts.map((d, i) => {
    const key = d.key ?? questionKey(d.text, taken, i + 1);
    if (!d.key) taken.push(key);
    return { key, text: d.text.trim(), answer: d.answer, required: d.required };
  });
}

export interface Answer {
  text?: string;
  choice?: string;
  media_link?: string;
}

/** Whether an answer says something (written text, a choice, a recording). */
export const answered = (a: Answer | undefined): boolean => !!a && (!!a.text?.trim() || !!a.choice || !!a.media_link);

/** The required questions left without an answer, in the form's order. */
export const missingRequired = (questions: FeedbackQuestion[], answers: Record<string, Answer>): string[] =>
  questions.filter((q) => q.required && !answered(answers[q.key])).map((q) => q.key);

/** Only the answers that say something (trimmed), as the server stores them. */
export function cleanAnswers(answers: Record<string, Answer>): Record<string, Answer> {
  const out: Record<string, Answer> = {};
  for (const [key, a] of Object.entries(answers)) {
    if (!answered(a)) continue;
    const text = a.text?.trim();
    out[key] = {
      ...(text ? { text } : {}),
      ...(a.choice ? { choice: a.choice } : {}),
      ...(a.media_link ? { media_link: a.media_link } : {}),
    };
  }
  return out;
}

/** The narrative to save, or null when it did not change (a blur without typing saves nothing). */
export const narrativeChange = (saved: string, draft: string): string | null => (draft.trim() === saved.trim() ? null : draft);
