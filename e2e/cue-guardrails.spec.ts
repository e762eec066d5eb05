import { expect, type Page, test } from '@playwright/test';
import { pastWeekdays } from './support/attendance.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/**
 * Cue tried as a new teacher would: a chip's unfinished sentence drafts nothing, a name that is no
 * child of the class is named instead of dropped, a day already marked complete is not rewritten from
 * a card (the card shows the change and offers to reopen the day), each suggestion leads to a real
 * action or an honest answer, the small AI chat shows the same cards and closes with Escape, and Cue
 * answers in the interface's language.
 */

const input = (page: Page) => page.getByRole('textbox', { name: 'Message Cue' });
const answer = (page: Page) => page.getByTestId('cue-answer').last();

async function say(page: Page, text: string): Promise<void> {
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(page.getByTestId('cue-user-message').filter({ hasText: text })).toBeVisible();
  await expect(page.getByTestId('cue-thread')).toHaveAttribute('data-status', 'idle');
}

/** Sends what a chip put in the text box, as it is (the chips show on a new chat). */
async function sendChip(page: Page, chip: string): Promise<void> {
  // The toolbar's and the conversation list's "New chat" do the same.
  const fresh = page.getByRole('button', { name: 'New chat' }).first();
  if (await fresh.count()) await fresh.click();
  await page.getByTestId('cue-suggestions').getByRole('button', { name: chip }).click();
  await expect(input(page)).not.toHaveValue('');
  const sent = (await input(page).inputValue()).trim();
  await input(page).press('Enter');
  await expect(page.getByTestId('cue-user-message').filter({ hasText: sent }).last()).toBeVisible();
  await expect(page.getByTestId('cue-answer').first()).toBeVisible();
  await expect(page.getByTestId('cue-thread')).toHaveAttribute('data-status', 'idle');
}

async function nurseryAId(request: import('@playwright/test').APIRequestContext, token: string): Promise<string> {
  const classes = await request.get('/api/staff_classes/', { headers: { authorization: `Bearer ${token}` } });
  const found = ((await classes.json()) as { result: { id: string; class_name: string }[] }).result.find(
    (c) => c.class_name === 'Nursery A',
  );
  if (!found) throw new Error('no Nursery A');
  return found.id;
}

test('a chip drafts nothing from its unfinished sentence; a name not in the class is named; chips answer honestly', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await openAs(page, request, SHELL_PHONES.teacher, '/assistant');
  await expect(page.getByRole('heading', { level: 1, name: 'What can I help with?' })).toBeVisible();

  // "Mark Attendance" only starts the sentence: sent as it is, nothing is drafted and Cue asks to finish it.
  await sendChip(page, 'Mark Attendance');
  await expect(answer(page)).toContainText('Your message stops at "Mark everyone present today except"');
  await expect(page.getByTestId('cue-card-attendance')).toHaveCount(0);

  // A name that is no child of the class: no attendance for anyone, and the name is said.
  await say(page, 'Everyone is present except Rohan');
  await expect(answer(page)).toContainText('I could not find Rohan in this class, so I drafted no attendance');
  await expect(page.getByTestId('cue-card-attendance')).toHaveCount(0);

  // The other suggestions: a question for the message, an observation, an honest answer.
  await sendChip(page, 'Send a Message to Parents');
  await expect(answer(page)).toContainText('What would you like to tell the parents?');
  await sendChip(page, 'Write a story/learning item');
  await expect(answer(page)).toContainText('Which child, and what happened?');
  await sendChip(page, 'Create a Lesson Plan');
  await expect(answer(page)).toContainText('Plans are made in Planning');
  await expect(page.getByTestId('cue-card-announcement')).toHaveCount(0);
  await expect(page.getByTestId('cue-card-observation')).toHaveCount(0);
  await sendChip(page, 'Analyze Student Progress');
  // A question over the class's records: looked up, answered in words, no card.
  await expect(page.getByTestId('cue-thread')).toContainText("Looked it up in the class's records");
  await expect(answer(page)).toContainText('absent');
  await expect(page.getByTestId('cue-card-attendance')).toHaveCount(0);

  // The story chip's sentence, finished, is an observation card.
  await page.getByRole('button', { name: 'New chat' }).first().click();
  await page.getByTestId('cue-suggestions').getByRole('button', { name: 'Write a story/learning item' }).click();
  await input(page).press('End');
  await input(page).pressSequentially('Meera built a tall tower with blocks');
  await input(page).press('Enter');
  await expect(page.getByTestId('cue-card-observation')).toHaveAttribute('data-state', 'ready');
});

