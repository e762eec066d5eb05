import { ROUTES } from '@cue/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let nehaParent: string; // mother of Diya (Nursery A)
let rohan: string; // father of Aarav (Nursery A) and Ira (Kindergarten B)
let mona: string; // teacher at Moonbeam
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
const recordOf = async (token: string, id = aarav) =>
  expectResponse(ROUTES.childRecord, await req('GET', `/api/student/${id}/record`, token)).result;

/** Signs everyone in again (after the clock moved past their tokens' lifetime). */
async function signInAll() {
  [anita, tara, neha, nehaParent, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
}

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
});
afterAll(() => t.close());

describe("a child's record", () => {
  it('starts empty but complete: every built-in consent unasked, no alerts', async () => {
    const record = await recordOf(anita);
    expect(record.student.first_name).toBe('Aarav');
    expect(record.profile).toMatchObject({ date_of_birth: null, age: null, home_languages: [] });
    expect(record.alerts).toEqual([]);
    expect(record.consents.map((c) => c.key)).toEqual([
      'photos_class',
      'photos_public',
      'biometric',
      'outings',
      'sun_cream',
      'first_aid',
    ]);
    expect(record.consents.every((c) => c.granted === null)).toBe(true);
    expect(record.abilities).toMatchObject({ can_edit_profile: true, can_decide_changes: true, can_propose_changes: false });
  });

  it('takes the profile an admin enters, with the age in the spec format, and refuses impossible dates', async () => {
    const saved = expectResponse(
      ROUTES.childProfileUpdate,
      await req('PUT', `/api/student/${aarav}/profile`, anita, {
        date_of_birth: '15-01-2023',
        gender: 'male',
        preferred_name: 'Aaru',
        home_languages: ['Hindi', 'English', 'Hindi'],
        start_date: '01-06-2026',
        key_person_id: demoId('user:9000000003'),
      }),
    );
    expect(saved.message).toBe('Profile saved');
    expect(saved.result).toMatchObject({
      date_of_birth: '15-01-2023',
      preferred_name: 'Aaru',
      home_languages: ['Hindi', 'English'],
    });
    expect(saved.result.age).toMatch(/^\d+y \d+m$/);
    expect(saved.result.key_person?.first_name).toBe('Tara');

    const future = await req('PUT', `/api/student/${aarav}/profile`, anita, { date_of_birth: '01-01-2099' });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0].field).toBe('date_of_birth');
    const impossible = await req('PUT', `/api/student/${aarav}/profile`, anita, { date_of_birth: '31-02-2023' });
    expect(impossible.statusCode).toBe(400);
    const leaving = await req('PUT', `/api/student/${aarav}/profile`, anita, { leaving_date: '01-01-2026' });
    expect(leaving.statusCode).toBe(400);
    expect(leaving.json().message).toBe('The leaving date must be after the start date');
    // Neha teaches Kindergarten B, not Aarav's class.
    const keyPerson = await req('PUT', `/api/student/${aarav}/profile`, anita, { key_person_id: demoId('user:9000000005') });
    expect(keyPerson.statusCode).toBe(400);
    expect((await recordOf(anita)).profile.date_of_birth).toBe('15-01-2023');
  });

  it('records a severe allergy with an EpiPen: the badge shows to every member of staff who sees the child', async () => {
    const added = expectResponse(
      ROUTES.childHealthItemCreate,
      await req('POST', `/api/student/${aarav}/health_items`, anita, {
        kind: 'allergy',
        name: 'Peanuts',
        severity: 'severe',
        reaction: 'Swelling, difficulty breathing',
        action_plan: 'Give the EpiPen, call 112, then the parents',
        epipen: true,
      }),
    );
    expect(added.result).toMatchObject({ name: 'Peanuts', severity: 'severe', epipen: true });
    expect(added.result.recorded_by?.first_name).toBe('Anita');
    const noSeverity = await req('POST', `/api/student/${aarav}/health_items`, anita, { kind: 'allergy', name: 'Eggs' });
    expect(noSeverity.statusCode).toBe(400);
    expect(noSeverity.json().errors[0].field).toBe('severity');

    const forTara = await recordOf(tara);
    expect(forTara.alerts).toEqual(['severe_allergy', 'epipen']);
    expect(forTara.health?.allergies[0]?.name).toBe('Peanuts');
    const forRohan = await recordOf(rohan);
    expect(forRohan.health?.allergies).toHaveLength(1);
  });

  it('audits every staff read of medical details (one per sitting), not a family reading its own', async () => {
    const views = async () =>
      expectResponse(ROUTES.childMedicalViews, await req('GET', `/api/student/${aarav}/medical_views`, anita)).result;
    const taras = async () => (await views()).filter((v) => v.viewed_by?.first_name === 'Tara').length;
    t.clock.advance(11 * 60_000);
    await signInAll();
    const before = await taras();
    await recordOf(tara);
    expect(await taras()).toBe(before + 1);
    // Reloaded within the same sitting: the same view.
    await recordOf(tara);
    expect(await taras()).toBe(before + 1);
    t.clock.advance(11 * 60_000);
    await signInAll();
    await recordOf(tara);
    expect(await taras()).toBe(before + 2);
    const all = (await views()).length;
    await recordOf(rohan);
    expect(await views()).toHaveLength(all);
  });

  it('keeps people who must not collect the child, and why, for admins only', async () => {
    const added = expectResponse(
      ROUTES.childContactCreate,
      await req('POST', `/api/student/${aarav}/contacts`, anita, {
        kind: 'not_allowed',
        name: 'Vikram Sharma',
        relationship: 'Uncle',
        reason: 'Court order of 2025',
      }),
    );
    expect(added.result.reason).toBe('Court order of 2025');
    expect((await recordOf(anita)).not_allowed?.[0]?.reason).toBe('Court order of 2025');
    expect((await recordOf(tara)).not_allowed).toBeNull();
    expect((await recordOf(rohan)).not_allowed).toBeNull();
    expect(JSON.stringify(await recordOf(tara))).not.toContain('Court order');
  });

  it("keeps a collector's photo, private, for the staff who check at the door", async () => {
    const collector = expectResponse(
      ROUTES.childContactCreate,
      await req('POST', `/api/student/${aarav}/contacts`, anita, {
        kind: 'collector',
        name: 'Sunita Sharma',
        relationship: 'Aunt',
      }),
    ).result;
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#888888' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'Camera owner' } } })
      .toBuffer();
    const boundary = '----cue-photo';
    const form = (field: string, bytes: Buffer, type: string) => ({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const upload = (token: string, body: ReturnType<typeof form>) =>
      t.request({
        method: 'POST',
        url: `/api/student_contacts/${collector.id}/photo`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
    expect((await upload(tara, form('photo', jpeg, 'image/jpeg'))).statusCode).toBe(403);
    expect((await upload(anita, form('photo', Buffer.from('not an image'), 'text/plain'))).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    const saved = expectResponse(ROUTES.childContactPhoto, await upload(anita, form('photo', jpeg, 'image/jpeg')));
    expect(saved.message).toBe('Photo saved');
    expect(saved.result.photo).toMatch(/^\/media\/profile\/contact\/[0-9a-f]{24}\.webp\?/);
    const forTara = (await recordOf(tara)).collectors.find((c) => c.id === collector.id);
    expect(forTara?.photo).toMatch(/\.webp\?/);
    const image = await t.request({ method: 'GET', url: forTara?.photo ?? '' });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    expect((await t.request({ method: 'GET', url: (forTara?.photo ?? '').split('?')[0] ?? '' })).statusCode).toBe(403);
  });

  it('orders emergency contacts by priority', async () => {
    for (const [name, priority] of [
      ['Sunita Sharma', 2],
      ['Rohan Sharma', 1],
    ] as const)
      expectResponse(
        ROUTES.childContactCreate,
        await req('POST', `/api/student/${aarav}/contacts`, anita, {
          kind: 'emergency',
          name,
          relationship: 'Family',
          phone: '+91 90000 00004',
          priority,
        }),
      );
    expect((await recordOf(tara)).emergency_contacts.map((c) => c.name)).toEqual(['Rohan Sharma', 'Sunita Sharma']);
  });
});

describe("a class's badges", () => {
  it("list the class's children who carry one, for its staff only", async () => {
    const url = `/api/classes/${demoId('class:nurseryA')}/student_alerts`;
    const alerts = expectResponse(ROUTES.classStudentAlerts, await req('GET', url, tara)).result;
    expect(alerts).toContainEqual({ student_id: aarav, alerts: ['severe_allergy', 'epipen'] });
    // The demo's Kabir has had his peanut allergy on record from the start; Meera has no badge.
    expect(alerts).toContainEqual({ student_id: demoId('student:Kabir Khan'), alerts: ['severe_allergy', 'epipen'] });
    expect(alerts.map((a) => a.student_id)).not.toContain(demoId('student:Meera Nair'));
    expect((await req('GET', url, neha)).statusCode).toBe(403);
    expect((await req('GET', url, mona)).statusCode).toBe(404);
    expect((await req('GET', url, rohan)).statusCode).toBe(403);
  });
});

describe('who reaches a record', () => {
  it('401 without a token, 400 for a malformed id', async () => {
    expect((await req('GET', `/api/student/${aarav}/record`)).statusCode).toBe(401);
    expect((await req('GET', '/api/student/nope/record', anita)).statusCode).toBe(400);
  });

  it("refuses a teacher of another class (403) and another school (404), and another family's parent (404)", async () => {
    expect((await req('GET', `/api/student/${aarav}/record`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/student/${aarav}/record`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/student/${aarav}/record`, nehaParent)).statusCode).toBe(404);
    // Neha's own child is hers to read.
    expect((await recordOf(nehaParent, diya)).student.first_name).toBe('Diya');
  });

  it('hides medical details from staff who see the child without needing them, until they hold the medical permission', async () => {
    // A class manager: reaches every class and child, but holds no student or medical permission.
    const role = expectResponse(
      ROUTES.roleCreate,
      await req('POST', ROUTES.roleCreate.path, anita, { name: 'Class manager', permissions: ['admin_portal.classes'] }),
    ).result;
    expectResponse(
      ROUTES.staffCreate,
      await req('POST', ROUTES.staffCreate.path, anita, {
        first_name: 'Kiran',
        last_name: 'Rao',
        phone: '9000000077',
        role_id: role.id,
      }),
    );
    const send = await req('POST', '/api/otp/send', undefined, { phno: '919000000077' });
    const code = t.sms.sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    const verify = await req('POST', '/api/otp/verify', undefined, { reqId: send.json().message, otp: code });
    const login = await req('POST', ROUTES.phoneVerification.path, undefined, {
      otp_jwt_token: verify.json().message,
      phone_number: '9000000077',
    });
    const kiran = login.json().result.staff_user.access_token as string;
    const record = await recordOf(kiran);
    expect(record.health).toBeNull();
    expect(record.alerts).toEqual(['severe_allergy', 'epipen']);
    expect(JSON.stringify(record)).not.toContain('Peanuts');
    expectResponse(
      ROUTES.roleUpdate,
      await req('PUT', `/api/roles/${role.id}`, anita, {
        name: 'Class manager',
        permissions: ['admin_portal.classes', 'admin_portal.medical_records'],
      }),
    );
    expect((await recordOf(kiran)).health?.allergies[0]?.name).toBe('Peanuts');
  });

  it('lets only admins edit: a teacher of the class reads but cannot write', async () => {
    const res = await req('POST', `/api/student/${aarav}/health_items`, tara, { kind: 'condition', name: 'Asthma' });
    expect(res.statusCode).toBe(403);
    expect((await recordOf(tara)).abilities.can_edit_health).toBe(false);
  });
});

describe('the demo records', () => {
  it('give every child but Aarav a date of birth within the class range, and Meera no photo consent', async () => {
    const meera = await recordOf(anita, demoId('student:Meera Nair'));
    const [years = 0, months = 0] = (meera.profile.age ?? '').match(/\d+/g)?.map(Number) ?? [];
    expect(years * 12 + months).toBeGreaterThanOrEqual(27);
    expect(years * 12 + months).toBeLessThanOrEqual(36);
    expect(meera.consents.find((c) => c.key === 'photos_class')?.granted).toBe(false);
    expect(meera.consents.find((c) => c.key === 'outings')?.granted).toBe(true);
    const diyas = await recordOf(nehaParent, diya);
    expect(diyas.health?.allergies[0]).toMatchObject({ name: 'Eggs', severity: 'mild' });
    expect(diyas.consents.find((c) => c.key === 'photos_class')?.given_by?.first_name).toBe('Neha');
  });
});

describe('consents', () => {
  it('a parent gives and withdraws consent; the withdrawal is in force at once, with its history', async () => {
    expectResponse(
      ROUTES.childConsentSet,
      await req('PUT', `/api/student/${aarav}/consents`, rohan, { key: 'photos_class', granted: true }),
    );
    expect(await t.services.children.hasConsent(t.services.scopes.of(await claims(tara)), aarav, 'photos_class')).toBe(true);
    const withdrawn = expectResponse(
      ROUTES.childConsentSet,
      await req('PUT', `/api/student/${aarav}/consents`, rohan, { key: 'photos_class', granted: false }),
    );
    expect(withdrawn.result).toMatchObject({ granted: false });
    expect(withdrawn.result.history.map((h) => h.granted)).toEqual([false, true]);
    expect(await t.services.children.hasConsent(t.services.scopes.of(await claims(tara)), aarav, 'photos_class')).toBe(false);
    const forTara = (await recordOf(tara)).consents.find((c) => c.key === 'photos_class');
    expect(forTara?.granted).toBe(false);
    expect(forTara?.given_by?.first_name).toBe('Rohan');
  });

  it("refuses another family's parent, a teacher, and a kind the school does not have", async () => {
    expect((await req('PUT', `/api/student/${aarav}/consents`, nehaParent, { key: 'outings', granted: true })).statusCode).toBe(
      404,
    );
    expect((await req('PUT', `/api/student/${aarav}/consents`, tara, { key: 'outings', granted: true })).statusCode).toBe(403);
    const unknown = await req('PUT', `/api/student/${aarav}/consents`, rohan, { key: 'skydiving', granted: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('No such kind of consent in this school');
  });
});

describe("the yearly check of a child's details", () => {
  it('the school asks, the family sees it pending and confirms; a teacher or another family cannot', async () => {
    expect((await recordOf(rohan)).check.pending).toBe(false);
    expect((await req('POST', ROUTES.recordCheckRequest.path, tara, {})).statusCode).toBe(403);
    const asked = expectResponse(
      ROUTES.recordCheckRequest,
      await req('POST', ROUTES.recordCheckRequest.path, anita, { class_id: demoId('class:nurseryA') }),
    );
    expect(asked.result.requested).toBe(12);
    const record = await recordOf(rohan);
    expect(record.check.pending).toBe(true);
    expect(record.abilities.can_confirm_check).toBe(true);
    expect((await req('POST', `/api/student/${aarav}/record_check`, nehaParent)).statusCode).toBe(404);
    expect((await req('POST', `/api/student/${aarav}/record_check`, anita)).statusCode).toBe(403);
    const confirmed = expectResponse(
      ROUTES.childRecordCheckConfirm,
      await req('POST', `/api/student/${aarav}/record_check`, rohan),
    );
    expect(confirmed.result.pending).toBe(false);
    expect((await recordOf(anita)).check.confirmed_at).not.toBeNull();
    // Another school's class is not one to ask.
    expect((await req('POST', ROUTES.recordCheckRequest.path, anita, { class_id: demoId('class:toddlers') })).statusCode).toBe(
      404,
    );
  });
});

describe("the school's own consents", () => {
  it('are asked of every family beside the built-in ones, once each', async () => {
    const added = expectResponse(
      ROUTES.consentTypeCreate,
      await req('POST', ROUTES.consentTypeCreate.path, anita, { label: 'Face painting' }),
    );
    expect(added.result.key).toBe('school_face_painting');
    expect((await req('POST', ROUTES.consentTypeCreate.path, anita, { label: 'Face painting' })).statusCode).toBe(409);
    expect((await req('POST', ROUTES.consentTypeCreate.path, tara, { label: 'Swimming' })).statusCode).toBe(403);
    const kinds = expectResponse(ROUTES.consentTypeList, await req('GET', ROUTES.consentTypeList.path, tara)).result;
    expect(kinds.map((k) => k.label)).toEqual(['Face painting']);
    expect(expectResponse(ROUTES.consentTypeList, await req('GET', ROUTES.consentTypeList.path, mona)).result).toEqual([]);
    const consent = (await recordOf(rohan)).consents.find((c) => c.key === 'school_face_painting');
    expect(consent).toMatchObject({ label: 'Face painting', built_in: false, granted: null });
    expectResponse(
      ROUTES.childConsentSet,
      await req('PUT', `/api/student/${aarav}/consents`, rohan, { key: 'school_face_painting', granted: true }),
    );
  });
});

describe("a family's proposed changes", () => {
  it('a parent proposes a new phone number; the admin sees it beside the old one and accepts it', async () => {
    const proposed = expectResponse(
      ROUTES.childChangeRequestCreate,
      await req('POST', `/api/student/${aarav}/change_requests`, rohan, {
        changes: { parent_phone: '9123450000', address: '12 Park Road' },
      }),
    );
    expect(proposed.message).toBe('Your changes were sent to the school');
    expect(proposed.result.status).toBe('pending');
    const pending = expectResponse(ROUTES.changeRequestList, await req('GET', ROUTES.changeRequestList.path, anita)).result;
    const mine = pending.find((p) => p.id === proposed.result.id);
    expect(mine?.changes).toMatchObject({ parent_phone: '9123450000', address: '12 Park Road' });
    expect(mine?.current).toHaveProperty('address', null);
    expect((await recordOf(rohan)).pending_changes).toHaveLength(1);

    const accepted = expectResponse(
      ROUTES.changeRequestDecide,
      await req('POST', `/api/student_change_requests/${proposed.result.id}/decision`, anita, { decision: 'accept' }),
    );
    expect(accepted.result.status).toBe('accepted');
    expect((await recordOf(anita)).profile.address).toBe('12 Park Road');
    const student = await req('GET', `/api/student/${aarav}`, anita);
    expect(student.body).toContain('9123450000');
    const twice = await req('POST', `/api/student_change_requests/${proposed.result.id}/decision`, anita, {
      decision: 'decline',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_DECIDED');
  });

  it('refuses an empty proposal, a proposal for another family, and a decision by a teacher', async () => {
    const empty = await req('POST', `/api/student/${aarav}/change_requests`, rohan, { changes: {} });
    expect(empty.statusCode).toBe(400);
    expect(
      (await req('POST', `/api/student/${aarav}/change_requests`, nehaParent, { changes: { address: 'x' } })).statusCode,
    ).toBe(404);
    const proposed = expectResponse(
      ROUTES.childChangeRequestCreate,
      await req('POST', `/api/student/${aarav}/change_requests`, rohan, { changes: { preferred_name: 'Aaru' } }),
    );
    expect(
      (await req('POST', `/api/student_change_requests/${proposed.result.id}/decision`, tara, { decision: 'accept' })).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', `/api/student_change_requests/${proposed.result.id}/decision`, mona, { decision: 'accept' })).statusCode,
    ).toBe(403);
  });
});

async function claims(token: string) {
  const verified = await t.services.tokens.verifyAccess(token);
  if (!verified.ok) throw new Error('token');
  return verified.claims;
}
