import { ddmmyyyyFromIso, isoFromDdmmyyyy } from '@cue/contract';
import { Button, type ButtonProps, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { todayWire } from '../../../lib/day';
import { errorText, toast } from '../../../lib/notify';
import { useStaffClassList } from '../../admin/api';
import { RESOURCES_NS } from '../i18n';
import { fieldFromWire, wireFromField } from '../schedule/slots';
import { resourceText, useAvailability, useBook, useResources } from './api-resources';
import { endsAfterStart } from './bookings';

export interface BookingDefaults {
  resourceId?: string;
  classId?: string;
  /** DD-MM-YYYY. */
  date?: string;
  /** hh:mm A. */
  start?: string;
  /** hh:mm A. */
  end?: string;
}

/** "N of M free" for the resource and time chosen, asked again a moment after the fields stop changing. */
function AvailabilityLine({
  resourceId,
  date,
  start,
  end,
}: {
  resourceId: string | null;
  date: string;
  start: string;
  end: string;
}) {
  const { t, i18n } = useTranslation(RESOURCES_NS);
  const [asked] = useDebouncedValue({ resourceId, date, start, end }, 400);
  const valid = !!asked.resourceId && !!asked.date && endsAfterStart(asked.start, asked.end);
  const availability = useAvailability(valid ? asked.resourceId : null, asked.date, asked.start, asked.end);
  const number = new Intl.NumberFormat(i18n.language);
  let text = '';
  let color: string | undefined = 'dimmed';
  if (!resourceId || !date || !start || !end) text = t('book.chooseTime');
  else if (!endsAfterStart(start, end)) {
    text = t('messages.endBeforeStart');
    color = 'red.8';
  } else if (!valid || availability.isFetching || availability.isPending) text = t('book.checking');
  else if (availability.isError) {
    text = errorText(availability.error);
    color = 'red.8';
  } else {
    text = t('book.free', { free: number.format(availability.data.available), total: number.format(availability.data.quantity) });
    color = availability.data.available > 0 ? 'teal.8' : 'red.8';
  }
  return (
    <Text fz="sm" c={color} aria-live="polite" data-testid="booking-availability">
      {text}
    </Text>
  );
}

/** The "Book" dialog: a resource, a day and times, how many, the class (optional) and what for. */
export function BookDialog({ defaults = {}, onClose }: { defaults?: BookingDefaults; onClose: () => void }) {
  const { t } = useTranslation(RESOURCES_NS);
  const resources = useResources({});
  const classes = useStaffClassList();
  const book = useBook();
  const [resourceId, setResourceId] = useState<string | null>(defaults.resourceId ?? null);
  const [date, setDate] = useState<string | null>(isoFromDdmmyyyy(defaults.date ?? todayWire()));
  const [start, setStart] = useState(fieldFromWire(defaults.start ?? '09:00 AM'));
  const [end, setEnd] = useState(fieldFromWire(defaults.end ?? '10:00 AM'));
  const [quantity, setQuantity] = useState<number>(1);
  const [classId, setClassId] = useState<string | null>(defaults.classId ?? null);
  const [purpose, setPurpose] = useState('');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const bookable = (resources.data ?? []).filter((r) => r.bookable && !r.archived && r.abilities.book);
  const resource = bookable.find((r) => r._id === resourceId) ?? null;
  const wireDate = date ? ddmmyyyyFromIso(date) : '';
  const wireStart = wireFromField(start);
  const wireEnd = wireFromField(end);
  const timesOk = endsAfterStart(wireStart, wireEnd);
  const max = resource?.quantity ?? 1;

  const submit = () => {
    setTried(true);
    setError(null);
    if (!resourceId || !wireDate || !timesOk || quantity < 1 || quantity > max) return;
    book.mutate(
      {
        resource_id: resourceId,
        date: wireDate,
        start: wireStart,
        end: wireEnd,
        quantity,
        class_id: classId,
        purpose: purpose.trim() || undefined,
      },
      {
        onSuccess: (answer) => {
          toast.success(resourceText(answer.message) || t('messages.booked'));
          onClose();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={resource ? t('book.titleOf', { name: resource.name }) : t('book.title')}
      submitLabel={t('book.submit')}
      onSubmit={submit}
      pending={book.isPending}
      error={error}
    >
      <Select
        label={t('book.resource')}
        placeholder={t('book.resourcePlaceholder')}
        data={bookable.map((r) => ({ value: r._id, label: r.name }))}
        value={resourceId}
        onChange={(v) => {
          setResourceId(v);
          setQuantity(1);
        }}
        searchable
        required
        nothingFoundMessage={t('book.noResources')}
        error={tried && !resourceId ? t('book.resourceNeeded') : undefined}
        data-autofocus
      />
      <DatePickerInput
        label={t('book.date')}
        value={date}
        onChange={(v) => setDate(v ? String(v).slice(0, 10) : null)}
        minDate={isoFromDdmmyyyy(todayWire()) ?? undefined}
        valueFormat="MMM DD, YYYY"
        valueFormatter={readerDateFormatter(DAY)}
        required
        error={tried && !date ? t('book.dateNeeded') : undefined}
      />
      <Group grow gap="sm" align="flex-start">
        <TimeInput label={t('book.start')} value={start} onChange={(e) => setStart(e.currentTarget.value)} required />
        <TimeInput
          label={t('book.end')}
          value={end}
          onChange={(e) => setEnd(e.currentTarget.value)}
          required
          error={tried && !timesOk ? t('messages.endBeforeStart') : undefined}
        />
      </Group>
      <AvailabilityLine resourceId={resourceId} date={wireDate} start={wireStart} end={wireEnd} />
      <NumberInput
        label={t('book.quantity')}
        description={resource?.unit ? t('book.quantityUnit', { unit: resource.unit }) : undefined}
        value={quantity}
        onChange={(v) => setQuantity(Number(v) || 1)}
        min={1}
        max={max}
        clampBehavior="strict"
        allowDecimal={false}
        disabled={max <= 1}
      />
      <Select
        label={t('book.class')}
        placeholder={t('book.noClass')}
        data={(classes.data ?? []).map((c) => ({ value: c.id, label: c.class_name }))}
        value={classId}
        onChange={setClassId}
        searchable
        clearable
        nothingFoundMessage={t('book.noneFound')}
      />
      <TextInput label={t('book.purpose')} value={purpose} maxLength={300} onChange={(e) => setPurpose(e.currentTarget.value)} />
    </FormModal>
  );
}

/**
 * "Book": opens the booking dialog, optionally for a class, day and times already known (the weekly
 * planning's activity), e.g. `<BookResourceButton classId={id} date="23-11-2026" start="09:00 AM" end="10:00 AM" />`.
 */
export function BookResourceButton({
  classId,
  date,
  start,
  end,
  resourceId,
  ...button
}: BookingDefaults & Omit<ButtonProps, 'children'>) {
  const { t } = useTranslation(RESOURCES_NS);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        leftSection={<IconCalendarPlus size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="book-resource"
        {...button}
      >
        {t('book.open')}
      </Button>
      {opened && <BookDialog defaults={{ classId, date, start, end, resourceId }} onClose={() => setOpened(false)} />}
    </>
  );
}
