import {
  CHAT_ATTACHMENTS_MAX,
  CHAT_BODY_MAX,
  type ChatConversationDetail,
  type ConversationMessage,
  MESSAGE_EVENTS,
} from '@cue/contract';
import { ActionIcon, CloseButton, FileButton, Group, Stack, Switch, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '../../../components/UploadProgress';
import { toast } from '../../../lib/notify';
import type { Side } from '../../../lib/session';
import { getSocket } from '../../../lib/socket';
import { uploadAttachment } from '../api';
import { CHAT_NS, chatErrorText } from '../i18n';
import { queueMessage } from '../outbox';
import { shouldSignalTyping } from '../thread';
import classes from './Chat.module.css';

interface Upload {
  key: string;
  name: string;
  percent: number;
  id: string | null;
  failed: boolean;
}

const newClientId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Where a message is written: its reply, files (uploaded at once, with progress), the urgent flag, and Send. */
export function Composer({
  side,
  me,
  conversation,
  replyTo,
  onCancelReply,
}: {
  side: Side;
  me: string;
  conversation: ChatConversationDetail;
  replyTo: ConversationMessage | null;
  onCancelReply: () => void;
}) {
  const { t } = useTranslation(CHAT_NS);
  const client = useQueryClient();
  const [body, setBody] = useState('');
  const [urgent, setUrgent] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const lastTyping = useRef<number | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const id = conversation._id;

  const uploading = uploads.some((u) => !u.id && !u.failed);
  const ready = uploads.filter((u) => u.id).map((u) => u.id as string);
  const canSend = !uploading && (body.trim().length > 0 || ready.length > 0);

  const attach = (files: File[]) => {
    const room = CHAT_ATTACHMENTS_MAX - uploads.filter((u) => !u.failed).length;
    if (files.length > room) toast.error(t('composer.tooMany', { count: CHAT_ATTACHMENTS_MAX }));
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = newClientId();
      setUploads((all) => [...all, { key, name: file.name, percent: 0, id: null, failed: false }]);
      const set = (change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));
      uploadAttachment(side, id, file, (fraction) => set({ percent: Math.round(fraction * 100) })).then(
        (answer) => set({ id: answer.result._id, percent: 100 }),
        (err: unknown) => {
          set({ failed: true });
          toast.error(chatErrorText(err));
        },
      );
    }
  };

  const typing = (text: string) => {
    setBody(text);
    const now = Date.now();
    if (!text.trim() || !shouldSignalTyping(lastTyping.current, now)) return;
    lastTyping.current = now;
    getSocket()?.emit(MESSAGE_EVENTS.typing, { conversation_id: id });
  };

  const send = () => {
    if (!canSend) return;
    queueMessage(client, side, me, {
      client_id: newClientId(),
      conversation_id: id,
      body: body.trim(),
      reply_to: replyTo?._id ?? null,
      reply_preview: replyTo ? { sender_name: replyTo.sender.name, body: replyTo.body } : null,
      attachment_ids: ready,
      urgent: urgent && conversation.abilities.can_send_urgent,
      created_at: new Date().toISOString(),
    });
    setBody('');
    setUrgent(false);
    setUploads([]);
    lastTyping.current = null;
    onCancelReply();
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line (and a composing input method keeps its Enter).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className={classes.composer}>
      <Stack gap={6}>
        {replyTo && (
          <Group gap={6} wrap="nowrap" className={classes.quote} justify="space-between" data-testid="composer-reply">
            <Text fz="xs" lineClamp={2}>
              {t('composer.replyingTo', { name: replyTo.sender.name })} {replyTo.body || t('message.attachment')}
            </Text>
            <CloseButton size="sm" onClick={onCancelReply} aria-label={t('composer.cancelReply')} />
          </Group>
        )}
        {uploads.map((u) => (
          <Group key={u.key} gap={6} wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <UploadProgress name={u.name} percent={u.percent} failed={u.failed} />
            </div>
            <CloseButton
              size="sm"
              onClick={() => setUploads((all) => all.filter((x) => x.key !== u.key))}
              aria-label={t('composer.removeFile', { name: u.name })}
            />
          </Group>
        ))}
        <Group gap={6} wrap="nowrap" align="flex-end">
          <FileButton onChange={attach} multiple>
            {(props) => (
              <Tooltip label={t('composer.attach')}>
                <ActionIcon {...props} variant="subtle" color="gray" size={36} aria-label={t('composer.attach')}>
                  <IconPaperclip size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <Textarea
            ref={input}
            aria-label={t('composer.label')}
            placeholder={t('composer.placeholder')}
            value={body}
            onChange={(e) => typing(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={CHAT_BODY_MAX}
            style={{ flex: 1 }}
            data-testid="chat-composer"
          />
          <ActionIcon size={36} onClick={send} disabled={!canSend} aria-label={t('composer.send')} data-testid="chat-send">
            <IconSend size={18} aria-hidden className={classes.flip} />
          </ActionIcon>
        </Group>
        {conversation.abilities.can_send_urgent && (
          <Switch
            size="xs"
            color="red"
            label={t('composer.urgent')}
            description={t('composer.urgentHint')}
            checked={urgent}
            onChange={(e) => setUrgent(e.currentTarget.checked)}
          />
        )}
      </Stack>
    </div>
  );
}
