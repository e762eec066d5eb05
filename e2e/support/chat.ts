import { randomUUID } from 'node:crypto';
import type { ChatConversation, ChatConversationDetail, ChatSettings, ConversationMessage } from '@cue/contract';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { staffToken } from './api.js';
import { SHELL_PHONES } from './shell.js';
import { nurseryA, parentToken } from './stories.js';

/*
 * The chat arranged and read through the API, and the thread's parts on the page, for the chat's
 * journeys. The journeys share one database: what they write carries the run's own word, and counts
 * are taken relative to what was there before.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The answer's `result`, failing the journey on a refusal (with the server's words). */
async function resultOf<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

/** The people of the chat's journeys and their tokens. */
export interface ChatPeople {
  /** Rohan, Aarav's father (parent token). */
  rohan: string;
  /** Tara, Nursery A's teacher (staff token). */
  tara: string;
  /** Anita, the admin, who holds chat safeguarding (staff token). */
  anita: string;
  /** Nursery A's id. */
  nurseryA: string;
  /** Aarav's id. */
  aarav: string;
}

export async function chatPeople(request: APIRequestContext): Promise<ChatPeople> {
  const cls = await nurseryA(request);
  return {
    rohan: await parentToken(request, SHELL_PHONES.parent),
    tara: cls.token,
    anita: await staffToken(request, SHELL_PHONES.admin),
    nurseryA: cls.id,
    aarav: cls.child('Aarav'),
  };
}

/** Opens (or finds) the conversation of Aarav's family with Nursery A's staff. */
export async function aaravConversation(request: APIRequestContext, people: ChatPeople): Promise<ChatConversationDetail> {
  const res = await request.post('/api/chat/conversations', {
    headers: auth(people.rohan),
    data: { kind: 'family', student_id: people.aarav, class_id: people.nurseryA },
  });
  return resultOf(res, "Aarav's conversation");
}

/** Sends a message as the token's holder (a fresh client id each time). */
export async function sendMessage(
  request: APIRequestContext,
  token: string,
  conversationId: string,
  body: string,
): Promise<ConversationMessage> {
  const res = await request.post(`/api/chat/conversations/${conversationId}/messages`, {
    headers: auth(token),
    data: { client_id: randomUUID(), body },
  });
  return resultOf(res, 'send');
}

/** The token's holder's unread messages over all their conversations, as the server counts them. */
export async function unreadOf(request: APIRequestContext, token: string): Promise<number> {
  return (await resultOf<{ total: number }>(await request.get('/api/chat/unread', { headers: auth(token) }), 'unread')).total;
}

/** The conversations the token's holder has. */
export async function conversationsOf(request: APIRequestContext, token: string): Promise<ChatConversation[]> {
  return resultOf(await request.get('/api/chat/conversations', { headers: auth(token) }), 'conversations');
}

/** A conversation's newest page of messages as the token's holder reads it. */
export async function messagesOf(request: APIRequestContext, token: string, id: string): Promise<ConversationMessage[]> {
  const page = await resultOf<{ items: ConversationMessage[] }>(
    await request.get(`/api/chat/conversations/${id}/messages?limit=200`, { headers: auth(token) }),
    'messages',
  );
  return page.items;
}

/** Nursery A's class channel, opened by Tara if need be; answers it and the mode it had before this journey. */
export async function nurseryAChannel(
  request: APIRequestContext,
  people: ChatPeople,
): Promise<{ channel: ChatConversation | null; mode: 'two_way' | 'announcement' | null }> {
  const channel =
    (await conversationsOf(request, people.tara)).find((c) => c.kind === 'channel' && c.class?._id === people.nurseryA) ?? null;
  return { channel, mode: channel?.mode ?? null };
}

/** Sets a channel's mode as its teacher. */
export async function setChannelMode(
  request: APIRequestContext,
  token: string,
  id: string,
  mode: 'two_way' | 'announcement',
): Promise<void> {
  await resultOf(await request.put(`/api/chat/conversations/${id}`, { headers: auth(token), data: { mode } }), 'channel mode');
}

export async function chatSettings(request: APIRequestContext, adminToken: string): Promise<ChatSettings> {
  return resultOf(await request.get('/api/chat/settings', { headers: auth(adminToken) }), 'chat settings');
}

export async function saveChatSettings(request: APIRequestContext, adminToken: string, settings: ChatSettings): Promise<void> {
  await resultOf(await request.put('/api/chat/settings', { headers: auth(adminToken), data: settings }), 'save chat settings');
}

/** The school's time zone (GET /api/school/ as staff). */
export async function schoolTimeZone(request: APIRequestContext, token: string): Promise<string> {
  return (await resultOf<{ time_zone: string }>(await request.get('/api/school/', { headers: auth(token) }), 'school')).time_zone;
}

/** 'HH:MM' on the wall clock of a time zone, `minutes` from now. */
export function wallClockHhmm(timeZone: string, minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/**
 * A second person's browser: a context of its own (its own storage, socket and session), with the
 * project's options (address, Chromium, locale) and bypassCSP for axe-core.
 */
export async function secondBrowser(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const use = test.info().project.use;
  return browser.newContext({ baseURL: use.baseURL, locale: use.locale ?? 'en-US', viewport, bypassCSP: true });
}

/** The thread's messages (the log of the open conversation). */
export const chatLog = (page: Page): Locator => page.getByTestId('chat-log');

/** A message of the open thread holding this text. */
export const messageWith = (page: Page, text: string): Locator =>
  chatLog(page).getByTestId('chat-message').filter({ hasText: text });

/** Writes into the composer and sends (the composer's label and Send in the page's language). */
export async function writeAndSend(page: Page, text: string, words = { label: 'Message', send: 'Send' }): Promise<void> {
  const box = page.getByRole('textbox', { name: words.label, exact: true });
  await box.fill(text);
  await page.getByRole('button', { name: words.send, exact: true }).click();
  await expect(box).toHaveValue('');
}

/** Opens a message's actions menu and chooses one (Reply, Edit, Delete for everyone, Report). */
export async function messageAction(
  page: Page,
  text: string,
  action: string,
  actionsPrefix = 'Actions for the message of',
): Promise<void> {
  await messageWith(page, text)
    .getByRole('button', { name: new RegExp(`^${actionsPrefix}`) })
    .click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/**
 * The top bar's unread count once it agrees with the server's (a count refetched after a read receipt
 * may still be on its way): the baseline a journey counts from.
 */
export async function settledUnread(page: Page, request: APIRequestContext, token: string): Promise<number> {
  const total = await unreadOf(request, token);
  await expect(page.getByTestId('chat-unread')).toHaveAttribute('data-count', String(total));
  return total;
}

/** A conversation's row of the list. */
export const conversationRow = (page: Page, id: string): Locator =>
  page.getByTestId('chat-conversation').and(page.locator(`[data-conversation-id="${id}"]`));

/**
 * Counts the app's socket connections the server acknowledged (Socket.IO's "40"): the person is in
 * their own room from then on, so what is sent after it arrives live. Watch before opening the page.
 */
export function watchSocket(page: Page): { connections: () => number; connected: (after?: number) => Promise<void> } {
  let count = 0;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) count++;
    }),
  );
  return {
    connections: () => count,
    connected: async (after = 0) => {
      await expect.poll(() => count, { message: 'the app connects its socket' }).toBeGreaterThan(after);
    },
  };
}
