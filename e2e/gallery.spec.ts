import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import sharp from 'sharp';
import { staffToken } from './support/api.js';
import { classId, roster } from './support/attendance.js';
import { itemOf, mediaPost, plainJpeg, readItem, runTag, sample, uploadPhoto, waitReady, writeFiles } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * The class gallery as a teacher of Nursery A works with it. The journeys share one database with the
 * others: every file is named with the run's own word, and only those files are counted.
 */

/** Nursery A, Tara's token and the ids of its children by first name, through the API. */
async function nurseryA(request: Parameters<typeof staffToken>[0]) {
  const token = await staffToken(request, SHELL_PHONES.teacher);
  const id = await classId(request, token, 'Nursery A');
  const pupils = await roster(request, token, id);
  const child = (first: string) => {
    const found = pupils.find((p) => p.first_name === first);
    if (!found) throw new Error(`No ${first} in Nursery A`);
    return found.id;
  };
  return { token, id, child };
}

/** The grid's tile of a file, by the name its "Open …" button carries. */
const tile = (page: Page, name: string) =>
  page.getByTestId('media-tile').filter({ has: page.getByRole('button', { name: `Open ${name}`, exact: true }) });

/** The children tagged in the viewer: the pills of its "Children in it" field. */
const tags = (viewer: Locator) => viewer.locator('.mantine-MultiSelect-pill');

/** Opens the upload panel and chooses files through the file chooser, as a person does. */
async function chooseFiles(page: Page, paths: string[]) {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const panel = page.getByTestId('upload-panel');
  const chooser = page.waitForEvent('filechooser');
  await panel.getByText('Drop photos and videos here, or click to choose').click();
  await (await chooser).setFiles(paths);
  return panel;
}

