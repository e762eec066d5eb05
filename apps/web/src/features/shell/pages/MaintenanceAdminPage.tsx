import { Alert, Badge, Button, Container, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from '../../../lib/notify';
import { useMaintenance, useSetMaintenance } from '../api';
import { PageHeader } from './common';

const LOCAL = 'YYYY-MM-DDTHH:mm';
const toLocal = (iso: string | null | undefined) => (iso ? dayjs(iso).format(LOCAL) : '');
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

/** /admin/school-setup/maintenance (super admins): set or clear the maintenance window. */
export function MaintenanceAdminPage() {
  const { t, i18n } = useTranslation('shell');
  const status = useMaintenance();
  const setMaintenance = useSetMaintenance();
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const startValue = start ?? toLocal(status.data?.start_time);
  const endValue = end ?? toLocal(status.data?.end_time);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const active = status.data?.status === 'active';
  const invalid = !!startValue && !!endValue && startValue >= endValue;

  const save = (enabled: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    if (enabled && invalid) return;
    setMaintenance.mutate(enabled ? { enabled, start_time: toIso(startValue), end_time: toIso(endValue) } : { enabled: false }, {
      onSuccess: (next) => {
        toast.success(
          next.status === 'active'
            ? t('maintenance.admin.on')
            : enabled
              ? t('maintenance.admin.scheduled')
              : t('maintenance.admin.cleared'),
        );
        setStart(null);
        setEnd(null);
      },
      onError: (err) => toast.error(errorText(err)),
    });
  };

  return (
    <Container size="sm" data-testid="maintenance-admin">
      <PageHeader title={t('maintenance.admin.title')} description={t('maintenance.admin.intro')} />
      <Paper withBorder radius="lg" p="lg">
        <form onSubmit={save(true)} noValidate>
          <Stack gap="md">
            <Group gap="xs">
              <Text fw={600}>{t('maintenance.admin.status')}</Text>
              <Badge color={active ? 'orange' : 'gray'} variant="light">
                {active ? t('maintenance.admin.active') : t('maintenance.admin.inactive')}
              </Badge>
            </Group>
            {active && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {t('maintenance.admin.activeNote')}
              </Alert>
            )}
            {status.data?.start_time && (
              <Text fz="sm" c="dimmed">
                {t('maintenance.started')}: {when.format(new Date(status.data.start_time))}
                {status.data.end_time && ` · ${t('maintenance.expectedEnd')}: ${when.format(new Date(status.data.end_time))}`}
              </Text>
            )}
            <TextInput
              type="datetime-local"
              label={t('maintenance.admin.start')}
              description={t('maintenance.admin.startHint')}
              value={startValue}
              onChange={(e) => setStart(e.currentTarget.value)}
            />
            <TextInput
              type="datetime-local"
              label={t('maintenance.admin.end')}
              description={t('maintenance.admin.endHint')}
              value={endValue}
              onChange={(e) => setEnd(e.currentTarget.value)}
              error={invalid ? t('maintenance.admin.endAfterStart') : undefined}
            />
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => save(false)()}
                loading={setMaintenance.isPending && setMaintenance.variables?.enabled === false}
              >
                {t('maintenance.admin.clear')}
              </Button>
              <Button
                type="submit"
                color="orange"
                loading={setMaintenance.isPending && setMaintenance.variables?.enabled === true}
                disabled={invalid}
              >
                {t('maintenance.admin.set')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
