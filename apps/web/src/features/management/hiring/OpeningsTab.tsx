import { HIRING_STAGES, pagePath } from '@cue/contract';
import { ActionIcon, Anchor, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconPencil, IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { SoftBadge } from '../../../components/SoftBadge';
import { showDay } from '../../planning/planFormat';
import { useShell } from '../../shell/ShellContext';
import { HIRING_NS } from '../i18n';
import { type JobOpening, useOpenings } from './api-hiring';
import { absoluteUrl, STAGE_COLORS } from './hiringFormat';
import { OpeningForm } from './OpeningForm';

const STATUS_COLORS = { draft: 'gray', open: 'teal', closed: 'red' } as const;

/** An opening's public address with Copy and Open (the school's job page links to it). */
export function PublicLink({ path, label }: { path: string; label: string }) {
  const { t } = useTranslation(HIRING_NS);
  const url = absoluteUrl(path, window.location.origin);
  return (
    <Group gap={4} wrap="nowrap">
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('openings.copied') : t('openings.copy')}>
            <ActionIcon variant="subtle" size="lg" onClick={copy} aria-label={t('openings.copyOf', { title: label })}>
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      <Tooltip label={t('openings.open')}>
        <ActionIcon
          component="a"
          href={url}
          target="_blank"
          rel="noopener"
          variant="subtle"
          size="lg"
          aria-label={t('openings.openOf', { title: label })}
        >
          <IconExternalLink size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The openings: title, type, status, closing day, applications by stage; New opening and Edit. */
export function OpeningsTab({ onApplicants }: { onApplicants: (openingId: string) => void }) {
  const { t, i18n } = useTranslation(HIRING_NS);
  const list = useOpenings();
  const [editing, setEditing] = useState<JobOpening | 'new' | null>(null);
  const number = new Intl.NumberFormat(i18n.language);
  // The school's public jobs page, which lists its open openings.
  const schoolId = useShell().user.staff?.school_details.id ?? null;
  const jobsPath = schoolId ? pagePath.publicJobs(schoolId) : null;

  return (
    <>
      <DataTable
        caption={t('openings.caption')}
        testId="openings-table"
        rows={list.data}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(x) => x._id}
        rowLabel={(x) => x.title}
        emptyText={t('openings.empty')}
        toolbar={
          <Group justify="space-between" gap="sm" wrap="wrap">
            {jobsPath ? (
              <Group gap={6} wrap="nowrap" miw={0}>
                <Text fz="sm" c="dimmed">
                  {t('openings.jobsPage')}
                </Text>
                <Anchor href={jobsPath} target="_blank" rel="noopener" fz="sm" truncate="end">
                  {absoluteUrl(jobsPath, window.location.origin)}
                </Anchor>
              </Group>
            ) : (
              <span />
            )}
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} data-testid="new-opening">
              {t('openings.new')}
            </Button>
          </Group>
        }
        columns={[
          {
            key: 'title',
            header: t('openings.title'),
            render: (x) => (
              <Stack gap={2} miw={160}>
                <Text fz="sm" fw={600}>
                  {x.title}
                </Text>
                {(x.role || x.location) && (
                  <Text fz="xs" c="dimmed">
                    {[x.role?.name, x.location].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Stack>
            ),
          },
          { key: 'type', header: t('openings.type'), render: (x) => t(`types.${x.employment_type}`) },
          {
            key: 'status',
            header: t('openings.status'),
            render: (x) => (
              <SoftBadge color={STATUS_COLORS[x.status]} data-status={x.status}>
                {t(`status.${x.status}`)}
              </SoftBadge>
            ),
          },
          {
            key: 'closes',
            header: t('openings.closesOn'),
            render: (x) => (x.closes_on ? showDay(x.closes_on, i18n.language) : t('openings.noClosing')),
          },
          {
            key: 'applications',
            header: t('openings.applications'),
            render: (x) => (
              <Stack gap={4}>
                <Text fz="sm" fw={600}>
                  {number.format(x.applications)}
                </Text>
                <Group gap={4} wrap="wrap">
                  {HIRING_STAGES.filter((s) => (x.stage_counts[s] ?? 0) > 0).map((s) => (
                    <SoftBadge key={s} color={STAGE_COLORS[s]}>
                      {t('openings.stageCount', { stage: t(`stages.${s}`), n: number.format(x.stage_counts[s] ?? 0) })}
                    </SoftBadge>
                  ))}
                </Group>
              </Stack>
            ),
          },
          {
            key: 'link',
            header: t('openings.publicLink'),
            render: (x) => <PublicLink path={x.public_path} label={x.title} />,
          },
        ]}
        actions={(x) => [
          { label: t('openings.applicants'), icon: IconUsers, onClick: () => onApplicants(x._id) },
          ...(x.abilities.edit ? [{ label: t('openings.edit'), icon: IconPencil, onClick: () => setEditing(x) }] : []),
        ]}
      />
      {editing && <OpeningForm opening={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
