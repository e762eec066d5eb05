import { createRequire } from 'node:module';
import {
  type ClassCurriculum,
  type ClassDays,
  CURRICULUM_CSV_COLUMNS,
  type CurriculumFramework,
  type CurriculumTree,
  type DaySchedule,
  ddmmyyyyFromIso,
  type OutboxEntry,
  type StatementRef,
} from '@cue/contract';
import { type APIRequestContext, type APIResponse, expect, type Locator } from '@playwright/test';
import { apiSignIn } from './api.js';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

// email, schedule, resources

/** A person's tokens and the email address the school holds for them (staff: email; family: primary_email). */
export async function personWithEmail(
  request: APIRequestContext,
  phone: string,
  side: 'staff' | 'parent',
): Promise<{ token: string; email: string | null }> {
  const login = await apiSignIn(request, phone);
  const user = side === 'staff' ? login.staff_user : login.parent_user;
  if (!user) throw new Error(`${phone} has no ${side} account`);
  const details = user.user_details as { email?: string | null; primary_email?: string | null };
  return { token: user.access_token, email: (side === 'staff' ? details.email : details.primary_email) ?? null };
}

/** GET /api/email_outbox/: the school's latest emails, newest first (a holder of email template management). */
export async function outbox(request: APIRequestContext, token: string): Promise<OutboxEntry[]> {
  const res = await request.get('/api/email_outbox/', { headers: auth(token) });
  if (!res.ok()) throw new Error(`outbox: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: OutboxEntry[] }).result;
}

/**
 * Waits for the outbox to hold an email matching `match` (announcements are emailed by a job a second
 * or so after they are published) and answers it.
 */
export async function emailFound(
  request: APIRequestContext,
  token: string,
  match: (entry: OutboxEntry) => boolean,
  timeout = 20_000,
): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  let seen: OutboxEntry[] = [];
  await expect
    .poll(
      async () => {
        seen = await outbox(request, token);
        found = seen.find(match);
        // What the outbox held, when the email is not there: the recipients and subjects of the latest.
        return found ? 'found' : seen.slice(0, 8).map((m) => `${m.to}: ${m.subject}`);
      },
      { timeout, message: 'the email reaches the outbox' },
    )
    .toBe('found');
  if (!found) throw new Error('no email');
  return found;
}

/** DELETE /api/email_templates/:key/:language: the school's template back to the product's default. */
export async function resetEmailTemplate(
  request: APIRequestContext,
  token: string,
  key: string,
  language: 'en' | 'ar' | 'he',
): Promise<void> {
  const res = await request.delete(`/api/email_templates/${key}/${language}`, { headers: auth(token) });
  if (!res.ok()) throw new Error(`reset ${key}/${language}: ${res.status()} ${await res.text()}`);
}

/** PUT /api/email_templates/:key/:language: the school's own subject and body of an email. */
export async function saveEmailTemplate(
  request: APIRequestContext,
  token: string,
  key: string,
  language: 'en' | 'ar' | 'he',
  template: { subject: string; body: string },
): Promise<void> {
  const res = await request.put(`/api/email_templates/${key}/${language}`, { headers: auth(token), data: template });
  if (!res.ok()) throw new Error(`save ${key}/${language}: ${res.status()} ${await res.text()}`);
}

/** GET /api/email_templates/:key/:language: the template as saved (subject, body, customised, defaults). */
export async function emailTemplate(
  request: APIRequestContext,
  token: string,
  key: string,
  language: 'en' | 'ar' | 'he',
): Promise<{ subject: string; body: string; customised: boolean; default_subject: string; default_body: string }> {
  const res = await request.get(`/api/email_templates/${key}/${language}`, { headers: auth(token) });
  if (!res.ok()) throw new Error(`template ${key}/${language}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: Awaited<ReturnType<typeof emailTemplate>> }).result;
}

/** PUT /api/user_language/: the language a person's emails are written in. */
export async function setUserLanguage(request: APIRequestContext, token: string, language: 'en' | 'ar' | 'he'): Promise<void> {
  const res = await request.put('/api/user_language/', { headers: auth(token), data: { language } });
  if (!res.ok()) throw new Error(`language: ${res.status()} ${await res.text()}`);
}

/** Today's ISO day on this machine (the school's clock in the journeys). */
export function localIso(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first Monday after an ISO day (a week ahead when the day is a Monday). */
export function nextMonday(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  const ahead = (8 - d.getUTCDay()) % 7 || 7;
  d.setUTCDate(d.getUTCDate() + ahead);
  return d.toISOString().slice(0, 10);
}

/** GET /api/day_schedules/: the school's day schedules (archived ones too when asked). */
export async function daySchedules(request: APIRequestContext, token: string, includeArchived = false): Promise<DaySchedule[]> {
  const res = await request.get('/api/day_schedules/', {
    headers: auth(token),
    params: includeArchived ? { include_archived: 'true' } : {},
  });
  if (!res.ok()) throw new Error(`day schedules: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: DaySchedule[] }).result;
}

/** The live day schedule of this name, if any. */
export async function scheduleNamed(request: APIRequestContext, token: string, name: string): Promise<DaySchedule | undefined> {
  return (await daySchedules(request, token)).find((s) => s.name === name);
}

/** Archives the live day schedules whose name starts with `prefix` (a journey's own, left by a failed run). */
export async function archiveSchedulesNamed(request: APIRequestContext, token: string, prefix: string): Promise<void> {
  for (const s of (await daySchedules(request, token)).filter((x) => x.name.startsWith(prefix))) {
    const res = await request.post(`/api/day_schedules/${s._id}/archive`, { headers: auth(token) });
    if (!res.ok()) throw new Error(`archive ${s.name}: ${res.status()} ${await res.text()}`);
  }
}

/** GET /api/day_schedules/class/:id: the schedule that applies to a class and its days from..to (ISO). */
export async function classDays(
  request: APIRequestContext,
  token: string,
  classId: string,
  fromIso: string,
  toIso: string,
): Promise<ClassDays> {
  const res = await request.get(`/api/day_schedules/class/${classId}`, {
    headers: auth(token),
    params: { from: ddmmyyyyFromIso(fromIso), to: ddmmyyyyFromIso(toIso) },
  });
  if (!res.ok()) throw new Error(`class days: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: ClassDays }).result;
}

