import { expect } from 'vitest';
import { describeCatalogs, keysInCode, keysInComponent } from '../../../lib/catalog-test';

describeCatalogs({
  title: 'the kiosk catalog',
  ns: 'kiosk',
  // The kiosk's screens and the camera's words of the shared scan field it shows.
  keys: () => [...keysInCode('dispersal', ['kiosk']), ...keysInComponent('ScanField.tsx')],
  minKeys: 50,
  messages: {
    title: 'say the kiosk success screen with the child and the time',
    check: (en) => {
      const done = en.done as Record<string, string>;
      expect(done.in).toContain('{{name}}');
      expect(done.in).toContain('{{time}}');
      expect(done.out).toContain('{{time}}');
    },
  },
});
