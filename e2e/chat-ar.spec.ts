import { expect, type Locator, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.js';
import {
  aaravConversation,
  chatPeople,
  conversationRow,
  messageWith,
  secondBrowser,
  watchSocket,
  writeAndSend,
} from './support/chat.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

/*
 * The chat in Arabic, right to left: Rohan reads and writes in Arabic while Tara answers in English in
 * a browser of her own, live. One's own messages sit on the inline end (the left in Arabic, the right in
 * English), and on a phone the list and the thread are two screens. Names stay as the school wrote them.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility.
test.use({ bypassCSP: true });

const AR = { label: 'رسالة', send: 'إرسال' };

/** Which side of the thread a message's text sits on: nearer the log's left edge or its right. */
async function sideOf(log: Locator, text: Locator): Promise<'left' | 'right'> {
  const [box, inner] = [await log.boundingBox(), await text.boundingBox()];
  if (!box || !inner) throw new Error('not on screen');
  return inner.x - box.x < box.x + box.width - (inner.x + inner.width) ? 'left' : 'right';
}

test('in Arabic, right to left: Rohan and Tara chat live, his own messages sit on the inline end, and on a phone the list and the thread are two screens', async ({
  page: rohan,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const people = await chatPeople(request);
  const conversation = await aaravConversation(request, people);
  await rohan.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
  const taraContext = await secondBrowser(browser);
  try {
    const tara = await taraContext.newPage();
    const rohanSocket = watchSocket(rohan);
    const taraSocket = watchSocket(tara);

    // Rohan's chat in Arabic, right to left.
    await openAs(rohan, request, SHELL_PHONES.parent, `/communication/chat/${conversation._id}`);
    await expect(rohan.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(rohan.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(rohan.getByRole('heading', { level: 1, name: 'المحادثة' })).toBeVisible();
    await expect(rohan.getByRole('searchbox', { name: 'ابحث في المحادثات' })).toBeVisible();
    const rohanLog = rohan.getByRole('log', { name: `رسائل ${conversation.title}` });
    await expect(rohanLog).toBeVisible();
    await expectNoSeriousViolations(rohan, 'a family thread in Arabic');

    await openAs(tara, request, SHELL_PHONES.teacher, `/communication/chat/${conversation._id}`);
    await expect(tara.locator('html')).toHaveAttribute('dir', 'ltr');
    const taraLog = tara.getByRole('log', { name: `Messages of ${conversation.title}` });
    await expect(taraLog).toBeVisible();
    await rohanSocket.connected();
    await taraSocket.connected();

    // He writes in Arabic; Tara has it live and reads it, and his receipt says so in Arabic.
    const mine = `صباح الخير، سيأتي جد آراف لأخذه اليوم ${tag}`;
    await writeAndSend(rohan, mine, AR);
    await expect(messageWith(tara, mine)).toHaveCount(1);
    await expect(messageWith(rohan, mine).getByTestId('receipt')).toHaveText('رآها شخص واحد');

    // Tara answers in English; he sees her typing, then her answer, live.
    const hers = `Thank you, we will tell Aarav ${tag}`;
    await tara.getByRole('textbox', { name: 'Message', exact: true }).fill(hers);
    await expect(rohan.getByText('Tara Menon يكتب…')).toBeVisible();
    await tara.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(messageWith(rohan, hers)).toContainText('Tara Menon');

    // Own messages on the inline end: the left in Arabic, the right in English; the other's on the start.
    expect(await sideOf(rohanLog, messageWith(rohan, mine).getByText(mine, { exact: true }))).toBe('left');
    expect(await sideOf(rohanLog, messageWith(rohan, hers).getByText(hers, { exact: true }))).toBe('right');
    expect(await sideOf(taraLog, messageWith(tara, hers).getByText(hers, { exact: true }))).toBe('right');
    expect(await sideOf(taraLog, messageWith(tara, mine).getByText(mine, { exact: true }))).toBe('left');
    await rohan.screenshot({ path: test.info().outputPath('chat-ar-thread.png') });

    // On a phone: the list alone, then the thread alone, and back.
    await rohan.setViewportSize({ width: 390, height: 844 });
    await rohan.goto('/communication/chat');
    const list = rohan.getByRole('navigation', { name: 'المحادثات', exact: true });
    // The thread's pane ("the open conversation").
    const thread = rohan.getByRole('region', { name: 'المحادثة المفتوحة', exact: true });
    await expect(list).toBeVisible();
    await expect(thread).toBeHidden();
    await expect(conversationRow(rohan, conversation._id)).toContainText(`Tara Menon: ${hers}`);
    await expectNoSeriousViolations(rohan, 'the conversation list in Arabic on a phone');
    await conversationRow(rohan, conversation._id).click();
    await expect(rohan).toHaveURL(new RegExp(`/communication/chat/${conversation._id}$`));
    await expect(thread).toBeVisible();
    await expect(list).toBeHidden();
    await expect(messageWith(rohan, hers)).toBeVisible();
    await rohan.screenshot({ path: test.info().outputPath('chat-ar-phone-thread.png') });
    await rohan.getByRole('link', { name: 'العودة إلى المحادثات' }).click();
    await expect(rohan).toHaveURL(/\/communication\/chat$/);
    await expect(list).toBeVisible();
    await expect(thread).toBeHidden();
  } finally {
    await taraContext.close();
  }
});
