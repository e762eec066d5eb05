import { PLANNING_PAGE_SIZE, pagePath, UNIT_STATUSES, type UnitKind } from '@cue/contract';
import { Anchor, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconCalendar, IconListCheck, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '../../../components/Pager';
import { SoftBadge } from '../../../components/SoftBadge';
import { formatClassName } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { Page } from '../../communication/components/Page';
import { type Unit, useUnits } from '../api';
import { PLANNING_NS } from '../i18n';
import { showRange } from '../planFormat';
import { oneOf, useAddressChanges } from './addressChanges';
import { CardGrid, EmptyCards, ListError, SearchField } from './CardList';
import { NewUnitModal } from './NewUnitModal';
import { NoClass, usePlanClass } from './PlanClass';
import { UnitStatusBadge } from './UnitStatusBadge';

const AREAS_SHOWN = 4;

/**
 * The class's units (unit planning) or projects (project planning): status and search kept in the
 * address, cards opening the planner, "New unit" / "New project" and the way to the unit library.
 */
export function UnitList({ kind }: { kind: UnitKind }) {
  const { t } = useTranslation(PLANNING_NS);
  const project = kind === 'project';
  const { classId, name, loading } = usePlanClass();
  const [params, change] = useAddressChanges();
  const status = oneOf(params.get('status'), UNIT_STATUSES);
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(search);
  const [debounced] = useDebouncedValue(typed.trim(), 300);
  const [creating, setCreating] = useState(false);
  // The search box writes the address once typing pauses (and back to page 1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: following the typed text only
  useEffect(() => {
    if (debounced !== search) change({ search: debounced || null, page: null });
  }, [debounced]);
  const list = useUnits({ class_id: classId ?? undefined, kind, status, search: search || undefined, page }, !!classId);
  const pages = list.data ? Math.ceil(list.data.total / (list.data.page_size || PLANNING_PAGE_SIZE)) : 0;
  const className = name ? formatClassName(name).text : null;
  const filtered = !!status || !!search;

  return (
    <Page
      title={project ? t('projects.title') : t('units.title')}
      description={className ? t(project ? 'projects.forClass' : 'units.forClass', { name: className }) : undefined}
      actions={
        classId && (
          <>
            <Button
              component={Link}
              to="/planning/unit-library"
              variant="default"
              leftSection={<IconBooks size={16} aria-hidden />}
            >
              {t('units.fromLibrary')}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {project ? t('projects.new') : t('units.new')}
            </Button>
          </>
        )
      }
    >
      {!classId ? (
        loading ? (
          <Skeleton h={240} radius="lg" />
        ) : (
          <NoClass />
        )
      ) : (
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SearchField
              label={t('common.search')}
              placeholder={project ? t('projects.searchHint') : t('units.searchHint')}
              value={typed}
              onChange={setTyped}
              width={260}
            />
            <Select
              label={t('common.status')}
              placeholder={t('common.allStatuses')}
              data={UNIT_STATUSES.map((s) => ({ value: s, label: t(`common.statuses.${s}`) }))}
              value={status ?? null}
              onChange={(value) => change({ status: value, page: null })}
              clearable
              w={{ base: '100%', xs: 200 }}
            />
            <Anchor component={Link} to={project ? '/planning/unit-planning' : '/planning/project-planning'} fz="sm" pb={8}>
              {project ? t('projects.toUnits') : t('units.toProjects')}
            </Anchor>
          </Group>
          {list.error && !list.data ? (
            <ListError error={list.error} onRetry={() => list.refetch()} />
          ) : !list.data ? (
            <Skeleton h={240} radius="lg" />
          ) : list.data.items.length === 0 ? (
            <EmptyCards
              testId="units-empty"
              title={
                filtered
                  ? project
                    ? t('projects.emptyFiltered')
                    : t('units.emptyFiltered')
                  : project
                    ? t('projects.empty')
                    : t('units.empty')
              }
            >
              {!filtered && (
                <>
                  <Text ta="center" c="dimmed" fz="sm" maw={460}>
                    {project ? t('projects.emptyHint') : t('units.emptyHint')}
                  </Text>
                  <Group gap="sm" justify="center">
                    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                      {project ? t('projects.new') : t('units.new')}
                    </Button>
                    <Button component={Link} to="/planning/unit-library" variant="default">
                      {t('units.fromLibrary')}
                    </Button>
                  </Group>
                </>
              )}
            </EmptyCards>
          ) : (
            <CardGrid
              total={project ? t('projects.total', { count: list.data.total }) : t('units.total', { count: list.data.total })}
              label={project ? t('projects.listLabel') : t('units.listLabel')}
              testId="unit-list"
              spacing="sm"
            >
              {list.data.items.map((unit) => (
                <UnitCard key={unit._id} unit={unit} />
              ))}
            </CardGrid>
          )}
          <Pager
            pages={pages}
            page={page}
            onChange={(next) => change({ page: next > 1 ? String(next) : null })}
            controlLabel={(control) => t(`units.pagination.${control}`)}
            pageLabel={(n) => t('units.pagination.page', { page: n })}
          />
        </Stack>
      )}
      {creating && <NewUnitModal kind={kind} classId={classId} onClose={() => setCreating(false)} />}
    </Page>
  );
}

/** One unit: title (opens the planner), days, status, areas, activities and whether it came from the library. */
function UnitCard({ unit }: { unit: Unit }) {
  const { t } = useTranslation(PLANNING_NS);
  const more = unit.areas.length - AREAS_SHOWN;
  return (
    <Paper component="li" withBorder radius="lg" p="md" data-testid="unit-card" miw={0}>
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Anchor
            component={Link}
            to={pagePath.unit(unit._id)}
            fw={700}
            fz="md"
            c="inherit"
            dir="auto"
            style={{ overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {unit.title}
          </Anchor>
          <UnitStatusBadge status={unit.status} />
        </Group>
        <Group gap={6} c="dimmed" fz="sm" wrap="nowrap">
          <IconCalendar size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm" c="dimmed">
            {showRange(unit.start_date, unit.end_date, currentLanguage())}
          </Text>
        </Group>
        {unit.areas.length > 0 && (
          <Group gap={4} wrap="wrap" aria-label={t('fields.areas')}>
            {unit.areas.slice(0, AREAS_SHOWN).map((area) => (
              <SoftBadge key={area._id} size="sm" color="teal" maw="100%">
                {area.name}
              </SoftBadge>
            ))}
            {more > 0 && (
              <SoftBadge outline size="sm" color="gray">
                {t('units.moreAreas', { count: more })}
              </SoftBadge>
            )}
          </Group>
        )}
        <Group gap="sm" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <IconListCheck size={16} aria-hidden />
            <Text fz="sm">{t('units.activities', { count: unit.activity_count })}</Text>
          </Group>
          {unit.classes.length > 1 && (
            <Text fz="sm" c="dimmed">
              {unit.classes.map((c) => formatClassName(c.name).text).join(', ')}
            </Text>
          )}
          {unit.source && (
            <SoftBadge size="sm" color="grape" data-testid="unit-from-library">
              {t('common.fromLibrary')}
            </SoftBadge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
