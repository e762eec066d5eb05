import { ADMISSION_MESSAGES, ERROR_CODES, ROUTES } from '@cue/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  admissionApplications,
  admissionDocuments,
  admissionStageChanges,
  classStudents,
  emailTemplates,
  parentChildren,
  parents,
  roles,
  schools,
  students,
  users,
} from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { seedDemoAdmissionsIfEmpty } from '../src/seed/admissions.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, requester, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // Sunrise's admin: management.admission
let tara: string; // Sunrise teacher, without management.admission
let mona: string; // Moonbeam staff given management.admission below
const sunrise = demoId('school:sunrise');
const moonbeam = demoId('school:moonbeam');
const nurseryA = demoId('class:nurseryA');
const toddlers = demoId('class:toddlers');
const req = requester(() => t);
const ids: Record<string, string> = {};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function multipart(name: string, bytes: Buffer, type = 'application/pdf') {
  const boundary = `----admissions${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (schoolId: string, name = 'birth.pdf', bytes = PDF, type = 'application/pdf') => {
  const body = multipart(name, bytes, type);
  return t.request({ method: 'POST', url: `/api/public/admissions/${schoolId}/documents`, ...body });
};
const submit = (kind: string, body: object, schoolId = sunrise) =>
  t.request({ method: 'POST', url: `/api/public/admissions/${schoolId}/${kind}/submissions`, payload: body });

const goodAnswers = (extra: object = {}) => ({
  child_first_name: 'Yara',
  child_last_name: 'Khoury',
  child_date_of_birth: '14-03-2023',
  parent_first_name: 'Lina',
  parent_last_name: 'Khoury',
  parent_email: 'lina.khoury@example.com',
  parent_phone: '9811111111',
  ...extra,
});

const tableCount = async (
  table: typeof students | typeof parents | typeof parentChildren | typeof classStudents | typeof admissionApplications,
) => Number((await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0);
const peopleCounts = async () => ({
  students: await tableCount(students),
  parents: await tableCount(parents),
  parentChildren: await tableCount(parentChildren),
  classStudents: await tableCount(classStudents),
});
const refusal = (res: {
  statusCode: number;
  json: () => { code: string; message: string; errors?: { field: string; message: string }[] };
}) => ({
  status: res.statusCode,
  code: res.json().code,
  message: res.json().message,
});

beforeAll(async () => {
  t = await createTestApp();
  // Moonbeam's teachers may run admissions there, so that a Moonbeam member reaching Sunrise's objects is a 404, not a 403.
  await t.database.db
    .update(roles)
    .set({ permissions: sql`${roles.permissions} || '["management.admission"]'::jsonb` })
    .where(eq(roles.id, demoId('role:moonbeam:teacher')));
  [anita, tara, mona] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000006'),
  ]);
});
afterAll(() => t?.close());

describe('admissions', () => {
  it('answers 401 without a token and 403 to staff without management.admission on every staff route', async () => {
    const id = newId();
    const routes = [
      ['GET', '/api/admissions/forms/enquiry'],
      ['PUT', '/api/admissions/forms/enquiry'],
      ['GET', '/api/admissions/applications'],
      ['POST', '/api/admissions/applications'],
      ['GET', `/api/admissions/applications/${id}`],
      ['PUT', `/api/admissions/applications/${id}`],
      ['POST', `/api/admissions/applications/${id}/stage`],
      ['POST', `/api/admissions/applications/${id}/notes`],
      ['POST', `/api/admissions/applications/${id}/documents`],
      ['GET', `/api/admissions/documents/${id}`],
      ['POST', `/api/admissions/applications/${id}/enrol`],
      ['GET', '/api/admissions/report'],
      ['GET', '/api/admissions/report/csv'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await req(method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await req(method, url, tara)).statusCode, `${method} ${url} as Tara`).toBe(403);
    }
  });

  it('shows the public form only for a school with admissions switched on', async () => {
    expect((await req('GET', `/api/public/admissions/${newId()}/application`)).statusCode).toBe(404);
    const off = newId();
    const [sun] = await t.database.db.select().from(schools).where(eq(schools.id, sunrise));
    await t.database.db
      .insert(schools)
      .values({ id: off, organizationId: String(sun?.organizationId), name: 'No admissions', permissions: ['attendance'] });
    expect((await req('GET', `/api/public/admissions/${off}/application`)).statusCode).toBe(404);
    expect((await upload(off)).statusCode).toBe(404);
    expect((await submit('enquiry', { answers: goodAnswers() }, off)).statusCode).toBe(404);

    const page = expectResponse(
      ROUTES.publicAdmissionForm,
      await req('GET', `/api/public/admissions/${sunrise}/application`),
    ).result;
    expect(page.school.name).toBe('Sunrise Early Years');
    expect(page.form.open).toBe(true);
    expect(page.classes.map((c) => c.name)).toEqual(expect.arrayContaining(['Nursery A', 'Kindergarten B']));
    expect(page.classes.some((c) => c._id === toddlers)).toBe(false);
    const fields = page.form.sections.flatMap((s) => s.fields);
    expect(fields.find((f) => f.key === 'birth_certificate')).toMatchObject({ type: 'file', required: true });
    expect(fields.find((f) => f.key === 'child_first_name')?.label.ar).toBe('الاسم الأول للطفل');
    expect(fields.find((f) => f.key === 'child_first_name')?.label.he).toBe('השם הפרטי של הילד/ה');
  });

  it("keeps a family's documents by their content, and refuses other kinds", async () => {
    const doc = expectResponse(ROUTES.publicAdmissionDocument, await upload(sunrise, 'birth.pdf'));
    expect(doc.result).toMatchObject({ name: 'birth.pdf', size: PDF.length });
    ids.birth = doc.result._id;
    // A text file named .pdf is refused whatever its name says.
    const fake = await upload(sunrise, 'fake.pdf', Buffer.from('just some text, not a pdf at all'));
    expect(fake.statusCode).toBe(400);
    ids.moonDoc = expectResponse(ROUTES.publicAdmissionDocument, await upload(moonbeam, 'other.pdf')).result._id;
  });

  it('checks the answers against the form and stores nothing on a refusal', async () => {
    const before = await tableCount(admissionApplications);
    const missing = await submit('application', { answers: { child_first_name: 'Yara' } });
    expect(missing.statusCode).toBe(400);
    const errors = missing.json().errors as { field: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'parent_email', message: ADMISSION_MESSAGES.requiredField },
        { field: 'birth_certificate', message: ADMISSION_MESSAGES.documentMissing },
      ]),
    );
    const bad = await submit('application', {
      answers: goodAnswers({
        parent_email: 'not-an-email',
        parent_phone: '12345',
        child_date_of_birth: '31-02-2023',
        birth_certificate: ids.birth,
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().errors as { field: string }[]).map((e) => e.field).sort()).toEqual([
      'child_date_of_birth',
      'parent_email',
      'parent_phone',
    ]);
    const choice = await submit('enquiry', { answers: goodAnswers({ heard_about: 'radio' }) });
    expect(choice.statusCode).toBe(400);
    expect(choice.json().errors).toEqual([{ field: 'heard_about', message: 'Choose one of the options' }]);
    const foreign = await submit('application', { answers: goodAnswers({ birth_certificate: ids.moonDoc }) });
    expect(refusal(foreign)).toMatchObject({ status: 400, message: ADMISSION_MESSAGES.documentUnknown });
    expect(foreign.json().errors).toEqual([{ field: 'birth_certificate', message: ADMISSION_MESSAGES.documentUnknown }]);
    // The robots' hidden field: the same answer, nothing kept.
    const robot = await submit('application', {
      answers: goodAnswers({ birth_certificate: ids.birth }),
      website: 'http://spam.example',
    });
    expect(expectResponse(ROUTES.publicAdmissionSubmit, robot).result.reference).toMatch(/^A-\d{4}-\d{4}$/);
    expect(await tableCount(admissionApplications)).toBe(before);
    const [doc] = await t.database.db
      .select()
      .from(admissionDocuments)
      .where(eq(admissionDocuments.id, ids.birth ?? ''));
    expect(doc?.applicationId).toBeNull();
  });

  it('stores an application with its document and writes to the family in their language', async () => {
    await t.database.db.insert(emailTemplates).values({
      schoolId: sunrise,
      key: 'admission_received',
      language: 'ar',
      subject: '{{school_name}}: استلمنا طلب {{child_name}}',
      body: 'عزيزتي {{first_name}}، رقم الطلب {{reference}}.',
    });
    const made = expectResponse(
      ROUTES.publicAdmissionSubmit,
      await submit('application', {
        answers: goodAnswers({ birth_certificate: ids.birth }),
        desired_class_id: nurseryA,
        language: 'ar',
        source: 'referral',
      }),
    );
    expect(made.message).toBe(ADMISSION_MESSAGES.submitted);
    const [row] = await t.database.db
      .select()
      .from(admissionApplications)
      .where(eq(admissionApplications.reference, made.result.reference));
    expect(row).toMatchObject({
      stage: 'application',
      kind: 'application',
      childFirstName: 'Yara',
      childDateOfBirth: '2023-03-14',
      language: 'ar',
    });
    ids.app = row?.id ?? '';
    const [doc] = await t.database.db
      .select()
      .from(admissionDocuments)
      .where(eq(admissionDocuments.id, ids.birth ?? ''));
    expect(doc).toMatchObject({ applicationId: ids.app, fieldKey: 'birth_certificate' });
    const changes = await t.database.db
      .select()
      .from(admissionStageChanges)
      .where(eq(admissionStageChanges.applicationId, ids.app));
    expect(changes).toMatchObject([{ fromStage: null, toStage: 'application', emailSent: true }]);
    const mails = (await t.services.email.recent?.(50, sunrise)) ?? [];
    const mail = mails.find((m) => m.to === 'lina.khoury@example.com');
    expect(mail?.subject).toBe('Sunrise Early Years: استلمنا طلب Yara');
    expect(mail?.html).toContain(made.result.reference);
    expect(mail?.html).toContain('عزيزتي Lina');
    // The same document cannot be claimed twice.
    const again = await submit('application', { answers: goodAnswers({ birth_certificate: ids.birth }) });
    expect(again.json().errors).toEqual([{ field: 'birth_certificate', message: ADMISSION_MESSAGES.documentUnknown }]);
  });

  it('lists the pipeline with its board counts and shows an application with its answers and documents', async () => {
    const staffMade = expectResponse(
      ROUTES.admissionCreate,
      await req('POST', '/api/admissions/applications', anita, {
        source: 'phone',
        child_first_name: 'Adam',
        parent_first_name: 'Rohan',
        parent_last_name: 'Sharma',
        parent_phone: '9000000004',
        note: 'Called on Monday',
      }),
    ).result;
    expect(staffMade).toMatchObject({ stage: 'enquiry', source: 'phone', notes: 1 });
    ids.enquiry = staffMade._id;
    const listed = await req('GET', '/api/admissions/applications?q=khoury', anita);
    const page = expectResponse(ROUTES.admissionList, listed).result;
    expect(page.items.map((i) => i._id)).toEqual([ids.app]);
    expect(page.stage_counts).toMatchObject({ application: 1, enquiry: 0, enrolled: 0 });
    const all = expectResponse(
      ROUTES.admissionList,
      await req('GET', '/api/admissions/applications?stage=enquiry', anita),
    ).result;
    expect(all.items.map((i) => i._id)).toEqual([ids.enquiry]);
    expect(all.stage_counts).toMatchObject({ application: 1, enquiry: 1 });

    const one = expectResponse(ROUTES.admissionGet, await req('GET', `/api/admissions/applications/${ids.app}`, anita)).result;
    expect(one.answers.find((a) => a.key === 'child_first_name')).toMatchObject({ label: 'الاسم الأول للطفل', value: 'Yara' });
    expect(one.answers.find((a) => a.key === 'birth_certificate')?.value).toBe('birth.pdf');
    expect(one.documents_list).toMatchObject([
      { _id: ids.birth, field_key: 'birth_certificate', name: 'birth.pdf', added_by: null },
    ]);
    expect(one.desired_class).toEqual({ _id: nurseryA, name: 'Nursery A' });
    expect(one.next_stages).toEqual(['visit', 'offered', 'waiting_list', 'rejected', 'withdrawn']);
    expect(one.abilities).toEqual({ edit: true, enrol: false });

    const file = await req('GET', `/api/admissions/documents/${ids.birth}`, anita);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename="birth.pdf"/);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // Another school's member finds nothing of Sunrise's.
    expect((await req('GET', `/api/admissions/applications/${ids.app}`, mona)).statusCode).toBe(404);
    expect((await req('GET', `/api/admissions/documents/${ids.birth}`, mona)).statusCode).toBe(404);
    expect((await req('POST', `/api/admissions/applications/${ids.app}/stage`, mona, { stage: 'offered' })).statusCode).toBe(404);
    expect((await req('POST', `/api/admissions/applications/${ids.app}/notes`, mona, { body: 'x' })).statusCode).toBe(404);
  });

  it('refuses a form that drops or retypes a reserved field, or repeats a key', async () => {
    const form = expectResponse(ROUTES.admissionForm, await req('GET', '/api/admissions/forms/enquiry', anita)).result;
    const body = { title: form.title, intro: form.intro, open: true, sections: form.sections };
    const dropped = {
      ...body,
      sections: body.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => f.key !== 'parent_phone') })),
    };
    expect(refusal(await req('PUT', '/api/admissions/forms/enquiry', anita, dropped))).toMatchObject({
      status: 400,
      message: ADMISSION_MESSAGES.reservedKey,
    });
    const twice = {
      ...body,
      sections: [...body.sections, { id: 'again', title: { en: 'Again' }, fields: [body.sections[0]?.fields[0]] }],
    };
    expect(refusal(await req('PUT', '/api/admissions/forms/enquiry', anita, twice))).toMatchObject({
      status: 400,
      message: ADMISSION_MESSAGES.duplicateKey,
    });
    const closed = expectResponse(
      ROUTES.admissionFormUpdate,
      await req('PUT', '/api/admissions/forms/enquiry', anita, { ...body, open: false }),
    );
    expect(closed.result.open).toBe(false);
    const page = expectResponse(ROUTES.publicAdmissionForm, await req('GET', `/api/public/admissions/${sunrise}/enquiry`)).result;
    expect(page.form.open).toBe(false);
    expect(refusal(await submit('enquiry', { answers: goodAnswers() }))).toMatchObject({
      status: 400,
      code: ERROR_CODES.formClosed,
    });
    expectResponse(ROUTES.admissionFormUpdate, await req('PUT', '/api/admissions/forms/enquiry', anita, body));
  });

  it('moves along the pipeline only where it may go; a visit needs its date and time', async () => {
    // Each step a second apart, as people make them (the history is in order of time).
    const move = (body: object) => {
      t.clock.advance(1000);
      return req('POST', `/api/admissions/applications/${ids.app}/stage`, anita, body);
    };
    expect(refusal(await move({ stage: 'accepted' }))).toMatchObject({ status: 400, code: ERROR_CODES.stageNotAllowed });
    expect((await move({ stage: 'enrolled' })).statusCode).toBe(400);
    expect(refusal(await move({ stage: 'visit' }))).toMatchObject({ status: 400, message: ADMISSION_MESSAGES.visitNeeded });
    const visit = expectResponse(
      ROUTES.admissionStage,
      await move({ stage: 'visit', visit_date: '10-12-2030', visit_time: '10:30 AM', note: 'Front office' }),
    );
    expect(visit.result).toMatchObject({ stage: 'visit', visit_date: '10-12-2030', visit_time: '10:30 AM' });
    expectResponse(ROUTES.admissionStage, await move({ stage: 'offered' }));
    // Not yet accepted or offered → the enquiry cannot be enrolled.
    const enrolBody = {
      class_id: nurseryA,
      start_date: '05-01-2031',
      child_first_name: 'Adam',
      parents: [{ first_name: 'Rohan', phone: '9000000004' }],
    };
    expect(refusal(await req('POST', `/api/admissions/applications/${ids.enquiry}/enrol`, anita, enrolBody))).toMatchObject({
      status: 400,
      code: ERROR_CODES.stageNotAllowed,
    });
    const accepted = expectResponse(ROUTES.admissionStage, await move({ stage: 'accepted', send_email: false }));
    expect(accepted.result.abilities).toEqual({ edit: true, enrol: true });
    expect(accepted.result.history.map((h) => [h.from, h.to, h.email_sent])).toEqual([
      [null, 'application', true],
      ['application', 'visit', true],
      ['visit', 'offered', true],
      ['offered', 'accepted', false],
    ]);
  });

  it('enrols all or nothing', async () => {
    const url = `/api/admissions/applications/${ids.app}/enrol`;
    const body = {
      class_id: nurseryA,
      start_date: '05-01-2031',
      child_first_name: 'Yara',
      child_last_name: 'Khoury',
      parents: [
        { first_name: 'Lina', last_name: 'Khoury', phone: '9811111111', email: 'lina.khoury@example.com' },
        { first_name: 'Rohan', last_name: 'Sharma', phone: '9000000004' },
      ],
      send_email: false,
    };
    const before = await peopleCounts();
    // Another school's class: refused before anything is written.
    expect((await req('POST', url, anita, { ...body, class_id: toddlers })).statusCode).toBe(400);
    expect(await peopleCounts()).toEqual(before);
    // A failure inside the transaction, after the child and the parents were written: all undone.
    const spy = vi.spyOn(t.services.admissions, 'markEnrolled').mockRejectedValueOnce(new Error('written meanwhile'));
    expect((await req('POST', url, anita, body)).statusCode).toBe(500);
    spy.mockRestore();
    expect(await peopleCounts()).toEqual(before);
    const [still] = await t.database.db
      .select()
      .from(admissionApplications)
      .where(eq(admissionApplications.id, ids.app ?? ''));
    expect(still).toMatchObject({ stage: 'accepted', studentId: null });

    const rohanBefore = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, '9000000004'));
    const done = expectResponse(ROUTES.admissionEnrol, await req('POST', url, anita, body));
    expect(done.result).toMatchObject({
      class: { _id: nurseryA, name: 'Nursery A' },
      linked_existing: 1,
      student: { name: 'Yara Khoury' },
    });
    expect(done.result.application).toMatchObject({
      stage: 'enrolled',
      abilities: { edit: false, enrol: false },
      next_stages: [],
    });
    const after = await peopleCounts();
    expect(after).toEqual({
      students: before.students + 1,
      parents: before.parents + 1,
      parentChildren: before.parentChildren + 2,
      classStudents: before.classStudents + 1,
    });
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, '9000000004'))).toEqual(rohanBefore);
    const cls = expectResponse(ROUTES.classDetail, await req('GET', `/api/classes/${nurseryA}`, anita)).result as unknown as {
      student_list?: { id: string }[];
    };
    const inClass = await t.database.db
      .select()
      .from(classStudents)
      .where(inArray(classStudents.studentId, [done.result.student._id]));
    expect(inClass.map((r) => r.classId)).toEqual([nurseryA]);
    if (cls.student_list) expect(cls.student_list.map((s) => s.id)).toContain(done.result.student._id);
    expect(refusal(await req('POST', url, anita, body))).toMatchObject({ status: 409, code: ERROR_CODES.alreadyEnrolled });
    expect(
      refusal(await req('POST', `/api/admissions/applications/${ids.app}/stage`, anita, { stage: 'offered' })),
    ).toMatchObject({
      status: 400,
      code: ERROR_CODES.stageNotAllowed,
    });
  });

  it('reports the cohorts by month and source, and as CSV', async () => {
    const report = expectResponse(ROUTES.admissionReport, await req('GET', '/api/admissions/report', anita)).result;
    expect(report.totals).toEqual({ enquiries: 2, applications: 1, visits: 1, offers: 1, enrolled: 1, conversion: 0.5 });
    expect(report.rows.find((r) => r.source === 'referral')).toMatchObject({
      enquiries: 1,
      applications: 1,
      enrolled: 1,
      conversion: 1,
    });
    expect(report.rows.find((r) => r.source === 'phone')).toMatchObject({
      enquiries: 1,
      applications: 0,
      enrolled: 0,
      conversion: 0,
    });
    const csv = await req('GET', '/api/admissions/report/csv', anita);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('month,source,enquiries,applications,visits,offers,enrolled,conversion');
    expect(csv.body).toContain(',referral,1,1,1,1,1,1.0000');
  });

  it('removes uploads nobody claimed after a day', async () => {
    const doc = expectResponse(
      ROUTES.publicAdmissionDocument,
      await upload(sunrise, 'late.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'image/png'),
    ).result;
    expect(await t.services.admissions.removeUnclaimed()).toBe(0);
    t.clock.advance(25 * 60 * 60 * 1000);
    expect(await t.services.admissions.removeUnclaimed()).toBeGreaterThanOrEqual(2);
    expect(await t.database.db.select().from(admissionDocuments).where(eq(admissionDocuments.id, doc._id))).toEqual([]);
    // The claimed one stays.
    expect(
      await t.database.db
        .select()
        .from(admissionDocuments)
        .where(eq(admissionDocuments.id, ids.birth ?? '')),
    ).toHaveLength(1);
  });

  it('takes ten submissions from one address in ten minutes, then 429', async () => {
    t.clock.advance(11 * 60 * 1000);
    for (let n = 0; n < 10; n++)
      expect((await submit('enquiry', { answers: goodAnswers(), website: 'robot' })).statusCode, `submission ${n + 1}`).toBe(200);
    const eleventh = await submit('enquiry', { answers: goodAnswers() });
    expect(refusal(eleventh)).toEqual({
      status: 429,
      code: ERROR_CODES.tooManySubmissions,
      message: ADMISSION_MESSAGES.tooManySubmissions,
    });
    t.clock.advance(11 * 60 * 1000);
    expect((await submit('enquiry', { answers: goodAnswers(), website: 'robot' })).statusCode).toBe(200);
  });

  it('seeds the demo pipeline once, through the service', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoAdmissionsIfEmpty(fresh.services)).toBe(true);
      expect(await seedDemoAdmissionsIfEmpty(fresh.services)).toBe(false);
      const token = await staffToken(fresh, '9000000002');
      const page = expectResponse(
        ROUTES.admissionList,
        await fresh.request({ method: 'GET', url: '/api/admissions/applications', headers: bearer(token) }),
      ).result;
      expect(page.total).toBe(6);
      expect(page.stage_counts).toMatchObject({ enquiry: 1, visit: 1, accepted: 1, offered: 1, waiting_list: 1, withdrawn: 1 });
      const accepted = page.items.find((i) => i.stage === 'accepted');
      expect(accepted?.desired_class).toEqual({ _id: nurseryA, name: 'Nursery A' });
      const visit = page.items.find((i) => i.stage === 'visit');
      expect(visit).toMatchObject({ visit_date: '15-01-2031', visit_time: '10:00 AM', notes: 1 });
    } finally {
      await fresh.close();
    }
  });
});
