import { CARELOG_MESSAGES, ERROR_CODES, ROUTES } from '@cue/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARE_EMAIL_JOB, CARE_SUMMARY_JOB, summaryJobKey } from '../src/modules/carelog/service.js';
import { jobs } from '../src/platform/db/schema.js';
import type { DomainEvents } from '../src/platform/events.js';
import { seedDemoCarelogIfEmpty } from '../src/seed/carelog.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';
import { sunriseCarelog } from './support/carelog-fixtures.js';

let t: TestApp;
let anita: string; // admin of Sunrise (reviews incidents)
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let diyaMum: string; // Neha as the mother of Diya (Nursery A)
let rohan: string; // father of Aarav (Nursery A) and Ira (Kindergarten B)
let mona: string; // teacher at Moonbeam
const sunrise = demoId('school:sunrise');
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const diya = demoId('student:Diya Patel');
const vihaan = demoId('student:Vihaan Gupta');
const ira = demoId('student:Ira Sharma');
const anitaId = demoId('user:9000000002');
const monaId = demoId('user:9000000006');

/** Sunrise keeps UTC: the tests run at 14:00 of the school's day, so morning times are past and evening ones to come. */
let today = '';
const iso = (daysAgo: number) => new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10);
const wire = (daysAgo: number) => iso(daysAgo).split('-').reverse().join('-');

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, headers: token ? bearer(token) : {}, payload });
async function settle() {
  for (let i = 0; i < 10; i++) if ((await t.services.jobs.runDue()) === 0) return;
}
const outbox = async () => (await t.services.email.recent?.(200, sunrise)) ?? [];

const entry = (over: Record<string, unknown> = {}) => ({
  class_id: nurseryA,
  student_ids: [aarav],
  kind: 'nappy',
  date: wire(0),
  time: '09:30 AM',
  details: { state: 'wet' },
  ...over,
});
const careDay = async (token = tara, date = wire(0)) =>
  expectResponse(ROUTES.careDay, await req('GET', `/api/carelog/day?class_id=${nurseryA}&date=${date}`, token)).result;
const medicine = (over: Record<string, unknown> = {}) => ({
  student_id: aarav,
  name: 'Calpol',
  dose: '5 ml',
  times: 'every 4 hours when needed',
  reason: 'Teething',
  min_interval_hours: 4,
  from: wire(3),
  to: wire(-3),
  ...over,
});
const incident = (over: Record<string, unknown> = {}) => ({
  class_id: nurseryA,
  student_id: aarav,
  kind: 'accident',
  date: wire(0),
  time: '11:15 AM',
  location: 'Garden',
  description: 'Tripped on the path and grazed his knee',
  injury: 'Graze on the left knee',
  first_aid: 'Cleaned with water, plaster',
  body_map: [{ side: 'front', x: 40, y: 80, note: 'graze' }],
  witness: 'Tara Menon',
  signature: 'Tara Menon',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  // 14:00 UTC of today (or tomorrow, when that has passed): the clock only moves forward.
  const now = t.clock.now();
  let target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 14, 0);
  if (target < now.getTime()) target += 86_400_000;
  t.clock.advance(target - now.getTime());
  today = new Date(target).toISOString().slice(0, 10);
  [anita, tara, neha, diyaMum, rohan, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
  ]);
});
afterAll(() => t.close());

