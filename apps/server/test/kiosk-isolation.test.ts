import { ERROR_CODES, KIOSK_TOKEN_HEADER, ROUTES } from '@cue/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentChildren } from '../src/platform/db/schema.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';
import { type DispersalFixture, dispersalFixture } from './support/dispersal-fixtures.js';

/**
 * A kiosk acts at its own school only. Sunrise's kiosk is shown Moonbeam's codes (a family's 4 digits,
 * its QR code, a one-time pick-up code) and names Moonbeam's child: every call is refused as an
 * unknown code or child, shows nothing of Moonbeam, and changes no check-in or pick-up there. A kiosk's
 * token is no sign-in anywhere else, and a sign-in is no kiosk token.
 */
let t: TestApp;
let sunriseKiosk = '';
let moon: DispersalFixture;
let anita = '';
let rohan = '';
const adam = demoId('student:Adam Nassar');
const aarav = demoId('student:Aarav Sharma');
const rohanId = demoId('parent:9000000004');

const kiosk = (path: string, token: string, payload?: object) =>
  t.request({
    method: payload ? 'POST' : 'GET',
    url: path,
    headers: { [KIOSK_TOKEN_HEADER]: token },
    ...(payload ? { payload } : {}),
  });
const rows = async (query: ReturnType<typeof sql>) =>
  JSON.stringify(((await t.database.db.execute(query)) as unknown as { rows: unknown[] }).rows);
/** Moonbeam's drop-off state: its check-ins, its one-time pick-ups' use, its alerts. */
const moonbeamState = async () =>
  [
    await rows(sql`select * from dispersal_events where school_id = ${demoId('school:moonbeam')} order by id`),
    await rows(
      sql`select id, used_at, cancelled_at from one_time_pickups where school_id = ${demoId('school:moonbeam')} order by id`,
    ),
    await rows(sql`select * from dispersal_alerts where school_id = ${demoId('school:moonbeam')} order by id`),
    await rows(sql`select * from attendance_records where student_id = ${adam} order by 1`),
  ].join(',');
/** Wrong codes are limited per kiosk and minute: each check starts with none, so it reaches the code's check. */
const forgetAttempts = () => t.database.db.execute(sql`delete from kiosk_attempts`);

beforeAll(async () => {
  t = await createTestApp();
  [anita, rohan] = await Promise.all([staffToken(t, '9000000002'), parentToken(t, '9000000004')]);
  sunriseKiosk = expectResponse(
    ROUTES.kioskCreate,
    await t.request({ method: 'POST', url: ROUTES.kioskCreate.path, headers: bearer(anita), payload: { name: 'Sunrise door' } }),
  ).result.token;
  // Rohan is also Adam's father at Moonbeam: his family code there, Adam's check-in of today and a
  // one-time pick-up person for Adam with a code.
  await t.database.db
    .insert(parentChildren)
    .values({ parentId: rohanId, studentId: adam, firstName: 'Rohan', lastName: 'Sharma' });
  moon = await dispersalFixture(t, {
    school: demoId('school:moonbeam'),
    class: demoId('class:toddlers'),
    student: adam,
    parent: rohanId,
    parentName: 'Rohan Sharma',
    staff: demoId('user:9000000006'),
    code: '8765',
  });
}, 60_000);
afterAll(() => t.close());

