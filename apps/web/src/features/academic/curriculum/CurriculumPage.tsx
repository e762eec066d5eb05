import { type ClassCurriculum, type CurriculumFramework, can, pagePath } from '@cue/contract';
import { Alert, Button, Group, MultiSelect, Skeleton, Stack, Switch, Tabs, Text } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconBooks,
  IconCopy,
  IconExternalLink,
  IconFileImport,
  IconLock,
  IconPencil,
  IconPlus,
  IconSchool,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ClassBadges } from '../../../components/ClassBadges';
import { ClassName } from '../../../components/ClassName';
import { DataTable } from '../../../components/DataTable';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { SoftBadge } from '../../../components/SoftBadge';
import { useTabParam } from '../../../lib/addressParam';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { AuditHistory } from '../components/AuditHistory';
import { academicNeed, CURRICULUM_NS } from '../i18n';
import { useArchiveFramework, useClassesFrameworks, useFrameworks, useSaveClassFrameworks, useSchoolClasses } from './api';
import { CopyModal, FrameworkModal, ImportModal } from './FrameworkDialogs';
import { curriculumErrorText, curriculumText } from './messages';

const TABS = ['frameworks', 'classes'] as const;
type Tab = (typeof TABS)[number];

/** Where a framework comes from: the product's (read only) or the school's own. */
export function OriginBadge({ shipped }: { shipped: boolean }) {
  const { t } = useTranslation(CURRICULUM_NS);
  return shipped ? (
    <SoftBadge color="indigo" leftSection={<IconLock size={12} aria-hidden />} data-testid="origin-shipped">
      {t('origin.shipped')}
    </SoftBadge>
  ) : (
    <SoftBadge color="teal" data-testid="origin-own">
      {t('origin.own')}
    </SoftBadge>
  );
}

function ArchiveModal({ framework, onClose }: { framework: CurriculumFramework; onClose: () => void }) {
  const { t } = useTranslation(CURRICULUM_NS);
  const archive = useArchiveFramework();
  const [error, setError] = useState<string | null>(null);
  const restore = framework.archived;
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title={restore ? t('archive.restoreTitle', { name: framework.name }) : t('archive.title', { name: framework.name })}
      confirmLabel={restore ? t('archive.restore') : t('archive.confirm')}
      pending={archive.isPending}
      onConfirm={() =>
        archive.mutate(
          { framework, restore },
          {
            onSuccess: (answer) => {
              toast.success(curriculumText(answer.message, restore ? 'frameworkRestored' : 'frameworkArchived'));
              onClose();
            },
            onError: (err) => setError(curriculumErrorText(err)),
          },
        )
      }
      message={
        <Stack gap="sm">
          <Text fz="sm">
            {restore
              ? t('archive.restoreText')
              : framework.shipped
                ? t('archive.shippedText', { name: framework.name })
                : t('archive.text', { name: framework.name })}
          </Text>
          {error && (
            <Alert color="red" variant="light" data-testid="form-error">
              {error}
            </Alert>
          )}
        </Stack>
      }
    />
  );
}

type Dialog =
  | { kind: 'new' }
  | { kind: 'import' }
  | { kind: 'edit'; framework: CurriculumFramework }
  | { kind: 'copy'; framework: CurriculumFramework }
  | { kind: 'archive'; framework: CurriculumFramework };

