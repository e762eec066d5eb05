import { can, type DispersalAlert, pagePath } from '@cue/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHandStop } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import i18n from '../../../lib/i18n';
import { useSocketEvent } from '../../../lib/socket';
import { useShell } from '../../shell/ShellContext';
import { DISPERSAL_ALERT_EVENT, deskKeys } from '../api-desk';
import { DISPERSAL_NS } from '../i18n';
import { alertSentence } from './alertText';

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
  useSocketEvent<Partial<DispersalAlert>>(
    DISPERSAL_ALERT_EVENT,
    (alert) => {
      void client.invalidateQueries({ queryKey: deskKeys.alerts });
      const id = `dispersal-alert-${alert.id ?? Date.now()}`;
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
            <Text fz="sm">{alertSentence(t, alert)}</Text>
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
