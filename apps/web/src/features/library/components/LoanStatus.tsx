import type { Loan } from '@cue/contract';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { showDay } from '../../planning/planFormat';
import { LIBRARY_NS } from '../i18n';
import { showInstantDay } from './libraryText';

/**
 * Where a loan stands, as a chip: due on its day, overdue by so many days (red), returned on its day,
 * or lost. `data-status` is open, overdue, returned or lost.
 */
export function LoanStatus({ loan }: { loan: Pick<Loan, 'status' | 'overdue' | 'days_overdue' | 'due_on' | 'returned_at'> }) {
  const { t, i18n } = useTranslation(LIBRARY_NS);
  const lang = i18n.language;
  if (loan.status === 'lost')
    return (
      <SoftBadge color="red" outline data-testid="loan-status" data-status="lost">
        {t('loan.lost')}
      </SoftBadge>
    );
  if (loan.status === 'returned')
    return (
      <SoftBadge color="gray" data-testid="loan-status" data-status="returned">
        {t('loan.returned', { date: loan.returned_at ? showInstantDay(loan.returned_at, lang) : '' })}
      </SoftBadge>
    );
  if (loan.overdue)
    return (
      <SoftBadge
        color="red"
        data-testid="loan-status"
        data-status="overdue"
        title={t('loan.due', { date: showDay(loan.due_on, lang) })}
      >
        {t('loan.overdue', { count: loan.days_overdue })}
      </SoftBadge>
    );
  return (
    <SoftBadge color="blue" data-testid="loan-status" data-status="open">
      {t('loan.due', { date: showDay(loan.due_on, lang) })}
    </SoftBadge>
  );
}
