import type { APIRequestContext } from '@playwright/test';
import { apiPost, staffToken } from './api.js';

// admissions and hiring

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The id of the staff member's current school (Sunrise for Anita), from their user details. */
export async function currentSchoolId(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/logined_user_details', { headers: auth(token) });
  if (!res.ok()) throw new Error(`user details: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { result: { user_detials: { school_details: { id: string } } } };
  return body.result.user_detials.school_details.id;
}

/** POST /api/hiring/openings: an opening taking applications now (no closing date), its id. */
export async function openJobOpening(
  request: APIRequestContext,
  token: string,
  input: { title: string; description?: string; location?: string },
): Promise<string> {
  const made = await apiPost<{ result: { _id: string } }>(
    request,
    '/api/hiring/openings',
    { description: '', location: '', ...input, employment_type: 'full_time', status: 'open', class_ids: [] },
    token,
  );
  return made.result._id;
}

/** GET /api/hiring/applications searched by words: how many there are at each stage. */
export async function jobApplicationStages(request: APIRequestContext, token: string, q: string): Promise<string[]> {
  const res = await request.get('/api/hiring/applications', { headers: auth(token), params: { q, page_size: 500 } });
  if (!res.ok()) throw new Error(`applications: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: { items: { stage: string }[] } }).result.items.map((a) => a.stage);
}

/**
 * The smallest well-formed PDF (one empty page): uploads sniff the bytes, so a CV or a document has
 * to start as a PDF does.
 */
export function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// fees

type Json = Record<string, unknown>;

async function feeResult<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  data?: Json,
): Promise<T> {
  const res = await request.fetch(path, { method, headers: auth(token), ...(data ? { data } : {}) });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

interface FeeStructureRow {
  _id: string;
  billing_cycle: string;
  classes: { _id: string; name: string }[];
  archived: boolean;
}
interface FeeDiscountRow {
  _id: string;
  name: string;
  kind: string;
  archived: boolean;
  valid_from: string | null;
  valid_to: string | null;
}

/** A draft or issued invoice as the API answers it (the fields the journeys read). */
export interface FeeInvoice {
  _id: string;
  number: string | null;
  revision: number;
  status: string;
  student: { _id: string; name: string };
  account: { _id: string; name: string };
  total: number;
  paid: number;
  outstanding: number;
  payment_state: string;
  currency: string;
  lines: { kind: string; description: string; amount: number }[];
}

/**
 * A month of its own for this run: invoice runs are once per period and class, and an issued run stays,
 * so each run takes a month between 2031 and 2130 picked from the clock and a random draw (the wire's
 * DD-MM-YYYY of its first day, and the year and month for the month picker).
 */
export function freshFeeMonth(): { wire: string; year: number; month: number } {
  const slot = (Math.floor(Date.now() / 1000) * 7 + Math.floor(Math.random() * 1200)) % 1200;
  const year = 2031 + Math.floor(slot / 12);
  const month = (slot % 12) + 1;
  return { wire: `01-${String(month).padStart(2, '0')}-${year}`, year, month };
}

/**
 * What the fee journeys need from the demo school: Anita's token, the classes of Rohan's children
 * (Aarav in Nursery A, Ira in Kindergarten B), a live monthly structure billing each (the demo's own
 * when the database has them, else one made here) and a live sibling discount (likewise).
 */
export async function feeScene(request: APIRequestContext, adminPhone: string, tag: string) {
  const admin = await staffToken(request, adminPhone);
  const classes = (
    await request
      .get('/api/staff_classes/', { headers: auth(admin) })
      .then((r) => r.json() as Promise<{ result: { _id: string; class_name: string }[] }>)
  ).result;
  const classId = (name: string) => {
    const c = classes.find((x) => x.class_name === name);
    if (!c) throw new Error(`no class ${name}`);
    return c._id;
  };
  const nurseryA = classId('Nursery A');
  const kgB = classId('Kindergarten B');
  const structures = await feeResult<FeeStructureRow[]>(request, 'GET', '/api/fees/structures', admin);
  for (const id of [nurseryA, kgB]) {
    const billed = structures.some((s) => !s.archived && s.billing_cycle === 'monthly' && s.classes.some((c) => c._id === id));
    if (billed) continue;
    await feeResult(request, 'POST', '/api/fees/structures', admin, {
      name: `Monthly fees ${tag}`,
      billing_cycle: 'monthly',
      due_day: 10,
      class_ids: [id],
      items: [
        { kind: 'tuition', name: 'Tuition', amount: 1_200_000 },
        { kind: 'meals', name: 'Meals', amount: 300_000 },
      ],
    });
  }
  const discounts = await feeResult<FeeDiscountRow[]>(request, 'GET', '/api/fees/discounts', admin);
  let sibling = discounts.find((d) => !d.archived && d.kind === 'sibling' && !d.valid_to && !d.valid_from);
  if (!sibling) {
    sibling = await feeResult<FeeDiscountRow>(request, 'POST', '/api/fees/discounts', admin, {
      name: 'Sibling discount',
      kind: 'sibling',
      mode: 'percent',
      value: 1000,
      reason: 'Second and later children of a family',
      stackable: true,
    });
  }
  return { admin, nurseryA, kgB, sibling: sibling.name };
}

/** POST /api/fees/runs then GET its drafts: a preview of the month for the classes. */
export async function previewFeeRun(
  request: APIRequestContext,
  token: string,
  periodDate: string,
  classIds: string[],
): Promise<{ runId: string; invoices: FeeInvoice[] }> {
  const run = await feeResult<{ _id: string }>(request, 'POST', '/api/fees/runs', token, {
    billing_cycle: 'monthly',
    period_date: periodDate,
    class_ids: classIds,
  });
  return { runId: run._id, invoices: await runInvoices(request, token, run._id) };
}

/** The invoices of a run, each with its lines. */
export async function runInvoices(request: APIRequestContext, token: string, runId: string): Promise<FeeInvoice[]> {
  const list = await feeResult<{ items: { _id: string }[] }>(
    request,
    'GET',
    `/api/fees/invoices?run_id=${runId}&page_size=500`,
    token,
  );
  return Promise.all(list.items.map((x) => feeInvoice(request, token, x._id)));
}

/** GET /api/fees/invoices/:id. */
export async function feeInvoice(request: APIRequestContext, token: string, id: string): Promise<FeeInvoice> {
  return feeResult<FeeInvoice>(request, 'GET', `/api/fees/invoices/${id}`, token);
}

/** POST /api/fees/runs/:id/issue. */
export async function issueFeeRun(request: APIRequestContext, token: string, runId: string): Promise<void> {
  await feeResult(request, 'POST', `/api/fees/runs/${runId}/issue`, token, {});
}

/** GET /api/admissions/applications (optionally searched): how many there are. */
export async function admissionTotal(request: APIRequestContext, token: string, q?: string): Promise<number> {
  const res = await request.get('/api/admissions/applications', {
    headers: auth(token),
    params: { page_size: 1, ...(q ? { q } : {}) },
  });
  if (!res.ok()) throw new Error(`applications: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: { total: number } }).result.total;
}