test('a card for a day already marked complete shows its changes and offers to reopen the day', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { staffToken } = await openAs(page, request, SHELL_PHONES.teacher, '/assistant');
  const classId = await nurseryAId(request, staffToken ?? '');
  // A past school day of its own in the shared database (the other journeys take the seven after today).
  const [dy = 0, dm = 0, dd = 0] = (pastWeekdays(8)[7] ?? '').split('-').map(Number);
  const day = { y: dy, m: dm, d: dd };
  const pad = (n: number) => String(n).padStart(2, '0');
  const wire = `${pad(day.d)}-${pad(day.m)}-${day.y}`;
  const iso = `${day.y}-${pad(day.m)}-${pad(day.d)}`;
  const month = new Date(Date.UTC(day.y, day.m - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  const headers = { authorization: `Bearer ${staffToken}` };
  const before = await request.get(`/api/class_student_attendance/${classId}?date=${wire}`, { headers });
  const roster = ((await before.json()) as { result: { student_attendance_list: { student_id: string }[] } }).result
    .student_attendance_list;
  const completed = await request.post(`/api/class_student_attendance/${classId}`, {
    headers,
    data: {
      date: wire,
      student_attendance_list: roster.map((e) => ({ student_id: e.student_id, attendance_status: 'present' })),
      is_saved: true,
    },
  });
  expect(completed.ok()).toBe(true);

  await say(page, `Kabir was absent on ${day.d} ${month} ${day.y}`);
  const card = page.getByTestId('cue-card-attendance');
  await expect(card).toHaveAttribute('data-state', 'ready');
  await expect(card.getByTestId('cue-attendance-day-complete')).toContainText('This day is already marked complete');
  const change = card.getByTestId('cue-attendance-change');
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('Kabir Khan');
  await expect(change).toContainText('Present');
  await expect(change).toContainText('Absent');
  await expect(card.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('cue-card-day-complete-en.png') });

  // The completed register is untouched; the card leads to the day on the attendance page.
  const after = await request.get(`/api/class_student_attendance/${classId}?date=${wire}`, { headers });
  const kept = (
    (await after.json()) as { result: { is_saved: boolean; student_attendance_list: { attendance_status: string }[] } }
  ).result;
  expect(kept.is_saved).toBe(true);
  expect(kept.student_attendance_list.every((e) => e.attendance_status === 'present')).toBe(true);
  await card.getByTestId('cue-attendance-reopen').click();
  await expect(page).toHaveURL(new RegExp(`/housekeeping/attendance\\?date=${iso}$`));
  await expect(page.getByTestId('roster')).toHaveAttribute('data-completed', 'true');
});

test('the small AI chat shows the chat page’s cards and closes with Escape', async ({ page, request }) => {
  test.setTimeout(90_000);
  await openAs(page, request, SHELL_PHONES.superAdmin, '/dashboard');
  await page.getByTestId('small-chat-toggle').click();
  const chat = page.getByRole('dialog', { name: 'AI Chat' });
  await expect(chat).toBeVisible();
  const box = chat.getByPlaceholder('Type your message...');
  await box.fill('Everyone is present today');
  await box.press('Enter');
  const card = chat.getByTestId('cue-card-attendance');
  await expect(card).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(card.getByTestId('cue-attendance-row').first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mark Complete' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cue-small-chat-card-en.png') });

  await box.focus();
  await page.keyboard.press('Escape');
  await expect(chat).toHaveCount(0);
});

test('Cue answers in the interface’s language', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => localStorage.setItem('cue.language', 'he'));
  await openAs(page, request, SHELL_PHONES.teacher, '/assistant');
  const box = page.getByTestId('cue-input');
  await box.fill('Everyone is present except Rohan');
  await box.press('Enter');
  await expect(answer(page)).toContainText('לא מצאתי את Rohan בכיתה הזו');
  await expect(page.getByTestId('cue-card-attendance')).toHaveCount(0);
});
