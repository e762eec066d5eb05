import type { StoryStatus } from '@cue/contract';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { STORIES_NS } from '../i18n';
import { STATUS_COLORS } from '../story';

/** Draft, Waiting for approval, Published; a family story: Sent by a family, Accepted, Declined. */
export function StatusBadge({ status }: { status: StoryStatus }) {
  const { t } = useTranslation(STORIES_NS);
  return (
    <SoftBadge color={STATUS_COLORS[status]} radius="sm" data-testid="story-status" data-status={status}>
      {t(`status.${status}`)}
    </SoftBadge>
  );
}
