import { EMAIL_AUDIENCE, EMAIL_TEMPLATE_KEYS, type EmailTemplateSummary } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { AREA_OF, fieldDirection, groupEmails, insertPlaceholder, isEmailKey, languageOf } from './templateText';

describe('insertPlaceholder', () => {
  it('puts the placeholder at the cursor and the cursor after it', () => {
    expect(insertPlaceholder('Dear , welcome', 'first_name', 5)).toEqual({
      value: 'Dear {{first_name}}, welcome',
      cursor: 19,
    });
  });

  it('replaces a selection', () => {
    expect(insertPlaceholder('Hello NAME!', 'first_name', 6, 10)).toEqual({ value: 'Hello {{first_name}}!', cursor: 20 });
  });

  it('appends when the field never had the cursor', () => {
    expect(insertPlaceholder('Hi ', 'code', null)).toEqual({ value: 'Hi {{code}}', cursor: 11 });
  });

  it('keeps a cursor beyond the text, or a reversed selection, inside it', () => {
    expect(insertPlaceholder('ab', 'x', 99).value).toBe('ab{{x}}');
    expect(insertPlaceholder('abcd', 'x', 3, 1)).toEqual({ value: 'abc{{x}}d', cursor: 8 });
  });

  it('counts Arabic text by its characters like any other', () => {
    expect(insertPlaceholder('مرحبا ', 'first_name', 6).value).toBe('مرحبا {{first_name}}');
  });
});

describe('groupEmails', () => {
  const summary = (key: (typeof EMAIL_TEMPLATE_KEYS)[number]): EmailTemplateSummary => ({
    key,
    audience: EMAIL_AUDIENCE[key],
    languages: [{ language: 'ar', customised: true, subject: 'x', updated_at: '2026-11-27T10:00:00.000Z' }],
  });

  it('shows every email of the product once, under its area, in the areas order', () => {
    const groups = groupEmails([]);
    expect(groups.map((g) => g.area)).toEqual([
      'accounts',
      'communication',
      'attendance',
      'care',
      'reports',
      'library',
      'dispersal',
      'admissions',
      'hiring',
      'fees',
      'leave',
    ]);
    const keys = groups.flatMap((g) => g.rows.map((r) => r.key));
    expect([...keys].sort()).toEqual([...EMAIL_TEMPLATE_KEYS].sort());
    for (const g of groups) for (const r of g.rows) expect(AREA_OF[r.key]).toBe(g.area);
    expect(groups.find((g) => g.area === 'communication')?.rows.map((r) => r.key)).toEqual(['announcement', 'homework']);
  });

  it('gives each email its three languages, the default where the server listed none', () => {
    const row = groupEmails([summary('announcement')])
      .flatMap((g) => g.rows)
      .find((r) => r.key === 'announcement');
    expect(row?.audience).toBe('family');
    expect(row?.languages).toEqual([
      { language: 'en', customised: false, updated_at: null },
      { language: 'ar', customised: true, updated_at: '2026-11-27T10:00:00.000Z' },
      { language: 'he', customised: false, updated_at: null },
    ]);
  });
});

describe('the address and the fields', () => {
  it('reads the language and the email from the address', () => {
    expect(languageOf('ar')).toBe('ar');
    expect(languageOf('fr')).toBe('en');
    expect(languageOf(null)).toBe('en');
    expect(isEmailKey('announcement')).toBe(true);
    expect(isEmailKey('nope')).toBe(false);
    expect(isEmailKey(undefined)).toBe(false);
  });

  it('writes Arabic and Hebrew right to left', () => {
    expect(fieldDirection('ar')).toBe('rtl');
    expect(fieldDirection('he')).toBe('rtl');
    expect(fieldDirection('en')).toBe('ltr');
  });
});
