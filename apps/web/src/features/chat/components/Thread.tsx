import {
  type ChatConversationDetail,
  type ChatReadEvent,
  type ChatTypingEvent,
  type ConversationMessage,
  MESSAGE_EVENTS,
} from '@cue/contract';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Popover, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconMoon, IconPlaneDeparture, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Side } from '../../../lib/session';
import { getSocket, useSocketEvent } from '../../../lib/socket';
import { chatKeys, fetchMessagesAfter, markRead, storeMessages, useConversation, useMessages } from '../api';
import { dayHeading, dayTimeOf, localDay, untilOf } from '../format';
import { CHAT_NS, chatErrorText } from '../i18n';
import { setOpenConversation } from '../live';
import { useOutboxItems } from '../outbox';
import { applyRead, groupByDay, lastSeqOf, mergeMessages, TYPING_SHOWN_MS, typingNames } from '../thread';
import classes from './Chat.module.css';
import { Composer } from './Composer';
import { MessageItem, PendingItem } from './MessageItem';
import { DeleteMessageModal, EditMessageModal, ReportMessageModal } from './MessageModals';

/** How many missed messages one catch-up reads (the route's largest page). */
const CATCH_UP_LIMIT = 200;

type Dialog = { kind: 'edit' | 'delete' | 'report'; message: ConversationMessage } | null;

