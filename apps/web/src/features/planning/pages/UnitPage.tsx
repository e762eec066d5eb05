import {
  can,
  ddmmyyyyFromIso,
  isoFromDdmmyyyy,
  type PlanningArea,
  pagePath,
  UNIT_FIELD_KINDS,
  UNIT_STATUSES,
  UNIT_TITLE_MAX,
  type UnitStatus,
} from '@cue/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  List,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  useDirection,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconBooks,
  IconCalendarEvent,
  IconCalendarShare,
  IconCheck,
  IconLoader2,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { ConfirmModal } from '../../../components/FormModal';
import { withReaderDates } from '../../../components/ReaderDates';
import { SoftBadge } from '../../../components/SoftBadge';
import { formatClassName } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { useClassCurriculum } from '../../academic/components/api';
import { StatementPicker } from '../../academic/components/StatementPicker';
import { liveRefs } from '../../academic/components/statementTree';
import { Page } from '../../communication/components/Page';
import { useLearningAreas } from '../../observations/api';
import { useCurrentClass } from '../../shell/Selectors';
import { useShell } from '../../shell/ShellContext';
import { type Unit, useDeleteUnit, usePublishUnit, useUnit } from '../api';
import { AreaPicker } from '../components/AreaPicker';
import { ConflictPanel } from '../components/ConflictPanel';
import { MoveUnitModal } from '../components/MoveUnitModal';
import { ResourcePicker } from '../components/ResourcePicker';
import { UnitFieldsEditor } from '../components/UnitFieldsEditor';
import { UnitStatusBadge } from '../components/UnitStatusBadge';
import { PLANNING_NS, planningErrorText, planningMessage } from '../i18n';
import { showRange } from '../planFormat';
import {
  current,
  currentFields,
  type Dates,
  type DraftKey,
  type DraftValue,
  dirtyKeys,
  isFieldKey,
  problems,
} from '../unitDraft';
import { type SaveState, useUnitSync } from '../useUnitSync';

const LIBRARY_EDITOR = 'academic_setup.resource_management' as const;

/** /planning/unit-planning/:id — a unit's (or project's) planner. */
function UnitPageBody() {
  const { t } = useTranslation(PLANNING_NS);
  const { id = '' } = useParams();
  const query = useUnit(id);
  const { refetch } = query;
  const reload = useCallback(async () => (await refetch()).data, [refetch]);
  if (query.error && !query.data)
    return (
      <Page title={t('planner.notFoundTitle')}>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{planningErrorText(query.error)}</Text>
            <Anchor component={Link} to="/planning/unit-planning" fz="sm">
              {t('planner.backUnits')}
            </Anchor>
          </Stack>
        </Alert>
      </Page>
    );
  if (!query.data)
    return (
      <Box px={{ base: 'md', sm: 'lg' }} py="lg" maw={1180} mx="auto" aria-busy="true">
        <Skeleton h={36} w="50%" radius="md" mb="lg" />
        <Skeleton h={180} radius="lg" mb="md" />
        <Skeleton h={360} radius="lg" />
      </Box>
    );
  return <Planner key={id} initial={query.data} reload={reload} />;
}

