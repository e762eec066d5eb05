import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, signIn, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string;
let tara: string;
let sam: string;
beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, sam] = [await staffToken(t, '9000000002'), await staffToken(t, '9000000003'), await staffToken(t, '9000000001')];
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');

/** Signs in a number that is not a test number, with the code the SMS provider received. */
async function signInReal(phone: string) {
  const send = await call('POST', '/api/otp/send', undefined, { phno: `91${phone}` });
  expect(send.statusCode, send.body).toBe(200);
  const code = t.sms.sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
  const verify = await call('POST', '/api/otp/verify', undefined, { reqId: send.json().message, otp: code });
  const login = await call('POST', ROUTES.phoneVerification.path, undefined, {
    otp_jwt_token: verify.json().message,
    phone_number: phone,
  });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().result;
}

describe('GET /api/classes/{id}', () => {
  it('gives a teacher her class with its students and staff', async () => {
    const cls = expectResponse(ROUTES.classDetail, await call('GET', `/api/classes/${nurseryA}`, tara)).result.my_class;
    expect(cls).toMatchObject({ class_name: 'Nursery A', age_range: '2y 3m - 3y 0m', academic_year: '01-06-2026 - 31-05-2027' });
    expect(cls.classes_days).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    expect(cls.student_list).toHaveLength(12);
    expect(cls.student_list.map((s: { first_name: string }) => s.first_name)).toContain('Kabir');
    expect(cls.staff_list.map((s: { first_name: string }) => s.first_name)).toEqual(['Tara']);
  });

  it('answers 403 for a class of her school she does not teach, 400 for a malformed id', async () => {
    expect((await call('GET', `/api/classes/${kgB}`, tara)).statusCode).toBe(403);
    expect((await call('GET', '/api/classes/nope', tara)).statusCode).toBe(400);
  });

  it('gives an admin any class of the school', async () => {
    expect((await call('GET', `/api/classes/${kgB}`, anita)).json().result.my_class.student_list).toHaveLength(10);
  });
});

describe('classes, schools and people lists', () => {
  it('GET /api/user_schools_classes/ lists every school of a super admin with its classes', async () => {
    const res = (await call('GET', ROUTES.userSchoolsClasses.path, sam)).json().result;
    expect(res.map((s: { school_details: { name: string } }) => s.school_details.name)).toEqual([
      'Moonbeam Nursery',
      'Sunrise Early Years',
    ]);
    expect(res[1].classes.map((c: { class_name: string }) => c.class_name)).toEqual(['Kindergarten B', 'Nursery A']);
    expect(res[1].current).toBe(true);
  });

  it('GET /api/fetch_classes_users/ gives a teacher her class people', async () => {
    const res = (await call('GET', ROUTES.fetchClassesUsers.path, tara)).json().result;
    expect(res).toHaveLength(1);
    expect(res[0].student_list).toHaveLength(12);
  });

  it('GET /api/student/ pages and searches within what the caller may see', async () => {
    expect((await call('GET', ROUTES.studentList.path, tara)).json().result.total).toBe(12);
    expect((await call('GET', ROUTES.studentList.path, anita)).json().result.total).toBe(22);
    const search = (await call('GET', `${ROUTES.studentList.path}?search=shar`, anita)).json().result;
    expect(search.items.map((s: { first_name: string }) => s.first_name)).toEqual(['Aarav', 'Ira']);
    const page = (await call('GET', `${ROUTES.studentList.path}?page=2&page_size=5`, anita)).json().result;
    expect(page.items).toHaveLength(5);
    expect((await call('GET', `${ROUTES.studentList.path}?class_id=${kgB}`, tara)).json().result.total).toBe(0);
    expect((await call('GET', `${ROUTES.studentList.path}?page=0`, anita)).statusCode).toBe(400);
  });

  it('GET /api/student/{id} answers staff who teach the child and its parents, not others', async () => {
    const aarav = demoId('student:Aarav Sharma');
    const res = await call('GET', `/api/student/${aarav}`, tara);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      first_name: 'Aarav',
      student_class: [{ class_name: 'Nursery A' }],
      parents: [{ first_name: 'Rohan' }],
    });
    expect((await call('GET', `/api/student/${aarav}`, await parentToken(t, '9000000004'))).statusCode).toBe(200);
    expect((await call('GET', `/api/student/${aarav}`, await parentToken(t, '9000000005'))).statusCode).toBe(404);
    expect((await call('GET', `/api/student/${demoId('student:Ira Sharma')}`, tara)).statusCode).toBe(403);
  });
});

