import { expect, type Page, test } from '@playwright/test';
import { openAs, SHELL_PHONES } from './support/shell.js';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('an admin switches an AI block off for the class and it stays off after a reload', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.admin, '/admin/academic-setup/ai');
  await expect(page).toHaveURL(/\/admin\/academic-setup\/ai\/ask$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ask Cue' })).toBeVisible();
  await page.getByRole('tab', { name: 'AI blocks' }).click();
  await expect(page).toHaveURL(/\/ai\/ai-blocks$/);
  await page.getByTestId('ai-screen-picker').getByText('Story', { exact: true }).click();
  const block = page.getByRole('switch', { name: 'Stories from the day' });
  await expect(block).toBeChecked();
  await block.click({ force: true });
  await expect(page.getByText('Stories from the day switched off')).toBeVisible();
  await expect(block).not.toBeChecked();
  await shot(page, 'cue-ai-blocks-en');

  await page.reload();
  await page.getByTestId('ai-screen-picker').getByText('Story', { exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Stories from the day' })).not.toBeChecked();
  await expect(page.getByTestId('ai-blocks-summary')).toHaveText('6 of 7 blocks on');
  // Back on, for the other journeys.
  await page.getByRole('switch', { name: 'Stories from the day' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Stories from the day' })).toBeChecked();
  await expect(page.getByTestId('ai-blocks-summary')).toHaveText('7 of 7 blocks on');

  // Access points: a screen's prompt is saved.
  await page.getByRole('tab', { name: 'Access points' }).click();
  const story = page.getByTestId('ai-access-point').filter({ hasText: 'Story' });
  await story.getByRole('textbox').fill('Keep stories under 150 words.');
  await page.getByTestId('ai-access-save').click();
  await expect(page.getByText('AI settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('ai-access-point').filter({ hasText: 'Story' }).getByRole('textbox')).toHaveValue(
    'Keep stories under 150 words.',
  );
  await shot(page, 'cue-ai-access-points-en');
});

test('the ask options are saved; the external provider needs a configured model and a privacy notice', async ({
  page,
  request,
}) => {
  await openAs(page, request, SHELL_PHONES.admin, '/admin/academic-setup/ai/ask');
  const suggestions = page.getByRole('switch', { name: 'Suggestions' });
  await expect(suggestions).toBeChecked();
  await suggestions.click({ force: true });
  await page.getByTestId('ai-options-save').click();
  await expect(page.getByText('AI settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Suggestions' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Suggestions' }).click({ force: true });
  await page.getByTestId('ai-options-save').click();
  await expect(page.getByText('AI settings saved')).toBeVisible();

  // This server has no external model: the choice is disabled, with the reason.
  const provider = page.getByTestId('ai-provider');
  await expect(provider.getByRole('radio', { name: 'Local engine' })).toBeChecked();
  await expect(provider.getByRole('radio', { name: /External provider/ })).toBeDisabled();
  await expect(page.getByTestId('provider-unavailable')).toContainText('no external model configured');
  await shot(page, 'cue-ai-ask-en');

  // With one configured (answer stood in), choosing it shows the privacy notice and needs confirmation.
  let saved: unknown = null;
  await page.route('**/api/ai_settings/', async (route) => {
    if (route.request().method() === 'PUT') {
      saved = route.request().postDataJSON();
      await route.fulfill({ json: { result: { ai_provider: 'openai', external_configured: true, external_model: 'gpt-test' } } });
    } else {
      await route.fulfill({ json: { result: { ai_provider: 'local', external_configured: true, external_model: 'gpt-test' } } });
    }
  });
  await page.reload();
  const external = page.getByRole('radio', { name: /External provider/ });
  await expect(external).toBeEnabled();
  await external.click({ force: true });
  const notice = page.getByRole('dialog', { name: "Send children's data to an external provider?" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("children's names, attendance and observations");
  await shot(page, 'cue-ai-provider-notice-en');
  await notice.getByRole('button', { name: 'Cancel' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('radio', { name: 'Local engine' })).toBeChecked();
  expect(saved).toBeNull();

  await external.click({ force: true });
  const confirm = notice.getByRole('button', { name: 'Use the external provider' });
  await expect(confirm).toBeDisabled();
  await notice.getByRole('checkbox').check();
  await confirm.click();
  await expect(page.getByText('Model provider changed')).toBeVisible();
  await expect(external).toBeChecked();
  expect(saved).toEqual({ ai_provider: 'openai' });
});

test('in Arabic the AI configuration reads right to left; a teacher has no access', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.admin, '/dashboard');
  await page.evaluate(() => localStorage.setItem('cue.language', 'ar'));
  await page.goto('/admin/academic-setup/ai/ai-blocks');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'كتل الذكاء الاصطناعي' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'الحضور من جملة واحدة' })).toBeVisible();
  await shot(page, 'cue-ai-blocks-ar');
  await page.goto('/admin/academic-setup/ai/ask');
  await expect(page.getByRole('heading', { level: 1, name: 'اسأل كيو' })).toBeVisible();
  await shot(page, 'cue-ai-ask-ar');

  await openAs(page, request, SHELL_PHONES.teacher, '/admin/academic-setup/ai/ai-blocks');
  await expect(page.getByRole('switch')).toHaveCount(0);
});
