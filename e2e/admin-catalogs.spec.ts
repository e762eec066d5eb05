import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_ROLE_PERMISSIONS, IMPORT_COLUMNS, LANGUAGES, ROLE_PERMISSIONS, SCHOOL_PERMISSIONS } from '@cue/contract';
import { expect, test } from '@playwright/test';

type Catalog = { [key: string]: string | Catalog };

const catalog = (lng: string): Catalog =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../apps/web/public/locales/${lng}/admin.json`, import.meta.url)), 'utf8'));

/** Dotted keys, with plural suffixes folded (languages have different plural forms). */
const keys = (c: Catalog, prefix = ''): string[] =>
  Object.entries(c).flatMap(([k, v]) =>
    typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );

test('the admin catalog has the same keys in every language', () => {
  const english = new Set(keys(catalog('en')));
  for (const lng of LANGUAGES) expect(new Set(keys(catalog(lng))), lng).toEqual(english);
});

test('the admin catalog names every permission, menu entry and import column of the contract', () => {
  for (const lng of LANGUAGES) {
    const all = new Set(keys(catalog(lng)));
    for (const p of ALL_ROLE_PERMISSIONS) expect(all.has(`rolePermissions.${p}`), `${lng} ${p}`).toBe(true);
    for (const group of Object.keys(ROLE_PERMISSIONS)) expect(all.has(`roleGroups.${group}`), `${lng} ${group}`).toBe(true);
    for (const p of SCHOOL_PERMISSIONS) expect(all.has(`schoolPermissions.${p.replace(/\./g, '_')}`), `${lng} ${p}`).toBe(true);
    for (const col of [...IMPORT_COLUMNS.students, ...IMPORT_COLUMNS.staff])
      expect(all.has(`import.columns.${col}`), `${lng} ${col}`).toBe(true);
  }
});
