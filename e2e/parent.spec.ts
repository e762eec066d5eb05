import { expect, test } from '@playwright/test';
import { PHONES, signIn } from './support/auth.js';

test('a parent signs in and sees both children with their classes', async ({ page }) => {
  await signIn(page, PHONES.parent);

  const header = page.getByTestId('current-user');
  await expect(header).toContainText('Rohan Sharma');
  await expect(header).toContainText('Parent');
  await expect(page.getByRole('heading', { name: 'Your children' })).toBeVisible();

  const aarav = page.getByTestId('child-card').filter({ hasText: 'Aarav Sharma' });
  const ira = page.getByTestId('child-card').filter({ hasText: 'Ira Sharma' });
  await expect(aarav).toContainText('Nursery A');
  await expect(aarav).toContainText('Sunrise Early Years');
  await expect(ira).toContainText('Kindergarten B');
  // Other journeys may link more children to this parent in the shared database; these two are his.
  await expect(aarav).toHaveCount(1);
  await expect(ira).toHaveCount(1);
  // Parents have no classes of their own.
  await expect(page.getByRole('heading', { name: 'Your classes' })).toHaveCount(0);
});