// curriculum

/** The answer's `result`, failing the journey on a refusal (with the server's words). */
async function curriculumResult<T>(pending: Promise<APIResponse>, what: string): Promise<T> {
  const res = await pending;
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

/** GET /api/curriculum/frameworks/: the frameworks the school sees (live ones unless asked). */
export function curriculumFrameworks(
  request: APIRequestContext,
  token: string,
  includeArchived = false,
): Promise<CurriculumFramework[]> {
  return curriculumResult(
    request.get(`/api/curriculum/frameworks/${includeArchived ? '?include_archived=true' : ''}`, { headers: auth(token) }),
    'frameworks',
  );
}

/** A framework the school sees, by its code (EYFS, PYP, NEP-FS or the school's own). */
export async function frameworkByCode(request: APIRequestContext, token: string, code: string): Promise<CurriculumFramework> {
  const found = (await curriculumFrameworks(request, token)).find((f) => f.code === code);
  if (!found) throw new Error(`no framework ${code}`);
  return found;
}

/** GET /api/curriculum/frameworks/:id: a framework's tree (live nodes; archived ones too when asked). */
export function frameworkTree(
  request: APIRequestContext,
  token: string,
  id: string,
  includeArchived = false,
): Promise<CurriculumTree> {
  return curriculumResult(
    request.get(`/api/curriculum/frameworks/${id}${includeArchived ? '?include_archived=true' : ''}`, { headers: auth(token) }),
    'framework tree',
  );
}

/** A statement of a tree by its code, with its aspect and area (undefined when the tree has none). */
export function statementOf(tree: CurriculumTree, code: string) {
  for (const area of tree.areas)
    for (const aspect of area.aspects)
      for (const statement of aspect.statements) if (statement.code === code) return { area, aspect, statement };
  return undefined;
}

/** GET /api/curriculum/class/:id: the ids of a class's frameworks in order (the first is its main one). */
export async function classFrameworkIds(request: APIRequestContext, token: string, classId: string): Promise<string[]> {
  const answer = await curriculumResult<ClassCurriculum>(
    request.get(`/api/curriculum/class/${classId}`, { headers: auth(token) }),
    'class frameworks',
  );
  return answer.frameworks.map((f) => f._id);
}

/** PUT /api/curriculum/class/:id: sets a class's frameworks (a journey puts back what it found). */
export async function setClassFrameworks(
  request: APIRequestContext,
  token: string,
  classId: string,
  ids: string[],
): Promise<void> {
  await curriculumResult(
    request.put(`/api/curriculum/class/${classId}`, { headers: auth(token), data: { framework_ids: ids } }),
    'set class frameworks',
  );
}

/** POST /api/curriculum/frameworks/:id/archive for the school's live framework of that code, when there is one. */
export async function archiveFrameworkCoded(request: APIRequestContext, token: string, code: string): Promise<void> {
  const found = (await curriculumFrameworks(request, token)).find((f) => f.code === code && !f.shipped);
  if (found)
    await curriculumResult(
      request.post(`/api/curriculum/frameworks/${found._id}/archive`, { headers: auth(token) }),
      'archive framework',
    );
}

/** GET /api/observations/?statement_id=: the observations tagged with a statement, as their author reads them. */
export async function observationsTagged(
  request: APIRequestContext,
  token: string,
  statementId: string,
): Promise<{ title: string; statements: StatementRef[] }[]> {
  const result = await curriculumResult<{ items: { title: string; statements: StatementRef[] }[] }>(
    request.get(`/api/observations/?statement_id=${statementId}`, { headers: auth(token) }),
    'observations by statement',
  );
  return result.items;
}

/** A CSV file in the import template's columns, one row per statement (cells with commas are quoted). */
export function curriculumCsv(rows: string[][]): Buffer {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return Buffer.from([CURRICULUM_CSV_COLUMNS.join(','), ...rows.map((r) => r.map(cell).join(','))].join('\n'));
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe-core on one part of the page (a dialog), failing on serious or critical violations inside it: the
 * page behind a dialog is checked on its own, so that what the dialog brings is judged by itself.
 */
export async function expectNoSeriousViolationsIn(scope: Locator, label: string): Promise<void> {
  const page = scope.page();
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  await scope.evaluate((element) => element.setAttribute('data-axe-scope', 'true'));
  try {
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
      const result = await axe.run({ include: [['[data-axe-scope="true"]']] }, { resultTypes: ['violations'] });
      return result.violations as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    });
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const report = serious.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
    expect(report, `${label}: axe found serious or critical violations`).toEqual([]);
  } finally {
    await scope.evaluate((element) => element.removeAttribute('data-axe-scope'));
  }
}
