import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.js';
import {
  aaravConversation,
  chatLog,
  chatPeople,
  chatSettings,
  conversationRow,
  messageAction,
  messagesOf,
  messageWith,
  nurseryAChannel,
  saveChatSettings,
  schoolTimeZone,
  secondBrowser,
  sendMessage,
  setChannelMode,
  settledUnread,
  wallClockHhmm,
  watchSocket,
  writeAndSend,
} from './support/chat.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * The chat between Aarav's family and Nursery A: Rohan (his father) and Tara (his teacher) each in a
 * browser of their own, live over the socket; Anita, the admin, keeps the school's safeguarding record.
 * The journeys share one database: every message carries the run's own word, counts are taken relative
 * to what was there before, and a setting changed is put back.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

/** Toasts are gone (they close by themselves), so that a page is checked as it stays. */
const toastsGone = (page: Page) => expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

test('Rohan and Tara chat live in two browsers: delivery, the unread count, read receipts, a reply and the typing note', async ({
  page: rohan,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const people = await chatPeople(request);
  const conversation = await aaravConversation(request, people);
  const taraContext = await secondBrowser(browser);
  try {
    const tara = await taraContext.newPage();
    const rohanSocket = watchSocket(rohan);
    const taraSocket = watchSocket(tara);
    await openAs(rohan, request, SHELL_PHONES.parent, `/communication/chat/${conversation._id}`);
    await openAs(tara, request, SHELL_PHONES.teacher, `/communication/chat/${conversation._id}`);
    for (const page of [rohan, tara]) {
      await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
      await expect(page.getByTestId('chat-title')).toHaveText(conversation.title);
      await expect(page.getByRole('log', { name: `Messages of ${conversation.title}` })).toBeVisible();
    }
    await rohanSocket.connected();
    await taraSocket.connected();

    // Rohan writes; it arrives in Tara's open thread without a reload, and she has read it at once.
    const first = `Aarav lost a mitten on the way home ${tag}`;
    await writeAndSend(rohan, first);
    await expect(messageWith(rohan, first)).toHaveCount(1);
    await expect(messageWith(tara, first)).toHaveCount(1);
    await expect(messageWith(tara, first)).toContainText('Rohan Sharma');
    await expect(messageWith(rohan, first).getByTestId('receipt')).toHaveAttribute('data-state', 'read');
    await expect(messageWith(rohan, first).getByTestId('receipt')).toHaveText(/^Seen by \d+$/);

    // Tara goes back to her list (the top bar's button): a new message from Rohan is counted there.
    await tara.getByTestId('chat-button').click();
    await expect(tara).toHaveURL(/\/communication\/chat$/);
    await expect(tara.getByText('Choose a conversation, or start a new one.')).toBeVisible();
    const row = conversationRow(tara, conversation._id);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('chat-unread-count')).toHaveCount(0);
    const before = await settledUnread(tara, request, people.tara);
    const second = `Could you look in the cloakroom for it? ${tag}`;
    await writeAndSend(rohan, second);
    await expect(messageWith(rohan, second).getByTestId('receipt')).toHaveAttribute('data-state', 'sent');
    await expect(tara.getByTestId('chat-unread')).toHaveAttribute('data-count', String(before + 1));
    await expect(tara.getByTestId('chat-button')).toHaveAccessibleName(
      before + 1 === 1 ? 'Chat, 1 unread message' : `Chat, ${before + 1} unread messages`,
    );
    await expect(tara.getByTestId('chat-menu-unread')).toHaveAttribute('data-count', String(before + 1));
    await expect(row.getByTestId('chat-unread-count')).toHaveText('1');
    await expect(row.getByText('1 unread message', { exact: true })).toBeAttached();
    await expect(row).toContainText(`Rohan Sharma: ${second}`);
    await expectNoSeriousViolations(tara, "the teacher's conversation list");

    // Tara opens it: the count goes, and Rohan sees his message read, live.
    await row.click();
    await expect(tara).toHaveURL(new RegExp(`/communication/chat/${conversation._id}$`));
    await expect(messageWith(tara, second)).toHaveCount(1);
    await expect(tara.getByTestId('chat-unread')).toHaveAttribute('data-count', String(before));
    await expect(messageWith(rohan, second).getByTestId('receipt')).toHaveAttribute('data-state', 'read');

    // Tara answers his message with a reply; while she types, Rohan sees that she does.
    const answer = `Found it on the peg, it is in his bag now ${tag}`;
    const rohanUnread = await settledUnread(rohan, request, people.rohan);
    await messageAction(tara, second, 'Reply');
    await expect(tara.getByTestId('composer-reply')).toContainText('Replying to Rohan Sharma:');
    await tara.getByRole('textbox', { name: 'Message', exact: true }).fill(answer);
    await expect(rohan.getByText('Tara Menon is typing…')).toBeVisible();
    await tara.getByRole('button', { name: 'Send', exact: true }).click();
    const reply = messageWith(rohan, answer);
    await expect(reply).toHaveCount(1);
    await expect(reply).toContainText('Tara Menon');
    // The quote of his message above her answer.
    await expect(reply).toContainText(second);
    await expect(rohan.getByText('Tara Menon is typing…')).toHaveCount(0);
    // Read as it came, in the open thread: Rohan's own count is back where it was.
    await expect(rohan.getByTestId('chat-unread')).toHaveAttribute('data-count', String(rohanUnread));
    await toastsGone(rohan);
    await expectNoSeriousViolations(rohan, "a family's thread");
    await expectNoSeriousViolations(tara, "the teacher's thread");
  } finally {
    await taraContext.close();
  }
});

