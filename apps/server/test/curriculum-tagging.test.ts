import { CURRICULUM_MESSAGES, ERROR_CODES, ROUTES, type StatementRef, todayIn } from '@cue/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStatements } from '../src/modules/assessment/report-cards.js';
import type { Scope } from '../src/platform/auth/scope.js';
import { curriculumAspects, curriculumStatements, learningAreas } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId, FRAMEWORK_IDS } from '../src/seed/demo.js';
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

/*
 * Tagging observations, stories and units with curriculum statements: only live statements of the
 * class's frameworks may be added, a record keeps what it was tagged with (archived or reworded since,
 * with its old wording), families see the statements on what they see, and the report card lists the
 * statements a child's observations of the period showed.
 */

let t: TestApp;
let anita: string; // admin of Sunrise (curriculum editor, assessment admin)
let tara: string; // teacher of Nursery A
let rohan: string; // parent of Aarav (Nursery A)
const sunrise = demoId('school:sunrise');
const moonbeam = demoId('school:moonbeam');
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
const errorOf = (res: { json(): unknown }) => res.json() as { code: string; message: string; errors?: { field: string }[] };

/** Statements made for the test: under EYFS (Nursery A's framework) for Sunrise, under PYP, and Moonbeam's own. */
const ids = { count: '', shapes: '', listen: '', listenV2: '', pyp: '', moonbeam: '' };
let today = '';
let todayWire = '';

async function areaOf(framework: string, code?: string) {
  const rows = await t.database.db
    .select({ id: learningAreas.id, code: learningAreas.code })
    .from(learningAreas)
    .where(eq(learningAreas.curriculumId, framework));
  const row = code ? rows.find((r) => r.code === code) : rows[0];
  if (!row) throw new Error(`no area ${code ?? ''} in ${framework}`);
  return row.id;
}

async function statement(framework: string, areaId: string, schoolId: string, code: string, text: string) {
  const aspectId = newId();
  const id = newId();
  await t.database.db
    .insert(curriculumAspects)
    .values({ id: aspectId, curriculumId: framework, areaId, schoolId, code: `${code}-A`, name: `Aspect of ${code}` });
  await t.database.db
    .insert(curriculumStatements)
    .values({ id, curriculumId: framework, aspectId, schoolId, code, text, ageFromMonths: 36, ageToMonths: 60 });
  return id;
}

const observe = (payload: Record<string, unknown>, token = tara) =>
  req('POST', ROUTES.observationCreate.path, token, {
    class_id: nurseryA,
    observation_entries: [{ student_id: aarav, date: todayWire, general_note: 'Aarav counted the shells to seven' }],
    ...payload,
  });
const codes = (statements: readonly StatementRef[]) => statements.map((s) => s.code);

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, rohan] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    parentToken(t, '9000000004'),
  ]);
  // The demo school's day (its time zone is UTC): another zone's would be tomorrow for part of every day.
  today = todayIn('UTC', t.clock.now());
  todayWire = today.split('-').reverse().join('-');
  const [maths, cl, pypArea] = await Promise.all([
    areaOf(FRAMEWORK_IDS.eyfs, 'M'),
    areaOf(FRAMEWORK_IDS.eyfs, 'CL'),
    areaOf(FRAMEWORK_IDS.pyp),
  ]);
  ids.shapes = await statement(FRAMEWORK_IDS.eyfs, maths, sunrise, 'T-M-2', 'Names flat and solid shapes');
  ids.count = await statement(FRAMEWORK_IDS.eyfs, maths, sunrise, 'T-M-1', 'Counts objects to ten');
  ids.listen = await statement(FRAMEWORK_IDS.eyfs, cl, sunrise, 'T-CL-1', 'Listens attentively in a group');
  ids.pyp = await statement(FRAMEWORK_IDS.pyp, pypArea, sunrise, 'T-PYP-1', 'Wonders about the world');
  ids.moonbeam = await statement(FRAMEWORK_IDS.eyfs, maths, moonbeam, 'T-MB-1', "Moonbeam's own statement");
});
afterAll(() => t.close());

