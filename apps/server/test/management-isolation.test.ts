import { ADMISSION_MESSAGES, ERROR_CODES, ROUTES, type RouteDef, type RouteName } from '@cue/contract';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, memberships, users } from '../src/platform/db/schema.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';
import { multipartFile, PDF, type SunriseManagement, sunriseManagement } from './support/management-fixtures.js';

/*
 * Management (admissions, hiring, fees) attacked from every side: Moonbeam's admin aiming at Sunrise's
 * objects, a teacher and a parent on the staff routes, families on each other's invoices, a school that
 * switched a feature off, public forms given another school's or another job's files, and staff whose
 * custom role holds one management permission but not another.
 */
let t: TestApp;
let m: SunriseManagement;
let anita: string; // Sunrise's admin: every management permission
let tara: string; // Sunrise teacher: no management permission
let mona: string; // made Moonbeam's admin below
let sam: string; // super admin of the organization
let rohan: string; // parent of Aarav and Ira (the Sharma family)
let nehaParent: string; // Neha as the parent of Diya (another family of Nursery A)
const sunrise = demoId('school:sunrise');
const moonbeam = demoId('school:moonbeam');
const nurseryA = demoId('class:nurseryA');
const nehaId = demoId('user:9000000005');
const req = requester(() => t);
const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: res.json().code as string });

/** Sunrise's id for each kind of object a route names. */
const idFor = (def: RouteDef) => {
  const byResource: Record<string, string> = {
    admission_application: m.admission_application,
    admission_document: m.admission_document,
    job_opening: m.job_opening,
    job_application: m.job_application,
    job_interview: m.job_interview,
    fee_structure: m.fee_structure,
    fee_discount: m.fee_discount,
    invoice_run: m.invoice_run,
    invoice: m.invoice,
    payment: m.payment,
    fee_account: m.fee_account,
  };
  return def.resource ? (byResource[def.resource] ?? '') : '';
};
/** A route's URL aimed at Sunrise's object, with a valid query where one is required. */
const urlFor = (name: RouteName, def: RouteDef) => {
  const path = def.path.replace(':id', idFor(def)).replace(':kind', 'application').replace(':school_id', sunrise);
  return name === 'jobInterviews' ? `${path}?from=${m.today}&to=${m.next_week}` : path;
};
/** Bodies that would be valid at the caller's own school, so that validation is not what refuses them. */
const bodyFor = (name: RouteName): object | undefined => {
  const bodies: Partial<Record<RouteName, object>> = {
    admissionUpdate: { child_first_name: 'Intruder' },
    admissionStage: { stage: 'application', send_email: false },
    admissionNote: { body: 'Intrusion' },
    admissionEnrol: {
      class_id: nurseryA,
      start_date: m.today,
      child_first_name: 'Intruder',
      parents: [{ first_name: 'Intruder', phone: '9123456701' }],
      send_email: false,
    },
    jobOpeningUpdate: { title: 'Renamed', status: 'open' },
    jobApplicationStage: { stage: 'offer', send_email: false },
    jobApplicationNote: { body: 'Intrusion' },
    jobInterviewCreate: {
      date: m.next_week,
      start: '02:00 PM',
      end: '03:00 PM',
      interviewer_ids: [demoId('user:9000000006')],
      send_email: false,
    },
    jobInterviewUpdate: {
      date: m.next_week,
      start: '02:00 PM',
      end: '03:00 PM',
      interviewer_ids: [demoId('user:9000000006')],
      send_email: false,
    },
    jobHire: { first_name: 'Intruder', phone: '9123456702', role_id: demoId('role:moonbeam:teacher') },
    feeStructureUpdate: {
      name: 'Renamed',
      billing_cycle: 'monthly',
      class_ids: [demoId('class:toddlers')],
      items: [{ kind: 'tuition', name: 'Tuition', amount: 100 }],
    },
    feeDiscountUpdate: { name: 'Renamed', kind: 'other', mode: 'amount', value: 100, reason: 'Intrusion' },
    invoiceRevise: { reason: 'Intrusion', lines: [{ kind: 'item', description: 'Intrusion', unit_amount: 1 }] },
    invoiceCancel: { reason: 'Intrusion' },
    paymentVoid: { reason: 'Intrusion' },
  };
  return bodies[name];
};
const call = (token: string, name: RouteName) => {
  const def = ROUTES[name] as RouteDef;
  if (def.upload)
    return t.request({
      method: def.method,
      url: urlFor(name, def),
      ...(() => {
        const body = multipartFile('intrusion.pdf', PDF);
        return { headers: { ...bearer(token), ...body.headers }, payload: body.payload };
      })(),
    });
  const body = bodyFor(name) ?? (def.body && def.method !== 'GET' ? {} : undefined);
  return req(def.method, urlFor(name, def), token, body);
};
/** Every route of admissions, hiring and fees, public ones aside. */
const management = (Object.entries(ROUTES) as [RouteName, RouteDef][]).filter(
  ([, d]) => d.access !== 'public' && ['admission_management', 'hiring', 'fees'].includes(d.feature ?? ''),
);
const staffManagement = management.filter(([, d]) => d.access === 'staff');

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .update(memberships)
    .set({ roleId: demoId('role:moonbeam:admin') })
    .where(and(eq(memberships.userId, demoId('user:9000000006')), eq(memberships.schoolId, moonbeam)));
  [anita, tara, mona, sam, rohan, nehaParent] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000006'),
    staffToken(t, '9000000001'),
    parentToken(t, '9000000004'),
    parentToken(t, '9000000005'),
  ]);
  m = await sunriseManagement(t);
});
afterAll(() => t?.close());