/** Who is in the conversation, and who of the staff is away. */
function Members({ conversation }: { conversation: ChatConversationDetail }) {
  const { t } = useTranslation(CHAT_NS);
  return (
    <Popover position="bottom-end" withArrow shadow="md" width={280}>
      <Popover.Target>
        <Button variant="subtle" color="gray" size="compact-sm" leftSection={<IconUsers size={16} aria-hidden />}>
          {t('thread.members', { count: conversation.members.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} mah={320} style={{ overflowY: 'auto' }} data-testid="chat-members">
          {conversation.members.map((m) => (
            <Group key={m._id} justify="space-between" gap={6} wrap="nowrap">
              <Text fz="sm" truncate="end">
                {m.name}
              </Text>
              <Group gap={4} wrap="nowrap">
                {m.away && (
                  <Badge size="xs" color="orange" variant="light">
                    {t('thread.away')}
                  </Badge>
                )}
                <Badge size="xs" variant="light" color={m.kind === 'staff' ? 'cue' : 'gray'}>
                  {m.kind === 'staff' ? t('thread.staff') : t('thread.family')}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A conversation: its header and notices, its messages (older ones on scrolling up), who is typing, and the composer. */
export function Thread({ side, id, me, backHref }: { side: Side; id: string; me: string | null; backHref: string }) {
  const { t } = useTranslation(CHAT_NS);
  const client = useQueryClient();
  const conversation = useConversation(side, id);
  const pages = useMessages(side, id);
  const outbox = useOutboxItems(side, me);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [replyTo, setReplyTo] = useState<ConversationMessage | null>(null);
  const [typing, setTyping] = useState<Map<string, { name: string; at: number }>>(new Map());
  const [now, setNow] = useState(() => Date.now());
  const log = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  const messages = useMemo(() => mergeMessages(...(pages.data?.pages.map((p) => p.items) ?? [])), [pages.data]);
  const delivered = useMemo(() => new Set(messages.map((m) => m.client_id)), [messages]);
  const waiting = outbox.filter((i) => i.conversation_id === id && !delivered.has(i.client_id));
  const lastSeq = lastSeqOf(messages);
  const firstSeq = messages[0]?.seq ?? 0;
  const detail = conversation.data;

  // The conversation on screen: its messages count no unread in the list.
  useEffect(() => {
    setOpenConversation(id);
    return () => setOpenConversation(null);
  }, [id]);

  // The edit action leaves a message when its 15 minutes pass (checked every 15 s); typing notes fade (every second while shown).
  const someoneTyping = typing.size > 0;
  useEffect(() => {
    const timer = setInterval(
      () => {
        const at = Date.now();
        setNow(at);
        setTyping((all) => {
          const fresh = new Map([...all].filter(([, v]) => at - v.at < TYPING_SHOWN_MS));
          return fresh.size === all.size ? all : fresh;
        });
      },
      someoneTyping ? 1_000 : 15_000,
    );
    return () => clearInterval(timer);
  }, [someoneTyping]);

  // Read receipts: what is on screen is read (debounced; only while the page is visible).
  const readSent = useRef(0);
  useEffect(() => {
    if (!lastSeq || !detail) return;
    const send = () => {
      if (document.visibilityState !== 'visible') return;
      if (lastSeq <= Math.max(readSent.current, detail.my_last_read_seq) && detail.unread === 0) return;
      readSent.current = lastSeq;
      void markRead(client, side, id, lastSeq).catch(() => {
        readSent.current = 0;
      });
    };
    const timer = setTimeout(send, 600);
    document.addEventListener('visibilitychange', send);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', send);
    };
  }, [client, side, id, lastSeq, detail]);

  // Others' read receipts move the ticks of one's own messages.
  useSocketEvent<ChatReadEvent>(MESSAGE_EVENTS.read, (event) => {
    if (event.conversation_id !== id) return;
    client.setQueryData<ChatConversationDetail>(chatKeys.item(side, id), (d) =>
      d ? { ...d, members: applyRead(d.members, event) } : d,
    );
  });

  useSocketEvent<ChatTypingEvent>(MESSAGE_EVENTS.typing, (event) => {
    if (event.conversation_id !== id || event.user_id === me) return;
    const at = Date.now();
    setNow(at);
    setTyping((all) => new Map(all).set(event.user_id, { name: event.name, at }));
  });
  // A message from someone ends their "typing".
  const lastSender = messages.at(-1)?.sender._id;
  useEffect(() => {
    if (!lastSender) return;
    setTyping((all) => {
      if (!all.has(lastSender)) return all;
      const next = new Map(all);
      next.delete(lastSender);
      return next;
    });
  }, [lastSender]);

  // What was said since the held messages were read (a lost connection, or a thread held from an earlier
  // visit): the messages after the last one held; more than a page missed reads the newest page again.
  const lastSeqRef = useRef(lastSeq);
  lastSeqRef.current = lastSeq;
  const catchUp = useCallback(() => {
    const after = lastSeqRef.current;
    if (!after) return;
    void fetchMessagesAfter(side, id, after).then(
      (page) => {
        if (page.has_more || page.items.length >= CATCH_UP_LIMIT)
          void client.resetQueries({ queryKey: chatKeys.messages(side, id) });
        else storeMessages(client, side, id, page.items);
      },
      () => undefined,
    );
  }, [client, side, id]);
  const heldAtOpen = useRef(pages.isSuccess && !pages.isFetching);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when a thread held from an earlier visit opens.
  useEffect(() => {
    if (heldAtOpen.current) catchUp();
  }, []);
  useEffect(() => {
    const socket = getSocket();
    if (!socket) return;
    let connected = socket.connected;
    const again = () => {
      if (connected) {
        catchUp();
        void client.invalidateQueries({ queryKey: chatKeys.item(side, id) });
      }
      connected = true;
    };
    socket.on('connect', again);
    return () => {
      socket.off('connect', again);
    };
  }, [client, side, id, catchUp]);

  // Scrolling: older pages keep the reader's place; new messages follow when the reader is at the end.
  const onScroll = () => {
    const el = log.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 60 && pages.hasNextPage && !pages.isFetchingNextPage) loadOlder();
  };
  const loadOlder = () => {
    heightBeforeOlder.current = log.current?.scrollHeight ?? null;
    void pages.fetchNextPage();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an older page arrives (the first number changes).
  useLayoutEffect(() => {
    const el = log.current;
    if (!el || heightBeforeOlder.current === null) return;
    el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [firstSeq]);
  const lastOwn = messages.at(-1)?.sender._id === me;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message is added at the end or one waits to be sent.
  useLayoutEffect(() => {
    const el = log.current;
    if (!el) return;
    if (atBottom.current || lastOwn || waiting.length > 0) el.scrollTop = el.scrollHeight;
  }, [lastSeq, waiting.length]);

  const actions = useMemo(
    () => ({
      reply: (m: ConversationMessage) => setReplyTo(m),
      edit: (m: ConversationMessage) => setDialog({ kind: 'edit', message: m }),
      remove: (m: ConversationMessage) => setDialog({ kind: 'delete', message: m }),
      report: (m: ConversationMessage) => setDialog({ kind: 'report', message: m }),
    }),
    [],
  );
  const closeDialog = useCallback(() => setDialog(null), []);

  if (conversation.isError) {
    return (
      <Center p="xl">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} maw={420}>
          <Stack gap={8} align="flex-start">
            <Text fz="sm">{chatErrorText(conversation.error)}</Text>
            <Button component={Link} to={backHref} size="xs" variant="default">
              {t('thread.back')}
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
  if (!detail) {
    return (
      <Center p="xl">
        <Loader type="dots" aria-label={t('loading')} />
      </Center>
    );
  }

  const away = detail.members.filter((m) => m.kind === 'staff' && m.away);
  const typers = typingNames(typing, now);
  const words = { today: t('day.today'), yesterday: t('day.yesterday') };
  const readOnly = !detail.abilities.can_write;
  const subtitle =
    detail.kind === 'family'
      ? detail.class && !detail.title.includes(detail.class.name)
        ? detail.class.name
        : ''
      : detail.kind === 'channel'
        ? detail.mode === 'announcement'
          ? t('kind.announcement')
          : t('kind.channel')
        : t('kind.staff');

  return (
    <>
      <div className={classes.header}>
        <ActionIcon component={Link} to={backHref} variant="subtle" color="gray" hiddenFrom="sm" aria-label={t('thread.back')}>
          <IconArrowLeft size={20} aria-hidden className={classes.flip} />
        </ActionIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="md" lineClamp={1} dir="auto" data-testid="chat-title">
            {detail.title}
          </Title>
          {subtitle && (
            <Text fz="xs" c="dimmed" truncate="end">
              {subtitle}
            </Text>
          )}
        </div>
        <Members conversation={detail} />
      </div>
      {side === 'parent' && detail.quiet_until && (
        <Alert
          color="indigo"
          variant="light"
          radius={0}
          py={6}
          icon={<IconMoon size={18} aria-hidden />}
          data-testid="chat-quiet"
        >
          <Text fz="sm">{t('thread.quiet', { time: dayTimeOf(detail.quiet_until) })}</Text>
        </Alert>
      )}
      {away.map((m) => (
        <Alert
          key={m._id}
          color="orange"
          variant="light"
          radius={0}
          py={6}
          icon={<IconPlaneDeparture size={18} aria-hidden />}
          data-testid="chat-away"
        >
          <Text fz="sm">
            {t('thread.awayUntil', { name: m.name, until: untilOf(m.away?.until ?? '') })}
            {m.away?.message ? ` ${m.away.message}` : ''}
          </Text>
        </Alert>
      ))}
      <div
        ref={log}
        className={classes.log}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('thread.messages', { title: detail.title })}
        data-testid="chat-log"
      >
        {pages.hasNextPage && (
          <Center>
            <Button size="compact-xs" variant="subtle" onClick={loadOlder} loading={pages.isFetchingNextPage}>
              {t('thread.older')}
            </Button>
          </Center>
        )}
        {pages.isPending && (
          <Center py="lg">
            <Loader type="dots" aria-label={t('loading')} />
          </Center>
        )}
        {pages.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {chatErrorText(pages.error)}
          </Alert>
        )}
        {pages.isSuccess && messages.length === 0 && waiting.length === 0 && (
          <Text c="dimmed" fz="sm" ta="center" py="lg">
            {t('thread.empty')}
          </Text>
        )}
        {groupByDay(messages, localDay).map((group) => (
          <Fragment key={group.day}>
            <div className={classes.dayHeading}>{dayHeading(group.day, words)}</div>
            {group.items.map((m) => (
              <MessageItem
                key={m._id}
                message={m}
                own={m.sender._id === me}
                side={side}
                members={detail.members}
                me={me}
                now={now}
                actions={actions}
                canWrite={!readOnly}
              />
            ))}
          </Fragment>
        ))}
        {waiting.map((item) => (
          <PendingItem key={item.client_id} item={item} />
        ))}
      </div>
      <div className={classes.typing} aria-live="polite">
        {typers.length > 0 && t('thread.typing', { name: typers.join(', '), count: typers.length })}
      </div>
      {readOnly ? (
        <Text fz="sm" c="dimmed" ta="center" p="sm" className={classes.composer} data-testid="chat-read-only">
          {detail.kind === 'channel' && detail.mode === 'announcement' ? t('thread.announcementOnly') : t('thread.readOnly')}
        </Text>
      ) : me ? (
        <Composer side={side} me={me} conversation={detail} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} />
      ) : null}
      {dialog?.kind === 'edit' && <EditMessageModal side={side} message={dialog.message} onClose={closeDialog} />}
      {dialog?.kind === 'delete' && <DeleteMessageModal side={side} message={dialog.message} onClose={closeDialog} />}
      {dialog?.kind === 'report' && <ReportMessageModal side={side} message={dialog.message} onClose={closeDialog} />}
    </>
  );
}
