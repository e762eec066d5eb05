import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconListCheck, IconLock, IconLockOpen, IconShare } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ExportProgress, useExportJob } from '../../../components/ExportJob';
import { ConfirmModal } from '../../../components/FormModal';
import { formatClassName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useExport } from '../../children/api';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import {
  type ReportSet,
  useLockReportSet,
  useReportCheck,
  useReportSet,
  useShareReportSet,
  useUnlockReportSet,
} from '../api-reports';
import { assessmentErrorText, assessmentMessage, REPORT_CARDS_NS } from '../i18n';
import { LoadError, menuNeed, ReportStatusBadge } from './common';
import { byChild, groupFindings } from './reportView';

const NEED = menuNeed('assessment.report-card');

/** /assessment/report-card/:setId: a class's report cards of a period: its children, the check, lock and share. */
function ReportSetBody() {
  const { t } = useTranslation(REPORT_CARDS_NS);
  const { setId = '' } = useParams();
  const set = useReportSet(setId);
  if (set.error && !set.data)
    return (
      <Page title={t('set.title')}>
        <LoadError error={set.error} onRetry={() => set.refetch()} />
      </Page>
    );
  if (!set.data)
    return (
      <Page title={t('set.title')}>
        <Skeleton h={240} radius="lg" />
      </Page>
    );
  return <ReportSetView set={set.data} />;
}

