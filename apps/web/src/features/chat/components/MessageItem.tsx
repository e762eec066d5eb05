import type { ChatAttachment, ChatMember, ConversationMessage } from '@cue/contract';
import { ActionIcon, Anchor, Badge, Group, Image, Menu, Modal, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconChecks,
  IconClock,
  IconDots,
  IconFile,
  IconFlag,
  IconLanguage,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Side } from '../../../lib/session';
import { useTranslateMessage } from '../api';
import { sizeOf, timeOf } from '../format';
import { CHAT_NS, chatErrorText } from '../i18n';
import { canStillEdit, type OutboxItem, seenBy } from '../thread';
import classes from './Chat.module.css';

export interface MessageActions {
  reply: (m: ConversationMessage) => void;
  edit: (m: ConversationMessage) => void;
  remove: (m: ConversationMessage) => void;
  report: (m: ConversationMessage) => void;
}

/** Photos as thumbnails that open large; other files as links with their size. */
function Attachments({ attachments }: { attachments: ChatAttachment[] }) {
  const { t } = useTranslation(CHAT_NS);
  const [open, setOpen] = useState<ChatAttachment | null>(null);
  const images = attachments.filter((a) => a.kind === 'image');
  const files = attachments.filter((a) => a.kind !== 'image');
  return (
    <>
      {images.length > 0 && (
        <div className={classes.thumbs}>
          {images.map((a) => (
            <button
              key={a._id}
              type="button"
              className={classes.thumb}
              onClick={() => setOpen(a)}
              aria-label={t('message.openPhoto', { name: a.name })}
            >
              <img src={a.url} alt={a.name} loading="lazy" />
            </button>
          ))}
        </div>
      )}
      {files.map((a) => (
        <Group key={a._id} gap={6} wrap="nowrap" my={4}>
          <IconFile size={16} aria-hidden />
          <Anchor href={a.url} target="_blank" rel="noopener noreferrer" fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {a.name}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {sizeOf(a.size)}
          </Text>
        </Group>
      ))}
      <Modal
        opened={!!open}
        onClose={() => setOpen(null)}
        size="xl"
        centered
        title={open?.name}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {open && <Image src={open.url} alt={open.name} fit="contain" mah="75vh" />}
      </Modal>
    </>
  );
}

/** Sent, or read by others (with their names). */
function Receipt({ message, members, me }: { message: ConversationMessage; members: ChatMember[] | null; me: string | null }) {
  const { t } = useTranslation(CHAT_NS);
  const seen = members ? seenBy(message, members, me) : [];
  const count = members ? seen.length : message.read_by;
  if (count === 0) {
    return (
      <span title={t('receipt.sent')} style={{ display: 'inline-flex' }} data-testid="receipt" data-state="sent">
        <IconCheck size={14} aria-label={t('receipt.sent')} />
      </span>
    );
  }
  const label = t('receipt.seenBy', { count });
  const names = seen.map((m) => m.name).join(', ');
  return (
    <Tooltip label={names || label} disabled={!names} withArrow>
      <span
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 2,
          color: 'var(--mantine-color-cue-7, var(--mantine-color-blue-7))',
        }}
        data-testid="receipt"
        data-state="read"
      >
        <IconChecks size={14} aria-hidden />
        <span>{label}</span>
      </span>
    </Tooltip>
  );
}

