import { ASSESSMENT_ADMIN, type AssessmentPeriod, can, type GradeScale } from '@cue/contract';
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

/** A setup tab's head: what the list is for, and the button that makes a new one. */
function TabHead({ hint, newLabel, onNew }: { hint: string; newLabel: string; onNew: () => void }) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text fz="sm" c="dimmed" maw={640}>
        {hint}
      </Text>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
        {newLabel}
      </Button>
    </Group>
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
      <TabHead hint={t('periods.hint')} newLabel={t('periods.new')} onNew={() => setEditing('new')} />
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

/** What a setup list of archivable things (scales, templates) needs from its own kind. */
type Archivable = { _id: string; name: string; archived: boolean; abilities: { can_edit: boolean } };

/**
 * A setup tab of things an admin makes, edits and archives: its hint and 'New' button, its rows (badges and a
 * summary line given by the kind) with Edit and Archive, the edit modal and the archive confirmation.
 */
function ArchivableTab<T extends Archivable>({
  keys,
  query,
  archive,
  archivedMessage,
  badges,
  summary,
  modal,
}: {
  keys: 'scales' | 'templates';
  query: UseQueryResult<T[]>;
  archive: {
    mutate: (id: string, options: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
    isPending: boolean;
  };
  archivedMessage: 'scaleArchived' | 'templateArchived';
  badges?: (item: T) => ReactNode;
  summary: (item: T) => string;
  modal: (item: T | null, onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation(GRADEBOOK_NS);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [archiving, setArchiving] = useState<T | null>(null);
  const single = keys === 'scales' ? 'scale' : 'template';
  return (
    <Stack gap="md">
      <TabHead hint={t(`${keys}.hint`)} newLabel={t(`${keys}.new`)} onNew={() => setEditing('new')} />
      <ListState query={query} empty={t(`${keys}.none`)} testId={`${single}-list`}>
        {(items) =>
          items.map((item) => (
            <Row
              key={item._id}
              testId={`${single}-row`}
              actions={
                item.abilities.can_edit &&
                !item.archived && (
                  <>
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={t(`${keys}.editNamed`, { name: item.name })}
                      onClick={() => setEditing(item)}
                    >
                      {t(`${keys}.edit`)}
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      leftSection={<IconArchive size={14} aria-hidden />}
                      aria-label={t(`${keys}.archiveNamed`, { name: item.name })}
                      onClick={() => setArchiving(item)}
                    >
                      {t(`${keys}.archive`)}
                    </Button>
                  </>
                )
              }
            >
              <Group gap="xs" wrap="wrap">
                <Text fw={600} dir="auto">
                  {item.name}
                </Text>
                {badges?.(item)}
                {item.archived && (
                  <SoftBadge size="sm" color="gray">
                    {t(`${keys}.archived`)}
                  </SoftBadge>
                )}
              </Group>
              <Text fz="sm" c="dimmed" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                {summary(item)}
              </Text>
            </Row>
          ))
        }
      </ListState>
      {editing && modal(editing === 'new' ? null : editing, () => setEditing(null))}
      {archiving && (
        <ConfirmModal
          opened
          onClose={() => setArchiving(null)}
          title={t(`${keys}.archiveTitle`, { name: archiving.name })}
          message={<Text fz="sm">{t(`${keys}.archiveExplain`)}</Text>}
          confirmLabel={t(`${keys}.archive`)}
          pending={archive.isPending}
          onConfirm={() =>
            archive.mutate(archiving._id, {
              onSuccess: () => {
                toast.success(assessmentMessage(archivedMessage));
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

function ScalesTab() {
  const { t } = useTranslation(GRADEBOOK_NS);
  const scales = useGradeScales();
  const archive = useArchiveScale();
  return (
    <ArchivableTab
      keys="scales"
      query={scales}
      archive={archive}
      archivedMessage="scaleArchived"
      badges={(scale) => (
        <SoftBadge size="sm" color="blue">
          {t(`scales.kinds.${scale.kind}`)}
        </SoftBadge>
      )}
      summary={(scale) => scaleSummary(scale, t)}
      modal={(scale, onClose) => <ScaleModal scale={scale} onClose={onClose} />}
    />
  );
}

function TemplatesTab() {
  const { t } = useTranslation(GRADEBOOK_NS);
  const templates = useReportTemplates();
  const archive = useArchiveTemplate();
  return (
    <ArchivableTab
      keys="templates"
      query={templates}
      archive={archive}
      archivedMessage="templateArchived"
      summary={(template) => template.sections.map((s) => s.title || t(`templates.kinds.${s.kind}`)).join(' · ')}
      modal={(template, onClose) => <TemplateModal template={template} onClose={onClose} />}
    />
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
