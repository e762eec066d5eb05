import { expect, test } from '@playwright/test';
import { makeCurrentChild } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { plainJpeg, runTag, writeFiles } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { commentOn, fillStory, nurseryA, pastDay, STORY_WORDS_HE } from './support/stories.js';

/*
 * The story journey in Hebrew, right to left: Tara writes a story of two children with a photo she
 * uploads from the editor, Aarav's father reads it in Hebrew and answers, and Tara sees his answer. The
 * children's names stay as the school wrote them; everything else is in Hebrew.
 */

const words = STORY_WORDS_HE;

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

test('in Hebrew, right to left: a teacher writes a story of two children with an uploaded photo, a parent reads it and answers, and she sees the answer', async ({
  page,
  request,
}) => {
  // The whole journey, two people, on a machine shared with other runs.
  test.setTimeout(180_000);
  const tag = runTag();
  await nurseryA(request);
  const day = pastDay();
  const title = `מגדל קוביות ${tag}`;
  const fileName = `tower-${tag}.jpg`;
  const [photo] = writeFiles(test.info().outputPath('uploads'), [{ name: fileName, bytes: await plainJpeg([90, 140, 230]) }]);
  await page.addInitScript(() => localStorage.setItem('cue.language', 'he'));

  // Tara's stories page in Hebrew, right to left.
  await openAs(page, request, SHELL_PHONES.teacher, '/communication/stories');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(page.getByRole('heading', { level: 1, name: 'סיפורים' })).toBeVisible();
  await expect(page.getByText('סיפורי למידה של Nursery A')).toBeVisible();
  await expect(page.getByRole('button', { name: 'טיוטת סיפור עם Cue' })).toBeVisible();

  // She writes it: two children, a photo uploaded from the editor into the class gallery, and publishes.
  await page.getByRole('link', { name: 'סיפור חדש' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'סיפור חדש' })).toBeVisible();
  await fillStory(page, words, {
    title,
    day: day.wire,
    children: ['Aarav Sharma', 'Vihaan Gupta'],
    body: 'אראב וויהאן בנו מגדל של עשר קוביות וספרו אותן יחד.',
    uploads: [{ path: photo ?? '', name: fileName }],
  });
  await page.screenshot({ path: test.info().outputPath('story-he-editor.png'), fullPage: true });
  await page.getByRole('button', { name: words.publish, exact: true }).click();
  await expect(page.getByText(words.published)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const read = page.getByTestId('story-read');
  await expect(read.getByText('פורסם', { exact: true })).toBeVisible();
  await expect(read.getByRole('list', { name: 'ילדים' }).getByRole('listitem')).toHaveText(['Aarav Sharma', 'Vihaan Gupta']);
  await expect(read.getByTestId('story-media').getByRole('button', { name: `פתיחת ${fileName}` })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';

  // Rohan, Aarav's father, reads it in Hebrew on Aarav's timeline and answers.
  const answer = `תודה! אראב סיפר לנו על המגדל ${tag}`;
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(page, request, SHELL_PHONES.parent, '/communication/stories');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'סיפורים' })).toBeVisible();
  await expect(page.getByText('סיפורי הלמידה של Aarav Sharma')).toBeVisible();
  await commentOn(page, words, title, answer);
  await expect(page.getByText(words.commentAdded)).toBeVisible();
  await expect(page.getByTestId('story-body')).toContainText('עשר קוביות');
  // Checked as it stays, once its toast has closed.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expectNoSeriousViolations(page, "a family's story page in Hebrew");
  await page.screenshot({ path: test.info().outputPath('story-he-parent.png'), fullPage: true });

  // Tara sees his answer, marked as the family's, and that he opened it.
  await openAs(page, request, SHELL_PHONES.teacher, `/communication/stories/${id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const comment = page.getByTestId('story-comment').filter({ hasText: answer });
  await expect(comment).toContainText('Rohan Sharma');
  await expect(comment).toContainText('משפחה');
  await expect(
    page
      .getByRole('region', { name: 'נצפה על ידי' })
      .getByText(/^Rohan Sharma \(Aarav Sharma\): (נפתח פעם אחת|נפתח פעמיים|נפתח \d+ פעמים)$/),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('story-he-teacher.png'), fullPage: true });
});
