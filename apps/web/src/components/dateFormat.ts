import { type DateFormatter, getFormattedDate } from '@mantine/dates';
import { currentLanguage } from '../lib/i18n';

/** A picker's value ('YYYY-MM-DD', possibly with a time) as a date at noon, so no time zone moves its day. */
const dayOf = (value: string): Date => new Date(`${value.slice(0, 10)}T12:00:00`);

/**
 * A date picker's shown value in the reader's language: English keeps the picker's own format (the
 * spec's, e.g. 'ddd, MMM DD, YYYY'); Arabic and Hebrew are written by the browser's calendar words,
 * in their own order and punctuation ('الاثنين، 9 مارس 2026'), never an English pattern filled with
 * translated names. A range reads 'from – to'.
 */
export function readerDateFormatter(options: Intl.DateTimeFormatOptions): DateFormatter {
  return (input) => {
    const language = currentLanguage();
    if (language === 'en') return getFormattedDate(input);
    const format = new Intl.DateTimeFormat(language, options);
    const { date } = input;
    if (!date) return '';
    if (Array.isArray(date)) {
      const [from, to] = date as [string | null, string | null];
      if (!from) return '';
      if (!to) return `${format.format(dayOf(from))} –`;
      return format.formatRange(dayOf(from), dayOf(to));
    }
    return format.format(dayOf(String(date)));
  };
}

/** Weekday, day, month and year ('Mon, 9 Mar 2026'). */
export const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };
/** Day, month and year ('9 Mar 2026'). */
export const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
