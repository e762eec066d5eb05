import { ASSESSMENT_MESSAGES, ERROR_CODES, ROUTES } from '@cue/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARENT_FORM_TITLE, seedDemoAssessmentHpcIfEmpty } from '../src/seed/assessment-hpc.js';
import { demoId } from '../src/seed/demo.js';
import { seedDemoHistoryIfMissing } from '../src/seed/history.js';
import { seedDemoStoriesIfEmpty } from '../src/seed/stories.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let nehaFamily: string; // Neha as Diya Patel's mother (Nursery A): a second family
let rohan: string; // Aarav's (Nursery A) and Ira's (Kindergarten B) father
let mona: string; // teacher at Moonbeam, another school of the organization
let periodId: string;
let otherPeriodId: string;
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const toddlers = demoId('class:toddlers');
const aarav = demoId('student:Aarav Sharma');
const ira = demoId('student:Ira Sharma');
const diya = demoId('student:Diya Patel');

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
const errorOf = (res: { json(): unknown }) => res.json() as { code: string; message: string; errors?: { field: string }[] };

const parentForm = () => ({
  kind: 'parent',
  period_id: periodId,
  title: 'Home this term',
  class_ids: [nurseryA],
  status: 'open',
  questions: [
    { key: 'at_home', text: 'What does your child enjoy at home?', answer: 'text', required: true },
    { key: 'happy', text: 'Is your child happy to come to school?', answer: 'picture' },
    { key: 'overall', text: 'How is the term going?', answer: 'scale' },
  ],
});
const selfForm = () => ({
  kind: 'self',
  period_id: periodId,
  title: 'Me this term',
  class_ids: [nurseryA],
  status: 'open',
  questions: [
    { key: 'friends', text: 'I play with my friends', answer: 'picture', required: true },
    { key: 'voice', text: 'Tell us about your favourite game', answer: 'voice' },
  ],
});
const create = async (token: string, body: object) =>
  expectResponse(ROUTES.feedbackCreate, await req('POST', '/api/feedback_forms/', token, body)).result;
const respond = (token: string, formId: string, body: object) =>
  req('POST', `/api/feedback_forms/${formId}/responses`, token, body);

/** A file uploaded through the app's upload route (the one observations' photos use); its link. */
async function uploaded(token: string): Promise<string> {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f59f00' } })
    .png()
    .toBuffer();
  const boundary = '----cue-feedback-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="answer.png"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await t.request({
    method: 'POST',
    url: '/api/media/',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  return expectResponse(ROUTES.mediaUpload, res).result.media_link;
}

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, rohan, mona, nehaFamily] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
    parentToken(t, '9000000005'),
  ]);
  const periods = expectResponse(ROUTES.periodList, await req('GET', '/api/assessment_periods/', anita)).result;
  const current = periods.find((p) => p.current) ?? periods[0];
  const other = periods.find((p) => p._id !== current?._id);
  if (!current || !other) throw new Error('the school needs two periods');
  periodId = current._id;
  otherPeriodId = other._id;
});
afterAll(async () => {
  await t.close();
});