/** One message: its quote, text, files, time and marks, and what the reader may do with it. */
export const MessageItem = memo(function MessageItem({
  message,
  own,
  side,
  members,
  me,
  now,
  actions,
  canWrite,
}: {
  message: ConversationMessage;
  own: boolean;
  side: Side;
  members: ChatMember[] | null;
  me: string | null;
  now: number;
  actions: MessageActions;
  canWrite: boolean;
}) {
  const { t } = useTranslation(CHAT_NS);
  const translate = useTranslateMessage(side);
  const deleted = !!message.deleted_at;
  const editable = own && canStillEdit(message, now);
  const { abilities } = message;
  const anything = !deleted && (canWrite || editable || abilities.can_delete || abilities.can_report || abilities.can_translate);
  return (
    <div className={classes.row} data-own={own} data-testid="chat-message" data-seq={message.seq} data-message-id={message._id}>
      {!own && (
        <Text fz="xs" c="dimmed" px={4}>
          {message.sender.name}
        </Text>
      )}
      <Group gap={4} wrap="nowrap" align="flex-start" style={{ flexDirection: own ? 'row-reverse' : 'row', maxWidth: '100%' }}>
        <div className={classes.bubble} data-urgent={message.urgent && !deleted}>
          {message.reply_to && !deleted && (
            <div className={classes.quote}>
              <Text fz="xs" fw={600} span>
                {message.reply_to.sender_name}
              </Text>{' '}
              <Text fz="xs" span lineClamp={2} dir="auto">
                {message.reply_to.deleted ? t('message.deleted') : message.reply_to.body || t('message.attachment')}
              </Text>
            </div>
          )}
          {message.urgent && !deleted && (
            <Badge color="red" size="xs" variant="filled" mb={4}>
              {t('message.urgent')}
            </Badge>
          )}
          {deleted ? (
            <Text fz="sm" fs="italic" c="dimmed">
              {t('message.deleted')}
            </Text>
          ) : (
            <>
              {message.body && (
                <Text fz="sm" dir="auto">
                  {message.body}
                </Text>
              )}
              {message.attachments.length > 0 && <Attachments attachments={message.attachments} />}
            </>
          )}
          {translate.data && !deleted && (
            <Text
              fz="sm"
              c="dimmed"
              mt={4}
              pt={4}
              style={{ borderBlockStart: '1px dashed var(--mantine-color-default-border)' }}
              dir="auto"
              data-testid="translation"
            >
              {translate.data.text}
            </Text>
          )}
          {translate.isError && (
            <Text fz="xs" c="red" mt={4}>
              {chatErrorText(translate.error)}
            </Text>
          )}
          <div className={classes.meta}>
            {message.edited_at && !deleted && <span>{t('message.edited')}</span>}
            <time dateTime={message.created_at}>{timeOf(message.created_at)}</time>
            {own && !deleted && <Receipt message={message} members={members} me={me} />}
          </div>
        </div>
        {anything && (
          <Menu position={own ? 'bottom-end' : 'bottom-start'} withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('message.actions', { name: message.sender.name, time: timeOf(message.created_at) })}
              >
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {canWrite && (
                <Menu.Item leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => actions.reply(message)}>
                  {t('action.reply')}
                </Menu.Item>
              )}
              {editable && (
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => actions.edit(message)}>
                  {t('action.edit')}
                </Menu.Item>
              )}
              {abilities.can_translate && (
                <Menu.Item
                  leftSection={<IconLanguage size={16} aria-hidden />}
                  onClick={() => translate.mutate(message._id)}
                  disabled={translate.isPending || !!translate.data}
                >
                  {t('action.translate')}
                </Menu.Item>
              )}
              {abilities.can_report && !own && (
                <Menu.Item leftSection={<IconFlag size={16} aria-hidden />} onClick={() => actions.report(message)}>
                  {t('action.report')}
                </Menu.Item>
              )}
              {abilities.can_delete && (
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => actions.remove(message)}>
                  {t('action.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </div>
  );
});

/** A message written offline, waiting in this device's outbox. */
export function PendingItem({ item }: { item: OutboxItem }) {
  const { t } = useTranslation(CHAT_NS);
  return (
    <div className={classes.row} data-own="true" data-testid="chat-pending" data-client-id={item.client_id}>
      <div className={classes.bubble} style={{ opacity: 0.75 }}>
        {item.reply_preview && (
          <div className={classes.quote}>
            <Text fz="xs" fw={600} span>
              {item.reply_preview.sender_name}
            </Text>{' '}
            <Text fz="xs" span lineClamp={2}>
              {item.reply_preview.body}
            </Text>
          </div>
        )}
        <Text fz="sm" dir="auto">
          {item.body}
        </Text>
        <div className={classes.meta}>
          <IconClock size={14} aria-hidden />
          <span>{t('receipt.waiting')}</span>
        </div>
      </div>
    </div>
  );
}
