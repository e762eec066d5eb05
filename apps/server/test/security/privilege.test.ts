import { ERROR_CODES, ROUTES, type StaffMember } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/seed/demo.js';
import { bearer, createTestApp, signIn, staffToken, type TestApp } from '../harness.js';

/**
 * The privilege rules: nobody grants a permission they do not hold, nor changes, demotes, removes or
 * acts as a person who holds more than they do; super admin roles only by super admins. Checked as a
 * matrix of every demo role against every role and every change, then with a custom role that holds
 * staff management alone.
 */
let t: TestApp;
const role = {
  superAdmin: demoId('role:sunrise:superAdmin'),
  admin: demoId('role:sunrise:admin'),
  teacher: demoId('role:sunrise:teacher'),
};
const person = {
  sam: demoId('user:9000000001'),
  anita: demoId('user:9000000002'),
  tara: demoId('user:9000000003'),
};
/** What each demo role holds, ordered: each holds everything the ones after it hold. */
const rank: Record<keyof typeof role, number> = { superAdmin: 3, admin: 2, teacher: 1 };
const roleOf: Record<keyof typeof person, keyof typeof role> = { sam: 'superAdmin', anita: 'admin', tara: 'teacher' };
const tokens = { sam: '', anita: '' };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.request({ method, url, headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp();
  tokens.sam = await staffToken(t, '9000000001');
  tokens.anita = await staffToken(t, '9000000002');
});
afterAll(() => t.close());

/** Signs in a number that is not a test number, with the code the SMS provider was given. */
async function realSignIn(phone: string): Promise<string> {
  const send = await t.request({ method: 'POST', url: '/api/otp/send', payload: { phno: `91${phone}` } });
  const code = t.sms.sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  const verify = await t.request({ method: 'POST', url: '/api/otp/verify', payload: { reqId: send.json().message, otp: code } });
  const login = await t.request({
    method: 'POST',
    url: ROUTES.phoneVerification.path,
    payload: { otp_jwt_token: verify.json().message, phone_number: phone },
  });
  return login.json().result.staff_user.access_token;
}

