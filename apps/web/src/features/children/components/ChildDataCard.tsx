import { Alert, Button, Group, List, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileZip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportProgress, useExportJob } from '../../../components/ExportJob';
import { FormModal } from '../../../components/FormModal';
import { fullName } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { formatDateTime } from '../../admin/format';
import { type ChildRecord, type Erasure, useEraseChild, useErasure, useStartChildData } from '../api';
import { CHILDREN_NS } from '../i18n';
import { Section } from './RecordSection';

/**
 * The child's data (issue 30): a copy of everything the school holds about the child, as a ZIP, for the
 * family and for admins; and, for admins, its erasure on the family's request.
 */
export function ChildDataCard({ record }: { record: ChildRecord }) {
  const { t } = useTranslation(CHILDREN_NS);
  const a = record.abilities;
  const start = useStartChildData();
  const job = useExportJob(start);
  const [erasing, setErasing] = useState(false);
  if (!a.can_export_data && !a.can_erase_data) return null;
  const name = fullName(record.student);
  return (
    <Section title={t('data.title')} testId="record-data">
      <Text fz="sm" c="dimmed">
        {a.can_erase_data ? t('data.staffHelp', { name }) : t('data.familyHelp', { name })}
      </Text>
      <Group gap="sm" wrap="wrap">
        {a.can_export_data && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => job.make(record.student.id)}
            loading={job.running}
            data-testid="data-export"
          >
            {t('data.download')}
          </Button>
        )}
        {a.can_erase_data && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setErasing(true)}
            data-testid="data-erase"
          >
            {t('data.erase')}
          </Button>
        )}
      </Group>
      <ExportProgress
        job={job}
        testId="data-export"
        icon={<IconFileZip size={16} aria-hidden />}
        text={{
          name: t('data.download'),
          preparing: t('data.preparing'),
          ready: t('data.ready'),
          open: t('data.open'),
          failed: t('data.failed'),
          retry: t('data.retry'),
        }}
        onRetry={() => job.make(record.student.id)}
      />
      {erasing && <ErasureModal studentId={record.student.id} onClose={() => setErasing(false)} />}
    </Section>
  );
}

function Categories({ title, list, kind }: { title: string; list: Erasure['erased'] | Erasure['kept']; kind: string }) {
  const { t } = useTranslation(CHILDREN_NS);
  return (
    <Stack gap={4} data-testid={`erasure-${kind}`}>
      <Title order={3} fz="sm">
        {title}
      </Title>
      <List size="sm" spacing={2}>
        {list.map((c) => (
          <List.Item key={c.category}>
            {t(`data.categories.${c.category}`)}: <bdi>{c.count}</bdi>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** What would be erased and kept, the child's full name typed to confirm, and why (for the audit log). */
function ErasureModal({ studentId, onClose }: { studentId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(CHILDREN_NS);
  const preview = useErasure(studentId, true);
  const erase = useEraseChild(studentId);
  const [confirm, setConfirm] = useState('');
  const [reason, setReason] = useState('');
  const p = preview.data;
  const blocked = !p || p.enrolled || !!p.erased_at;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('data.eraseTitle')}
      submitLabel={t('data.eraseConfirm')}
      danger
      pending={erase.isPending}
      submitDisabled={blocked || !confirm.trim()}
      error={erase.isError ? errorText(erase.error) : preview.isError ? errorText(preview.error) : null}
      onSubmit={() =>
        erase.mutate(
          { confirm_name: confirm, ...(reason.trim() ? { reason: reason.trim() } : {}) },
          {
            onSuccess: () => {
              toast.success(t('data.erased'));
              onClose();
            },
          },
        )
      }
    >
      {!p && !preview.isError && (
        <Text c="dimmed" aria-busy="true">
          {t('loading')}
        </Text>
      )}
      {p?.erased_at && (
        <Alert color="gray" variant="light" data-testid="erasure-done">
          {t('data.alreadyErased', { date: formatDateTime(p.erased_at, i18n.language) })}
        </Alert>
      )}
      {p && !p.erased_at && p.enrolled && (
        <Alert color="orange" variant="light" data-testid="erasure-enrolled">
          {t('data.enrolled')}
        </Alert>
      )}
      {p && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Categories title={t('data.erasedList')} list={p.erased} kind="erased" />
          <Categories title={t('data.keptList')} list={p.kept} kind="kept" />
        </SimpleGrid>
      )}
      {p && !blocked && (
        <>
          <Text fz="sm">{t('data.warning')}</Text>
          <TextInput
            label={t('data.confirmLabel', { name: p.name })}
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            required
            autoComplete="off"
            data-testid="erasure-name"
          />
          <Textarea
            label={t('data.reason')}
            description={t('data.reasonHelp')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
        </>
      )}
    </FormModal>
  );
}
