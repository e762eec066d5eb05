import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../lib/catalog-test';

describeCatalogs({
  title: "the attendance catalogs' words for the class's day",
  ns: 'attendance',
  // The keys the class's day strip asks for (the other screens build many of theirs from statuses).
  keys: () => keysInCode('attendance', ['components']).filter((key) => key.startsWith('dayParts.')),
  minKeys: 5,
  messages: {
    title: "say the cycle's day with its number",
    check: (en) => expect((en.dayParts as Record<string, string>).cycleDay).toBe('Day {{n}}'),
  },
});
