import { pagePath } from '@cue/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  emailFound,
  emailTemplate,
  personWithEmail,
  resetEmailTemplate,
  saveEmailTemplate,
  setUserLanguage,
} from './support/academic.js';
import { staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { classIds, createCommunication } from './support/communication.js';
import { runTag } from './support/media.js';
import { openAs, profileMenu, SHELL_PHONES } from './support/shell.js';

/*
 * Email templates (issue 25): Anita rewrites the Arabic announcement email, its live preview reads right
 * to left with her new sentence, and when an announcement goes to Nursery A, Rohan (who reads the app in
 * Arabic) gets it in her words. Then the editor's guards: an unknown placeholder cannot be saved, a test
 * goes to her own address, and Reset to default brings the product's wording back. Templates are the
 * school's own and shared by every journey: each one changed here is reset afterwards, and Rohan's
 * language goes back to English.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

const LIST = '/admin/academic-setup/email-templates';
const toastWith = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test.afterAll(async ({ request }) => {
  const anita = await staffToken(request, SHELL_PHONES.admin);
  await resetEmailTemplate(request, anita, 'announcement', 'ar');
  await resetEmailTemplate(request, anita, 'announcement', 'en');
  const rohan = await personWithEmail(request, SHELL_PHONES.parent, 'parent');
  await setUserLanguage(request, rohan.token, 'en');
});

test('an admin rewrites the Arabic announcement email for a family that reads in Arabic: the live preview shows her sentence right to left, and it is saved', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const sentence = `نلتقي عند البوابة الزرقاء صباحاً ${tag}`;
  const rohan = await personWithEmail(request, SHELL_PHONES.parent, 'parent');
  expect(rohan.email, "Rohan's address in the demo data").toBeTruthy();

  // Rohan chooses Arabic in his settings: the app tells the server, and his emails follow.
  await openAs(page, request, SHELL_PHONES.parent);
  await profileMenu(page, 'Settings');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const told = page.waitForResponse((r) => r.url().endsWith('/api/user_language/') && r.request().method() === 'PUT');
  await settings.getByTestId('settings-language').click();
  await page.getByRole('option', { name: 'العربية' }).click();
  expect((await told).ok()).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // This browser is Anita's next: it goes back to English (Rohan's account keeps Arabic).
  await page.evaluate(() => localStorage.setItem('cue.language', 'en'));

  // Anita opens the list, then the announcement email.
  await openAs(page, request, SHELL_PHONES.admin, LIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Email templates' })).toBeVisible();
  const row = page.getByTestId('email-announcement');
  await expect(row.getByTestId('email-announcement-ar')).toBeVisible();
  await row.getByRole('link', { name: 'Announcement', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${pagePath.emailTemplate('announcement')}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Announcement' })).toBeVisible();

  // The Arabic tab: subject and body are written right to left.
  await page.getByRole('tab', { name: 'العربية' }).click();
  await expect(page).toHaveURL(/language=ar/);
  const subject = page.getByRole('textbox', { name: 'Subject' });
  const body = page.getByRole('textbox', { name: 'Body' });
  // (Mantine sets the direction on the field's wrapper: the field itself reads right to left.)
  await expect(subject).toHaveCSS('direction', 'rtl');
  await expect(body).toHaveCSS('direction', 'rtl');
  await expect(page.getByTestId('template-status')).toHaveText('Default');
  const before = await subject.inputValue();
  expect(before).toContain('{{title}}');

  // She adds the run's word to the subject and a sentence of her own at the end of the body.
  await subject.fill(`${before} · ${tag}`);
  await body.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText(sentence);
  await expect(body).toHaveValue(/\{\{first_name\}\}[\s\S]*\{\{message\}\}[\s\S]*\{\{school_name\}\}/);
  await expect(page.getByTestId('unsaved')).toBeVisible();

  // The live preview: the sample announcement with her sentence, laid out right to left.
  const preview = page.getByTestId('email-preview').contentFrame();
  await expect(preview.locator('body')).toContainText(sentence);
  await expect(preview.locator('div[dir="rtl"][lang="ar"]').first()).toContainText(sentence);
  await expect(page.getByTestId('preview-subject')).toHaveText(`Sunrise Early Years: Sports day on Friday · ${tag}`);
  await expect(page.getByTestId('preview-subject')).toHaveAttribute('dir', 'rtl');
  // The phone width, chosen through its label, keeps the same email.
  await page
    .locator('label')
    .filter({ hasText: /^Phone$/ })
    .click();
  await expect(page.getByRole('radio', { name: 'Phone' })).toBeChecked();
  await expect(page.getByTestId('email-preview')).toHaveCSS('max-width', '390px');
  await expect(preview.locator('body')).toContainText(sentence);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastWith(page, 'Email template saved')).toBeVisible();
  await expect(page.getByTestId('template-status')).toHaveText('Changed');
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  // The pointer leaves the toast (it stays open while hovered), then the page is checked as it stays.
  await page.mouse.move(640, 120);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 20_000 });
  await expectNoSeriousViolations(page, 'the Arabic announcement email in the editor');
  await page.screenshot({ path: test.info().outputPath('email-editor-ar.png'), fullPage: true });

  // The list shows the Arabic one changed.
  await page.getByRole('link', { name: 'All email templates' }).click();
  await expect(page.getByTestId('email-announcement-ar')).toContainText('Changed');
  await expect(page.getByTestId('email-announcement-en')).toContainText('Default');
});

/*
 * The email of a sent announcement, from the school's Arabic template, to a family reading in Arabic:
 * publishing starts the announcement's email jobs at once, and the outbox shows what was sent.
 */
test('a sent announcement reaches a family reading in Arabic in the school’s Arabic words, right to left', async ({
  request,
}) => {
  const tag = runTag();
  const sentence = `نلتقي عند البوابة الزرقاء صباحاً ${tag}`;
  const anita = await staffToken(request, SHELL_PHONES.admin);
  const rohan = await personWithEmail(request, SHELL_PHONES.parent, 'parent');
  expect(rohan.email, "Rohan's address in the demo data").toBeTruthy();
  await setUserLanguage(request, rohan.token, 'ar');
  await saveEmailTemplate(request, anita, 'announcement', 'ar', {
    subject: `{{school_name}}: {{title}} · ${tag}`,
    body: `مرحباً {{first_name}}،\n\n{{message}}\n\n— {{school_name}}\n\n${sentence}`,
  });

  // An announcement with "send email" goes to Nursery A.
  const nurseryA = (await classIds(request, anita))['Nursery A'];
  if (!nurseryA) throw new Error('Anita reaches no Nursery A');
  const title = `Farm trip ${tag}`;
  await createCommunication(request, anita, 'announcement', {
    title,
    summary: '<p>Bring boots and a hat.</p>',
    share_with: 'Classes',
    classes_ids: [nurseryA],
    send_email: true,
  });

  // Within seconds Rohan's email is in the outbox: her subject and sentence, right to left.
  const mail = await emailFound(request, anita, (m) => m.to === rohan.email && m.subject.includes(title));
  expect(mail.subject).toBe(`Sunrise Early Years: ${title} · ${tag}`);
  expect(mail.html).toMatch(/^<div dir="rtl" lang="ar"/);
  expect(mail.html).toContain(sentence);
  expect(mail.html).toContain('Bring boots and a hat.');
  expect(mail.html).toContain('Rohan');
});

test('the editor refuses an unknown placeholder, sends a test to the admin herself, and resets to the default', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const anita = await personWithEmail(request, SHELL_PHONES.admin, 'staff');
  const saved = await emailTemplate(request, anita.token, 'announcement', 'en');
  await openAs(page, request, SHELL_PHONES.admin, pagePath.emailTemplate('announcement'));
  await expect(page.getByRole('heading', { level: 1, name: 'Announcement' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
  const subject = page.getByRole('textbox', { name: 'Subject' });
  const body = page.getByRole('textbox', { name: 'Body' });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(body).toHaveValue(saved.body);
  await expect(save).toBeDisabled();

  // An unknown placeholder: named as unknown, and Save stays off.
  await body.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(' {{not_a_field}}');
  await expect(page.getByTestId('unknown-placeholders')).toHaveText('This email has no placeholder {{not_a_field}}');
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(body).toHaveValue(saved.body);
  await expect(page.getByTestId('unknown-placeholders')).toHaveCount(0);

  // A test of the draft, to her own address, marked [Test].
  await subject.fill(`Test of ${tag}: {{title}}`);
  await page.getByRole('button', { name: 'Send me a test' }).click();
  if (anita.email) {
    await expect(toastWith(page, 'Test email sent to your address')).toBeVisible();
    const test = await emailFound(request, anita.token, (m) => m.subject.includes(`Test of ${tag}`));
    expect(test.to).toBe(anita.email);
    expect(test.subject).toBe(`[Test] Test of ${tag}: Sports day on Friday`);
    expect(test.html).toContain('dir="ltr"');
  } else {
    await expect(page.getByText('Add an email address to your profile to receive a test email')).toBeVisible();
  }

  // Saved, it is the school's own; Reset to default, after asking, brings the product's wording back.
  await save.click();
  await expect(toastWith(page, 'Email template saved')).toBeVisible();
  await expect(page.getByTestId('template-status')).toHaveText('Changed');
  await page.getByRole('button', { name: 'Reset to default' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset to the default?' });
  await expect(confirm).toContainText("The English email goes back to the product's default wording.");
  await confirm.getByRole('button', { name: 'Reset to default' }).click();
  await expect(toastWith(page, "Email template reset to the product's default")).toBeVisible();
  await expect(page.getByTestId('template-status')).toHaveText('Default');
  await expect(subject).toHaveValue(saved.default_subject);
  await expect(body).toHaveValue(saved.default_body);
  // The confirmation has closed (its own button fades out with it); the page's button is off now.
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('tabpanel', { name: 'English' }).getByRole('button', { name: 'Reset to default' })).toBeDisabled();
  expect((await emailTemplate(request, anita.token, 'announcement', 'en')).customised).toBe(false);

  // The template's history holds the save and the reset, newest first.
  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'History of changes' });
  const entries = drawer.getByTestId('audit-entry');
  await expect(entries.first()).toContainText('announcement (en)');
  await expect(entries.nth(1)).toContainText(`Test of ${tag}`);
});