describe('tagging observations', () => {
  let tagged = '';

  it('answers the statements an observation is tagged with, by framework, area code and statement code', async () => {
    const res = await observe({ statement_ids: [ids.shapes, ids.listen, ids.count, ids.count] });
    const entry = expectResponse(ROUTES.observationCreate, res).result.observation_entries[0];
    if (!entry) throw new Error('no entry');
    tagged = entry._id;
    // CL before M (area codes), then T-M-1 before T-M-2; the repeated id counts once.
    expect(codes(entry.statements)).toEqual(['T-CL-1', 'T-M-1', 'T-M-2']);
    const count = entry.statements.find((s) => s._id === ids.count);
    expect(count).toEqual({
      _id: ids.count,
      code: 'T-M-1',
      text: 'Counts objects to ten',
      version: 1,
      archived: false,
      area: { _id: await areaOf(FRAMEWORK_IDS.eyfs, 'M'), code: 'M', name: 'Mathematics' },
      framework: { _id: FRAMEWORK_IDS.eyfs, name: 'EYFS' },
    });
    // The list answers them too, and filters by a statement.
    const list = expectResponse(
      ROUTES.observationList,
      await req('GET', `/api/observations/?class_id=${nurseryA}&statement_id=${ids.listen}`, tara),
    ).result;
    expect(list.items.map((o) => o._id)).toEqual([tagged]);
    expect(codes(list.items[0]?.statements ?? [])).toEqual(['T-CL-1', 'T-M-1', 'T-M-2']);
    const untagged = expectResponse(
      ROUTES.observationList,
      await req('GET', `/api/observations/?class_id=${nurseryA}`, tara),
    ).result.items.filter((o) => o._id !== tagged);
    expect(untagged.every((o) => o.statements.length === 0)).toBe(true);
  });

  it("refuses a statement of another framework, or another school's, as not of the class (400 statement_ids)", async () => {
    for (const id of [ids.pyp, ids.moonbeam, newId()]) {
      const res = await observe({ statement_ids: [ids.count, id] });
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe(ERROR_CODES.validation);
      expect(error.message).toBe(CURRICULUM_MESSAGES.statementsOfClass);
      expect(error.errors?.[0]?.field).toBe('statement_ids');
      // Nothing of Moonbeam's statement comes back in the refusal.
      expect(JSON.stringify(res.json())).not.toContain('Moonbeam');
    }
    const updated = await req('PUT', `/api/observations/${tagged}`, tara, { statement_ids: [ids.pyp] });
    expect(updated.statusCode).toBe(400);
    expect(errorOf(updated).errors?.[0]?.field).toBe('statement_ids');
  });

  it('replaces the set on update, and leaves it as it is when statement_ids is absent', async () => {
    const url = `/api/observations/${tagged}`;
    const noted = expectResponse(ROUTES.observationUpdate, await req('PUT', url, tara, { general_note: 'Counted to eight' }));
    expect(codes(noted.result.statements)).toEqual(['T-CL-1', 'T-M-1', 'T-M-2']);
    const fewer = expectResponse(ROUTES.observationUpdate, await req('PUT', url, tara, { statement_ids: [ids.count] }));
    expect(codes(fewer.result.statements)).toEqual(['T-M-1']);
    const more = expectResponse(
      ROUTES.observationUpdate,
      await req('PUT', url, tara, { statement_ids: [ids.count, ids.shapes, ids.listen] }),
    );
    expect(codes(more.result.statements)).toEqual(['T-CL-1', 'T-M-1', 'T-M-2']);
  });

  it('keeps an archived statement on the records tagged with it, and refuses it on new ones', async () => {
    const archived = await req('POST', `/api/curriculum/nodes/${ids.shapes}/archive`, anita, { kind: 'statement' });
    expect(archived.statusCode).toBe(200);
    const list = expectResponse(
      ROUTES.observationList,
      await req('GET', `/api/observations/?class_id=${nurseryA}&statement_id=${ids.shapes}`, tara),
    ).result;
    const old = list.items.find((o) => o._id === tagged);
    expect(old?.statements.find((s) => s._id === ids.shapes)).toMatchObject({
      archived: true,
      text: 'Names flat and solid shapes',
    });
    // A new observation may not add it.
    const refused = await observe({ statement_ids: [ids.shapes] });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors?.[0]?.field).toBe('statement_ids');
    // The old observation saved with it kept (and another live one added) is fine.
    const kept = expectResponse(
      ROUTES.observationUpdate,
      await req('PUT', `/api/observations/${tagged}`, tara, { statement_ids: [ids.shapes, ids.count, ids.listen] }),
    );
    expect(kept.result.statements.find((s) => s._id === ids.shapes)?.archived).toBe(true);
    // Taken off, it cannot come back.
    await req('PUT', `/api/observations/${tagged}`, tara, { statement_ids: [ids.count, ids.listen] });
    const back = await req('PUT', `/api/observations/${tagged}`, tara, { statement_ids: [ids.shapes, ids.count, ids.listen] });
    expect(back.statusCode).toBe(400);
  });

  it('keeps the old wording of a statement reworded after it was tagged', async () => {
    const reworded = await req('PUT', `/api/curriculum/nodes/${ids.listen}`, anita, {
      kind: 'statement',
      code: 'T-CL-1',
      name: 'Listens attentively and responds in a group',
    });
    expect(reworded.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ replacedBy: curriculumStatements.replacedBy })
      .from(curriculumStatements)
      .where(eq(curriculumStatements.id, ids.listen));
    expect(row?.replacedBy).toBeTruthy();
    ids.listenV2 = row?.replacedBy ?? '';
    const list = expectResponse(ROUTES.observationList, await req('GET', `/api/observations/?class_id=${nurseryA}`, tara)).result;
    const old = list.items.find((o) => o._id === tagged)?.statements.find((s) => s._id === ids.listen);
    expect(old).toMatchObject({ text: 'Listens attentively in a group', version: 1, archived: true });
    // A new observation takes the new version.
    const fresh = expectResponse(ROUTES.observationCreate, await observe({ statement_ids: [row?.replacedBy ?? ''] })).result
      .observation_entries[0];
    expect(fresh?.statements).toMatchObject([
      { text: 'Listens attentively and responds in a group', version: 2, archived: false },
    ]);
  });

  it("shows the family the statements of an observation shared with it, and nothing of the staff's own", async () => {
    const shared = expectResponse(ROUTES.observationCreate, await observe({ statement_ids: [ids.count] })).result
      .observation_entries[0];
    const staffOnly = expectResponse(ROUTES.observationCreate, await observe({ statement_ids: [ids.count], visibility: 'staff' }))
      .result.observation_entries[0];
    const mine = expectResponse(ROUTES.observationList, await req('GET', `/api/observations/?student_id=${aarav}`, rohan)).result;
    const seen = mine.items.find((o) => o._id === shared?._id);
    expect(codes(seen?.statements ?? [])).toEqual(['T-M-1']);
    expect(seen?.statements[0]?.text).toBe('Counts objects to ten');
    expect(mine.items.some((o) => o._id === staffOnly?._id)).toBe(false);
    // Archived and reworded ones show to the family as to the staff.
    const tagged0 = mine.items.find((o) => o._id === tagged);
    expect(tagged0?.statements.map((s) => [s.code, s.archived])).toEqual([
      ['T-CL-1', true],
      ['T-M-1', false],
    ]);
  });
});