/** Puts the demo people back in their roles (with the super admin's token: he may do anything). */
async function restore() {
  for (const [who, r] of Object.entries(roleOf)) {
    if (who === 'sam') continue;
    const res = await call('PUT', `/api/staff/${person[who as keyof typeof person]}`, tokens.sam, { role_id: role[r] });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('the hole: an admin making herself super admin', () => {
  it('refuses PUT /api/staff/{own id} with the Super Admin role, and her role is unchanged', async () => {
    const res = await call('PUT', `/api/staff/${person.anita}`, tokens.anita, { role_id: role.superAdmin });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ERROR_CODES.ownRole);
    const me = (await call('GET', ROUTES.loginedUserDetails.path, tokens.anita)).json().result.user_detials;
    expect(me.school_details.super_admin).toBe(false);
    const staff: StaffMember[] = (await call('GET', ROUTES.staffList.path, tokens.anita)).json().result;
    expect(staff.find((s) => s.id === person.anita)?.role.id).toBe(role.admin);
  });

  it('refuses giving the Super Admin role to anyone, new or existing', async () => {
    const created = await call('POST', ROUTES.staffCreate.path, tokens.anita, {
      first_name: 'Accomplice',
      phone: '9123400001',
      role_id: role.superAdmin,
    });
    expect(created.statusCode).toBe(403);
    expect(created.json().code).toBe(ERROR_CODES.privilegeExceeded);
    const staff: StaffMember[] = (await call('GET', ROUTES.staffList.path, tokens.anita)).json().result;
    expect(staff.some((s) => s.first_name === 'Accomplice')).toBe(false);
    const promoted = await call('PUT', `/api/staff/${person.tara}`, tokens.anita, { role_id: role.superAdmin });
    expect(promoted.statusCode).toBe(403);
  });

  it('refuses demoting, renaming or removing the super admin', async () => {
    for (const [method, payload] of [
      ['PUT', { role_id: role.teacher }],
      ['PUT', { first_name: 'Nobody' }],
      ['PUT', { class_ids: [] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/staff/${person.sam}`, tokens.anita, payload);
      expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(403);
      expect(res.json().code).toBe(ERROR_CODES.privilegeExceeded);
    }
    const staff: StaffMember[] = (await call('GET', ROUTES.staffList.path, tokens.sam)).json().result;
    expect(staff.find((s) => s.id === person.sam)).toMatchObject({ first_name: 'Sam', role: { id: role.superAdmin } });
    // Sam still reaches Moonbeam as its super admin (a sign-in of his own: a switch ends the session it came from).
    const other = await staffToken(t, '9000000001');
    const switched = await call('POST', ROUTES.switchSchool.path, other, { school_id: demoId('school:moonbeam') });
    expect(switched.statusCode).toBe(200);
  });

  it('refuses minting a temporary token for someone who holds more', async () => {
    // Only holders of access_token_permission mint tokens: a support role holding that alone.
    const support = await call('POST', ROUTES.roleCreate.path, tokens.sam, {
      name: 'Support',
      permissions: ['super_admin.access_token_permission'],
    });
    expect(support.statusCode, support.body).toBe(200);
    const added = await call('POST', ROUTES.staffCreate.path, tokens.sam, {
      first_name: 'Sid',
      phone: '9123400009',
      role_id: support.json().result.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const sid = await realSignIn('9123400009');
    const forTara = await call('POST', ROUTES.createAccessToken.path, sid, {
      label: 'support',
      user_id: person.tara,
      expires_in_minutes: 60,
    });
    expect(forTara.statusCode, forTara.body).toBe(403);
    expect(forTara.json().code).toBe(ERROR_CODES.privilegeExceeded);
    const forSam = await call('POST', ROUTES.createAccessToken.path, sid, {
      label: 'x',
      user_id: person.sam,
      expires_in_minutes: 60,
    });
    expect(forSam.statusCode).toBe(403);
    const own = await call('POST', ROUTES.createAccessToken.path, sid, { label: 'kiosk', expires_in_minutes: 60 });
    expect(own.statusCode, own.body).toBe(200);
    // The super admin, who holds everything the teacher holds, may.
    const bySam = await call('POST', ROUTES.createAccessToken.path, tokens.sam, {
      label: 'support',
      user_id: person.tara,
      expires_in_minutes: 60,
    });
    expect(bySam.statusCode, bySam.body).toBe(200);
  });

  it('refuses roles that carry platform permissions, and editing or deleting the Super Admin role', async () => {
    const made = await call('POST', ROUTES.roleCreate.path, tokens.anita, {
      name: 'Platform',
      permissions: ['admin_portal.students', 'super_admin.manage_platform_org_schools'],
    });
    expect(made.statusCode).toBe(403);
    const roles = (await call('GET', ROUTES.roleList.path, tokens.anita)).json().result as { name: string }[];
    expect(roles.some((r) => r.name === 'Platform')).toBe(false);
    const edited = await call('PUT', `/api/roles/${role.superAdmin}`, tokens.anita, { permissions: ['admin_portal.students'] });
    expect(edited.statusCode).toBe(403);
    expect((await call('DELETE', `/api/roles/${role.superAdmin}`, tokens.anita)).statusCode).toBe(403);
    const sam = (await call('GET', ROUTES.roleList.path, tokens.sam)).json().result as { id: string; permissions: string[] }[];
    expect(sam.find((r) => r.id === role.superAdmin)?.permissions).toContain('super_admin.manage_platform_org_schools');
  });
});

describe('the matrix: every demo role changing every demo role', () => {
  const actors = ['sam', 'anita'] as const;
  const targets = ['sam', 'anita', 'tara'] as const;
  const newRoles = ['superAdmin', 'admin', 'teacher'] as const;
  const cases = actors.flatMap((actor) => targets.flatMap((target) => newRoles.map((to) => [actor, target, to] as const)));

  it.each(cases)('%s changing %s to %s', async (actor, target, to) => {
    await restore();
    const res = await call('PUT', `/api/staff/${person[target]}`, tokens[actor], { role_id: role[to] });
    const self = actor === target;
    const unchanged = roleOf[target] === to;
    const allowed = unchanged || (!self && rank[roleOf[actor]] >= rank[roleOf[target]] && rank[roleOf[actor]] >= rank[to]);
    if (unchanged && rank[roleOf[actor]] < rank[roleOf[target]]) {
      // Not a change of role, but still a change of a person who holds more.
      expect(res.statusCode, res.body).toBe(403);
    } else if (allowed) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.role.id).toBe(role[to]);
    } else {
      expect([403, 409], res.body).toContain(res.statusCode);
    }
    await restore();
  });

  it('a teacher cannot reach staff management at all', async () => {
    const tara = await staffToken(t, '9000000003');
    expect((await call('PUT', `/api/staff/${person.tara}`, tara, { role_id: role.admin })).statusCode).toBe(403);
    expect((await call('POST', ROUTES.roleCreate.path, tara, { name: 'Mine', permissions: [] })).statusCode).toBe(403);
  });
});

describe('a custom role that holds staff management alone', () => {
  let clerk = '';
  let clerkRole = '';
  beforeAll(async () => {
    const made = await call('POST', ROUTES.roleCreate.path, tokens.anita, { name: 'Clerk', permissions: ['admin_portal.staff'] });
    expect(made.statusCode, made.body).toBe(200);
    clerkRole = made.json().result.id;
    const added = await call('POST', ROUTES.staffCreate.path, tokens.anita, {
      first_name: 'Cleo',
      last_name: 'Clerk',
      phone: '9123400002',
      role_id: clerkRole,
    });
    expect(added.json().result.status, added.body).toBe('active');
    clerk = await realSignIn('9123400002');
  });

  it('may add staff only with a role it holds all of', async () => {
    const teacher = await call('POST', ROUTES.staffCreate.path, clerk, {
      first_name: 'T',
      phone: '9123400003',
      role_id: role.teacher,
    });
    expect(teacher.statusCode).toBe(403);
    const same = await call('POST', ROUTES.staffCreate.path, clerk, {
      first_name: 'C2',
      phone: '9123400004',
      role_id: clerkRole,
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('may not change or remove a teacher, who holds permissions it lacks', async () => {
    expect((await call('PUT', `/api/staff/${person.tara}`, clerk, { first_name: 'X' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/staff/${person.tara}`, clerk)).statusCode).toBe(403);
  });

  it('a staff import refuses rows with a role the importer does not hold', async () => {
    const csv = 'first_name,last_name,phone,email,role,class_names\nIvy,Import,9123400005,,Teacher,\n';
    const res = await t.request({
      method: 'POST',
      url: ROUTES.importStaffPreview.path,
      headers: { ...bearer(clerk), 'content-type': 'multipart/form-data; boundary=X' },
      payload: `--X\r\nContent-Disposition: form-data; name="file"; filename="s.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--X--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.problems).toEqual([
      { row: 2, field: 'role', message: 'You cannot grant permissions you do not hold' },
    ]);
  });
});

describe("person records are the person's: a school edits its membership only", () => {
  it('adding a person of another school by phone invites her and discloses nothing', async () => {
    const res = await call('POST', ROUTES.staffCreate.path, tokens.anita, {
      first_name: 'Typed',
      last_name: 'Name',
      phone: '9000000006',
      role_id: role.teacher,
      class_ids: [demoId('class:nurseryA')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const invited: StaffMember = res.json().result;
    expect(invited).toMatchObject({
      first_name: 'Typed',
      last_name: 'Name',
      phone: '9000000006',
      email: null,
      status: 'invited',
    });
    expect(res.body).not.toContain('Mona');
    expect(res.body).not.toContain('Haddad');
    expect(res.body).not.toContain(demoId('user:9000000006'));
    // Not staff of Sunrise until she accepts: her sign-in gives Moonbeam only.
    const login = await signIn(t, '9000000006');
    const mona = login.staff_user?.access_token ?? '';
    expect(
      (await call('POST', ROUTES.switchSchool.path, mona, { school_id: demoId('school:sunrise') })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    // The school cannot rename her account: she is not its member.
    expect((await call('PUT', `/api/staff/${demoId('user:9000000006')}`, tokens.anita, { first_name: 'X' })).statusCode).toBe(
      404,
    );
    // Asking again while the invitation is open.
    const again = await call('POST', ROUTES.staffCreate.path, tokens.anita, {
      first_name: 'Again',
      phone: '9000000006',
      role_id: role.teacher,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERROR_CODES.alreadyInvited);

    // She sees it, accepts it, and is then staff of Sunrise with the role and class it gave.
    const mine = (await call('GET', ROUTES.staffInvitations.path, mona)).json().result;
    expect(mine).toEqual([
      expect.objectContaining({
        id: invited.id,
        school: { id: demoId('school:sunrise'), name: 'Sunrise Early Years' },
        role: 'Teacher',
      }),
    ]);
    // Nobody else can answer it.
    const tara = await staffToken(t, '9000000003');
    expect((await call('POST', `/api/staff_invitations/${invited.id}/accept`, tara)).statusCode).toBe(404);
    const accepted = await call('POST', `/api/staff_invitations/${invited.id}/accept`, mona);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call('POST', `/api/staff_invitations/${invited.id}/accept`, mona)).statusCode).toBe(409);
    const switched = await call('POST', ROUTES.switchSchool.path, mona, { school_id: demoId('school:sunrise') });
    expect(switched.statusCode, switched.body).toBe(200);

    // Sunrise renames its member: Moonbeam still knows her as herself.
    const renamed = await call('PUT', `/api/staff/${demoId('user:9000000006')}`, tokens.anita, { first_name: 'Renamed' });
    expect(renamed.json().result).toMatchObject({
      first_name: 'Renamed',
      status: 'active',
      classes: [{ class_name: 'Nursery A' }],
    });
    const samMoon = (
      await call('POST', ROUTES.switchSchool.path, await staffToken(t, '9000000001'), { school_id: demoId('school:moonbeam') })
    ).json().result.access_token;
    const moonStaff: StaffMember[] = (await call('GET', ROUTES.staffList.path, samMoon)).json().result;
    expect(moonStaff.find((s) => s.id === demoId('user:9000000006'))?.first_name).toBe('Mona');
    const fresh = (await signIn(t, '9000000006')).staff_user?.access_token ?? '';
    const own = (await call('GET', ROUTES.loginedUserDetails.path, fresh)).json().result.user_detials;
    expect(own.first_name).toBe('Mona');
  });

  it('an invitation can be declined, or withdrawn by the school', async () => {
    const rohan = await signIn(t, '9000000004');
    const parentToken = rohan.parent_user?.access_token ?? '';
    const first = (
      await call('POST', ROUTES.staffCreate.path, tokens.anita, { first_name: 'R', phone: '9000000004', role_id: role.teacher })
    ).json().result as StaffMember;
    const malformed = await call('POST', '/api/staff_invitations/not-an-id/decline', parentToken);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(ERROR_CODES.validation);
    expect((await call('POST', `/api/staff_invitations/${first.id}/decline`, parentToken)).statusCode).toBe(200);
    expect((await call('GET', ROUTES.staffInvitations.path, parentToken)).json().result).toEqual([]);
    const second = (
      await call('POST', ROUTES.staffCreate.path, tokens.anita, { first_name: 'R', phone: '9000000004', role_id: role.teacher })
    ).json().result as StaffMember;
    const listed: StaffMember[] = (await call('GET', ROUTES.staffList.path, tokens.anita)).json().result;
    expect(listed.find((s) => s.id === second.id)?.status).toBe('invited');
    expect((await call('DELETE', `/api/staff/${second.id}`, tokens.anita)).statusCode).toBe(200);
    expect((await call('POST', `/api/staff_invitations/${second.id}/accept`, parentToken)).statusCode).toBe(409);
    const after: StaffMember[] = (await call('GET', ROUTES.staffList.path, tokens.anita)).json().result;
    expect(after.some((s) => s.id === second.id)).toBe(false);
  });

  it("linking a parent by another school's phone shows only what the school typed", async () => {
    const aarav = demoId('student:Aarav Sharma');
    const res = await call('POST', `/api/student/${aarav}/parents`, tokens.anita, {
      first_name: 'Auntie',
      last_name: 'Typed',
      phone: '9000000006',
      relation: 'guardian',
    });
    expect(res.statusCode, res.body).toBe(200);
    const linked = res.json().result.parents.find((p: { primary_phone: string }) => p.primary_phone === '9000000006');
    expect(linked).toMatchObject({ first_name: 'Auntie', last_name: 'Typed', primary_email: null });
    expect(res.body).not.toContain('Haddad');
    const own = (
      await call('GET', ROUTES.loginedUserDetails.path, (await signIn(t, '9000000006')).staff_user?.access_token ?? '')
    ).json().result.user_detials;
    expect(own).toMatchObject({ first_name: 'Mona', last_name: 'Haddad' });
  });
});
