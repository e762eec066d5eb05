import { expect } from 'vitest';
import { describeCatalogs, keysInCode } from '../../../lib/catalog-test';

describeCatalogs({
  title: 'the family pick-up catalog',
  ns: 'pickupFamily',
  keys: () => keysInCode('dispersal', ['family']),
  minKeys: 50,
  messages: {
    title: 'put the code, the child and the day in the message a family shares',
    check: (en) => {
      const text = (en.oneTime as Record<string, string>).shareText;
      for (const v of ['{{code}}', '{{child}}', '{{day}}']) expect(text).toContain(v);
    },
  },
});
