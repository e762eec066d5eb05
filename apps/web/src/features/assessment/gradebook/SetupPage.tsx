import { ASSESSMENT_ADMIN, type AssessmentPeriod, can, type GradeScale, type ReportTemplate } from '@cue/contract';
import { Alert, Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconArchive, IconLock, IconLockOpen, IconPencil, IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal';
import { withReaderDates } from '../../../components/ReaderDates';
import { SoftBadge } from '../../../components/SoftBadge';
import { useTabParam } from '../../../lib/addressParam';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { showRange } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { useLockPeriod, usePeriods } from '../api';
import { useArchiveScale, useArchiveTemplate, useGradeScales, useReportTemplates } from '../api-gradebook';
import { assessmentErrorText, assessmentMessage, GRADEBOOK_NS } from '../i18n';
import { PeriodModal } from './PeriodModal';
import { ScaleModal } from './ScaleModal';
import { TemplateModal } from './TemplateModal';

const TABS = ['periods', 'scales', 'templates'] as const;

/** A list's loading, failure and empty states around its rows. */
function ListState<T>({
  query,
  empty,
  testId,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  testId: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation(GRADEBOOK_NS);
  if (query.isError && !query.data)
    return (
      <Alert color="red" variant="light" title={t('page.loadFailed')} data-testid={`${testId}-error`}>
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{assessmentErrorText(query.error)}</Text>
          <Button size="xs" variant="default" onClick={() => query.refetch()}>
            {t('page.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (!query.data) return <Skeleton h={160} radius="lg" />;
  if (query.data.length === 0)
    return (
      <Text c="dimmed" fz="sm" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {children(query.data)}
    </Stack>
  );
}

/** A row of a setup list: what it is on one side, its buttons on the other. */
function Row({ children, actions, testId }: { children: ReactNode; actions: ReactNode; testId: string }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid={testId}>
      <Group justify="space-between" gap="sm" wrap="wrap" align="center">
        <Stack gap={2} miw={0} flex="1 1 240px">
          {children}
        </Stack>
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      </Group>
    </Paper>
  );
}

function PeriodsTab() {
  const { t, i18n } = useTranslation(GRADEBOOK_NS);
  const periods = usePeriods();
  const lock = useLockPeriod();
  const [editing, setEditing] = useState<AssessmentPeriod | 'new' | null>(null);
  const [locking, setLocking] = useState<AssessmentPeriod | null>(null);
  const confirmLock = () => {
    if (!locking) return;
    const locked = !locking.locked;
    lock.mutate(
      { id: locking._id, locked },
      {
        onSuccess: () => {
          toast.success(assessmentMessage(locked ? 'periodLocked' : 'periodUnlocked'));
          setLocking(null);
        },
        onError: (err) => toast.error(assessmentErrorText(err)),
      },
    );
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fz="sm" c="dimmed" maw={640}>
          {t('periods.hint')}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('periods.new')}
        </Button>
      </Group>
      <ListState query={periods} empty={t('periods.none')} testId="period-list">
        {(items) =>
          items.map((period) => (
            <Row
              key={period._id}
              testId="period-row"
              actions={
                <>
                  {period.abilities.can_edit && (
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={t('periods.editNamed', { name: period.name })}
                      onClick={() => setEditing(period)}
                    >
                      {t('periods.edit')}
                    </Button>
                  )}
                  {period.abilities.can_lock && (
                    <Button
                      variant={period.locked ? 'default' : 'light'}
                      size="xs"
                      leftSection={period.locked ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
                      aria-label={t(period.locked ? 'periods.unlockNamed' : 'periods.lockNamed', { name: period.name })}
                      onClick={() => setLocking(period)}
                    >
                      {period.locked ? t('periods.unlock') : t('periods.lock')}
                    </Button>
                  )}
                </>
              }
            >
              <Group gap="xs" wrap="wrap">
                <Text fw={600} dir="auto">
                  {period.name}
                </Text>
                {period.current && (
                  <SoftBadge size="sm" color="teal" data-testid="period-current">
                    {t('periods.current')}
                  </SoftBadge>
                )}
                {period.locked && (
                  <SoftBadge size="sm" color="gray" leftSection={<IconLock size={11} aria-hidden />} data-testid="period-locked">
                    {t('periods.locked')}
                  </SoftBadge>
                )}
              </Group>
              <Text fz="sm" c="dimmed">
                {showRange(period.start_date, period.end_date, i18n.language)}
              </Text>
            </Row>
          ))
        }
      </ListState>
      {editing && <PeriodModal period={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {locking && (
        <ConfirmModal
          opened
          onClose={() => setLocking(null)}
          title={t(locking.locked ? 'periods.unlockTitle' : 'periods.lockTitle', { name: locking.name })}
          message={<Text fz="sm">{locking.locked ? t('periods.unlockExplain') : t('periods.lockExplain')}</Text>}
          confirmLabel={locking.locked ? t('periods.unlock') : t('periods.lock')}
          pending={lock.isPending}
          onConfirm={confirmLock}
        />
      )}
    </Stack>
  );
}

/** What a scale holds, in a line: its highest mark, or its codes from lowest to highest. */
function scaleSummary(scale: GradeScale, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (scale.kind === 'points') return t('scales.upTo', { max: scale.max_points ?? 0 });
  return scale.levels.map((l) => (l.label === l.code ? l.code : `${l.code} (${l.label})`)).join(' · ');
}

function ScalesTab() {
  const { t } = useTranslation(GRADEBOOK_NS);
  const scales = useGradeScales();
  const archive = useArchiveScale();
  const [editing, setEditing] = useState<GradeScale | 'new' | null>(null);
  const [archiving, setArchiving] = useState<GradeScale | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fz="sm" c="dimmed" maw={640}>
          {t('scales.hint')}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('scales.new')}
        </Button>
      </Group>
      <ListState query={scales} empty={t('scales.none')} testId="scale-list">
        {(items) =>
          items.map((scale) => (
            <Row
              key={scale._id}
              testId="scale-row"
              actions={
                scale.abilities.can_edit &&
                !scale.archived && (
                  <>
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={t('scales.editNamed', { name: scale.name })}
                      onClick={() => setEditing(scale)}
                    >
                      {t('scales.edit')}
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      leftSection={<IconArchive size={14} aria-hidden />}
                      aria-label={t('scales.archiveNamed', { name: scale.name })}
                      onClick={() => setArchiving(scale)}
                    >
                      {t('scales.archive')}
                    </Button>
                  </>
                )
              }
            >
              <Group gap="xs" wrap="wrap">
                <Text fw={600} dir="auto">
                  {scale.name}
                </Text>
                <SoftBadge size="sm" color="blue">
                  {t(`scales.kinds.${scale.kind}`)}
                </SoftBadge>
                {scale.archived && (
                  <SoftBadge size="sm" color="gray">
                    {t('scales.archived')}
                  </SoftBadge>
                )}
              </Group>
              <Text fz="sm" c="dimmed" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                {scaleSummary(scale, t)}
              </Text>
            </Row>
          ))
        }
      </ListState>
      {editing && <ScaleModal scale={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {archiving && (
        <ConfirmModal
          opened
          onClose={() => setArchiving(null)}
          title={t('scales.archiveTitle', { name: archiving.name })}
          message={<Text fz="sm">{t('scales.archiveExplain')}</Text>}
          confirmLabel={t('scales.archive')}
          pending={archive.isPending}
          onConfirm={() =>
            archive.mutate(archiving._id, {
              onSuccess: () => {
                toast.success(assessmentMessage('scaleArchived'));
                setArchiving(null);
              },
              onError: (err) => toast.error(assessmentErrorText(err)),
            })
          }
        />
      )}
    </Stack>
  );
}

function TemplatesTab() {
  const { t } = useTranslation(GRADEBOOK_NS);
  const templates = useReportTemplates();
  const archive = useArchiveTemplate();
  const [editing, setEditing] = useState<ReportTemplate | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ReportTemplate | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fz="sm" c="dimmed" maw={640}>
          {t('templates.hint')}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('templates.new')}
        </Button>
      </Group>
      <ListState query={templates} empty={t('templates.none')} testId="template-list">
        {(items) =>
          items.map((template) => (
            <Row
              key={template._id}
              testId="template-row"
              actions={
                template.abilities.can_edit &&
                !template.archived && (
                  <>
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={t('templates.editNamed', { name: template.name })}
                      onClick={() => setEditing(template)}
                    >
                      {t('templates.edit')}
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      leftSection={<IconArchive size={14} aria-hidden />}
                      aria-label={t('templates.archiveNamed', { name: template.name })}
                      onClick={() => setArchiving(template)}
                    >
                      {t('templates.archive')}
                    </Button>
                  </>
                )
              }
            >
              <Group gap="xs" wrap="wrap">
                <Text fw={600} dir="auto">
                  {template.name}
                </Text>
                {template.archived && (
                  <SoftBadge size="sm" color="gray">
                    {t('templates.archived')}
                  </SoftBadge>
                )}
              </Group>
              <Text fz="sm" c="dimmed" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                {template.sections.map((s) => s.title || t(`templates.kinds.${s.kind}`)).join(' · ')}
              </Text>
            </Row>
          ))
        }
      </ListState>
      {editing && <TemplateModal template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {archiving && (
        <ConfirmModal
          opened
          onClose={() => setArchiving(null)}
          title={t('templates.archiveTitle', { name: archiving.name })}
          message={<Text fz="sm">{t('templates.archiveExplain')}</Text>}
          confirmLabel={t('templates.archive')}
          pending={archive.isPending}
          onConfirm={() =>
            archive.mutate(archiving._id, {
              onSuccess: () => {
                toast.success(assessmentMessage('templateArchived'));
                setArchiving(null);
              },
              onError: (err) => toast.error(assessmentErrorText(err)),
            })
          }
        />
      )}
    </Stack>
  );
}

function Setup() {
  const { t } = useTranslation(GRADEBOOK_NS);
  const { held } = useShell();
  const [tab, setTab] = useTabParam(TABS);
  // A tab shows only where the school uses what it sets up (the gradebook, report cards).
  const shown = TABS.filter(
    (k) =>
      k === 'periods' ||
      (k === 'scales' && can({ feature: 'grade_book' }, held)) ||
      (k === 'templates' && can({ feature: 'report.enabled' }, held)),
  );
  const active = shown.includes(tab) ? tab : 'periods';
  return (
    <Page title={t('setup.title')} description={t('setup.description')}>
      <Tabs value={active} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          {shown.map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`setup-tab-${k}`}>
              {t(`setup.tabs.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="periods">
          <PeriodsTab />
        </Tabs.Panel>
        {shown.includes('scales') && (
          <Tabs.Panel value="scales">
            <ScalesTab />
          </Tabs.Panel>
        )}
        {shown.includes('templates') && (
          <Tabs.Panel value="templates">
            <TemplatesTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Page>
  );
}

/** /assessment/setup: assessment periods (and their locks), grade scales and report card templates. */
function SetupPage() {
  return (
    <Gate need={{ permission: ASSESSMENT_ADMIN }}>
      <Setup />
    </Gate>
  );
}

export default withReaderDates(SetupPage);
