import { expect, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { classIds, createCommunication, ddmmyyyy, PNG_FIXTURE, row, toastWith, uniqueTitle } from './support/communication.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

const NEHA = SHELL_PHONES.dualRole;
const SHOTS = 'test-results/communication';

// Journeys of several screens and two or three people each.
test.describe.configure({ timeout: 60_000 });

test('a teacher drafts an announcement, edits it and schedules it', async ({ page, request }) => {
  const title = uniqueTitle('Library visit');
  await openAs(page, request, SHELL_PHONES.teacher, '/communication/announcements');
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();

  // The New link is there for staff.
  await page.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/communication\/announcements\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New announcement' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByTestId('summary-editor').click();
  await page.keyboard.type('Bring a library bag on Thursday.');
  await page.screenshot({ path: `${SHOTS}/editor.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save As Draft' }).click();
  await expect(toastWith(page, 'Announcement Saved As Draft!')).toBeVisible();
  await expect(page).toHaveURL(/\/communication\/announcements$/);
  await expect(row(page, title).getByTestId('status-badge')).toHaveText('Draft');

  // Edit: the form holds what was saved.
  await row(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  await expect(page).toHaveURL(/\/communication\/announcements\/edit\/[0-9a-f]{24}$/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByTestId('summary-editor')).toContainText('Bring a library bag on Thursday.');
  const edited = `${title} (Thursday)`;
  await page.getByLabel('Title').fill(edited);

  // Schedule it for two days ahead.
  const when = ddmmyyyy(2);
  await page.getByRole('switch', { name: 'Schedule for later' }).check();
  const date = page.getByTestId('schedule-date');
  await date.fill(when);
  await date.blur();
  await expect(date).toHaveValue(when);
  // Tomorrow-at-nine is the first suggestion; the teacher picks half past ten.
  await expect(page.getByRole('spinbutton', { name: 'Hours' })).toHaveValue('09');
  await page.getByRole('spinbutton', { name: 'Hours' }).click();
  await page.keyboard.type('1030');
  await expect(page.getByRole('spinbutton', { name: 'Hours' })).toHaveValue('10');
  await expect(page.getByRole('spinbutton', { name: 'Minutes' })).toHaveValue('30');
  await expect(page.getByRole('textbox', { name: 'AM or PM' })).toHaveValue('AM');
  await page.screenshot({ path: `${SHOTS}/editor-schedule.png`, fullPage: true });
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(toastWith(page, 'Announcement Scheduled!')).toBeVisible();
  await expect(page).toHaveURL(/\/communication\/announcements$/);
  await expect(row(page, edited).getByTestId('status-badge')).toHaveText('Scheduled');
  await expect(row(page, edited)).toContainText(`${when} 10:30 AM`);
  await expect(row(page, title)).toHaveCount(0);

  // The status filter finds it among the scheduled ones only.
  await page.getByLabel('Search').fill(edited);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Scheduled' }).click();
  await expect(row(page, edited)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/list.png`, fullPage: true });

  // Its creator may delete it, after confirming.
  await row(page, edited)
    .getByRole('button', { name: `Delete ${edited}` })
    .click();
  await expect(page.getByRole('dialog')).toContainText(edited);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toastWith(page, 'Deleted')).toBeVisible();
  await expect(row(page, edited)).toHaveCount(0);
});

