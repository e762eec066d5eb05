import { ASSESSMENT_ADMIN, can } from '@cue/contract';
import { Anchor, Button, Group, Paper, Select, Skeleton, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconFileText, IconPlus, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ExportLanguage, ExportLanguagePicker, readerExportLanguage } from '../../../components/ExportJob';
import { FormModal } from '../../../components/FormModal';
import { useAddressParam } from '../../../lib/addressParam';
import { formatClassName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useActiveSide } from '../../../lib/session';
import { Page } from '../../communication/components/Page';
import { usePlanClass } from '../../planning/components/PlanClass';
import { useClassChoices } from '../../planning/components/unitMade';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { type ReportSetRow, useCreateReportSet, useFamilyReports, useReportSets, useReportTemplates } from '../api-reports';
import { PeriodPicker, usePeriodParam } from '../components/PeriodPicker';
import { assessmentErrorText, assessmentMessage, REPORT_CARDS_NS } from '../i18n';
import { LoadError, menuNeed, ReportStatusBadge } from './common';
import { dayOfStamp } from './reportView';

const NEED = menuNeed('assessment.report-card');

/** Staff: the period's report card sets (of the class, or every class), and for admins the way to make them. */
function StaffReportCards() {
  const { t } = useTranslation(REPORT_CARDS_NS);
  const { held } = useShell();
  const admin = can({ permission: ASSESSMENT_ADMIN }, held);
  const periods = usePeriodParam();
  const { classId, name } = usePlanClass();
  const [allParam, setAll] = useAddressParam('all');
  const all = allParam === '1' || !classId;
  const sets = useReportSets(
    { period_id: periods.periodId ?? undefined, class_id: all ? undefined : (classId ?? undefined) },
    !!periods.periodId,
  );
  const [creating, setCreating] = useState(false);
  const className = name ? formatClassName(name).text : null;
  return (
    <Page
      title={t('sets.title')}
      description={t('sets.description')}
      actions={
        admin && (
          <>
            <Button
              component={Link}
              to="/assessment/setup"
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
              data-testid="report-setup-link"
            >
              {t('sets.setup')}
            </Button>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
              disabled={!periods.periodId}
              data-testid="report-create"
            >
              {t('sets.create')}
            </Button>
          </>
        )
      }
    >
      <Group gap="md" align="center" wrap="wrap">
        <PeriodPicker state={periods} />
        {classId && className && (
          <Switch
            label={t('sets.onlyClass', { name: className })}
            checked={!all}
            onChange={(e) => setAll(e.currentTarget.checked ? null : '1')}
            data-testid="report-only-class"
          />
        )}
      </Group>
      {!periods.loading && periods.periods.length === 0 ? (
        <Text c="dimmed" data-testid="report-no-periods">
          {t('sets.noPeriods')}{' '}
          {admin && (
            <Anchor component={Link} to="/assessment/setup">
              {t('sets.setup')}
            </Anchor>
          )}
        </Text>
      ) : sets.error && !sets.data ? (
        <LoadError error={sets.error} onRetry={() => sets.refetch()} />
      ) : !sets.data ? (
        <Skeleton h={160} radius="lg" />
      ) : sets.data.length === 0 ? (
        <Paper withBorder radius="lg" p="lg" data-testid="report-sets-empty">
          <Stack gap="xs" align="center">
            <IconFileText size={32} aria-hidden />
            <Text fw={600}>{t('sets.empty')}</Text>
            <Text c="dimmed" fz="sm" ta="center">
              {admin ? t('sets.emptyAdmin') : t('sets.emptyTeacher')}
            </Text>
            {admin && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                {t('sets.create')}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('sets.listLabel')}
          data-testid="report-sets"
        >
          {sets.data.map((set) => (
            <SetRow key={set._id} set={set} />
          ))}
        </Stack>
      )}
      {creating && periods.periodId && (
        <CreateSetModal periodId={periods.periodId} classId={classId} onClose={() => setCreating(false)} />
      )}
    </Page>
  );
}

/** One set: class (opens the set), template, language, status and how many children. */
function SetRow({ set }: { set: ReportSetRow }) {
  const { t } = useTranslation(REPORT_CARDS_NS);
  return (
    <Paper component="li" withBorder radius="lg" p="md" data-testid="report-set-row">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0}>
          <Anchor
            component={Link}
            to={`/assessment/report-card/${set._id}`}
            fw={700}
            c="inherit"
            style={{ overflowWrap: 'anywhere' }}
          >
            {formatClassName(set.class_name).full}
          </Anchor>
          <Text fz="sm" c="dimmed">
            {set.template_name} · {t(`languages.${set.language}`)} · {t('sets.children', { count: set.children })}
          </Text>
        </Stack>
        <ReportStatusBadge status={set.status} />
      </Group>
    </Paper>
  );
}

