import { readdirSync, readFileSync } from 'node:fs';
import { LANGUAGES } from '@cue/contract';
import { describe, expect, it } from 'vitest';

/*
 * The checks every feature's translation catalogs pass, for its `catalog.test.ts`: the contract's messages
 * said verbatim in English, every key the screens ask for present, and every sentence said in every
 * language with the same placeholders and each plural form the language needs.
 */

export type Catalog = { [key: string]: string | Catalog };

/** A namespace's catalog in one language, as the browser loads it. */
export const catalog = (ns: string, lng: string): Catalog =>
  JSON.parse(readFileSync(new URL(`../../public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8')) as Catalog;

/** Every sentence of a catalog with its dotted key. */
export const leaves = (c: Catalog, prefix = ''): [string, string][] =>
  Object.entries(c).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A key without its plural suffix (`count_one` → `count`). */
const base = (key: string) => key.replace(PLURAL, '');
// A plural form may say the number in words ("two"), so only the other placeholders must match.
const vars = (s: string) => [...new Set(s.match(/{{\w+}}/g) ?? [])].filter((v) => v !== '{{count}}').sort();

/**
 * Every static key a feature's screens ask for (`t('a.b')`) in the given folders of
 * `src/features/<feature>/`, with the keys chosen by a condition (`t(a ? 'x' : 'y')`).
 */
export function keysInCode(feature: string, folders: string[] = ['pages', 'components']): string[] {
  const dir = new URL(`../features/${feature}/`, import.meta.url);
  return keysIn(
    folders.flatMap((sub) =>
      readdirSync(new URL(`${sub}/`, dir))
        .filter((f) => f.endsWith('.tsx'))
        .map((f) => readFileSync(new URL(`${sub}/${f}`, dir), 'utf8')),
    ),
  );
}

/**
 * The keys a shared component of `src/components/` asks the page's namespace for (the day navigator's
 * `day.*`), for the catalogs of the features that show it.
 */
export const keysInComponent = (file: string): string[] =>
  keysIn([readFileSync(new URL(`../components/${file}`, import.meta.url), 'utf8')]);

function keysIn(files: string[]): string[] {
  const keys = files.flatMap((text) => [...text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)].map((m) => m[1] as string));
  const chosen = files.flatMap((text) =>
    [...text.matchAll(/\? '([a-z]+\.[a-zA-Z.]+)' : '([a-z]+\.[a-zA-Z.]+)'/g)].flatMap((m) => [m[1], m[2]] as string[]),
  );
  return [...new Set([...keys, ...chosen])];
}

export interface CatalogChecks {
  /** The describe block's name ('the chat catalogs'). */
  title: string;
  /** The namespace: the catalogs' file name under public/locales/<lng>/. */
  ns: string;
  /** Every key the screens use: usually keysInCode(feature) with the keys built from the contract's values. */
  keys: () => string[];
  /** The English messages' check, with its own name, given the English catalog. */
  messages: { title: string; check: (en: Catalog) => void };
  /** At least this many keys found in the code (so a broken search does not pass with none). */
  minKeys?: number;
}

/** The three checks of a namespace's catalogs, as one describe block. */
export function describeCatalogs({ title, ns, keys, messages, minKeys }: CatalogChecks): void {
  describe(title, () => {
    const en = new Map(leaves(catalog(ns, 'en')));

    it(messages.title, () => messages.check(catalog(ns, 'en')));

    it('have every key the screens use', () => {
      const known = new Set([...en.keys()].map(base));
      const used = [...new Set(keys())];
      if (minKeys !== undefined) expect(used.length).toBeGreaterThan(minKeys);
      expect(used.filter((key) => !known.has(key))).toEqual([]);
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
}
