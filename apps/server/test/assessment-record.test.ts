import { ASSESSMENT_MESSAGES, ERROR_CODES, ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise (manages classes)
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let rohan: string; // Aarav's father
let mona: string; // teacher at Moonbeam
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const ira = demoId('student:Ira Sharma');
const UW = '3ce9bd22f2bf1efb3d6fe01f'; // EYFS: Understanding the World

const wire = (iso: string) => iso.split('-').reverse().join('-');
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
const errorOf = (res: { json(): unknown }) => res.json() as { code: string; message: string; errors?: { field: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
});
afterAll(async () => {
  await t.close();
});

/** A unit of a class through the planning API; its id. */
async function unit(classId: string, token: string, title: string): Promise<string> {
  const res = await req('POST', '/api/units/', token, {
    title,
    class_ids: [classId],
    start_date: wire(isoIn(-7)),
    end_date: wire(isoIn(14)),
    area_ids: [UW],
    fields: {},
  });
  return expectResponse(ROUTES.unitCreate, res).result._id;
}

const reflection = (over: Record<string, unknown> = {}) => ({
  class_id: nurseryA,
  author_kind: 'teacher',
  date: wire(isoIn(-1)),
  body: 'The children asked many questions about seeds.',
  ...over,
});

describe('reflections', () => {
  let beans: string;
  let theirUnit: string;
  let teacherOne: string;
  let aaravsOwn: string;

  beforeAll(async () => {
    beans = await unit(nurseryA, tara, 'Growing beans');
    theirUnit = await unit(kindergartenB, neha, 'Our town');
  });

  it("creates a teacher's reflection on a unit and a child's own, in the period of the day", async () => {
    expect((await req('POST', '/api/reflections/', undefined, reflection())).statusCode).toBe(401);
    const made = expectResponse(
      ROUTES.reflectionCreate,
      await req('POST', '/api/reflections/', tara, reflection({ unit_id: beans })),
    );
    expect(made.message).toBe(ASSESSMENT_MESSAGES.reflectionCreated);
    expect(made.result).toMatchObject({
      class_name: 'Nursery A',
      unit_title: 'Growing beans',
      author_kind: 'teacher',
      student_id: null,
      created_by: expect.stringContaining('Tara'),
      abilities: { can_edit: true, can_delete: true },
    });
    expect(made.result.period_id).toBeTruthy();
    teacherOne = made.result._id;
    const own = expectResponse(
      ROUTES.reflectionCreate,
      await req(
        'POST',
        '/api/reflections/',
        tara,
        reflection({ author_kind: 'child', student_id: aarav, body: 'I liked watering the beans.' }),
      ),
    ).result;
    expect(own).toMatchObject({ student_name: 'Aarav Sharma', author_kind: 'child' });
    aaravsOwn = own._id;
  });

  it('refuses a child outside the class, a unit of another class, a missing child, another class or school', async () => {
    const stranger = await req('POST', '/api/reflections/', tara, reflection({ author_kind: 'child', student_id: ira }));
    expect(errorOf(stranger)).toMatchObject({ code: ERROR_CODES.notInClass });
    const noChild = await req('POST', '/api/reflections/', tara, reflection({ author_kind: 'child' }));
    expect(errorOf(noChild).errors?.[0]?.field).toBe('student_id');
    const wrongUnit = await req('POST', '/api/reflections/', tara, reflection({ unit_id: theirUnit }));
    expect(errorOf(wrongUnit).errors?.[0]?.field).toBe('unit_id');
    expect((await req('POST', '/api/reflections/', neha, reflection())).statusCode).toBe(403);
    expect((await req('POST', '/api/reflections/', mona, reflection())).statusCode).toBe(404);
    expect((await req('POST', '/api/reflections/', rohan, reflection())).statusCode).toBe(403);
  });

  it("lists a teacher's classes' reflections, newest first, with filters; class managers see every class", async () => {
    await req('POST', '/api/reflections/', neha, reflection({ class_id: kindergartenB, body: 'Town walk went well.' }));
    const mine = expectResponse(ROUTES.reflectionList, await req('GET', '/api/reflections/', tara)).result;
    expect(mine.items.map((r) => r.class_id)).toEqual([nurseryA, nurseryA]);
    expect(mine).toMatchObject({ total: 2, page: 1, page_size: 20 });
    const all = expectResponse(ROUTES.reflectionList, await req('GET', '/api/reflections/', anita)).result;
    expect(all.total).toBe(3);
    const ofAarav = expectResponse(ROUTES.reflectionList, await req('GET', `/api/reflections/?student_id=${aarav}`, tara)).result;
    expect(ofAarav.items.map((r) => r._id)).toEqual([aaravsOwn]);
    const ofUnit = expectResponse(ROUTES.reflectionList, await req('GET', `/api/reflections/?unit_id=${beans}`, tara)).result;
    expect(ofUnit.items.map((r) => r._id)).toEqual([teacherOne]);
    const children = expectResponse(ROUTES.reflectionList, await req('GET', '/api/reflections/?author_kind=child', anita)).result;
    expect(children.items.map((r) => r._id)).toEqual([aaravsOwn]);
    expect((await req('GET', `/api/reflections/?class_id=${nurseryA}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/reflections/?class_id=${nurseryA}`, mona)).statusCode).toBe(404);
    expect((await req('GET', '/api/reflections/', rohan)).statusCode).toBe(403);
    expect((await req('GET', '/api/reflections/')).statusCode).toBe(401);
  });

  it('lets the writer or a class manager change and delete, nobody else', async () => {
    const edited = expectResponse(
      ROUTES.reflectionUpdate,
      await req('PUT', `/api/reflections/${teacherOne}`, tara, { body: 'Seeds sprouted on day four.' }),
    ).result;
    expect(edited).toMatchObject({ body: 'Seeds sprouted on day four.', unit_title: 'Growing beans' });
    expect((await req('PUT', `/api/reflections/${teacherOne}`, neha, { body: 'x' })).statusCode).toBe(403);
    expect((await req('PUT', `/api/reflections/${teacherOne}`, mona, { body: 'x' })).statusCode).toBe(404);
    const byAnita = expectResponse(
      ROUTES.reflectionUpdate,
      await req('PUT', `/api/reflections/${teacherOne}`, anita, { body: 'Edited by the head.' }),
    );
    expect(byAnita.result.body).toBe('Edited by the head.');
    const other = expectResponse(
      ROUTES.reflectionCreate,
      await req('POST', '/api/reflections/', anita, reflection({ body: 'From the head.' })),
    ).result;
    const asTara = expectResponse(ROUTES.reflectionList, await req('GET', '/api/reflections/', tara)).result.items.find(
      (r) => r._id === other._id,
    );
    expect(asTara?.abilities).toEqual({ can_edit: false, can_delete: false });
    expect((await req('DELETE', `/api/reflections/${other._id}`, tara)).statusCode).toBe(403);
    expectResponse(ROUTES.reflectionDelete, await req('DELETE', `/api/reflections/${other._id}`, anita));
    expect((await req('DELETE', `/api/reflections/${other._id}`, anita)).statusCode).toBe(404);
  });

  it('refuses changes in a locked period (409) and keeps the reflection', async () => {
    const far = expectResponse(
      ROUTES.periodCreate,
      await req('POST', '/api/assessment_periods/', anita, {
        name: 'Far term',
        start_date: '01-01-2043',
        end_date: '31-03-2043',
      }),
    ).result;
    const old = expectResponse(
      ROUTES.reflectionCreate,
      await req('POST', '/api/reflections/', tara, reflection({ date: '10-01-2043' })),
    ).result;
    expect(old.period_id).toBe(far._id);
    expectResponse(ROUTES.periodLock, await req('POST', `/api/assessment_periods/${far._id}/lock`, anita));
    for (const res of [
      await req('PUT', `/api/reflections/${old._id}`, tara, { body: 'Changed' }),
      await req('DELETE', `/api/reflections/${old._id}`, tara),
      await req('POST', '/api/reflections/', tara, reflection({ date: '11-01-2043' })),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe(ERROR_CODES.periodLocked);
    }
    const kept = expectResponse(ROUTES.reflectionList, await req('GET', `/api/reflections/?period_id=${far._id}`, tara)).result
      .items;
    expect(kept.map((r) => [r.body, r.abilities.can_edit])).toEqual([[old.body, false]]);
    expect(diya).toBeTruthy();
  });
});
