import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AssessmentPeriod,
  addDays,
  type FileExport,
  isoFromDdmmyyyy,
  type Reflection,
  type ReportEntry,
  type ReportSet,
  type ReportTemplate,
  type StudentRecord,
} from '@cue/contract';
import { type APIRequestContext, expect } from '@playwright/test';
import { staffToken } from './api.js';
import { classId, roster, todayUtc, wire } from './attendance.js';
import { SHELL_PHONES } from './shell.js';

/*
 * Report cards, reflections and the child's record arranged and read through the API, for the report
 * card journeys. The journeys share one database with the progress card and gradebook journeys: these
 * use Nursery A's report cards of the current period and Kindergarten B (the others keep to Nursery A's
 * gradebook and progress cards), name what they make with the run's word, and never lock a period.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Neha Patel, Kindergarten B's teacher (and a parent of Nursery A's Diya). */
export const NEHA = '9000000005';

/** The answer's `result`, failing the journey on a refusal (with the server's words). */
async function resultOf<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

export interface ReportClass {
  /** The class teacher's staff token. */
  token: string;
  id: string;
  /** A child's id by first name. */
  child: (first: string) => string;
}

/** A demo class as its teacher sees it: the teacher's token, the class id and its children by first name. */
export async function classOf(request: APIRequestContext, phone: string, name: string): Promise<ReportClass> {
  const token = await staffToken(request, phone);
  const id = await classId(request, token, name);
  const pupils = await roster(request, token, id);
  const child = (first: string) => {
    const found = pupils.find((p) => p.first_name === first);
    if (!found) throw new Error(`No ${first} in ${name}`);
    return found.id;
  };
  return { token, id, child };
}

export const nurseryA = (request: APIRequestContext) => classOf(request, SHELL_PHONES.teacher, 'Nursery A');
export const kindergartenB = (request: APIRequestContext) => classOf(request, NEHA, 'Kindergarten B');

/** The period holding today (the school's periods are made on first read when it has none). */
export async function currentPeriod(request: APIRequestContext, token: string): Promise<AssessmentPeriod> {
  const periods = await resultOf<AssessmentPeriod[]>(
    await request.get('/api/assessment_periods/', { headers: auth(token) }),
    'periods',
  );
  const current = periods.find((p) => p.current);
  if (!current) throw new Error('No assessment period holds today');
  return current;
}

/**
 * A weekday of the period (ISO) on which records of the journey are dated: the latest weekday before
 * today, or today when the period began today (records must fall inside the period to count).
 */
export function dayInPeriod(period: AssessmentPeriod): string {
  const start = isoFromDdmmyyyy(period.start_date) ?? todayUtc();
  let day = addDays(todayUtc(), -1);
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, -1);
  return day < start ? todayUtc() : day;
}

/** The school's default template ("Term report", made on first read), as the admin reads it. */
export async function defaultTemplate(request: APIRequestContext, adminToken: string): Promise<ReportTemplate> {
  const list = await resultOf<ReportTemplate[]>(
    await request.get('/api/report_templates/', { headers: auth(adminToken) }),
    'report templates',
  );
  const found = list.find((t) => !t.archived && t.name === 'Term report') ?? list.find((t) => !t.archived);
  if (!found) throw new Error('No report template');
  return found;
}

/** The class's report set of a period, if an earlier run of this database made it. */
export async function setOf(
  request: APIRequestContext,
  token: string,
  classIdOf: string,
  periodId: string,
): Promise<ReportSet | null> {
  const rows = await resultOf<{ _id: string }[]>(
    await request.get('/api/report_sets/', { headers: auth(token), params: { class_id: classIdOf, period_id: periodId } }),
    'report sets',
  );
  return rows[0] ? readSet(request, token, rows[0]._id) : null;
}

export async function readSet(request: APIRequestContext, token: string, id: string): Promise<ReportSet> {
  return resultOf<ReportSet>(await request.get(`/api/report_sets/${id}`, { headers: auth(token) }), 'report set');
}

export async function createSet(
  request: APIRequestContext,
  adminToken: string,
  body: { class_id: string; period_id: string; template_id: string; language: 'en' | 'ar' | 'he' },
): Promise<ReportSet> {
  return resultOf<ReportSet>(await request.post('/api/report_sets/', { headers: auth(adminToken), data: body }), 'create set');
}

