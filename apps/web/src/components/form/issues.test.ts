import { readFileSync } from 'node:fs';
import { classRequestSchema, createObservationRequestSchema, divisionRequestSchema } from '@cue/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The catalogs come from public/locales, as the browser would fetch them.
vi.stubGlobal('fetch', async (url: string) => {
  const file = new URL(`../../../public${url}`, import.meta.url);
  return new Response(readFileSync(file, 'utf8'), { status: 200, headers: { 'content-type': 'application/json' } });
});

const { default: i18n, i18nReady } = await import('../../lib/i18n');
const { issueText } = await import('./issues');

beforeAll(async () => {
  await i18nReady;
});

/** The refusals of a body by field, said in the current language. */
const refusals = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: unknown[] } } }, body: unknown) => {
  const parsed = schema.safeParse(body);
  const issues = (parsed.error?.issues ?? []) as Parameters<typeof issueText>[0][];
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issueText(issue)]));
};

describe("a schema's refusals, said in the reader's language", () => {
  it('says a missing name, a wrong date and a wrong colour in Arabic', async () => {
    await i18n.changeLanguage('ar');
    expect(refusals(classRequestSchema, { class_name: ' ', academic_year_start: '2026-06-01', color: 'blue' })).toMatchObject({
      class_name: 'هذا الحقل مطلوب',
      academic_year_start: 'استخدم التنسيق DD-MM-YYYY',
      color: 'تحقّق من التنسيق',
    });
  });

  it('says a name too long with its number, and a list with nobody in it, in Hebrew', async () => {
    await i18n.changeLanguage('he');
    expect(refusals(divisionRequestSchema, { name: 'x'.repeat(81) })).toEqual({ name: '80 תווים לכל היותר' });
    const observation = refusals(createObservationRequestSchema, { class_id: 'a'.repeat(24), observation_entries: [] });
    expect(observation.observation_entries).toBe('יש לבחור אפשרות');
  });

  it("uses the form's own words for a field when it has them", async () => {
    await i18n.changeLanguage('en');
    const [issue] = divisionRequestSchema.safeParse({ name: '' }).error?.issues ?? [];
    expect(issue && issueText(issue, { required: 'Give the division a name' })).toBe('Give the division a name');
    expect(issue && issueText(issue)).toBe('This field is required');
  });
});
