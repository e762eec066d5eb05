import {
  ACADEMIC_ROUTES,
  CURRICULUM_MESSAGES,
  type CurriculumTree,
  ERROR_CODES,
  RESOURCE_MANAGER,
  ROUTES,
  type RouteDef,
} from '@cue/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, roles } from '../src/platform/db/schema.js';
import { demoId, FRAMEWORK_IDS } from '../src/seed/demo.js';
import { createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';

/*
 * The academic setup attacked from another school, another class and a family. Mona is made an admin
 * of Moonbeam (a school of Sunrise's organization: the nearest another school gets); Sunrise's admin
 * Anita makes her school's own framework, adds to the shipped EYFS, hides one of its areas, books her
 * hall and rewords an email, through the routes, so that the audit trail holds each change. Another
 * school's object answers 404 (requireAccess's rule), an object of one's school one may not touch 403.
 */
let t: TestApp;
let anita: string; // admin of Sunrise
let tara: string; // teacher of Nursery A
let rohan: string; // Aarav's father
let mona: string; // admin of Moonbeam (made one below)

const moonbeam = demoId('school:moonbeam');
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const aarav = demoId('student:Aarav Sharma');
const F = '/api/curriculum/frameworks/';
const N = '/api/curriculum/nodes/';
const req = requester(() => t);

/** A DD-MM-YYYY day `days` after the server clock's today. */
const dayAhead = (days: number) =>
  new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');

/** Sunrise's objects, made by Anita through the routes. */
const s = {
  framework: '',
  area: '',
  aspect: '',
  statement: '',
  /** Sunrise's additions under the shipped EYFS. */
  eyfsArea: '',
  eyfsAspect: '',
  eyfsStatement: '',
  /** A shipped EYFS area Sunrise hid for itself. */
  hiddenArea: '',
  schedule: '',
  hall: '',
  booking: '',
  /** Moonbeam's own statement under EYFS (Mona's addition). */
  moonStatement: '',
};

/** An area, its aspect and the aspect's statement, added to a framework in turn: their ids. */
async function nodes(
  frameworkId: string,
  token: string,
  ...made: [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]
): Promise<[string, string, string]> {
  const ids: string[] = [];
  let parent: string | null = null;
  for (const body of made) {
    const tree: CurriculumTree = expectResponse(
      ROUTES.curriculumNodeCreate,
      await req('POST', `${F}${frameworkId}/nodes`, token, { ...body, parent_id: parent }),
    ).result;
    // The node just made: the one of this code in the tree the answer holds.
    const all: { _id: string; code: string }[] = tree.areas.flatMap((a) => [
      a,
      ...a.aspects,
      ...a.aspects.flatMap((x) => x.statements),
    ]);
    const node: { _id: string } | undefined = all.find((n) => n.code === body.code);
    if (!node) throw new Error(`${String(body.code)} is not in the answer`);
    ids.push(node._id);
    parent = node._id;
  }
  return [ids[0] ?? '', ids[1] ?? '', ids[2] ?? ''];
}

beforeAll(async () => {
  t = await createTestApp();
  // Mona teaches at Moonbeam in the demo: she becomes its admin (every academic setup permission).
  await t.database.db
    .update(memberships)
    .set({ roleId: demoId('role:moonbeam:admin') })
    .where(and(eq(memberships.userId, demoId('user:9000000006')), eq(memberships.schoolId, moonbeam)));
  [anita, tara, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
  s.framework = expectResponse(
    ROUTES.curriculumCreate,
    await req('POST', F, anita, { name: 'Sunrise phonics', code: 'SUNPH', description: 'Sunrise sounds' }),
  ).result._id;
  [s.area, s.aspect, s.statement] = await nodes(
    s.framework,
    anita,
    { kind: 'area', code: 'SUN-L', name: 'Sunrise listening', group: 'Prime' },
    { kind: 'aspect', code: 'SUN-L1', name: 'Sunrise sounds around us' },
    { kind: 'statement', code: 'SUN-L1.1', name: 'Names the Sunrise garden sounds' },
  );
  [s.eyfsArea, s.eyfsAspect, s.eyfsStatement] = await nodes(
    FRAMEWORK_IDS.eyfs,
    anita,
    { kind: 'area', code: 'SUN-FS', name: 'Sunrise forest school', group: 'Specific' },
    { kind: 'aspect', code: 'SUN-FS1', name: 'Sunrise woodland' },
    { kind: 'statement', code: 'SUN-FS1.1', name: 'Builds a Sunrise den from sticks' },
  );
  const eyfs = expectResponse(ROUTES.curriculumGet, await req('GET', `${F}${FRAMEWORK_IDS.eyfs}`, anita)).result;
  const shipped = eyfs.areas.find((a) => a.shipped);
  if (!shipped) throw new Error('EYFS has no shipped area');
  s.hiddenArea = shipped._id;
  expectResponse(ROUTES.curriculumNodeArchive, await req('POST', `${N}${s.hiddenArea}/archive`, anita, { kind: 'area' }));
  s.schedule = expectResponse(
    ROUTES.dayScheduleCreate,
    await req('POST', '/api/day_schedules/', anita, {
      name: 'Sunrise day',
      applies_to: 'school',
      cycle: 'weekly',
      days: [{ day: 'monday', slots: [{ kind: 'session', name: 'Sunrise morning', start: '09:00 AM', end: '12:00 PM' }] }],
    }),
  ).result._id;
  s.hall = expectResponse(
    ROUTES.schoolResourceCreate,
    await req('POST', '/api/school_resources/', anita, { name: 'Sunrise hall', kind: 'room', quantity: 1, capacity: 60 }),
  ).result._id;
  s.booking = expectResponse(
    ROUTES.resourceBookingCreate,
    await req('POST', '/api/resource_bookings/', anita, {
      resource_id: s.hall,
      date: dayAhead(7),
      start: '10:00 AM',
      end: '11:00 AM',
      class_id: nurseryA,
      purpose: 'Sunrise assembly',
    }),
  ).result._id;
  expectResponse(
    ROUTES.emailTemplateUpdate,
    await req('PUT', '/api/email_templates/announcement/ar', anita, {
      subject: 'Sunrise news: {{title}}',
      body: 'Sunrise picnic\n\n{{message}}',
    }),
  );
  [, , s.moonStatement] = await nodes(
    FRAMEWORK_IDS.eyfs,
    mona,
    { kind: 'area', code: 'MOON-A', name: 'Moon garden', group: 'Specific' },
    { kind: 'aspect', code: 'MOON-A1', name: 'Moon beds' },
    { kind: 'statement', code: 'MOON-A1.1', name: 'Waters the moon beds' },
  );
}, 60_000);
afterAll(() => t.close());

/** Anita's view of her framework and of EYFS, to see that nothing Mona tried changed them. */
const sunriseView = async () =>
  JSON.stringify([
    expectResponse(ROUTES.curriculumGet, await req('GET', `${F}${s.framework}?include_archived=true`, anita)).result,
    expectResponse(ROUTES.curriculumGet, await req('GET', `${F}${FRAMEWORK_IDS.eyfs}?include_archived=true`, anita)).result,
  ]);

describe("another school's admin and Sunrise's curriculum", () => {
  it("cannot read, edit, archive, restore, copy, add to or reorder Sunrise's own framework: 404, nothing changed", async () => {
    const before = await sunriseView();
    const framework = `${F}${s.framework}`;
    const calls: [string, string, unknown?][] = [
      ['GET', framework],
      ['GET', `${framework}?include_archived=true`],
      ['PUT', framework, { name: 'Moon took it', code: 'SUNPH' }],
      ['POST', `${framework}/archive`],
      ['POST', `${framework}/restore`],
      ['POST', `${framework}/copy`, { name: 'Moon copy', code: 'MOONC' }],
      ['POST', `${framework}/nodes`, { kind: 'area', code: 'MOON-X', name: 'Intrusion' }],
      ['POST', `${framework}/nodes`, { kind: 'aspect', parent_id: s.area, code: 'MOON-X', name: 'Intrusion' }],
      ['POST', `${framework}/order`, { kind: 'area', parent_id: null, ids: [s.area] }],
    ];
    for (const [method, url, body] of calls)
      expect((await req(method as 'GET', url, mona, body)).statusCode, `${method} ${url}`).toBe(404);
    expect(await sunriseView()).toBe(before);
  });

  it("cannot edit, archive or restore Sunrise's nodes, in its own framework or under EYFS: 404, nothing changed", async () => {
    const before = await sunriseView();
    for (const [id, kind] of [
      [s.area, 'area'],
      [s.aspect, 'aspect'],
      [s.statement, 'statement'],
      [s.eyfsArea, 'area'],
      [s.eyfsAspect, 'aspect'],
      [s.eyfsStatement, 'statement'],
    ] as const) {
      for (const [method, url, body] of [
        ['PUT', `${N}${id}`, { kind, code: 'MOON-Y', name: 'Intrusion' }],
        ['POST', `${N}${id}/archive`, { kind }],
        ['POST', `${N}${id}/restore`, { kind }],
      ] as const)
        expect((await req(method, url, mona, body)).statusCode, `${method} ${url} (${kind})`).toBe(404);
    }
    // Adding under Sunrise's EYFS area or aspect: the parent is not hers to see.
    for (const [kind, parent] of [
      ['aspect', s.eyfsArea],
      ['statement', s.eyfsAspect],
    ] as const) {
      const res = await req('POST', `${F}${FRAMEWORK_IDS.eyfs}/nodes`, mona, {
        kind,
        parent_id: parent,
        code: 'MOON-Z',
        name: 'Intrusion',
      });
      expect([400, 404], `${kind} under Sunrise's ${parent}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    expect(await sunriseView()).toBe(before);
  });

  it("does not list Sunrise's framework, nor show Sunrise's additions or hidden areas in her EYFS", async () => {
    const list = expectResponse(ROUTES.curriculumList, await req('GET', `${F}?include_archived=true`, mona)).result;
    expect(list.map((f) => f._id)).not.toContain(s.framework);
    expect(JSON.stringify(list)).not.toContain('Sunrise');
    const eyfs = expectResponse(
      ROUTES.curriculumGet,
      await req('GET', `${F}${FRAMEWORK_IDS.eyfs}?include_archived=true`, mona),
    ).result;
    const body = JSON.stringify(eyfs);
    for (const marker of ['Sunrise', s.eyfsArea, s.eyfsAspect, s.eyfsStatement]) expect(body).not.toContain(marker);
    // Her own addition is there; the area Sunrise hid is live for her.
    expect(body).toContain(s.moonStatement);
    expect(eyfs.areas.find((a) => a._id === s.hiddenArea)?.archived).toBe(false);
    // And Anita sees her additions, the hidden area archived, and nothing of Moonbeam's.
    const hers = expectResponse(
      ROUTES.curriculumGet,
      await req('GET', `${F}${FRAMEWORK_IDS.eyfs}?include_archived=true`, anita),
    ).result;
    expect(JSON.stringify(hers)).toContain(s.eyfsStatement);
    expect(JSON.stringify(hers)).not.toContain(s.moonStatement);
    expect(hers.areas.find((a) => a._id === s.hiddenArea)?.archived).toBe(true);
  });

  it("cannot give her class Sunrise's framework", async () => {
    const toddlers = demoId('class:toddlers');
    const res = await req('PUT', `/api/curriculum/class/${toddlers}`, mona, { framework_ids: [s.framework] });
    expect([400, 404], res.body).toContain(res.statusCode);
    const mine = expectResponse(ROUTES.classCurriculum, await req('GET', `/api/curriculum/class/${toddlers}`, mona)).result;
    expect(mine.frameworks.map((f) => f._id)).not.toContain(s.framework);
    // Nor read or set a class of Sunrise's.
    expect((await req('GET', `/api/curriculum/class/${nurseryA}`, mona)).statusCode).toBe(404);
    expect((await req('PUT', `/api/curriculum/class/${nurseryA}`, mona, { framework_ids: [] })).statusCode).toBe(404);
  });
});

describe("another school's admin and Sunrise's day, resources and bookings", () => {
  it("cannot read, edit, archive or restore Sunrise's day schedule, nor read a class's days of Sunrise", async () => {
    for (const [method, url, body] of [
      ['GET', `/api/day_schedules/${s.schedule}`],
      ['PUT', `/api/day_schedules/${s.schedule}`, { name: 'Moon took it', applies_to: 'school', cycle: 'weekly', days: [] }],
      ['POST', `/api/day_schedules/${s.schedule}/archive`],
      ['POST', `/api/day_schedules/${s.schedule}/restore`],
      ['GET', `/api/day_schedules/class/${nurseryA}?from=${dayAhead(0)}`],
    ] as const)
      expect((await req(method, url, mona, body)).statusCode, `${method} ${url}`).toBe(404);
    const hers = expectResponse(
      ROUTES.dayScheduleList,
      await req('GET', '/api/day_schedules/?include_archived=true', mona),
    ).result;
    expect(JSON.stringify(hers)).not.toContain('Sunrise');
    const anitas = expectResponse(ROUTES.dayScheduleGet, await req('GET', `/api/day_schedules/${s.schedule}`, anita)).result;
    expect([anitas.name, anitas.archived]).toEqual(['Sunrise day', false]);
  });

  it("cannot read Sunrise's hall or what of it is free, book it or cancel its booking", async () => {
    const availability = `/api/school_resources/${s.hall}/availability?date=${dayAhead(7)}&start=${encodeURIComponent('10:00 AM')}&end=${encodeURIComponent('11:00 AM')}`;
    for (const [method, url, body] of [
      ['GET', `/api/school_resources/${s.hall}`],
      ['GET', availability],
      ['PUT', `/api/school_resources/${s.hall}`, { name: 'Moon took it', kind: 'room', quantity: 9 }],
      ['POST', `/api/school_resources/${s.hall}/archive`],
      ['POST', `/api/school_resources/${s.hall}/restore`],
      ['POST', `/api/resource_bookings/${s.booking}/cancel`],
    ] as const)
      expect((await req(method, url, mona, body)).statusCode, `${method} ${url}`).toBe(404);
    // A free hour of Sunrise's hall: refused as a resource that does not exist for her.
    const booked = await req('POST', '/api/resource_bookings/', mona, {
      resource_id: s.hall,
      date: dayAhead(7),
      start: '02:00 PM',
      end: '03:00 PM',
    });
    expect([400, 404], booked.body).toContain(booked.statusCode);
    // Her lists show nothing of Sunrise's.
    for (const url of [
      '/api/school_resources/?include_archived=true',
      `/api/resource_bookings/?from=${dayAhead(0)}&to=${dayAhead(14)}&include_cancelled=true`,
      `/api/resource_bookings/?from=${dayAhead(0)}&resource_id=${s.hall}`,
    ]) {
      const res = await req('GET', url, mona);
      expect(res.statusCode < 500, `${url}: ${res.body}`).toBe(true);
      for (const marker of ['Sunrise', s.hall, s.booking]) expect(res.body, `${url} shows ${marker}`).not.toContain(marker);
    }
    // Sunrise's booking stands, and its hour is still taken.
    const bookings = expectResponse(
      ROUTES.resourceBookingList,
      await req('GET', `/api/resource_bookings/?from=${dayAhead(7)}&to=${dayAhead(7)}&resource_id=${s.hall}`, anita),
    ).result;
    expect(bookings.map((b) => [b._id, b.cancelled])).toEqual([[s.booking, false]]);
    expect(JSON.stringify(bookings)).not.toContain('Moon');
  });
});

describe("another school's admin and Sunrise's email wording and audit trail", () => {
  it("sees the product's default where Sunrise changed the wording, and her reset leaves Sunrise's alone", async () => {
    const list = expectResponse(ROUTES.emailTemplateList, await req('GET', '/api/email_templates/', mona)).result;
    const announcement = list.find((x) => x.key === 'announcement');
    expect(announcement?.languages.find((l) => l.language === 'ar')?.customised).toBe(false);
    expect(JSON.stringify(list)).not.toContain('Sunrise news');
    const hers = expectResponse(ROUTES.emailTemplateGet, await req('GET', '/api/email_templates/announcement/ar', mona)).result;
    expect([hers.customised, hers.subject, hers.body]).toEqual([false, hers.default_subject, hers.default_body]);
    expect(hers.body).not.toContain('Sunrise picnic');
    const preview = expectResponse(
      ROUTES.emailTemplatePreview,
      await req('POST', '/api/email_templates/announcement/ar/preview', mona, {}),
    ).result;
    expect(preview.html).not.toContain('Sunrise picnic');
    expect(
      (await req('DELETE', '/api/email_templates/announcement/ar', mona)).statusCode,
      'her reset of her own (default) wording',
    ).toBeLessThan(500);
    const anitas = expectResponse(
      ROUTES.emailTemplateGet,
      await req('GET', '/api/email_templates/announcement/ar', anita),
    ).result;
    expect([anitas.customised, anitas.subject]).toEqual([true, 'Sunrise news: {{title}}']);
  });

  it("reads none of Sunrise's audit entries, by type or by id", async () => {
    const all = expectResponse(ROUTES.academicAudit, await req('GET', '/api/academic_setup/audit/?limit=100', mona)).result;
    expect(all.items.length).toBeGreaterThan(0); // her own EYFS addition
    for (const marker of ['Sunrise', s.framework, s.hall, s.booking, s.schedule, s.eyfsStatement])
      expect(JSON.stringify(all), `her trail shows ${marker}`).not.toContain(marker);
    for (const [type, id] of [
      ['curriculum_framework', s.framework],
      ['curriculum_node', s.eyfsStatement],
      ['day_schedule', s.schedule],
      ['resource', s.hall],
      ['resource_booking', s.booking],
      ['email_template', 'announcement:ar'],
    ] as const) {
      const page = expectResponse(
        ROUTES.academicAudit,
        await req('GET', `/api/academic_setup/audit/?entity_type=${type}&entity_id=${encodeURIComponent(id)}`, mona),
      ).result;
      expect(JSON.stringify(page.items), `${type} ${id}`).not.toContain('Sunrise');
      expect(
        page.items.filter((i) => i.entity_id === id && i.entity_type !== 'email_template'),
        `${type} ${id}`,
      ).toEqual([]);
    }
    // Anita's own trail holds them (the entries exist: Mona's answer is not empty by accident).
    const anitas = expectResponse(ROUTES.academicAudit, await req('GET', '/api/academic_setup/audit/?limit=100', anita)).result;
    for (const id of [s.framework, s.hall, s.booking, s.schedule]) expect(JSON.stringify(anitas)).toContain(id);
  });
});

describe('another class and a family', () => {
  it("a teacher is refused Kindergarten B's frameworks and days as she is refused its other class routes (403)", async () => {
    const reference = (await req('GET', `/api/classes/${kindergartenB}`, tara)).statusCode;
    const curriculum = await req('GET', `/api/curriculum/class/${kindergartenB}`, tara);
    const days = await req('GET', `/api/day_schedules/class/${kindergartenB}?from=${dayAhead(0)}`, tara);
    expect([reference, curriculum.statusCode, days.statusCode]).toEqual([403, 403, 403]);
    expect(curriculum.body).not.toContain('Kindergarten B');
    // Her own class answers.
    expectResponse(ROUTES.classCurriculum, await req('GET', `/api/curriculum/class/${nurseryA}`, tara));
    expectResponse(ROUTES.classDays, await req('GET', `/api/day_schedules/class/${nurseryA}?from=${dayAhead(0)}`, tara));
  });

  it('a teacher books for her own class only, and cancels only her own bookings', async () => {
    const forB = await req('POST', '/api/resource_bookings/', tara, {
      resource_id: s.hall,
      date: dayAhead(8),
      start: '10:00 AM',
      end: '11:00 AM',
      class_id: kindergartenB,
    });
    expect([403, 404], forB.body).toContain(forB.statusCode);
    expect((await req('POST', `/api/resource_bookings/${s.booking}/cancel`, tara)).statusCode).toBe(403);
  });

  /** Each staff route of the academic setup, with its path filled with Sunrise's real objects. */
  const staffRoutes = (Object.entries(ACADEMIC_ROUTES) as [string, RouteDef][]).filter(([, d]) => d.access === 'staff');
  const pathOf = (def: RouteDef) => {
    const id =
      {
        curriculum_framework: s.framework,
        curriculum_node: s.statement,
        day_schedule: s.schedule,
        school_resource: s.hall,
        resource_booking: s.booking,
        class: nurseryA,
      }[def.resource as string] ?? '';
    return def.path.replace(':id', id).replace(':key', 'announcement').replace(':language', 'ar');
  };
  it.each(staffRoutes)('%s answers 403 to a parent', async (_name, def) => {
    const res = await req(def.method, pathOf(def), rohan, def.method === 'GET' || def.method === 'DELETE' ? undefined : {});
    expect(res.statusCode, res.body).toBe(403);
  });
  it('covers every staff route of the academic setup', () => {
    expect(staffRoutes.length).toBeGreaterThanOrEqual(35);
  });
});

describe('tagging and the audit by permission', () => {
  it("refuses another school's statement (or one of a framework the class does not use) on an observation, and takes its own", async () => {
    const observe = (statement_ids: string[]) =>
      req('POST', ROUTES.observationCreate.path, tara, {
        class_id: nurseryA,
        statement_ids,
        observation_entries: [{ student_id: aarav, date: dayAhead(0), general_note: 'Aarav built a den' }],
      });
    for (const id of [s.moonStatement, s.statement]) {
      const res = await observe([id]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: ERROR_CODES.validation, message: CURRICULUM_MESSAGES.statementsOfClass });
      expect(res.json().errors?.[0]?.field).toBe('statement_ids');
    }
    // Sunrise's own addition under EYFS (Nursery A's framework) is taken.
    const made = expectResponse(ROUTES.observationCreate, await observe([s.eyfsStatement])).result;
    expect(JSON.stringify(made)).toContain(s.eyfsStatement);
    expect(JSON.stringify(made)).not.toContain(s.moonStatement);
  });

  it('answers 403 for an entity type whose permission the caller lacks, and lists only the types she holds', async () => {
    // Without any academic setup permission the route itself is refused.
    expect((await req('GET', '/api/academic_setup/audit/', tara)).statusCode).toBe(403);
    // Sunrise's teachers are made resource managers (by Anita, through the roles' route): they read the
    // resources' trail, nothing else's.
    const [teacher] = await t.database.db
      .select()
      .from(roles)
      .where(eq(roles.id, demoId('role:sunrise:teacher')));
    const roleUpdate = await req('PUT', `/api/roles/${demoId('role:sunrise:teacher')}`, anita, {
      permissions: [...(teacher?.permissions ?? []), RESOURCE_MANAGER],
    });
    expect(roleUpdate.statusCode, roleUpdate.body).toBe(200);
    const keeper = await staffToken(t, '9000000003');
    for (const type of ['curriculum_framework', 'curriculum_node', 'class_frameworks', 'day_schedule', 'email_template'])
      expect((await req('GET', `/api/academic_setup/audit/?entity_type=${type}`, keeper)).statusCode, type).toBe(403);
    const resources = expectResponse(
      ROUTES.academicAudit,
      await req('GET', '/api/academic_setup/audit/?entity_type=resource', keeper),
    ).result;
    expect(resources.items.map((i) => i.entity_id)).toContain(s.hall);
    const all = expectResponse(ROUTES.academicAudit, await req('GET', '/api/academic_setup/audit/?limit=100', keeper)).result;
    expect([...new Set(all.items.map((i) => i.entity_type))].sort()).toEqual(['resource', 'resource_booking']);
  });
});
