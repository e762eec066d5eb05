import { can, LEAVE_MANAGER, type LeaveRequestDetail, PAGE_PATHS } from '@cue/contract';
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconPaperclip, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Fact } from '../../../components/Fact';
import { FormModal } from '../../../components/FormModal';
import { errorText, toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import shell from '../../shell/pages/Pages.module.css';
import { useShell } from '../../shell/ShellContext';
import { downloadLeaveDocument, useAttachLeaveDocument, useDecideLeave, useLeaveRequest } from '../api';
import { LEAVE_NS, leaveText } from '../i18n';
import { RequestCover } from './CoverPanel';
import { CancelLeaveModal, Dates, DOCUMENT_ACCEPT, RatioWarnings, StatusBadge, TypeChip } from './parts';

/** The request's document: a download for whoever reads the request; attach or replace for its applicant. */
function RequestDocument({
  id,
  document,
  canAttach,
}: {
  id: string;
  document: LeaveRequestDetail['document'];
  canAttach: boolean;
}) {
  const { t } = useTranslation(LEAVE_NS);
  const attach = useAttachLeaveDocument();
  if (!document && !canAttach) return null;
  return (
    <Group gap="sm" mt="sm" data-testid="request-document">
      <IconPaperclip size={16} aria-hidden />
      {document ? (
        <Anchor
          component="button"
          type="button"
          fz="sm"
          onClick={() => downloadLeaveDocument(id, document.name).catch((err) => toast.error(errorText(err)))}
        >
          {document.name}
        </Anchor>
      ) : (
        <Text fz="sm" c="dimmed">
          {t('request.noDocument')}
        </Text>
      )}
      {canAttach && (
        <FileButton
          accept={DOCUMENT_ACCEPT}
          onChange={(file) =>
            file &&
            attach.mutate(
              { id, file },
              {
                onSuccess: (answer) => toast.success(leaveText(answer.message)),
                onError: (err) => toast.error(errorText(err)),
              },
            )
          }
        >
          {(props) => (
            <Button {...props} variant="subtle" size="compact-sm" loading={attach.isPending}>
              {document ? t('request.replaceDocument') : t('request.attachDocument')}
            </Button>
          )}
        </FileButton>
      )}
    </Group>
  );
}

function Body({ id }: { id: string }) {
  const { t } = useTranslation(LEAVE_NS);
  const request = useLeaveRequest(id);
  const decide = useDecideLeave();
  const manages = can({ permission: LEAVE_MANAGER }, useShell().held);
  const [cancelling, setCancelling] = useState(false);
  const [deciding, setDeciding] = useState<'approve' | 'decline' | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const r = request.data;
  const send = () => {
    if (!deciding) return;
    setError(null);
    decide.mutate(
      { id, decision: deciding, note },
      {
        onSuccess: (answer) => {
          toast.success(leaveText(answer.message));
          setDeciding(null);
          setNote('');
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  return (
    <Page
      title={r ? t('request.title', { name: r.staff.name }) : t('request.loading')}
      actions={
        <Button
          component={Link}
          to={PAGE_PATHS.leaveRequests}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden className={shell.flipInRtl} />}
        >
          {t('request.back')}
        </Button>
      }
    >
      {request.isPending && <Skeleton h={160} radius="lg" />}
      {request.isError && (
        <Alert color="red" variant="light">
          {errorText(request.error)}
        </Alert>
      )}
      {r && (
        <Stack gap="md">
          <Paper withBorder radius="lg" p="md">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <Fact label={t('table.type')}>
                <TypeChip type={r.leave_type} />
              </Fact>
              <Fact label={t('table.dates')}>
                <Dates r={r} />
              </Fact>
              <Fact label={t('table.days')}>{t('days', { count: r.days })}</Fact>
              <Fact label={t('table.status')}>
                <StatusBadge status={r.status} />
              </Fact>
            </SimpleGrid>
            {r.reason && (
              <Text fz="sm" mt="sm">
                {t('request.reason')}: {r.reason}
              </Text>
            )}
            {r.waiting_for && (
              <Text fz="sm" c="dimmed" mt="xs">
                {t(`request.waitingFor.${r.waiting_for}`)}
              </Text>
            )}
            <RequestDocument id={r._id} document={r.document} canAttach={r.abilities.attach} />
          </Paper>
          <RatioWarnings warnings={r.ratio_warnings} />
          {r.status === 'approved' && manages && <RequestCover requestId={r._id} from={r.start_date} to={r.end_date} />}
          {r.balance && (
            <Paper withBorder radius="lg" p="md" data-testid="request-balance">
              <Title order={2} fz="h5" mb={4}>
                {t('request.balance', { type: r.balance.leave_type.name })}
              </Title>
              <Text fz="sm">
                {t('request.balanceLine', {
                  available: r.balance.available,
                  entitled: r.balance.entitled,
                  carried: r.balance.carried_over,
                  taken: r.balance.taken,
                  pending: r.balance.pending,
                })}
              </Text>
            </Paper>
          )}
          <Paper withBorder radius="lg" p="md" data-testid="request-overlaps">
            <Title order={2} fz="h5" mb={4}>
              {t('request.alsoAway')}
            </Title>
            {r.overlaps.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {t('request.nobodyElse')}
              </Text>
            ) : (
              <List size="sm">
                {r.overlaps.map((o) => (
                  <List.Item key={`${o.staff._id}:${o.start_date}`}>
                    {t('request.overlapLine', {
                      name: o.staff.name,
                      type: o.leave_type,
                      from: o.start_date,
                      to: o.end_date,
                      status: t(`status.${o.status}`),
                      shares: o.shares.map((s) => (s === 'team' ? t('request.team') : s)).join(', '),
                    })}
                  </List.Item>
                ))}
              </List>
            )}
          </Paper>
          {r.decisions.length > 0 && (
            <Paper withBorder radius="lg" p="md">
              <Title order={2} fz="h5" mb={4}>
                {t('request.decisions')}
              </Title>
              <List size="sm">
                {r.decisions.map((d) => (
                  <List.Item key={d.at}>
                    {t(`request.decision.${d.decision}`, { name: d.by.name, step: t(`request.step.${d.step}`) })}
                    {d.note ? ` — ${d.note}` : ''}
                  </List.Item>
                ))}
              </List>
            </Paper>
          )}
          <Group>
            {r.abilities.approve && (
              <Button color="green" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setDeciding('approve')}>
                {t('request.approve')}
              </Button>
            )}
            {r.abilities.decline && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => setDeciding('decline')}
              >
                {t('request.decline')}
              </Button>
            )}
            {r.abilities.cancel && (
              <Button variant="default" onClick={() => setCancelling(true)}>
                {t('mine.cancel')}
              </Button>
            )}
            <Anchor component={Link} to={PAGE_PATHS.staffCalendar} fz="sm">
              {t('request.calendar')}
            </Anchor>
          </Group>
          <CancelLeaveModal id={cancelling ? id : null} onClose={() => setCancelling(false)} />
          <FormModal
            opened={deciding !== null}
            onClose={() => setDeciding(null)}
            title={
              deciding === 'decline'
                ? t('request.declineTitle', { name: r.staff.name })
                : t('request.approveTitle', { name: r.staff.name })
            }
            submitLabel={deciding === 'decline' ? t('request.decline') : t('request.approve')}
            onSubmit={send}
            pending={decide.isPending}
            danger={deciding === 'decline'}
            error={error}
            size="md"
          >
            {deciding === 'approve' && <RatioWarnings warnings={r.ratio_warnings} />}
            <Textarea
              label={t('request.note')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={1000}
              autosize
              minRows={2}
              data-autofocus
            />
          </FormModal>
        </Stack>
      )}
    </Page>
  );
}

/** /admin/leave-portal/leave-requests/:id: one request with what its approver weighs, and the decision. */
export default function LeaveRequestPage() {
  const { id = '' } = useParams();
  return (
    <Gate need={{ feature: 'leave_management' }}>
      <Body id={id} />
    </Gate>
  );
}
