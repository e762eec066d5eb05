import type { ChatConversation } from '@cue/contract';
import { Alert, Avatar, Badge, Button, Group, Skeleton, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconBuildingCommunity, IconSearch, IconSpeakerphone, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { whenOf } from '../format';
import { CHAT_NS } from '../i18n';
import { searchConversations } from '../thread';
import classes from './Chat.module.css';

function KindIcon({ conversation }: { conversation: ChatConversation }) {
  if (conversation.kind === 'channel') {
    return conversation.mode === 'announcement' ? (
      <IconSpeakerphone size={18} aria-hidden />
    ) : (
      <IconBuildingCommunity size={18} aria-hidden />
    );
  }
  if (conversation.kind === 'staff') return <IconUsers size={18} aria-hidden />;
  const name = conversation.student?.name ?? conversation.title;
  return <>{name.slice(0, 1).toLocaleUpperCase()}</>;
}

/** What a conversation's row says under its title: the class of a family's, the kind of a channel or group. */
function useSubtitle() {
  const { t } = useTranslation(CHAT_NS);
  return (c: ChatConversation) => {
    // A family conversation's title already names the class (the server's "child · class").
    if (c.kind === 'family') return c.class && !c.title.includes(c.class.name) ? c.class.name : '';
    if (c.kind === 'channel') return c.mode === 'announcement' ? t('kind.announcement') : t('kind.channel');
    return t('kind.staff');
  };
}

/** One conversation: title, class or kind, its last message and when, unread count. */
function Row({ conversation, href, active }: { conversation: ChatConversation; href: string; active: boolean }) {
  const { t } = useTranslation(CHAT_NS);
  const subtitle = useSubtitle()(conversation);
  const last = conversation.last_message;
  const preview = last
    ? last.deleted
      ? t('message.deleted')
      : `${last.sender_name}: ${last.body || t('message.attachment')}`
    : t('list.noMessages');
  return (
    <Link
      to={href}
      className={classes.item}
      aria-current={active ? 'page' : undefined}
      data-testid="chat-conversation"
      data-conversation-id={conversation._id}
    >
      <Avatar radius="xl" color="cue" variant="light" size={38} aria-hidden>
        <KindIcon conversation={conversation} />
      </Avatar>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Text fw={conversation.unread > 0 ? 700 : 600} fz="sm" truncate="end" dir="auto">
            {conversation.title}
          </Text>
          {conversation.last_message_at && (
            <Text fz={11} c="dimmed" style={{ flexShrink: 0 }}>
              {whenOf(conversation.last_message_at)}
            </Text>
          )}
        </Group>
        {subtitle && (
          <Text fz="xs" c="dimmed" truncate="end">
            {subtitle}
          </Text>
        )}
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Text
            fz="xs"
            c={conversation.unread > 0 ? undefined : 'dimmed'}
            truncate="end"
            fs={last?.deleted ? 'italic' : undefined}
            dir="auto"
          >
            {preview}
          </Text>
          {conversation.unread > 0 && (
            <>
              <Badge
                size="sm"
                circle={conversation.unread < 10}
                color="red"
                style={{ flexShrink: 0 }}
                data-testid="chat-unread-count"
                aria-hidden
              >
                {conversation.unread > 99 ? '99+' : conversation.unread}
              </Badge>
              <VisuallyHidden>{t('list.unread', { count: conversation.unread })}</VisuallyHidden>
            </>
          )}
        </Group>
      </div>
    </Link>
  );
}

/** The caller's conversations with a search over them. */
export function ConversationList({
  conversations,
  pending,
  failed,
  onRetry,
  openId,
  hrefOf,
  actions,
}: {
  conversations: ChatConversation[] | undefined;
  pending: boolean;
  failed: unknown;
  onRetry: () => void;
  openId: string | null;
  hrefOf: (id: string) => string;
  actions?: React.ReactNode;
}) {
  const { t } = useTranslation(CHAT_NS);
  const [search, setSearch] = useState('');
  const shown = searchConversations(conversations ?? [], search);
  return (
    <>
      <Stack gap={8} p="sm" style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}>
        <TextInput
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          size="sm"
          type="search"
        />
        {actions}
      </Stack>
      <nav className={classes.listScroll} aria-label={t('list.label')}>
        {pending && (
          <Stack gap={8} p="sm" aria-hidden>
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} height={52} radius="md" />
            ))}
          </Stack>
        )}
        {!!failed && !pending && (
          <Alert color="red" variant="light" m="sm" icon={<IconAlertTriangle size={18} aria-hidden />}>
            <Stack gap={6} align="flex-start">
              <Text fz="sm">{t('list.failed')}</Text>
              <Button size="xs" variant="default" onClick={onRetry}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {!pending && !failed && shown.length === 0 && (
          <Text fz="sm" c="dimmed" p="md" ta="center">
            {search.trim() ? t('list.noMatch') : t('list.empty')}
          </Text>
        )}
        {shown.map((c) => (
          <Row key={c._id} conversation={c} href={hrefOf(c._id)} active={c._id === openId} />
        ))}
      </nav>
    </>
  );
}
