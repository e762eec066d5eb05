import { ASSESSMENT_MESSAGES, ERROR_CODES, ROUTES } from '@cue/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../src/platform/auth/scope.js';
import * as s from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise (holds academic_setup.assessment_management)
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let rohan: string; // Aarav's father
let mona: string; // teacher at Moonbeam (another school of the same organization)
const sunrise = demoId('school:sunrise');
const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const ira = demoId('student:Ira Sharma'); // Kindergarten B
const taraId = demoId('user:9000000003');
const CL = '5940566293db787df3cf4fb0'; // EYFS: Communication and Language

const wire = (iso: string) => iso.split('-').reverse().join('-');
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const req = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
const errorOf = (res: { json(): unknown }) => res.json() as { code: string; message: string; errors?: { field: string }[] };
const scopeOf = (userId: string, schoolId = sunrise): Scope =>
  t.services.scopes.of({ userId, kind: 'staff', schoolId, sessionId: 'test', isTemp: false }) as Scope;

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

/** An observation of a child through the API, tagged with Communication and Language; its id. */
async function observe(studentId: string, iso: string, note: string): Promise<string> {
  const res = await req('POST', '/api/observations/', tara, {
    class_id: nurseryA,
    learning_area_ids: [CL],
    observation_entries: [{ student_id: studentId, date: wire(iso), title: note.slice(0, 20), general_note: note }],
  });
  const made = expectResponse(ROUTES.observationCreate, res).result.observation_entries[0];
  return made?.id as string;
}

/** A learning story naming children, written straight to the table (its rules are the stories module's). */
async function story(studentIds: string[], iso: string, status: string, body: string): Promise<string> {
  const id = newId();
  await t.database.db.insert(s.stories).values({
    id,
    schoolId: sunrise,
    classId: nurseryA,
    kind: 'story',
    status,
    title: `Story ${body.slice(0, 10)}`,
    body: `<p>${body}</p>`,
    bodyText: body,
    storyDate: iso,
    authorId: taraId,
  });
  await t.database.db.insert(s.storyChildren).values(studentIds.map((studentId) => ({ storyId: id, studentId })));
  await t.database.db.insert(s.storyAreas).values({ storyId: id, areaId: CL });
  return id;
}

/** A gallery photo tagged with children. */
async function photo(studentIds: string[], iso: string, caption: string, deleted = false): Promise<string> {
  const id = newId();
  await t.database.db.insert(s.mediaItems).values({
    id,
    schoolId: sunrise,
    classId: nurseryA,
    kind: 'image',
    status: 'ready',
    privacy: 'class',
    name: 'photo.jpg',
    caption,
    takenOn: iso,
    mimeType: 'image/jpeg',
    bytes: 1000,
    url: `/media/gallery/${id}.jpg`,
    thumbUrl: `/media/gallery/${id}-thumb.jpg`,
    deletedAt: deleted ? new Date() : null,
  });
  await t.database.db.insert(s.mediaTags).values(studentIds.map((studentId) => ({ itemId: id, studentId })));
  return id;
}

describe('the evidence reader', () => {
  let obsOld: string;
  let obsNew: string;
  let storyId: string;
  let familyOnly: string;
  let photoId: string;
  let binned: string;
  let obsDiya: string;
  beforeAll(async () => {
    obsOld = await observe(aarav, isoIn(-20), 'Counted ten beads on the string');
    obsNew = await observe(aarav, isoIn(-2), 'Told the class about the bus ride');
    obsDiya = await observe(diya, isoIn(-3), 'Sorted the shapes by colour');
    storyId = await story([aarav, diya], isoIn(-5), 'published', 'Aarav and Diya built a bridge together');
    familyOnly = await story([aarav], isoIn(-6), 'declined', 'A declined story is no evidence');
    photoId = await photo([aarav], isoIn(-4), 'Painting the sunflower\nwith yellow');
    binned = await photo([aarav], isoIn(-4), 'In the bin', true);
  });

  it("reads every child's observations, stories and photos of the range in one call, newest first", async () => {
    const map = await t.services.evidence.ofChildren(scopeOf(taraId), [aarav, diya], isoIn(-10), isoIn(0));
    const mine = map.get(aarav) ?? [];
    expect(mine.map((e) => [e.kind, e.id])).toEqual([
      ['observation', obsNew],
      ['media', photoId],
      ['story', storyId],
    ]);
    const obs = mine[0];
    expect(obs?.text).toBe('Told the class about the bus ride');
    expect(obs?.areaIds).toEqual([CL]);
    expect(obs?.areaCodes).toEqual(['CL']);
    const st = mine.find((e) => e.kind === 'story');
    expect(st?.text).toBe('Aarav and Diya built a bridge together');
    expect(st?.areaCodes).toEqual(['CL']);
    const ph = mine.find((e) => e.kind === 'media');
    expect(ph?.title).toBe('Painting the sunflower');
    expect(ph?.thumbnail).toMatch(new RegExp(`^/media/gallery/${photoId}-thumb.jpg\\?exp=`));
    expect(mine.some((e) => e.id === obsOld || e.id === familyOnly || e.id === binned)).toBe(false);
    expect((map.get(diya) ?? []).map((e) => e.id)).toEqual([obsDiya, storyId]);
  });

  it('reads 25 children of the school in one call', async () => {
    const kids = (
      await t.database.db
        .select({ id: s.classStudents.studentId })
        .from(s.classStudents)
        .innerJoin(s.classes, eq(s.classes.id, s.classStudents.classId))
        .where(eq(s.classes.schoolId, sunrise))
    ).map((r) => r.id);
    const scope = scopeOf(demoId('user:9000000002'));
    const map = await t.services.evidence.ofChildren(scope, kids.slice(0, 25), isoIn(-30), isoIn(0));
    expect(map.size).toBe(Math.min(25, kids.length));
  });

  it("resolves refs of the child and refuses another child's evidence", async () => {
    const scope = scopeOf(taraId);
    const refs = [
      { kind: 'observation' as const, id: obsOld },
      { kind: 'story' as const, id: storyId },
      { kind: 'media' as const, id: photoId },
      { kind: 'observation' as const, id: obsDiya },
    ];
    const shown = await t.services.evidence.resolve(scope, aarav, refs);
    expect(shown.map((e) => e.id)).toEqual([obsOld, storyId, photoId]);
    expect(shown[0]?.date).toBe(wire(isoIn(-20)));
    await expect(t.services.evidence.assertOfChild(scope, aarav, refs.slice(0, 3))).resolves.toBeUndefined();
    await expect(t.services.evidence.assertOfChild(scope, aarav, refs)).rejects.toMatchObject({
      status: 400,
      message: ASSESSMENT_MESSAGES.evidenceOfChild,
    });
    await expect(t.services.evidence.assertOfChild(scope, aarav, [{ kind: 'media', id: binned }])).rejects.toMatchObject({
      status: 400,
    });
  });

  it("keeps staff to children they reach: another class's teacher 403, another school 404", async () => {
    const nehaScope = scopeOf(demoId('user:9000000005'));
    await expect(t.services.evidence.ofChildren(nehaScope, [aarav], isoIn(-10), isoIn(0))).rejects.toMatchObject({ status: 403 });
    const monaScope = scopeOf(demoId('user:9000000006'), demoId('school:moonbeam'));
    await expect(t.services.evidence.ofChildren(monaScope, [aarav], isoIn(-10), isoIn(0))).rejects.toMatchObject({ status: 404 });
    expect(ira).toBeTruthy();
  });
});
