import { useTranslation } from 'react-i18next';
import { DayNav as SharedDayNav, useDayParam } from '../../../components/DayNav';
import { JOURNAL_NS } from '../i18n';

/** The journal's day the page shows, from the address's `?date=` (today without one), and how to change it. */
export const useJournalDate = useDayParam;

/** The journal's day shown, with the journal's words. Days after today hold no journal yet. */
export function DayNav({ date, onChange }: { date: string; onChange: (wire: string) => void }) {
  const { t } = useTranslation(JOURNAL_NS);
  return (
    <SharedDayNav
      date={date}
      onChange={onChange}
      labels={{
        group: t('day.label'),
        previous: t('day.previous'),
        next: t('day.next'),
        pick: t('day.pick'),
        today: t('day.today'),
      }}
    />
  );
}
