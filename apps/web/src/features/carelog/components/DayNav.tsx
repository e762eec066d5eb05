import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DayNav as SharedDayNav, useDayParam } from '../../../components/DayNav';
import { currentLanguage } from '../../../lib/i18n';
import { CARELOG_NS } from '../i18n';

/** The care day the page shows, from the address's `?date=` (today without one), and how to change it. */
export const useCareDate = useDayParam;

/**
 * The care day shown, with the carelog's words ("Previous day", "Next day", "Choose a day", "Today"); the
 * picker's calendar names months and weekdays in the reader's language.
 */
export function DayNav({ date, onChange }: { date: string; onChange: (wire: string) => void }) {
  const { t } = useTranslation(CARELOG_NS);
  return (
    <DatesProvider settings={{ locale: currentLanguage() }}>
      <SharedDayNav
        date={date}
        onChange={onChange}
        testId="care-day"
        labels={{
          group: t('day.label'),
          previous: t('day.previous'),
          next: t('day.next'),
          pick: t('day.pick'),
          today: t('day.today'),
        }}
      />
    </DatesProvider>
  );
}
