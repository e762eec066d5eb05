import { expect, type Page, test } from '@playwright/test';
import { classId, markDay, todayUtc } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test('?cue=true opens the assistant full screen with its sources panel; the floating button toggles it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { staffToken = '' } = await openAs(page, request, SHELL_PHONES.teacher, '/housekeeping/calendar?cue=true');
  // Today's register as the chat journey leaves it (Kabir and Noa absent), so that a question has sources.
  await markDay(request, staffToken, await classId(request, staffToken, 'Nursery A'), todayUtc(), {
    'Kabir Khan': 'absent',
    'Noa Levi': 'absent',
  });

  const overlay = page.getByRole('dialog', { name: 'Cue assistant' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('heading', { name: 'What can I help with?' })).toBeVisible();
  const sources = overlay.getByTestId('cue-overlay-sources');
  await expect(sources.getByRole('heading', { name: 'Sources' })).toBeVisible();
  await expect(sources).toContainText('The records an answer draws on are listed here.');
  const size = page.viewportSize();
  const box = await overlay.boundingBox();
  expect(box?.width).toBe(size?.width);
  expect(box?.height).toBe(size?.height);

  const input = overlay.getByRole('textbox', { name: 'Message Cue' });
  await input.fill('Who was absent this week?');
  await input.press('Enter');
  await expect(overlay.getByTestId('cue-user-message')).toHaveText(/Who was absent this week\?/);
  await expect(overlay.getByTestId('cue-answer').last()).toContainText('Kabir', { timeout: 20_000 });
  const link = sources.getByRole('link').first();
  await expect(link).toHaveAttribute('href', /^\/housekeeping\/attendance\?.*date=\d{4}-\d{2}-\d{2}/);
  await shot(page, 'cue-overlay-en');

  // The floating button closes it (the parameter goes) and opens it again.
  await page.getByTestId('cue-overlay-toggle').click();
  await expect(overlay).toHaveCount(0);
  await expect(page).toHaveURL(/\/housekeeping\/calendar$/);
  await page.getByTestId('cue-overlay-toggle').click();
  await expect(page).toHaveURL(/\/housekeeping\/calendar\?cue=true$/);
  await expect(page.getByRole('dialog', { name: 'Cue assistant' })).toBeVisible();
  // Its close button does the same.
  await page.getByRole('button', { name: 'Close the AI assistant' }).first().click();
  await expect(page).toHaveURL(/\/housekeeping\/calendar$/);
});

test('in Arabic the assistant overlay reads right to left', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.teacher, '/dashboard');
  await page.evaluate(() => localStorage.setItem('cue.language', 'ar'));
  await page.goto('/dashboard?cue=true');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const overlay = page.getByRole('dialog', { name: 'مساعد كيو' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('heading', { name: 'المصادر' })).toBeVisible();
  await shot(page, 'cue-overlay-ar');
});

test('the small AI chat window: super admin only, draggable, answers a question', async ({ page, request }) => {
  test.setTimeout(60_000);
  // A teacher has no small chat.
  await openAs(page, request, SHELL_PHONES.teacher, '/dashboard');
  await expect(page.getByTestId('cue-overlay-toggle')).toBeVisible();
  await expect(page.getByTestId('small-chat-toggle')).toHaveCount(0);

  await openAs(page, request, SHELL_PHONES.superAdmin, '/dashboard');
  await page.getByTestId('small-chat-toggle').click();
  const chat = page.getByRole('dialog', { name: 'AI Chat' });
  await expect(chat).toBeVisible();
  const box = await chat.boundingBox();
  const viewport = page.viewportSize();
  expect(box?.width).toBe(420);
  expect(box?.height).toBe(560);
  expect(Math.round((viewport?.width ?? 0) - ((box?.x ?? 0) + (box?.width ?? 0)))).toBe(16);
  expect(Math.round((viewport?.height ?? 0) - ((box?.y ?? 0) + (box?.height ?? 0)))).toBe(16);
  await expect(chat.getByText('Start a conversation...')).toBeVisible();
  const input = chat.getByPlaceholder('Type your message...');
  const send = chat.getByRole('button', { name: 'Send' });

  // Empty and blank messages are ignored (the button says it cannot send; a click anyway does nothing).
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  await send.click({ force: true });
  await input.fill('   ');
  await input.press('Enter');
  await expect(chat.getByTestId('small-chat-user')).toHaveCount(0);
  await input.fill('Who was absent');
  await input.press('Shift+Enter');
  await expect(input).toHaveValue('Who was absent\n');

  // Drag by the header: the window moves.
  const header = chat.getByTestId('small-chat-header');
  const start = await header.boundingBox();
  if (!start) throw new Error('no header');
  await page.mouse.move(start.x + 60, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x - 240, start.y + start.height / 2 - 120, { steps: 8 });
  await page.mouse.up();
  const moved = await chat.boundingBox();
  expect(Math.round((box?.x ?? 0) - (moved?.x ?? 0))).toBe(300);
  expect(Math.round((box?.y ?? 0) - (moved?.y ?? 0))).toBe(120);
  await expect(chat).toHaveAttribute('data-x', String(Math.round(moved?.x ?? 0)));

  // A question; 'Sending' while pending; a second Enter meanwhile is ignored; the answer streams in.
  await input.fill('Who was absent this week?');
  await input.press('Enter');
  await expect(chat.getByTestId('small-chat-user')).toHaveCount(1);
  await expect(chat.getByTestId('small-chat-user')).toHaveText('Who was absent this week?');
  const answer = chat.getByTestId('small-chat-answer').last();
  await expect(answer).not.toBeEmpty({ timeout: 20_000 });
  await expect(answer).not.toHaveText('Failed to get response');
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible();
  await shot(page, 'cue-small-chat-en');
});

test("the small chat shows 'Sending' while an answer is pending and 'Failed to get response' when none comes", async ({
  page,
  request,
}) => {
  test.setTimeout(70_000);
  await openAs(page, request, SHELL_PHONES.superAdmin, '/dashboard');
  await expect(page.getByTestId('small-chat-toggle')).toBeVisible();
  // The server's answers never arrive.
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (typeof message === 'string' && message.includes('chat-with-cue-stream')) return;
      ws.send(message);
    });
  });
  await page.reload();
  await page.getByTestId('small-chat-toggle').click();
  const chat = page.getByRole('dialog', { name: 'AI Chat' });
  const input = chat.getByPlaceholder('Type your message...');
  await input.fill('Who was absent this week?');
  await input.press('Enter');
  await expect(chat.getByRole('button', { name: 'Sending' })).toBeVisible();
  await input.fill('A second question');
  await input.press('Enter');
  await expect(chat.getByTestId('small-chat-user')).toHaveCount(1);
  await expect(chat.getByTestId('small-chat-answer').last()).toHaveText('Failed to get response', { timeout: 55_000 });
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible();
});