describe("a kiosk reads and acts on its own school's codes and children only", () => {
  it("Moonbeam's family code, QR code and one-time code are unknown at Sunrise's kiosk", async () => {
    const before = await moonbeamState();
    for (const code of [moon.family_code, moon.family_qr, moon.one_time_code]) {
      await forgetAttempts();
      const res = await kiosk(ROUTES.kioskLookup.path, sunriseKiosk, { code });
      expect(res.statusCode, `${code}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.kioskCodeInvalid);
      for (const marker of ['Adam', adam, 'Moonbeam', 'Meera']) expect(res.body).not.toContain(marker);
    }
    expect(await moonbeamState()).toBe(before);
  });

  it("Moonbeam's codes check nobody in or out at Sunrise's kiosk, naming Moonbeam's child or not", async () => {
    const before = await moonbeamState();
    for (const path of [ROUTES.kioskCheckIn.path, ROUTES.kioskCheckOut.path])
      for (const code of [moon.family_code, moon.family_qr, moon.one_time_code])
        for (const student_ids of [[adam], [aarav]]) {
          await forgetAttempts();
          const res = await kiosk(path, sunriseKiosk, { code, student_ids, health_ok: true });
          expect([400, 403, 404], `${path} ${code} ${student_ids}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(
            res.statusCode,
          );
          for (const marker of ['Adam', adam, 'Moonbeam']) expect(res.body).not.toContain(marker);
        }
    expect(await moonbeamState()).toBe(before);
  });

  it("Sunrise's own family code does not reach Rohan's child at Moonbeam, nor Moonbeam's one-time code Sunrise's child", async () => {
    const codes = expectResponse(
      ROUTES.familyCodes,
      await t.request({ method: 'GET', url: ROUTES.familyCodes.path, headers: bearer(rohan) }),
    ).result;
    const atSunrise = codes.find((c) => c.school.id === demoId('school:sunrise'));
    expect(atSunrise?.code).toMatch(/^\d{4}$/);
    const before = await moonbeamState();
    await forgetAttempts();
    const found = expectResponse(
      ROUTES.kioskLookup,
      await kiosk(ROUTES.kioskLookup.path, sunriseKiosk, { code: atSunrise?.code ?? '' }),
    ).result;
    expect(found.children.map((c) => c.student.id)).not.toContain(adam);
    for (const path of [ROUTES.kioskCheckIn.path, ROUTES.kioskCheckOut.path]) {
      const res = await kiosk(path, sunriseKiosk, { code: atSunrise?.code ?? '', student_ids: [adam], health_ok: true });
      expect([400, 403, 404], `${path}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    }
    // Moonbeam's one-time pick-up person, named as the adult collecting Aarav at Sunrise.
    await forgetAttempts();
    const wrongAdult = await kiosk(ROUTES.kioskCheckOut.path, sunriseKiosk, {
      code: atSunrise?.code ?? '',
      student_ids: [aarav],
      adult: { kind: 'one_time', code: moon.one_time_code },
    });
    expect([400, 403, 404, 409], wrongAdult.body.slice(0, 200)).toContain(wrongAdult.statusCode);
    expect(await moonbeamState()).toBe(before);
  });

  it("Moonbeam's kiosk does not read Sunrise's session, and its token is revoked at once", async () => {
    const session = expectResponse(ROUTES.kioskSession, await kiosk(ROUTES.kioskSession.path, moon.kiosk_token)).result;
    expect(session.school.id).toBe(demoId('school:moonbeam'));
    expect(JSON.stringify(session)).not.toContain('Sunrise');
    await t.database.db.execute(sql`update kiosks set revoked_at = now() where id = ${moon.kiosk}`);
    const res = await kiosk(ROUTES.kioskSession.path, moon.kiosk_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ERROR_CODES.kioskInvalid);
  });
});

describe('a kiosk token and a sign-in are not each other', () => {
  it("a kiosk's token is no access token: staff and family routes answer 401", async () => {
    for (const def of [
      ROUTES.dispersalDismissal,
      ROUTES.kioskList,
      ROUTES.libraryItemList,
      ROUTES.familyCodes,
      ROUTES.classList,
    ]) {
      const res = await t.request({ method: def.method, url: def.path, headers: bearer(sunriseKiosk) });
      expect(res.statusCode, `${def.path}: ${res.body.slice(0, 200)}`).toBe(401);
    }
  });

  it("a person's access token is no kiosk token", async () => {
    for (const token of [anita, rohan]) {
      const res = await kiosk(ROUTES.kioskSession.path, token);
      expect([res.statusCode, res.json().code]).toEqual([401, ERROR_CODES.kioskInvalid]);
      // With the kiosk's header and a sign-in: the sign-in adds nothing.
      const both = await t.request({
        method: 'GET',
        url: ROUTES.kioskSession.path,
        headers: { ...bearer(token), [KIOSK_TOKEN_HEADER]: 'not-a-kiosk-token' },
      });
      expect([both.statusCode, both.json().code]).toEqual([401, ERROR_CODES.kioskInvalid]);
    }
  });
});
