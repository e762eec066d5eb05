import type { Communication } from '@cue/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMMUNICATION_NS } from '../i18n';

const COLORS: Record<Communication['status'], string> = { draft: 'gray', scheduled: 'orange', published: 'teal' };

/** Draft, Scheduled (a future date-time) or Published (spec section 4). */
export function StatusBadge({ status }: { status: Communication['status'] }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm" tt="none" data-testid="status-badge" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
