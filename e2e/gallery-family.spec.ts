import type { MediaItem } from '@cue/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, makeCurrentChild, staffToken } from './support/api.js';
import { classId, roster } from './support/attendance.js';
import { mediaPost, plainJpeg, readItem, runTag, uploadPhoto, waitReady } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * What each family of Nursery A sees of its gallery: `class` items, `tagged` items only where its own
 * child is tagged, never `staff` items. Rohan is Aarav's father; Neha, a teacher of another class, is
 * Diya's mother. The journeys share one database: each makes its own three photos and looks only for
 * those.
 */

interface Arranged {
  names: { cls: string; aarav: string; staff: string };
  items: { cls: MediaItem; aarav: MediaItem; staff: MediaItem };
}

/** Three photos of Nursery A by its teacher: one for the class, one for Aarav's family, one for staff (Aarav tagged in the last two). */
async function arrange(request: APIRequestContext): Promise<Arranged> {
  const tag = runTag();
  const token = await staffToken(request, SHELL_PHONES.teacher);
  const nurseryA = await classId(request, token, 'Nursery A');
  const aaravId = (await roster(request, token, nurseryA)).find((p) => p.first_name === 'Aarav')?.id;
  if (!aaravId) throw new Error('No Aarav in Nursery A');
  const names = { cls: `family-class-${tag}.jpg`, aarav: `family-aarav-${tag}.jpg`, staff: `family-staff-${tag}.jpg` };
  const cls = await uploadPhoto(request, token, nurseryA, { name: names.cls, bytes: await plainJpeg([250, 180, 60]) });
  const aarav = await uploadPhoto(request, token, nurseryA, {
    name: names.aarav,
    bytes: await plainJpeg([60, 180, 250]),
    privacy: 'tagged',
  });
  const staff = await uploadPhoto(request, token, nurseryA, {
    name: names.staff,
    bytes: await plainJpeg([120, 120, 120]),
    privacy: 'staff',
  });
  for (const item of [aarav, staff])
    await mediaPost(request, token, `/api/class_media_edit/${item._id}`, { student_ids: [aaravId] });
  return {
    names,
    items: {
      cls: await waitReady(request, token, cls._id),
      aarav: await waitReady(request, token, aarav._id),
      staff: await waitReady(request, token, staff._id),
    },
  };
}

/** A tile of the family's grid, by the name its "open" button carries (in the page's language). */
const tile = (page: Page, open: string) =>
  page.getByTestId('media-tile').filter({ has: page.getByRole('button', { name: open, exact: true }) });

/** The parent token of a phone. */
async function parentToken(request: APIRequestContext, phone: string): Promise<string> {
  const token = (await apiSignIn(request, phone)).parent_user?.access_token;
  if (!token) throw new Error(`${phone} is not a parent`);
  return token;
}

const english = (name: string) => `Open ${name}`;
const arabic = (name: string) => `فتح ${name}`;

/** Each family's grid, in the page's words: `open` makes a tile's button name from a file name. */
async function familyViews(page: Page, request: APIRequestContext, arranged: Arranged, open: (name: string) => string) {
  const { names } = arranged;
  // Rohan, with Aarav as his current child: the class's photo and Aarav's own, not the staff one.
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(page, request, SHELL_PHONES.parent, '/communication/media');
  await expect(tile(page, open(names.cls))).toHaveCount(1);
  // While its thumbnail loads, a tile shows the item's blurhash.
  await expect(tile(page, open(names.cls))).toHaveCSS('background-image', /^url\("data:image\/png;base64,/);
  await expect(tile(page, open(names.aarav))).toHaveCount(1);
  await expect(tile(page, open(names.staff))).toHaveCount(0);
  // Families see no privacy badge: a new item is marked instead.
  await expect(tile(page, open(names.aarav)).getByTestId('privacy-badge')).toHaveCount(0);

  // Neha, a teacher, on her parent side as Diya's mother (Diya is in the same class): the class's photo only.
  await openAs(page, request, SHELL_PHONES.dualRole, '/communication/media?as=parent');
  await expect(page.getByRole('tab', { name: open === english ? 'Faces to review' : 'وجوه للمراجعة' })).toHaveCount(0);
  await expect(tile(page, open(names.cls))).toHaveCount(1);
  await expect(tile(page, open(names.aarav))).toHaveCount(0);
  await expect(tile(page, open(names.staff))).toHaveCount(0);
}

test("each family sees the class's photos and its own child's, never another child's tagged photo or a staff one", async ({
  page,
  request,
}) => {
  const arranged = await arrange(request);
  const { names, items } = arranged;
  await familyViews(page, request, arranged, english);
  await expect(page.getByRole('heading', { level: 1, name: 'Class gallery' })).toBeVisible();
  await expect(page.getByText("Photos and videos of Diya Patel's class")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('gallery-family-neha.png'), fullPage: true });

  // Asked by its address, Aarav's photo does not exist for Diya's family, nor the staff photo for anyone's.
  const neha = await parentToken(request, SHELL_PHONES.dualRole);
  const rohan = await parentToken(request, SHELL_PHONES.parent);
  expect(await readItem(request, neha, items.aarav._id)).toBe(404);
  expect(await readItem(request, neha, items.staff._id)).toBe(404);
  expect(await readItem(request, rohan, items.staff._id)).toBe(404);
  expect(await readItem(request, neha, items.cls._id)).toMatchObject({ _id: items.cls._id, faces: [] });
  // Rohan's copy of Aarav's photo names only his child, and no faces.
  expect(await readItem(request, rohan, items.aarav._id)).toMatchObject({
    _id: items.aarav._id,
    tagged: [{ name: 'Aarav Sharma' }],
    faces: [],
  });

  // Rohan opens Aarav's photo: the picture large, without any of the staff's controls.
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(page, request, SHELL_PHONES.parent, '/communication/media');
  await expect(page.getByText("Photos and videos of Aarav Sharma's class")).toBeVisible();
  await tile(page, `Open ${names.aarav}`).getByRole('button').first().click();
  const viewer = page.getByRole('dialog', { name: names.aarav });
  await expect(viewer.getByRole('img', { name: names.aarav })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Download' })).toBeVisible();
  await expect(viewer.getByRole('combobox', { name: 'Who can see it' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('in Arabic, the families see the same photos, right to left', async ({ page, request }) => {
  const arranged = await arrange(request);
  await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
  await familyViews(page, request, arranged, arabic);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'معرض الصف' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'المعرض' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('صور صف Diya Patel ومقاطع الفيديو')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('gallery-family-ar.png'), fullPage: true });
});

test("a teacher who is also a parent goes from her class's gallery to her child's in one click, and back", async ({
  page,
  request,
}) => {
  const { names } = await arrange(request);
  await openAs(page, request, SHELL_PHONES.dualRole, '/communication/media');
  const sides = page.getByTestId('side-switch-inline');
  await expect(page.getByText('Photos and videos of Kindergarten B')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeVisible();

  await sides.getByRole('button', { name: 'Parent' }).click();
  await expect(page).toHaveURL(/\/communication\/media\?as=parent$/);
  await expect(sides.getByRole('button', { name: 'Parent' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText("Photos and videos of Diya Patel's class")).toBeVisible();
  await expect(tile(page, english(names.cls))).toHaveCount(1);
  await expect(tile(page, english(names.aarav))).toHaveCount(0);
  await expect(tile(page, english(names.staff))).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);

  await sides.getByRole('button', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/communication\/media$/);
  await expect(page.getByText('Photos and videos of Kindergarten B')).toBeVisible();
});
