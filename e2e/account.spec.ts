import { expect, type Page, test } from '@playwright/test';
import { apiPost, staffToken } from './support/api.js';
import { PHONES, signIn } from './support/auth.js';
import { profileMenu } from './support/shell.js';

/** A number the e2e server accepts with the demo code (OTP_TEST_NUMBERS in playwright.config.ts). */
const NEW_PARENT_PHONE = '9000000077';

/** My Profile, opened by its link (the shell's profile menu opens the same dialog). */
async function openMyProfile(page: Page, title = 'My Profile') {
  await page.goto('/account');
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A PNG drawn in the page; `noisy` makes it large (random pixels do not compress). */
async function generatedPng(page: Page, noisy = false): Promise<Buffer> {
  const dataUrl = await page.evaluate((noise) => {
    const size = noise ? 360 : 96;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = '#2f9e44';
    g.fillRect(0, 0, size, size);
    if (noise) {
      const pixels = g.getImageData(0, 0, size, size);
      for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = (i + 1) % 4 === 0 ? 255 : Math.floor(Math.random() * 256);
      g.putImageData(pixels, 0, 0);
    }
    g.fillStyle = '#ffd43b';
    g.beginPath();
    g.arc(size / 2, size / 2, size / 3, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png');
  }, noisy);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test('a new parent deletes the account: anything but CONFIRM cancels, CONFIRM deletes', async ({ page, request }) => {
  // The school registers a new parent for one of its children.
  const admin = await staffToken(request, '9000000002');
  const students = await request.get('/api/student/', { headers: { authorization: `Bearer ${admin}` } });
  expect(students.ok()).toBe(true);
  const [student] = (await students.json()).result.items as { id: string }[];
  if (!student) throw new Error('the demo school has no students');
  await apiPost(
    request,
    `/api/student/${student.id}/parents`,
    { first_name: 'Dana', last_name: 'Okafor', phone: NEW_PARENT_PHONE },
    admin,
  );

  await signIn(page, NEW_PARENT_PHONE);
  const dialog = await openMyProfile(page);
  await expect(dialog.getByTestId('profile-name')).toHaveText('Dana Okafor');
  await expect(dialog.getByTestId('school-section')).toContainText('Parent');

  // Typing anything else cancels back to the button.
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  const confirm = dialog.getByLabel('Type CONFIRM to delete your account');
  await expect(confirm).toBeFocused();
  await confirm.fill('cancel');
  await confirm.press('Enter');
  await expect(page.getByText('Your account was not deleted.')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeFocused();

  // CONFIRM in any case deletes it, and the person is back at the login page.
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await confirm.fill('confirm');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem('cue.session'), localStorage.getItem('cue.loggedOut')])).toEqual([
    null,
    'true',
  ]);

  // The phone number no longer signs in.
  await page.getByRole('button', { name: 'Phone Number', exact: true }).click();
  await page.getByLabel('Phone number', { exact: true }).fill(NEW_PARENT_PHONE);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Phone number not registered')).toBeVisible();
});

test('a failed deletion is reported and the session on this device is still cleared', async ({ page }) => {
  await signIn(page, PHONES.teacher);
  await page.route('**/api/delete_user_profile/', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' }),
    }),
  );
  const dialog = await openMyProfile(page);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByLabel('Type CONFIRM to delete your account').fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Something went wrong on our side. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('cue.session'))).toBeNull();
});

