import type { COPY_STATUSES, LIBRARY_ITEM_KINDS } from '@cue/contract';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { LIBRARY_NS } from '../i18n';

type CopyStatus = (typeof COPY_STATUSES)[number];
type ItemKind = (typeof LIBRARY_ITEM_KINDS)[number];

const COLORS: Record<CopyStatus, string> = {
  available: 'teal',
  on_loan: 'blue',
  reserved: 'grape',
  repair: 'orange',
  lost: 'red',
  withdrawn: 'gray',
};

/** A copy's status as a coloured badge (`data-status` holds the status for the journeys). */
export function CopyStatusBadge({ status }: { status: CopyStatus }) {
  const { t } = useTranslation(LIBRARY_NS);
  return (
    <SoftBadge color={COLORS[status]} data-testid="copy-status" data-status={status}>
      {t(`copyStatus.${status}`)}
    </SoftBadge>
  );
}

/** An item kind's name ("Picture book"). */
export function useKindName(): (kind: ItemKind) => string {
  const { t } = useTranslation(LIBRARY_NS);
  return (kind) => t(`kinds.${kind}`);
}
