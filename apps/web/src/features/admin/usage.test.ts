import { readFileSync } from 'node:fs';
import { LANGUAGES, ROUTES } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { usageKey } from './usage';

type Catalog = { [key: string]: string | Catalog };
const catalog = (lng: string): Catalog =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lng}/admin.json`, import.meta.url), 'utf8'));
const lookup = (c: Catalog, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Catalog | undefined)?.[part], c);

/** What the server counts: the path part after /api/ of every staff write (platform/http/app.ts), and sign-ins. */
const counted = [
  'sign_in',
  ...new Set(
    Object.values(ROUTES)
      .filter((r) => r.method !== 'GET' && r.access !== 'public' && r.access !== 'parent')
      .map((r) => r.path.split('/')[2] ?? ''),
  ),
];

describe('the usage report', () => {
  it('names every part of Cue it counts, in every language', () => {
    for (const action of counted) {
      const key = usageKey(action);
      expect(key, action).not.toBeNull();
      for (const lng of LANGUAGES) expect(lookup(catalog(lng), key ?? ''), `${lng} ${action}`).toEqual(expect.any(String));
    }
  });
});
