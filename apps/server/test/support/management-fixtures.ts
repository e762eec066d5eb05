import { addDays, ROUTES, todayIn } from '@cue/contract';
import { eq } from 'drizzle-orm';
import { schools } from '../../src/platform/db/schema.js';
import { demoId } from '../../src/seed/demo.js';
import { bearer, expectResponse, staffToken, type TestApp } from '../harness.js';

/** A small valid PDF: what a family or an applicant uploads. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A multipart body of one file in the field `file`. */
export function multipartFile(name: string, bytes: Buffer, type = 'application/pdf') {
  const boundary = '----cue-management-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

export interface SunriseManagement {
  /** An enquiry taken by phone (stage enquiry). */
  admission_application: string;
  /** A PDF added by staff to that enquiry. */
  admission_document: string;
  /** An open opening on Sunrise's public jobs page. */
  job_opening: string;
  /** A public application to it (stage interview once its interview is booked). */
  job_application: string;
  /** Anita's interview of the applicant, a week on. */
  job_interview: string;
  fee_structure: string;
  fee_discount: string;
  /** Next month's invoice run of Nursery A, still a preview (issue and discard would act on it). */
  invoice_run: string;
  /** This month's run of Nursery A, issued. */
  issued_run: string;
  /** Aarav's issued invoice of this month. */
  invoice: string;
  /** Diya's issued invoice of this month (another family of the same class). */
  other_invoice: string;
  /** A partial cash payment of the Sharma family's account, with its receipt. */
  payment: string;
  /** The Sharma family's account (Aarav and Ira). */
  fee_account: string;
  /** Today and a week on, DD-MM-YYYY on Sunrise's clock. */
  today: string;
  next_week: string;
}

/** DD-MM-YYYY of an ISO day. */
const wire = (iso: string) => iso.split('-').reverse().join('-');

/**
 * Management's objects of Sunrise Early Years, made through its own routes as Anita (its admin, who holds
 * every management permission): an enquiry with a document, an open job with an application and its
 * interview, a fee structure with a scholarship of Aarav, this month's invoices of Nursery A issued, next
 * month's in preview, and a partial payment of the Sharma family. Every name holds "Sunrise" so that a
 * leak shows in an answer. The routes must answer: a failure here is a failure of those routes.
 */
export async function sunriseManagement(t: TestApp): Promise<SunriseManagement> {
  const anita = await staffToken(t, '9000000002');
  const school = demoId('school:sunrise');
  const nurseryA = demoId('class:nurseryA');
  const aarav = demoId('student:Aarav Sharma');
  const diya = demoId('student:Diya Patel');
  const [row] = await t.database.db.select({ zone: schools.timeZone }).from(schools).where(eq(schools.id, school));
  const todayIso = todayIn(row?.zone ?? 'UTC', t.clock.now());
  const today = wire(todayIso);
  const next_week = wire(addDays(todayIso, 7));
  const nextMonth = (() => {
    const [y, m] = todayIso.split('-').map(Number) as [number, number];
    return wire(new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10));
  })();
  const send = async <D extends (typeof ROUTES)[keyof typeof ROUTES]>(def: D, url: string, payload?: object) =>
    expectResponse(def, await t.request({ method: def.method, url, headers: bearer(anita), payload }));

  // Admissions: an enquiry by phone and a document staff added to it.
  const application = await send(ROUTES.admissionCreate, ROUTES.admissionCreate.path, {
    source: 'phone',
    child_first_name: 'Tanvi',
    child_last_name: 'Sunrisewala',
    parent_first_name: 'Kavya',
    parent_last_name: 'Sunrisewala',
    parent_email: 'kavya.sunrisewala@example.com',
    parent_phone: '9811100001',
    note: 'Sunrise enquiry by phone',
  });
  const admission_application = application.result._id;
  const document = expectResponse(
    ROUTES.admissionDocumentAdd,
    await t.request({
      method: 'POST',
      url: `/api/admissions/applications/${admission_application}/documents`,
      ...withAuth(anita, multipartFile('Sunrise birth certificate.pdf', PDF)),
    }),
  );
  const admission_document = document.result._id;

  // Hiring: an open job, a public application with its CV, and an interview a week on.
  const opening = await send(ROUTES.jobOpeningCreate, ROUTES.jobOpeningCreate.path, {
    title: 'Sunrise nursery teacher',
    description: 'Lead a class of three-year-olds at Sunrise.',
    location: 'Sunrise campus',
    role_id: demoId('role:sunrise:teacher'),
    class_ids: [nurseryA],
    status: 'open',
  });
  const job_opening = opening.result._id;
  const cv = expectResponse(
    ROUTES.publicJobCv,
    await t.request({
      method: 'POST',
      url: `/api/public/jobs/${school}/${job_opening}/cv`,
      remoteAddress: '10.26.0.1',
      ...multipartFile('Sunita Sunrise-Nair CV.pdf', PDF),
    }),
  ).result._id;
  const applied = await t.request({
    method: 'POST',
    url: `/api/public/jobs/${school}/${job_opening}/applications`,
    remoteAddress: '10.26.0.1',
    payload: {
      first_name: 'Sunita',
      last_name: 'Sunrise-Nair',
      email: 'sunita.sunrise@example.com',
      cover_letter: 'I would love to teach at Sunrise.',
      cv_id: cv,
    },
  });
  expectResponse(ROUTES.publicJobApply, applied);
  const listed = await send(ROUTES.jobApplications, `${ROUTES.jobApplications.path}?opening_id=${job_opening}`);
  const job_application = listed.result.items.find((a) => a.email === 'sunita.sunrise@example.com')?._id ?? '';
  const interview = await send(ROUTES.jobInterviewCreate, `/api/hiring/applications/${job_application}/interviews`, {
    date: next_week,
    start: '10:00 AM',
    end: '11:00 AM',
    interviewer_ids: [demoId('user:9000000002')],
    location: 'Sunrise office',
    send_email: false,
  });
  const job_interview = interview.result._id;

  // Fees: Nursery A's structure, a scholarship of Aarav, this month issued, next month in preview.
  const structure = await send(ROUTES.feeStructureCreate, ROUTES.feeStructureCreate.path, {
    name: 'Sunrise nursery monthly',
    billing_cycle: 'monthly',
    due_day: 5,
    class_ids: [nurseryA],
    items: [{ kind: 'tuition', name: 'Sunrise tuition', amount: 1_000_000 }],
  });
  const discount = await send(ROUTES.feeDiscountCreate, ROUTES.feeDiscountCreate.path, {
    name: 'Sunrise bursary',
    kind: 'scholarship',
    mode: 'percent',
    value: 1000,
    reason: 'Sunrise bursary fund',
    student_ids: [aarav],
  });
  const issued = await send(ROUTES.invoiceRunCreate, ROUTES.invoiceRunCreate.path, {
    billing_cycle: 'monthly',
    period_date: today,
    class_ids: [nurseryA],
  });
  await send(ROUTES.invoiceRunIssue, `/api/fees/runs/${issued.result._id}/issue`);
  const preview = await send(ROUTES.invoiceRunCreate, ROUTES.invoiceRunCreate.path, {
    billing_cycle: 'monthly',
    period_date: nextMonth,
    class_ids: [nurseryA],
  });
  const invoiceOf = async (student: string) =>
    (await send(ROUTES.invoices, `${ROUTES.invoices.path}?student_id=${student}&status=issued`)).result.items[0];
  const aaravInvoice = await invoiceOf(aarav);
  const diyaInvoice = await invoiceOf(diya);
  if (!aaravInvoice || !diyaInvoice) throw new Error('the invoices of Nursery A were not issued');
  const payment = await send(ROUTES.paymentCreate, ROUTES.paymentCreate.path, {
    account_id: aaravInvoice.account._id,
    amount: 100_000,
    method: 'cash',
    received_on: today,
    reference: 'Sunrise counter',
  });
  return {
    admission_application,
    admission_document,
    job_opening,
    job_application,
    job_interview,
    fee_structure: structure.result._id,
    fee_discount: discount.result._id,
    invoice_run: preview.result._id,
    issued_run: issued.result._id,
    invoice: aaravInvoice._id,
    other_invoice: diyaInvoice._id,
    payment: payment.result._id,
    fee_account: aaravInvoice.account._id,
    today,
    next_week,
  };
}

const withAuth = (token: string, body: { headers: Record<string, string>; payload: Buffer }) => ({
  headers: { ...bearer(token), ...body.headers },
  payload: body.payload,
});