describe('care entries', () => {
  it('refuses without a token, a bad body, another school, another class, a family, a child of another class and a time to come', async () => {
    expect((await req('POST', '/api/carelog/entries', undefined, entry())).statusCode).toBe(401);
    const bad = await req('POST', '/api/carelog/entries', tara, entry({ time: '25:00 PM' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ERROR_CODES.validation);
    const none = await req('POST', '/api/carelog/entries', tara, entry({ student_ids: [] }));
    expect(none.json().errors[0].message).toBe(CARELOG_MESSAGES.childrenRequired);
    expect((await req('POST', '/api/carelog/entries', mona, entry())).statusCode).toBe(404);
    expect((await req('POST', '/api/carelog/entries', neha, entry())).statusCode).toBe(403);
    expect((await req('POST', '/api/carelog/entries', rohan, entry())).statusCode).toBe(403);
    const stranger = await req('POST', '/api/carelog/entries', tara, entry({ student_ids: [aarav, ira] }));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ code: ERROR_CODES.notInClass, message: CARELOG_MESSAGES.childrenOfClass });
    const later = await req('POST', '/api/carelog/entries', tara, entry({ time: '03:00 PM' }));
    expect(later.statusCode).toBe(400);
    expect(later.json()).toMatchObject({ code: ERROR_CODES.futureDate, message: CARELOG_MESSAGES.futureTime });
    const tomorrow = await req('POST', '/api/carelog/entries', tara, entry({ date: wire(-1), time: '08:00 AM' }));
    expect(tomorrow.json().code).toBe(ERROR_CODES.futureDate);
    // Nothing was saved by any refusal.
    expect((await careDay()).entries).toHaveLength(0);
  });

  it('records a whole-room entry for every child of the class in one call', async () => {
    const before = await careDay();
    const everyone = before.children.map((c) => c._id);
    expect(everyone.length).toBeGreaterThan(3);
    const told: DomainEvents['care.updated'][] = [];
    const off = t.services.events.on('care.updated', (e) => told.push(e));
    const made = expectResponse(
      ROUTES.careEntryCreate,
      await req(
        'POST',
        '/api/carelog/entries',
        tara,
        entry({ student_ids: everyone, kind: 'suncream', details: { area: 'Face and arms' } }),
      ),
    );
    off();
    expect(made.message).toBe(CARELOG_MESSAGES.savedMany(everyone.length));
    // One event for the room, to the class's staff and the children's families (their own rooms).
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ classId: nurseryA, kind: 'suncream', date: today });
    expect(told[0]?.userIds).toEqual(
      expect.arrayContaining([demoId('user:9000000003'), demoId('user:9000000004'), demoId('user:9000000005')]),
    );
    expect(told[0]?.userIds).not.toContain(anitaId);
    expect(made.result.map((e) => e.student._id).sort()).toEqual([...everyone].sort());
    expect(made.result[0]).toMatchObject({
      kind: 'suncream',
      date: wire(0),
      time: '09:30 AM',
      details: { area: 'Face and arms' },
      staff: { name: 'Tara Menon' },
      abilities: { can_edit: true, can_delete: true },
    });
    const after = await careDay();
    expect(after.entries.filter((e) => e.kind === 'suncream')).toHaveLength(everyone.length);
    // Diya's egg allergy is shown beside her.
    expect(after.children.find((c) => c._id === diya)?.alerts).toContainEqual({
      kind: 'allergy',
      name: 'Eggs',
      severity: 'mild',
    });
  });

  it('warns of a recorded allergen in a meal, and saves it once confirmed', async () => {
    const meal = entry({
      student_ids: [aarav, diya, vihaan],
      kind: 'meal',
      time: '12:00 PM',
      details: { meal: 'lunch', food: 'Scrambled egg on toast', amount: 'all' },
    });
    const warned = await req('POST', '/api/carelog/entries', tara, meal);
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({
      code: ERROR_CODES.allergenWarning,
      message: CARELOG_MESSAGES.allergenWarning,
      errors: [{ field: diya, message: 'Eggs' }],
    });
    expect((await careDay()).entries.filter((e) => e.kind === 'meal')).toHaveLength(0);
    const saved = expectResponse(
      ROUTES.careEntryCreate,
      await req('POST', '/api/carelog/entries', tara, { ...meal, confirm_allergen: true }),
    );
    expect(saved.result).toHaveLength(3);
    // A meal with nothing any child is allergic to goes straight in.
    const plain = { ...meal, details: { meal: 'snack_pm', food: 'Apple slices', amount: 'most' }, time: '01:00 PM' };
    expect((await req('POST', '/api/carelog/entries', tara, plain)).statusCode).toBe(200);
  });

  it('shows who is asleep, takes sleep checks for babies and wakes the room at once', async () => {
    // Every child of Nursery A counts as a baby under 60 months.
    expectResponse(
      ROUTES.carelogSettingsSave,
      await req('PUT', '/api/carelog/settings', anita, {
        nap_check_minutes: 10,
        baby_months: 60,
        incident_retention_years: 21,
        summary_time: '06:00 PM',
      }),
    );
    const naps = expectResponse(
      ROUTES.careEntryCreate,
      await req(
        'POST',
        '/api/carelog/entries',
        tara,
        entry({ student_ids: [aarav, diya], kind: 'nap', time: '01:00 PM', details: {} }),
      ),
    ).result;
    expect(naps.every((n) => n.details.end === null)).toBe(true);
    let day = await careDay();
    expect(day.naps_now.map((n) => n.student._id).sort()).toEqual([aarav, diya].sort());
    // Diya's date of birth is recorded (a baby here); Aarav's is not, so he is never checked.
    const diyaNap = () => day.naps_now.find((n) => n.student._id === diya);
    expect(diyaNap()).toMatchObject({ start: '01:00 PM', minutes: 60, baby: true, last_check: null, check_due: true });
    expect(day.naps_now.find((n) => n.student._id === aarav)).toMatchObject({ baby: false, check_due: false });
    const ids = naps.map((n) => n._id);
    const checked = expectResponse(
      ROUTES.napCheck,
      await req('POST', '/api/carelog/naps/check', tara, { entry_ids: ids, time: '01:55 PM', position: 'back' }),
    );
    expect(checked.message).toBe(CARELOG_MESSAGES.napChecked);
    expect(checked.result[0]?.checks).toEqual([
      { time: '01:55 PM', position: 'back', note: '', by: expect.objectContaining({ name: 'Tara Menon' }) },
    ]);
    day = await careDay();
    expect(diyaNap()).toMatchObject({ last_check: '01:55 PM', check_due: false });
    // Another class's teacher, another school, a family: refused; an entry that is not a nap too.
    expect((await req('POST', '/api/carelog/naps/end', neha, { entry_ids: ids, time: '02:00 PM' })).statusCode).toBe(403);
    expect((await req('POST', '/api/carelog/naps/end', mona, { entry_ids: ids, time: '02:00 PM' })).statusCode).toBe(404);
    expect((await req('POST', '/api/carelog/naps/end', rohan, { entry_ids: ids, time: '02:00 PM' })).statusCode).toBe(403);
    expect((await req('POST', '/api/carelog/naps/end', undefined, { entry_ids: ids, time: '02:00 PM' })).statusCode).toBe(401);
    expect((await req('POST', '/api/carelog/naps/end', tara, { entry_ids: [], time: '02:00 PM' })).statusCode).toBe(400);
    expect((await req('POST', '/api/carelog/naps/check', tara, { entry_ids: ids, time: 'soon' })).statusCode).toBe(400);
    expect((await req('POST', '/api/carelog/naps/check', neha, { entry_ids: ids, time: '01:58 PM' })).statusCode).toBe(403);
    expect((await req('POST', '/api/carelog/naps/check', mona, { entry_ids: ids, time: '01:58 PM' })).statusCode).toBe(404);
    const suncream = day.entries.find((e) => e.kind === 'suncream')?._id as string;
    const notNap = await req('POST', '/api/carelog/naps/end', tara, { entry_ids: [suncream], time: '02:00 PM' });
    expect(notNap.json().message).toBe(CARELOG_MESSAGES.notANap);
    const early = await req('POST', '/api/carelog/naps/end', tara, { entry_ids: ids, time: '12:30 PM' });
    expect(early.json().message).toBe(CARELOG_MESSAGES.napEndBeforeStart);
    const woken = expectResponse(
      ROUTES.napEnd,
      await req('POST', '/api/carelog/naps/end', tara, { entry_ids: ids, time: '02:00 PM' }),
    );
    expect(woken.result.map((n) => n.details.end)).toEqual(['02:00 PM', '02:00 PM']);
    expect((await careDay()).naps_now).toHaveLength(0);
    const again = await req('POST', '/api/carelog/naps/end', tara, { entry_ids: ids, time: '02:00 PM' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CARELOG_MESSAGES.napNotOpen);
  });

  it('edits and deletes an entry for the class staff only', async () => {
    const [made] = expectResponse(
      ROUTES.careEntryCreate,
      await req('POST', '/api/carelog/entries', tara, entry({ kind: 'mood', details: { mood: 'happy' }, date: wire(1) })),
    ).result;
    const id = made?._id as string;
    expect((await req('PUT', `/api/care_entries/${id}`, undefined, { note: 'x' })).statusCode).toBe(401);
    expect((await req('PUT', `/api/care_entries/${id}`, tara, { time: 'noon' })).statusCode).toBe(400);
    expect((await req('PUT', `/api/care_entries/${id}`, mona, { note: 'x' })).statusCode).toBe(404);
    expect((await req('PUT', `/api/care_entries/${id}`, neha, { note: 'x' })).statusCode).toBe(403);
    expect((await req('PUT', `/api/care_entries/${id}`, rohan, { note: 'x' })).statusCode).toBe(403);
    const edited = expectResponse(
      ROUTES.careEntryEdit,
      await req('PUT', `/api/care_entries/${id}`, tara, { note: 'Sang all morning', details: { mood: 'calm' } }),
    );
    expect(edited.result).toMatchObject({ note: 'Sang all morning', details: { mood: 'calm' }, time: '09:30 AM' });
    expect((await req('DELETE', `/api/care_entries/${id}`, undefined)).statusCode).toBe(401);
    expect((await req('DELETE', `/api/care_entries/${id}`, mona)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/care_entries/${id}`, neha)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/care_entries/${id}`, rohan)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/care_entries/not-an-id`, tara)).statusCode).toBe(400);
    expectResponse(ROUTES.careEntryDelete, await req('DELETE', `/api/care_entries/${id}`, tara));
    expect((await careDay(tara, wire(1))).entries.find((e) => e._id === id)).toBeUndefined();
  });

  it("reads a class's day for its staff only", async () => {
    expect((await req('GET', `/api/carelog/day?class_id=${nurseryA}`, undefined)).statusCode).toBe(401);
    expect((await req('GET', '/api/carelog/day', tara)).statusCode).toBe(400);
    expect((await req('GET', `/api/carelog/day?class_id=${nurseryA}`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/carelog/day?class_id=${nurseryA}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/carelog/day?class_id=${nurseryA}`, rohan)).statusCode).toBe(403);
    // The admin manages every class.
    expect((await careDay(anita)).entries.length).toBeGreaterThan(0);
  });
});