/** POST /api/report_sets/:id/unlock: back to draft (refused for a shared set). */
export async function unlockSet(request: APIRequestContext, adminToken: string, id: string): Promise<ReportSet> {
  return resultOf<ReportSet>(await request.post(`/api/report_sets/${id}/unlock`, { headers: auth(adminToken) }), 'unlock set');
}

/** POST /api/report_sets/:id/lock: the PDF job it starts. */
export async function lockSet(
  request: APIRequestContext,
  adminToken: string,
  id: string,
  language?: 'en' | 'ar' | 'he',
): Promise<FileExport> {
  return resultOf<FileExport>(
    await request.post(`/api/report_sets/${id}/lock`, { headers: auth(adminToken), data: language ? { language } : {} }),
    'lock set',
  );
}

/** Waits for an export job (the report cards' PDFs) to finish; fails on a failed job. */
export async function finishedExport(request: APIRequestContext, token: string, id: string): Promise<FileExport> {
  const read = async () => resultOf<FileExport>(await request.get(`/api/exports/${id}`, { headers: auth(token) }), 'export');
  await expect
    .poll(async () => (await read()).status, { timeout: 90_000, intervals: [250, 500, 1000] })
    .toMatch(/^(done|failed)$/);
  const job = await read();
  if (job.status !== 'done') throw new Error(`The report cards' PDFs failed: ${job.error ?? 'unknown'}`);
  return job;
}

export async function readEntry(request: APIRequestContext, token: string, id: string): Promise<ReportEntry> {
  return resultOf<ReportEntry>(await request.get(`/api/report_entries/${id}`, { headers: auth(token) }), 'report entry');
}

/** PUT /api/report_entries/:id. */
export async function updateEntry(
  request: APIRequestContext,
  token: string,
  id: string,
  body: { comments?: { area_id: string; text: string }[]; sign_off?: Record<string, boolean>; teacher_note?: string },
): Promise<ReportEntry> {
  return resultOf<ReportEntry>(
    await request.put(`/api/report_entries/${id}`, { headers: auth(token), data: body }),
    'update entry',
  );
}

/** The set's entry of a child. */
export function entryOfChild(set: ReportSet, studentId: string): ReportSet['entries'][number] {
  const found = set.entries.find((e) => e.student_id === studentId);
  if (!found) throw new Error(`No report entry of ${studentId} in ${set.class_name}`);
  return found;
}

/**
 * The class's learning area in which the child has the least evidence of the period (none, where one
 * has none), so that a draft from the journey's observations says what the journey recorded: Cue drafts
 * from the latest three pieces of an area.
 */
export function quietestArea(entry: ReportEntry): { id: string; name: string; evidence: number } {
  const areas = entry.comments.map((c) => ({
    id: c.area_id,
    name: c.area_name,
    evidence: entry.evidence.filter((e) => e.area_ids.includes(c.area_id)).length,
  }));
  const [first] = [...areas].sort((a, b) => a.evidence - b.evidence);
  if (!first) throw new Error('The report entry has no learning areas');
  return first;
}

/** POST /api/observations/: a staff-only daily observation of a child on an ISO day, tagged with areas. */
export async function observe(
  request: APIRequestContext,
  token: string,
  entry: { classId: string; studentId: string; dayIso: string; title: string; note: string; areaIds: string[] },
): Promise<string> {
  const res = await request.post('/api/observations/', {
    headers: auth(token),
    data: {
      class_id: entry.classId,
      type: 'daily',
      visibility: 'staff',
      learning_area_ids: entry.areaIds,
      observation_entries: [
        { student_id: entry.studentId, date: wire(entry.dayIso), title: entry.title, general_note: entry.note },
      ],
    },
  });
  const made = await resultOf<{ observation_entries: { _id: string }[] }>(res, 'create observation');
  const id = made.observation_entries[0]?._id;
  if (!id) throw new Error('create observation: no entry written');
  return id;
}

/**
 * POST /api/observations/: `count` staff-only observations of one child in one call, one a day going back
 * from an ISO day (the record's timeline pages end with a whole day).
 */