test('a teacher changes her profile picture: images only, with progress, then the new picture', async ({ page }) => {
  await signIn(page, PHONES.teacher);
  const dialog = await openMyProfile(page);
  await expect(dialog.getByTestId('profile-name')).toHaveText('Tara Menon');
  await expect(dialog.getByTestId('profile-section')).toContainText('tara.menon@sunrise.example');
  await expect(dialog.getByTestId('school-section')).toContainText('Sunrise Early Years');
  await expect(dialog.getByTestId('classes-section')).toContainText('Nursery A');
  const picker = dialog.locator('input[type="file"]');
  await expect(picker).toHaveAttribute('accept', 'image/*');

  // Something that is not an image is refused before any upload.
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Only image files can be used as a profile picture')).toBeVisible();

  // A slow connection, so that the upload's progress shows.
  const png = await generatedPng(page, true);
  expect(png.length).toBeGreaterThan(200_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 200_000,
  });
  const uploaded = page.waitForRequest((r) => r.url().endsWith('/api/staff_profile_picture/') && r.method() === 'POST');
  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  expect((await uploaded).headers()['content-type']).toMatch(/^multipart\/form-data/);
  await expect(dialog.getByRole('progressbar', { name: 'Picture upload progress' })).toBeVisible();
  await expect(page.getByText('Profile Picture Updated')).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  const avatar = dialog.getByTestId('profile-picture').locator('img');
  await expect(avatar).toHaveAttribute('src', /^\/media\/profile\/staff\/[0-9a-f]{24}\.webp$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
});

test('a parent changes a child’s picture from the child list', async ({ page }) => {
  await signIn(page, PHONES.parent);
  const dialog = await openMyProfile(page);
  const list = dialog.getByTestId('child-list');
  await expect(list.getByRole('listitem').filter({ hasText: 'Aarav Sharma' })).toContainText('Nursery A');
  expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('240px');
  const ira = list.getByRole('listitem').filter({ hasText: 'Ira Sharma' });
  await expect(ira).toContainText('Kindergarten B');
  await ira
    .locator('input[type="file"]')
    .setInputFiles({ name: 'ira.png', mimeType: 'image/png', buffer: await generatedPng(page) });
  await expect(page.getByText('Profile Picture Updated')).toBeVisible();
  await expect(ira.getByTestId('profile-picture').locator('img')).toHaveAttribute('src', /^\/media\/profile\/student\//);
});

test('My Profile reads right to left in Arabic', async ({ page }) => {
  await signIn(page, PHONES.dualRole);
  await page.evaluate(() => localStorage.setItem('cue.language', 'ar'));
  const dialog = await openMyProfile(page, 'ملفي الشخصي');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(dialog.getByRole('radio', { name: 'موظفًا' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'حذف الحساب' })).toBeVisible();
  await expect(dialog.getByTestId('school-section')).toContainText('عضو');
});

test('My Profile opens from the profile menu, is worked by Tab and closes with Escape', async ({ page }) => {
  await signIn(page, PHONES.parent);
  await profileMenu(page, 'My Profile');
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('profile-name')).toHaveText('Rohan Sharma');
  await expect(dialog.getByTestId('profile-section')).toContainText('rohan.sharma@family.example');
  // Tab reaches the own picture, the child list (a scrolling region) and each child's picture.
  const order = [
    dialog.getByRole('button', { name: 'Change picture of Rohan Sharma' }),
    dialog.getByTestId('child-list'),
    dialog.getByRole('button', { name: 'Change picture of Aarav Sharma' }),
  ];
  for (const target of order) {
    for (let i = 0; i < 6 && !(await target.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test("the classes list shows two classes, then '+ N more' to see the rest", async ({ page }) => {
  const names = ['Nursery A', 'Sunflowers', 'Rainbows', 'Little Explorers', 'Busy Bees'];
  await page.route('**/api/staff_classes/', async (route) => {
    const real = (await (await route.fetch()).json()) as { result: Record<string, unknown>[] };
    const template = real.result[0] ?? {};
    const result = names.map((class_name, i) => ({
      ...template,
      id: `${'a'.repeat(23)}${i}`,
      _id: `${'a'.repeat(23)}${i}`,
      class_name,
    }));
    await route.fulfill({ json: { result } });
  });
  await signIn(page, PHONES.teacher);
  const dialog = await openMyProfile(page);
  const classes = dialog.getByTestId('classes-section').getByRole('listitem');
  await expect(classes).toHaveText(['Nursery A', 'Sunflowers', '+ 3 more']);
  await dialog.getByRole('button', { name: '+ 3 more' }).click();
  await expect(classes).toHaveText([...names, 'Show fewer']);
  await expect(dialog.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
});
