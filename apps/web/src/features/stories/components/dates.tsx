import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import 'dayjs/locale/he';
import { DATE_FORMAT, isoFromDdmmyyyy } from '@cue/contract';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { currentLanguage } from '../../../lib/i18n';

/** Typed days are read as DD-MM-YYYY (the spec's format), as they are shown. */
export const parseTypedDay = (value: string): string | null => isoFromDdmmyyyy(value.trim());

/** What every day field of the stories pages shares: the spec's DD-MM-YYYY shown and typed. */
export const dayFieldProps = { valueFormat: DATE_FORMAT, placeholder: DATE_FORMAT, dateParser: parseTypedDay } as const;

/** The pickers' month and weekday names in the reader's language. */
export function StoryDates({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: currentLanguage() }}>{children}</DatesProvider>;
}

/** A story's day (DD-MM-YYYY on the wire) in the reader's words ('9 Mar 2026'); the wire's text when it is no day. */
export function readableDay(wire: string): string {
  const iso = isoFromDdmmyyyy(wire);
  if (!iso) return wire;
  return new Intl.DateTimeFormat(currentLanguage(), { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${iso}T12:00:00`),
  );
}