test('Rohan edits a message and deletes another for everyone; Tara sees both; Anita reads the safeguarding record and exports it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const people = await chatPeople(request);
  const conversation = await aaravConversation(request, people);
  const wrong = `Pick-up is at 4 today ${tag}`;
  const right = `Pick-up is at 3 today ${tag}`;
  const gone = `Sorry, wrong chat ${tag}`;
  await sendMessage(request, people.rohan, conversation._id, wrong);
  const deleted = await sendMessage(request, people.rohan, conversation._id, gone);
  const taraContext = await secondBrowser(browser);
  try {
    const tara = await taraContext.newPage();
    const taraSocket = watchSocket(tara);
    await openAs(page, request, SHELL_PHONES.parent, `/communication/chat/${conversation._id}`);
    await openAs(tara, request, SHELL_PHONES.teacher, `/communication/chat/${conversation._id}`);
    await expect(messageWith(tara, gone)).toHaveCount(1);
    await taraSocket.connected();

    // Rohan corrects the time: Tara sees the new words, marked edited.
    await messageAction(page, wrong, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit message' });
    await edit.getByRole('textbox', { name: 'Message' }).fill(right);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Message edited')).toBeVisible();
    await expect(messageWith(page, right)).toContainText('edited');
    await expect(messageWith(tara, right)).toContainText('edited');
    await expect(messageWith(tara, wrong)).toHaveCount(0);

    // He deletes the other for everyone: Tara sees that it was deleted, not what it said.
    await messageAction(page, gone, 'Delete for everyone');
    const confirm = page.getByRole('dialog', { name: 'Delete this message for everyone?' });
    await expect(confirm).toContainText('The school keeps it in its safeguarding record.');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Message deleted for everyone')).toBeVisible();
    const removed = chatLog(tara).locator(`[data-message-id="${deleted._id}"]`);
    await expect(removed).toContainText('This message was deleted');
    await expect(messageWith(tara, gone)).toHaveCount(0);
    await expect(messageWith(page, gone)).toHaveCount(0);
  } finally {
    await taraContext.close();
  }

  // Anita finds the conversation in the safeguarding view; its record keeps the deleted words and the earlier version.
  await openAs(page, request, SHELL_PHONES.admin, '/communication/chat');
  await page.getByRole('link', { name: 'Safeguarding' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chat safeguarding' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('Aarav');
  await page.getByRole('link', { name: conversation.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/communication/chat/safeguarding/${conversation._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: conversation.title })).toBeVisible();
  await expect(page.getByTestId('record-audited')).toHaveText(
    "Your opening of this conversation is recorded in the school's audit log.",
  );
  const kept = page.getByTestId('record-message').filter({ hasText: gone });
  await expect(kept).toHaveCount(1);
  await expect(kept.getByText(/^Deleted /)).toBeVisible();
  const changed = page.getByTestId('record-message').filter({ hasText: right });
  await expect(changed).toContainText('Earlier versions');
  await expect(changed).toContainText(wrong);
  await expectNoSeriousViolations(page, 'the safeguarding record');

  // She exports it: a CSV file with the deleted message in it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv).toContain(gone);
  expect(csv).toContain(right);
});

test('Rohan reports a message of Tara with a reason; Anita finds it under Reports and resolves it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = runTag();
  const people = await chatPeople(request);
  const conversation = await aaravConversation(request, people);
  const said = `Aarav was difficult again today ${tag}`;
  const reason = `Unkind about my son ${tag}`;
  await sendMessage(request, people.tara, conversation._id, said);

  await openAs(page, request, SHELL_PHONES.parent, `/communication/chat/${conversation._id}`);
  await messageAction(page, said, 'Report');
  const dialog = page.getByRole('dialog', { name: 'Report message' });
  await expect(dialog).toContainText(`Tara Menon: ${said}`);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(page.getByText('Thank you. The school will look at this message.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await openAs(page, request, SHELL_PHONES.admin, '/communication/chat/safeguarding');
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/tab=reports/);
  const report = page.getByTestId('chat-report').filter({ hasText: reason });
  await expect(report).toHaveCount(1);
  await expect(report).toContainText(said);
  await expect(report).toContainText('Reported by Rohan Sharma');
  await expect(report.getByText('Open', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'the open reports');
  await report.getByRole('button', { name: 'Resolve the report of Rohan Sharma' }).click();
  await expect(page.getByText('Report closed')).toBeVisible();
  // Out of the open reports, into the resolved ones, resolved by her.
  await expect(report).toHaveCount(0);
  await page.getByText('Resolved', { exact: true }).click();
  await expect(report).toHaveCount(1);
  await expect(report).toContainText('Resolved by Anita Desai');
  await expect(report.getByRole('button', { name: /^Resolve/ })).toHaveCount(0);
  await toastsGone(page);
  await expectNoSeriousViolations(page, 'the resolved reports');
});

test('offline, Rohan’s message waits in his browser and is delivered once when he is back online', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = runTag();
  const people = await chatPeople(request);
  const conversation = await aaravConversation(request, people);
  const text = `Written on the train with no signal ${tag}`;
  const taraContext = await secondBrowser(browser);
  try {
    const tara = await taraContext.newPage();
    const rohanSocket = watchSocket(page);
    const taraSocket = watchSocket(tara);
    await openAs(page, request, SHELL_PHONES.parent, `/communication/chat/${conversation._id}`);
    await openAs(tara, request, SHELL_PHONES.teacher, `/communication/chat/${conversation._id}`);
    await expect(page.getByTestId('chat-title')).toHaveText(conversation.title);
    await expect(tara.getByTestId('chat-title')).toHaveText(conversation.title);
    await rohanSocket.connected();
    await taraSocket.connected();

    await page.context().setOffline(true);
    await writeAndSend(page, text);
    const waiting = page.getByTestId('chat-pending').filter({ hasText: text });
    await expect(waiting).toContainText('Waiting to send');
    await expect(messageWith(page, text)).toHaveCount(0);
    // The server has not got it.
    expect((await messagesOf(request, people.tara, conversation._id)).filter((m) => m.body === text)).toHaveLength(0);
    await expect(messageWith(tara, text)).toHaveCount(0);

    await page.context().setOffline(false);
    await expect(waiting).toHaveCount(0);
    await expect(messageWith(page, text)).toHaveCount(1);
    await expect(messageWith(tara, text)).toHaveCount(1);
    expect((await messagesOf(request, people.tara, conversation._id)).filter((m) => m.body === text)).toHaveLength(1);
    await page.reload();
    await expect(page.getByTestId('chat-title')).toHaveText(conversation.title);
    await expect(messageWith(page, text)).toHaveCount(1);
    await expect(page.getByTestId('chat-pending')).toHaveCount(0);
  } finally {
    await taraContext.close();
  }
});

test("Tara posts in Nursery A's announcement channel; Rohan and Diya's mother read it and have no composer", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = runTag();
  const people = await chatPeople(request);
  const news = `Bring a leaf to school tomorrow ${tag}`;
  // The channel may have been opened before (by another journey, or the demo) in either mode.
  const before = await nurseryAChannel(request, people);
  if (before.channel && before.mode !== 'announcement')
    await setChannelMode(request, people.tara, before.channel._id, 'announcement');
  let channelId = before.channel?._id ?? null;
  try {
    await openAs(page, request, SHELL_PHONES.teacher, '/communication/chat');
    await page.getByRole('button', { name: 'New conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New conversation' });
    await dialog.getByText('Class channel', { exact: true }).click();
    await dialog.getByRole('radio', { name: 'Only staff' }).check();
    await dialog.getByRole('button', { name: 'Open conversation' }).click();
    await expect(page).toHaveURL(/\/communication\/chat\/[^/]+$/);
    channelId = new URL(page.url()).pathname.split('/').pop() ?? null;
    await expect(page.getByTestId('chat-title')).toHaveText('Nursery A');
    await expect(page.getByText('Class announcements').first()).toBeVisible();
    await writeAndSend(page, news);
    await expect(messageWith(page, news)).toHaveCount(1);

    // Rohan finds it in his list and reads it; only staff write there.
    await openAs(page, request, SHELL_PHONES.parent, '/communication/chat');
    await conversationRow(page, channelId ?? '').click();
    await expect(messageWith(page, news)).toContainText('Tara Menon');
    await expect(page.getByTestId('chat-read-only')).toHaveText('Only staff write in this channel');
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveCount(0);

    // Neha, on her parent side as Diya's mother, reads it too.
    await openAs(page, request, SHELL_PHONES.dualRole, '/communication/chat?as=parent');
    await conversationRow(page, channelId ?? '').click();
    await expect(page).toHaveURL(new RegExp(`/communication/chat/${channelId}\\?as=parent$`));
    await expect(messageWith(page, news)).toHaveCount(1);
    await expect(page.getByTestId('chat-read-only')).toHaveText('Only staff write in this channel');
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveCount(0);
  } finally {
    if (before.mode === 'two_way' && channelId) await setChannelMode(request, people.tara, channelId, 'two_way');
  }
});

test('in the school’s quiet hours, Rohan is told when staff will see his message', async ({ page, request }) => {
  test.setTimeout(60_000);
  const people = await chatPeople(request);
  const conversation = await aaravConversation(request, people);
  const before = await chatSettings(request, people.anita);
  const zone = await schoolTimeZone(request, people.anita);
  // Quiet from an hour ago to an hour from now on the school's clock: quiet now, whatever the day.
  await saveChatSettings(request, people.anita, {
    ...before,
    quiet_start: wallClockHhmm(zone, -60),
    quiet_end: wallClockHhmm(zone, 60),
  });
  try {
    await openAs(page, request, SHELL_PHONES.parent, `/communication/chat/${conversation._id}`);
    await expect(page.getByTestId('chat-quiet')).toContainText(
      "The school's quiet hours are on. Staff will see your message from",
    );
    // He can still write: the message is delivered, staff are only not notified.
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
    // Staff see no such note.
    await openAs(page, request, SHELL_PHONES.teacher, `/communication/chat/${conversation._id}`);
    await expect(page.getByTestId('chat-title')).toHaveText(conversation.title);
    await expect(page.getByTestId('chat-quiet')).toHaveCount(0);
  } finally {
    await saveChatSettings(request, people.anita, before);
  }
});
