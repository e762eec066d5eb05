import { ASSESSMENT_MESSAGES, ERROR_CODES, type ReportEntry, type ReportSet, ROUTES, todayIn } from '@cue/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aboutChild, comparable, draftComment } from '../src/modules/assessment/report-draft.js';
import { assessmentTasks, gradeScales, grades, hpcCards, reportEntries } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import {
  bearer,
  createTestApp,
  expectResponse,
  exportFinished,
  parentToken,
  pdfText,
  staffToken,
  type TestApp,
} from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise: assessment management and class manager
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let nehaParent: string; // Neha as the parent of Diya
let rohan: string; // parent of Aarav (Nursery A)
let mona: string; // teacher at Moonbeam, another school of the organization
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });

let periodId: string;
let templateId: string;
let set: ReportSet;
let aaravEntry: string;
let otherEntry: string;
let otherName: string;
/** Two learning areas of Nursery A in which Aarav has no evidence yet in the period. */
let areaX: string;
let areaY: string;
let observed: string[] = [];
let taskId: string;
const sunrise = demoId('school:sunrise');

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, nehaParent, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
  const periods = expectResponse(ROUTES.periodList, await req('GET', '/api/assessment_periods/', anita)).result;
  const current = periods.find((p) => p.current) ?? periods[0];
  if (!current) throw new Error('no period');
  periodId = current._id;
});
afterAll(() => t.close());

const finished = (token: string, id: string) => exportFinished(t, token, id);

/**
 * Whether a PDF's text holds the words: Arabic comes out in its joined presentation forms (NFKC folds
 * them back) and a right-to-left line may be held in visual (reversed) order, so both readings count.
 */
function holds(text: string, words: string): boolean {
  const fold = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ');
  const want = fold(words);
  // Reversed by code point before folding, so a lam-alef ligature unfolds in reading order.
  return [fold(text), fold([...text].reverse().join(''))].some((s) => s.includes(want));
}

const entryOf = async (id: string, token = tara) =>
  expectResponse(ROUTES.reportEntryGet, await req('GET', `/api/report_entries/${id}`, token)).result;

describe("a draft's words", () => {
  it('says each note about the child in the third person with their first name, adding nothing', () => {
    expect(aboutChild('Counted ten blocks independently', 'Aarav Sharma')).toBe('Aarav counted ten blocks independently.');
    expect(aboutChild('She built a bridge.', 'Ira Sharma')).toBe('Ira built a bridge.');
    expect(aboutChild('aarav sharma shared the crayons', 'Aarav Sharma')).toBe('Aarav shared the crayons.');
    expect(aboutChild('Very interested in the snail', 'Aarav Sharma')).toBe('Aarav: very interested in the snail.');
    expect(aboutChild('   ', 'Aarav Sharma')).toBe('');
  });

  it('takes at most three pieces, newest first, each sentence with its one source', () => {
    const evidence = [1, 2, 3, 4].map((n) => ({
      kind: 'observation' as const,
      id: `o${n}`,
      date: `2026-10-0${n}`,
      title: '',
      text: `Jumped ${n} times`,
    }));
    const out = draftComment({ fullName: 'Aarav Sharma', evidence, grades: [] });
    expect(out?.map((s) => [s.text, s.evidence.map((e) => e.id)])).toEqual([
      ['Aarav jumped 4 times.', ['o4']],
      ['Aarav jumped 3 times.', ['o3']],
      ['Aarav jumped 2 times.', ['o2']],
    ]);
    expect(draftComment({ fullName: 'Aarav Sharma', evidence: [], grades: [] })).toBeNull();
  });

  it('compares comments without the names, case, spacing and punctuation', () => {
    expect(comparable('Aarav  counts to ten!', 'Aarav Sharma')).toBe(comparable('Diya counts to ten.', 'Diya Patel'));
    expect(comparable('Aarav counts to ten', 'Aarav Sharma')).not.toBe(comparable('Diya counts to nine', 'Diya Patel'));
  });
});

