import { DayNav as SharedDayNav, useDayParam } from '../../../components/DayNav';
import { JOURNAL_NS } from '../i18n';

/** The journal's day the page shows, from the address's `?date=` (today without one), and how to change it. */
export const useJournalDate = useDayParam;

/** The journal's day shown, in the journal's words. Days after today hold no journal yet. */
export function DayNav({ date, onChange }: { date: string; onChange: (wire: string) => void }) {
  return <SharedDayNav date={date} onChange={onChange} ns={JOURNAL_NS} />;
}