describe("a child's day", () => {
  it('is read by the family and the class staff, no one else', async () => {
    const url = `/api/carelog/children/${aarav}/day`;
    expect((await req('GET', url, undefined)).statusCode).toBe(401);
    expect((await req('GET', `${url}?date=31-02-2026`, rohan)).statusCode).toBe(400);
    expect((await req('GET', url, mona)).statusCode).toBe(404);
    expect((await req('GET', url, neha)).statusCode).toBe(403);
    expect((await req('GET', url, diyaMum)).statusCode).toBe(404);
    const day = expectResponse(ROUTES.childCareDay, await req('GET', url, rohan)).result;
    expect(day.student).toEqual({ _id: aarav, name: 'Aarav Sharma' });
    expect(day.entries.map((e) => e.kind)).toEqual(expect.arrayContaining(['suncream', 'meal', 'nap']));
    expect(day.entries.every((e) => e.student._id === aarav && !e.abilities.can_edit)).toBe(true);
    expect(day.summary_email).toBe(false);
    expectResponse(ROUTES.childCareDay, await req('GET', url, tara));
  });

  it('sends a subscribed parent the summary of the day at the school summary time', async () => {
    const body = { student_id: aarav, enabled: true };
    expect((await req('PUT', '/api/carelog/summary_email', undefined, body)).statusCode).toBe(401);
    expect((await req('PUT', '/api/carelog/summary_email', rohan, { student_id: aarav })).statusCode).toBe(400);
    expect((await req('PUT', '/api/carelog/summary_email', tara, body)).statusCode).toBe(403);
    expect((await req('PUT', '/api/carelog/summary_email', mona, body)).statusCode).toBe(403);
    expect((await req('PUT', '/api/carelog/summary_email', diyaMum, body)).statusCode).toBe(404);
    expectResponse(ROUTES.careSummarySubscription, await req('PUT', '/api/carelog/summary_email', rohan, body));
    expectResponse(ROUTES.careSummarySubscription, await req('PUT', '/api/carelog/summary_email', rohan, body));
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, summaryJobKey(sunrise, today)));
    expect(job).toMatchObject({ kind: CARE_SUMMARY_JOB, status: 'pending' });
    expect(job?.runAt.toISOString()).toBe(`${today}T18:00:00.000Z`);
    const day = expectResponse(ROUTES.childCareDay, await req('GET', `/api/carelog/children/${aarav}/day`, rohan)).result;
    expect(day.summary_email).toBe(true);
  });
});