function FrameworksTab({ editor }: { editor: boolean }) {
  const { t, i18n } = useTranslation(CURRICULUM_NS);
  const navigate = useNavigate();
  const [archived, setArchived] = useState(false);
  const frameworks = useFrameworks(archived);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="md">
      <DataTable<CurriculumFramework>
        caption={t('frameworks.caption')}
        testId="curriculum-frameworks"
        rows={frameworks.data}
        loading={frameworks.isPending}
        error={frameworks.error}
        onRetry={() => void frameworks.refetch()}
        rowKey={(f) => f._id}
        rowLabel={(f) => f.name}
        emptyText={editor ? t('frameworks.emptyEditor') : t('frameworks.empty')}
        rowAttributes={(f) => ({ 'data-archived': f.archived ? 'true' : undefined, 'data-code': f.code })}
        toolbar={
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Switch
              label={t('showArchived')}
              checked={archived}
              onChange={(e) => setArchived(e.currentTarget.checked)}
              data-testid="curriculum-show-archived"
            />
            <Group gap="sm" wrap="wrap">
              <AuditHistory entityType="curriculum_framework" />
              {editor && (
                <>
                  <Button
                    variant="default"
                    leftSection={<IconFileImport size={18} aria-hidden />}
                    onClick={() => setDialog({ kind: 'import' })}
                  >
                    {t('frameworks.import')}
                  </Button>
                  <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ kind: 'new' })}>
                    {t('frameworks.new')}
                  </Button>
                </>
              )}
            </Group>
          </Group>
        }
        columns={[
          {
            key: 'name',
            header: t('frameworks.name'),
            render: (f) => (
              <Stack gap={2}>
                <Group gap="xs" wrap="wrap">
                  <Text
                    component={Link}
                    to={pagePath.curriculumFramework(f._id)}
                    fz="sm"
                    fw={600}
                    c={f.archived ? 'dimmed' : undefined}
                    style={{ textDecoration: 'none' }}
                  >
                    {f.name}
                  </Text>
                  {f.archived && <SoftBadge color="gray">{t('archivedBadge')}</SoftBadge>}
                </Group>
                <Text fz="xs" c="dimmed">
                  {f.code}
                </Text>
              </Stack>
            ),
          },
          { key: 'origin', header: t('frameworks.origin'), width: 200, render: (f) => <OriginBadge shipped={f.shipped} /> },
          {
            key: 'areas',
            header: t('frameworks.areas'),
            width: 90,
            align: 'end',
            render: (f) => number.format(f.area_count),
          },
          {
            key: 'statements',
            header: t('frameworks.statements'),
            width: 110,
            align: 'end',
            render: (f) => number.format(f.statement_count),
          },
          {
            key: 'classes',
            header: t('frameworks.classes'),
            render: (f) => <ClassBadges classes={f.classes.map((c) => ({ id: c._id, class_name: c.name }))} />,
          },
        ]}
        actions={(f) => [
          { label: t('frameworks.open'), icon: IconExternalLink, onClick: () => navigate(pagePath.curriculumFramework(f._id)) },
          ...(f.abilities.edit
            ? [{ label: t('frameworks.edit'), icon: IconPencil, onClick: () => setDialog({ kind: 'edit', framework: f }) }]
            : []),
          ...(f.abilities.copy
            ? [{ label: t('frameworks.copy'), icon: IconCopy, onClick: () => setDialog({ kind: 'copy', framework: f }) }]
            : []),
          ...(f.abilities.archive
            ? [
                {
                  label: f.archived ? t('frameworks.restore') : t('frameworks.archive'),
                  icon: f.archived ? IconArchiveOff : IconArchive,
                  onClick: () => setDialog({ kind: 'archive', framework: f }),
                },
              ]
            : []),
        ]}
      />
      {dialog?.kind === 'new' && <FrameworkModal framework={null} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <FrameworkModal framework={dialog.framework} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'copy' && <CopyModal framework={dialog.framework} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'archive' && <ArchiveModal framework={dialog.framework} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'import' && <ImportModal onClose={() => setDialog(null)} />}
    </Stack>
  );
}

interface SchoolClass {
  id: string;
  name: string;
}

function ClassFrameworksModal({
  schoolClass,
  current,
  onClose,
}: {
  schoolClass: SchoolClass;
  current: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation(CURRICULUM_NS);
  const frameworks = useFrameworks(false);
  const save = useSaveClassFrameworks();
  const [ids, setIds] = useState<string[]>(current);
  const [error, setError] = useState<string | null>(null);
  const live = (frameworks.data ?? []).filter((f) => !f.archived);
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('classes.editTitle', { name: schoolClass.name })}
      submitLabel={t('classes.save')}
      pending={save.isPending}
      error={error}
      size="md"
      onSubmit={() =>
        save.mutate(
          { classId: schoolClass.id, frameworkIds: ids },
          {
            onSuccess: (answer) => {
              toast.success(curriculumText(answer.message, 'classFrameworksSaved'));
              onClose();
            },
            onError: (err) => setError(curriculumErrorText(err)),
          },
        )
      }
    >
      <MultiSelect
        label={t('classes.frameworks')}
        description={t('classes.frameworksHint')}
        data={live.map((f) => ({ value: f._id, label: `${f.name} (${f.code})` }))}
        value={ids}
        onChange={(next) => {
          setIds(next);
          setError(null);
        }}
        maxValues={6}
        searchable
        clearable
        disabled={frameworks.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      {ids.length > 0 && (
        <Text fz="sm" data-testid="class-main-framework">
          {t('classes.main', { name: live.find((f) => f._id === ids[0])?.name ?? '' })}
        </Text>
      )}
      <Group>
        <AuditHistory entityType="class_frameworks" entityId={schoolClass.id} />
      </Group>
    </FormModal>
  );
}

