import { ASSESSMENT_MESSAGES, ERROR_CODES, HPC_DESCRIPTOR_KEYS, HPC_DOMAINS, ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let rohan: string; // Aarav's father
let mona: string; // teacher at Moonbeam, another school of the organization
let periodId: string; // the current period
let otherPeriodId: string; // another period of the school, locked in a test
const nurseryA = demoId('class:nurseryA');
const toddlers = demoId('class:toddlers');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const kabir = demoId('student:Kabir Khan');
const meera = demoId('student:Meera Nair');
const adam = demoId('student:Adam Nassar');

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
const errorOf = (res: { json(): unknown }) => res.json() as { code: string; message: string; errors?: { field: string }[] };
const wireDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
const getCard = async (token: string, id: string, query = '') =>
  expectResponse(ROUTES.hpcCard, await req('GET', `/api/hpc/students/${id}${query}`, token)).result;
const save = (token: string, id: string, body: object) =>
  req('PUT', `/api/hpc/students/${id}`, token, { period_id: periodId, ...body });

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
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

describe('who may reach progress cards', () => {
  it('asks for sign-in on every route', async () => {
    for (const [method, url] of [
      ['GET', `/api/hpc/classes/${nurseryA}/students`],
      ['GET', `/api/hpc/classes/${nurseryA}/summary`],
      ['GET', `/api/hpc/students/${aarav}`],
      ['PUT', `/api/hpc/students/${aarav}`],
      ['GET', `/api/hpc/students/${aarav}/progress`],
    ] as const)
      expect((await req(method, url, undefined, method === 'PUT' ? { period_id: periodId } : undefined)).statusCode).toBe(401);
  });

  it("refuses families, another class's teacher (403) and another school (404)", async () => {
    expect((await req('GET', `/api/hpc/students/${aarav}`, rohan)).statusCode).toBe(403);
    expect((await save(rohan, aarav, { narrative: 'x' })).statusCode).toBe(403);
    expect((await req('GET', `/api/hpc/classes/${nurseryA}/students`, rohan)).statusCode).toBe(403);
    expect((await req('GET', `/api/hpc/students/${aarav}`, neha)).statusCode).toBe(403);
    expect((await save(neha, aarav, { narrative: 'x' })).statusCode).toBe(403);
    expect((await req('GET', `/api/hpc/classes/${nurseryA}/students`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/hpc/classes/${nurseryA}/summary`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/hpc/students/${aarav}/progress`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/hpc/students/${aarav}`, mona)).statusCode).toBe(404);
    expect((await save(mona, aarav, { narrative: 'x' })).statusCode).toBe(404);
    expect((await req('GET', `/api/hpc/classes/${nurseryA}/students`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/hpc/classes/${nurseryA}/summary`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/hpc/students/${aarav}/progress`, mona)).statusCode).toBe(404);
    // Sunrise's people do not reach Moonbeam's children either.
    expect((await req('GET', `/api/hpc/students/${adam}`, anita)).statusCode).toBe(404);
    expect((await req('GET', `/api/hpc/classes/${toddlers}/students`, tara)).statusCode).toBe(404);
    expect((await req('GET', `/api/hpc/students/${aarav}?period_id=${'f'.repeat(24)}`, tara)).statusCode).toBe(404);
  });
});

describe('a child’s card', () => {
  it('is not started until first saved, and lists the template’s descriptors as not rated', async () => {
    const card = await getCard(tara, meera);
    expect(card).toMatchObject({
      status: 'not_started',
      ratings: {},
      self: {},
      narrative: '',
      student: { _id: meera, name: 'Meera Nair', class_id: nurseryA, class_name: 'Nursery A' },
      abilities: { can_edit: true },
      updated_at: null,
    });
    expect(card.period._id).toBe(periodId);
  });

  it('refuses descriptors and statements not of the template, a long narrative and another child’s evidence', async () => {
    const bad = await save(tara, kabir, { ratings: { juggling: { level: 'proficient' } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: ERROR_CODES.validation, errors: [{ field: 'ratings' }] });
    const badLevel = await save(tara, kabir, { ratings: { numeracy: { level: 'expert' } } });
    expect(badLevel.statusCode).toBe(400);
    const badSelf = await save(tara, kabir, { self: { likes_homework: 'yes' } });
    expect(badSelf.statusCode).toBe(400);
    expect(errorOf(badSelf).errors?.[0]?.field).toBe('self');
    expect((await save(tara, kabir, { self: { enjoy_school: 'always' } })).statusCode).toBe(400);
    expect((await save(tara, kabir, { narrative: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await req('PUT', `/api/hpc/students/${kabir}`, tara, { narrative: 'no period' })).statusCode).toBe(400);
    // An observation of Diya named as Kabir's evidence.
    const made = expectResponse(
      ROUTES.observationCreate,
      await req('POST', '/api/observations/', tara, {
        class_id: nurseryA,
        observation_entries: [{ student_id: diya, date: wireDay(2), general_note: 'Diya sorted the shapes' }],
      }),
    ).result.observation_entries[0];
    const foreign = await save(tara, kabir, {
      ratings: { numeracy: { level: 'progressing', evidence: [{ kind: 'observation', id: made?.id }] } },
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).message).toBe(ASSESSMENT_MESSAGES.evidenceOfChild);
    expect((await getCard(tara, kabir)).status).toBe('not_started');
  });

  it('proposes a descriptor from a new observation, with the level its words say, until it is rated', async () => {
    const before = await getCard(tara, aarav);
    const made = expectResponse(
      ROUTES.observationCreate,
      await req('POST', '/api/observations/', tara, {
        class_id: nurseryA,
        observation_entries: [{ student_id: aarav, date: wireDay(1), general_note: 'Aarav counted ten blocks independently' }],
      }),
    ).result.observation_entries[0];
    if (!made) throw new Error('no observation');
    const card = await getCard(tara, aarav);
    const numeracy = card.suggestions.find((s) => s.descriptor === 'numeracy');
    expect(numeracy).toMatchObject({ level: 'proficient' });
    expect(numeracy?.evidence[0]).toMatchObject({ kind: 'observation', id: made.id });
    expect(numeracy?.reason).toContain('"count"');
    expect(numeracy?.reason).toContain('"independently"');
    expect(numeracy?.evidence.length).toBeLessThanOrEqual(5);
    // Not a word of reading, writing or movement: no suggestion came for them from it.
    for (const key of ['reading', 'writing', 'gross_motor'])
      expect(card.suggestions.find((s) => s.descriptor === key)?.evidence.some((e) => e.id === made.id) ?? false).toBe(false);
    expect(card.suggestions.length).toBeGreaterThanOrEqual(before.suggestions.filter((s) => s.descriptor !== 'numeracy').length);

    // The teacher confirms the suggestion: it becomes a rating with its evidence, and is no longer proposed.
    const saved = expectResponse(
      ROUTES.hpcCardSave,
      await save(tara, aarav, {
        ratings: { numeracy: { level: numeracy?.level, from_evidence: true, evidence: [{ kind: 'observation', id: made.id }] } },
      }),
    );
    expect(saved.message).toBe(ASSESSMENT_MESSAGES.cardSaved);
    expect(saved.result.ratings.numeracy).toEqual({
      level: 'proficient',
      from_evidence: true,
      evidence: [{ kind: 'observation', id: made.id }],
    });
    expect(saved.result.evidence).toEqual([expect.objectContaining({ kind: 'observation', id: made.id })]);
    expect(saved.result.suggestions.find((s) => s.descriptor === 'numeracy')).toBeUndefined();
    expect(saved.result.status).toBe('in_progress');
    expect(saved.result.updated_by).toBe('Tara Menon');
  });

  it('changes only the keys sent, clears a rating with null, and is complete with every rating, a narrative and a self answer', async () => {
    const first = expectResponse(
      ROUTES.hpcCardSave,
      await save(tara, kabir, { ratings: { gross_motor: { level: 'beginner' }, fine_motor: { level: 'progressing' } } }),
    ).result;
    expect(Object.keys(first.ratings).sort()).toEqual(['fine_motor', 'gross_motor']);
    const second = expectResponse(
      ROUTES.hpcCardSave,
      await save(tara, kabir, {
        ratings: { gross_motor: null, reading: { level: 'proficient' } },
        self: { enjoy_school: 'yes' },
      }),
    ).result;
    expect(second.ratings).toEqual({
      fine_motor: { level: 'progressing', evidence: [], from_evidence: false },
      reading: { level: 'proficient', evidence: [], from_evidence: false },
    });
    expect(second.self).toEqual({ enjoy_school: 'yes' });
    const all = Object.fromEntries(HPC_DESCRIPTOR_KEYS.map((k) => [k, { level: 'progressing' }]));
    const rated = expectResponse(ROUTES.hpcCardSave, await save(tara, kabir, { ratings: all })).result;
    expect(rated.status).toBe('in_progress'); // no narrative yet
    expect(rated.self).toEqual({ enjoy_school: 'yes' });
    const done = expectResponse(
      ROUTES.hpcCardSave,
      await save(tara, kabir, { narrative: 'Kabir has grown in confidence.' }),
    ).result;
    expect(done.status).toBe('complete');
    const cleared = expectResponse(ROUTES.hpcCardSave, await save(tara, kabir, { self: { enjoy_school: null } })).result;
    expect(cleared.status).toBe('in_progress');
    expect(cleared.narrative).toBe('Kabir has grown in confidence.');
    expect(Object.keys(cleared.ratings)).toHaveLength(HPC_DESCRIPTOR_KEYS.length);
    expect(cleared.suggestions).toEqual([]);
    expectResponse(ROUTES.hpcCardSave, await save(tara, kabir, { self: { enjoy_school: 'sometimes', count_things: 'yes' } }));
  });

  it('keeps both of two teachers’ ratings saved at the same moment', async () => {
    const child = demoId('student:Vihaan Gupta');
    const keys = ['gross_motor', 'fine_motor', 'health_habits', 'self_awareness', 'relationships', 'care_respect'];
    const answers = await Promise.all(
      keys.map((k, i) => save(i % 2 ? anita : tara, child, { ratings: { [k]: { level: 'beginner' } } })),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    const card = await getCard(tara, child);
    expect(Object.keys(card.ratings).sort()).toEqual([...keys].sort());
  });

  it('refuses changes to a locked period (409) and shows it read only', async () => {
    expectResponse(ROUTES.periodLock, await req('POST', `/api/assessment_periods/${otherPeriodId}/lock`, anita));
    try {
      const locked = await req('PUT', `/api/hpc/students/${aarav}`, tara, {
        period_id: otherPeriodId,
        ratings: { reading: { level: 'beginner' } },
      });
      expect(locked.statusCode).toBe(409);
      expect(errorOf(locked)).toMatchObject({ code: ERROR_CODES.periodLocked, message: ASSESSMENT_MESSAGES.periodLockedRefusal });
      const card = await getCard(tara, aarav, `?period_id=${otherPeriodId}`);
      expect(card).toMatchObject({ status: 'not_started', abilities: { can_edit: false } });
      expect(card.period.locked).toBe(true);
    } finally {
      expectResponse(ROUTES.periodUnlock, await req('POST', `/api/assessment_periods/${otherPeriodId}/unlock`, anita));
    }
  });
});

describe('the class’s cards', () => {
  it('lists every child with the state of their card and how many descriptors are proposed', async () => {
    const list = expectResponse(ROUTES.hpcStudents, await req('GET', `/api/hpc/classes/${nurseryA}/students`, tara)).result;
    expect(list.class).toEqual({ _id: nurseryA, name: 'Nursery A' });
    expect(list.students).toHaveLength(12);
    const kabirRow = list.students.find((s) => s._id === kabir);
    expect(kabirRow).toMatchObject({
      status: 'complete',
      rated: 17,
      total: 17,
      has_self: true,
      has_narrative: true,
      suggestions: 0,
    });
    const aaravRow = list.students.find((s) => s._id === aarav);
    expect(aaravRow).toMatchObject({ status: 'in_progress', rated: 1, has_self: false, has_narrative: false });
    const aaravCard = await getCard(tara, aarav);
    expect(aaravRow?.suggestions).toBe(aaravCard.suggestions.length);
    expect(list.students.find((s) => s._id === meera)?.status).toBe('not_started');
    expect(list.complete).toBe(list.students.filter((s) => s.status === 'complete').length);
    expect(list.complete).toBeGreaterThanOrEqual(1);
  });

  it('sums each descriptor’s levels over the class and averages each child’s domains', async () => {
    const summary = expectResponse(
      ROUTES.hpcClassSummary,
      await req('GET', `/api/hpc/classes/${nurseryA}/summary`, anita),
    ).result;
    expect(summary.descriptors).toHaveLength(17);
    for (const d of summary.descriptors) expect(d.beginner + d.progressing + d.proficient + d.not_rated).toBe(12);
    const numeracy = summary.descriptors.find((d) => d.descriptor === 'numeracy');
    expect(numeracy).toMatchObject({ domain: 'cognitive', proficient: 1, progressing: 1, not_rated: 10 });
    const aaravRow = summary.students.find((s) => s._id === aarav);
    expect(aaravRow?.domains).toMatchObject({ cognitive: 3, physical: null });
    const kabirRow = summary.students.find((s) => s._id === kabir);
    for (const d of HPC_DOMAINS) expect(kabirRow?.domains[d.key]).toBe(2);
  });

  it('follows a child over the periods that have a card', async () => {
    expectResponse(
      ROUTES.hpcCardSave,
      await req('PUT', `/api/hpc/students/${aarav}`, tara, {
        period_id: otherPeriodId,
        ratings: { numeracy: { level: 'beginner' } },
      }),
    );
    const progress = expectResponse(ROUTES.hpcProgress, await req('GET', `/api/hpc/students/${aarav}/progress`, tara)).result;
    expect(progress.student._id).toBe(aarav);
    expect(progress.periods.map((p) => p.period._id).sort()).toEqual([periodId, otherPeriodId].sort());
    const starts = progress.periods.map((p) => p.period.start_date.split('-').reverse().join('-'));
    expect([...starts].sort()).toEqual(starts);
    const now = progress.periods.find((p) => p.period._id === periodId);
    expect(now).toMatchObject({ ratings: { numeracy: 'proficient' }, domains: { cognitive: 3 }, status: 'in_progress' });
  });
});