describe('class management', () => {
  it('creates, edits and archives a class; refuses teachers and bad input', async () => {
    const body = {
      class_name: 'Reception Sunflowers',
      academic_year_start: '01-06-2026',
      academic_year_end: '31-05-2027',
      age_range: '4y 0m - 5y 0m',
      start_time: '08:30',
      end_time: '14:00',
    };
    expect((await call('POST', ROUTES.classCreate.path, tara, body)).statusCode).toBe(403);
    expect((await call('POST', ROUTES.classCreate.path, anita, { ...body, class_name: '' })).statusCode).toBe(400);
    expect((await call('POST', ROUTES.classCreate.path, anita, { ...body, academic_year_end: '31-02-2027' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', ROUTES.classCreate.path, anita, { ...body, academic_year_end: '01-01-2026' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', ROUTES.classCreate.path, anita, { ...body, academic_year_end: undefined })).statusCode).toBe(400);
    const created = await call('POST', ROUTES.classCreate.path, anita, body);
    expect(created.statusCode, created.body).toBe(200);
    const cls = created.json().result;
    expect(cls).toMatchObject({
      class_name: 'Reception Sunflowers',
      academic_year: '01-06-2026 - 31-05-2027',
      start_time: '08:30',
      student_list: [],
    });
    const edited = await call('PUT', `/api/classes/${cls.id}`, anita, {
      class_name: 'Reception Sunflowers and Daisies',
      color: '#2f9e44',
    });
    expect(edited.json().result).toMatchObject({ class_name: 'Reception Sunflowers and Daisies', color: '#2f9e44' });
    const archived = await call('PUT', `/api/classes/${cls.id}`, anita, { archived: true });
    expect(archived.json().result.archived).toBe(true);
    const list = (await call('GET', ROUTES.classList.path, anita)).json().result;
    expect(list.find((c: { id: string }) => c.id === cls.id).archived).toBe(true);
    expect((await call('GET', ROUTES.staffClasses.path, anita)).json().result.map((c: { id: string }) => c.id)).not.toContain(
      cls.id,
    );
  });

  it('POST /api/add_staff_to_classes/{id} adds by class or by staff member', async () => {
    const neha = demoId('user:9000000005');
    const byClass = await call('POST', `/api/add_staff_to_classes/${nurseryA}`, anita, { staff_ids: [neha] });
    expect(byClass.statusCode, byClass.body).toBe(200);
    const nehaToken = await staffToken(t, '9000000005');
    expect(
      (await call('GET', ROUTES.staffClasses.path, nehaToken)).json().result.map((c: { class_name: string }) => c.class_name),
    ).toEqual(['Kindergarten B', 'Nursery A']);
    const taraId = demoId('user:9000000003');
    expect((await call('POST', `/api/add_staff_to_classes/${taraId}`, anita, { class_ids: [kgB] })).statusCode).toBe(200);
    expect((await call('GET', `/api/classes/${kgB}`, tara)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/add_staff_to_classes/${nurseryA}`, anita, { staff_ids: [demoId('user:9000000006')] })).statusCode,
    ).toBe(400);
    expect((await call('POST', `/api/add_staff_to_classes/${nurseryA}`, tara, { staff_ids: [neha] })).statusCode).toBe(403);
  });
});

describe('staff', () => {
  it('adds a staff member who can then sign in, refuses duplicates, edits and removes', async () => {
    const teacherRole = demoId('role:sunrise:teacher');
    const bad = await call('POST', ROUTES.staffCreate.path, anita, { first_name: 'No', role_id: teacherRole });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('phone');
    const res = await call('POST', ROUTES.staffCreate.path, anita, {
      first_name: 'Kiran',
      last_name: 'Bose',
      phone: '9811111111',
      email: 'kiran.bose@sunrise.example',
      role_id: teacherRole,
      class_ids: [kgB],
    });
    expect(res.statusCode, res.body).toBe(200);
    const kiran = res.json().result;
    expect(kiran).toMatchObject({ first_name: 'Kiran', role: { name: 'Teacher' }, classes: [{ class_name: 'Kindergarten B' }] });
    expect(
      (await call('POST', ROUTES.staffCreate.path, anita, { first_name: 'Kiran', phone: '9811111111', role_id: teacherRole }))
        .statusCode,
    ).toBe(409);

    const login = await signInReal('9811111111');
    const kiranToken = login.staff_user.access_token;
    expect((await call('GET', ROUTES.staffClasses.path, kiranToken)).json().result[0].class_name).toBe('Kindergarten B');

    const adminRole = demoId('role:sunrise:admin');
    const edited = await call('PUT', `/api/staff/${kiran.id}`, anita, { role_id: adminRole, class_ids: [] });
    expect(edited.json().result).toMatchObject({ role: { name: 'Admin' }, classes: [] });

    expect((await call('DELETE', `/api/staff/${demoId('user:9000000002')}`, anita)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/staff/${kiran.id}`, anita)).statusCode).toBe(200);
    expect((await call('GET', ROUTES.loginedUserDetails.path, kiranToken)).statusCode).toBe(401);
    const again = await call('POST', '/api/otp/send', undefined, { phno: '919811111111' });
    expect(again.statusCode).toBe(404);
    const list = (await call('GET', ROUTES.staffList.path, anita)).json().result.map((s: { first_name: string }) => s.first_name);
    expect(list).toEqual(['Anita', 'Neha', 'Sam', 'Tara']);
  });
});

