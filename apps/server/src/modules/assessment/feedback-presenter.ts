import type { FeedbackForm, FeedbackKind, feedbackResponseSchema, feedbackSummarySchema } from '@cue/contract';
import type { z } from 'zod';
import { signMedia } from '../../platform/media-urls.js';
import type { FormRow, ResponseRow } from './feedback-repo.js';

type Answers = ResponseRow['answers'];

/** Answers with their voice links signed for the reader. */
function presentAnswers(answers: Answers): Answers {
  const out: Answers = {};
  for (const [key, a] of Object.entries(answers))
    out[key] = a.media_link ? { ...a, media_link: signMedia(a.media_link) } : { ...a };
  return out;
}

export function presentForm(
  row: FormRow,
  counts: { responses: number; expected: number },
  abilities: FeedbackForm['abilities'],
): FeedbackForm {
  return {
    _id: row.id,
    kind: row.kind as FeedbackKind,
    period_id: row.periodId,
    period_name: row.periodName,
    title: row.title,
    questions: row.questions.map((q) => ({ ...q, answer: q.answer as FeedbackForm['questions'][number]['answer'] })),
    class_ids: row.classIds,
    status: row.status as FeedbackForm['status'],
    responses: counts.responses,
    expected: counts.expected,
    abilities,
  };
}

export function presentResponse(row: ResponseRow, studentName: string): z.infer<typeof feedbackResponseSchema> {
  return {
    _id: row.id,
    form_id: row.formId,
    student_id: row.studentId,
    student_name: studentName,
    respondent: row.respondentName,
    answers: presentAnswers(row.answers),
    submitted_at: row.submittedAt.toISOString(),
  };
}

/** A response as the progress card and the report card read it: each answered question with its answer as text. */
export function presentSummary(
  row: ResponseRow & { formTitle: string; formKind: string; questions: FormRow['questions'] },
): z.infer<typeof feedbackSummarySchema> {
  const answers = row.questions.flatMap((q) => {
    const a = row.answers[q.key];
    if (!a) return [];
    return [{ question: q.text, answer: a.text ?? a.choice ?? '', media_link: a.media_link ? signMedia(a.media_link) : null }];
  });
  return {
    form_id: row.formId,
    kind: row.formKind as FeedbackKind,
    title: row.formTitle,
    respondent: row.respondentName,
    submitted_at: row.submittedAt.toISOString(),
    answers,
  };
}