test('a teacher uploads ten photos at once, follows a bar per file and one for the batch, and finds all ten ready in the grid', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const plain: [number, number, number][] = [
    [240, 120, 60],
    [60, 160, 90],
    [70, 110, 220],
    [200, 200, 80],
  ];
  const files = [
    ...([1, 2, 3, 4, 5, 6] as const).map((n) => ({ name: `faces-${tag}-${n}.jpg`, bytes: sample(n) })),
    ...(await Promise.all(plain.map(async (rgb, i) => ({ name: `plain-${tag}-${i + 1}.jpg`, bytes: await plainJpeg(rgb) })))),
  ];
  const paths = writeFiles(test.info().outputPath('uploads'), files);

  await openAs(page, request, SHELL_PHONES.teacher, '/communication/media');
  await expect(page.getByRole('heading', { level: 1, name: 'Class gallery' })).toBeVisible();
  await expect(page.getByText('Photos and videos of Nursery A')).toBeVisible();
  // Each upload is held at the network until the journey lets it through, so the panel is seen mid-way.
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/api\/class_media\/[^/?]+$/, (route) => {
    if (route.request().method() !== 'POST' || !holding) return route.continue();
    held.push(route);
  });
  const panel = await chooseFiles(page, paths);
  const entries = panel.getByTestId('upload-entry');
  const inState = (state: string) => panel.locator(`[data-testid="upload-entry"][data-state="${state}"]`);

  // A bar per file, and one for the whole batch.
  await expect(entries).toHaveCount(10);
  // (An empty bar has no width: it is there, not yet visible.)
  for (const file of files) await expect(panel.getByRole('progressbar', { name: `Uploading ${file.name}` })).toHaveCount(1);
  const overall = panel.getByRole('progressbar', { name: 'All files' });
  await expect(overall).toHaveCount(1);
  // Three files travel at once; the seven others wait their turn.
  await expect.poll(() => held.length).toBe(3);
  await expect(inState('uploading')).toHaveCount(3);
  await expect(inState('waiting')).toHaveCount(7);
  await expect(panel.getByText('0 of 10 files finished')).toBeVisible();
  // One through: it is done, the next one starts, and the batch is part-way.
  await held.shift()?.continue();
  await expect(panel.getByText('1 of 10 files finished')).toBeVisible();
  await expect(inState('done')).toHaveCount(1);
  await expect.poll(() => held.length).toBe(3);
  await expect(inState('uploading')).toHaveCount(3);
  await expect(inState('waiting')).toHaveCount(6);
  const partWay = Number(await overall.getAttribute('aria-valuenow'));
  expect(partWay).toBeGreaterThan(0);
  expect(partWay).toBeLessThan(100);
  await page.screenshot({ path: test.info().outputPath('gallery-upload-progress.png') });

  // Then the rest let through: every file done, each bar full and the batch's too.
  holding = false;
  for (const route of held.splice(0)) await route.continue();
  await expect(panel.getByText('10 of 10 files finished')).toBeVisible({ timeout: 60_000 });
  await expect(overall).toHaveAttribute('aria-valuenow', '100');
  await expect(inState('done')).toHaveCount(10);
  for (const file of files)
    await expect(panel.getByRole('progressbar', { name: `Uploading ${file.name}` })).toHaveAttribute('aria-valuenow', '100');
  await panel.getByRole('button', { name: 'Close the upload panel' }).click();
  await expect(panel).toBeHidden();

  // All ten in the grid, and once processed (faces found, thumbnails made) none says "Processing".
  const mine = page
    .getByTestId('media-tile')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^Open (faces|plain)-${tag}-\\d\\.jpg$`) }) });
  await expect(mine).toHaveCount(10);
  await expect(mine.and(page.locator('[data-status="ready"]'))).toHaveCount(10, { timeout: 90_000 });
  await expect(mine.getByText('Processing', { exact: true })).toHaveCount(0);
  for (const file of files) {
    await expect(tile(page, file.name)).toHaveCount(1);
    // Its thumbnail (decorative: the button names the file).
    await expect(tile(page, file.name).locator('img')).toHaveAttribute('src', /thumb/);
  }
  await expect(mine.locator('[data-testid="privacy-badge"][data-privacy="class"]')).toHaveCount(10);
  await page.screenshot({ path: test.info().outputPath('gallery-grid.png'), fullPage: true });
});

test('faces suggested as Vihaan and Kabir are confirmed in one click each; Diya, without face-recognition consent, gets no reference face', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const vihaan = cls.child('Vihaan');
  const kabir = cls.child('Kabir');

  // Arranged over the API: two faces of sample1 become Vihaan's and Kabir's reference faces.
  const first = await uploadPhoto(request, cls.token, cls.id, { name: `reference-${tag}.jpg`, bytes: sample(1) });
  const processed = await waitReady(request, cls.token, first._id);
  expect(processed.faces.length).toBeGreaterThanOrEqual(3);
  const pairs: [string, string][] = [
    [processed.faces[0]?._id ?? '', vihaan],
    [processed.faces[1]?._id ?? '', kabir],
  ];
  for (const [faceId, child] of pairs) {
    await mediaPost(request, cls.token, '/api/add_unmatched_face/', { face_id: faceId, action: 'assign', student_id: child });
    const refs = await mediaPost<{ references: unknown[] }>(request, cls.token, '/api/add_new_face/', {
      student_id: child,
      face_id: faceId,
    });
    expect(refs.references.length).toBeGreaterThan(0);
  }

  // In the page: the teacher uploads another copy of the photo (smaller, re-encoded).
  const name = `class-photo-${tag}.jpg`;
  const [copy] = writeFiles(test.info().outputPath('uploads'), [
    { name, bytes: await sharp(sample(1)).resize(900).jpeg({ quality: 80 }).toBuffer() },
  ]);
  await openAs(page, request, SHELL_PHONES.teacher, '/communication/media');
  const panel = await chooseFiles(page, [copy ?? '']);
  await expect(panel.getByText('1 of 1 files finished')).toBeVisible({ timeout: 30_000 });
  await expect(tile(page, name)).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const id = (await itemId(request, cls, name)) ?? '';
  await tile(page, name)
    .getByRole('button', { name: `Open ${name}` })
    .click();
  const viewer = page.getByRole('dialog', { name });
  await expect(viewer.getByTestId('media-viewer')).toBeVisible();

  // The two faces come with their suggestion; nothing is tagged until she confirms.
  const faces = viewer.getByTestId('face-actions');
  const suggested = viewer.locator('[data-testid="face-actions"][data-status="suggested"]');
  await expect(suggested).toHaveCount(2);
  await expect(suggested.filter({ hasText: 'maybe Vihaan Gupta' })).toHaveCount(1);
  await expect(suggested.filter({ hasText: 'maybe Kabir Khan' })).toHaveCount(1);
  expect(await readItem(request, cls.token, id)).toMatchObject({ tagged: [] });
  await page.screenshot({ path: test.info().outputPath('gallery-suggestions.png') });

  // One click each.
  await viewer.getByRole('button', { name: 'Confirm Vihaan Gupta' }).click();
  await expect(faces.filter({ hasText: 'Vihaan Gupta' })).toHaveAttribute('data-status', 'assigned');
  await viewer.getByRole('button', { name: 'Confirm Kabir Khan' }).click();
  await expect(faces.filter({ hasText: 'Kabir Khan' })).toHaveAttribute('data-status', 'assigned');
  await expect(suggested).toHaveCount(0);
  // The item shows both among the children in it.
  const tagged = tags(viewer);
  await expect(tagged).toHaveCount(2);
  await expect(tagged.filter({ hasText: 'Vihaan Gupta' })).toHaveCount(1);
  await expect(tagged.filter({ hasText: 'Kabir Khan' })).toHaveCount(1);
  const saved = await itemOf(request, cls.token, id);
  expect(saved.tagged.map((c) => c._id).sort()).toEqual([vihaan, kabir].sort());

  // A face nobody matched is Diya's: assigned, but her family did not agree to face recognition.
  const unknown = viewer.locator('[data-testid="face-actions"][data-status="unmatched"]').first();
  await unknown.getByRole('combobox', { name: /^Who is face \d+\?$/ }).click();
  await page.getByRole('option', { name: 'Diya Patel' }).click();
  await unknown.getByRole('button', { name: 'Assign' }).click();
  const diya = faces.filter({ hasText: 'Diya Patel' });
  await expect(diya).toHaveAttribute('data-status', 'assigned');
  await diya.getByRole('button', { name: 'Use as reference face' }).click();
  await expect(page.getByText("This child's family has not agreed to face recognition")).toBeVisible();
  await expect(diya.getByRole('button', { name: 'Use as reference face' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('gallery-no-biometric-consent.png') });
  const refs = await mediaPost<{ references: unknown[]; biometric_consent: boolean }>(
    request,
    cls.token,
    '/api/fetch_user_recognized_face/',
    { student_id: cls.child('Diya') },
  );
  expect(refs).toMatchObject({ biometric_consent: false, references: [] });

  // Searching the gallery by Kabir's face finds the photo.
  await viewer.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('combobox', { name: 'Child', exact: true }).click();
  await page.getByRole('option', { name: 'Kabir Khan' }).click();
  await page.getByRole('switch', { name: 'Found by their face' }).check();
  await expect(page.getByText(/photos? where their face was found/)).toBeVisible();
  await expect(tile(page, name)).toHaveCount(1);
});

/** The id of the class's item of that file name, through the staff list. */
async function itemId(
  request: Parameters<typeof staffToken>[0],
  cls: { token: string; id: string },
  name: string,
): Promise<string | undefined> {
  const res = await request.get(`/api/class_media/${cls.id}`, { headers: { authorization: `Bearer ${cls.token}` } });
  const { result } = (await res.json()) as { result: { items: { _id: string; name: string }[] } };
  return result.items.find((i) => i.name === name)?._id;
}

test('a teacher makes one photo visible to tagged families only and tags Aarav; another stays with the class', async ({
  page,
  request,
}) => {
  const tag = runTag();
  const cls = await nurseryA(request);
  const names = { tagged: `just-aarav-${tag}.jpg`, cls: `whole-class-${tag}.jpg` };
  const a = await uploadPhoto(request, cls.token, cls.id, { name: names.tagged, bytes: await plainJpeg([150, 90, 200]) });
  const b = await uploadPhoto(request, cls.token, cls.id, { name: names.cls, bytes: await plainJpeg([90, 200, 150]) });
  await waitReady(request, cls.token, a._id);
  await waitReady(request, cls.token, b._id);

  await openAs(page, request, SHELL_PHONES.teacher, '/communication/media');
  await tile(page, names.tagged)
    .getByRole('button', { name: `Open ${names.tagged}` })
    .click();
  const viewer = page.getByRole('dialog', { name: names.tagged });
  const children = viewer.getByRole('combobox', { name: 'Children in it' });

  // Meera's family did not agree to photos shared with the class: tagging her there is refused and undone.
  await children.click();
  await page.getByRole('option', { name: 'Meera Nair' }).click();
  await expect(page.getByText("This child's family has not agreed to photos shared with the class")).toBeVisible();
  await expect(tags(viewer)).toHaveCount(0);
  await viewer.getByRole('heading', { name: names.tagged }).click();

  // Visible to tagged families only, then Aarav tagged.
  await viewer.getByRole('combobox', { name: 'Who can see it' }).click();
  await page.getByRole('option', { name: 'Tagged families' }).click();
  await expect(viewer.getByTestId('privacy-badge')).toHaveAttribute('data-privacy', 'tagged');
  await children.click();
  await page.getByRole('option', { name: 'Aarav Sharma' }).click();
  await expect(tags(viewer)).toHaveText(['Aarav Sharma']);
  await expect.poll(async () => (await itemOf(request, cls.token, a._id)).tagged.map((c) => c._id)).toEqual([cls.child('Aarav')]);
  await page.screenshot({ path: test.info().outputPath('gallery-tagged.png') });
  await viewer.getByRole('heading', { name: names.tagged }).click();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // The grid says who sees each.
  const badge = (name: string) => tile(page, name).getByTestId('privacy-badge');
  await expect(badge(names.tagged)).toHaveAttribute('data-privacy', 'tagged');
  await expect(badge(names.tagged)).toHaveAttribute('title', 'Tagged families');
  await expect(badge(names.cls)).toHaveAttribute('data-privacy', 'class');
  await expect(badge(names.cls)).toHaveAttribute('title', 'Class');
  const other = await readItem(request, cls.token, b._id);
  expect(other).toMatchObject({ privacy: 'class', tagged: [] });
  expect(await readItem(request, cls.token, a._id)).toMatchObject({ privacy: 'tagged' });
});
