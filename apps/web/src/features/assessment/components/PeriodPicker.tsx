import { Group, Select } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { useAddressParam } from '../../../lib/addressParam';
import { type AssessmentPeriod, usePeriods } from '../api';
import { ASSESSMENT_NS } from '../i18n';

/**
 * The assessment period a page shows: the address's `?period_id=`, else the current one (the period
 * that holds today, as the server chooses when none is asked). Every assessment page uses this one.
 */
export function usePeriodParam(): {
  periodId: string | null;
  /**
   * What to ask the server for: the address's period, or null for the current one (the server chooses
   * it), so a page's data is asked for at once rather than after the periods arrive.
   */
  requestId: string | null;
  periods: AssessmentPeriod[];
  period: AssessmentPeriod | null;
  loading: boolean;
  setPeriodId: (id: string | null) => void;
} {
  const [asked, setAsked] = useAddressParam('period_id');
  const periods = usePeriods();
  const list = periods.data ?? [];
  const period = list.find((p) => p._id === asked) ?? list.find((p) => p.current) ?? list[list.length - 1] ?? null;
  // A period the school no longer has (an old link): the address falls back to the current one.
  useEffect(() => {
    if (asked && periods.data && !periods.data.some((p) => p._id === asked)) setAsked(null);
  }, [asked, periods.data, setAsked]);
  return {
    periodId: period?._id ?? null,
    requestId: asked && /^[0-9a-f]{24}$/.test(asked) ? asked : null,
    periods: list,
    period,
    loading: periods.isPending,
    setPeriodId: (id) => setAsked(id && !list.find((p) => p._id === id)?.current ? id : null),
  };
}

/** A badge saying the period is locked (nothing of it changes until an admin unlocks it). */
export function LockedBadge({ period }: { period: AssessmentPeriod | null }) {
  const { t } = useTranslation(ASSESSMENT_NS);
  if (!period?.locked) return null;
  return (
    <SoftBadge color="gray" leftSection={<IconLock size={12} aria-hidden />} data-testid="period-locked">
      {t('periods.locked')}
    </SoftBadge>
  );
}

/** The period chooser of an assessment page, with the lock shown. */
export function PeriodPicker({ state }: { state: ReturnType<typeof usePeriodParam> }) {
  const { t } = useTranslation(ASSESSMENT_NS);
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={t('periods.choose')}
        data-testid="period-picker"
        w={220}
        allowDeselect={false}
        data={state.periods.map((p) => ({ value: p._id, label: p.locked ? `${p.name} · ${t('periods.locked')}` : p.name }))}
        value={state.periodId}
        onChange={(id) => state.setPeriodId(id)}
        disabled={state.loading}
      />
      <LockedBadge period={state.period} />
    </Group>
  );
}
