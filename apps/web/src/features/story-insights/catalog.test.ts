import { readdirSync, readFileSync } from 'node:fs';
import { LANGUAGES, STORY_KINDS, STORY_MESSAGES, STORY_REACTIONS, STORY_STATUSES } from '@cue/contract';
import { describe, expect, it } from 'vitest';

type Catalog = { [key: string]: string | Catalog };
const catalog = (ns: string, lng: string): Catalog =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8')) as Catalog;

const leaves = (c: Catalog, prefix = ''): [string, string][] =>
  Object.entries(c).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const vars = (s: string) => [...new Set(s.match(/{{\w+}}/g) ?? [])].filter((v) => v !== '{{count}}').sort();

/** Every static key a feature's screens ask for (`t('a.b')`) in the given folders. */
function keysInCode(feature: string, folders: string[]): string[] {
  const dir = new URL(`../${feature}/`, import.meta.url);
  const files = folders.flatMap((sub) =>
    readdirSync(new URL(`${sub}/`, dir))
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => readFileSync(new URL(`${sub}/${f}`, dir), 'utf8')),
  );
  return [...new Set(files.flatMap((text) => [...text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)].map((m) => m[1] as string)))];
}

const CASES = [
  {
    ns: 'storyInsights',
    keys: () => [
      ...keysInCode('story-insights', ['pages', 'components']),
      ...STORY_STATUSES.map((s) => `status.${s}`),
      ...STORY_KINDS.flatMap((k) => [`kind.${k}`, `kindFilter.${k}`]),
    ],
  },
  {
    ns: 'journal',
    keys: () => [
      ...keysInCode('journal', ['pages', 'components']),
      ...STORY_REACTIONS.map((r) => `reactions.${r}`),
      ...['draft', 'pending', 'published'].map((s) => `status.${s}`),
    ],
  },
];

describe.each(CASES)('the $ns catalogs', ({ ns, keys }) => {
  const en = new Map(leaves(catalog(ns, 'en')));

  it("hold the contract's messages verbatim in English (those the screens may be answered)", () => {
    const messages = catalog(ns, 'en').messages as Record<string, string>;
    expect(Object.keys(messages).length).toBeGreaterThan(0);
    for (const [name, text] of Object.entries(messages))
      expect(text, name).toBe(STORY_MESSAGES[name as keyof typeof STORY_MESSAGES]);
  });

  it('have every key the screens use', () => {
    const known = new Set([...en.keys()].map(base));
    expect(keys().filter((key) => !known.has(key))).toEqual([]);
  });

  it('say every sentence in every language, with the same placeholders and every plural form the language needs', () => {
    for (const lng of LANGUAGES) {
      const other = new Map(leaves(catalog(ns, lng)));
      expect([...new Set([...other.keys()].map(base))].sort(), lng).toEqual([...new Set([...en.keys()].map(base))].sort());
      const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      for (const [key, text] of en) {
        const stem = base(key);
        const mine = PLURAL.test(key) ? forms.map((f) => `${stem}_${f}`) : [key];
        for (const k of mine) {
          const translated = other.get(k) ?? '';
          expect(translated.trim(), `${lng} ${k}`).not.toBe('');
          expect(vars(translated), `${lng} ${k}`).toEqual(vars(text));
        }
      }
    }
  });
});
