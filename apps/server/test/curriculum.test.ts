import { CURRICULUM_MESSAGES, ERROR_CODES, ROUTES } from '@cue/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curricula, observationStatements, observations, roles } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId, FRAMEWORK_IDS } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise: holds academic_setup.curriculum
let tara: string; // teacher of Nursery A: no academic_setup.curriculum
let rohan: string; // a father
let mona: string; // Moonbeam (same organization, another school), given the curriculum permission below
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const sunrise = demoId('school:sunrise');

const req = requester(() => t);
const errorOf = (res: { json(): unknown }) =>
  res.json() as { code: string; message: string; errors?: { field: string; message: string }[] };

const F = '/api/curriculum/frameworks/';
const list = async (token = anita, query = '') =>
  expectResponse(ROUTES.curriculumList, await req('GET', `${F}${query}`, token)).result;
const tree = async (id: string, token = anita, query = '') =>
  expectResponse(ROUTES.curriculumGet, await req('GET', `${F}${id}${query}`, token)).result;
const createFramework = async (body: Record<string, unknown>, token = anita) =>
  expectResponse(ROUTES.curriculumCreate, await req('POST', F, token, body)).result;
const addNode = async (frameworkId: string, body: Record<string, unknown>, token = anita) =>
  expectResponse(ROUTES.curriculumNodeCreate, await req('POST', `${F}${frameworkId}/nodes`, token, body));
const audit = async (entityType: string, entityId?: string) =>
  expectResponse(
    ROUTES.academicAudit,
    await req('GET', `/api/academic_setup/audit/?entity_type=${entityType}${entityId ? `&entity_id=${entityId}` : ''}`, anita),
  ).result.items;

