import { expect, test } from '@playwright/test';
import { apiPost, staffToken } from './support/api.js';
import { signIn } from './support/auth.js';
import { openAs } from './support/shell.js';

const ADMIN = '9000000002';
/** A parent of Sunrise whom the admin then adds as staff (a test number of the journeys' server). */
const PARENT = '9000000066';

test('an admin adds a person who already has an account: she is invited, accepts, and joins the staff', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await staffToken(page.request, ADMIN);
  // The person exists as a parent of Vihaan, with her own name.
  const students = await page.request.get('/api/student/?search=Vihaan', { headers: { authorization: `Bearer ${admin}` } });
  const vihaan = (await students.json()).result.items[0].id as string;
  await apiPost(
    page.request,
    `/api/student/${vihaan}/parents`,
    { first_name: 'Priti', last_name: 'Gupta', phone: PARENT, relation: 'mother' },
    admin,
  );

  // The admin adds her as staff under another name: the school is told only that she was invited.
  await openAs(page, page.request, ADMIN, '/admin/school-setup/staff');
  await page.getByRole('button', { name: 'Add staff' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Ms');
  await dialog.getByLabel('Last name').fill('Gupta');
  await dialog.getByLabel('Phone number').fill(PARENT);
  await dialog.getByRole('button', { name: 'Add and invite' }).click();
  await expect(page.getByText('Ms Gupta already has an account: an invitation was sent')).toBeVisible();
  await expect(page.getByText(new RegExp(`^Invitation sent by SMS to \\W?${PARENT}\\W?$`))).toBeVisible();
  const row = page.getByTestId('staff-table').getByRole('row').filter({ hasText: 'Ms Gupta' });
  await expect(row.getByTestId('staff-invited')).toHaveText('Invited');
  // Not accepted yet: the invitation can be sent again.
  await row.getByRole('button', { name: /Send the invitation again/ }).click();
  await expect(page.getByText(new RegExp(`^Invitation sent by SMS to \\W?${PARENT}\\W?$`)).first()).toBeVisible();
  await expect(page.getByTestId('staff-table')).not.toContainText('Priti');

  // She signs in as the parent she is, sees the invitation and accepts it.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const invitee = await context.newPage();
  await signIn(invitee, PARENT);
  const card = invitee.getByTestId('staff-invitations');
  await expect(card).toContainText('Sunrise Early Years invites you to join its staff as Teacher');
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(invitee.getByTestId('invitation-joined')).toContainText('You are now staff of Sunrise Early Years');
  await invitee.getByRole('button', { name: 'Sign out' }).click();
  await expect(invitee).toHaveURL(/\/$/);

  // Signing in again opens the staff side (she is a parent and now staff too).
  await signIn(invitee, PARENT);
  await expect(invitee.getByRole('heading', { name: 'Your classes' })).toBeVisible();
  await expect(invitee.getByRole('heading', { name: /Good (morning|afternoon|evening), Priti/ })).toBeVisible();
  await context.close();

  // The admin's list shows her as a member, by the school's name for her.
  await page.reload();
  const member = page.getByTestId('staff-table').getByRole('row').filter({ hasText: 'Ms Gupta' });
  await expect(member).toBeVisible();
  await expect(member.getByTestId('staff-invited')).toHaveCount(0);
});

test('an admin is not offered roles that give more than she holds, and the server refuses them', async ({ page }) => {
  const admin = await staffToken(page.request, ADMIN);
  await openAs(page, page.request, ADMIN, '/admin/school-setup/staff');
  await page.getByRole('button', { name: 'Add staff' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Role').click();
  await expect(page.getByRole('option', { name: 'Teacher' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Super Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Asked directly, the server says why in the person's words.
  const roles = await page.request.get('/api/roles/', { headers: { authorization: `Bearer ${admin}` } });
  const superAdmin = ((await roles.json()).result as { id: string; name: string }[]).find((r) => r.name === 'Super Admin');
  const res = await page.request.post('/api/staff/', {
    data: { first_name: 'Sneaky', phone: '9123456701', role_id: superAdmin?.id },
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ code: 'PRIVILEGE_EXCEEDED', message: 'You cannot grant permissions you do not hold' });
});

test('an admin links a parent to a child: the invitation goes to the email given, and the page says so', async ({ page }) => {
  await openAs(page, page.request, ADMIN, '/admin/school-setup/students');
  await page.getByLabel('Search students').fill('Vihaan');
  const row = page.getByTestId('students-table').getByRole('row').filter({ hasText: 'Vihaan' });
  await row.getByRole('button', { name: /Link parent/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Arjun');
  await dialog.getByLabel('Email').fill('arjun.invite@example.com');
  await dialog.getByRole('button', { name: 'Link parent' }).click();
  await expect(page.getByText(/^Invitation sent by email to \W?arjun\.invite@example\.com\W?$/)).toBeVisible();
});
