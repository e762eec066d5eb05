import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUG_REPORT_MESSAGES, LANGUAGES, MENUS } from '@cue/contract';
import { expect, test } from '@playwright/test';

type Catalog = { [key: string]: string | Catalog };

const catalog = (lng: string): Catalog =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../apps/web/public/locales/${lng}/shell.json`, import.meta.url)), 'utf8'));

const keys = (c: Catalog, prefix = ''): string[] =>
  Object.entries(c).flatMap(([k, v]) =>
    typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );

const lookup = (c: Catalog, path: string): unknown =>
  path.split('.').reduce<unknown>((node, k) => (node as Catalog | undefined)?.[k], c);

test('the shell catalogs have the same keys in English, Arabic and Hebrew, all filled in', () => {
  const english = new Set(keys(catalog('en')));
  for (const lng of LANGUAGES) {
    expect(new Set(keys(catalog(lng))), lng).toEqual(english);
    for (const key of keys(catalog(lng))) expect(lookup(catalog(lng), key) ?? 'plural', `${lng} ${key}`).not.toBe('');
  }
});

test('every menu entry of the registry has a label, and the spec strings are verbatim in English', () => {
  const en = catalog('en');
  const menu = en.menu as Catalog;
  for (const items of Object.values(MENUS)) {
    for (const item of items.flatMap((i) => [i, ...(i.children ?? [])])) {
      expect(menu[item.key.replace(/\./g, '_')], item.key).toBeTruthy();
    }
  }
  expect((en.report as Catalog).messages).toEqual(BUG_REPORT_MESSAGES);
  expect(en.offline).toBe('No Internet Connection');
  expect((en.maintenance as Catalog).title).toBe('Website Under Maintenance');
  expect((en.mobileApp as Catalog).heading).toBe('For the best experience, please use our mobile app');
  expect((en.tasks as Catalog).hide).toBe('Hide');
  expect((en.tasks as Catalog).show).toBe('Show Tasks');
  // Arabic and Hebrew are translations, not copies.
  for (const lng of ['ar', 'he']) expect((catalog(lng).maintenance as Catalog).title).not.toBe('Website Under Maintenance');
});
