import { CHAT_EVENTS } from '@cue/contract';
import { expect, type Page, test } from '@playwright/test';
import { classId, markDay, todayUtc } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

const CHIPS = [
  'Mark Attendance',
  'Draft an Announcement',
  'Send a Message to Parents',
  'Create a Lesson Plan',
  'Analyze Student Progress',
  'Note Observation for the day',
  'Write a story/learning item',
];

const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

const input = (page: Page) => page.getByRole('textbox', { name: 'Message Cue' });

/** Types a sentence and sends it with Enter. */
async function say(page: Page, text: string): Promise<void> {
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(page.getByTestId('cue-user-message').filter({ hasText: text })).toBeVisible();
}

/** Today as the chat and attendance calls write it (DD-MM-YYYY), in the browser's clock. */
const today = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
  });

/** A gate that holds socket frames until the test opens it. */
function opening(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Counts the card saves the page sends. */
function countSaves(page: Page): () => number {
  let saves = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/cue\/tool_calls\/[0-9a-f]{24}\/save$/.test(r.url())) saves += 1;
  });
  return () => saves;
}

/** Holds card saves for a moment, so that the "saving" state can be seen (and clicked again). */
async function slowSaves(page: Page): Promise<void> {
  await page.route('**/api/cue/tool_calls/*/save', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
}

test('a teacher drafts the attendance in one sentence on the chat page and marks it complete', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { staffToken } = await openAs(page, request, SHELL_PHONES.teacher);
  // Today may have been marked complete by another journey: open it again, so that the card may save it.
  await markDay(request, staffToken ?? '', await classId(request, staffToken ?? '', 'Nursery A'), todayUtc(), {}, false);
  await page.getByTestId('dashboard-cue').click();
  await expect(page).toHaveURL(/\/assistant$/);
  await expect(page.getByRole('heading', { level: 1, name: 'What can I help with?' })).toBeVisible();
  await expect(page.getByTestId('cue-class')).toHaveText('Nursery A');
  const chips = page.getByTestId('cue-suggestions').getByRole('button');
  await expect(chips).toHaveText(CHIPS);
  await expect(page.getByRole('switch', { name: 'Reasoning' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  await shot(page, 'cue-idle-en');

  // An empty or blank message is not sent (the button says it cannot send; a click anyway does nothing).
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  await send.click({ force: true });
  await input(page).press('Enter');
  await input(page).fill('   ');
  await input(page).press('Enter');
  await send.click({ force: true });
  await expect(page.getByTestId('cue-user-message')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'What can I help with?' })).toBeVisible();

  // A chip starts the sentence; Shift+Enter is a new line, not a send.
  await page.getByRole('button', { name: 'Mark Attendance' }).click();
  await expect(input(page)).toHaveValue('Mark everyone present today except ');
  await expect(input(page)).toBeFocused();
  await input(page).press('Shift+Enter');
  await expect(input(page)).toHaveValue('Mark everyone present today except \n');
  await expect(page.getByTestId('cue-user-message')).toHaveCount(0);

  const saves = countSaves(page);
  await say(page, 'Mark everyone present except Kabir and Noa');
  const card = page.getByTestId('cue-card-attendance');
  await expect(card).toHaveAttribute('data-state', 'ready');
  await expect(card.getByTestId('count-present')).toHaveText('10');
  await expect(card.getByTestId('count-absent')).toHaveText('2');
  const rows = card.getByTestId('cue-attendance-row');
  await expect(rows).toHaveCount(12);
  await expect(rows.filter({ hasText: 'Kabir Khan' })).toHaveAttribute('data-status', 'absent');
  await expect(rows.filter({ hasText: 'Noa Levi' })).toHaveAttribute('data-status', 'absent');
  await expect(rows.filter({ hasText: 'Meera Nair' })).toHaveAttribute('data-status', 'present');
  await expect(page.getByTestId('cue-answer').first()).toContainText('Here is the attendance for');
  await shot(page, 'cue-attendance-card-en');

  // Edit mode: the attendance page's status picker; Cancel puts the draft back.
  await card.getByRole('button', { name: 'Edit' }).click();
  await card
    .getByRole('group', { name: /Meera Nair/ })
    .getByRole('button', { name: 'Late' })
    .click();
  await expect(card.getByTestId('count-late')).toHaveText('1');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByTestId('count-late')).toHaveText('0');
  await expect(card.getByTestId('count-present')).toHaveText('10');

  await card.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(page.getByText('Attendance marked complete!')).toBeVisible();
  await expect(card).toHaveAttribute('data-state', 'saved');
  // Saved: a second Mark Complete does nothing.
  await expect(card.getByRole('button', { name: 'Marked complete' })).toBeDisabled();
  expect(saves()).toBe(1);

  // The class's attendance for today holds it: Kabir and Noa absent, the others present, completed.
  const date = await today(page);
  const classes = await request.get('/api/staff_classes/', { headers: { authorization: `Bearer ${staffToken}` } });
  const nurseryA = ((await classes.json()) as { result: { id: string; class_name: string }[] }).result.find(
    (c) => c.class_name === 'Nursery A',
  );
  expect(nurseryA).toBeTruthy();
  const att = await request.get(`/api/class_student_attendance/${nurseryA?.id}?date=${date}`, {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  expect(att.ok()).toBe(true);
  const { result } = (await att.json()) as {
    result: { is_saved: boolean; student_attendance_list: { student_id: string; attendance_status: string }[] };
  };
  expect(result.is_saved).toBe(true);
  expect(result.student_attendance_list.filter((e) => e.attendance_status === 'absent')).toHaveLength(2);
  expect(result.student_attendance_list.filter((e) => e.attendance_status === 'present')).toHaveLength(10);

  // A question over the class's records is answered in words, with its sources as links.
  await say(page, 'Who was absent this week?');
  const sources = page.getByTestId('cue-sources');
  await expect(sources).toBeVisible();
  await expect(page.getByTestId('cue-answer').last()).toContainText('Kabir');
  const source = sources.getByRole('link').first();
  await expect(source).toHaveAttribute('href', /^\/housekeeping\/attendance\?.*date=\d{4}-\d{2}-\d{2}/);
  await shot(page, 'cue-sources-en', false);

  // And the attendance page shows it.
  await page.goto('/housekeeping/attendance');
  const roster = page.getByTestId('roster');
  await expect(roster).toBeVisible();
  await expect(page.getByTestId('roster-row').filter({ hasText: 'Kabir Khan' })).toHaveAttribute('data-status', 'absent');
  await expect(page.getByTestId('roster-row').filter({ hasText: 'Noa Levi' })).toHaveAttribute('data-status', 'absent');
  await expect(page.getByTestId('roster-row').filter({ hasText: 'Meera Nair' })).toHaveAttribute('data-status', 'present');
  await expect(roster).toHaveAttribute('data-completed', 'true');
});

test('while Cue answers: a pulsing dot, then a pulsing draft card as the tool call streams; an error answer is a toast', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // The answer's frames are held at two gates: before the first (loading), and after it (streaming).
  const gates = [opening(), opening()];
  let answered = 0;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    let chain = Promise.resolve();
    server.onMessage((message) => {
      const chat =
        typeof message === 'string' &&
        (message.startsWith(`42["${CHAT_EVENTS.response}"`) || message.startsWith(`42["${CHAT_EVENTS.end}"`));
      const gate = chat ? gates[Math.min(answered, 1)] : undefined;
      if (chat) answered += 1;
      chain = chain.then(async () => {
        await gate?.opened;
        ws.send(message);
      });
    });
    ws.onMessage((message) => {
      // A request for a failure is answered here with an error, as the server answers a refused one.
      if (typeof message === 'string' && message.includes(`"${CHAT_EVENTS.request}"`) && message.includes('PLEASE FAIL')) {
        chain = chain.then(() => {
          ws.send(
            `42${JSON.stringify([CHAT_EVENTS.response, { stream_mode: 'messages', data: null, conversation_id: '', error: 'Too many messages. Please wait a moment.' }])}`,
          );
          ws.send(`42${JSON.stringify([CHAT_EVENTS.end, { conversation_id: '' }])}`);
        });
        return;
      }
      server.send(message);
    });
  });
  await openAs(page, request, SHELL_PHONES.teacher, '/assistant');
  await expect(page.getByRole('heading', { level: 1, name: 'What can I help with?' })).toBeVisible();

  await page.getByRole('button', { name: 'Note Observation for the day' }).click();
  await expect(input(page)).toHaveValue('Today I observed that ');
  await say(page, 'Meera stacked ten blocks today');
  // Loading: the pulsing dot; sending again meanwhile is ignored.
  await expect(page.getByTestId('cue-thinking')).toBeVisible();
  await expect(page.getByTestId('cue-thread')).toHaveAttribute('data-status', 'loading');
  await input(page).fill('Kabir counted to 20');
  await input(page).press('Enter');
  await expect(page.getByTestId('cue-user-message')).toHaveCount(1);
  await shot(page, 'cue-loading-en');

  // Streaming: the first piece of the tool call is a pulsing draft card without actions.
  gates[0]?.open();
  const card = page.getByTestId('cue-card-observation');
  await expect(card).toHaveAttribute('data-state', 'draft');
  await expect(page.getByTestId('cue-thread')).toHaveAttribute('data-status', 'streaming');
  await expect(page.getByTestId('cue-thinking')).toHaveCount(0);
  await expect(card).toContainText('Drafting…');
  await expect(card.getByRole('button')).toHaveCount(0);
  await input(page).press('Enter');
  await expect(page.getByTestId('cue-user-message')).toHaveCount(1);
  await shot(page, 'cue-streaming-en');

  gates[1]?.open();
  await expect(card).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('cue-thread')).toHaveAttribute('data-status', 'idle');
  await expect(card).toContainText('Meera Nair');
  await expect(card).toContainText('stacked ten blocks');
  await expect(input(page)).toHaveValue('Kabir counted to 20');

  // Saving: 'Saving Observation....', a second click meanwhile does nothing, then 'Observation Saved'.
  const saves = countSaves(page);
  await slowSaves(page);
  await card.getByRole('button', { name: 'Save' }).click();
  const saving = card.getByRole('button', { name: 'Saving Observation....' });
  await expect(saving).toBeVisible();
  await saving.click();
  await expect(page.getByText('Observation saved!')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Observation Saved' })).toBeDisabled();
  expect(saves()).toBe(1);

  // An answer with an error field is shown as an error toast with its text.
  await say(page, 'PLEASE FAIL');
  await expect(page.getByText('Too many messages. Please wait a moment.')).toBeVisible();
  await expect(page.getByTestId('cue-thread')).toHaveAttribute('data-status', 'idle');
});