describe("Moonbeam's admin and Sunrise's management objects", () => {
  const aimed = management.filter(([, d]) => d.path.includes(':id') && d.access !== 'parent');
  it.each(aimed)('%s answers 404 on the Sunrise object', async (name) => {
    const res = await call(mona, name);
    // On a 5xx, the server's own line about it (the error and its SQL, never a request's values).
    const logged = res.statusCode >= 500 ? (t.logs.findLast((line) => /"level":50/.test(line)) ?? '').slice(0, 800) : '';
    expect(res.statusCode, `${name}: ${res.body.slice(0, 200)} ${logged}`).toBe(404);
  });

  it('cannot record a payment, a credit note, a run or a structure against Sunrise', async () => {
    const pay = await req('POST', '/api/fees/payments', mona, {
      account_id: m.fee_account,
      amount: 100,
      method: 'cash',
      received_on: m.today,
      invoice_ids: [m.invoice],
    });
    expect(pay.statusCode, pay.body).toBe(404);
    const credit = await req('POST', '/api/fees/credit_notes', mona, {
      account_id: m.fee_account,
      invoice_id: m.invoice,
      amount: 100,
      reason: 'Intrusion',
    });
    expect(credit.statusCode, credit.body).toBe(404);
    const run = await req('POST', '/api/fees/runs', mona, {
      billing_cycle: 'monthly',
      period_date: m.today,
      class_ids: [nurseryA],
    });
    expect([400, 404], run.body).toContain(run.statusCode);
    const structure = await req('POST', '/api/fees/structures', mona, {
      name: 'Intrusion',
      billing_cycle: 'monthly',
      class_ids: [nurseryA],
      items: [{ kind: 'tuition', name: 'Tuition', amount: 100 }],
    });
    expect([400, 404], structure.body).toContain(structure.statusCode);
    const discount = await req('POST', '/api/fees/discounts', mona, {
      name: 'Intrusion',
      kind: 'scholarship',
      mode: 'percent',
      value: 1000,
      reason: 'Intrusion',
      student_ids: [demoId('student:Aarav Sharma')],
    });
    expect([400, 404], discount.body).toContain(discount.statusCode);
    const opening = await req('POST', '/api/hiring/openings', mona, {
      title: 'Intrusion',
      role_id: demoId('role:sunrise:teacher'),
      class_ids: [nurseryA],
    });
    expect([400, 404], opening.body).toContain(opening.statusCode);
  });

  it("lists and reports show none of Sunrise's rows", async () => {
    const sunriseIds = Object.values(m).filter((v) => v.length === 24);
    const lists = [
      '/api/admissions/applications',
      '/api/admissions/applications?q=Sunrisewala',
      '/api/admissions/report',
      '/api/admissions/report/csv',
      '/api/hiring/openings',
      '/api/hiring/applications',
      `/api/hiring/applications?opening_id=${m.job_opening}`,
      `/api/hiring/interviews?from=${m.today}&to=${m.next_week}`,
      `/api/hiring/interviews?from=${m.today}&to=${m.next_week}&interviewer_id=${demoId('user:9000000002')}`,
      '/api/fees/structures?include_archived=true',
      '/api/fees/discounts?include_archived=true',
      '/api/fees/runs',
      '/api/fees/invoices',
      `/api/fees/invoices?account_id=${m.fee_account}`,
      `/api/fees/invoices?student_id=${demoId('student:Aarav Sharma')}`,
      '/api/fees/invoices/csv',
      '/api/fees/payments',
      `/api/fees/payments?account_id=${m.fee_account}`,
      '/api/fees/accounts',
      '/api/fees/overview',
      '/api/fees/reports/collection',
      '/api/fees/reports/collection/csv',
      '/api/fees/reports/ageing',
      '/api/fees/reports/ageing/csv',
    ];
    for (const url of lists) {
      const res = await req('GET', url, mona);
      expect([200, 400], `${url}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      for (const marker of ['Sunrise', 'Aarav', 'Diya', 'Sharma', 'INV-', 'RCT-', ...sunriseIds])
        expect(res.body, `${url} shows ${marker}`).not.toContain(marker);
    }
    // The same lists hold Sunrise's rows for Sunrise's admin: the check above can fail.
    const own = await req('GET', '/api/fees/invoices', anita);
    expect(own.body).toContain(m.invoice);
    const ownReport = expectResponse(ROUTES.admissionReport, await req('GET', '/api/admissions/report', anita)).result;
    expect(ownReport.totals.enquiries).toBeGreaterThan(0);
    const moonReport = expectResponse(ROUTES.admissionReport, await req('GET', '/api/admissions/report', mona)).result;
    expect(moonReport.totals.enquiries).toBe(0);
  });

  it('the public pages of Moonbeam show nothing of Sunrise, and Sunrise’s job is no page of Moonbeam', async () => {
    for (const url of [
      `/api/public/admissions/${moonbeam}/application`,
      `/api/public/admissions/${moonbeam}/enquiry`,
      `/api/public/jobs/${moonbeam}`,
    ]) {
      const res = await req('GET', url);
      expect(res.statusCode, url).toBe(200);
      for (const marker of ['Sunrise', 'Nursery A', m.job_opening])
        expect(res.body, `${url} shows ${marker}`).not.toContain(marker);
    }
    expect((await req('GET', `/api/public/jobs/${moonbeam}/${m.job_opening}`)).statusCode).toBe(404);
    const cv = await t.request({
      method: 'POST',
      url: `/api/public/jobs/${moonbeam}/${m.job_opening}/cv`,
      remoteAddress: '10.26.1.1',
      ...multipartFile('cv.pdf', PDF),
    });
    expect(cv.statusCode, cv.body).toBe(404);
  });
});

describe('staff without the management permissions, and parents', () => {
  it.each(staffManagement)('%s answers 403 to Tara (a teacher) and to Rohan (a parent)', async (name) => {
    expect((await call(tara, name)).statusCode, `${name} as Tara`).toBe(403);
    expect((await call(rohan, name)).statusCode, `${name} as Rohan`).toBe(403);
  });

  it('Rohan reads his own invoice, payment, receipt and fees; not Diya’s invoice', async () => {
    const invoice = expectResponse(ROUTES.invoiceGet, await req('GET', `/api/fees/invoices/${m.invoice}`, rohan)).result;
    expect(invoice._id).toBe(m.invoice);
    expectResponse(ROUTES.paymentGet, await req('GET', `/api/fees/payments/${m.payment}`, rohan));
    expectResponse(ROUTES.receiptPdf, await req('POST', `/api/fees/payments/${m.payment}/receipt`, rohan));
    expectResponse(ROUTES.invoicePdf, await req('POST', `/api/fees/invoices/${m.invoice}/pdf`, rohan));
    const family = await req('GET', '/api/family/fees', rohan);
    expectResponse(ROUTES.familyFees, family);
    expect(family.body).toContain(m.invoice);
    expect(family.body).toContain(m.payment);
    expect(family.body).not.toContain(m.other_invoice);
    expect(family.body).not.toContain('Diya');
    for (const [method, url] of [
      ['GET', `/api/fees/invoices/${m.other_invoice}`],
      ['POST', `/api/fees/invoices/${m.other_invoice}/pdf`],
      ['POST', `/api/fees/invoices/${m.other_invoice}/pay_online`],
    ] as const)
      expect((await req(method, url, rohan)).statusCode, `${method} ${url}`).toBe(404);
  });

  it("Neha, as Diya's mother, reads Diya's invoice but not the Sharmas' invoice, payment or receipt", async () => {
    expectResponse(ROUTES.invoiceGet, await req('GET', `/api/fees/invoices/${m.other_invoice}`, nehaParent));
    for (const [method, url] of [
      ['GET', `/api/fees/invoices/${m.invoice}`],
      ['POST', `/api/fees/invoices/${m.invoice}/pdf`],
      ['POST', `/api/fees/invoices/${m.invoice}/pay_online`],
      ['GET', `/api/fees/payments/${m.payment}`],
      ['POST', `/api/fees/payments/${m.payment}/receipt`],
    ] as const)
      expect((await req(method, url, nehaParent)).statusCode, `${method} ${url}`).toBe(404);
    const family = await req('GET', '/api/family/fees', nehaParent);
    expect(family.statusCode).toBe(200);
    for (const marker of [m.invoice, m.payment, 'Aarav', 'Ira']) expect(family.body).not.toContain(marker);
  });
});

describe('a school with a feature switched off', () => {
  const switchTo = async (on: boolean) => {
    const res = await req('PUT', ROUTES.schoolPermissionsUpdate.path, sam, {
      permissions: { fees: on, hiring: on, admission_management: on },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('refuses the staff routes with 403 FORBIDDEN and hides the public pages, until switched on again', async () => {
    await switchTo(false);
    try {
      for (const [method, url] of [
        ['GET', '/api/admissions/applications'],
        ['GET', `/api/admissions/applications/${m.admission_application}`],
        ['GET', '/api/hiring/openings'],
        ['GET', `/api/hiring/applications/${m.job_application}/cv`],
        ['GET', '/api/fees/settings'],
        ['GET', `/api/fees/invoices/${m.invoice}`],
        ['POST', `/api/fees/runs/${m.invoice_run}/issue`],
      ] as const)
        expect(refusal(await req(method, url, anita)), `${method} ${url}`).toEqual({ status: 403, code: ERROR_CODES.forbidden });
      for (const url of [
        `/api/public/admissions/${sunrise}/application`,
        `/api/public/admissions/${sunrise}/enquiry`,
        `/api/public/jobs/${sunrise}`,
        `/api/public/jobs/${sunrise}/${m.job_opening}`,
      ])
        expect((await req('GET', url)).statusCode, url).toBe(404);
      const upload = await t.request({
        method: 'POST',
        url: `/api/public/admissions/${sunrise}/documents`,
        remoteAddress: '10.26.2.1',
        ...multipartFile('birth.pdf', PDF),
      });
      expect(upload.statusCode).toBe(404);
      // A family of a school without fees: its invoices are not reachable either.
      for (const [method, url] of [
        ['GET', `/api/fees/invoices/${m.invoice}`],
        ['GET', `/api/fees/payments/${m.payment}`],
      ] as const)
        expect([403, 404], `${method} ${url} as Rohan`).toContain((await req(method, url, rohan)).statusCode);
      const family = await req('GET', '/api/family/fees', rohan);
      expect(family.body, 'family fees of a school without fees').not.toContain(m.invoice);
    } finally {
      await switchTo(true);
    }
    expect((await req('GET', '/api/admissions/applications', anita)).statusCode).toBe(200);
    expect((await req('GET', `/api/public/jobs/${sunrise}`)).statusCode).toBe(200);
    expect((await req('GET', `/api/fees/invoices/${m.invoice}`, rohan)).statusCode).toBe(200);
  });
});

describe("public forms and another school's or job's files", () => {
  it("Sunrise's application form refuses a document uploaded to Moonbeam's form", async () => {
    const moonDoc = expectResponse(
      ROUTES.publicAdmissionDocument,
      await t.request({
        method: 'POST',
        url: `/api/public/admissions/${moonbeam}/documents`,
        remoteAddress: '10.26.3.1',
        ...multipartFile('birth.pdf', PDF),
      }),
    ).result._id;
    const res = await t.request({
      method: 'POST',
      url: `/api/public/admissions/${sunrise}/application/submissions`,
      remoteAddress: '10.26.3.1',
      payload: {
        answers: {
          child_first_name: 'Yara',
          child_last_name: 'Khoury',
          child_date_of_birth: '14-03-2023',
          parent_first_name: 'Lina',
          parent_last_name: 'Khoury',
          parent_email: 'lina.khoury@example.com',
          parent_phone: '9811111111',
          birth_certificate: moonDoc,
        },
      },
    });
    expect(refusal(res).status, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'birth_certificate', message: ADMISSION_MESSAGES.documentUnknown }]);
  });

  it('an application to a Sunrise job refuses a CV uploaded for another job, here or at Moonbeam', async () => {
    const other = expectResponse(
      ROUTES.jobOpeningCreate,
      await req('POST', '/api/hiring/openings', anita, { title: 'Sunrise cook', status: 'open' }),
    ).result._id;
    const moonJob = expectResponse(
      ROUTES.jobOpeningCreate,
      await req('POST', '/api/hiring/openings', mona, { title: 'Moonbeam cook', status: 'open' }),
    ).result._id;
    const cvFor = async (school: string, opening: string) =>
      expectResponse(
        ROUTES.publicJobCv,
        await t.request({
          method: 'POST',
          url: `/api/public/jobs/${school}/${opening}/cv`,
          remoteAddress: '10.26.4.1',
          ...multipartFile('cv.pdf', PDF),
        }),
      ).result._id;
    const before = (await t.database.db.select({ n: count() }).from(jobApplications))[0]?.n;
    for (const cv of [await cvFor(sunrise, other), await cvFor(moonbeam, moonJob)]) {
      const res = await t.request({
        method: 'POST',
        url: `/api/public/jobs/${sunrise}/${m.job_opening}/applications`,
        remoteAddress: '10.26.4.1',
        payload: { first_name: 'Ravi', last_name: 'Nair', email: 'ravi.nair@example.com', cv_id: cv },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await t.database.db.select({ n: count() }).from(jobApplications))[0]?.n).toBe(before);
  });
});

describe('custom roles holding one management permission', () => {
  /** A role of Sunrise made through the roles route, given to Neha's membership there. */
  const giveNeha = async (name: string, permissions: string[]) => {
    const made = await req('POST', ROUTES.roleCreate.path, anita, { name, permissions });
    expect(made.statusCode, made.body).toBe(200);
    const roleId = made.json().result.id as string;
    const moved = await req('PUT', `/api/staff/${nehaId}`, anita, { role_id: roleId });
    expect(moved.statusCode, moved.body).toBe(200);
    return { roleId, token: await staffToken(t, '9000000005') };
  };

  it('a bursar (management.fee only) keeps the fees and is refused hiring and admissions', async () => {
    const { token } = await giveNeha('Bursar', ['management.fee']);
    expect((await req('GET', '/api/fees/settings', token)).statusCode).toBe(200);
    expect((await req('GET', `/api/fees/invoices/${m.invoice}`, token)).statusCode).toBe(200);
    for (const [name] of staffManagement.filter(([, d]) => d.permission !== 'management.fee'))
      expect((await call(token, name)).statusCode, name).toBe(403);
  });

  it('a hiring lead cannot hire anyone into a role that gives more than the lead holds', async () => {
    const { roleId, token } = await giveNeha('Hiring lead', ['management.hiring']);
    // A new applicant, moved to the offer by Anita.
    const cv = expectResponse(
      ROUTES.publicJobCv,
      await t.request({
        method: 'POST',
        url: `/api/public/jobs/${sunrise}/${m.job_opening}/cv`,
        remoteAddress: '10.26.5.1',
        ...multipartFile('cv.pdf', PDF),
      }),
    ).result._id;
    expectResponse(
      ROUTES.publicJobApply,
      await t.request({
        method: 'POST',
        url: `/api/public/jobs/${sunrise}/${m.job_opening}/applications`,
        remoteAddress: '10.26.5.1',
        payload: { first_name: 'Meena', last_name: 'Iyer', email: 'meena.iyer@example.com', cv_id: cv },
      }),
    );
    const listed = expectResponse(
      ROUTES.jobApplications,
      await req('GET', `/api/hiring/applications?opening_id=${m.job_opening}&q=Meena`, anita),
    ).result.items;
    const id = listed[0]?._id ?? '';
    expectResponse(
      ROUTES.jobApplicationStage,
      await req('POST', `/api/hiring/applications/${id}/stage`, anita, { stage: 'offer', send_email: false }),
    );
    const usersBefore = (await t.database.db.select({ n: count() }).from(users))[0]?.n;
    const admin = await req('POST', `/api/hiring/applications/${id}/hire`, token, {
      first_name: 'Meena',
      last_name: 'Iyer',
      phone: '9123400501',
      role_id: demoId('role:sunrise:admin'),
    });
    expect(admin.statusCode, admin.body).toBe(403);
    const teacher = await req('POST', `/api/hiring/applications/${id}/hire`, token, {
      first_name: 'Meena',
      last_name: 'Iyer',
      phone: '9123400501',
      role_id: demoId('role:sunrise:teacher'),
    });
    // The teacher's role gives announcements and homework, which the lead does not hold either.
    expect(teacher.statusCode, teacher.body).toBe(403);
    expect((await t.database.db.select({ n: count() }).from(users))[0]?.n).toBe(usersBefore);
    const [still] = await t.database.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    expect(still?.stage).toBe('offer');
    // Into the lead's own role (nothing more than the lead holds), the hire goes through.
    const own = await req('POST', `/api/hiring/applications/${id}/hire`, token, {
      first_name: 'Meena',
      last_name: 'Iyer',
      phone: '9123400501',
      role_id: roleId,
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});