describe('feedback forms', () => {
  it('ask for sign-in on every route', async () => {
    const id = 'a'.repeat(24);
    for (const [method, url] of [
      ['GET', '/api/feedback_forms/'],
      ['POST', '/api/feedback_forms/'],
      ['GET', `/api/feedback_forms/${id}`],
      ['PUT', `/api/feedback_forms/${id}`],
      ['DELETE', `/api/feedback_forms/${id}`],
      ['POST', `/api/feedback_forms/${id}/responses`],
      ['GET', '/api/family/feedback_forms'],
    ] as const)
      expect((await req(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode).toBe(401);
  });

  it('refuse duplicate question keys, no questions, classes of another teacher (403) or school (404), and families', async () => {
    const dup = await req('POST', '/api/feedback_forms/', tara, {
      ...parentForm(),
      questions: [
        { key: 'a', text: 'One', answer: 'text' },
        { key: 'a', text: 'Two', answer: 'text' },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(errorOf(dup).errors?.[0]?.field).toBe('questions');
    const none = await req('POST', '/api/feedback_forms/', tara, { ...parentForm(), questions: [] });
    expect(none.statusCode).toBe(400);
    const badKey = await req('POST', '/api/feedback_forms/', tara, {
      ...parentForm(),
      questions: [{ key: 'Bad Key', text: 'x', answer: 'text' }],
    });
    expect(badKey.statusCode).toBe(400);
    expect((await req('POST', '/api/feedback_forms/', neha, parentForm())).statusCode).toBe(403);
    expect((await req('POST', '/api/feedback_forms/', tara, { ...parentForm(), class_ids: [kindergartenB] })).statusCode).toBe(
      403,
    );
    expect((await req('POST', '/api/feedback_forms/', tara, { ...parentForm(), class_ids: [toddlers] })).statusCode).toBe(404);
    expect((await req('POST', '/api/feedback_forms/', mona, parentForm())).statusCode).toBe(404);
    expect((await req('POST', '/api/feedback_forms/', rohan, parentForm())).statusCode).toBe(403);
    expect((await req('GET', '/api/feedback_forms/', rohan)).statusCode).toBe(403);
  });

  it('are made, listed, read and changed by their maker and class managers; others are refused', async () => {
    const made = expectResponse(ROUTES.feedbackCreate, await req('POST', '/api/feedback_forms/', tara, parentForm()));
    expect(made.message).toBe(ASSESSMENT_MESSAGES.formCreated);
    const form = made.result;
    expect(form).toMatchObject({
      kind: 'parent',
      period_id: periodId,
      class_ids: [nurseryA],
      status: 'open',
      responses: 0,
      expected: 12,
      abilities: { can_edit: true, can_delete: true, can_collect: false },
    });
    const listed = expectResponse(ROUTES.feedbackList, await req('GET', '/api/feedback_forms/?kind=parent', tara)).result;
    expect(listed.map((f) => f._id)).toContain(form._id);
    expect(expectResponse(ROUTES.feedbackList, await req('GET', '/api/feedback_forms/?kind=self', tara)).result).toEqual([]);
    // Neha teaches another class: the form is not hers to see.
    expect(expectResponse(ROUTES.feedbackList, await req('GET', '/api/feedback_forms/', neha)).result).toEqual([]);
    expect((await req('GET', `/api/feedback_forms/${form._id}`, neha)).statusCode).toBe(403);
    expect((await req('PUT', `/api/feedback_forms/${form._id}`, neha, { title: 'Mine' })).statusCode).toBe(403);
    expect((await req('DELETE', `/api/feedback_forms/${form._id}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/feedback_forms/${form._id}`, mona)).statusCode).toBe(404);
    expect((await req('PUT', `/api/feedback_forms/${form._id}`, mona, { title: 'Mine' })).statusCode).toBe(404);
    expect((await req('DELETE', `/api/feedback_forms/${form._id}`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/feedback_forms/${form._id}`, rohan)).statusCode).toBe(403);

    const detail = expectResponse(ROUTES.feedbackGet, await req('GET', `/api/feedback_forms/${form._id}`, anita)).result;
    expect(detail.students).toHaveLength(12);
    expect(detail.students.every((s) => s.response === null && s.class_id === nurseryA)).toBe(true);
    const renamed = expectResponse(
      ROUTES.feedbackUpdate,
      await req('PUT', `/api/feedback_forms/${form._id}`, anita, { title: 'Feedback from home' }),
    );
    expect(renamed.message).toBe(ASSESSMENT_MESSAGES.formSaved);
    expect(renamed.result).toMatchObject({ title: 'Feedback from home', questions: form.questions });
    const dup = await req('PUT', `/api/feedback_forms/${form._id}`, tara, {
      questions: [...form.questions, { key: 'happy', text: 'Again', answer: 'text' }],
    });
    expect(dup.statusCode).toBe(400);
  });

  it('can be deleted by their maker', async () => {
    const form = await create(tara, { ...parentForm(), title: 'A mistake', status: 'draft' });
    const gone = await req('DELETE', `/api/feedback_forms/${form._id}`, tara);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ result: true, message: ASSESSMENT_MESSAGES.formDeleted });
    expect((await req('GET', `/api/feedback_forms/${form._id}`, tara)).statusCode).toBe(404);
  });
});

describe('answers', () => {
  it('a family answers a parent form about its own child; answering again replaces its answers', async () => {
    const form = await create(tara, parentForm());
    const missing = await respond(rohan, form._id, { student_id: aarav, answers: { happy: { choice: 'yes' } } });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe(ASSESSMENT_MESSAGES.answerRequired);
    const badPicture = await respond(rohan, form._id, {
      student_id: aarav,
      answers: { at_home: { text: 'Lego' }, happy: { choice: 'maybe' } },
    });
    expect(badPicture.statusCode).toBe(400);
    const badScale = await respond(rohan, form._id, {
      student_id: aarav,
      answers: { at_home: { text: 'Lego' }, overall: { choice: '6' } },
    });
    expect(badScale.statusCode).toBe(400);
    const unknown = await respond(rohan, form._id, {
      student_id: aarav,
      answers: { at_home: { text: 'Lego' }, other: { text: 'x' } },
    });
    expect(unknown.statusCode).toBe(400);

    const first = expectResponse(
      ROUTES.feedbackRespond,
      await respond(rohan, form._id, {
        student_id: aarav,
        answers: { at_home: { text: 'Building with Lego' }, happy: { choice: 'yes' }, overall: { choice: '4' } },
      }),
    );
    expect(first.message).toBe(ASSESSMENT_MESSAGES.responseSaved);
    expect(first.result).toMatchObject({ student_id: aarav, student_name: 'Aarav Sharma', respondent: 'Rohan Sharma' });
    const again = expectResponse(
      ROUTES.feedbackRespond,
      await respond(rohan, form._id, { student_id: aarav, answers: { at_home: { text: 'Drawing' } } }),
    ).result;
    expect(again._id).toBe(first.result._id);
    expect(again.answers).toEqual({ at_home: { text: 'Drawing' } });

    const detail = expectResponse(ROUTES.feedbackGet, await req('GET', `/api/feedback_forms/${form._id}`, tara)).result;
    expect(detail.form.responses).toBe(1);
    expect(detail.students.find((s) => s._id === aarav)?.response?.answers).toEqual({ at_home: { text: 'Drawing' } });

    // The answers reach the child's progress card.
    const card = expectResponse(ROUTES.hpcCard, await req('GET', `/api/hpc/students/${aarav}`, tara)).result;
    expect(card.feedback).toContainEqual(
      expect.objectContaining({
        form_id: form._id,
        kind: 'parent',
        respondent: 'Rohan Sharma',
        answers: [{ question: 'What does your child enjoy at home?', answer: 'Drawing', media_link: null }],
      }),
    );
    const list = expectResponse(ROUTES.hpcStudents, await req('GET', `/api/hpc/classes/${nurseryA}/students`, tara)).result;
    expect(list.students.find((s) => s._id === aarav)?.feedback_count).toBeGreaterThanOrEqual(1);
  });

  it('a family cannot answer for another family’s child (404), nor peer or self forms (403); staff do not fill parent forms', async () => {
    const form = await create(tara, parentForm());
    const answers = { at_home: { text: 'x' } };
    expect((await respond(rohan, form._id, { student_id: diya, answers })).statusCode).toBe(404);
    // Ira is Rohan's, but not in the form's class.
    expect((await respond(rohan, form._id, { student_id: ira, answers })).statusCode).toBe(404);
    expect((await respond(tara, form._id, { student_id: aarav, answers })).statusCode).toBe(403);
    const self = await create(tara, selfForm());
    expect((await respond(rohan, self._id, { student_id: aarav, answers: { friends: { choice: 'yes' } } })).statusCode).toBe(403);
    // Another school's family or form does not exist.
    expect((await respond(mona, form._id, { student_id: aarav, answers })).statusCode).toBe(404);
  });

  it('a teacher of the child’s class collects a child’s own answers; another class’s teacher is refused', async () => {
    const self = await create(tara, selfForm());
    expect(self.abilities.can_collect).toBe(true);
    expect((await respond(neha, self._id, { student_id: aarav, answers: { friends: { choice: 'yes' } } })).statusCode).toBe(403);
    const noUpload = await respond(tara, self._id, {
      student_id: aarav,
      answers: { friends: { choice: 'yes' }, voice: { media_link: '/media/uploads/x/abc.webm' } },
    });
    expect(noUpload.statusCode).toBe(400);
    const saved = expectResponse(
      ROUTES.feedbackRespond,
      await respond(tara, self._id, { student_id: aarav, answers: { friends: { choice: 'sometimes' } } }),
    ).result;
    expect(saved).toMatchObject({ respondent: 'Tara Menon', answers: { friends: { choice: 'sometimes' } } });
    // A recorded answer is a file the respondent uploaded: their own, not a colleague's.
    const link = await uploaded(tara);
    const taken = await respond(anita, self._id, {
      student_id: aarav,
      answers: { friends: { choice: 'yes' }, voice: { media_link: link } },
    });
    expect(taken.statusCode).toBe(400);
    const voiced = expectResponse(
      ROUTES.feedbackRespond,
      await respond(tara, self._id, { student_id: aarav, answers: { friends: { choice: 'yes' }, voice: { media_link: link } } }),
    ).result;
    expect(voiced.answers.voice?.media_link?.split('?')[0]).toBe(link.split('?')[0]);
    expect(voiced.answers.voice?.media_link).toContain('sig=');
    // Ira is not in the form's classes.
    const stranger = await respond(anita, self._id, { student_id: ira, answers: { friends: { choice: 'yes' } } });
    expect(stranger.statusCode).toBe(400);
    expect(errorOf(stranger).code).toBe(ERROR_CODES.notInClass);
  });

  it('a closed or draft form takes no answers (409), and an answered question stays', async () => {
    const form = await create(tara, parentForm());
    expectResponse(
      ROUTES.feedbackRespond,
      await respond(rohan, form._id, { student_id: aarav, answers: { at_home: { text: 'Songs' }, happy: { choice: 'yes' } } }),
    );
    const removed = await req('PUT', `/api/feedback_forms/${form._id}`, tara, { questions: form.questions.slice(0, 1) });
    expect(removed.statusCode).toBe(400);
    const reworded = expectResponse(
      ROUTES.feedbackUpdate,
      await req('PUT', `/api/feedback_forms/${form._id}`, tara, {
        questions: [{ ...form.questions[0], text: 'What does your child like doing at home?' }, form.questions[1]],
      }),
    ).result;
    expect(reworded.questions).toHaveLength(2);
    const moved = await req('PUT', `/api/feedback_forms/${form._id}`, tara, { period_id: otherPeriodId });
    expect(moved.statusCode).toBe(400);
    expectResponse(ROUTES.feedbackUpdate, await req('PUT', `/api/feedback_forms/${form._id}`, tara, { status: 'closed' }));
    const closed = await respond(rohan, form._id, { student_id: aarav, answers: { at_home: { text: 'Songs' } } });
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed)).toMatchObject({ code: ERROR_CODES.formClosed, message: ASSESSMENT_MESSAGES.formClosed });
    const draft = await create(tara, { ...parentForm(), status: 'draft' });
    expect((await respond(rohan, draft._id, { student_id: aarav, answers: { at_home: { text: 'x' } } })).statusCode).toBe(409);
  });
});

describe('families', () => {
  it('see the open parent forms of their own children’s classes, with their own answers only', async () => {
    const form = await create(anita, { ...parentForm(), title: 'Both classes', class_ids: [nurseryA, kindergartenB] });
    expectResponse(
      ROUTES.feedbackRespond,
      await respond(rohan, form._id, { student_id: aarav, answers: { at_home: { text: 'Puzzles' } } }),
    );
    const mine = expectResponse(ROUTES.familyFeedback, await req('GET', '/api/family/feedback_forms', rohan)).result;
    const rows = mine.filter((r) => r.form._id === form._id);
    expect(rows.map((r) => r.student._id).sort()).toEqual([aarav, ira].sort());
    expect(rows.find((r) => r.student._id === aarav)?.response?.answers).toEqual({ at_home: { text: 'Puzzles' } });
    expect(rows.find((r) => r.student._id === ira)?.response).toBeNull();
    expect(mine.every((r) => r.form.kind === 'parent' && r.form.status === 'open')).toBe(true);

    const theirs = expectResponse(ROUTES.familyFeedback, await req('GET', '/api/family/feedback_forms', nehaFamily)).result;
    const diyaRows = theirs.filter((r) => r.form._id === form._id);
    expect(diyaRows.map((r) => r.student._id)).toEqual([diya]);
    expect(diyaRows[0]?.response).toBeNull();
    expect(theirs.some((r) => r.student._id === aarav)).toBe(false);
    expect((await req('GET', '/api/family/feedback_forms', tara)).statusCode).toBe(403);
  });
});

describe('a locked period', () => {
  it('refuses new forms, changes, deletions and answers (409)', async () => {
    const form = await create(tara, { ...parentForm(), period_id: otherPeriodId });
    expectResponse(ROUTES.periodLock, await req('POST', `/api/assessment_periods/${otherPeriodId}/lock`, anita));
    try {
      const made = await req('POST', '/api/feedback_forms/', tara, { ...parentForm(), period_id: otherPeriodId });
      expect(made.statusCode).toBe(409);
      expect(errorOf(made).code).toBe(ERROR_CODES.periodLocked);
      expect((await req('PUT', `/api/feedback_forms/${form._id}`, tara, { title: 'Changed' })).statusCode).toBe(409);
      expect((await req('DELETE', `/api/feedback_forms/${form._id}`, tara)).statusCode).toBe(409);
      const answered = await respond(rohan, form._id, { student_id: aarav, answers: { at_home: { text: 'x' } } });
      expect(answered.statusCode).toBe(409);
      expect(errorOf(answered).message).toBe(ASSESSMENT_MESSAGES.periodLockedRefusal);
      const read = expectResponse(ROUTES.feedbackGet, await req('GET', `/api/feedback_forms/${form._id}`, tara)).result;
      expect(read.form.abilities).toEqual({ can_edit: false, can_delete: false, can_collect: false });
      // A locked period's form is not offered to families.
      const family = expectResponse(ROUTES.familyFeedback, await req('GET', '/api/family/feedback_forms', rohan)).result;
      expect(family.some((r) => r.form._id === form._id)).toBe(false);
    } finally {
      expectResponse(ROUTES.periodUnlock, await req('POST', `/api/assessment_periods/${otherPeriodId}/unlock`, anita));
    }
  });
});

describe('the demo seed', () => {
  it('opens the term’s parent and self forms in Nursery A and begins Aarav’s card, once; Rohan has not answered', async () => {
    await seedDemoHistoryIfMissing(t.database.db, t.clock.now());
    await seedDemoStoriesIfEmpty(t.services, t.clock.now());
    expect(await seedDemoAssessmentHpcIfEmpty(t.services)).toBe(true);
    expect(await seedDemoAssessmentHpcIfEmpty(t.services)).toBe(false);
    const forms = expectResponse(ROUTES.feedbackList, await req('GET', '/api/feedback_forms/', tara)).result;
    const parent = forms.filter((f) => f.title === DEMO_PARENT_FORM_TITLE);
    expect(parent).toHaveLength(1);
    expect(parent[0]).toMatchObject({ kind: 'parent', status: 'open', class_ids: [nurseryA], period_id: periodId });
    expect(parent[0]?.questions.map((q) => q.answer)).toEqual(['text', 'picture', 'scale']);
    const self = forms.find((f) => f.kind === 'self' && f.title === 'All about me');
    expect(self?.questions.every((q) => q.answer === 'picture')).toBe(true);
    const family = expectResponse(ROUTES.familyFeedback, await req('GET', '/api/family/feedback_forms', rohan)).result;
    const row = family.find((r) => r.form.title === DEMO_PARENT_FORM_TITLE && r.student._id === aarav);
    expect(row?.response).toBeNull();
    const card = expectResponse(ROUTES.hpcCard, await req('GET', `/api/hpc/students/${aarav}`, tara)).result;
    expect(Object.keys(card.ratings)).toHaveLength(3);
    expect(card.narrative).not.toBe('');
    expect(card.status).toBe('in_progress');
    // The demo's records still propose descriptors for the teacher to confirm.
    expect(card.suggestions.length).toBeGreaterThanOrEqual(2);
  });
});