function ClassesTab({ editor }: { editor: boolean }) {
  const { t } = useTranslation(CURRICULUM_NS);
  const { held } = useShell();
  const frameworks = useFrameworks(false);
  const manager = editor || can({ permission: 'admin_portal.classes' }, held);
  // The school setup's class list when the person may read it; else the classes the frameworks name.
  const listed = useSchoolClasses();
  const classes = useMemo<SchoolClass[] | undefined>(() => {
    if (listed.data) return listed.data.filter((c) => !c.archived).map((c) => ({ id: c._id, name: c.class_name }));
    if (!listed.isError || !frameworks.data) return undefined;
    const seen = new Map<string, string>();
    for (const f of frameworks.data) for (const c of f.classes) seen.set(c._id, c.name);
    return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [listed.data, listed.isError, frameworks.data]);
  const results = useClassesFrameworks((classes ?? []).map((c) => c.id));
  const byClass = new Map<string, { data?: ClassCurriculum; pending: boolean; error: unknown }>(
    (classes ?? []).map((c, i) => [c.id, { data: results[i]?.data, pending: !!results[i]?.isPending, error: results[i]?.error }]),
  );
  const [editing, setEditing] = useState<SchoolClass | null>(null);
  return (
    <Stack gap="md">
      <DataTable<SchoolClass>
        caption={t('classes.caption')}
        testId="curriculum-classes"
        rows={classes}
        loading={classes === undefined}
        error={listed.isError && frameworks.isError ? frameworks.error : undefined}
        onRetry={() => {
          void listed.refetch();
          void frameworks.refetch();
        }}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name}
        emptyText={t('classes.empty')}
        toolbar={
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text fz="sm" c="dimmed" maw={640}>
              {t('classes.hint')}
            </Text>
            <AuditHistory entityType="class_frameworks" />
          </Group>
        }
        columns={[
          {
            key: 'class',
            header: t('classes.class'),
            render: (c) => <ClassName name={c.name} fz="sm" fw={600} />,
          },
          {
            key: 'frameworks',
            header: t('classes.frameworks'),
            render: (c) => {
              const state = byClass.get(c.id);
              if (state?.pending) return <Skeleton height={16} width={160} radius="sm" />;
              if (state?.error)
                return (
                  <Text fz="sm" c="red">
                    {curriculumErrorText(state.error)}
                  </Text>
                );
              const list = state?.data?.frameworks ?? [];
              if (list.length === 0)
                return (
                  <Text fz="sm" c="dimmed">
                    {t('classes.none')}
                  </Text>
                );
              return (
                <Group gap={4} wrap="wrap" data-testid="class-frameworks">
                  {list.map((f, i) => (
                    <SoftBadge key={f._id} color={i === 0 ? 'cue' : 'gray'} title={i === 0 ? t('classes.mainBadge') : undefined}>
                      {i === 0 ? t('classes.mainName', { name: f.name }) : f.name}
                    </SoftBadge>
                  ))}
                </Group>
              );
            },
          },
        ]}
        actions={
          manager
            ? (c) => [
                {
                  label: t('classes.edit'),
                  icon: IconBooks,
                  onClick: () => setEditing(c),
                  disabled: !!byClass.get(c.id)?.pending,
                },
              ]
            : undefined
        }
      />
      {editing && (
        <ClassFrameworksModal
          key={editing.id}
          schoolClass={editing}
          current={(byClass.get(editing.id)?.data?.frameworks ?? []).map((f) => f._id)}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function Body() {
  const { t } = useTranslation(CURRICULUM_NS);
  const { held } = useShell();
  const [tab, setTab] = useTabParam<Tab>(TABS);
  // Creating and importing follow the permission the routes need; each row's buttons follow its abilities.
  const editor = can(academicNeed('academic-setup.curriculum'), held);
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md" aria-label={t('page.title')}>
          <Tabs.Tab value="frameworks" leftSection={<IconBooks size={16} aria-hidden />} data-testid="curriculum-tab-frameworks">
            {t('tabs.frameworks')}
          </Tabs.Tab>
          <Tabs.Tab value="classes" leftSection={<IconSchool size={16} aria-hidden />} data-testid="curriculum-tab-classes">
            {t('tabs.classes')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="frameworks">
          <FrameworksTab editor={editor} />
        </Tabs.Panel>
        <Tabs.Panel value="classes">
          <ClassesTab editor={editor} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

/** /admin/academic-setup/curriculum: the school's frameworks, and which classes use them. */
export default function CurriculumPage() {
  return (
    <Gate need={academicNeed('academic-setup.curriculum')}>
      <Body />
    </Gate>
  );
}
