import { canSee, MENUS } from '@cue/contract';
import { ActionIcon, Badge, Indicator, VisuallyHidden } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Side } from '../../../lib/session';
import { useShell } from '../../shell/ShellContext';
import { useChatUnread } from '../cache';
import { CHAT_NS, CHAT_PATH } from '../i18n';
import { useChatEvents } from '../live';
import { useMyUserId } from '../me';
import { chatHref } from '../paths';

const CHAT_ENTRY = MENUS.communication.find((item) => item.key === 'communication.chat');

/**
 * Whether the chat is on for the person: staff by the school's `chat` feature (as the menu decides); a
 * family has no school of its own, so its unread count answers (a school without the chat refuses it).
 */
export function useChatOn(): { side: Side; enabled: boolean } {
  const { side, held, ready } = useShell();
  if (side === 'parent') return { side, enabled: true };
  return { side, enabled: ready && !!CHAT_ENTRY && canSee(CHAT_ENTRY, held) };
}

/** Unread messages on the chat's menu entry (staff side menu). */
export function ChatMenuBadge() {
  const { t } = useTranslation(CHAT_NS);
  const { side, enabled } = useChatOn();
  const unread = useChatUnread(side, enabled);
  const total = unread.data?.total ?? 0;
  if (!enabled || total === 0) return null;
  return (
    <>
      <Badge size="sm" color="red" variant="filled" data-testid="chat-menu-unread" data-count={total} aria-hidden>
        {total > 99 ? '99+' : total}
      </Badge>
      <VisuallyHidden>{t('unread.count', { count: total })}</VisuallyHidden>
    </>
  );
}

/**
 * The top bar's chat button with the unread count. Mounted on every page of the shell, it also keeps
 * the chat's data current from the socket and sends messages written offline once the connection is back.
 */
export default function ChatButton() {
  const { t } = useTranslation(CHAT_NS);
  const { side, enabled } = useChatOn();
  const me = useMyUserId(side);
  const unread = useChatUnread(side, enabled);
  const on = enabled && unread.isSuccess;
  useChatEvents(side, me, on);
  if (!on) return null;
  const total = unread.data.total;
  const label = total > 0 ? t('unread.button', { count: total }) : t('unread.buttonNone');
  return (
    <Indicator
      label={total > 99 ? '99+' : total}
      disabled={total === 0}
      size={18}
      color="red"
      offset={6}
      inline
      data-testid="chat-unread"
      data-count={total}
    >
      <ActionIcon
        component={Link}
        to={chatHref(side, CHAT_PATH)}
        variant="subtle"
        color="gray"
        size={38}
        radius="xl"
        aria-label={label}
        title={label}
        data-testid="chat-button"
      >
        <IconMessageCircle size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
