import type { Communication } from '@cue/contract';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { COMMUNICATION_NS } from '../i18n';

const COLORS: Record<Communication['status'], string> = { draft: 'gray', scheduled: 'orange', published: 'teal' };

/** Draft, Scheduled (a future date-time) or Published (spec section 4). */
export function StatusBadge({ status }: { status: Communication['status'] }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  return (
    <SoftBadge color={COLORS[status]} radius="sm" data-testid="status-badge" data-status={status}>
      {t(`status.${status}`)}
    </SoftBadge>
  );
}
