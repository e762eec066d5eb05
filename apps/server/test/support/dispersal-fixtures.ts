import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashToken } from '../../src/platform/auth/tokens.js';
import { dispersalAlerts, dispersalEvents, familyCodes, kiosks, oneTimePickups, schools } from '../../src/platform/db/schema.js';
import { newId } from '../../src/platform/ids.js';
import type { TestApp } from '../harness.js';

export interface DispersalFixture {
  kiosk: string;
  /** The kiosk's token (what the tablet sends in x-kiosk-token); only its hash is stored. */
  kiosk_token: string;
  dispersal_event: string;
  dispersal_alert: string;
  one_time_pickup: string;
  /** The one-time pick-up's 6 digits, valid today for the child. */
  one_time_code: string;
  /** The family's 4 digits at the school, and what its QR code holds. */
  family_code: string;
  family_qr: string;
}

/** The school's today on the server's clock (a one-time code is valid on the school's day). */
async function schoolToday(t: TestApp, school: string): Promise<string> {
  const [row] = await t.database.db.select({ zone: schools.timeZone }).from(schools).where(eq(schools.id, school));
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: row?.zone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(t.clock.now());
}

/**
 * Drop-off and pick-up objects of one school, written straight into the tables (as the routes would
 * keep them), for suites that check other callers cannot reach them: a kiosk paired with the school
 * (its token returned, only the token's hash stored, as pairing does), the family's code, the child's
 * check-in of today by the parent (recorded by `staff`), an open alert about a stranger at the child's
 * pick-up, and a one-time pick-up person for today with a code.
 */
export async function dispersalFixture(
  t: TestApp,
  o: { school: string; class: string; student: string; parent: string; parentName: string; staff: string; code: string },
): Promise<DispersalFixture> {
  const db = t.database.db;
  const now = t.clock.now();
  const today = await schoolToday(t, o.school);
  const kiosk_token = randomBytes(32).toString('base64url');
  // The 6 digits differ per school and per run: one-time codes are unique per school and day only.
  const one_time_code = String(
    100_000 + (Number.parseInt(createHash('sha256').update(o.school).digest('hex').slice(0, 8), 16) % 900_000),
  );
  const family_qr = randomBytes(24).toString('base64url');
  const ids = { kiosk: newId(), dispersal_event: newId(), dispersal_alert: newId(), one_time_pickup: newId() };
  await db
    .insert(kiosks)
    .values({ id: ids.kiosk, schoolId: o.school, name: 'Front door', tokenHash: hashToken(kiosk_token), createdBy: o.staff });
  await db.insert(familyCodes).values({ id: newId(), schoolId: o.school, parentId: o.parent, code: o.code, qrSecret: family_qr });
  await db.insert(dispersalEvents).values({
    id: ids.dispersal_event,
    schoolId: o.school,
    studentId: o.student,
    classId: o.class,
    kind: 'in',
    at: now,
    date: today,
    adultKind: 'parent',
    adultName: o.parentName,
    parentId: o.parent,
    via: 'staff',
    recordedBy: o.staff,
  });
  await db.insert(dispersalAlerts).values({
    id: ids.dispersal_alert,
    schoolId: o.school,
    kind: 'not_authorised',
    studentId: o.student,
    classId: o.class,
    adultName: 'Unknown Visitor',
    detail: 'Not one of the child’s collectors',
    via: 'staff',
    at: now,
  });
  await db.insert(oneTimePickups).values({
    id: ids.one_time_pickup,
    schoolId: o.school,
    studentId: o.student,
    name: 'Meera Sharma',
    relationship: 'Aunt',
    date: today,
    code: one_time_code,
  });
  return { ...ids, kiosk_token, one_time_code, family_code: o.code, family_qr: `cue-family:${family_qr}` };
}