describe('tagging stories and units', () => {
  it('tags a story, keeps its statements on a save without statement_ids, and shows them to the family once published', async () => {
    const body = {
      class_id: nurseryA,
      title: 'Counting shells',
      body: '<p>Aarav counted shells.</p>',
      story_date: todayWire,
      student_ids: [aarav],
      action: 'draft',
    };
    const refused = await req('POST', '/api/stories/', tara, { ...body, statement_ids: [ids.pyp] });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors?.[0]?.field).toBe('statement_ids');
    const made = expectResponse(
      ROUTES.storyCreate,
      await req('POST', '/api/stories/', tara, { ...body, statement_ids: [ids.count] }),
    );
    expect(codes(made.result.statements)).toEqual(['T-M-1']);
    const url = `/api/stories/${made.result._id}`;
    // A draft is not the family's.
    expect((await req('GET', url, rohan)).statusCode).toBe(404);
    const published = expectResponse(ROUTES.storyUpdate, await req('PUT', url, tara, { ...body, action: 'publish' }));
    expect(codes(published.result.statements)).toEqual(['T-M-1']);
    const asFamily = expectResponse(ROUTES.storyGet, await req('GET', url, rohan)).result;
    expect(asFamily.statements).toMatchObject([{ code: 'T-M-1', text: 'Counts objects to ten', archived: false }]);
    // The archived statement the story does not carry cannot be added; the list answers statements too.
    const archivedAdd = await req('PUT', url, tara, { ...body, action: 'publish', statement_ids: [ids.count, ids.shapes] });
    expect(archivedAdd.statusCode).toBe(400);
    const list = expectResponse(ROUTES.storyList, await req('GET', '/api/stories/', tara)).result;
    expect(codes(list.items.find((s) => s._id === made.result._id)?.statements ?? [])).toEqual(['T-M-1']);
  });

  it('tags a unit on create and on a change, versioning the statements as a key of their own', async () => {
    const start = todayWire;
    const refused = await req('POST', '/api/units/', tara, {
      title: 'Shells',
      class_ids: [nurseryA],
      start_date: start,
      end_date: start,
      statement_ids: [ids.moonbeam],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors?.[0]?.field).toBe('statement_ids');
    const made = expectResponse(
      ROUTES.unitCreate,
      await req('POST', '/api/units/', tara, {
        title: 'Shells',
        class_ids: [nurseryA],
        start_date: start,
        end_date: start,
        statement_ids: [ids.count],
      }),
    ).result;
    expect(codes(made.statements)).toEqual(['T-M-1']);
    expect(made.field_versions.statements).toBe(1);
    const url = `/api/units/${made._id}`;
    const titled = expectResponse(
      ROUTES.unitUpdate,
      await req('PUT', url, tara, { base_version: 1, title: 'Sea shells' }),
    ).result;
    expect(codes(titled.statements)).toEqual(['T-M-1']);
    const changed = expectResponse(
      ROUTES.unitUpdate,
      await req('PUT', url, tara, { base_version: titled.version, statement_ids: [ids.count, ids.listenV2] }),
    ).result;
    expect(codes(changed.statements)).toEqual(['T-CL-1', 'T-M-1']);
    expect(changed.statements[0]?.version).toBe(2);
    expect(changed.field_versions.statements).toBe(changed.version);
    // The reworded (archived) first version is not the unit's: it cannot be added.
    const old = await req('PUT', url, tara, { base_version: changed.version, statement_ids: [ids.count, ids.listen] });
    expect(old.statusCode).toBe(400);
    // The same set again is no change (no new version).
    const same = expectResponse(
      ROUTES.unitUpdate,
      await req('PUT', url, tara, { base_version: changed.version, statement_ids: [ids.listenV2, ids.count] }),
    ).result;
    expect(same.version).toBe(changed.version);
    const [listed] = expectResponse(
      ROUTES.unitList,
      await req('GET', `/api/units/?class_id=${nurseryA}`, tara),
    ).result.items.filter((u) => u._id === made._id);
    expect(codes(listed?.statements ?? [])).toEqual(['T-CL-1', 'T-M-1']);
  });
});

