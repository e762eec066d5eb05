import { MENUS, type MenuItem } from '@cue/contract';
import { Button, Center, Stack, Text } from '@mantine/core';
import { IconMessagePlus, IconMessages, IconPlaneDeparture, IconSettings, IconShieldLock } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Side } from '../../../lib/session';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { holds } from '../../shell/sections';
import { useChatList } from '../api';
import classes from '../components/Chat.module.css';
import { ConversationList } from '../components/ConversationList';
import { ParentNewConversation, StaffNewConversation } from '../components/NewConversationModal';
import { AwayModal, ChatSettingsModal } from '../components/SettingsModals';
import { Thread } from '../components/Thread';
import { CHAT_NS, CHAT_PATH, chatPath, SAFEGUARDING_PATH } from '../i18n';
import { useChatEvents } from '../live';
import { useMyUserId } from '../me';
import { chatHref } from '../paths';

/** What the menu entry communication.chat needs (the school's `chat` feature). */
export function chatNeed(): Omit<MenuItem, 'key' | 'path'> {
  const entry = MENUS.communication.find((item) => item.key === 'communication.chat');
  const { key: _key, path: _path, children: _children, ...need } = entry ?? { key: '', path: '' };
  return need;
}

type Dialog = 'new' | 'settings' | 'away' | null;

/**
 * The height that fills the window below an element's top (the chat scrolls inside its panes, so the
 * composer stays in view), measured again as the window or what is above it changes size.
 */
function useFillHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(360, window.innerHeight - top - 16));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, []);
  return { ref, height };
}

function ChatScreen({ side }: { side: Side }) {
  const { t } = useTranslation(CHAT_NS);
  const { held } = useShell();
  const { id = null } = useParams();
  const me = useMyUserId(side);
  useChatEvents(side, me);
  const list = useChatList(side);
  const [dialog, setDialog] = useState<Dialog>(null);
  const hrefOf = (cid: string) => chatHref(side, chatPath(cid));
  const staff = side === 'staff';
  const admin = staff && holds(held, 'admin_portal.school_details');
  const safeguarding = staff && holds(held, 'daily_communication.chat_safeguarding');
  const close = () => setDialog(null);
  const fill = useFillHeight<HTMLDivElement>();

  return (
    <Page
      title={t('title')}
      width={1320}
      actions={
        <>
          {staff && (
            <Button
              variant="default"
              leftSection={<IconPlaneDeparture size={16} aria-hidden />}
              onClick={() => setDialog('away')}
            >
              {t('away.open')}
            </Button>
          )}
          {admin && (
            <Button variant="default" leftSection={<IconSettings size={16} aria-hidden />} onClick={() => setDialog('settings')}>
              {t('settings.open')}
            </Button>
          )}
          {safeguarding && (
            <Button
              component={Link}
              to={SAFEGUARDING_PATH}
              variant="default"
              leftSection={<IconShieldLock size={16} aria-hidden />}
            >
              {t('safeguarding.open')}
            </Button>
          )}
        </>
      }
    >
      <div
        ref={fill.ref}
        className={classes.layout}
        data-open={id ? 'true' : 'false'}
        style={fill.height ? { height: fill.height } : undefined}
      >
        <section className={classes.listPane} aria-label={t('list.pane')}>
          <ConversationList
            conversations={list.data}
            pending={list.isPending}
            failed={list.error}
            onRetry={() => void list.refetch()}
            openId={id}
            hrefOf={hrefOf}
            actions={
              <Button
                size="sm"
                leftSection={<IconMessagePlus size={16} aria-hidden />}
                onClick={() => setDialog('new')}
                data-testid="chat-new"
              >
                {t('new.button')}
              </Button>
            }
          />
        </section>
        <section className={classes.threadPane} aria-label={t('thread.label')}>
          {id ? (
            <Thread key={id} side={side} id={id} me={me} backHref={chatHref(side, CHAT_PATH)} />
          ) : (
            <Center h="100%" p="xl">
              <Stack align="center" gap={6}>
                <IconMessages size={40} aria-hidden color="var(--mantine-color-dimmed)" />
                <Text c="dimmed" ta="center">
                  {t('thread.choose')}
                </Text>
              </Stack>
            </Center>
          )}
        </section>
      </div>
      {dialog === 'new' &&
        (staff ? (
          <StaffNewConversation onClose={close} hrefOf={hrefOf} />
        ) : (
          <ParentNewConversation onClose={close} hrefOf={hrefOf} />
        ))}
      {dialog === 'settings' && <ChatSettingsModal onClose={close} />}
      {dialog === 'away' && <AwayModal onClose={close} />}
    </Page>
  );
}

/** /communication/chat and /communication/chat/:id: one path for both sides; staff behind the menu entry's needs. */
export default function ChatPage() {
  const { side } = useShell();
  if (side === 'parent') return <ChatScreen side="parent" />;
  return (
    <Gate need={chatNeed()}>
      <ChatScreen side="staff" />
    </Gate>
  );
}
