import { pagePath } from '@cue/contract';
import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { admissionTotal, currentSchoolId } from './support/management.js';
import { runTag } from './support/media.js';
import { SHELL_PHONES } from './support/shell.js';

/*
 * Admissions (issue 26): the public application form of Sunrise, no sign-in. Journeys share one
 * database: what is written carries the run's own word, and counts are taken relative to before.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

test('the honeypot is out of reach of keyboards and assistive technology, and a robot filling it is thanked with nothing kept', async ({
  page,
}) => {
  const tag = runTag();
  const anita = await staffToken(page.request, SHELL_PHONES.admin);
  const schoolId = await currentSchoolId(page.request, anita);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pagePath.publicAdmissions(schoolId, 'application'));
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  // Hidden from assistive technology by an ancestor, and so not in the accessibility tree.
  await expect(page.locator('[aria-hidden="true"]').filter({ has: honeypot })).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'public application form');

  const before = await admissionTotal(page.request, anita);
  const res = await page.request.post(`/api/public/admissions/${schoolId}/application/submissions`, {
    data: {
      answers: {
        child_first_name: 'Robo',
        child_last_name: `Spam ${tag}`,
        child_date_of_birth: '01-01-2022',
        parent_first_name: 'Bot',
        parent_last_name: `Spam ${tag}`,
        parent_email: `bot.${tag}@example.com`,
        parent_phone: '8123456789',
      },
      website: 'https://spam.example.com',
    },
  });
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { result: { reference: string } }).result.reference).toMatch(/\S/);
  expect(await admissionTotal(page.request, anita, tag)).toBe(0);
  expect(await admissionTotal(page.request, anita)).toBe(before);
});