function form(bytes: Buffer, filename = 'framework.csv', type = 'text/csv') {
  const boundary = '----cue-curriculum-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}
const importCsv = (csv: string | Buffer, query: string, token = anita) => {
  const f = form(Buffer.isBuffer(csv) ? csv : Buffer.from(csv));
  return t.request({
    method: 'POST',
    url: `/api/curriculum/import/?${query}`,
    headers: { ...bearer(token), ...f.headers },
    payload: f.payload,
  });
};

const HEADER =
  'area_code,area_name,area_group,aspect_code,aspect_name,statement_code,statement_text,age_from_months,age_to_months';

/** A scope as the guard builds it for a signed-in person (services are called directly for the methods other modules call). */
const scopeOf = (kind: 'staff' | 'parent', phone: string, schoolId: string | null) =>
  t.services.scopes.of({ kind, userId: demoId(`user:${phone}`), sessionId: 'test', schoolId, isTemp: false });

beforeAll(async () => {
  t = await createTestApp();
  // The demo's Moonbeam has no curriculum editor: its teachers get the permission, to see that
  // Sunrise's frameworks and additions do not exist for another school's editor.
  const [teacher] = await t.database.db
    .select()
    .from(roles)
    .where(eq(roles.id, demoId('role:moonbeam:teacher')));
  await t.database.db
    .update(roles)
    .set({ permissions: [...(teacher?.permissions ?? []), 'academic_setup.curriculum'] })
    .where(eq(roles.id, demoId('role:moonbeam:teacher')));
  [anita, tara, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
});
afterAll(() => t.close());

describe('who may call', () => {
  const editorRoutes: [string, string, unknown?][] = [
    ['GET', F],
    ['POST', F, { name: 'X', code: 'X' }],
    ['GET', `${F}${FRAMEWORK_IDS.eyfs}`],
    ['PUT', `${F}${FRAMEWORK_IDS.eyfs}`, { name: 'X', code: 'X' }],
    ['POST', `${F}${FRAMEWORK_IDS.eyfs}/archive`],
    ['POST', `${F}${FRAMEWORK_IDS.eyfs}/restore`],
    ['POST', `${F}${FRAMEWORK_IDS.eyfs}/copy`, { name: 'X', code: 'X' }],
    ['POST', `${F}${FRAMEWORK_IDS.eyfs}/nodes`, { kind: 'area', code: 'X', name: 'X' }],
    ['POST', `${F}${FRAMEWORK_IDS.eyfs}/order`, { kind: 'area', parent_id: null, ids: [FRAMEWORK_IDS.eyfs] }],
    ['PUT', `/api/curriculum/nodes/${FRAMEWORK_IDS.eyfs}`, { kind: 'area', code: 'X', name: 'X' }],
    ['POST', `/api/curriculum/nodes/${FRAMEWORK_IDS.eyfs}/archive`, { kind: 'area' }],
    ['POST', `/api/curriculum/nodes/${FRAMEWORK_IDS.eyfs}/restore`, { kind: 'area' }],
    ['POST', '/api/curriculum/import/?name=X&code=X'],
    ['GET', '/api/curriculum/import/template'],
    ['PUT', `/api/curriculum/class/${nurseryA}`, { framework_ids: [] }],
  ];

  it('answers 401 signed out on every route', async () => {
    for (const [method, url, body] of [...editorRoutes, ['GET', `/api/curriculum/class/${nurseryA}`] as [string, string]])
      expect((await req(method as 'GET', url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
  });

  it('refuses a teacher without the curriculum permission (403) and a parent (403) on every editor route', async () => {
    for (const [method, url, body] of editorRoutes) {
      expect((await req(method as 'GET', url, tara, body)).statusCode, `tara ${method} ${url}`).toBe(403);
      expect((await req(method as 'GET', url, rohan, body)).statusCode, `rohan ${method} ${url}`).toBe(403);
    }
    expect((await req('GET', `/api/curriculum/class/${nurseryA}`, rohan)).statusCode).toBe(403);
  });

  it("lets the teacher read her class's frameworks, not another class's", async () => {
    const mine = expectResponse(ROUTES.classCurriculum, await req('GET', `/api/curriculum/class/${nurseryA}`, tara)).result;
    expect(mine.frameworks.map((f) => f._id)).toEqual([FRAMEWORK_IDS.eyfs]);
    expect(mine.frameworks[0]?.areas.map((a) => a.code)).toContain('CL');
    // Kindergarten B is of her school, not hers: 403 (requireAccess's answer for a class of one's school).
    expect((await req('GET', `/api/curriculum/class/${kindergartenB}`, tara)).statusCode).toBe(403);
    // Moonbeam's class does not exist for her.
    expect((await req('GET', `/api/curriculum/class/${demoId('class:toddlers')}`, tara)).statusCode).toBe(404);
  });
});

describe('frameworks', () => {
  let own: string;

  it('lists the shipped frameworks with counts and abilities', async () => {
    const all = await list();
    const eyfs = all.find((f) => f._id === FRAMEWORK_IDS.eyfs);
    expect(eyfs).toMatchObject({
      shipped: true,
      archived: false,
      abilities: { edit: false, copy: true, add: true, archive: true },
    });
    // Migration 0026: the early learning goals (17 goals of 3) and the characteristics of effective learning (33).
    expect(eyfs).toMatchObject({ code: 'EYFS', area_count: 10, statement_count: 51 + 33 });
    const nep = all.find((f) => f.code === 'NEP-FS');
    expect(nep).toMatchObject({ name: 'NEP Foundational Stage (NCF-FS 2022)', shipped: true, area_count: 6 });
    const nepTree = await tree(nep?._id as string);
    expect(nepTree.areas.flatMap((a) => a.aspects.map((x) => x.code))).toEqual(
      Array.from({ length: 13 }, (_, i) => `CG-${i + 1}`),
    );
    expect(nepTree.areas[0]?.aspects[0]?.statements[0]).toMatchObject({ code: 'C-1.1', age_from_months: 36, age_to_months: 96 });
    const pyp = await tree(FRAMEWORK_IDS.pyp);
    expect(pyp.areas.map((a) => a.code)).toEqual(['WWA', 'WWAPT', 'HWEO', 'HTWW', 'HWOO', 'STP', 'ATL']);
    const shipped = all.filter((f) => f.shipped).reduce((n, f) => n + f.statement_count, 0);
    expect(shipped).toBeGreaterThanOrEqual(150);
    expect(eyfs?.classes.map((c) => c._id)).toContain(nurseryA);
  });

  it('creates a framework, refusing a code already taken (its own or shipped)', async () => {
    const made = await createFramework({ name: 'Forest school', code: 'FOREST', description: 'Outdoors' });
    own = made._id;
    expect(made).toMatchObject({ shipped: false, archived: false, area_count: 0, abilities: { edit: true, add: true } });
    const taken = await req('POST', F, anita, { name: 'Again', code: 'forest' });
    expect(taken.statusCode).toBe(400);
    expect(errorOf(taken)).toMatchObject({ code: ERROR_CODES.codeTaken, message: CURRICULUM_MESSAGES.codeTaken });
    expect(errorOf(await req('POST', F, anita, { name: 'Mine', code: 'EYFS' })).code).toBe(ERROR_CODES.codeTaken);
    const saved = expectResponse(
      ROUTES.curriculumUpdate,
      await req('PUT', `${F}${own}`, anita, { name: 'Forest School', code: 'FOREST' }),
    );
    expect(saved).toMatchObject({ message: CURRICULUM_MESSAGES.frameworkSaved, result: { name: 'Forest School' } });
    const [created, updated] = [(await audit('curriculum_framework', own)).map((e) => e.action)].flat().reverse();
    expect([created, updated]).toEqual(['create', 'update']);
  });

  it('refuses changing a shipped framework (400 SHIPPED_READ_ONLY)', async () => {
    const res = await req('PUT', `${F}${FRAMEWORK_IDS.eyfs}`, anita, { name: 'Mine', code: 'EYFS2' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.shippedReadOnly, message: CURRICULUM_MESSAGES.shippedReadOnly });
  });

  it('builds a tree: parent kinds, codes per kind, age bands', async () => {
    const area = (await addNode(own, { kind: 'area', code: 'NAT', name: 'Nature', group: 'Outdoors' })).result.areas[0];
    expect(area).toMatchObject({ code: 'NAT', shipped: false });
    const bad = await req('POST', `${F}${own}/nodes`, anita, { kind: 'statement', parent_id: area?._id, code: 'S', name: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(CURRICULUM_MESSAGES.parentKind);
    expect(errorOf(await req('POST', `${F}${own}/nodes`, anita, { kind: 'aspect', code: 'A', name: 'x' })).message).toBe(
      CURRICULUM_MESSAGES.parentKind,
    );
    const withAspect = (await addNode(own, { kind: 'aspect', parent_id: area?._id, code: 'NAT-T', name: 'Trees' })).result;
    const aspect = withAspect.areas[0]?.aspects[0];
    const band = await req('POST', `${F}${own}/nodes`, anita, {
      kind: 'statement',
      parent_id: aspect?._id,
      code: 'NAT-T-1',
      name: 'Names three trees',
      age_from_months: 60,
      age_to_months: 48,
    });
    expect(errorOf(band)).toMatchObject({ message: CURRICULUM_MESSAGES.ageBand, errors: [{ field: 'age_to_months' }] });
    const added = await addNode(own, { kind: 'statement', parent_id: aspect?._id, code: 'NAT-T-1', name: 'Names three trees' });
    expect(added.message).toBe(CURRICULUM_MESSAGES.nodeCreated);
    const dup = await req('POST', `${F}${own}/nodes`, anita, {
      kind: 'statement',
      parent_id: aspect?._id,
      code: 'nat-t-1',
      name: 'x',
    });
    expect(errorOf(dup)).toMatchObject({ code: ERROR_CODES.codeTaken, errors: [{ field: 'code' }] });
    const second = await addNode(own, { kind: 'statement', parent_id: aspect?._id, code: 'NAT-T-2', name: 'Collects leaves' });
    const statements = second.result.areas[0]?.aspects[0]?.statements ?? [];
    expect(statements.map((s) => s.code)).toEqual(['NAT-T-1', 'NAT-T-2']);
    const ordered = expectResponse(
      ROUTES.curriculumOrder,
      await req('POST', `${F}${own}/order`, anita, {
        kind: 'statement',
        parent_id: aspect?._id,
        ids: statements.map((s) => s._id).reverse(),
      }),
    );
    expect(ordered.result.areas[0]?.aspects[0]?.statements.map((s) => s.code)).toEqual(['NAT-T-2', 'NAT-T-1']);
    expect((await audit('curriculum_node')).some((e) => e.action === 'reorder')).toBe(true);
    const wrongSet = await req('POST', `${F}${own}/order`, anita, {
      kind: 'statement',
      parent_id: aspect?._id,
      ids: [statements[0]?._id],
    });
    expect(wrongSet.statusCode).toBe(400);
  });

  it('archives and restores nodes; a child waits for its archived parent', async () => {
    const before = await tree(own);
    const area = before.areas[0];
    const statement = area?.aspects[0]?.statements[0];
    const archived = expectResponse(
      ROUTES.curriculumNodeArchive,
      await req('POST', `/api/curriculum/nodes/${area?._id}/archive`, anita, { kind: 'area' }),
    );
    expect(archived.result.areas[0]?.archived).toBe(true);
    expect((await tree(own)).areas).toEqual([]);
    await req('POST', `/api/curriculum/nodes/${statement?._id}/archive`, anita, { kind: 'statement' });
    const waits = await req('POST', `/api/curriculum/nodes/${statement?._id}/restore`, anita, { kind: 'statement' });
    expect(errorOf(waits)).toMatchObject({ code: ERROR_CODES.archivedParent, message: CURRICULUM_MESSAGES.archivedParent });
    await req('POST', `/api/curriculum/nodes/${area?._id}/restore`, anita, { kind: 'area' });
    expectResponse(
      ROUTES.curriculumNodeRestore,
      await req('POST', `/api/curriculum/nodes/${statement?._id}/restore`, anita, { kind: 'statement' }),
    );
    expect((await tree(own)).areas[0]?.aspects[0]?.statements).toHaveLength(2);
    const actions = (await audit('curriculum_node')).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['archive', 'restore', 'create', 'reorder']));
  });

  it("adds the school's own nodes under a shipped framework, unseen by another school; shipped nodes are read only", async () => {
    const eyfs = await tree(FRAMEWORK_IDS.eyfs);
    const cl = eyfs.areas.find((a) => a.code === 'CL');
    const res = await addNode(FRAMEWORK_IDS.eyfs, { kind: 'aspect', parent_id: cl?._id, code: 'CL-SUN', name: 'Sunrise songs' });
    const mine = res.result.areas.find((a) => a.code === 'CL')?.aspects.find((a) => a.code === 'CL-SUN');
    expect(mine).toMatchObject({ shipped: false });
    const monaView = await tree(FRAMEWORK_IDS.eyfs, mona);
    expect(monaView.areas.find((a) => a.code === 'CL')?.aspects.some((a) => a.code === 'CL-SUN')).toBe(false);
    expect((await req('GET', `${F}${own}`, mona)).statusCode).toBe(404);
    expect(
      (await req('PUT', `/api/curriculum/nodes/${mine?._id}`, mona, { kind: 'aspect', code: 'Z', name: 'Z' })).statusCode,
    ).toBe(404);
    expect((await req('POST', `/api/curriculum/nodes/${mine?._id}/archive`, mona, { kind: 'aspect' })).statusCode).toBe(404);
    const shipped = await req('PUT', `/api/curriculum/nodes/${cl?._id}`, anita, { kind: 'area', code: 'CL', name: 'Talk' });
    expect(errorOf(shipped).code).toBe(ERROR_CODES.shippedReadOnly);
    // A shipped area archived by Sunrise is hidden for Sunrise only.
    await req('POST', `/api/curriculum/nodes/${cl?._id}/archive`, anita, { kind: 'area' });
    expect((await tree(FRAMEWORK_IDS.eyfs)).areas.some((a) => a.code === 'CL')).toBe(false);
    expect((await tree(FRAMEWORK_IDS.eyfs, anita, '?include_archived=true')).areas.find((a) => a.code === 'CL')?.archived).toBe(
      true,
    );
    expect((await tree(FRAMEWORK_IDS.eyfs, mona)).areas.some((a) => a.code === 'CL')).toBe(true);
    await req('POST', `/api/curriculum/nodes/${cl?._id}/restore`, anita, { kind: 'area' });
    expect((await tree(FRAMEWORK_IDS.eyfs)).areas.some((a) => a.code === 'CL')).toBe(true);
  });

  it('copies a framework deeply into an editable one', async () => {
    const copy = expectResponse(
      ROUTES.curriculumCopy,
      await req('POST', `${F}${FRAMEWORK_IDS.eyfs}/copy`, anita, { name: 'Our EYFS', code: 'OUR-EYFS' }),
    );
    expect(copy.message).toBe(CURRICULUM_MESSAGES.frameworkCopied);
    expect(copy.result).toMatchObject({ shipped: false, abilities: { edit: true } });
    const source = await tree(FRAMEWORK_IDS.eyfs);
    const copied = await tree(copy.result._id);
    expect(copied.areas.map((a) => a.code)).toEqual(source.areas.map((a) => a.code));
    const count = (x: typeof source) => x.areas.flatMap((a) => a.aspects.flatMap((p) => p.statements)).length;
    expect(count(copied)).toBe(count(source));
    expect(copied.areas.every((a) => !a.shipped && !source.areas.some((s) => s._id === a._id))).toBe(true);
    const area = copied.areas[0];
    const edited = await req('PUT', `/api/curriculum/nodes/${area?._id}`, anita, {
      kind: 'area',
      code: area?.code,
      name: 'Talking',
    });
    expect(expectResponse(ROUTES.curriculumNodeUpdate, edited).result.areas[0]?.name).toBe('Talking');
    expect((await audit('curriculum_framework', copy.result._id)).map((e) => e.action)).toContain('copy');
  });

  it('refuses archiving a framework a class uses; archives and restores one that none uses', async () => {
    const inUse = await req('POST', `${F}${FRAMEWORK_IDS.eyfs}/archive`, anita);
    expect(errorOf(inUse)).toMatchObject({ code: ERROR_CODES.frameworkInUse, message: CURRICULUM_MESSAGES.frameworkInUse });
    const pyp = expectResponse(ROUTES.curriculumArchive, await req('POST', `${F}${FRAMEWORK_IDS.pyp}/archive`, anita));
    expect(pyp.result.archived).toBe(true);
    expect((await list()).some((f) => f._id === FRAMEWORK_IDS.pyp)).toBe(false);
    expect((await list(anita, '?include_archived=true')).find((f) => f._id === FRAMEWORK_IDS.pyp)?.archived).toBe(true);
    expect((await list(mona)).some((f) => f._id === FRAMEWORK_IDS.pyp)).toBe(true);
    expectResponse(ROUTES.curriculumRestore, await req('POST', `${F}${FRAMEWORK_IDS.pyp}/restore`, anita));
    expect((await list()).some((f) => f._id === FRAMEWORK_IDS.pyp)).toBe(true);
    expect((await list(mona)).some((f) => f.code === 'FOREST')).toBe(false);
  });
});

describe('tagging and versions', () => {
  it('versions a tagged statement when reworded, and statementRefs keeps the old wording', async () => {
    const fw = await createFramework({ name: 'Tagged', code: 'TAG' });
    const area = (await addNode(fw._id, { kind: 'area', code: 'A', name: 'Area' })).result.areas[0];
    const aspect = (await addNode(fw._id, { kind: 'aspect', parent_id: area?._id, code: 'A1', name: 'Aspect' })).result.areas[0]
      ?.aspects[0];
    const st = (await addNode(fw._id, { kind: 'statement', parent_id: aspect?._id, code: 'A1-1', name: 'Counts to five' })).result
      .areas[0]?.aspects[0]?.statements[0];
    const id = st?._id as string;
    // Not tagged yet: edited in place.
    const inPlace = expectResponse(
      ROUTES.curriculumNodeUpdate,
      await req('PUT', `/api/curriculum/nodes/${id}`, anita, { kind: 'statement', code: 'A1-1', name: 'Counts to 5' }),
    );
    expect(inPlace.message).toBe(CURRICULUM_MESSAGES.nodeSaved);
    expect(inPlace.result.areas[0]?.aspects[0]?.statements[0]).toMatchObject({ _id: id, text: 'Counts to 5', version: 1 });

    // Class Nursery A uses EYFS and this framework; only live statements of both may be added.
    expectResponse(
      ROUTES.classCurriculumUpdate,
      await req('PUT', `/api/curriculum/class/${nurseryA}`, anita, { framework_ids: [FRAMEWORK_IDS.eyfs, fw._id] }),
    );
    const scope = scopeOf('staff', '9000000002', sunrise);
    expect(await t.services.curriculum.checkStatements(scope, [nurseryA], [id, id])).toEqual([id]);
    await expect(t.services.curriculum.checkStatements(scope, [nurseryA, kindergartenB], [id])).rejects.toMatchObject({
      status: 400,
      message: CURRICULUM_MESSAGES.statementsOfClass,
    });

    // A real observation of Aarav (Nursery A), tagged with the statement as the observations module does.
    const obs = { id: newId() };
    await t.database.db.insert(observations).values({
      id: obs.id,
      schoolId: sunrise,
      classId: nurseryA,
      studentId: demoId('student:Aarav Sharma'),
      groupId: obs.id,
      date: '2026-11-20',
      title: 'Counting cones',
      generalNote: 'Counted five cones',
      createdBy: demoId('user:9000000003'),
    });
    await t.database.db.insert(observationStatements).values({ observationId: obs.id, statementId: id });
    expect((await tree(fw._id)).areas[0]?.aspects[0]?.statements[0]?.tagged).toBe(1);

    const versioned = expectResponse(
      ROUTES.curriculumNodeUpdate,
      await req('PUT', `/api/curriculum/nodes/${id}`, anita, { kind: 'statement', code: 'A1-1', name: 'Counts to ten' }),
    );
    expect(versioned.message).toBe(CURRICULUM_MESSAGES.statementVersioned);
    const live = versioned.result.areas[0]?.aspects[0]?.statements.filter((s) => !s.archived) ?? [];
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ text: 'Counts to ten', version: 2 });
    expect(live[0]?._id).not.toBe(id);
    const old = versioned.result.areas[0]?.aspects[0]?.statements.find((s) => s._id === id);
    expect(old).toMatchObject({ archived: true, replaced_by: live[0]?._id, text: 'Counts to 5', tagged: 1 });

    const refs = await t.services.curriculum.statementRefs(scope, [id, live[0]?._id as string]);
    expect(refs.get(id)).toMatchObject({ text: 'Counts to 5', version: 1, archived: true, framework: { _id: fw._id } });
    expect(refs.get(live[0]?._id as string)).toMatchObject({ text: 'Counts to ten', archived: false });
    // The archived version stays on the record, but cannot be added anew.
    expect(await t.services.curriculum.checkStatements(scope, [nurseryA], [id], [id])).toEqual([id]);
    await expect(t.services.curriculum.checkStatements(scope, [nurseryA], [id])).rejects.toMatchObject({ status: 400 });

    // A parent reaches statements of their children's school; Moonbeam's staff do not see Sunrise's.
    const parentRefs = await t.services.curriculum.statementRefs(scopeOf('parent', '9000000004', null), [id]);
    expect(parentRefs.get(id)).toMatchObject({ text: 'Counts to 5', archived: true });
    const monaRefs = await t.services.curriculum.statementRefs(scopeOf('staff', '9000000006', demoId('school:moonbeam')), [id]);
    expect(monaRefs.size).toBe(0);
    // A shipped statement reaches everyone.
    const shipped = (await tree(FRAMEWORK_IDS.eyfs)).areas[0]?.aspects[0]?.statements[0]?._id as string;
    expect(
      (await t.services.curriculum.statementRefs(scopeOf('staff', '9000000006', demoId('school:moonbeam')), [shipped])).size,
    ).toBe(1);
  });

  it("sets a class's frameworks: class_curriculum and curriculam follow, and it is audited", async () => {
    const res = expectResponse(
      ROUTES.classCurriculumUpdate,
      await req('PUT', `/api/curriculum/class/${kindergartenB}`, anita, {
        framework_ids: [FRAMEWORK_IDS.pyp, FRAMEWORK_IDS.eyfs],
      }),
    );
    expect(res.result.frameworks.map((f) => f._id)).toEqual([FRAMEWORK_IDS.pyp, FRAMEWORK_IDS.eyfs]);
    const cls = (await req('GET', `/api/classes/${kindergartenB}`, anita)).json() as {
      result: { my_class: Record<string, unknown> };
    };
    expect(cls.result.my_class).toMatchObject({ class_curriculum: FRAMEWORK_IDS.pyp, curriculam: 'PYP (early years), EYFS' });
    const audited = await audit('class_frameworks', kindergartenB);
    expect(audited[0]).toMatchObject({ action: 'update', after: { framework_ids: [FRAMEWORK_IDS.pyp, FRAMEWORK_IDS.eyfs] } });
    const moon = await req('PUT', `/api/curriculum/class/${kindergartenB}`, anita, { framework_ids: ['0'.repeat(24)] });
    expect(moon.statusCode).toBe(400);
  });
});

describe('import', () => {
  const good = [
    HEADER,
    'OUT,Outdoors,Specific areas,OUT-W,Weather,OUT-W-1,Names the weather,36,60',
    'OUT,,,OUT-W,,OUT-W-2,Dresses for the rain,36,60',
    'OUT,Outdoors,,OUT-P,Plants,OUT-P-1,Waters a plant,,',
  ].join('\n');

  it('answers the template', async () => {
    const res = await req('GET', '/api/curriculum/import/template', anita);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\n')[0]?.trim()).toBe(HEADER);
  });

  it('checks a file on a dry run and writes nothing', async () => {
    const before = (await list()).length;
    const res = expectResponse(ROUTES.curriculumImport, await importCsv(good, 'name=Outdoors&code=OUT&dry_run=true'));
    expect(res).toMatchObject({
      message: CURRICULUM_MESSAGES.importChecked,
      result: { framework: null, areas: 1, aspects: 2, statements: 3, errors: [] },
    });
    expect((await list()).length).toBe(before);
  });

  it('lists refused rows by line, and writes nothing on a real run with errors', async () => {
    const bad = [
      HEADER,
      'OUT,Outdoors,,OUT-W,Weather,OUT-W-1,Names the weather,36,60',
      'OUT,,,OUT-W,,OUT-W-1,Same code again,36,60',
      '',
      'OUT,,,OUT-W,,OUT-W-3,,70,40',
    ].join('\n');
    const dry = expectResponse(ROUTES.curriculumImport, await importCsv(bad, 'name=Bad&code=BAD&dry_run=true')).result;
    expect(dry.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, field: 'statement_code' }),
        expect.objectContaining({ row: 5, field: 'statement_text' }),
        expect.objectContaining({ row: 5, field: 'age_to_months' }),
      ]),
    );
    const real = await importCsv(bad, 'name=Bad&code=BAD');
    expect(real.statusCode).toBe(400);
    expect(errorOf(real)).toMatchObject({ code: ERROR_CODES.importInvalid, message: CURRICULUM_MESSAGES.importInvalid });
    expect((await t.database.db.select().from(curricula).where(eq(curricula.code, 'BAD'))).length).toBe(0);
  });

  it('refuses an empty file and one that is not CSV', async () => {
    expect(errorOf(await importCsv(HEADER, 'name=E&code=E'))).toMatchObject({ message: CURRICULUM_MESSAGES.importEmpty });
    expect(errorOf(await importCsv('', 'name=E&code=E'))).toMatchObject({ message: CURRICULUM_MESSAGES.importEmpty });
    const zip = Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 1, 2]);
    expect(errorOf(await importCsv(zip, 'name=E&code=E'))).toMatchObject({
      code: ERROR_CODES.importInvalidFile,
      message: CURRICULUM_MESSAGES.importFormat,
    });
    expect(errorOf(await importCsv('name,age\nx,1', 'name=E&code=E')).message).toBe(CURRICULUM_MESSAGES.importFormat);
  });

  it('imports a framework in one go, audited', async () => {
    const res = expectResponse(ROUTES.curriculumImport, await importCsv(good, 'name=Outdoors&code=OUT'));
    expect(res.message).toBe(CURRICULUM_MESSAGES.imported);
    expect(res.result).toMatchObject({
      areas: 1,
      aspects: 2,
      statements: 3,
      framework: { name: 'Outdoors', statement_count: 3 },
    });
    const imported = await tree(res.result.framework?._id as string);
    expect(imported.areas[0]?.aspects.map((a) => [a.code, a.statements.map((s) => s.code)])).toEqual([
      ['OUT-W', ['OUT-W-1', 'OUT-W-2']],
      ['OUT-P', ['OUT-P-1']],
    ]);
    expect((await audit('curriculum_framework', res.result.framework?._id)).map((e) => e.action)).toEqual(['import']);
    expect(errorOf(await importCsv(good, 'name=Outdoors&code=OUT')).code).toBe(ERROR_CODES.codeTaken);
  });
});