function Planner({ initial, reload }: { initial: Unit; reload: () => Promise<Unit | undefined> }) {
  const { t } = useTranslation(PLANNING_NS);
  const language = currentLanguage();
  const { dir } = useDirection();
  const navigate = useNavigate();
  const { draft, state, error, edit, flush, keepTheirs, keepMine, takeIn } = useUnitSync(initial, reload);
  const unit = draft.base;
  const project = unit.kind === 'project';
  const editable = unit.abilities.can_edit;
  const listPath = project ? '/planning/project-planning' : '/planning/unit-planning';
  const { held } = useShell();
  const mayPublish = can({ permission: LIBRARY_EDITOR }, held);
  const { schools } = useCurrentClass();
  const [moving, setMoving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteUnit();
  const publish = usePublishUnit();

  const title = current(draft, 'title') as string;
  const dates = current(draft, 'dates') as Dates;
  const classIds = current(draft, 'classes') as string[];
  const areaIds = current(draft, 'areas') as string[];
  const statementIds = current(draft, 'statements') as string[];
  const resourceIds = current(draft, 'library_resources') as string[];
  const blocked = problems(draft);
  const dirty = new Set(dirtyKeys(draft));
  const firstClass = classIds[0] ?? unit.classes[0]?._id ?? null;

  // The class's framework areas (those observations are tagged with), and any of the unit's not among them.
  const learningAreas = useLearningAreas(firstClass);
  const areas = useMemo<PlanningArea[]>(() => {
    const list: PlanningArea[] = (learningAreas.data ?? []).map((a) => ({
      _id: a.id,
      code: a.code,
      name: a.name,
      group: a.group,
      curriculum: '',
    }));
    const known = new Set(list.map((a) => a._id));
    return [...list, ...unit.areas.filter((a) => !known.has(a._id))];
  }, [learningAreas.data, unit.areas]);

  // The codes of the statements a conflict names: the unit's own (archived ones too), then the class's live ones.
  const classCurriculum = useClassCurriculum(firstClass);
  const statementCodes = useMemo(() => {
    const codes = new Map([...liveRefs(classCurriculum.data)].map(([id, ref]) => [id, ref.code]));
    for (const s of unit.statements ?? []) codes.set(s._id, s.code);
    return codes;
  }, [classCurriculum.data, unit.statements]);

  const classOptions = useMemo(() => {
    const mine = schools.data?.find((s) => s.current)?.classes ?? [];
    const options = new Map(mine.map((c) => [c.id, formatClassName(c.class_name).full]));
    for (const c of unit.classes) if (!options.has(c._id)) options.set(c._id, formatClassName(c.name).full);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [schools.data, unit.classes]);

  const labelOf = (key: DraftKey): string => {
    switch (key) {
      case 'title':
        return t('units.form.title');
      case 'status':
        return t('common.status');
      case 'dates':
        return t('planner.dates');
      case 'classes':
        return t('common.classes');
      case 'areas':
        return t('fields.areas');
      case 'statements':
        return t('planner.statements');
      case 'library_resources':
        return t('planner.libraryResources');
      default:
        return t(`fields.${key}`);
    }
  };

  const describe = (key: DraftKey, value: DraftValue): ReactNode => {
    const empty = (
      <Text fz="sm" c="dimmed" fs="italic">
        {t('planner.emptyValue')}
      </Text>
    );
    if (key === 'status') return t(`common.statuses.${value as UnitStatus}`);
    if (key === 'dates') return showRange((value as Dates).start_date, (value as Dates).end_date, language);
    const names = (ids: string[], lookup: Map<string, string>) =>
      ids.length ? ids.map((i) => lookup.get(i) ?? t('planner.unknownItem')).join(', ') : empty;
    if (key === 'classes') return names(value as string[], new Map(classOptions.map((o) => [o.value, o.label])));
    if (key === 'areas') return names(value as string[], new Map(areas.map((a) => [a._id, a.name])));
    if (key === 'statements') return names(value as string[], statementCodes);
    if (key === 'library_resources') return names(value as string[], new Map(unit.resources.map((r) => [r._id, r.title])));
    if (isFieldKey(key) && UNIT_FIELD_KINDS[key] === 'choice') {
      const chosen = value as string[];
      return chosen.length ? chosen.map((c) => t(`choices.${key}.${c}`)).join(', ') : empty;
    }
    if (Array.isArray(value)) {
      const items = (value as string[]).filter((v) => v.trim());
      return items.length ? (
        <List size="sm" spacing={2}>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: plain strings shown once, in order
            <List.Item key={i}>{item}</List.Item>
          ))}
        </List>
      ) : (
        empty
      );
    }
    const text = String(value ?? '');
    return text.trim() ? (
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
        {text}
      </Text>
    ) : (
      empty
    );
  };

  const conflictRows = (Object.entries(draft.conflicts) as [DraftKey, NonNullable<(typeof draft.conflicts)[DraftKey]>][]).map(
    ([key, conflict]) => ({
      key,
      label: labelOf(key),
      theirs: describe(key, conflict.theirs),
      mine: describe(key, current(draft, key)),
      by: conflict.by,
    }),
  );

  const fieldMarks = {
    dirty: Object.fromEntries([...dirty].filter(isFieldKey).map((k) => [k, true])),
    remote: Object.fromEntries(Object.entries(draft.remote).filter(([k]) => isFieldKey(k as DraftKey))),
  };
  const mark = (key: DraftKey) =>
    draft.remote[key] ? (
      <SoftBadge size="sm" color="grape" data-testid="field-changed-by">
        {t('editor.changedBy', { name: draft.remote[key] })}
      </SoftBadge>
    ) : undefined;
  /** A field's label with who else changed it, where someone did. */
  const markedLabel = (text: string, key: DraftKey) => (
    <Group gap="xs" component="span">
      {text}
      {mark(key)}
    </Group>
  );
  const setDates = (next: Partial<Dates>) => {
    edit('dates', { ...dates, ...next });
    void flush();
  };
  const wireOf = (iso: string | null) => (iso ? ddmmyyyyFromIso(iso) : '');

  const doPublish = async () => {
    await flush();
    publish.mutate(unit._id, {
      onSuccess: () => toast.success(planningMessage('libraryCreated')),
      onError: (err) => toast.error(planningErrorText(err)),
    });
  };

  const lastEdited = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(unit.updated_at),
  );

  return (
    <Page
      title={title.trim() || t('planner.untitled')}
      description={
        project
          ? t('planner.projectOf', { framework: t(`common.frameworks.${unit.framework}`) })
          : t('planner.unitOf', { framework: t(`common.frameworks.${unit.framework}`) })
      }
      actions={
        <>
          <Button
            component={Link}
            to={pagePath.weeklyPlan({ classId: firstClass, week: weekToPlan(unit) })}
            variant="default"
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
          >
            {t('planner.planWeek')}
          </Button>
          {editable && (
            <Button variant="default" leftSection={<IconCalendarShare size={16} aria-hidden />} onClick={() => setMoving(true)}>
              {project ? t('planner.moveProject') : t('planner.moveUnit')}
            </Button>
          )}
          {mayPublish && (
            <Button
              variant="default"
              leftSection={<IconBooks size={16} aria-hidden />}
              loading={publish.isPending}
              onClick={() => void doPublish()}
            >
              {t('planner.publish')}
            </Button>
          )}
          {unit.abilities.can_delete && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              {t('planner.delete')}
            </Button>
          )}
        </>
      }
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Anchor component={Link} to={listPath} fz="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowBackUp size={16} aria-hidden style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined} />
            {project ? t('planner.backProjects') : t('planner.backUnits')}
          </Group>
        </Anchor>
        <Group gap="sm" wrap="wrap">
          <UnitStatusBadge status={current(draft, 'status') as UnitStatus} />
          <SaveStatus state={state} error={error} pendingConflicts={conflictRows.length} onRetry={() => void flush()} />
        </Group>
      </Group>

      {unit.source && (
        <Alert color="grape" variant="light" icon={<IconBooks size={20} aria-hidden />} data-testid="unit-source">
          <Stack gap={4}>
            <Text fz="sm">{t('planner.source.copied', { title: unit.source.title, version: unit.source.version })}</Text>
            {unit.source.latest_version > unit.source.version && (
              <Text fz="sm" fw={600} data-testid="unit-source-newer">
                {t('planner.source.newer', { version: unit.source.latest_version })}{' '}
                {/* The alert's own text colour, underlined: the theme's link colour is too faint on its tint. */}
                <Anchor component={Link} to="/planning/unit-library" fz="sm" c="inherit" underline="always">
                  {t('planner.source.open')}
                </Anchor>
              </Text>
            )}
          </Stack>
        </Alert>
      )}

      <ConflictPanel
        rows={conflictRows}
        onTheirs={(key) => keepTheirs(key as DraftKey)}
        onMine={(key) => keepMine(key as DraftKey)}
      />

      {!editable && (
        <Alert color="gray" variant="light">
          {t('planner.readOnly')}
        </Alert>
      )}

      <PlannerSection labelledBy="unit-details-title">
        <Title order={2} fz="lg" id="unit-details-title">
          {t('planner.details')}
        </Title>
        <TextInput
          label={markedLabel(t('units.form.title'), 'title')}
          aria-label={t('units.form.title')}
          value={title}
          onChange={(event) => edit('title', event.currentTarget.value)}
          onBlur={() => void flush()}
          maxLength={UNIT_TITLE_MAX}
          error={blocked.title ? planningMessage(blocked.title) : undefined}
          readOnly={!editable}
          size="md"
          dir="auto"
          data-testid="unit-title"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select
            label={markedLabel(t('common.status'), 'status')}
            aria-label={t('common.status')}
            data={UNIT_STATUSES.map((s) => ({ value: s, label: t(`common.statuses.${s}`) }))}
            value={current(draft, 'status') as string}
            onChange={(value) => {
              if (!value) return;
              edit('status', value as UnitStatus);
              void flush();
            }}
            allowDeselect={false}
            readOnly={!editable}
          />
          <DatePickerInput
            label={markedLabel(t('common.startDate'), 'dates')}
            value={isoFromDdmmyyyy(dates.start_date)}
            onChange={(value) => setDates({ start_date: wireOf(value) })}
            valueFormat="D MMM YYYY"
            valueFormatter={readerDateFormatter(DAY)}
            readOnly={!editable}
            popoverProps={{ withinPortal: true }}
          />
          <DatePickerInput
            label={t('common.endDate')}
            value={isoFromDdmmyyyy(dates.end_date)}
            onChange={(value) => setDates({ end_date: wireOf(value) })}
            valueFormat="D MMM YYYY"
            valueFormatter={readerDateFormatter(DAY)}
            error={blocked.dates ? planningMessage(blocked.dates) : undefined}
            readOnly={!editable}
            popoverProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <MultiSelect
          label={markedLabel(t('common.classes'), 'classes')}
          aria-label={t('common.classes')}
          data={classOptions}
          value={classIds}
          onChange={(value) => edit('classes', value)}
          onBlur={() => void flush()}
          error={blocked.classes ? planningMessage(blocked.classes) : undefined}
          readOnly={!editable}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Group gap="xs" c="dimmed" fz="sm" wrap="nowrap" align="flex-start">
          <IconPencil size={14} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
          <Text fz="sm" c="dimmed" data-testid="unit-last-edited">
            {t('planner.lastEdited', { name: unit.updated_by.name, when: lastEdited })}
          </Text>
        </Group>
      </PlannerSection>

      <PlannerSection labelledBy="unit-plan-title">
        <Title order={2} fz="lg" id="unit-plan-title">
          {project ? t('planner.projectPlan') : t('planner.plan', { framework: t(`common.frameworks.${unit.framework}`) })}
        </Title>
        <UnitFieldsEditor
          framework={project ? 'project' : unit.framework}
          value={currentFields(draft)}
          onChange={(key, value) => edit(key, value as DraftValue)}
          onBlur={() => void flush()}
          dirty={fieldMarks.dirty}
          remote={fieldMarks.remote}
          readOnly={!editable}
          areas={
            <AreaPicker
              areas={areas}
              value={areaIds}
              onChange={(ids) => edit('areas', ids)}
              marker={mark('areas')}
              loading={learningAreas.isPending && !!firstClass}
              readOnly={!editable}
            />
          }
        />
        {firstClass && (
          <StatementPicker
            classId={firstClass}
            value={statementIds}
            onChange={(ids) => edit('statements', ids)}
            existing={unit.statements}
            disabled={!editable}
            label={markedLabel(t('planner.statements'), 'statements')}
            description={t('planner.statementsHint')}
          />
        )}
      </PlannerSection>

      <PlannerSection labelledBy="unit-resources-title" gap="sm">
        <Group gap="xs">
          <Title order={2} fz="lg" id="unit-resources-title">
            {t('planner.libraryResources')}
          </Title>
          {mark('library_resources')}
        </Group>
        <Text fz="sm" c="dimmed">
          {t('planner.resourcesHint')}
        </Text>
        <ResourcePicker
          value={resourceIds}
          onChange={(ids) => edit('library_resources', ids)}
          initial={unit.resources}
          label={t('planner.libraryResources')}
          disabled={!editable}
        />
      </PlannerSection>

      {moving && <MoveUnitModal unit={unit} onClose={() => setMoving(false)} onMoved={(moved) => takeIn(moved, null)} />}
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={project ? t('planner.deleteProjectTitle') : t('planner.deleteTitle')}
        message={t('planner.deleteBody', { title: unit.title, count: unit.activity_count })}
        confirmLabel={t('planner.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(unit._id, {
            onSuccess: () => {
              toast.success(planningMessage('unitDeleted'));
              navigate(listPath);
            },
            onError: (err) => toast.error(planningErrorText(err)),
          })
        }
      />
    </Page>
  );
}

