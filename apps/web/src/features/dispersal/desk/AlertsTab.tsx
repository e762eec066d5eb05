import type { DispersalAlert } from '@cue/contract';
import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { ltr } from '../../planning/planFormat';
import { useAlerts, useCloseAlert } from '../api-desk';
import { timeOf } from '../components/checks';
import { Loaded } from '../components/States';
import { DISPERSAL_NS, dispersalMessage } from '../i18n';

const KIND_COLOR: Record<DispersalAlert['kind'], string> = {
  blocked: 'red',
  not_authorised: 'orange',
  invalid_pickup_code: 'yellow',
  health: 'pink',
};

/** One alert: its kind, the child, the adult, where it came from (the desk or a kiosk), when, and Close. */
function AlertRow({ alert }: { alert: DispersalAlert }) {
  const { t } = useTranslation(DISPERSAL_NS);
  const close = useCloseAlert();
  const child = alert.student ? fullName(alert.student) : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="dispersal-alert" data-kind={alert.kind}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={4} miw={0} flex="1 1 260px">
          <Group gap={6} wrap="wrap">
            <Badge color={KIND_COLOR[alert.kind]} variant="filled" c={alert.kind === 'invalid_pickup_code' ? 'dark' : undefined}>
              {t(`alerts.kind.${alert.kind}`)}
            </Badge>
            <Text fz="sm" c="dimmed">
              {ltr(timeOf(alert.at))}
            </Text>
          </Group>
          {child && (
            <Text fw={700} id={`alert-${alert.id}-child`}>
              {child}
            </Text>
          )}
          {alert.adult_name && <Text fz="sm">{t('alerts.adult', { name: alert.adult_name })}</Text>}
          <Text fz="sm" c="dimmed">
            {alert.via === 'kiosk' ? t('alerts.viaKiosk', { name: alert.kiosk_name ?? '' }) : t('alerts.viaDesk')}
          </Text>
          {alert.closed_at && (
            <Text fz="xs" c="dimmed">
              {alert.closed_by ? t('alerts.closedBy', { name: fullName(alert.closed_by) }) : t('alerts.closed')}
            </Text>
          )}
        </Stack>
        {!alert.closed_at && (
          <Button
            variant="default"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={close.isPending}
            // Named by its visible word (a voice user says what they see); the child it is about describes it.
            aria-describedby={child ? `alert-${alert.id}-child` : undefined}
            onClick={() =>
              close.mutate(alert.id, {
                onSuccess: () => toast.success(dispersalMessage('alertClosed')),
                onError: (err) => toast.error(errorText(err)),
              })
            }
          >
            {t('alerts.close')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The alerts of the school's doors: open ones first, or all of them. */
export function AlertsTab() {
  const { t } = useTranslation(DISPERSAL_NS);
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const list = useAlerts(status);
  return (
    <Stack gap="md" data-testid="dispersal-alerts">
      <SegmentedControl
        value={status}
        onChange={(v) => setStatus(v as 'open' | 'all')}
        data={[
          { value: 'open', label: t('alerts.filterOpen') },
          { value: 'all', label: t('alerts.filterAll') },
        ]}
        aria-label={t('alerts.filter')}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      <Loaded error={list.error} data={list.data} h={200} retry={() => void list.refetch()}>
        {(alerts) =>
          alerts.length === 0 ? (
            <Alert
              color="gray"
              variant="light"
              title={t(status === 'open' ? 'alerts.noneOpen' : 'alerts.none')}
              data-testid="dispersal-alerts-empty"
            >
              {t('alerts.noneHint')}
            </Alert>
          ) : (
            <Stack gap="xs">
              {alerts.map((alert) => (
                <AlertRow key={alert.id} alert={alert} />
              ))}
            </Stack>
          )
        }
      </Loaded>
    </Stack>
  );
}
