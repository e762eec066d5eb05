import { FEEDBACK_KINDS, type FeedbackKind } from '@cue/contract';
import { Alert, Button, Group, Paper, Progress, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClipboardList, IconEdit, IconLockOpen, IconPlayerPlay, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/FormModal';
import { SoftBadge } from '../../../components/SoftBadge';
import { toast } from '../../../lib/notify';
import { toastThen } from '../../../lib/saved';
import { Page } from '../../communication/components/Page';
import { usePlanClass } from '../../planning/components/PlanClass';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { type FeedbackForm, useDeleteFeedbackForm, useFeedbackForms, useUpdateFeedbackForm } from '../api-hpc';
import { LoadError } from '../components/LoadError';
import { PeriodPicker, usePeriodParam } from '../components/PeriodPicker';
import { assessmentErrorText, assessmentMessage, HPC_NS } from '../i18n';
import { FamilyFeedback } from './FamilyFeedback';
import { FeedbackFormEditor, useReachableClasses } from './FeedbackFormEditor';
import { NoPeriods } from './HpcParts';
import { FORM_STATUS_COLOR, feedbackKindOf, percentOf } from './hpcView';

/** One form: its title, classes, status and answers so far, with what this person may do to it. */
function FormRow({
  form,
  classNames,
  onEdit,
  onDelete,
}: {
  form: FeedbackForm;
  classNames: Map<string, string>;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(HPC_NS);
  const update = useUpdateFeedbackForm();
  const next = form.status === 'open' ? 'closed' : 'open';
  const setStatus = () =>
    update.mutate(
      { id: form._id, body: { status: next } },
      {
        onSuccess: () => toast.success(assessmentMessage('formSaved')),
        onError: (err) => toast.error(assessmentErrorText(err)),
      },
    );
  const classes = form.class_ids.map((id) => classNames.get(id) ?? '').filter(Boolean);
  return (
    <Paper withBorder radius="md" p="md" data-testid="feedback-form" data-form={form._id} data-status={form.status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} fz="md">
              {form.title}
            </Title>
            {classes.length > 0 && (
              <Text fz="sm" c="dimmed">
                {classes.join(' · ')}
              </Text>
            )}
          </Stack>
          <SoftBadge color={FORM_STATUS_COLOR[form.status]}>{t(`formStatus.${form.status}`)}</SoftBadge>
        </Group>
        <Stack gap={4}>
          <Text fz="sm">{t('forms.responses', { responses: form.responses, expected: form.expected })}</Text>
          {/* Mantine names the bar (its section) with aria-label only. */}
          <Progress
            value={percentOf(form.responses, form.expected)}
            size="sm"
            radius="xl"
            aria-label={t('forms.responses', { responses: form.responses, expected: form.expected })}
          />
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to={`/assessment/feedback/form/${form._id}`}
            size="xs"
            variant="default"
            leftSection={<IconClipboardList size={14} aria-hidden />}
            aria-label={t('forms.answersOf', { title: form.title })}
          >
            {t('forms.answers')}
          </Button>
          {form.abilities.can_collect && form.kind !== 'parent' && form.status === 'open' && (
            <Button
              component={Link}
              to={`/assessment/feedback/form/${form._id}?mode=collect`}
              size="xs"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              aria-label={t('forms.collectOf', { title: form.title })}
            >
              {t('forms.collect')}
            </Button>
          )}
          {form.abilities.can_edit && (
            <>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} aria-hidden />}
                onClick={onEdit}
                aria-label={t('forms.editOf', { title: form.title })}
              >
                {t('forms.edit')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={next === 'open' ? <IconLockOpen size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
                onClick={setStatus}
                loading={update.isPending}
                aria-label={
                  next === 'open' ? t('forms.openOf', { title: form.title }) : t('forms.closeOf', { title: form.title })
                }
              >
                {next === 'open' ? t('forms.open') : t('forms.close')}
              </Button>
            </>
          )}
          {form.abilities.can_delete && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onDelete}
              aria-label={t('forms.deleteOf', { title: form.title })}
            >
              {t('forms.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The staff's view: the period's forms of a kind, made, opened, closed and deleted here. */
function StaffFeedback({ kind }: { kind: FeedbackKind }) {
  const { t } = useTranslation(HPC_NS);
  const navigate = useNavigate();
  const periods = usePeriodParam();
  const { classId } = usePlanClass();
  const forms = useFeedbackForms(kind, periods.periodId, !!periods.periodId);
  const classes = useReachableClasses();
  const classNames = new Map(classes.map((c) => [c.value, c.label]));
  const [editing, setEditing] = useState<FeedbackForm | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FeedbackForm | null>(null);
  const remove = useDeleteFeedbackForm();
  const list = forms.data?.filter((f) => f.kind === kind);
  const locked = !!periods.period?.locked;

  return (
    <Page
      title={t('forms.title')}
      description={t(`forms.intro.${kind}`)}
      actions={
        periods.periodId && !locked ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} data-testid="feedback-new">
            {t('forms.new')}
          </Button>
        ) : undefined
      }
    >
      <Group gap="md" wrap="wrap" justify="space-between">
        <SegmentedControl
          aria-label={t('forms.kind')}
          value={kind}
          onChange={(v) => navigate(`/assessment/feedback/${v}${window.location.search}`)}
          data={FEEDBACK_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
        <PeriodPicker state={periods} />
      </Group>
      {!periods.loading && periods.periods.length === 0 ? (
        <NoPeriods />
      ) : forms.error && !list ? (
        <LoadError testId="hpc-load-error" error={forms.error} onRetry={() => void forms.refetch()} />
      ) : !list ? (
        <Stack gap="sm" data-testid="feedback-loading">
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
        </Stack>
      ) : list.length === 0 ? (
        <Alert color="gray" variant="light" title={t('forms.emptyTitle')} data-testid="feedback-empty">
          {locked ? t('forms.emptyLocked') : t('forms.empty')}
        </Alert>
      ) : (
        <Stack gap="sm" style={{ opacity: forms.isPlaceholderData ? 0.6 : 1 }}>
          {list.map((form) => (
            <FormRow
              key={form._id}
              form={form}
              classNames={classNames}
              onEdit={() => setEditing(form)}
              onDelete={() => setDeleting(form)}
            />
          ))}
        </Stack>
      )}
      {periods.periodId && (
        <FeedbackFormEditor
          opened={editing !== null}
          onClose={() => setEditing(null)}
          kind={kind}
          periodId={periods.periodId}
          form={editing === 'new' ? null : editing}
          defaultClassId={classId}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('forms.deleteTitle')}
        message={t('forms.deleteMessage', { title: deleting?.title ?? '' })}
        confirmLabel={t('forms.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: toastThen(assessmentMessage('formDeleted'), () => setDeleting(null)),
            onError: (err) => toast.error(assessmentErrorText(err)),
          })
        }
      />
    </Page>
  );
}

/**
 * /assessment/feedback and /assessment/feedback/:kind: staff keep the period's parent, peer and self
 * forms; a family answers its open parent forms on the same page.
 */
export default function FeedbackPage() {
  const { t } = useTranslation(HPC_NS);
  const { side } = useShell();
  const { kind } = useParams();
  if (side === 'parent')
    return (
      <Page title={t('family.title')} description={t('family.intro')} width={760}>
        <FamilyFeedback />
      </Page>
    );
  return (
    <Gate need={{ feature: 'feedback' }}>
      <StaffFeedback kind={feedbackKindOf(kind)} />
    </Gate>
  );
}
