import type { UnitStatus } from '@cue/contract';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { PLANNING_NS } from '../i18n';

const COLORS: Record<UnitStatus, string> = { planned: 'blue', running: 'green', done: 'gray' };

/** A unit's status (planned, running, done) as a coloured badge. */
export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  const { t } = useTranslation(PLANNING_NS);
  return (
    <SoftBadge color={COLORS[status]} data-status={status} data-testid="unit-status">
      {t(`common.statuses.${status}`)}
    </SoftBadge>
  );
}
