import { retentionUpdateSchema } from '@cue/contract';
import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/useContractForm';
import { toast } from '../../../lib/notify';
import { useRetention, useSaveRetention } from '../api';
import { formatDateTime } from '../format';

/** A field's months, or '' while it is empty (kept for ever). */
type Months = number | '';
const months = (value: Months) => (value === '' ? null : value);

/**
 * How long the school keeps photos and videos, and log entries: empty keeps them for ever; the daily
 * run deletes what is older (GET and PUT /api/school/retention).
 */
export function RetentionCard({ editable }: { editable: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const retention = useRetention();
  const save = useSaveRetention();
  const form = useContractForm({
    schema: retentionUpdateSchema,
    initialValues: { media_months: '' as Months, log_months: '' as Months },
    toBody: (v) => ({ media_months: months(v.media_months), log_months: months(v.log_months) }),
  });
  const saved = retention.data;
  const { setValues, resetDirty } = form;
  // The saved settings (after a save, or changed elsewhere) are what the form shows.
  useEffect(() => {
    if (!saved) return;
    const values = { media_months: saved.media_months ?? ('' as Months), log_months: saved.log_months ?? ('' as Months) };
    setValues(values);
    resetDirty(values);
  }, [saved, setValues, resetDirty]);
  const submit = form.submitWith((body) => save.mutateAsync(body), { onSuccess: () => toast.success(t('retention.saved')) });

  const field = (key: 'media' | 'logs', name: 'media_months' | 'log_months') => (
    <NumberInput
      label={t(`retention.${key}`)}
      description={t(`retention.${key}Help`)}
      placeholder={t('retention.forever')}
      {...form.getInputProps(name)}
      min={1}
      max={240}
      allowDecimal={false}
      allowNegative={false}
      suffix={form.values[name] ? ` ${t('retention.months')}` : undefined}
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
        {/* The inputs line up whatever the length of their descriptions. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
          {field('media', 'media_months')}
          {field('logs', 'log_months')}
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
        {form.error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="form-error">
            {form.error}
          </Alert>
        )}
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={form.pending} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
