import { readdirSync, readFileSync } from 'node:fs';
import { CHAT_KINDS, CHAT_MESSAGES, LANGUAGES } from '@cue/contract';
import { describe, expect, it } from 'vitest';

type Catalog = { [key: string]: string | Catalog };
const catalog = (lng: string): Catalog =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lng}/chat.json`, import.meta.url), 'utf8')) as Catalog;

const leaves = (c: Catalog, prefix = ''): [string, string][] =>
  Object.entries(c).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const vars = (s: string) => [...new Set(s.match(/{{\w+}}/g) ?? [])].filter((v) => v !== '{{count}}').sort();

/** Every static key the chat's screens ask for (`t('a.b')`), with the keys chosen by a condition and built from the contract's values. */
function keysInCode(): string[] {
  const dir = new URL('./', import.meta.url);
  const files = ['pages', 'components'].flatMap((sub) =>
    readdirSync(new URL(`${sub}/`, dir))
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => readFileSync(new URL(`${sub}/${f}`, dir), 'utf8')),
  );
  const keys = files.flatMap((text) => [...text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)].map((m) => m[1] as string));
  const chosen = files.flatMap((text) =>
    [...text.matchAll(/\? '([a-z]+\.[a-zA-Z.]+)' : '([a-z]+\.[a-zA-Z.]+)'/g)].flatMap((m) => [m[1], m[2]] as string[]),
  );
  return [...new Set([...keys, ...chosen, ...CHAT_KINDS.map((k) => `kind.${k}`)])];
}

describe('the chat catalogs', () => {
  const en = new Map(leaves(catalog('en')));

  it('hold the contract messages verbatim in English', () => {
    expect(catalog('en').messages).toEqual({ ...CHAT_MESSAGES });
  });

  it('have every key the screens use', () => {
    const known = new Set([...en.keys()].map(base));
    const keys = keysInCode();
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((key) => !known.has(key))).toEqual([]);
  });

  it('say every sentence in every language, with the same placeholders and every plural form the language needs', () => {
    for (const lng of LANGUAGES) {
      const other = new Map(leaves(catalog(lng)));
      expect([...new Set([...other.keys()].map(base))].sort(), lng).toEqual([...new Set([...en.keys()].map(base))].sort());
      const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      for (const [key, text] of en) {
        const stem = base(key);
        const plural = PLURAL.test(key);
        const mine = plural ? forms.map((f) => `${stem}_${f}`) : [key];
        for (const k of mine) {
          const translated = other.get(k) ?? '';
          expect(translated.trim(), `${lng} ${k}`).not.toBe('');
          expect(vars(translated), `${lng} ${k}`).toEqual(vars(text));
        }
      }
    }
  });
});