test('an admin sends an announcement with a picture to two classes', async ({ page, request }) => {
  const title = uniqueTitle('Sports day');
  await openAs(page, request, SHELL_PHONES.admin, '/communication/announcements/create');
  await page.getByLabel('Title').fill(title);
  await page.getByTestId('summary-editor').click();
  await page.keyboard.type('Wear trainers and a hat.');

  // Share with two chosen classes.
  await page.getByText('Chosen classes').click();
  const picker = page.getByTestId('class-picker');
  await picker.click();
  await page.getByRole('option', { name: 'Nursery A' }).click();
  await page.getByRole('option', { name: 'Kindergarten B' }).click();
  await page.keyboard.press('Escape');

  // A picture, uploaded with progress and shown as a preview.
  await page.locator('input[type="file"]').setInputFiles({ name: 'route-map.png', mimeType: 'image/png', buffer: PNG_FIXTURE });
  const preview = page.getByTestId('attachment-preview');
  await expect(preview).toHaveAttribute('data-done', 'true');
  await expect(preview.getByRole('img', { name: 'route-map.png' })).toBeVisible();
  await expect(preview.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await page.screenshot({ path: `${SHOTS}/editor-attachment.png`, fullPage: true });

  // Send asks first, naming whom it reaches: the families of the two classes (Rohan's Aarav and Ira, Neha's Diya).
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this announcement now?' });
  await expect(confirm.getByTestId('send-confirm-title')).toHaveText(title);
  await expect(confirm.getByTestId('send-confirm-reach')).toHaveText(
    /^It goes to \d+ famil(y|ies) of (Nursery A and Kindergarten B|Kindergarten B and Nursery A)\.$/,
  );
  await page.screenshot({ path: `${SHOTS}/send-confirm.png` });
  // Keep editing: nothing is sent.
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(/\/communication\/announcements\/create$/);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog', { name: 'Send this announcement now?' }).getByRole('button', { name: 'Send now' }).click();
  await expect(toastWith(page, 'Announcement Sent!')).toBeVisible();
  const sent = row(page, title);
  await expect(sent.getByTestId('status-badge')).toHaveText('Published');
  await expect(sent).toContainText('Nursery A');
  await expect(sent).toContainText('Kindergarten B');
  // A published one cannot be edited; its creator may still delete it.
  await expect(sent.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
  await expect(sent.getByRole('button', { name: `Delete ${title}` })).toBeVisible();

  // The view shows the text and the attachment.
  await sent.getByRole('button', { name: `View ${title}` }).click();
  const view = page.getByTestId('communication-view');
  await expect(view.getByTestId('rich-text')).toContainText('Wear trainers and a hat.');
  await expect(view.getByTestId('attachment')).toHaveCount(1);
});

test('a parent reads an announcement live and the school sees the read receipt', async ({ page, request }) => {
  const title = uniqueTitle('Picnic');
  const anita = await staffToken(request, SHELL_PHONES.admin);
  const classes = await classIds(request, anita);

  // The parent has the list open when the school sends it: it arrives without a reload.
  await openAs(page, request, SHELL_PHONES.parent, '/communication/announcements');
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await expect(page.getByTestId('no-access')).toHaveCount(0);
  await expect(page.getByText('Shared with the classes of')).toBeVisible();
  // Give the socket a moment to join the class rooms.
  await page.waitForTimeout(1000);
  const upload = await request.post('/api/media/', {
    headers: { authorization: `Bearer ${anita}` },
    multipart: { file: { name: 'picnic-map.png', mimeType: 'image/png', buffer: PNG_FIXTURE } },
  });
  expect(upload.ok()).toBe(true);
  const { media_link } = ((await upload.json()) as { result: { media_link: string } }).result;
  const created = await createCommunication(request, anita, 'announcement', {
    title,
    summary: '<p>Bring a <strong>blanket</strong>.</p><script>window.hacked = true</script>',
    share_with: 'Classes',
    classes_ids: [classes['Nursery A'], classes['Kindergarten B']],
    announcement_media: [{ media_link }],
  });
  expect(created.status).toBe('published');
  const item = page.getByTestId('parent-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  // Newest first.
  await expect(page.getByTestId('parent-item').first()).toContainText(title);

  // Before reading: Rohan is among those who have not read it.
  const receipts = await request.get(`/api/communication/announcements/${created.id}/reads`, {
    headers: { authorization: `Bearer ${anita}` },
  });
  const before = (await receipts.json()) as { result: { not_read: { first_name: string; last_name: string }[] } };
  expect(before.result.not_read.map((p) => `${p.first_name} ${p.last_name}`)).toContain('Rohan Sharma');

  await item.click();
  const reading = page.getByTestId('communication-read');
  await expect(reading.getByTestId('rich-text')).toContainText('Bring a blanket.');
  await expect(reading.locator('strong')).toHaveText('blanket');
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
  // The attachment is there to download.
  const download = reading.getByRole('link', { name: 'Download picnic-map.png' });
  await expect(download).toHaveAttribute('href', media_link);
  expect((await request.get(media_link)).ok()).toBe(true);
  await page.screenshot({ path: `${SHOTS}/parent-read.png`, fullPage: true });
  await page.keyboard.press('Escape');
  await expect(item).toHaveAttribute('data-read', 'true');
  await page.screenshot({ path: `${SHOTS}/parent-list.png`, fullPage: true });

  // The admin sees Rohan under Read.
  await openAs(page, request, SHELL_PHONES.admin, '/communication/announcements');
  await row(page, title)
    .getByRole('button', { name: `View ${title}` })
    .click();
  const readTab = page.getByTestId('read-receipts');
  await expect(readTab.getByTestId('receipts-read')).toContainText('Rohan Sharma');
  await readTab.getByRole('tab', { name: /Not read yet/ }).click();
  await expect(readTab.getByTestId('receipts-unread')).not.toContainText('Rohan Sharma');
  await page.screenshot({ path: `${SHOTS}/receipts.png`, fullPage: true });
});

test("a teacher without access to others' announcements cannot edit the admin's", async ({ page, request }) => {
  const title = uniqueTitle('Parents evening');
  const anita = await staffToken(request, SHELL_PHONES.admin);
  const classes = await classIds(request, anita);
  const created = await createCommunication(request, anita, 'announcement', {
    title,
    summary: '<p>Meet the teachers.</p>',
    share_with: 'Classes',
    classes_ids: [classes['Kindergarten B']],
    schedule_later: true,
    date: ddmmyyyy(5),
    time: '05:30 PM',
  });
  expect(created.status).toBe('scheduled');

  // Its creator may edit it.
  await openAs(page, request, SHELL_PHONES.admin, '/communication/announcements');
  await expect(row(page, title).getByRole('button', { name: `Edit ${title}` })).toBeVisible();

  // Neha teaches Kindergarten B but does not hold access_others_announcement: no Edit, no Delete.
  await openAs(page, request, NEHA, '/communication/announcements');
  await expect(row(page, title).getByTestId('status-badge')).toHaveText('Scheduled');
  await expect(row(page, title).getByRole('button', { name: `View ${title}` })).toBeVisible();
  await expect(row(page, title).getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
  await expect(row(page, title).getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
  // The New link is for all staff.
  await expect(page.getByRole('link', { name: 'New' })).toBeVisible();

  // Opening the edit page directly does not offer the form.
  await page.goto(`/communication/announcements/edit/${created.id}`);
  await expect(page.getByTestId('edit-refused')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toHaveCount(0);
});

test('a teacher sets homework with a due date and the parent sees it', async ({ page, request }) => {
  const title = uniqueTitle('Leaf collection');
  const due = ddmmyyyy(7);
  await openAs(page, request, SHELL_PHONES.teacher, '/communication/homeworks');
  await expect(page.getByRole('heading', { level: 1, name: 'Homework' })).toBeVisible();
  await page.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/communication\/homeworks\/create$/);
  // Homework goes to classes: the teacher's class is chosen already; there is no Everyone choice.
  await expect(page.getByText('Chosen classes')).toHaveCount(0);
  await expect(page.getByTestId('class-picker').locator('..')).toContainText('Nursery A');
  await page.getByLabel('Title').fill(title);
  await page.getByTestId('summary-editor').click();
  await page.keyboard.type('Collect three different leaves.');
  const dueInput = page.getByTestId('due-date');
  await dueInput.fill(due);
  await dueInput.blur();
  await expect(dueInput).toHaveValue(due);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this homework now?' });
  await expect(confirm.getByTestId('send-confirm-reach')).toHaveText(/^It goes to \d+ famil(y|ies) of Nursery A\.$/);
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect(toastWith(page, 'Announcement Sent!')).toBeVisible();
  await expect(page).toHaveURL(/\/communication\/homeworks$/);
  await expect(row(page, title)).toContainText(due);
  await expect(row(page, title).getByTestId('status-badge')).toHaveText('Published');

  // Rohan's Aarav is in Nursery A; he reads it on his phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, request, SHELL_PHONES.parent, '/communication/homeworks');
  const item = page.getByTestId('parent-item').filter({ hasText: title });
  await expect(item).toContainText(`Due ${due}`);
  await page.screenshot({ path: `${SHOTS}/parent-homework-phone.png`, fullPage: true });
  await item.click();
  await expect(page.getByTestId('communication-read')).toContainText('Collect three different leaves.');
  await expect(page.getByTestId('communication-read')).toContainText(`Due ${due}`);
  await page.screenshot({ path: `${SHOTS}/parent-homework-read-phone.png` });
});

test('the announcement screens read right to left in Arabic', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
  await openAs(page, request, SHELL_PHONES.teacher, '/communication/announcements');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الإعلانات' })).toBeVisible();
  await page.getByRole('link', { name: 'جديد' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'إعلان جديد' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'حفظ كمسودة' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'إرسال', exact: true })).toBeVisible();
  // Sending without a title is refused in Arabic.
  await page.getByRole('button', { name: 'إرسال', exact: true }).click();
  await expect(toastWith(page, 'أضف عنوانًا قبل الإرسال أو الجدولة')).toBeVisible();
  // The side panel is on the left in right-to-left order.
  const title = await page.getByLabel('العنوان').boundingBox();
  const send = await page.getByRole('button', { name: 'إرسال', exact: true }).boundingBox();
  expect(send && title && send.x < title.x).toBe(true);
  await page.screenshot({ path: `${SHOTS}/editor-ar.png`, fullPage: true });
});
