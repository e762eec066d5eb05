import { ddmmyyyyFromIso, isoFromDdmmyyyy } from '@cue/contract';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import i18n from '../../../lib/i18n';

/** What every day filter shares: clearable, the spec's DD-MM-YYYY, the reader's date words. */
const dayField = {
  clearable: true,
  valueFormat: 'DD-MM-YYYY',
  valueFormatter: readerDateFormatter(DAY),
  leftSection: <IconCalendar size={16} aria-hidden />,
} as const;

/**
 * A day filter whose value is the wire's DD-MM-YYYY (the picker works in ISO days): the page's address
 * and the server both read the wire form.
 */
export function DayFilter({
  label,
  value,
  onChange,
  min,
  max,
  w = { base: '47%', xs: 170 },
}: {
  label: string;
  value: string | undefined;
  onChange: (wire: string | null) => void;
  min?: string;
  max?: string;
  w?: Record<string, string | number> | number;
}) {
  const iso = value ? isoFromDdmmyyyy(value) : null;
  return (
    <DatePickerInput
      {...dayField}
      label={label}
      clearButtonProps={{ 'aria-label': i18n.t('translation:common.clearField', { label }) }}
      value={iso}
      onChange={(next) => onChange(next ? ddmmyyyyFromIso(String(next)) : null)}
      minDate={(min && isoFromDdmmyyyy(min)) || undefined}
      maxDate={(max && isoFromDdmmyyyy(max)) || undefined}
      w={w}
    />
  );
}
