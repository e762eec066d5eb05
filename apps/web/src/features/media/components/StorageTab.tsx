import { can, type HeldPermissions, quotaExtendSchema } from '@cue/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { errorText, toast } from '../../../lib/notify';
import { useConsumption, useDecideQuota, useQuotaRequests, useRequestQuota } from '../api';
import { formatBytes } from '../gallery';
import { MEDIA_NS, mediaMessage } from '../i18n';

/** The school's storage: used against the quota, by class and by type, when it fills, and asking for more. */
function SchoolStorage({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation(MEDIA_NS);
  const lng = currentLanguage();
  const usage = useConsumption(schoolId);
  const ask = useRequestQuota();
  const [extra, setExtra] = useState<number | string>(10);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (usage.error)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
        {errorText(usage.error)}
      </Alert>
    );
  const data = usage.data;
  if (!data) return <Skeleton h={220} radius="lg" />;
  const percent = Math.min(100, Math.max(0, data.percent));
  const submit = () => {
    const body = quotaExtendSchema.safeParse({ extra_gb: Number(extra), reason: reason.trim() || undefined });
    if (!body.success) {
      setError(t('storage.extraInvalid'));
      return;
    }
    setError(null);
    ask.mutate(
      { schoolId, body: body.data },
      {
        onSuccess: () => {
          toast.success(mediaMessage('quotaRequested'));
          setReason('');
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  const types = [
    ['image', data.by_type.image],
    ['video', data.by_type.video],
    ['other', data.by_type.other],
  ] as const;
  return (
    <Stack gap="md" data-testid="school-storage">
      <Paper withBorder radius="lg" p="md">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="md">
              {t('storage.used', { used: formatBytes(data.used_bytes, lng), quota: formatBytes(data.quota_bytes, lng) })}
            </Title>
            <Text fz="sm" fw={600}>{`${Math.round(percent)}%`}</Text>
          </Group>
          <Progress
            value={percent}
            size="lg"
            color={percent >= 90 ? 'red' : percent >= 75 ? 'orange' : 'cue'}
            aria-label={t('storage.usedLabel')}
          />
          <Group gap="lg">
            <Text fz="sm" c="dimmed">
              {t('storage.items', { count: data.item_count })}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('storage.bin', { size: formatBytes(data.bin_bytes, lng) })}
            </Text>
            <Text fz="sm" c="dimmed">
              {data.projected_full_on ? t('storage.fullOn', { date: data.projected_full_on }) : t('storage.neverFull')}
            </Text>
          </Group>
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="sm" mb="xs">
            {t('storage.byClass')}
          </Title>
          <Table.ScrollContainer minWidth={280}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('storage.class')}</Table.Th>
                  <Table.Th>{t('storage.itemsHead')}</Table.Th>
                  <Table.Th>{t('storage.size')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.by_class.map((row) => (
                  <Table.Tr key={row.class_id}>
                    <Table.Td>
                      <bdi>{row.name}</bdi>
                    </Table.Td>
                    <Table.Td>{row.items.toLocaleString(lng)}</Table.Td>
                    <Table.Td>{formatBytes(row.bytes, lng)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="sm" mb="xs">
            {t('storage.byType')}
          </Title>
          <Stack gap={6}>
            {types.map(([kind, bytes]) => (
              <Group key={kind} justify="space-between">
                <Text fz="sm">{t(`storage.type.${kind}`)}</Text>
                <Text fz="sm" fw={500}>
                  {formatBytes(bytes, lng)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md">
        <Title order={3} fz="sm" mb="xs">
          {t('storage.request')}
        </Title>
        {data.pending_request ? (
          <Alert color="yellow" variant="light" data-testid="pending-request">
            {t('storage.pending', { size: formatBytes(data.pending_request.extra_bytes, lng) })}
          </Alert>
        ) : (
          <Stack
            gap="sm"
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
            maw={520}
          >
            <NumberInput
              label={t('storage.extraGb')}
              value={extra}
              onChange={setExtra}
              min={1}
              max={1000}
              allowDecimal={false}
              required
              w={200}
            />
            <Textarea
              label={t('storage.reason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
            />
            {error && (
              <Text c="red.8" fz="sm" role="alert">
                {error}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={ask.isPending}>
                {t('storage.requestSubmit')}
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

/** Requests for more space from every school (super admins): approve or decline. */
function QuotaRequests() {
  const { t } = useTranslation(MEDIA_NS);
  const lng = currentLanguage();
  const requests = useQuotaRequests(true);
  const decide = useDecideQuota();
  if (requests.error)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
        {errorText(requests.error)}
      </Alert>
    );
  if (!requests.data) return <Skeleton h={120} radius="lg" />;
  const when = (iso: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <Paper withBorder radius="lg" p="md" data-testid="quota-requests">
      <Title order={3} fz="sm" mb="xs">
        {t('storage.requests')}
      </Title>
      {requests.data.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('storage.noRequests')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('storage.school')}</Table.Th>
                <Table.Th>{t('storage.extra')}</Table.Th>
                <Table.Th>{t('storage.reason')}</Table.Th>
                <Table.Th>{t('storage.asked')}</Table.Th>
                <Table.Th>{t('storage.decision')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.data.map((r) => (
                <Table.Tr key={r._id}>
                  <Table.Td>
                    <bdi>{r.school.name}</bdi>
                  </Table.Td>
                  <Table.Td>{formatBytes(r.extra_bytes, lng)}</Table.Td>
                  <Table.Td>{r.reason}</Table.Td>
                  <Table.Td>
                    {when(r.created_at)}
                    {r.requested_by ? ` · ${r.requested_by.name}` : ''}
                  </Table.Td>
                  <Table.Td>
                    {r.status === 'pending' ? (
                      <Group gap={6} wrap="nowrap">
                        {(['approve', 'decline'] as const).map((decision) => (
                          <Button
                            key={decision}
                            size="compact-sm"
                            variant={decision === 'approve' ? 'filled' : 'default'}
                            loading={decide.isPending && decide.variables?.id === r._id && decide.variables.decision === decision}
                            onClick={() =>
                              decide.mutate(
                                { id: r._id, decision },
                                {
                                  onSuccess: () => toast.success(mediaMessage('quotaDecided')),
                                  onError: (err) => toast.error(errorText(err)),
                                },
                              )
                            }
                            aria-label={t(`storage.${decision}Named`, { school: r.school.name })}
                          >
                            {t(`storage.${decision}`)}
                          </Button>
                        ))}
                      </Group>
                    ) : (
                      <Badge variant="light" color={r.status === 'approved' ? 'teal' : 'gray'} tt="none">
                        {t(`storage.status.${r.status}`)}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The storage tab: the school's use for holders of school details, and the platform's requests for super admins. */
export function StorageTab({ schoolId, held }: { schoolId: string | null; held: HeldPermissions }) {
  const details = can({ permission: 'admin_portal.school_details' }, held);
  const platform = can({ permission: 'super_admin.manage_platform_org_schools' }, held);
  return (
    <Stack gap="lg">
      {details && schoolId && <SchoolStorage schoolId={schoolId} />}
      {platform && <QuotaRequests />}
    </Stack>
  );
}
