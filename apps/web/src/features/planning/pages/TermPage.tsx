import { addDays, ddmmyyyyFromIso, isDdmmyyyy, isIsoDate, isoFromDdmmyyyy, pagePath, UNIT_UPDATED_EVENT } from '@cue/contract';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowsHorizontal, IconExternalLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withReaderDates } from '../../../components/ReaderDates';
import { StepButton } from '../../../components/StepButton';
import { useAddressParam } from '../../../lib/addressParam';
import { todayWire } from '../../../lib/day';
import { formatClassName } from '../../../lib/format';
import { useSocketEvent } from '../../../lib/socket';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { planningKeys, type TermPlan, useTermPlan } from '../api';
import { LoadError } from '../components/LoadError';
import { NoClass, usePlanClass } from '../components/PlanClass';
import { TermMoveModal } from '../components/TermMoveModal';
import { TermLegend, TermTimeline, type TermUnit, unitDates, useTermWords } from '../components/TermTimeline';
import { PLANNING_NS } from '../i18n';
import { showRange } from '../planFormat';

/** The chosen unit: its dates, status, activities and areas, "Move" and the link to its planner. */
function UnitPanel({ unit, canEdit, onMove }: { unit: TermUnit; canEdit: boolean; onMove: () => void }) {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const words = useTermWords();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="term-unit-title" data-testid="term-unit-panel">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" id="term-unit-title" dir="auto">
              {unit.name}
            </Title>
            <Text fz="sm" c="dimmed">
              {unitDates(unit, i18n.language)} · {t('term.activities', { count: unit.activity_count })}
            </Text>
          </div>
          <Group gap="xs" wrap="wrap">
            {canEdit && (
              <Button leftSection={<IconArrowsHorizontal size={16} aria-hidden />} onClick={onMove}>
                {t('term.moveButton')}
              </Button>
            )}
            <Button
              variant="default"
              component={Link}
              to={pagePath.unit(unit._id)}
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('term.openPlanner')}
            </Button>
          </Group>
        </Group>
        <Group gap={6} wrap="wrap">
          <Badge
            variant="light"
            radius="sm"
            color={unit.status === 'running' ? 'teal' : unit.status === 'done' ? 'gray' : 'blue'}
          >
            {words.status[unit.status]}
          </Badge>
          {unit.areas.map((area) => (
            <Badge key={area._id} variant="outline" color="dark" radius="sm" title={area.name}>
              {area.name}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

function Body({ plan, todayIso }: { plan: TermPlan; todayIso: string }) {
  const { t } = useTranslation(PLANNING_NS);
  const [selected, setSelected] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const unit = plan.units.find((u) => u._id === selected) ?? null;
  return (
    <Stack gap="md">
      {plan.units.length === 0 ? (
        <Alert color="gray" variant="light" title={t('term.emptyTitle')} data-testid="term-empty">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{t('term.empty')}</Text>
            <Anchor component={Link} to="/planning/unit-planning" fz="sm">
              {t('term.planUnit')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Text fz="sm" c="dimmed">
          {t('term.hint')}
        </Text>
      )}
      <TermTimeline plan={plan} todayIso={todayIso} selected={selected} onSelect={setSelected} />
      <TermLegend />
      {unit && <UnitPanel unit={unit} canEdit={plan.abilities.can_edit} onMove={() => setMoving(true)} />}
      {moving && unit && <TermMoveModal unit={unit} onClose={() => setMoving(false)} />}
    </Stack>
  );
}

function Term() {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const { classId, name, loading } = usePlanClass();
  const [asked, setAsked] = useAddressParam('date');
  const todayIso = isoFromDdmmyyyy(todayWire()) ?? '';
  // Any day of the year shown, ISO in the address (the wire's DD-MM-YYYY also read); today's year without one.
  const day = asked && isIsoDate(asked) ? asked : asked && isDdmmyyyy(asked) ? isoFromDdmmyyyy(asked) : null;
  const plan = useTermPlan(classId, ddmmyyyyFromIso(day ?? todayIso));
  const client = useQueryClient();
  // A colleague changed a unit of the class (its dates, status or title): the timeline reads it again.
  useSocketEvent(UNIT_UPDATED_EVENT, () => void client.invalidateQueries({ queryKey: planningKeys.terms }));
  const data = plan.data && plan.data.class._id === classId ? plan.data : undefined;
  const yearStart = data ? isoFromDdmmyyyy(data.year_start) : null;
  const yearEnd = data ? isoFromDdmmyyyy(data.year_end) : null;
  const thisYear = !!yearStart && !!yearEnd && yearStart <= todayIso && todayIso <= yearEnd;
  const className = name ? formatClassName(name).text : (data?.class.name ?? '');

  return (
    <Page title={t('term.title')} description={className ? t('term.description', { name: className }) : undefined} width={1400}>
      {!classId ? (
        loading ? (
          <Skeleton h={320} radius="lg" />
        ) : (
          <NoClass />
        )
      ) : (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap" role="group" aria-label={t('term.yearNav')}>
            <StepButton
              label={t('term.previousYear')}
              step="back"
              disabled={!yearStart}
              onClick={() => yearStart && setAsked(addDays(yearStart, -1))}
            />
            <Text fw={600} miw={180} ta="center" aria-live="polite" data-testid="term-year">
              {data ? showRange(data.year_start, data.year_end, i18n.language) : '…'}
            </Text>
            <StepButton
              label={t('term.nextYear')}
              step="forward"
              disabled={!yearEnd}
              onClick={() => yearEnd && setAsked(addDays(yearEnd, 1))}
            />
            {!thisYear && data && (
              <Button variant="subtle" size="sm" onClick={() => setAsked(null)}>
                {t('term.thisYear')}
              </Button>
            )}
          </Group>
          {plan.error && !data ? (
            <LoadError error={plan.error} onRetry={() => void plan.refetch()} />
          ) : !data ? (
            <Skeleton h={280} radius="lg" data-testid="term-loading" />
          ) : (
            <div aria-busy={plan.isFetching}>
              <Body key={`${data.class._id}-${data.year_start}`} plan={data} todayIso={todayIso} />
            </div>
          )}
        </Stack>
      )}
    </Page>
  );
}

/** /planning/term-planning: the class's units of the academic year on a timeline; moving one moves its activities. */
function TermPageBody() {
  return (
    <Gate need={{ feature: 'term_planning' }}>
      <Term />
    </Gate>
  );
}

/** The page, its date pickers in the reader's language. */
export default withReaderDates(TermPageBody);
