import { CLASS_NAME_DISPLAY_LENGTH } from '@cue/contract';
import { expect, test } from '@playwright/test';
import { formatClassName } from '../apps/web/src/lib/format.js';

test('class names are cut at 25 characters with an ellipsis, keeping the full name for the tooltip', () => {
  const short = formatClassName('Nursery A');
  expect(short).toEqual({ text: 'Nursery A', full: 'Nursery A', truncated: false });

  const exact = 'x'.repeat(CLASS_NAME_DISPLAY_LENGTH);
  expect(formatClassName(exact).truncated).toBe(false);

  const long = formatClassName('Kindergarten Butterflies Morning Group');
  expect(long.truncated).toBe(true);
  expect(long.text).toBe('Kindergarten Butterflies…');
  expect(long.full).toBe('Kindergarten Butterflies Morning Group');

  // Characters, not UTF-16 units: an Arabic or emoji name is cut at 25 characters too.
  const arabic = formatClassName('روضة الفراشات الصغيرة الصباحية');
  expect(Array.from(arabic.text.replace('…', '')).length).toBeLessThanOrEqual(CLASS_NAME_DISPLAY_LENGTH);
});
