import { createRequire } from 'node:module';
import {
  type ClassCurriculum,
  CURRICULUM_CSV_COLUMNS,
  type CurriculumFramework,
  type CurriculumTree,
  type StatementRef,
} from '@cue/contract';
import { type APIRequestContext, type APIResponse, expect, type Locator } from '@playwright/test';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

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