/** "Create report cards": the class, the template and the report's language, for the period shown. */
function CreateSetModal({ periodId, classId, onClose }: { periodId: string; classId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(REPORT_CARDS_NS);
  const navigate = useNavigate();
  const classes = useClassChoices();
  const templates = useReportTemplates();
  const create = useCreateReportSet();
  const live = (templates.data ?? []).filter((tpl) => !tpl.archived);
  const [values, setValues] = useState<{ class_id: string | null; template_id: string | null; language: ExportLanguage }>({
    class_id: classId,
    template_id: null,
    language: readerExportLanguage(i18n.language),
  });
  const template = values.template_id ?? live[0]?._id ?? null;
  const [tried, setTried] = useState(false);
  const submit = () => {
    setTried(true);
    if (!values.class_id || !template) return;
    create.mutate(
      { class_id: values.class_id, template_id: template, period_id: periodId, language: values.language },
      {
        onSuccess: (answer) => {
          toast.success(assessmentMessage('reportSetCreated'));
          onClose();
          navigate(`/assessment/report-card/${answer.result._id}`);
        },
      },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('create.title')}
      submitLabel={t('create.submit')}
      onSubmit={submit}
      pending={create.isPending}
      error={create.error ? assessmentErrorText(create.error) : null}
      size="md"
    >
      <Select
        label={t('create.class')}
        data={classes}
        value={values.class_id}
        onChange={(v) => setValues((s) => ({ ...s, class_id: v }))}
        required
        searchable
        error={tried && !values.class_id ? t('create.classRequired') : undefined}
        comboboxProps={{ withinPortal: true }}
        data-testid="report-create-class"
      />
      <Select
        label={t('create.template')}
        data={live.map((tpl) => ({ value: tpl._id, label: tpl.name }))}
        value={template}
        onChange={(v) => setValues((s) => ({ ...s, template_id: v }))}
        required
        disabled={templates.isPending}
        description={!templates.isPending && live.length === 0 ? t('create.noTemplates') : undefined}
        error={tried && !template ? t('create.templateRequired') : undefined}
        comboboxProps={{ withinPortal: true }}
        data-testid="report-create-template"
      />
      <ExportLanguagePicker
        label={t('create.language')}
        value={values.language}
        onChange={(language) => setValues((s) => ({ ...s, language }))}
        disabled={create.isPending}
      />
    </FormModal>
  );
}

/** A family: the report cards the school has shared for its children, each downloaded as a PDF. */
function FamilyReportCards() {
  const { t, i18n } = useTranslation(REPORT_CARDS_NS);
  const reports = useFamilyReports();
  return (
    <Page title={t('family.title')} description={t('family.description')}>
      {reports.error && !reports.data ? (
        <LoadError error={reports.error} onRetry={() => reports.refetch()} />
      ) : !reports.data ? (
        <Skeleton h={120} radius="lg" />
      ) : reports.data.length === 0 ? (
        <Text c="dimmed" data-testid="family-reports-empty">
          {t('family.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('family.listLabel')}>
          {reports.data.map((report) => (
            <Paper component="li" key={report._id} withBorder radius="lg" p="md" data-testid="family-report">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Stack gap={2} miw={0}>
                  <Text fw={700}>{report.student_name}</Text>
                  <Text fz="sm" c="dimmed">
                    {formatClassName(report.class_name).full} · {report.period_name}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {t('family.shared', { day: dayOfStamp(report.shared_at, i18n.language) })}
                  </Text>
                </Stack>
                <Button
                  component="a"
                  href={report.file_link}
                  target="_blank"
                  rel="noopener"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  data-testid="family-report-download"
                >
                  {/* Named "Download PDF: child, period": the words shown begin the name speech input and readers use. */}
                  {t('family.download')}
                  <VisuallyHidden>
                    : {report.student_name}, {report.period_name}
                  </VisuallyHidden>
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Page>
  );
}

/** /assessment/report-card: the family's shared reports on the parent side, the period's sets for staff. */
export default function ReportCardsPage() {
  const side = useActiveSide();
  if (side === 'parent') return <FamilyReportCards />;
  return (
    <Gate need={NEED}>
      <StaffReportCards />
    </Gate>
  );
}