function ReportSetView({ set }: { set: ReportSet }) {
  const { t } = useTranslation(REPORT_CARDS_NS);
  const [checking, setChecking] = useState(false);
  const [confirm, setConfirm] = useState<'lock' | 'unlock' | 'share' | null>(null);
  const check = useReportCheck(set._id, checking || confirm === 'lock');
  const lock = useLockReportSet();
  const unlock = useUnlockReportSet();
  const share = useShareReportSet();
  // The lock's answer is the PDF job: its progress follows; a refusal is said, not shown as a failed PDF.
  const job = useExportJob({
    isPending: lock.isPending,
    isError: lock.isError,
    error: lock.error,
    mutate: (vars: { id: string }, options: { onSuccess: (answer: { id: string }) => void }) =>
      lock.mutate(vars, {
        onSuccess: (answer) => {
          toast.success(assessmentMessage('reportSetLocked'));
          options.onSuccess(answer);
        },
        onError: (err) => toast.error(assessmentErrorText(err)),
      }),
  });
  const refused = lock.isError;
  // A reloaded page (or one opened while the PDFs are prepared) follows the set's latest job.
  const following = job.running || !!job.link || (job.failed && !refused);
  const resumed = useExport(following ? null : set.export_id);
  const resumedStatus = resumed.data?.status;
  const shown = following
    ? job
    : {
        running: !!set.export_id && resumedStatus !== 'done' && resumedStatus !== 'failed' && !resumed.isError,
        failed: resumedStatus === 'failed' || resumed.isError,
        link: resumedStatus === 'done' ? (resumed.data?.file_link ?? null) : null,
        progress: resumed.data?.progress ?? 0,
      };
  const findings = check.data?.findings.length ?? 0;
  const title = `${formatClassName(set.class_name).full} · ${set.period_name}`;
  const close = () => setConfirm(null);
  return (
    <Page
      title={title}
      description={`${set.template_name} · ${t(`languages.${set.language}`)}`}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconListCheck size={16} aria-hidden />}
            onClick={() => (checking ? check.refetch() : setChecking(true))}
            loading={check.isFetching && checking}
            data-testid="report-run-check"
          >
            {t('set.runCheck')}
          </Button>
          {set.abilities.can_lock && set.status === 'draft' && (
            <Button leftSection={<IconLock size={16} aria-hidden />} onClick={() => setConfirm('lock')} data-testid="report-lock">
              {t('set.lock')}
            </Button>
          )}
          {set.abilities.can_unlock && set.status !== 'draft' && (
            <Button
              variant="default"
              leftSection={<IconLockOpen size={16} aria-hidden />}
              onClick={() => setConfirm('unlock')}
              data-testid="report-unlock"
            >
              {t('set.unlock')}
            </Button>
          )}
          {set.abilities.can_share && set.status === 'locked' && (
            <Button
              leftSection={<IconShare size={16} aria-hidden />}
              onClick={() => setConfirm('share')}
              data-testid="report-share"
            >
              {t('set.share')}
            </Button>
          )}
        </>
      }
    >
      <Group gap="sm" wrap="wrap">
        <ReportStatusBadge status={set.status} />
        <Anchor component={Link} to={`/assessment/report-card?period_id=${set.period_id}`} fz="sm">
          {t('set.back')}
        </Anchor>
      </Group>
      {(shown.running || shown.link || (shown.failed && !refused)) && (
        <Paper withBorder radius="lg" p="md">
          <ExportProgress
            job={shown}
            testId="report-pdf"
            text={{
              name: t('pdf.name'),
              preparing: t('pdf.preparing'),
              ready: t('pdf.ready'),
              open: t('pdf.download'),
              failed: t('pdf.failed'),
              retry: t('pdf.retry'),
            }}
            onRetry={() => job.make({ id: set._id })}
          />
        </Paper>
      )}
      {checking && <CheckPanel setId={set._id} check={check} />}
      <Paper withBorder radius="lg" p={0} style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover miw={520} aria-label={t('set.childrenLabel')} data-testid="report-entries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('set.child')}</Table.Th>
              <Table.Th>{t('set.written')}</Table.Th>
              <Table.Th>{t('set.signed')}</Table.Th>
              <Table.Th>{t('set.pdf')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {set.entries.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed">{t('set.noChildren')}</Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              set.entries.map((entry) => (
                <Table.Tr key={entry._id} data-testid="report-entry-row">
                  <Table.Td>
                    <Anchor component={Link} to={`/assessment/report-card/entry/${entry._id}`} fw={600}>
                      {entry.student_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t('set.ofAreas', { done: entry.comments_written, total: entry.areas })}</Table.Td>
                  <Table.Td>{t('set.ofAreas', { done: entry.comments_signed, total: entry.areas })}</Table.Td>
                  <Table.Td>
                    {entry.pdf_ready ? (
                      <Group gap={4} wrap="nowrap" c="teal.8">
                        <IconCircleCheck size={16} aria-hidden />
                        <Text fz="sm">{t('set.pdfReady')}</Text>
                      </Group>
                    ) : (
                      <Text fz="sm" c="dimmed">
                        {t('set.pdfNotReady')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      <ConfirmModal
        opened={confirm === 'lock'}
        onClose={close}
        title={t('lock.title')}
        confirmLabel={t('lock.confirm')}
        pending={lock.isPending}
        onConfirm={() => {
          close();
          job.make({ id: set._id });
        }}
        message={
          <Stack gap="xs" data-testid="report-lock-findings">
            {check.isPending ? (
              <Text fz="sm">{t('lock.checking')}</Text>
            ) : check.error ? (
              <Text fz="sm">{assessmentErrorText(check.error)}</Text>
            ) : findings === 0 ? (
              <Text fz="sm">{t('lock.allClear')}</Text>
            ) : (
              <Text fz="sm" fw={600} c="orange.9">
                {t('lock.findings', { count: findings })}
              </Text>
            )}
            <Text fz="sm">{t('lock.body')}</Text>
          </Stack>
        }
      />
      <ConfirmModal
        opened={confirm === 'unlock'}
        onClose={close}
        title={t('unlock.title')}
        confirmLabel={t('unlock.confirm')}
        pending={unlock.isPending}
        message={<Text fz="sm">{t('unlock.body')}</Text>}
        onConfirm={() =>
          unlock.mutate(set._id, {
            onSuccess: () => {
              toast.success(assessmentMessage('reportSetUnlocked'));
              close();
            },
            onError: (err) => toast.error(assessmentErrorText(err)),
          })
        }
      />
      <ConfirmModal
        opened={confirm === 'share'}
        onClose={close}
        title={t('share.title')}
        confirmLabel={t('share.confirm')}
        pending={share.isPending}
        message={<Text fz="sm">{t('share.body', { count: set.entries.length })}</Text>}
        onConfirm={() =>
          share.mutate(set._id, {
            onSuccess: () => {
              toast.success(assessmentMessage('reportSetShared'));
              close();
            },
            onError: (err) => toast.error(assessmentErrorText(err)),
          })
        }
      />
    </Page>
  );
}

/** The report check's findings, grouped by kind, each child linking to their entry; "All clear" when none. */
function CheckPanel({ setId, check }: { setId: string; check: ReturnType<typeof useReportCheck> }) {
  const { t } = useTranslation(REPORT_CARDS_NS);
  if (check.error && !check.data) return <LoadError error={check.error} onRetry={() => check.refetch()} />;
  if (!check.data) return <Skeleton h={80} radius="lg" />;
  if (check.data.ok || check.data.findings.length === 0)
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="report-check-clear">
        {t('check.allClear')}
      </Alert>
    );
  return (
    <Paper withBorder radius="lg" p="md" data-testid="report-check" aria-labelledby={`check-${setId}`}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={`check-${setId}`}>
          {t('check.title', { count: check.data.findings.length })}
        </Title>
        {groupFindings(check.data.findings).map((group) => (
          <Stack key={group.kind} gap={4} data-testid="report-check-group" data-kind={group.kind}>
            <Text fw={600} fz="sm">
              {t(`check.kinds.${group.kind}`)} ({group.findings.length})
            </Text>
            <Stack component="ul" gap={2} m={0} ps="md">
              {byChild(group.findings).map((row) => (
                <li key={row.entryId}>
                  <Anchor component={Link} to={`/assessment/report-card/entry/${row.entryId}`} fz="sm" fw={600}>
                    {row.name}
                  </Anchor>
                  {row.areas.length > 0 && (
                    <Text span fz="sm">
                      {': '}
                      {row.areas.map((area, n) => (
                        <Fragment key={area}>
                          {n > 0 && ', '}
                          {/* Each area its own way in, named with the child (a screen reader's list of links reads alone). */}
                          <Anchor
                            component={Link}
                            to={`/assessment/report-card/entry/${row.entryId}`}
                            fz="sm"
                            aria-label={`${row.name} · ${area}`}
                          >
                            {area}
                          </Anchor>
                        </Fragment>
                      ))}
                    </Text>
                  )}
                  {row.others.length > 0 && (
                    <Text span fz="sm" c="dimmed">
                      {' '}
                      {t('check.sameAs', { names: row.others.join(', ') })}
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

export default function ReportSetPage() {
  return (
    <Gate need={NEED}>
      <ReportSetBody />
    </Gate>
  );
}