describe('students and parents', () => {
  it('adds a student, moves it, links a new parent who can sign in and see the child', async () => {
    const created = await call('POST', ROUTES.studentCreate.path, anita, {
      first_name: 'Zoya',
      last_name: 'Mehta',
      class_id: nurseryA,
    });
    expect(created.statusCode, created.body).toBe(200);
    const zoya = created.json().result;
    expect(zoya.student_class).toEqual([{ class_id: nurseryA, class_name: 'Nursery A' }]);
    const moved = await call('PUT', `/api/student/${zoya.id}`, anita, { class_id: kgB });
    expect(moved.json().result.student_class).toEqual([{ class_id: kgB, class_name: 'Kindergarten B' }]);
    expect((await call('POST', `/api/student/${zoya.id}/parents`, anita, { first_name: 'Sana' })).statusCode).toBe(400);
    const linked = await call('POST', `/api/student/${zoya.id}/parents`, anita, {
      first_name: 'Sana',
      last_name: 'Mehta',
      phone: '9822222222',
      relation: 'mother',
    });
    expect(linked.json().result.parents).toEqual([
      expect.objectContaining({ first_name: 'Sana', primary_phone: '9822222222', relation: 'mother' }),
    ]);
    const login = await signInReal('9822222222');
    expect(login.parent_user.user_details.child_list.map((c: { first_name: string }) => c.first_name)).toEqual(['Zoya']);
    expect(login.parent_user.user_details.current_child).toBe(zoya.id);
  });

  it('links an existing staff member as a parent: one person, two roles', async () => {
    const aarav = demoId('student:Aarav Sharma');
    await call('POST', `/api/student/${aarav}/parents`, anita, {
      first_name: 'Tara',
      last_name: 'Menon',
      phone: '9000000003',
      relation: 'guardian',
    });
    const login = await signIn(t, '9000000003');
    expect(login.staff_user).toBeDefined();
    expect(login.parent_user?.user_details.child_list.map((c) => c.first_name)).toEqual(['Aarav']);
  });
});