describe('report templates', () => {
  it('gives a school the default term report on first read, which every staff member reads', async () => {
    const list = expectResponse(ROUTES.reportTemplateList, await req('GET', '/api/report_templates/', tara)).result;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'Term report', show_logo: true, archived: false, abilities: { can_edit: false } });
    expect(list[0]?.sections.map((s) => s.kind)).toEqual(['attendance', 'comments', 'grades', 'hpc', 'text', 'signatures']);
    expect(list[0]?.sections[1]?.title).toBe('Learning and development');
    expect(list[0]?.sections[4]?.text.length).toBeGreaterThan(10);
    templateId = list[0]?._id ?? '';
    const again = expectResponse(ROUTES.reportTemplateList, await req('GET', '/api/report_templates/', anita)).result;
    expect(again.map((x) => x._id)).toEqual([templateId]);
    expect(again[0]?.abilities.can_edit).toBe(true);
  });

  it('are made, changed and archived by assessment admins only', async () => {
    const body = { name: 'Short report', sections: [{ kind: 'comments', title: 'Comments' }], head_name: 'Mrs Rao' };
    expect((await req('POST', '/api/report_templates/', undefined, body)).statusCode).toBe(401);
    expect((await req('POST', '/api/report_templates/', tara, body)).statusCode).toBe(403);
    expect((await req('POST', '/api/report_templates/', rohan, body)).statusCode).toBe(403);
    expect((await req('POST', '/api/report_templates/', anita, { ...body, sections: [] })).statusCode).toBe(400);
    const made = expectResponse(ROUTES.reportTemplateCreate, await req('POST', '/api/report_templates/', anita, body));
    expect(made.message).toBe(ASSESSMENT_MESSAGES.templateCreated);
    expect(made.result).toMatchObject({ name: 'Short report', head_name: 'Mrs Rao', show_logo: true });
    const url = `/api/report_templates/${made.result._id}`;
    expect((await req('PUT', url, mona, body)).statusCode).toBe(403);
    const changed = expectResponse(ROUTES.reportTemplateUpdate, await req('PUT', url, anita, { ...body, name: 'Shorter' }));
    expect(changed.result.name).toBe('Shorter');
    expect((await req('DELETE', url, tara)).statusCode).toBe(403);
    expectResponse(ROUTES.reportTemplateArchive, await req('DELETE', url, anita));
    const list = expectResponse(ROUTES.reportTemplateList, await req('GET', '/api/report_templates/', anita)).result;
    expect(list.find((x) => x._id === made.result._id)?.archived).toBe(true);
    // An archived template makes no new set.
    const refused = await req('POST', '/api/report_sets/', anita, {
      class_id: nurseryA,
      period_id: periodId,
      template_id: made.result._id,
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe('report sets', () => {
  it('are created by an assessment admin for a class and period, an entry per child with a comment per area', async () => {
    const body = { class_id: nurseryA, period_id: periodId, template_id: templateId };
    expect((await req('POST', '/api/report_sets/', undefined, body)).statusCode).toBe(401);
    expect((await req('POST', '/api/report_sets/', tara, body)).statusCode).toBe(403);
    expect((await req('POST', '/api/report_sets/', rohan, body)).statusCode).toBe(403);
    expect((await req('POST', '/api/report_sets/', anita, { ...body, class_id: 'nope' })).statusCode).toBe(400);
    const made = expectResponse(ROUTES.reportSetCreate, await req('POST', '/api/report_sets/', anita, body));
    expect(made.message).toBe(ASSESSMENT_MESSAGES.reportSetCreated);
    set = made.result;
    expect(set).toMatchObject({ class_id: nurseryA, status: 'draft', language: 'en', template_name: 'Term report' });
    expect(set.abilities).toEqual({ can_edit: true, can_lock: true, can_unlock: false, can_share: false });
    expect(set.entries.length).toBeGreaterThan(1);
    expect(set.entries.every((e) => e.areas > 0 && e.comments_written === 0 && !e.pdf_ready)).toBe(true);
    const mine = set.entries.find((e) => e.student_id === aarav);
    if (!mine) throw new Error('Aarav has no entry');
    aaravEntry = mine._id;
    const other = set.entries.find((e) => e.student_id !== aarav);
    otherEntry = other?._id ?? '';
    otherName = other?.student_name ?? '';

    const twice = await req('POST', '/api/report_sets/', anita, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: ASSESSMENT_MESSAGES.reportAlreadyExists, code: ERROR_CODES.conflict });
  });

  it("are read by the class's staff and admins; another school's is not found, another class's teacher refused", async () => {
    const url = `/api/report_sets/${set._id}`;
    const asTara = expectResponse(ROUTES.reportSetGet, await req('GET', url, tara)).result;
    expect(asTara.abilities).toEqual({ can_edit: true, can_lock: false, can_unlock: false, can_share: false });
    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', url, mona)).statusCode).toBe(404);
    expect((await req('GET', url, neha)).statusCode).toBe(403);
    expect((await req('GET', url, rohan)).statusCode).toBe(403);
    expect((await req('GET', '/api/report_sets/nope', tara)).statusCode).toBe(400);

    const list = expectResponse(ROUTES.reportSetList, await req('GET', `/api/report_sets/?period_id=${periodId}`, tara)).result;
    expect(list.map((s) => s._id)).toEqual([set._id]);
    expect(list[0]?.children).toBe(set.entries.length);
    expect(expectResponse(ROUTES.reportSetList, await req('GET', '/api/report_sets/', neha)).result).toEqual([]);
    expect(expectResponse(ROUTES.reportSetList, await req('GET', '/api/report_sets/', mona)).result).toEqual([]);
    expect((await req('GET', '/api/report_sets/?class_id=nope', tara)).statusCode).toBe(400);
    expect((await req('GET', '/api/report_sets/', rohan)).statusCode).toBe(403);
  });
});

describe("a child's report entry", () => {
  it("shows the comments by area, the child's evidence of the period, and what the caller may do", async () => {
    const url = `/api/report_entries/${aaravEntry}`;
    const entry = await entryOf(aaravEntry);
    expect(entry.student).toMatchObject({ _id: aarav, name: 'Aarav Sharma' });
    expect(entry.comments.length).toBeGreaterThan(2);
    expect(entry.comments.every((c) => c.area_name !== '' && c.text === '' && !c.drafted)).toBe(true);
    expect(entry.abilities).toEqual({ can_edit: true, can_sign_off: true });
    expect(entry.pdf_link).toBeNull();
    const withEvidence = new Set(entry.evidence.flatMap((e) => e.area_ids));
    const free = entry.comments.filter((c) => !withEvidence.has(c.area_id));
    if (free.length < 2) throw new Error('Aarav has evidence in nearly every area');
    areaX = free[0]?.area_id ?? '';
    areaY = free[1]?.area_id ?? '';

    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', url, mona)).statusCode).toBe(404);
    expect((await req('GET', url, neha)).statusCode).toBe(403);
    expect((await req('GET', url, rohan)).statusCode).toBe(403);
  });

  it('drafts comments only from the evidence of each area, every sentence naming its observation', async () => {
    const today = todayIn('UTC', t.clock.now());
    const day = `${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`;
    observed = [];
    for (const note of ['Counted ten blocks independently', 'He sorted the shells by size and named the biggest one']) {
      const made = expectResponse(
        ROUTES.observationCreate,
        await req('POST', '/api/observations/', tara, {
          class_id: nurseryA,
          learning_area_ids: [areaX],
          observation_entries: [{ student_id: aarav, date: day, general_note: note }],
        }),
      ).result;
      observed.push(made.observation_entries[0]?._id ?? '');
    }
    // A grade of a task linked to the area (the gradebook's tables, written straight).
    const scaleId = newId();
    taskId = newId();
    await t.database.db.insert(gradeScales).values({
      id: scaleId,
      schoolId: sunrise,
      name: 'Early years levels',
      kind: 'levels',
      levels: [{ code: 'exceeding', label: 'Exceeding', value: 3 }],
    });
    await t.database.db.insert(assessmentTasks).values({
      id: taskId,
      schoolId: sunrise,
      classId: nurseryA,
      periodId,
      title: 'Counting to twenty',
      subject: 'Maths',
      scaleId,
      learningAreaId: areaX,
      dueDate: today,
      createdBy: demoId('user:9000000003'),
    });
    await t.database.db.insert(grades).values({ taskId, studentId: aarav, schoolId: sunrise, value: 'exceeding' });
    const url = `/api/report_entries/${aaravEntry}/draft`;
    expect((await req('POST', url, undefined, {})).statusCode).toBe(401);
    expect((await req('POST', url, neha, {})).statusCode).toBe(403);
    expect((await req('POST', url, mona, {})).statusCode).toBe(404);
    expect((await req('POST', url, rohan, {})).statusCode).toBe(403);
    expect((await req('POST', url, tara, { area_ids: ['nope'] })).statusCode).toBe(400);
    const nothing = await req('POST', url, tara, { area_ids: [areaY] });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ code: ERROR_CODES.nothingToDraft, message: ASSESSMENT_MESSAGES.nothingToDraft });

    const drafted = expectResponse(ROUTES.reportEntryDraft, await req('POST', url, tara, { area_ids: [areaX, areaY] }));
    expect(drafted.message).toBe(ASSESSMENT_MESSAGES.reportDrafted);
    const x = drafted.result.comments.find((c) => c.area_id === areaX);
    const y = drafted.result.comments.find((c) => c.area_id === areaY);
    expect(x?.drafted).toBe(true);
    expect(x?.signed_off_at).toBeNull();
    expect(x?.sentences).toHaveLength(3);
    const fromGrade = x?.sentences.filter((s) => s.task_id);
    expect(fromGrade?.map((s) => [s.task_id, s.text])).toEqual([[taskId, 'In Counting to twenty Aarav reached Exceeding.']]);
    for (const s of x?.sentences.filter((s) => !s.task_id) ?? []) {
      expect(s.evidence).toHaveLength(1);
      expect(s.evidence[0]?.kind).toBe('observation');
      expect(observed).toContain(s.evidence[0]?.id);
      expect(s.text.startsWith('Aarav ')).toBe(true);
    }
    expect(new Set(x?.sentences.filter((s) => !s.task_id).map((s) => s.evidence[0]?.id))).toEqual(new Set(observed));
    expect(x?.text).toContain('Aarav counted ten blocks independently.');
    expect(x?.text).toContain('Aarav sorted the shells by size and named the biggest one.');
    expect(y).toMatchObject({ text: '', sentences: [], drafted: false });
  });

  it("saves comments of the class's areas: new words undo the draft and the sign-off; an empty comment is not signed off", async () => {
    const url = `/api/report_entries/${aaravEntry}`;
    expect((await req('PUT', url, undefined, {})).statusCode).toBe(401);
    expect((await req('PUT', url, neha, { teacher_note: 'x' })).statusCode).toBe(403);
    expect((await req('PUT', url, mona, { teacher_note: 'x' })).statusCode).toBe(404);
    expect((await req('PUT', url, rohan, { teacher_note: 'x' })).statusCode).toBe(403);
    expect((await req('PUT', url, tara, { comments: [{ area_id: 'nope', text: 'x' }] })).statusCode).toBe(400);
    const empty = await req('PUT', url, tara, { sign_off: { [areaY]: true } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ASSESSMENT_MESSAGES.signOffEmpty);

    const before = (await entryOf(aaravEntry)).comments.find((c) => c.area_id === areaX);
    // The draft's sentences sent back unchanged: still Cue's draft, and signed off.
    const kept = expectResponse(
      ROUTES.reportEntryUpdate,
      await req('PUT', url, tara, {
        comments: [{ area_id: areaX, text: before?.text ?? '', sentences: before?.sentences }],
        sign_off: { [areaX]: true },
        teacher_note: 'A calm and curious term.',
      }),
    ).result;
    const signed = kept.comments.find((c) => c.area_id === areaX);
    expect(signed).toMatchObject({ drafted: true, signed_off_by: 'Tara Menon' });
    expect(signed?.signed_off_at).not.toBeNull();
    expect(kept.teacher_note).toBe('A calm and curious term.');

    const typed = expectResponse(
      ROUTES.reportEntryUpdate,
      await req('PUT', url, tara, { comments: [{ area_id: areaY, text: 'Enjoys the garden every morning.' }] }),
    ).result.comments.find((c) => c.area_id === areaY);
    expect(typed).toMatchObject({ text: 'Enjoys the garden every morning.', drafted: false, sentences: [], signed_off_at: null });

    const edited = expectResponse(
      ROUTES.reportEntryUpdate,
      await req('PUT', url, tara, { comments: [{ area_id: areaX, text: `${before?.text} Loves numbers.` }] }),
    ).result.comments.find((c) => c.area_id === areaX);
    expect(edited).toMatchObject({ drafted: false, signed_off_by: null, signed_off_at: null, sentences: [] });
    // A locked period's reports do not change.
    expectResponse(ROUTES.periodLock, await req('POST', `/api/assessment_periods/${periodId}/lock`, anita));
    const inLocked = await req('PUT', url, tara, { teacher_note: 'Too late' });
    expect(inLocked.statusCode).toBe(409);
    expect(inLocked.json().code).toBe(ERROR_CODES.periodLocked);
    expect((await req('POST', `${url}/draft`, tara, {})).statusCode).toBe(409);
    expect((await entryOf(aaravEntry)).abilities).toEqual({ can_edit: false, can_sign_off: false });
    expectResponse(ROUTES.periodUnlock, await req('POST', `/api/assessment_periods/${periodId}/unlock`, anita));

    // Back to the draft's words and sentences, signed off again.
    expectResponse(
      ROUTES.reportEntryUpdate,
      await req('PUT', url, tara, {
        comments: [{ area_id: areaX, text: before?.text ?? '', sentences: before?.sentences }],
        sign_off: { [areaX]: true },
      }),
    );
  });
});

describe('the report check', () => {
  it('finds missing, unsupported, copied and unsigned comments and areas without evidence', async () => {
    const url = `/api/report_sets/${set._id}/check`;
    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', url, mona)).statusCode).toBe(404);
    expect((await req('GET', url, neha)).statusCode).toBe(403);
    expect((await req('GET', url, rohan)).statusCode).toBe(403);
    // The other child gets the same words as Aarav's typed comment, their own name aside.
    const first = otherName.split(' ')[0] ?? '';
    expectResponse(
      ROUTES.reportEntryUpdate,
      await req('PUT', `/api/report_entries/${otherEntry}`, tara, {
        comments: [{ area_id: areaY, text: 'Enjoys  the garden every morning.' }],
      }),
    );
    const check = expectResponse(ROUTES.reportSetCheck, await req('GET', url, tara)).result;
    expect(check.ok).toBe(false);
    const of = (entry: string, area: string) =>
      check.findings.filter((f) => f.entry_id === entry && f.area_id === area).map((f) => f.kind);
    // Aarav's drafted, signed-off comment has evidence and is fine.
    expect(of(aaravEntry, areaX)).toEqual([]);
    expect(of(aaravEntry, areaY).sort()).toEqual(
      ['area_without_evidence', 'comment_without_evidence', 'copied_comment', 'not_signed_off'].sort(),
    );
    const copied = check.findings.find((f) => f.entry_id === aaravEntry && f.kind === 'copied_comment');
    expect(copied?.others).toEqual([otherName]);
    expect(copied?.area_name).not.toBeNull();
    expect(check.findings.find((f) => f.entry_id === otherEntry && f.kind === 'copied_comment')?.others).toEqual([
      'Aarav Sharma',
    ]);
    const missing = check.findings.filter((f) => f.kind === 'missing_comment');
    expect(missing.some((f) => f.entry_id === otherEntry && f.area_id === areaX)).toBe(true);
    expect(first.length).toBeGreaterThan(0);
  });
});

describe('locking, the PDFs and sharing', () => {
  const lockUrl = () => `/api/report_sets/${set._id}/lock`;

  async function lockAndPrepare(language: 'en' | 'ar' | 'he') {
    const started = expectResponse(ROUTES.reportSetLock, await req('POST', lockUrl(), anita, { language }));
    expect(started.result.kind).toBe('report_cards');
    const done = await finished(anita, started.result.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    // The job's own file: the whole class's reports, one after another.
    const whole = await t.request({ method: 'GET', url: done.file_link ?? '' });
    expect(whole.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const entry = await entryOf(aaravEntry);
    expect(entry.status).toBe('locked');
    expect(entry.pdf_link).toMatch(/^\/media\/.+\.pdf\?exp=/);
    const file = await t.request({ method: 'GET', url: entry.pdf_link ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    return { text: pdfText(file.rawPayload), whole: pdfText(whole.rawPayload), entry };
  }

  it('refuses to share a set before it is locked, and lets only assessment admins lock', async () => {
    const share = await req('POST', `/api/report_sets/${set._id}/share`, anita);
    expect(share.statusCode).toBe(409);
    expect(share.json().code).toBe(ERROR_CODES.reportNotReady);
    expect((await req('POST', lockUrl(), undefined, {})).statusCode).toBe(401);
    expect((await req('POST', lockUrl(), tara, {})).statusCode).toBe(403);
    expect((await req('POST', lockUrl(), rohan, {})).statusCode).toBe(403);
    expect((await req('POST', lockUrl(), mona, {})).statusCode).toBe(403);
    expect((await req('POST', lockUrl(), anita, { language: 'fr' })).statusCode).toBe(400);
    expect((await req('POST', `/api/report_sets/${set._id}/share`, tara)).statusCode).toBe(403);
    expect((await req('POST', `/api/report_sets/${set._id}/unlock`, tara)).statusCode).toBe(403);
  });

  it('prints the report in Arabic with its sections, right to left', async () => {
    const { text } = await lockAndPrepare('ar');
    for (const words of [
      'Aarav Sharma',
      'الحضور',
      'التعلم والنمو',
      'الدرجات',
      'بطاقة التقدم الشامل',
      'الخطوات التالية في المنزل',
      'التوقيعات',
      // The product's learning areas are printed in the report's language.
      'التواصل واللغة',
      'الرياضيات',
    ])
      expect(holds(text, words), words).toBe(true);
    expect(text).not.toContain('Communication and Language');
    expect(holds(text, 'Aarav counted ten blocks independently.')).toBe(true);
  });

  it('refuses comment changes while locked, and unlocks back to a draft without its PDFs', async () => {
    const refused = await req('PUT', `/api/report_entries/${aaravEntry}`, tara, { teacher_note: 'Later' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ERROR_CODES.reportLocked);
    const draft = await req('POST', `/api/report_entries/${aaravEntry}/draft`, tara, {});
    expect(draft.statusCode).toBe(409);
    const unlocked = expectResponse(ROUTES.reportSetUnlock, await req('POST', `/api/report_sets/${set._id}/unlock`, anita));
    expect(unlocked.result.status).toBe('draft');
    expect(unlocked.result.entries.every((e) => !e.pdf_ready)).toBe(true);
    expect((await entryOf(aaravEntry)).pdf_link).toBeNull();
  });

  it('prints the report in Hebrew with its sections', async () => {
    const { text } = await lockAndPrepare('he');
    for (const words of [
      'Aarav Sharma',
      'נוכחות',
      'למידה והתפתחות',
      'ציונים',
      'כרטיס התקדמות הוליסטי',
      'הצעדים הבאים בבית',
      'חתימות',
    ])
      expect(holds(text, words), words).toBe(true);
    expectResponse(ROUTES.reportSetUnlock, await req('POST', `/api/report_sets/${set._id}/unlock`, anita));
  });

  it('prints the report in English, shares it once every PDF is ready, and families download their own', async () => {
    // Aarav's progress card (the progress cards' table, written straight).
    await t.database.db.insert(hpcCards).values({
      id: newId(),
      schoolId: sunrise,
      studentId: aarav,
      periodId,
      classId: nurseryA,
      ratings: { gross_motor: { level: 'proficient', evidence: [], from_evidence: false } },
      self: { enjoy_school: 'yes' },
      narrative: 'Aarav loves the climbing frame.',
    });
    const { text, whole } = await lockAndPrepare('en');
    for (const words of [
      'Aarav Sharma',
      'Nursery',
      'Attendance',
      'Present:',
      'Learning and development',
      'Aarav counted ten blocks independently.',
      'Grades',
      'Holistic progress card',
      'Moves with balance, coordination and control (running, jumping, climbing): Sky',
      'Aarav loves the climbing frame.',
      'I enjoy coming to school: Yes',
      'Counting to twenty',
      'Maths',
      'Exceeding',
      'Next steps at home',
      'Signatures',
      'Tara Menon',
    ])
      expect(text, words).toContain(words);
    // The class's file holds every child's report.
    expect(whole).toContain('Aarav Sharma');
    expect(whole).toContain(otherName);

    // One PDF missing: not ready to share.
    const [row] = await t.database.db
      .select({ pdfKey: reportEntries.pdfKey })
      .from(reportEntries)
      .where(eq(reportEntries.id, otherEntry));
    await t.database.db.update(reportEntries).set({ pdfKey: null }).where(eq(reportEntries.id, otherEntry));
    const early = await req('POST', `/api/report_sets/${set._id}/share`, anita);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: ERROR_CODES.reportNotReady, message: ASSESSMENT_MESSAGES.reportNotReady });
    await t.database.db.update(reportEntries).set({ pdfKey: row?.pdfKey }).where(eq(reportEntries.id, otherEntry));

    expect(expectResponse(ROUTES.familyReports, await req('GET', '/api/family/report_cards', rohan)).result).toEqual([]);
    const shared = expectResponse(ROUTES.reportSetShare, await req('POST', `/api/report_sets/${set._id}/share`, anita));
    expect(shared.message).toBe(ASSESSMENT_MESSAGES.reportSetShared);
    expect(shared.result).toMatchObject({ status: 'shared' });
    expect(shared.result.shared_at).not.toBeNull();
    expect(shared.result.abilities).toEqual({ can_edit: false, can_lock: false, can_unlock: false, can_share: false });

    const mine = expectResponse(ROUTES.familyReports, await req('GET', '/api/family/report_cards', rohan)).result;
    expect(mine.map((r) => r.student_id)).toEqual([aarav]);
    expect(mine[0]).toMatchObject({ student_name: 'Aarav Sharma', language: 'en' });
    const file = await t.request({ method: 'GET', url: mine[0]?.file_link ?? '' });
    expect(file.statusCode).toBe(200);
    expect(pdfText(file.rawPayload)).toContain('Aarav Sharma');
    // With report cards switched off at the school, families see none.
    const reportsOn = async (on: boolean) =>
      expect((await req('PUT', '/api/school_permissions/', anita, { permissions: { 'report.enabled': on } })).statusCode).toBe(
        200,
      );
    await reportsOn(false);
    expect(expectResponse(ROUTES.familyReports, await req('GET', '/api/family/report_cards', rohan)).result).toEqual([]);
    await reportsOn(true);
    expect(expectResponse(ROUTES.familyReports, await req('GET', '/api/family/report_cards', rohan)).result).toHaveLength(1);
    // Another family sees none of it; staff and strangers do not use the families' list.
    // (Neha's Diya is in Nursery A too: her family sees Diya's report only.)
    const theirs = expectResponse(ROUTES.familyReports, await req('GET', '/api/family/report_cards', nehaParent)).result;
    expect(theirs.map((r) => r.student_id)).toEqual([demoId('student:Diya Patel')]);
    expect(theirs[0]?.file_link).not.toBe(mine[0]?.file_link);
    expect((await req('GET', '/api/family/report_cards')).statusCode).toBe(401);
    expect((await req('GET', '/api/family/report_cards', tara)).statusCode).toBe(403);
    // Without its signature the file is not served.
    expect((await t.request({ method: 'GET', url: (mine[0]?.file_link ?? '').split('?')[0] ?? '' })).statusCode).toBe(403);

    // Shared report cards stay shared: no unlock, no changes, no new lock.
    const unlock = await req('POST', `/api/report_sets/${set._id}/unlock`, anita);
    expect(unlock.statusCode).toBe(409);
    expect((await req('POST', lockUrl(), anita, {})).statusCode).toBe(409);
    expect((await req('PUT', `/api/report_entries/${aaravEntry}`, tara, { teacher_note: 'x' })).statusCode).toBe(409);

    // The families are told by email (the job runs on the queue), and their open apps at once.
    const toldLive: string[][] = [];
    t.services.events.on('report.shared', (e) => toldLive.push(e.userIds));
    await t.services.jobs.runDue();
    expect(toldLive.flat()).toContain(demoId('user:9000000004'));
    const mails = (await t.services.email.recent?.(200, sunrise)) ?? [];
    const told = mails.filter((m) => m.subject.includes('report card'));
    expect(told.some((m) => m.to === 'rohan.sharma@family.example' && m.subject.includes('Aarav Sharma'))).toBe(true);
    expect(told.some((m) => m.subject.includes('Diya Patel'))).toBe(true);
  });
});

export type { ReportEntry };
