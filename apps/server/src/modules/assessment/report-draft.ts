import type { EvidenceRef } from '@cue/contract';

/*
 * Cue's draft of a report comment, written from evidence only: each sentence is one piece of the
 * child's recorded evidence of the period in that area (an observation's note, a story's words, a
 * photo's caption) or one grade of a task linked to the area, said in a fixed frame with the child's
 * first name. Nothing is added that the evidence does not say, and nothing leaves the server: no model
 * is asked. Judgement (what it shows, what next) is the teacher's.
 */

export interface DraftEvidence {
  kind: EvidenceRef['kind'];
  id: string;
  /** ISO day. */
  date: string;
  title: string;
  text: string;
}
export interface DraftGrade {
  taskId: string;
  title: string;
  /** ISO day. */
  date: string;
  /** How the grade reads: a level's label, or "8 out of 10". */
  shown: string;
  /** The evidence the grade was linked to. */
  evidence: EvidenceRef[];
}
export interface DraftSentence {
  text: string;
  evidence: EvidenceRef[];
  task_id?: string;
}

/** At most this many sentences per comment. */
export const MAX_SENTENCES = 3;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const ending = (text: string) => (text === '' || /[.!?…]$/.test(text) ? text : `${text}.`);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Irregular past tenses notes often start with ("Built a tower…"); regular ones end in -ed. */
const PAST = new Set(
  'built drew made said told ran sang took wrote went found chose gave held put read saw tried knew began brought caught did fed fell felt got grew heard hid hung kept led left lent let lit lost meant met paid rode rang rose sat shook shot slept spoke spent stood stuck swam swept swung taught thought threw understood woke wore won'.split(
    ' ',
  ),
);
const PRONOUN = /^(he|she|they)\b/i;

/** The first sentence of a text (a story's words may run long). */
function firstSentence(text: string): string {
  const t = clean(text);
  const match = t.match(/^.*?[.!?…](\s|$)/);
  return clean(match ? match[0] : t);
}

/**
 * A note about the child as a third-person sentence with their first name: a note that names the child
 * keeps its words (the full name shortened to the first); "He/She/They …" and a note starting with a
 * past-tense verb ("Counted ten blocks") get the first name as subject; any other note is said as what
 * was noted about the child.
 */
export function aboutChild(note: string, fullName: string): string {
  const first = fullName.split(' ')[0] ?? fullName;
  let t = ending(clean(note));
  if (t === '') return '';
  if (fullName.trim() && fullName !== first) t = t.replace(new RegExp(escapeRegex(fullName), 'gi'), first);
  if (new RegExp(`\\b${escapeRegex(first)}\\b`, 'i').test(t)) return upperFirst(t);
  if (PRONOUN.test(t)) return t.replace(PRONOUN, first);
  const word = (t.split(' ')[0] ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (word.endsWith('ed') || PAST.has(word)) return `${first} ${lowerFirst(t)}`;
  return `${first}: ${lowerFirst(t)}`;
}

export function evidenceSentence(e: DraftEvidence, fullName: string): string {
  if (e.kind === 'story') {
    const words = firstSentence(e.text);
    return words ? aboutChild(words, fullName) : `${fullName.split(' ')[0]} appears in the story “${clean(e.title)}”.`;
  }
  const text = clean(e.text) || clean(e.title);
  return aboutChild(text, fullName);
}

export function gradeSentence(g: DraftGrade, fullName: string): string {
  const first = fullName.split(' ')[0] ?? fullName;
  return `In ${clean(g.title)} ${first} reached ${clean(g.shown)}.`;
}

/**
 * One area's comment from its evidence and grades: 1–3 sentences, each from one piece, taking the
 * latest recorded evidence and grades in turn; null when there is nothing to say.
 */
export function draftComment(input: {
  fullName: string;
  evidence: readonly DraftEvidence[];
  grades: readonly DraftGrade[];
}): DraftSentence[] | null {
  const byDate = <T extends { date: string }>(rows: readonly T[]) => [...rows].sort((a, b) => b.date.localeCompare(a.date));
  const evidence = byDate(input.evidence).filter((e) => clean(e.text) !== '' || clean(e.title) !== '');
  const graded = byDate(input.grades).filter((g) => clean(g.shown) !== '');
  const out: DraftSentence[] = [];
  const seen = new Set<string>();
  for (let i = 0; out.length < MAX_SENTENCES && (i < evidence.length || i < graded.length); i++) {
    const e = evidence[i];
    if (e) {
      const text = evidenceSentence(e, input.fullName);
      if (text && !seen.has(text)) {
        seen.add(text);
        out.push({ text, evidence: [{ kind: e.kind, id: e.id }] });
      }
    }
    const g = graded[i];
    if (g && out.length < MAX_SENTENCES) {
      const text = gradeSentence(g, input.fullName);
      if (!seen.has(text)) {
        seen.add(text);
        out.push({ text, evidence: g.evidence, task_id: g.taskId });
      }
    }
  }
  return out.length ? out : null;
}

/** A comment's words from its sentences. */
export const joinSentences = (sentences: readonly { text: string }[]) => sentences.map((s) => s.text).join(' ');

/**
 * A comment's words as the copy check compares them: the child's names replaced, whitespace, case and
 * punctuation folded, so "Aarav counts to ten." and "Diya counts to ten" are the same words.
 */
export function comparable(text: string, fullName: string): string {
  let t = ` ${text.toLowerCase()} `;
  const names = [fullName, ...fullName.split(' ')].map((n) => n.trim().toLowerCase()).filter((n) => n.length > 1);
  for (const n of names) t = t.replace(new RegExp(`\\b${escapeRegex(n)}\\b`, 'g'), ' @ ');
  return t
    .replace(/[^\p{L}\p{N}@]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
