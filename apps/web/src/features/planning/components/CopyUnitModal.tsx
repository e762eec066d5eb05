import { ddmmyyyyFromIso, isoFromDdmmyyyy, libraryCopySchema } from '@cue/contract';
import { MultiSelect, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { todayWire } from '../../../lib/day';
import { useCurrentClass } from '../../shell/Selectors';
import { type LibraryUnit, useCopyLibraryUnit } from '../api';
import { PLANNING_NS, planningMessage } from '../i18n';
import { nextMonday } from './libraryForms';
import { useClassChoices, useOpenMadeUnit } from './unitMade';

/**
 * "Use in my class": copies a library unit into classes of the school (those the staff member teaches,
 * or every class for class managers: the top bar's list), starting on a day (next Monday by default),
 * then opens the new unit's planner.
 */
export function CopyUnitModal({ unit, onClose }: { unit: LibraryUnit; onClose: () => void }) {
  const { t } = useTranslation(PLANNING_NS);
  const copy = useCopyLibraryUnit();
  const { current } = useCurrentClass();
  const classChoices = useClassChoices();
  const opened = useOpenMadeUnit(onClose);
  const today = isoFromDdmmyyyy(todayWire()) ?? '';
  const form = useContractForm({
    schema: libraryCopySchema,
    initialValues: { class_ids: current ? [current.id] : [], start: nextMonday(today) as string | null },
    toBody: (v) => ({ class_ids: v.class_ids, start_date: v.start ? ddmmyyyyFromIso(v.start) : '' }),
    fields: { start_date: 'start' },
    messages: {
      class_ids: planningMessage('classesRequired'),
      start: t('library.copy.startRequired'),
    },
  });
  const submit = form.submitWith((body) => copy.mutateAsync({ id: unit._id, body }), {
    onSuccess: opened(planningMessage('unitCopied')),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('library.copy.title', { title: unit.title })}
      submitLabel={t('library.copy.submit')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <Text fz="sm" c="dimmed">
        {t('library.copy.intro', { count: unit.weeks })}
      </Text>
      <MultiSelect
        label={t('library.copy.classes')}
        data={classChoices}
        {...form.getInputProps('class_ids')}
        placeholder={form.values.class_ids.length ? undefined : t('library.copy.classesHint')}
        nothingFoundMessage={t('library.copy.noClasses')}
        searchable
        required
        comboboxProps={{ withinPortal: true }}
      />
      <DatePickerInput
        label={t('library.copy.start')}
        {...form.getInputProps('start')}
        valueFormat="D MMM YYYY"
        valueFormatter={readerDateFormatter(DAY)}
        required
        popoverProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}
