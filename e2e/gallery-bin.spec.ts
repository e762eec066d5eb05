import type { MediaItem } from '@cue/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { classId } from './support/attendance.js';
import { plainJpeg, readItem, runTag, uploadPhoto, waitReady } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * Arranging Nursery A's gallery as its teacher: several items deleted at once and one brought back from
 * the bin, and an album made of a selection. Each journey makes its own photos, named with its run's word.
 */

/** `count` plain photos of Nursery A by its teacher, ready, named `<prefix>-<tag>-<n>.jpg`. */
async function photos(request: APIRequestContext, prefix: string, count: number) {
  const tag = runTag();
  const token = await staffToken(request, SHELL_PHONES.teacher);
  const nurseryA = await classId(request, token, 'Nursery A');
  const items: MediaItem[] = [];
  for (let n = 1; n <= count; n++) {
    const bytes = await plainJpeg([40 * n, 200 - 30 * n, 120]);
    items.push(await uploadPhoto(request, token, nurseryA, { name: `${prefix}-${tag}-${n}.jpg`, bytes }));
  }
  const ready = [];
  for (const item of items) ready.push(await waitReady(request, token, item._id));
  return { tag, token, items: ready, names: ready.map((i) => i.name) };
}

const tile = (page: Page, name: string) =>
  page.getByTestId('media-tile').filter({ has: page.getByRole('button', { name: `Open ${name}`, exact: true }) });

/** Ticks an item's box on the grid. */
const select = (page: Page, name: string) => page.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();

test('a teacher deletes two photos at once, finds them in the bin and restores one', async ({ page, request }) => {
  const { token, items, names } = await photos(request, 'bin', 3);
  const [first = '', second = '', third = ''] = names;
  await openAs(page, request, SHELL_PHONES.teacher, '/communication/media');
  await expect(tile(page, first)).toHaveCount(1);

  await select(page, first);
  await select(page, second);
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the selected items?' });
  await expect(confirm).toContainText('restored for 30 days');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Moved to the bin')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(bar).toBeHidden();
  // Gone from the gallery; the third stays.
  await expect(tile(page, first)).toHaveCount(0);
  await expect(tile(page, second)).toHaveCount(0);
  await expect(tile(page, third)).toHaveCount(1);

  // In the bin, each with the day it goes for good and its own "Restore".
  await page.getByRole('tab', { name: 'Bin' }).click();
  await expect(page).toHaveURL(/tab=bin/);
  const bin = page.getByTestId('bin-item');
  const binned = (name: string) => bin.filter({ has: page.getByRole('img', { name, exact: true }) });
  await expect(binned(first)).toContainText('Removed on');
  await expect(binned(second)).toHaveCount(1);
  await expect(binned(third)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('gallery-bin.png'), fullPage: true });
  await page.getByRole('button', { name: `Restore ${first}`, exact: true }).click();
  await expect(page.getByText('Restored', { exact: true })).toBeVisible();
  await expect(binned(first)).toHaveCount(0);
  await expect(binned(second)).toHaveCount(1);

  // Back in the gallery, and so for the server.
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await expect(tile(page, first)).toHaveCount(1);
  await expect(tile(page, second)).toHaveCount(0);
  expect(await readItem(request, token, items[0]?._id ?? '')).toMatchObject({ deleted_at: null });
  expect(await readItem(request, token, items[1]?._id ?? '')).toMatchObject({ deleted_at: expect.any(String) });
});

test('a teacher makes an album of two selected photos and opens it', async ({ page, request }) => {
  const { tag, names } = await photos(request, 'album', 3);
  const [first = '', second = '', third = ''] = names;
  const albumName = `Sports day ${tag}`;
  await openAs(page, request, SHELL_PHONES.teacher, '/communication/media');
  await select(page, first);
  await select(page, third);
  const bar = page.getByTestId('bulk-bar');
  await bar.getByRole('button', { name: 'Add to album' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add the selected items to an album' });
  await dialog.getByRole('combobox', { name: 'Album' }).click();
  await page.getByRole('option', { name: 'A new album…' }).click();
  await dialog.getByRole('textbox', { name: 'Album name' }).fill(albumName);
  await dialog.getByRole('button', { name: 'Add to album' }).click();
  await expect(page.getByText('Album created')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'Albums' }).click();
  const card = page.getByTestId('album-card').filter({ hasText: albumName });
  await expect(card).toContainText('2 items');
  await card.click();
  const album = page.getByTestId('album-view');
  await expect(album.getByRole('heading', { level: 2, name: albumName })).toBeVisible();
  await expect(album.getByTestId('media-tile')).toHaveCount(2);
  await expect(tile(page, first)).toHaveCount(1);
  await expect(tile(page, third)).toHaveCount(1);
  await expect(tile(page, second)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('gallery-album.png'), fullPage: true });

  // One of them opened from the album.
  await tile(page, third)
    .getByRole('button', { name: `Open ${third}` })
    .click();
  await expect(page.getByRole('dialog', { name: third }).getByRole('img', { name: third })).toBeVisible();
  await page.getByRole('dialog', { name: third }).getByRole('button', { name: 'Close' }).click();
  await album.getByRole('button', { name: 'Back to the albums' }).click();
  await expect(card).toBeVisible();
});

test("a teacher adds two photos to an activity of the class's calendar", async ({ page, request }) => {
  const { tag, token, items, names } = await photos(request, 'activity', 2);
  const [first = '', second = ''] = names;
  const nurseryA = await classId(request, token, 'Nursery A');
  // An outing weeks ago: out of the way of the journeys that read today's and this week's calendar.
  const day = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
  const title = `Leaf hunt ${tag}`;
  const made = await request.post('/api/calendar/', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, start_date: day, end_date: day, class_id: nurseryA },
  });
  expect(made.ok()).toBe(true);
  const eventId = (await made.json()).result.id as string;

  await openAs(page, request, SHELL_PHONES.teacher, '/communication/media');
  await select(page, first);
  await select(page, second);
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Add to activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add the selected items to an activity' });
  await dialog.getByRole('combobox', { name: 'Activity' }).click();
  await page.getByRole('option', { name: `${day} · ${title}` }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Added to the activity')).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const item of items)
    await expect.poll(async () => ((await readItem(request, token, item._id)) as MediaItem).activity_ids).toEqual([eventId]);
});
