import { can } from '@cue/contract';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMessageChatbot, IconSparkles, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useShell } from '../shell/ShellContext';
import classes from './CueDock.module.css';
import { CUE_NS } from './i18n';
import { SmallChatWindow } from './smallchat/SmallChatWindow';
import { useCueContext } from './tasks/useCueContext';
import { useTaskSocket } from './tasks/useTaskSocket';

const AssistantOverlay = lazy(() => import('./overlay/AssistantOverlay'));

/** The query parameter that opens the full-screen assistant (spec section 2). */
export const OVERLAY_PARAM = 'cue';

/**
 * Cue in the staff shell: the task events' listener, the floating buttons beside the task panel, the
 * full-screen assistant (`?cue=true`, with the school's cue_chat.enabled) and the small AI chat
 * window (with super_admin.access_new_modules).
 */
export default function CueDock() {
  const { t } = useTranslation(CUE_NS);
  const { held, ready } = useShell();
  const who = useCueContext();
  useTaskSocket(who);
  const [params, setParams] = useSearchParams();
  const [chatOpen, setChatOpen] = useState(false);
  const overlayAllowed = ready && can({ feature: 'cue_chat.enabled' }, held);
  const chatAllowed = ready && can({ permission: 'super_admin.access_new_modules' }, held);
  const overlayOpen = overlayAllowed && params.get(OVERLAY_PARAM) === 'true';

  const setOverlay = (open: boolean) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (open) next.set(OVERLAY_PARAM, 'true');
      else next.delete(OVERLAY_PARAM);
      return next;
    });

  return (
    <>
      <div className={classes.buttons}>
        {chatAllowed && (
          <Tooltip label={chatOpen ? t('smallChat.close') : t('smallChat.open')} position="top">
            <ActionIcon
              size={44}
              radius="xl"
              variant={chatOpen ? 'filled' : 'default'}
              className={classes.fab}
              onClick={() => setChatOpen((v) => !v)}
              aria-label={chatOpen ? t('smallChat.close') : t('smallChat.open')}
              aria-pressed={chatOpen}
              data-testid="small-chat-toggle"
            >
              {chatOpen ? <IconX size={20} aria-hidden /> : <IconMessageChatbot size={22} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
        {/* While the assistant is open, its own copy of this button (above it) closes it. */}
        {overlayAllowed && !overlayOpen && (
          <Tooltip label={t('overlay.open')} position="top">
            <ActionIcon
              size={44}
              radius="xl"
              variant="gradient"
              gradient={{ from: 'cue.5', to: 'cue.8', deg: 135 }}
              className={classes.fab}
              onClick={() => setOverlay(true)}
              aria-label={t('overlay.open')}
              aria-pressed={false}
              data-testid="cue-overlay-toggle"
            >
              <IconSparkles size={22} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </div>
      {chatAllowed && chatOpen && <SmallChatWindow who={who} onClose={() => setChatOpen(false)} />}
      {overlayOpen && (
        <Suspense fallback={null}>
          <AssistantOverlay who={who} onClose={() => setOverlay(false)} />
        </Suspense>
      )}
    </>
  );
}
