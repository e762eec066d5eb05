import type { Retention } from '@cue/contract';
import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from '../../../lib/notify';
import { useRetention, useSaveRetention } from '../api';
import { formatDateTime } from '../format';

type Months = number | null;
const asMonths = (value: string | number): Months => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * How long the school keeps photos and videos, and log entries: empty keeps them for ever; the daily
 * run deletes what is older (GET and PUT /api/school/retention).
 */
export function RetentionCard({ editable }: { editable: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const retention = useRetention();
  const save = useSaveRetention();
  const [media, setMedia] = useState<Months>(null);
  const [logs, setLogs] = useState<Months>(null);
  const saved: Retention | undefined = retention.data;
  useEffect(() => {
    if (!saved) return;
    setMedia(saved.media_months);
    setLogs(saved.log_months);
  }, [saved]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ media_months: media, log_months: logs }, { onSuccess: () => toast.success(t('retention.saved')) });
  };
  const field = (value: Months, set: (m: Months) => void, key: 'media' | 'logs') => (
    <NumberInput
      label={t(`retention.${key}`)}
      description={t(`retention.${key}Help`)}
      placeholder={t('retention.forever')}
      value={value ?? ''}
      onChange={(v) => set(asMonths(v))}
      min={1}
      max={240}
      allowDecimal={false}
      allowNegative={false}
      suffix={value ? ` ${t('retention.months')}` : undefined}
      readOnly={!editable}
      data-testid={`retention-${key}`}
    />
  );
  return (
    <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} noValidate data-testid="retention">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4">
            {t('retention.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('retention.description')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {field(media, setMedia, 'media')}
          {field(logs, setLogs, 'logs')}
        </SimpleGrid>
        {saved?.last_run_at && saved.last_run && (
          <Text fz="sm" c="dimmed" data-testid="retention-last-run">
            {t('retention.lastRun', {
              date: formatDateTime(saved.last_run_at, i18n.language),
              media: saved.last_run.media,
              logs: saved.last_run.logs,
            })}
          </Text>
        )}
        {save.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="form-error">
            {errorText(save.error)}
          </Alert>
        )}
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
