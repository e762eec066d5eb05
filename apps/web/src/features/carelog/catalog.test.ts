import { readdirSync, readFileSync } from 'node:fs';
import {
  CARE_KINDS,
  CARELOG_MESSAGES,
  INCIDENT_KINDS,
  LANGUAGES,
  MEAL_AMOUNTS,
  MEALS,
  MOODS,
  NAPPY_STATES,
  SLEEP_POSITIONS,
} from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { CORRECTABLE } from './care';

type Catalog = { [key: string]: string | Catalog };
const catalog = (lng: string): Catalog =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lng}/carelog.json`, import.meta.url), 'utf8')) as Catalog;

const leaves = (c: Catalog, prefix = ''): [string, string][] =>
  Object.entries(c).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const vars = (s: string) => [...new Set(s.match(/{{\w+}}/g) ?? [])].filter((v) => v !== '{{count}}').sort();

/** Every static key the carelog's code asks for (`t('a.b')`), with the keys built from the contract's values. */
function keysInCode(): string[] {
  const dir = new URL('./', import.meta.url);
  const files = ['pages', 'components'].flatMap((sub) =>
    readdirSync(new URL(`${sub}/`, dir))
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => readFileSync(new URL(`${sub}/${f}`, dir), 'utf8')),
  );
  const keys = files.flatMap((text) => [...text.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)].map((m) => m[1] as string));
  // Keys chosen by a condition (`t(a ? 'x' : 'y')`).
  const chosen = files.flatMap((text) =>
    [...text.matchAll(/\? '([a-z]+\.[a-zA-Z.]+)' : '([a-z]+\.[a-zA-Z.]+)'/g)].flatMap((m) => [m[1], m[2]] as string[]),
  );
  return [
    ...new Set([
      ...keys,
      ...chosen,
      ...CARE_KINDS.map((k) => `kind.${k}`),
      ...MEALS.map((m) => `meal.${m}`),
      ...MEAL_AMOUNTS.map((a) => `amount.${a}`),
      ...NAPPY_STATES.map((s) => `state.${s}`),
      ...MOODS.map((m) => `mood.${m}`),
      ...SLEEP_POSITIONS.map((p) => `position.${p}`),
      ...INCIDENT_KINDS.map((k) => `incidentKind.${k}`),
      ...['allergy', 'condition', 'diet'].map((k) => `alert.${k}`),
      ...['all', 'unacknowledged', 'unreviewed', 'regulator'].flatMap((s) => [`incident.state.${s}`, `incident.empty.${s}`]),
      ...CORRECTABLE.map((f) => `correctable.${f}`),
      ...['left', 'right', 'middle'].map((w) => `body.where.${w}`),
      ...Object.keys(CARELOG_MESSAGES).map((m) => `messages.${m}`),
    ]),
  ];
}

describe('the carelog catalogs', () => {
  const en = new Map(leaves(catalog('en')));

  it('hold the contract messages verbatim in English (the counted one in its plural forms)', () => {
    const messages = catalog('en').messages as Record<string, string>;
    for (const [name, text] of Object.entries(CARELOG_MESSAGES)) {
      if (typeof text === 'string') expect(messages[name], name).toBe(text);
    }
    expect(messages.savedMany_one?.replace('{{count}}', '1')).toBe(CARELOG_MESSAGES.savedMany(1));
    expect(messages.savedMany_other?.replace('{{count}}', '12')).toBe(CARELOG_MESSAGES.savedMany(12));
  });

  it('have every key the screens use', () => {
    const known = new Set([...en.keys()].map(base));
    expect(keysInCode().filter((key) => !known.has(key))).toEqual([]);
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
