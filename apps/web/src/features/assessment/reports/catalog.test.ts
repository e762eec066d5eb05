import { EXPORT_LANGUAGES, RECORD_KINDS, REFLECTION_AUTHORS, REPORT_CHECKS, REPORT_SET_STATUSES } from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';

/** The keys the pages build from the contract's values (`t(\`status.${status}\`)` and the like). */
const built = [
  ...REPORT_SET_STATUSES.map((s) => `status.${s}`),
  ...EXPORT_LANGUAGES.map((l) => `languages.${l}`),
  ...RECORD_KINDS.map((k) => `kinds.${k}`),
  ...REFLECTION_AUTHORS.map((a) => `authors.${a}`),
  ...REPORT_CHECKS.map((c) => `check.kinds.${c}`),
  ...['first', 'previous', 'next', 'last'].map((c) => `pagination.${c}`),
];

describeCatalogs({
  title: 'the report cards catalogs',
  ns: 'reportCards',
  keys: () => [...keysInCode('assessment', ['reports']), ...built],
  minKeys: 150,
  messages: {
    title: 'name every report status, check, record kind and author the contract has (and nothing it has not)',
    check: (en) => {
      const names = (group: string) => Object.keys(en[group] as Record<string, string>).sort();
      expect(names('status')).toEqual([...REPORT_SET_STATUSES].sort());
      expect(names('kinds')).toEqual([...RECORD_KINDS].sort());
      expect(names('authors')).toEqual([...REFLECTION_AUTHORS].sort());
      expect(Object.keys((en.check as Record<string, Record<string, string>>).kinds ?? {}).sort()).toEqual(
        [...REPORT_CHECKS].sort(),
      );
    },
  },
});
