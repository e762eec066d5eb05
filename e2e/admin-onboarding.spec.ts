import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth.js';

/** School setup: the admin of Sunrise Early Years (design brief section 6). */
const ADMIN = '9000000002';
/** A parent nobody knows yet; the import registers them (an OTP test number in the config). */
const NEW_PARENT = '9000000088';

const HEADER = 'first_name,last_name,class_name,parent_first_name,parent_last_name,parent_phone,parent_email,parent_relation';
const csvFile = (lines: string[]) => ({
  name: 'students.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...lines].join('\n')}\n`),
});

async function openImport(page: Page) {
  await page.goto('/admin/school-setup/students');
  await page.getByRole('button', { name: 'Import students' }).click();
  return page.getByRole('dialog', { name: 'Import students and parents' });
}

test('the admin creates a class, imports students with parents, and a new parent sees their child', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // Unique per run, so that a retry on the same database starts clean.
  const className = `Sunflowers ${Date.now().toString(36).slice(-5)}`;
  await signIn(page, ADMIN);

  // Create the class.
  await page.goto('/admin/school-setup/classes');
  await expect(page.getByRole('heading', { name: 'Classes', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New class' }).click();
  const form = page.getByRole('dialog', { name: 'New class' });
  await form.getByLabel('Class name').fill(className);
  await form.getByLabel('Academic year starts').fill('01-06-2026');
  await form.getByLabel('Academic year ends').fill('31-05-2027');
  await form.getByLabel('Age range').fill('3y 0m - 4y 0m');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Class ${className} created`)).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByTestId('classes-table').getByRole('row').filter({ hasText: className });
  await expect(row).toContainText('01-06-2026 - 31-05-2027');
  await expect(row).toContainText('3y 0m - 4y 0m');

  // Import three students with their parents into it: one parent new, one already known.
  const dialog = await openImport(page);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(
      csvFile([
        `Kiara,Bose,${className},Arjun,Bose,${NEW_PARENT},,father`,
        `Rumi,Sen,${className},Rohan,Sharma,9000000004,,father`,
        `Zain,Qureshi,${className},,,,,`,
      ]),
    );
  const preview = dialog.getByTestId('import-preview');
  await expect(preview.getByText('3 rows', { exact: true })).toBeVisible();
  await expect(preview.getByTestId('problem-count')).toHaveText('0 problems');
  await expect(preview.getByTestId('import-row')).toHaveCount(3);
  await expect(preview.getByText('All 3 rows are ready to import.')).toBeVisible();
  const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(page.getByText('3 students imported')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The students list shows them in the class with their parents.
  await page.getByRole('textbox', { name: 'Search students' }).fill('Kiara');
  const kiara = page.getByTestId('students-table').getByRole('row').filter({ hasText: 'Kiara Bose' });
  await expect(kiara).toContainText(className);
  await expect(kiara).toContainText('Arjun Bose');
  await expect(kiara).toContainText('Father');

  // The new parent signs in with their phone, on their own device, and sees their child.
  const { baseURL, locale, viewport } = test.info().project.use;
  const device = await browser.newContext({ baseURL, locale, viewport });
  try {
    const parent = await device.newPage();
    await signIn(parent, NEW_PARENT);
    const child = parent.getByTestId('child-card').filter({ hasText: 'Kiara Bose' });
    await expect(child).toBeVisible();
    await expect(child).toContainText(className);
    await expect(child).toContainText('Sunrise Early Years');
    await expect(parent.getByTestId('child-card')).toHaveCount(1);
  } finally {
    await device.close();
  }
});

test('a preview with bad rows shows each problem, and Import stays disabled', async ({ page }) => {
  await signIn(page, ADMIN);
  const dialog = await openImport(page);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(
      csvFile([
        'Asha,Kumar,Nursery A,Ravi,Kumar,9876500001,,father',
        ',Nameless,Nursery A,,,,,',
        'Leo,Fernandes,Nursery A,Maria,Fernandes,98765,,mother',
        'Sam,Stone,Class Z,,,,,',
      ]),
    );
  const preview = dialog.getByTestId('import-preview');
  await expect(preview.getByTestId('problem-count')).toHaveText('3 problems');
  await expect(preview.getByText('1 ready', { exact: true })).toBeVisible();
  const bad = preview.locator('[data-testid="import-row"][data-problem="true"]');
  await expect(bad).toHaveCount(3);
  await expect(bad.nth(0)).toContainText('First name is missing');
  await expect(bad.nth(1)).toContainText('Phone number must be 10 digits');
  await expect(bad.nth(1).locator('[data-invalid="true"]')).toHaveText('98765');
  await expect(bad.nth(2)).toContainText('No class named Class Z');
  await expect(preview.getByText('Fix the highlighted rows')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  // Nothing was written: Asha is not a student.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('textbox', { name: 'Search students' }).fill('Asha Kumar');
  await expect(page.getByTestId('empty-state')).toHaveText('No Students Found');
});
