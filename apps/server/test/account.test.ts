import { ROUTES } from '@cue/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classStudents, parentChildren, users } from '../src/platform/db/schema.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, parentToken, signIn, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3b82f6' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1', Copyright: 'family' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .toBuffer();
});
afterAll(() => t.close());

/** A multipart/form-data body with one file field. */
function form(field: string, bytes: Buffer, filename: string, type: string) {
  const boundary = '----cue-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

const upload = (
  url: string,
  token: string | undefined,
  field: string,
  bytes: Buffer,
  type = 'image/jpeg',
  filename = 'me.jpg',
) => {
  const body = form(field, bytes, filename, type);
  return t.request({ method: 'POST', url, headers: { ...body.headers, ...(token ? bearer(token) : {}) }, payload: body.payload });
};

describe('POST /api/parent_child_switch/', () => {
  it('answers 401 without a token, 403 for staff, 400 for a bad id', async () => {
    expect((await t.request({ method: 'POST', url: ROUTES.parentChildSwitch.path, payload: {} })).statusCode).toBe(401);
    const staff = await staffToken(t, '9000000003');
    expect(
      (
        await t.request({
          method: 'POST',
          url: ROUTES.parentChildSwitch.path,
          headers: bearer(staff),
          payload: { child_id: demoId('student:Ira Sharma') },
        })
      ).statusCode,
    ).toBe(403);
    const parent = await parentToken(t, '9000000004');
    expect(
      (
        await t.request({
          method: 'POST',
          url: ROUTES.parentChildSwitch.path,
          headers: bearer(parent),
          payload: { child_id: 'x' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('switches to another own child, and the choice persists across sign-ins', async () => {
    const token = await parentToken(t, '9000000004');
    const ira = demoId('student:Ira Sharma');
    const res = await t.request({
      method: 'POST',
      url: ROUTES.parentChildSwitch.path,
      headers: bearer(token),
      payload: { child_id: ira },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.current_child).toBe(ira);
    const again = await signIn(t, '9000000004');
    expect(again.parent_user?.user_details.current_child).toBe(ira);
  });

  it("answers 404 for somebody else's child, including another school's", async () => {
    const token = await parentToken(t, '9000000004');
    for (const name of ['Diya Patel', 'Adam Nassar']) {
      const res = await t.request({
        method: 'POST',
        url: ROUTES.parentChildSwitch.path,
        headers: bearer(token),
        payload: { child_id: demoId(`student:${name}`) },
      });
      expect(res.statusCode, name).toBe(404);
    }
  });
});

describe('profile pictures', () => {
  it('answers 401 without a token on every picture call', async () => {
    for (const url of [
      ROUTES.parentUpdateSelf.path,
      ROUTES.staffProfilePicture.path,
      `/api/student_profile_picture/${demoId('student:Aarav Sharma')}`,
    ]) {
      expect((await upload(url, undefined, 'x', photo)).statusCode, url).toBe(401);
    }
  });

  it('sets a parent picture: resized to 512 px WebP, with the EXIF and GPS position gone', async () => {
    const login = await signIn(t, '9000000004');
    const parentId = login.parent_user?.user_details.parent_id;
    const res = await upload(`/api/parent/${parentId}`, login.parent_user?.access_token, 'parent_profile_picture', photo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Profile Picture Updated');
    const url = res.json().result.parent_profile_picture as string;
    // A parent's picture is private: its link is signed and expires (decision 6).
    expect(url).toMatch(/^\/media\/profile\/parent\/[0-9a-f]{24}\.webp\?exp=\d+&sig=[\w-]+$/);
    const file = await t.request({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('PhoneCam'))).toBe(false);
    // The details the app reads show it.
    const details = await t.request({
      method: 'GET',
      url: ROUTES.loginedUserDetails.path,
      headers: bearer(login.parent_user?.access_token ?? ''),
    });
    expect(details.json().result.user_detials.parent_profile_picture.split('?')[0]).toBe(url.split('?')[0]);
  });

  it("refuses another parent's record with 404, and files that are not images with 400", async () => {
    const rohan = await signIn(t, '9000000004');
    const neha = await signIn(t, '9000000005');
    const other = await upload(
      `/api/parent/${neha.parent_user?.user_details.parent_id}`,
      rohan.parent_user?.access_token,
      'parent_profile_picture',
      photo,
    );
    expect(other.statusCode).toBe(404);
    const text = await upload(
      ROUTES.parentUpdateSelf.path,
      rohan.parent_user?.access_token,
      'parent_profile_picture',
      Buffer.from('hello'),
      'text/plain',
      'a.txt',
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Only image files can be used as a profile picture');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const disguised = await upload(
      ROUTES.parentUpdateSelf.path,
      rohan.parent_user?.access_token,
      'parent_profile_picture',
      svg,
      'image/svg+xml',
      'a.svg',
    );
    expect(disguised.statusCode).toBe(400);
    const fake = await upload(
      ROUTES.parentUpdateSelf.path,
      rohan.parent_user?.access_token,
      'parent_profile_picture',
      Buffer.from('GIF89a-not-really'),
      'image/gif',
      'a.gif',
    );
    expect(fake.statusCode).toBe(400);
    const wrongField = await upload(ROUTES.parentUpdateSelf.path, rohan.parent_user?.access_token, 'photo', photo);
    expect(wrongField.statusCode).toBe(400);
    const json = await t.request({
      method: 'POST',
      url: ROUTES.parentUpdateSelf.path,
      headers: bearer(rohan.parent_user?.access_token ?? ''),
      payload: {},
    });
    expect(json.statusCode).toBe(400);
  });

  it('sets a staff picture on the own record', async () => {
    const token = await staffToken(t, '9000000003');
    const res = await upload(ROUTES.staffProfilePicture.path, token, 'staff_profile_picture', photo);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.staff_profile_picture).toMatch(/^\/media\/profile\/staff\//);
  });

  it("sets a child's picture for its parent and its class teacher only", async () => {
    const aarav = demoId('student:Aarav Sharma');
    const path = `/api/student_profile_picture/${aarav}`;
    expect((await upload(path, await parentToken(t, '9000000004'), 'student_profile_picture', photo)).statusCode).toBe(200);
    expect((await upload(path, await staffToken(t, '9000000003'), 'student_profile_picture', photo)).statusCode).toBe(200);
    // Neha teaches Kindergarten B, not Aarav's class; Mona is in another school; Neha's child is not Aarav.
    expect((await upload(path, await staffToken(t, '9000000005'), 'student_profile_picture', photo)).statusCode).toBe(404);
    expect((await upload(path, await staffToken(t, '9000000006'), 'student_profile_picture', photo)).statusCode).toBe(404);
    expect((await upload(path, await parentToken(t, '9000000005'), 'student_profile_picture', photo)).statusCode).toBe(404);
    // The parent sees it in the child list.
    const login = await signIn(t, '9000000004');
    const child = login.parent_user?.user_details.child_list.find((c) => c.id === aarav);
    expect(child?.student_profile_picture).toMatch(/^\/media\/profile\/student\//);
  });
});

describe('DELETE /api/delete_user_profile/', () => {
  it('answers 401 without a token', async () => {
    expect((await t.request({ method: 'DELETE', url: ROUTES.deleteUserProfile.path })).statusCode).toBe(401);
  });

  it('removes sign-in and personal data, ends every session, keeps the school records', async () => {
    const login = await signIn(t, '9000000005');
    const userId = login.staff_user?.user_details.id ?? '';
    const picture = await upload(ROUTES.staffProfilePicture.path, login.staff_user?.access_token, 'staff_profile_picture', photo);
    const pictureUrl = picture.json().result.staff_profile_picture;
    const res = await t.request({
      method: 'DELETE',
      url: ROUTES.deleteUserProfile.path,
      headers: bearer(login.parent_user?.access_token ?? ''),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, message: 'Your account has been deleted' });

    // Both sides are signed out, and the phone is no longer registered.
    for (const token of [login.staff_user?.access_token, login.parent_user?.access_token]) {
      expect(
        (await t.request({ method: 'GET', url: ROUTES.loginedUserDetails.path, headers: bearer(token ?? '') })).statusCode,
      ).toBe(401);
    }
    expect(
      (
        await t.request({
          method: 'GET',
          url: ROUTES.accessTokenActive.path,
          headers: bearer(login.staff_user?.refresh_token ?? ''),
        })
      ).statusCode,
    ).toBe(401);
    const send = await t.request({ method: 'POST', url: '/api/otp/send', payload: { phno: '919000000005' } });
    expect(send.statusCode).toBe(404);
    expect(send.json().message).toBe('Phone number not registered');

    // Personal data is gone; the row stays as a removed user; the child and her class stay.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ firstName: 'Removed', lastName: 'user', phone: null, email: null, staffProfilePicture: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await t.request({ method: 'GET', url: pictureUrl })).statusCode).toBe(404);
    const diya = demoId('student:Diya Patel');
    expect(await t.database.db.select().from(parentChildren).where(eq(parentChildren.studentId, diya))).toEqual([]);
    expect((await t.database.db.select().from(classStudents).where(eq(classStudents.studentId, diya))).length).toBe(1);
  });
});
