import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import 'dayjs/locale/he';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Date pickers below name months and weekdays in the reader's language, weeks starting on Monday. */
export function ReaderDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>;
}

/** A page whose date pickers speak the reader's language. */
export const withReaderDates =
  <P extends object>(Page: (props: P) => ReactNode) =>
  (props: P) => (
    <ReaderDates>
      <Page {...props} />
    </ReaderDates>
  );