test('an announcement drafted by Cue is edited, saved as a draft, and its conversation reopens', async ({ page, request }) => {
  test.setTimeout(60_000);
  await openAs(page, request, SHELL_PHONES.teacher, '/assistant');
  await say(page, 'Tell parents sports day is on Friday');
  const card = page.getByTestId('cue-card-announcement');
  await expect(card).toHaveAttribute('data-state', 'ready');
  const title = card.getByTestId('cue-announcement-title');
  const drafted = (await title.textContent()) ?? '';
  expect(drafted.length).toBeGreaterThan(0);

  // Edit, then Cancel: the draft is back as it was.
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByRole('textbox', { name: 'Title' }).fill('Changed my mind');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(title).toHaveText(drafted);

  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByRole('textbox', { name: 'Title' }).fill('Sports day this Friday');
  const saves = countSaves(page);
  await slowSaves(page);
  await card.getByRole('button', { name: 'Save As Draft' }).click();
  const saving = card.getByRole('button', { name: 'Saving as Draft...' });
  await expect(saving).toBeVisible();
  await saving.click();
  await expect(page.getByText('Announcement Saved As Draft!')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Saved as Draft' })).toBeDisabled();
  await expect(title).toHaveText('Sports day this Friday');
  expect(saves()).toBe(1);
  await shot(page, 'cue-announcement-card-en');

  // A new chat, then the conversation reopened from the list, saved card and all.
  await page.getByRole('button', { name: 'New chat' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'What can I help with?' })).toBeVisible();
  await expect(page.getByTestId('cue-user-message')).toHaveCount(0);
  await page.getByTestId('cue-conversation').filter({ hasText: 'Tell parents sports day is on Friday' }).click();
  await expect(page.getByTestId('cue-user-message')).toHaveText('You: Tell parents sports day is on Friday');
  const reopened = page.getByTestId('cue-card-announcement');
  await expect(reopened).toHaveAttribute('data-state', 'saved');
  await expect(reopened.getByRole('button', { name: 'Saved as Draft' })).toBeDisabled();
  await expect(reopened.getByTestId('cue-announcement-title')).toHaveText('Sports day this Friday');

  // The conversation goes on from where it was.
  await say(page, 'Mark everyone present except Kabir and Noa');
  await expect(page.getByTestId('cue-card-attendance')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('cue-user-message')).toHaveCount(2);

  // On a phone the list is behind a button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Conversations' }).click();
  await expect(page.getByRole('dialog', { name: 'Conversations' }).getByTestId('cue-conversation')).not.toHaveCount(0);
  await shot(page, 'cue-mobile-conversations-en', false);
  await page.keyboard.press('Escape');
  await shot(page, 'cue-mobile-en', false);
});

