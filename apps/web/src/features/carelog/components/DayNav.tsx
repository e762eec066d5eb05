import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import { DayNav as SharedDayNav, useDayParam } from '../../../components/DayNav';
import { currentLanguage } from '../../../lib/i18n';
import { CARELOG_NS } from '../i18n';

/** The care day the page shows, from the address's `?date=` (today without one), and how to change it. */
export const useCareDate = useDayParam;

/**
 * The care day shown, in the carelog's words ("Previous day", "Next day", "Choose a day", "Today"); the
 * picker's calendar names months and weekdays in the reader's language.
 */
export function DayNav({ date, onChange }: { date: string; onChange: (wire: string) => void }) {
  return (
    <DatesProvider settings={{ locale: currentLanguage() }}>
      <SharedDayNav date={date} onChange={onChange} ns={CARELOG_NS} testId="care-day" />
    </DatesProvider>
  );
}
