import type { StoryKind, StoryStatus } from '@cue/contract';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { STORY_INSIGHTS_NS } from '../i18n';

const STATUS_COLORS: Record<StoryStatus, string> = {
  draft: 'gray',
  pending: 'yellow',
  published: 'teal',
  submitted: 'blue',
  accepted: 'teal',
  declined: 'red',
};

/** Where a story stands (draft, waiting for approval, published; a family story's submitted / accepted / declined). */
export function StoryStatusBadge({ status }: { status: StoryStatus }) {
  const { t } = useTranslation(STORY_INSIGHTS_NS);
  return (
    // Mantine's light teal and yellow are too pale on their tint: the soft badge keeps a 4.5:1 contrast.
    <SoftBadge color={STATUS_COLORS[status]} radius="sm" data-status={status}>
      {t(`status.${status}`)}
    </SoftBadge>
  );
}

/** A journal entry or a family's story (a plain story carries no badge). */
export function StoryKindBadge({ kind }: { kind: StoryKind }) {
  const { t } = useTranslation(STORY_INSIGHTS_NS);
  if (kind === 'story') return null;
  return (
    <SoftBadge color={kind === 'journal' ? 'grape' : 'orange'} radius="sm" size="sm">
      {t(`kind.${kind}`)}
    </SoftBadge>
  );
}