describe('roles and school permissions', () => {
  it('creates, edits and deletes roles; keeps a role that is in use; never hands out super admin', async () => {
    // A platform permission she does not hold is refused, not dropped silently.
    const platform = await call('POST', ROUTES.roleCreate.path, anita, {
      name: 'Coordinator',
      permissions: ['admin_portal.students', 'super_admin.access_new_modules'],
    });
    expect(platform.statusCode).toBe(403);
    const res = await call('POST', ROUTES.roleCreate.path, anita, {
      name: 'Coordinator',
      permissions: ['admin_portal.students'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const role = res.json().result;
    expect(role.permissions).toEqual(['admin_portal.students']);
    expect((await call('POST', ROUTES.roleCreate.path, anita, { name: 'coordinator' })).statusCode).toBe(409);
    expect(
      (await call('POST', ROUTES.roleCreate.path, anita, { name: 'X', permissions: ['made_up.permission'] })).statusCode,
    ).toBe(400);
    const edited = await call('PUT', `/api/roles/${role.id}`, anita, {
      permissions: ['admin_portal.students', 'admin_portal.classes'],
    });
    expect(edited.json().result.permissions).toEqual(['admin_portal.classes', 'admin_portal.students']);
    expect((await call('DELETE', `/api/roles/${demoId('role:sunrise:teacher')}`, anita)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/roles/${role.id}`, anita)).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/roles/${demoId('role:sunrise:admin')}`, anita, { permissions: ['admin_portal.classes'] }))
        .statusCode,
    ).toBe(409);
  });

  it('a school permission switched off closes its routes, and user permissions say so', async () => {
    expect((await call('GET', ROUTES.reportContacts.path, anita)).statusCode).toBe(200);
    const off = await call('PUT', ROUTES.schoolPermissionsUpdate.path, anita, { permissions: { reports: false } });
    expect(off.json().result.reports).toBe(false);
    expect((await call('GET', ROUTES.reportContacts.path, anita)).statusCode).toBe(403);
    expect((await call('GET', ROUTES.userPermissions.path, anita)).json().result.school_permissions).not.toContain('reports');
    expect(
      (await call('PUT', ROUTES.schoolPermissionsUpdate.path, anita, { permissions: { not_a_feature: true } })).statusCode,
    ).toBe(400);
    expect((await call('PUT', ROUTES.schoolPermissionsUpdate.path, tara, { permissions: { reports: true } })).statusCode).toBe(
      403,
    );
    await call('PUT', ROUTES.schoolPermissionsUpdate.path, anita, { permissions: { reports: true } });
    expect((await call('GET', ROUTES.reportContacts.path, anita)).statusCode).toBe(200);
  });

  it('GET /api/user_permissions/ lists what a teacher holds', async () => {
    const res = (await call('GET', ROUTES.userPermissions.path, tara)).json().result;
    expect(res.role_permissions).toEqual(['daily_communication.announcements', 'daily_communication.homework']);
    expect(res.school_permissions).toContain('attendance.enabled');
  });
});

describe('school details, dashboard, divisions', () => {
  it('edits the school and its direction shows in the staff details', async () => {
    expect((await call('PUT', ROUTES.schoolUpdate.path, anita, { time_zone: 'Mars/Olympus' })).statusCode).toBe(400);
    const res = await call('PUT', ROUTES.schoolUpdate.path, anita, { time_zone: 'Asia/Kolkata', editor_direction: 'r2l' });
    expect(res.json().result).toMatchObject({
      time_zone: 'Asia/Kolkata',
      editor_direction: 'r2l',
      organization: { name: 'Demo Learning Trust' },
    });
    expect(
      (await call('GET', ROUTES.loginedUserDetails.path, tara)).json().result.user_detials.school_details.editor_direction,
    ).toBe('r2l');
    await call('PUT', ROUTES.schoolUpdate.path, anita, { editor_direction: 'l2r' });
  });

  it('counts the school on the dashboard', async () => {
    const res = (await call('GET', ROUTES.schoolDashboard.path, anita)).json().result;
    expect(res.classes).toBeGreaterThanOrEqual(2);
    expect(res.students).toBeGreaterThanOrEqual(22);
    expect(res.parents).toBeGreaterThanOrEqual(2);
    expect((await call('GET', ROUTES.schoolDashboard.path, tara)).statusCode).toBe(403);
  });

  it('creates, renames and deletes divisions, and files classes under them', async () => {
    const d = (await call('POST', ROUTES.divisionCreate.path, anita, { name: 'Pre-primary' })).json().result;
    expect((await call('POST', ROUTES.divisionCreate.path, anita, { name: 'pre-primary' })).statusCode).toBe(409);
    await call('PUT', `/api/classes/${nurseryA}`, anita, { division_id: d.id });
    const list = (await call('GET', ROUTES.divisionList.path, anita)).json().result;
    expect(list.find((x: { id: string }) => x.id === d.id).class_count).toBe(1);
    expect((await call('PUT', `/api/divisions/${d.id}`, anita, { name: 'Early Years' })).json().result.name).toBe('Early Years');
    expect((await call('DELETE', `/api/divisions/${d.id}`, anita)).statusCode).toBe(200);
    expect((await call('GET', `/api/classes/${nurseryA}`, anita)).json().result.my_class.division).toBeNull();
  });
});

describe('switching schools', () => {
  it('lists campuses and organizations, and switches a super admin to the other school', async () => {
    const campuses = (await call('GET', ROUTES.campuses.path, sam)).json().result;
    expect(campuses.map((c: { name: string; current: boolean }) => [c.name, c.current])).toEqual([
      ['Moonbeam Nursery', false],
      ['Sunrise Early Years', true],
    ]);
    const orgs = (await call('GET', ROUTES.organizations.path, sam)).json().result;
    expect(orgs).toEqual([{ id: demoId('org'), name: 'Demo Learning Trust', schools: expect.any(Array) }]);
    expect((await call('GET', ROUTES.organizations.path, anita)).statusCode).toBe(403);
    const samLogin = await signIn(t, '9000000001');
    const switched = await call('POST', ROUTES.switchSchool.path, samLogin.staff_user?.access_token, {
      school_id: demoId('school:moonbeam'),
    });
    expect(switched.statusCode).toBe(200);
    const moon = switched.json().result;
    expect(moon.user_details.school_details).toMatchObject({ name: 'Moonbeam Nursery', editor_direction: 'r2l' });
    expect(
      (await call('GET', ROUTES.staffClasses.path, moon.access_token))
        .json()
        .result.map((c: { class_name: string }) => c.class_name),
    ).toEqual(['Toddlers']);
    expect((await call('GET', ROUTES.loginedUserDetails.path, samLogin.staff_user?.access_token)).statusCode).toBe(401);
    expect((await call('POST', ROUTES.switchSchool.path, tara, { school_id: demoId('school:moonbeam') })).statusCode).toBe(404);
  });
});

describe('usage and reports', () => {
  it('reports who used what in the last 30 days', async () => {
    const res = await call('GET', ROUTES.usage.path, sam);
    expect(res.statusCode).toBe(200);
    const rows = res.json().result as { user: { first_name: string }; action: string; count: number }[];
    expect(rows.find((r) => r.user.first_name === 'Anita' && r.action === 'sign_in')?.count).toBeGreaterThanOrEqual(1);
    expect(rows.some((r) => r.user.first_name === 'Anita' && r.action === 'classes')).toBe(true);
    expect((await call('GET', ROUTES.usage.path, anita)).statusCode).toBe(403);
  });

  it('downloads a class list and a contact sheet as CSV', async () => {
    const res = await call('GET', `/api/reports/class_list/${kgB}`, anita);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Kindergarten-B-class-list.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Student first name,Student last name,Class,Parent,Relation,Phone,Email');
    expect(lines.find((l) => l.startsWith('Ira,'))).toContain('Rohan Sharma');
    const contacts = await call('GET', ROUTES.reportContacts.path, anita);
    expect(contacts.body).toContain('Diya,Patel');
  });
});
