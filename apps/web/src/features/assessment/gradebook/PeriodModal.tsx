import { type AssessmentPeriod, assessmentPeriodRequestSchema, ddmmyyyyFromIso, isoFromDdmmyyyy } from '@cue/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toastThen } from '../../../lib/saved';
import { useCreatePeriod, useUpdatePeriod } from '../api';
import { assessmentMessage, GRADEBOOK_NS } from '../i18n';

interface Values {
  name: string;
  start: string | null;
  end: string | null;
}

/** A new assessment period or a period's change: its name and days. */
export function PeriodModal({ period, onClose }: { period: AssessmentPeriod | null; onClose: () => void }) {
  const { t } = useTranslation(GRADEBOOK_NS);
  const create = useCreatePeriod();
  const update = useUpdatePeriod();
  const form = useContractForm({
    schema: assessmentPeriodRequestSchema,
    initialValues: {
      name: period?.name ?? '',
      start: period ? isoFromDdmmyyyy(period.start_date) : null,
      end: period ? isoFromDdmmyyyy(period.end_date) : null,
    } as Values,
    toBody: (v) => ({
      name: v.name,
      start_date: v.start ? ddmmyyyyFromIso(v.start) : '',
      end_date: v.end ? ddmmyyyyFromIso(v.end) : '',
    }),
    fields: { start_date: 'start', end_date: 'end' },
    messages: { start: t('periods.startRequired'), end: t('periods.endRequired') },
    rules: (v) => ({ end: !!v.start && !!v.end && v.end < v.start && assessmentMessage('endBeforeStart') }),
  });
  const submit = form.submitWith((body) => (period ? update.mutateAsync({ id: period._id, body }) : create.mutateAsync(body)), {
    onSuccess: toastThen(assessmentMessage(period ? 'periodSaved' : 'periodCreated'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={period ? t('periods.editTitle') : t('periods.newTitle')}
      submitLabel={period ? t('periods.save') : t('periods.create')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <TextInput
        label={t('periods.name')}
        placeholder={t('periods.nameHint')}
        required
        maxLength={80}
        data-autofocus
        dir="auto"
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DatePickerInput
          label={t('periods.start')}
          valueFormat="D MMM YYYY"
          valueFormatter={readerDateFormatter(DAY)}
          required
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('start')}
        />
        <DatePickerInput
          label={t('periods.end')}
          valueFormat="D MMM YYYY"
          valueFormatter={readerDateFormatter(DAY)}
          required
          minDate={form.values.start ?? undefined}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('end')}
        />
      </SimpleGrid>
    </FormModal>
  );
}
