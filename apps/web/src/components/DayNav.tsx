import { ddmmyyyyFromIso, isoFromDdmmyyyy } from '@cue/contract';
import { ActionIcon, Button, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParam } from '../lib/addressParam';
import { dayFromParam, isFutureDay, shiftDay, todayWire } from '../lib/day';
import { DAY, readerDateFormatter } from './dateFormat';

/**
 * The day the page shows, from the address's `?date=` (today without one), and how to change it: the
 * address is replaced, not pushed, and today's drops the parameter so the plain address stays today's.
 */
export function useDayParam(): [string, (wire: string) => void] {
  const [asked, set] = useAddressParam('date');
  return [dayFromParam(asked), (wire) => set(wire === todayWire() ? null : wire)];
}

/**
 * The day shown: arrows for the day before and after (pointing the reading direction's way in
 * right-to-left languages), a picker, and "Today". Days after today hold nothing, so the next arrow
 * stops at today. Its words are the page's namespace's `day.label` (the group), `day.previous`,
 * `day.next`, `day.pick` ("Choose a day", followed by the day shown) and `day.today`.
 */
export function DayNav({
  date,
  onChange,
  ns,
  testId,
}: {
  date: string;
  onChange: (wire: string) => void;
  /** The page's i18n namespace, which holds the navigator's words. */
  ns: string;
  /** The picker's test id, where a page's journeys read the day from it. */
  testId?: string;
}) {
  const { t, i18n } = useTranslation(ns);
  const rtl = i18n.dir() === 'rtl';
  const today = todayWire();
  const next = shiftDay(date, 1);
  const Before = rtl ? IconChevronRight : IconChevronLeft;
  const After = rtl ? IconChevronLeft : IconChevronRight;
  const pickId = useId();
  const pickLabelId = useId();
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label={t('day.label')}>
      <Tooltip label={t('day.previous')}>
        <ActionIcon variant="default" size="lg" aria-label={t('day.previous')} onClick={() => onChange(shiftDay(date, -1))}>
          <Before size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden id={pickLabelId}>{t('day.pick')}</VisuallyHidden>
      {/* Named "Choose a day" followed by the day it shows, so that the words on the button are in its name. */}
      <DatePickerInput
        id={pickId}
        aria-labelledby={`${pickLabelId} ${pickId}`}
        value={isoFromDdmmyyyy(date)}
        onChange={(v) => v && onChange(ddmmyyyyFromIso(String(v)))}
        valueFormat="MMM DD, YYYY"
        valueFormatter={readerDateFormatter(DAY)}
        maxDate={isoFromDdmmyyyy(today) ?? undefined}
        leftSection={<IconCalendar size={16} aria-hidden />}
        w={{ base: 150, xs: 170 }}
        data-testid={testId}
      />
      <Tooltip label={t('day.next')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('day.next')}
          onClick={() => onChange(next)}
          disabled={isFutureDay(next)}
        >
          <After size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {date !== today && (
        <Button variant="subtle" size="sm" onClick={() => onChange(today)}>
          {t('day.today')}
        </Button>
      )}
    </Group>
  );
}
