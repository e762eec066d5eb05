import {
  addDays,
  ddmmyyyyFromIso,
  isoFromDdmmyyyy,
  UNIT_STATUSES,
  UNIT_TITLE_MAX,
  type UnitKind,
  type UnitStatus,
  unitCreateSchema,
} from '@cue/contract';
import { MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { todayWire } from '../../../lib/day';
import { useCreateUnit } from '../api';
import { PLANNING_NS, planningMessage } from '../i18n';
import { nextMonday } from './libraryForms';
import { useClassChoices, useOpenMadeUnit } from './unitMade';

interface Values {
  title: string;
  class_ids: string[];
  start: string | null;
  end: string | null;
  status: UnitStatus;
}

/**
 * "New unit" / "New project": a title, the classes it is for (the staff member's classes, several
 * allowed: a unit shared by a grade), its days and status; then the planner opens on it.
 */
export function NewUnitModal({ kind, classId, onClose }: { kind: UnitKind; classId: string | null; onClose: () => void }) {
  const { t } = useTranslation(PLANNING_NS);
  const create = useCreateUnit();
  const classChoices = useClassChoices();
  const opened = useOpenMadeUnit(onClose);
  const start = nextMonday(isoFromDdmmyyyy(todayWire()) ?? '');
  const project = kind === 'project';
  const form = useContractForm({
    schema: unitCreateSchema,
    initialValues: {
      title: '',
      class_ids: classId ? [classId] : [],
      start,
      // Four school weeks: Monday to the fourth Friday.
      end: addDays(start, 25),
      status: 'planned',
    } as Values,
    toBody: (v) => ({
      kind,
      title: v.title,
      class_ids: v.class_ids,
      status: v.status,
      start_date: v.start ? ddmmyyyyFromIso(v.start) : '',
      end_date: v.end ? ddmmyyyyFromIso(v.end) : '',
    }),
    fields: { start_date: 'start', end_date: 'end' },
    messages: { start: t('units.form.startRequired'), end: t('units.form.endRequired') },
    rules: (v) => ({
      title: !v.title.trim() && planningMessage('titleRequired'),
      class_ids: v.class_ids.length === 0 && planningMessage('classesRequired'),
      end: !!v.start && !!v.end && v.end < v.start && planningMessage('endBeforeStart'),
    }),
  });
  const submit = form.submitWith((body) => create.mutateAsync(body), {
    onSuccess: opened(planningMessage(project ? 'projectCreated' : 'unitCreated')),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={project ? t('projects.new') : t('units.new')}
      submitLabel={project ? t('projects.create') : t('units.create')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <TextInput
        label={t('units.form.title')}
        placeholder={project ? t('projects.titleHint') : t('units.form.titleHint')}
        maxLength={UNIT_TITLE_MAX}
        required
        data-autofocus
        dir="auto"
        {...form.getInputProps('title')}
      />
      <MultiSelect
        label={t('common.classes')}
        description={t('units.form.classesHint')}
        data={classChoices}
        searchable
        required
        nothingFoundMessage={t('units.form.noClasses')}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('class_ids')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DatePickerInput
          label={t('common.startDate')}
          valueFormat="D MMM YYYY"
          valueFormatter={readerDateFormatter(DAY)}
          required
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('start')}
        />
        <DatePickerInput
          label={t('common.endDate')}
          valueFormat="D MMM YYYY"
          valueFormatter={readerDateFormatter(DAY)}
          required
          minDate={form.values.start ?? undefined}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('end')}
        />
      </SimpleGrid>
      <Select
        label={t('common.status')}
        data={UNIT_STATUSES.map((s) => ({ value: s, label: t(`common.statuses.${s}`) }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('status')}
      />
    </FormModal>
  );
}