test('in Arabic the chat page reads right to left', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
  const token = (await openAs(page, request, SHELL_PHONES.teacher, '/assistant')).staffToken ?? '';
  // Today may have been marked complete by another journey: open it again, so that the card may save it.
  await markDay(request, token, await classId(request, token, 'Nursery A'), todayUtc(), {}, false);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'كيف يمكنني مساعدتك؟' })).toBeVisible();
  await expect(page.getByTestId('cue-suggestions').getByRole('button')).toHaveCount(7);
  await expect(page.getByRole('button', { name: 'تسجيل الحضور' })).toBeVisible();
  await shot(page, 'cue-idle-ar');

  const box = page.getByRole('textbox', { name: 'رسالة إلى كيو' });
  await box.fill('Mark everyone present except Kabir and Noa');
  await box.press('Enter');
  const card = page.getByTestId('cue-card-attendance');
  await expect(card).toHaveAttribute('data-state', 'ready');
  await expect(card.getByRole('button', { name: 'تأكيد الاكتمال' })).toBeVisible();
  // Right to left: the teacher's message sits on the left, Cue's answer starts on the right.
  const message = await page.getByTestId('cue-user-message').boundingBox();
  const answer = await page.getByTestId('cue-answer').first().boundingBox();
  expect(message && answer && message.x).toBeLessThan((answer?.x ?? 0) + (answer?.width ?? 0) / 2);
  await shot(page, 'cue-attendance-card-ar');
});