describe("the class's learning areas", () => {
  it("are the live areas of the class's frameworks (an archived area is offered no more)", async () => {
    const before = (await req('GET', `/api/learning_areas/${nurseryA}`, tara)).json().result as { id: string; code: string }[];
    expect(before.map((a) => a.code)).toContain('M');
    const [ead] = await t.database.db
      .select({ id: learningAreas.id })
      .from(learningAreas)
      .where(and(eq(learningAreas.curriculumId, FRAMEWORK_IDS.eyfs), eq(learningAreas.code, 'EAD')));
    const archived = await req('POST', `/api/curriculum/nodes/${ead?.id}/archive`, anita, { kind: 'area' });
    expect(archived.statusCode).toBe(200);
    const after = (await req('GET', `/api/learning_areas/${nurseryA}`, tara)).json().result as { id: string; code: string }[];
    expect(after.map((a) => a.code)).toEqual(before.map((a) => a.code).filter((c) => c !== 'EAD'));
    await req('POST', `/api/curriculum/nodes/${ead?.id}/restore`, anita, { kind: 'area' });
  });
});

describe('the report card', () => {
  it("lists the statements the child's observations of the period showed, by area, in the data and the PDF", async () => {
    const scope = t.services.scopes.of({
      userId: demoId('user:9000000003'),
      kind: 'staff',
      schoolId: sunrise,
      sessionId: 'test',
      isTemp: false,
    }) as Scope;
    const groups = await t.services.observations.statementsOfChild(scope, aarav, today, today);
    // Both wordings of the reworded statement show (each was tagged); the shapes statement was taken off.
    expect(groups.map((g) => [g.area.code, g.statements.map((s) => [s.code, s.version])])).toEqual([
      [
        'CL',
        [
          ['T-CL-1', 1],
          ['T-CL-1', 2],
        ],
      ],
      ['M', [['T-M-1', 1]]],
    ]);
    // Counted on every observation of the school, the staff-only one included.
    expect(groups[1]?.statements[0]).toMatchObject({ _id: ids.count, observations: 3, last_date: today });
    expect(await t.services.observations.statementsOfChild(scope, diya, today, today)).toEqual([]);
    // The section sits after the learning comments; none without statements.
    const sections = [
      { kind: 'comments' as const, title: '', text: '' },
      { kind: 'signatures' as const, title: '', text: '' },
    ];
    expect(withStatements(sections, [])).toEqual(sections);
    const placed = withStatements(sections, groups);
    expect(placed.map((s) => s.kind)).toEqual(['comments', 'text', 'signatures']);
    expect(placed[1]?.text).toContain('Mathematics: T-M-1 Counts objects to ten.');

    // The PDF of a locked set prints it.
    const periods = expectResponse(ROUTES.periodList, await req('GET', '/api/assessment_periods/', anita)).result;
    const period = periods.find((p) => p.current) ?? periods[0];
    const templates = expectResponse(ROUTES.reportTemplateList, await req('GET', '/api/report_templates/', anita)).result;
    const set = expectResponse(
      ROUTES.reportSetCreate,
      await req('POST', '/api/report_sets/', anita, {
        class_id: nurseryA,
        period_id: period?._id,
        template_id: templates[0]?._id,
      }),
    ).result;
    const started = expectResponse(
      ROUTES.reportSetLock,
      await req('POST', `/api/report_sets/${set._id}/lock`, anita, { language: 'en' }),
    );
    const done = await exportFinished(t, anita, started.result.id);
    expect(done.status).toBe('done');
    const entryId = expectResponse(
      ROUTES.reportSetGet,
      await req('GET', `/api/report_sets/${set._id}`, anita),
    ).result.entries.find((e) => e.student_id === aarav)?._id;
    const entry = expectResponse(ROUTES.reportEntryGet, await req('GET', `/api/report_entries/${entryId}`, anita)).result;
    const file = await t.request({ method: 'GET', url: entry.pdf_link ?? '' });
    const text = pdfText(file.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Statements shown this period');
    expect(text).toContain('T-M-1 Counts objects to ten');
  });
});