describe('medicines', () => {
  let calpol = '';
  it('needs the family consent for a dose: a record from staff without a signed form cannot be given', async () => {
    const made = expectResponse(ROUTES.medicineCreate, await req('POST', '/api/carelog/medicines', tara, medicine()));
    expect(made.result).toMatchObject({ consent: null, created_by: { kind: 'staff' }, abilities: { can_give: false } });
    const refused = await req('POST', `/api/medicines/${made.result._id}/doses`, tara, { date: wire(0), time: '10:00 AM' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: ERROR_CODES.noMedicineConsent, message: CARELOG_MESSAGES.noConsent });
    const signed = expectResponse(
      ROUTES.medicineCreate,
      await req('POST', '/api/carelog/medicines', tara, medicine({ name: 'Piriton', signed_form: true })),
    );
    expect(signed.result.consent).toMatchObject({ kind: 'signed_form', by: { name: 'Tara Menon' } });
    expect(signed.result.abilities).toEqual({ can_give: true, can_end: true, can_record_home_dose: false });
  });

  it('is created by a family for its own child, with its consent', async () => {
    expect((await req('POST', '/api/carelog/medicines', undefined, medicine())).statusCode).toBe(401);
    expect((await req('POST', '/api/carelog/medicines', rohan, medicine({ from: '32-01-2026' }))).statusCode).toBe(400);
    const noConsent = await req('POST', '/api/carelog/medicines', rohan, medicine());
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toBe(CARELOG_MESSAGES.consentRequired);
    expect((await req('POST', '/api/carelog/medicines', diyaMum, medicine({ consent: true }))).statusCode).toBe(404);
    expect((await req('POST', '/api/carelog/medicines', mona, medicine({ signed_form: true }))).statusCode).toBe(404);
    expect((await req('POST', '/api/carelog/medicines', neha, medicine({ signed_form: true }))).statusCode).toBe(403);
    const made = expectResponse(
      ROUTES.medicineCreate,
      await req('POST', '/api/carelog/medicines', rohan, medicine({ consent: true })),
    );
    expect(made.message).toBe(CARELOG_MESSAGES.medicineSaved);
    expect(made.result).toMatchObject({
      consent: { kind: 'app', by: { name: 'Rohan Sharma' } },
      created_by: { kind: 'parent' },
      abilities: { can_give: false, can_end: true, can_record_home_dose: true },
    });
    calpol = made.result._id;
  });

  it('records a dose with a witness, tells the family the same day, and refuses one too soon', async () => {
    const url = `/api/medicines/${calpol}/doses`;
    const dose = { date: wire(0), time: '10:00 AM', witness_id: anitaId, note: 'Before lunch' };
    expect((await req('POST', url, undefined, dose)).statusCode).toBe(401);
    expect((await req('POST', url, tara, { ...dose, time: '10 o clock' })).statusCode).toBe(400);
    expect((await req('POST', url, mona, dose)).statusCode).toBe(404);
    expect((await req('POST', url, neha, dose)).statusCode).toBe(403);
    expect((await req('POST', url, rohan, dose)).statusCode).toBe(403);
    const self = await req('POST', url, tara, { ...dose, witness_id: demoId('user:9000000003') });
    expect(self.json().message).toBe(CARELOG_MESSAGES.witnessNotSelf);
    expect((await req('POST', url, tara, { ...dose, witness_id: monaId })).statusCode).toBe(400);
    expect((await req('POST', url, tara, { ...dose, date: wire(-5) })).json().code).toBe(ERROR_CODES.medicineNotCurrent);
    const before = (await outbox()).length;
    const told: DomainEvents['care.updated'][] = [];
    const off = t.services.events.on('care.updated', (e) => told.push(e));
    const given = expectResponse(ROUTES.medicineDose, await req('POST', url, tara, dose));
    off();
    expect(told).toEqual([expect.objectContaining({ classId: nurseryA, kind: 'medicine', studentIds: [aarav] })]);
    expect(told[0]?.userIds).toEqual(expect.arrayContaining([demoId('user:9000000003'), demoId('user:9000000004')]));
    expect(given.message).toBe(CARELOG_MESSAGES.doseRecorded);
    expect(given.result.doses).toEqual([
      expect.objectContaining({ time: '10:00 AM', dose: '5 ml', at_home: false, witness: { _id: anitaId, name: 'Anita Desai' } }),
    ]);
    expect(given.result.next_allowed_at).toBe(`${today}T14:00:00.000Z`);
    // The email waits on the queue (sent by a job, not inside the request).
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, CARE_EMAIL_JOB));
    expect(queued.some((j) => j.status === 'pending')).toBe(true);
    await settle();
    const mails = (await outbox()).slice(0, (await outbox()).length - before);
    expect(mails).toContainEqual(
      expect.objectContaining({
        to: 'rohan.sharma@family.example',
        subject: 'Sunrise Early Years: Aarav Sharma was given Calpol',
      }),
    );
    // The family sees it on the child's day.
    const day = expectResponse(ROUTES.childCareDay, await req('GET', `/api/carelog/children/${aarav}/day`, rohan)).result;
    expect(day.doses).toEqual([expect.objectContaining({ medicine: 'Calpol', time: '10:00 AM', at_home: false })]);
    const soon = await req('POST', url, tara, { date: wire(0), time: '12:30 PM' });
    expect(soon.statusCode).toBe(409);
    expect(soon.json()).toMatchObject({
      code: ERROR_CODES.doseTooSoon,
      message: CARELOG_MESSAGES.doseTooSoon.replace('{{last}}', '10:00 AM').replace('{{next}}', '02:00 PM'),
    });
    expect((await req('POST', url, tara, { date: wire(0), time: '02:00 PM' })).statusCode).toBe(200);
  });

  it('refuses a dose too soon after one the family gave at home, across days', async () => {
    const made = expectResponse(
      ROUTES.medicineCreate,
      await req('POST', '/api/carelog/medicines', rohan, medicine({ name: 'Ibuprofen', min_interval_hours: 8, consent: true })),
    ).result;
    const home = `/api/medicines/${made._id}/home_doses`;
    const given = { date: wire(1), time: '11:00 PM', note: 'Woke with a fever' };
    expect((await req('POST', home, undefined, given)).statusCode).toBe(401);
    expect((await req('POST', home, rohan, { ...given, date: 'yesterday' })).statusCode).toBe(400);
    expect((await req('POST', home, tara, given)).statusCode).toBe(403);
    expect((await req('POST', home, mona, given)).statusCode).toBe(403);
    expect((await req('POST', home, diyaMum, given)).statusCode).toBe(404);
    const recorded = expectResponse(ROUTES.medicineHomeDose, await req('POST', home, rohan, given));
    expect(recorded.message).toBe(CARELOG_MESSAGES.homeDoseRecorded);
    expect(recorded.result.doses[0]).toMatchObject({ at_home: true, given_by: { name: 'Rohan Sharma' } });
    const soon = await req('POST', `/api/medicines/${made._id}/doses`, tara, { date: wire(0), time: '06:00 AM' });
    expect(soon.statusCode).toBe(409);
    expect(soon.json()).toMatchObject({
      code: ERROR_CODES.doseTooSoon,
      message: CARELOG_MESSAGES.doseTooSoon.replace('{{last}}', `11:00 PM ${wire(1)}`).replace('{{next}}', '07:00 AM'),
    });
    expect((await req('POST', `/api/medicines/${made._id}/doses`, tara, { date: wire(0), time: '07:00 AM' })).statusCode).toBe(
      200,
    );
  });

  it('lists records to their readers and is ended by the family or the class staff', async () => {
    expect((await req('GET', '/api/carelog/medicines', undefined)).statusCode).toBe(401);
    expect((await req('GET', '/api/carelog/medicines?status=maybe', rohan)).statusCode).toBe(400);
    expect((await req('GET', `/api/carelog/medicines?student_id=${aarav}`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/carelog/medicines?class_id=${nurseryA}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/carelog/medicines?student_id=${aarav}`, diyaMum)).statusCode).toBe(404);
    const mine = expectResponse(ROUTES.medicineList, await req('GET', '/api/carelog/medicines', rohan)).result;
    expect(mine.map((m) => m.name).sort()).toEqual(['Calpol', 'Calpol', 'Ibuprofen', 'Piriton']);
    expect(expectResponse(ROUTES.medicineList, await req('GET', '/api/carelog/medicines', diyaMum)).result).toEqual([]);
    expect(expectResponse(ROUTES.medicineList, await req('GET', '/api/carelog/medicines', mona)).result).toEqual([]);
    // A family may narrow to one of its children's classes; another class is not its own.
    const inNursery = expectResponse(ROUTES.medicineList, await req('GET', `/api/carelog/medicines?class_id=${nurseryA}`, rohan));
    expect(inNursery.result).toHaveLength(4);
    const inKindergarten = `/api/carelog/medicines?class_id=${demoId('class:kindergartenB')}`;
    expect(expectResponse(ROUTES.medicineList, await req('GET', inKindergarten, rohan)).result).toEqual([]);
    expect((await req('GET', `/api/carelog/medicines?class_id=${demoId('class:toddlers')}`, rohan)).statusCode).toBe(404);
    const staff = expectResponse(
      ROUTES.medicineList,
      await req('GET', `/api/carelog/medicines?class_id=${nurseryA}`, tara),
    ).result;
    expect(staff).toHaveLength(4);
    const end = `/api/medicines/${calpol}/end`;
    expect((await req('POST', end, undefined)).statusCode).toBe(401);
    expect((await req('POST', '/api/medicines/zz/end', rohan)).statusCode).toBe(400);
    expect((await req('POST', end, mona)).statusCode).toBe(404);
    expect((await req('POST', end, neha)).statusCode).toBe(403);
    expect((await req('POST', end, diyaMum)).statusCode).toBe(404);
    const ended = expectResponse(ROUTES.medicineEnd, await req('POST', end, rohan));
    expect(ended.result).toMatchObject({ status: 'ended', abilities: { can_end: false, can_record_home_dose: false } });
    const late = await req('POST', `/api/medicines/${calpol}/doses`, tara, { date: wire(0), time: '01:59 PM' });
    expect(late.json().code).toBe(ERROR_CODES.medicineNotCurrent);
    // The class's day lists the records still in use.
    expect((await careDay()).medicines.map((m) => m.name).sort()).toEqual(['Calpol', 'Ibuprofen', 'Piriton']);
  });
});

describe('incidents', () => {
  let id = '';
  it('is signed by the class staff, tells the family, and starts the regulator clock when serious', async () => {
    const url = '/api/carelog/incidents';
    expect((await req('POST', url, undefined, incident())).statusCode).toBe(401);
    expect((await req('POST', url, tara, incident({ signature: '' }))).statusCode).toBe(400);
    expect((await req('POST', url, mona, incident())).statusCode).toBe(404);
    expect((await req('POST', url, neha, incident())).statusCode).toBe(403);
    expect((await req('POST', url, rohan, incident())).statusCode).toBe(403);
    expect((await req('POST', url, tara, incident({ student_id: ira }))).json().code).toBe(ERROR_CODES.notInClass);
    const before = (await outbox()).length;
    const made = expectResponse(ROUTES.incidentCreate, await req('POST', url, tara, incident({ serious: true })));
    expect(made.message).toBe(CARELOG_MESSAGES.incidentSaved);
    expect(made.result).toMatchObject({
      serious: true,
      regulator_due: wire(-14),
      staff: { name: 'Tara Menon' },
      signature: 'Tara Menon',
      reviewed: null,
      acknowledged: null,
      abilities: { can_correct: true, can_review: false, can_acknowledge: false },
    });
    id = made.result._id;
    await settle();
    const mails = (await outbox()).slice(0, (await outbox()).length - before);
    expect(mails).toContainEqual(
      expect.objectContaining({
        to: 'rohan.sharma@family.example',
        subject: `Sunrise Early Years: Aarav Sharma had an accident on ${wire(0)}`,
      }),
    );
  });

  it('cannot be deleted, by anyone, and is still there', async () => {
    expect((await req('DELETE', `/api/incidents/${id}`, undefined)).statusCode).toBe(401);
    expect((await req('DELETE', '/api/incidents/123', tara)).statusCode).toBe(400);
    expect((await req('DELETE', `/api/incidents/${id}`, mona)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/incidents/${id}`, neha)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/incidents/${id}`, rohan)).statusCode).toBe(403);
    for (const token of [tara, anita]) {
      const refused = await req('DELETE', `/api/incidents/${id}`, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: ERROR_CODES.notDeletable, message: CARELOG_MESSAGES.incidentNotDeletable });
    }
    expect(expectResponse(ROUTES.incidentGet, await req('GET', `/api/incidents/${id}`, tara)).result._id).toBe(id);
  });

  it('is read by the class staff, reviewers and the family only', async () => {
    expect((await req('GET', `/api/incidents/${id}`, undefined)).statusCode).toBe(401);
    expect((await req('GET', '/api/incidents/abc', tara)).statusCode).toBe(400);
    expect((await req('GET', `/api/incidents/${id}`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/incidents/${id}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/incidents/${id}`, diyaMum)).statusCode).toBe(404);
    const seen = expectResponse(ROUTES.incidentGet, await req('GET', `/api/incidents/${id}`, rohan)).result;
    expect(seen.abilities).toEqual({ can_correct: false, can_review: false, can_acknowledge: true, can_notify_regulator: false });
  });

  it('is corrected with a reason, keeping the earlier value', async () => {
    const url = `/api/incidents/${id}`;
    expect((await req('PUT', url, undefined, { location: 'Hall', reason: 'x' })).statusCode).toBe(401);
    const noReason = await req('PUT', url, tara, { location: 'Hall' });
    expect(noReason.statusCode).toBe(400);
    expect((await req('PUT', url, mona, { location: 'Hall', reason: 'Wrong room' })).statusCode).toBe(404);
    expect((await req('PUT', url, neha, { location: 'Hall', reason: 'Wrong room' })).statusCode).toBe(403);
    expect((await req('PUT', url, rohan, { location: 'Hall', reason: 'Wrong room' })).statusCode).toBe(403);
    const same = await req('PUT', url, tara, { location: 'Garden', reason: 'Checking' });
    expect(same.json().message).toBe(CARELOG_MESSAGES.nothingChanged);
    const fixed = expectResponse(
      ROUTES.incidentCorrect,
      await req('PUT', url, tara, { location: 'Garden path by the sandpit', time: '11:10 AM', reason: 'Exact place and time' }),
    );
    expect(fixed.message).toBe(CARELOG_MESSAGES.incidentCorrected);
    expect(fixed.result).toMatchObject({ location: 'Garden path by the sandpit', time: '11:10 AM' });
    expect(fixed.result.corrections).toEqual([
      expect.objectContaining({
        reason: 'Exact place and time',
        by: expect.objectContaining({ name: 'Tara Menon' }),
        changes: {
          location: { from: 'Garden', to: 'Garden path by the sandpit' },
          time: { from: '11:15 AM', to: '11:10 AM' },
        },
      }),
    ]);
  });

  it('is on the reminders list until a parent acknowledges it, once', async () => {
    const list = async (token: string, state = 'unacknowledged') =>
      expectResponse(ROUTES.incidentList, await req('GET', `/api/carelog/incidents?state=${state}`, token)).result.map(
        (i) => i._id,
      );
    expect((await req('GET', '/api/carelog/incidents', undefined)).statusCode).toBe(401);
    expect((await req('GET', '/api/carelog/incidents?state=late', tara)).statusCode).toBe(400);
    expect((await req('GET', `/api/carelog/incidents?class_id=${nurseryA}`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/carelog/incidents?class_id=${nurseryA}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/carelog/incidents?student_id=${aarav}`, diyaMum)).statusCode).toBe(404);
    expect(await list(tara)).toContain(id);
    expect(await list(rohan)).toContain(id);
    expect(await list(diyaMum)).not.toContain(id);
    expect(await list(neha)).not.toContain(id);
    expect(await list(mona)).not.toContain(id);
    const url = `/api/incidents/${id}/acknowledge`;
    expect((await req('POST', url, undefined, { signature: 'Rohan Sharma' })).statusCode).toBe(401);
    expect((await req('POST', url, rohan, { signature: ' ' })).statusCode).toBe(400);
    expect((await req('POST', url, tara, { signature: 'Tara Menon' })).statusCode).toBe(403);
    expect((await req('POST', url, mona, { signature: 'Mona' })).statusCode).toBe(403);
    expect((await req('POST', url, diyaMum, { signature: 'Neha Patel' })).statusCode).toBe(404);
    const signed = expectResponse(ROUTES.incidentAcknowledge, await req('POST', url, rohan, { signature: 'Rohan Sharma' }));
    expect(signed.message).toBe(CARELOG_MESSAGES.incidentAcknowledged);
    expect(signed.result.acknowledged).toMatchObject({ by: { name: 'Rohan Sharma' }, signature: 'Rohan Sharma' });
    const twice = await req('POST', url, rohan, { signature: 'Rohan Sharma' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CARELOG_MESSAGES.alreadyAcknowledged);
    expect(await list(tara)).not.toContain(id);
    expect(await list(tara, 'unreviewed')).toContain(id);
  });

  it('is reviewed by holders of the review permission, once, and its notification to the regulator recorded', async () => {
    const url = `/api/incidents/${id}/review`;
    expect((await req('POST', url, undefined, {})).statusCode).toBe(401);
    expect((await req('POST', url, anita, { note: 'x'.repeat(3000) })).statusCode).toBe(400);
    expect((await req('POST', url, tara, {})).statusCode).toBe(403);
    expect((await req('POST', url, rohan, {})).statusCode).toBe(403);
    expect((await req('POST', url, mona, {})).statusCode).toBe(403);
    const reviewed = expectResponse(ROUTES.incidentReview, await req('POST', url, anita, { note: 'Path to be swept daily' }));
    expect(reviewed.result.reviewed).toMatchObject({ by: { name: 'Anita Desai' }, note: 'Path to be swept daily' });
    expect((await req('POST', url, anita, {})).json().message).toBe(CARELOG_MESSAGES.alreadyReviewed);

    const regulator = `/api/incidents/${id}/regulator`;
    const told = { on: wire(0), reference: 'OF-1234' };
    expect((await req('POST', regulator, undefined, told)).statusCode).toBe(401);
    expect((await req('POST', regulator, anita, { on: 'today' })).statusCode).toBe(400);
    expect((await req('POST', regulator, tara, told)).statusCode).toBe(403);
    expect((await req('POST', regulator, mona, told)).statusCode).toBe(403);
    const due = expectResponse(ROUTES.incidentList, await req('GET', '/api/carelog/incidents?state=regulator', anita)).result;
    expect(due.map((i) => i._id)).toContain(id);
    const recorded = expectResponse(ROUTES.incidentRegulator, await req('POST', regulator, anita, told));
    expect(recorded.result.regulator_notified).toMatchObject({ on: wire(0), reference: 'OF-1234', by: { name: 'Anita Desai' } });
    const after = expectResponse(ROUTES.incidentList, await req('GET', '/api/carelog/incidents?state=regulator', anita)).result;
    expect(after.map((i) => i._id)).not.toContain(id);
    // A report that is not serious is not for the regulator.
    const minor = expectResponse(
      ROUTES.incidentCreate,
      await req('POST', '/api/carelog/incidents', tara, incident({ date: wire(1) })),
    ).result;
    expect(minor.regulator_due).toBeNull();
    const refused = await req('POST', `/api/incidents/${minor._id}/regulator`, anita, told);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CARELOG_MESSAGES.notSerious);
  });
});

describe('settings', () => {
  it('are read by staff and changed by holders of school details', async () => {
    expect((await req('GET', '/api/carelog/settings', undefined)).statusCode).toBe(401);
    expect((await req('GET', '/api/carelog/settings', rohan)).statusCode).toBe(403);
    const moonbeam = expectResponse(ROUTES.carelogSettings, await req('GET', '/api/carelog/settings', mona)).result;
    expect(moonbeam).toEqual({ nap_check_minutes: 10, baby_months: 24, incident_retention_years: 21, summary_time: '06:00 PM' });
    const body = { nap_check_minutes: 15, baby_months: 30, incident_retention_years: 25, summary_time: '05:30 PM' };
    expect((await req('PUT', '/api/carelog/settings', undefined, body)).statusCode).toBe(401);
    expect((await req('PUT', '/api/carelog/settings', anita, { ...body, nap_check_minutes: 1 })).statusCode).toBe(400);
    expect((await req('PUT', '/api/carelog/settings', tara, body)).statusCode).toBe(403);
    expect((await req('PUT', '/api/carelog/settings', rohan, body)).statusCode).toBe(403);
    const saved = expectResponse(ROUTES.carelogSettingsSave, await req('PUT', '/api/carelog/settings', anita, body));
    expect(saved.result).toEqual(body);
    expect(expectResponse(ROUTES.carelogSettings, await req('GET', '/api/carelog/settings', tara)).result).toEqual(body);
    // Another school's settings are its own.
    expect(expectResponse(ROUTES.carelogSettings, await req('GET', '/api/carelog/settings', mona)).result).toEqual(moonbeam);
  });
});

describe('the daycare feature', () => {
  it('when the school switches it off, families and staff no longer reach the carelog', async () => {
    const admin = t.services.scopes.of({ userId: anitaId, kind: 'staff', schoolId: sunrise, sessionId: 'test', isTemp: false });
    await t.services.school.setPermissions(admin, { daycare: false });
    try {
      expect((await req('GET', `/api/carelog/children/${aarav}/day`, rohan)).statusCode).toBe(403);
      expect((await req('GET', '/api/carelog/medicines', rohan)).json().result).toEqual([]);
      expect((await req('GET', '/api/carelog/incidents', rohan)).json().result).toEqual([]);
      expect((await req('GET', `/api/carelog/day?class_id=${nurseryA}`, tara)).statusCode).toBe(403);
    } finally {
      await t.services.school.setPermissions(admin, { daycare: true });
    }
    expect((await req('GET', `/api/carelog/children/${aarav}/day`, rohan)).statusCode).toBe(200);
  });
});

describe('the daily summary', () => {
  it('emails the subscribed parent their child day at the summary time, then queues the next day', async () => {
    const before = (await outbox()).length;
    // 17:30 is the summary time now; the job queued for 18:00 runs when due.
    t.clock.advance(4 * 3_600_000 + 60_000);
    await settle();
    const mails = (await outbox()).slice(0, (await outbox()).length - before);
    const summary = mails.find((m) => m.subject === "Sunrise Early Years: Aarav Sharma's day");
    expect(summary?.to).toBe('rohan.sharma@family.example');
    expect(summary?.html).toContain('Calpol');
    expect(summary?.html).toContain('suncream');
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const [next] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, summaryJobKey(sunrise, tomorrow)));
    expect(next?.runAt.toISOString()).toBe(`${tomorrow}T17:30:00.000Z`);
  });
});

describe('fixtures', () => {
  it('creates an entry, a consented medicine and an incident in Sunrise for the isolation suite', async () => {
    const ids = await sunriseCarelog(t);
    // The clock moved past the summary time: fresh tokens.
    [tara, mona] = await Promise.all([staffToken(t, '9000000003'), staffToken(t, '9000000006')]);
    expect(expectResponse(ROUTES.incidentGet, await req('GET', `/api/incidents/${ids.incident}`, tara)).result._id).toBe(
      ids.incident,
    );
    expect((await req('GET', `/api/incidents/${ids.incident}`, mona)).statusCode).toBe(404);
    expect((await req('PUT', `/api/care_entries/${ids.care_entry}`, mona, { note: 'x' })).statusCode).toBe(404);
    expect((await req('POST', `/api/medicines/${ids.medicine}/end`, mona)).statusCode).toBe(404);
  });
});

describe('the demo carelog', () => {
  it("seeds yesterday's care, a consented medicine and two past reports once", async () => {
    const fresh = await createTestApp();
    try {
      const now = fresh.clock.now();
      expect(await seedDemoCarelogIfEmpty(fresh.services, now)).toBeGreaterThan(5);
      expect(await seedDemoCarelogIfEmpty(fresh.services, now)).toBe(0);
      const teacher = await staffToken(fresh, '9000000003');
      const father = await parentToken(fresh, '9000000004');
      const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
      const day = expectResponse(
        ROUTES.careDay,
        await fresh.request({
          method: 'GET',
          url: `/api/carelog/day?class_id=${nurseryA}&date=${yesterday}`,
          headers: bearer(teacher),
        }),
      ).result;
      expect(new Set(day.entries.map((e) => e.kind))).toEqual(new Set(['meal', 'nap', 'nappy', 'mood']));
      const reports = expectResponse(
        ROUTES.incidentList,
        await fresh.request({ method: 'GET', url: '/api/carelog/incidents', headers: bearer(teacher) }),
      ).result;
      expect(reports.map((r) => [r.student.name, r.acknowledged !== null]).sort()).toEqual([
        ['Aarav Sharma', true],
        ['Diya Patel', false],
      ]);
      const meds = expectResponse(
        ROUTES.medicineList,
        await fresh.request({ method: 'GET', url: '/api/carelog/medicines', headers: bearer(father) }),
      ).result;
      expect(meds).toEqual([
        expect.objectContaining({ name: 'Calpol (paracetamol)', consent: expect.objectContaining({ kind: 'app' }) }),
      ]);
      // No email for the history's reports.
      await fresh.services.jobs.runDue();
      expect(
        ((await fresh.services.email.recent?.(50, sunrise)) ?? []).filter((m) => m.subject.includes('had an accident')),
      ).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('doses at the same moment', () => {
  it('gives one of several doses sent at the same moment, refusing the others as too soon', async () => {
    // Fresh sign-ins: earlier tests moved the clock past the first tokens.
    const [mum, teacher, admin] = await Promise.all([
      parentToken(t, '9000000005'),
      staffToken(t, '9000000003'),
      staffToken(t, '9000000002'),
    ]);
    const made = expectResponse(
      ROUTES.medicineCreate,
      await req('POST', '/api/carelog/medicines', mum, medicine({ student_id: diya, name: 'Ibuprofen', consent: true })),
    ).result;
    const url = `/api/medicines/${made._id}/doses`;
    const all = await Promise.all(
      ['09:00 AM', '09:01 AM', '09:02 AM', '09:03 AM', '09:04 AM', '09:05 AM'].map((time, i) =>
        req('POST', url, i % 2 ? admin : teacher, { date: wire(1), time }),
      ),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const after = expectResponse(ROUTES.medicineList, await req('GET', `/api/carelog/medicines?student_id=${diya}`, mum)).result;
    expect(after.find((m) => m._id === made._id)?.doses).toHaveLength(1);
  });
});