/** One part of the planner, named by its heading (`labelledBy`, the heading's id). */
function PlannerSection({ labelledBy, gap = 'md', children }: { labelledBy: string; gap?: 'sm' | 'md'; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={labelledBy}>
      <Stack gap={gap}>{children}</Stack>
    </Paper>
  );
}

/** "Saving…", "Saved", "Not saved yet" or what went wrong, read out politely as it changes. */
function SaveStatus({
  state,
  error,
  pendingConflicts,
  onRetry,
}: {
  state: SaveState;
  error: string | null;
  pendingConflicts: number;
  onRetry: () => void;
}) {
  const { t } = useTranslation(PLANNING_NS);
  return (
    <Group gap="xs" aria-live="polite" role="status" data-testid="unit-save-state" data-state={state} wrap="wrap">
      {state === 'saving' && (
        <Group gap={4} wrap="nowrap">
          <IconLoader2 size={16} aria-hidden />
          <Text fz="sm">{t('planner.saving')}</Text>
        </Group>
      )}
      {state === 'saved' && (
        <Group gap={4} wrap="nowrap" c="teal.8">
          <IconCheck size={16} aria-hidden />
          <Text fz="sm">{t('planner.saved')}</Text>
        </Group>
      )}
      {state === 'pending' && (
        <Text fz="sm" c="dimmed">
          {t('planner.unsaved')}
        </Text>
      )}
      {state === 'error' && (
        <Group gap={6} wrap="wrap">
          <Text fz="sm" c="red.8">
            {t('planner.notSaved', { error: error ?? '' })}
          </Text>
          <Button size="compact-sm" variant="default" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Group>
      )}
      {pendingConflicts > 0 && <SoftBadge color="orange">{t('planner.toReview', { count: pendingConflicts })}</SoftBadge>}
    </Group>
  );
}

/** The week "Plan this week" opens: this week while the unit runs, else the unit's first week (ISO; null: this week). */
function weekToPlan(unit: Unit): string | null {
  const start = isoFromDdmmyyyy(unit.start_date);
  const end = isoFromDdmmyyyy(unit.end_date);
  const today = new Date().toLocaleDateString('en-CA');
  return start && end && start <= today && today <= end ? null : start;
}

/** The page, its date pickers in the reader's language. */
export default withReaderDates(UnitPageBody);