export async function observeMany(
  request: APIRequestContext,
  token: string,
  entry: { classId: string; studentId: string; dayIso: string; title: string; count: number },
): Promise<void> {
  const res = await request.post('/api/observations/', {
    headers: auth(token),
    data: {
      class_id: entry.classId,
      type: 'daily',
      visibility: 'staff',
      observation_entries: Array.from({ length: entry.count }, (_, n) => ({
        student_id: entry.studentId,
        date: wire(addDays(entry.dayIso, -n)),
        title: `${entry.title} ${n + 1}`,
        general_note: 'Played in the home corner.',
      })),
    },
  });
  await resultOf(res, 'create observations');
}

/** POST /api/reflections/. */
export async function addReflection(
  request: APIRequestContext,
  token: string,
  body: {
    class_id: string;
    author_kind: 'teacher' | 'child';
    student_id?: string;
    unit_id?: string;
    dayIso: string;
    body: string;
  },
): Promise<Reflection> {
  const { dayIso, ...rest } = body;
  return resultOf<Reflection>(
    await request.post('/api/reflections/', { headers: auth(token), data: { ...rest, date: wire(dayIso) } }),
    'create reflection',
  );
}

/** A points task of the class dated on an ISO day, and one child's grade on it; answers the task's id. */
export async function gradeChild(
  request: APIRequestContext,
  token: string,
  task: { classId: string; studentId: string; title: string; dayIso: string; value: string },
): Promise<string> {
  const scales = await resultOf<{ _id: string; kind: string; archived: boolean }[]>(
    await request.get('/api/grade_scales/', { headers: auth(token) }),
    'grade scales',
  );
  const points = scales.find((s) => s.kind === 'points' && !s.archived);
  if (!points) throw new Error('No points scale');
  const made = await resultOf<{ _id: string }>(
    await request.post('/api/assessment_tasks/', {
      headers: auth(token),
      data: {
        class_id: task.classId,
        title: task.title,
        subject: 'Mathematics',
        kind: 'formative',
        scale_id: points._id,
        due_date: wire(task.dayIso),
      },
    }),
    'create task',
  );
  await resultOf(
    await request.put(`/api/assessment_tasks/${made._id}/grades`, {
      headers: auth(token),
      data: { grades: [{ student_id: task.studentId, value: task.value }] },
    }),
    'save grade',
  );
  return made._id;
}

/** GET /api/student_record/:id (the first page of the timeline). */
export async function studentRecord(
  request: APIRequestContext,
  token: string,
  studentId: string,
  params: Record<string, string> = {},
): Promise<StudentRecord> {
  return resultOf<StudentRecord>(
    await request.get(`/api/student_record/${studentId}`, { headers: auth(token), params }),
    'student record',
  );
}

/** The class's units (planning), newest first: the reflections journey writes on one of them. */
export async function unitsOf(
  request: APIRequestContext,
  token: string,
  classIdOf: string,
): Promise<{ _id: string; title: string }[]> {
  const page = await resultOf<{ items: { _id: string; title: string }[] }>(
    await request.get('/api/units/', { headers: auth(token), params: { class_id: classIdOf } }),
    'units',
  );
  return page.items;
}

// ---------------------------------------------------------------- PDFs

/** Writes a PDF's bytes to a file of its own in a fresh temporary folder; answers the path. */
function tempPdf(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'report-card-')), 'report.pdf');
  writeFileSync(file, bytes);
  return file;
}

/** The text layer of a PDF as poppler's pdftotext reads it (a separate process, as a reader's tools would). */
export function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-layout', tempPdf(bytes), '-'], { encoding: 'utf8' });
}

/**
 * Whether a PDF's text holds the words: Arabic comes out in its joined presentation forms (NFKC folds
 * them back to letters) and a right-to-left line may be held in visual (reversed) order, so both
 * readings count.
 */
export function pdfHolds(text: string, words: string): boolean {
  const fold = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ');
  const want = fold(words);
  // Reversed by code point before folding, so that a lam-alef ligature unfolds in reading order.
  return [fold(text), fold([...text].reverse().join(''))].some((s) => s.includes(want));
}

/** Renders a PDF's first page as a PNG at 60 dpi with poppler's pdftoppm; answers the PNG's path. */
export function firstPagePng(bytes: Buffer, outBase: string): string {
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', tempPdf(bytes), outBase]);
  return `${outBase}.png`;
}

/** Fetches a (signed) file link and answers its bytes, failing on a refusal. */
export async function download(request: APIRequestContext, link: string): Promise<Buffer> {
  const res = await request.get(link);
  expect(res.ok(), `${link}: ${res.status()}`).toBe(true);
  return res.body();
}
