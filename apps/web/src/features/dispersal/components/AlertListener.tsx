import { type ChildDay, can, DISPERSAL_ALERT_EVENT, type DispersalAlertEvent, pagePath } from '@cue/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHandStop } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import i18n from '../../../lib/i18n';
import { useSocketEvent } from '../../../lib/socket';
import { useShell } from '../../shell/ShellContext';
import { dispersalKeys } from '../api';
import { deskKeys } from '../api-desk';
import { DISPERSAL_NS } from '../i18n';
import { alertSentence } from './alertText';

/** A child's name from the day lists held (the class's day, the dismissal), or null. */
function childNameIn(held: [unknown, unknown][], studentId: string): string | null {
  for (const [, data] of held) {
    const children = (data as { children?: ChildDay[] } | undefined)?.children;
    const found = Array.isArray(children) ? children.find((c) => c.student?.id === studentId) : undefined;
    if (found) return `${found.student.first_name} ${found.student.last_name}`;
  }
  return null;
}

/**
 * Mounted once in the staff's shell: an adult refused at the door or a "no" to the health question
 * comes as a red notice wherever the person is, staying until dismissed, with a link to the alerts.
 * Only for schools with drop-off and pick-up.
 */
export default function DispersalAlertListener() {
  const { t } = useTranslation(DISPERSAL_NS);
  const { side, held, ready } = useShell();
  const client = useQueryClient();
  const navigate = useNavigate();
  const on = side === 'staff' && ready && can({ feature: 'entry_dispersal' }, held);
  useSocketEvent<DispersalAlertEvent>(
    DISPERSAL_ALERT_EVENT,
    (alert) => {
      void client.invalidateQueries({ queryKey: deskKeys.alerts });
      const id = `dispersal-alert-${alert.id}`;
      // The event names the child by id: their name comes from a list this tab has already read.
      const child = alert.student_id
        ? childNameIn(client.getQueriesData({ queryKey: dispersalKeys.all }), alert.student_id)
        : null;
      const path = pagePath.entryDispersal({ tab: 'alerts' });
      notifications.show({
        id,
        color: 'red',
        withBorder: true,
        autoClose: false,
        icon: <IconHandStop size={20} aria-hidden />,
        title: t('alerts.toastTitle'),
        closeButtonProps: { 'aria-label': i18n.t('translation:common.close') },
        styles: { description: { color: 'var(--mantine-color-text)' } },
        message: (
          <Stack gap={4} data-testid="dispersal-alert-toast">
            <Text fz="sm">{alertSentence(t, { kind: alert.kind, adult: alert.adult_name, child })}</Text>
            <Anchor
              href={path}
              fz="sm"
              fw={600}
              onClick={(event) => {
                // The notice sits outside the page's router outlet: navigate by hand.
                event.preventDefault();
                notifications.hide(id);
                void navigate(path);
              }}
            >
              {t('alerts.openLink')}
            </Anchor>
          </Stack>
        ),
      });
    },
    on,
  );
  return null;
}
