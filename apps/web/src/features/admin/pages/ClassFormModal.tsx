import { type ClassDetail, classRequestSchema, classUpdateRequestSchema, DEFAULT_AGE_GROUP, WEEKDAYS } from '@cue/contract';
import { Checkbox, ColorInput, Group, Select, SimpleGrid, Skeleton, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toast } from '../../../lib/notify';
import { type ClassInput, useClassDetail, useDivisions, useSaveClass } from '../api';
import { parseDdmmyyyy, sortableDate, splitAcademicYear } from '../format';

const SWATCHES = ['#4c6ef5', '#5f4ae4', '#12b886', '#40c057', '#fab005', '#fd7e14', '#f25d2a', '#e64980', '#15aabf', '#868e96'];

interface ClassFormValues extends Record<string, unknown> {
  class_name: string;
  academic_year_start: string;
  academic_year_end: string;
  age_range: string;
  classes_days: string[];
  curriculam: string;
  start_time: string;
  end_time: string;
  color: string;
  division_id: string | null;
}

const blank: ClassFormValues = {
  class_name: '',
  academic_year_start: '',
  academic_year_end: '',
  age_range: '',
  classes_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  curriculam: '',
  start_time: '',
  end_time: '',
  color: '#4c6ef5',
  division_id: null,
};

function valuesOf(cls: ClassDetail): ClassFormValues {
  const [start, end] = splitAcademicYear(cls.academic_year);
  return {
    class_name: cls.class_name,
    academic_year_start: start,
    academic_year_end: end,
    age_range: cls.age_range,
    classes_days: cls.classes_days,
    curriculam: cls.curriculam ?? '',
    start_time: cls.start_time ?? '',
    end_time: cls.end_time ?? '',
    color: cls.color,
    division_id: cls.division?.id ?? null,
  };
}

interface ClassFormProps {
  cls: ClassDetail | null;
  onClose: () => void;
}

/** The class as the save call takes it: empty fields are null (cleared). */
const inputOf = (v: ClassFormValues): ClassInput => ({
  class_name: v.class_name.trim(),
  academic_year_start: v.academic_year_start.trim() || null,
  academic_year_end: v.academic_year_end.trim() || null,
  age_range: v.age_range.trim(),
  classes_days: WEEKDAYS.filter((d) => v.classes_days.includes(d)),
  curriculam: v.curriculam.trim() || null,
  start_time: v.start_time || null,
  end_time: v.end_time || null,
  color: v.color,
  division_id: v.division_id,
});

/** A new class's request leaves out what is empty (the create call takes no nulls). */
const withoutEmpty = (input: ClassInput) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== ''));

function ClassForm({ cls, onClose }: ClassFormProps) {
  const { t } = useTranslation('admin');
  const save = useSaveClass();
  const divisions = useDivisions();
  const dateMessages = { date: t('classes.form.dateFormat') };
  const form = useContractForm({
    schema: cls ? classUpdateRequestSchema : classRequestSchema,
    initialValues: cls ? valuesOf(cls) : blank,
    toBody: (values) => (cls ? inputOf(values) : withoutEmpty(inputOf(values))),
    messages: {
      class_name: { required: t('classes.form.nameRequired') },
      academic_year_start: dateMessages,
      academic_year_end: { ...dateMessages, custom: t('classes.form.bothDates') },
      start_time: t('classes.form.timeFormat'),
      end_time: t('classes.form.timeFormat'),
      color: t('classes.form.colorFormat'),
    },
    // What the schema does not say: real calendar days, both ends of the year or neither, each range in order.
    rules: (values) => {
      const start = values.academic_year_start.trim();
      const end = values.academic_year_end.trim();
      const notADay = (text: string) => !!text && !parseDdmmyyyy(text) && t('classes.form.dateFormat');
      const inOrder = !start || !end || (sortableDate(start) ?? '') < (sortableDate(end) ?? '');
      const bothOrNeither = !start === !end;
      return {
        academic_year_start: notADay(start) || (!bothOrNeither && !start && t('classes.form.bothDates')),
        academic_year_end:
          notADay(end) ||
          (!bothOrNeither && !end && t('classes.form.bothDates')) ||
          (!notADay(start) && !inOrder && t('classes.form.endAfterStart')),
        end_time:
          values.start_time && values.end_time && values.start_time >= values.end_time && t('classes.form.endTimeAfterStart'),
      };
    },
  });
  const submit = form.submitWith((_body, values) => save.mutateAsync({ id: cls?.id, input: inputOf(values) }), {
    onSuccess: (saved) => {
      const name = (saved as { class_name: string }).class_name;
      toast.success(cls ? t('classes.saved', { name }) : t('classes.created', { name }));
      onClose();
    },
  });

  return (
    <FormModal
      opened
      onClose={onClose}
      title={cls ? t('classes.edit') : t('classes.new')}
      submitLabel={cls ? t('common.save') : t('common.create')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
    >
      <TextInput label={t('classes.form.name')} {...form.getInputProps('class_name')} required maxLength={100} data-autofocus />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('classes.form.yearStart')}
          placeholder="DD-MM-YYYY"
          description={t('classes.form.dateHint')}
          inputMode="numeric"
          {...form.getInputProps('academic_year_start')}
          maxLength={10}
        />
        <TextInput
          label={t('classes.form.yearEnd')}
          placeholder="DD-MM-YYYY"
          description={t('classes.form.dateHint')}
          inputMode="numeric"
          {...form.getInputProps('academic_year_end')}
          maxLength={10}
        />
        <TextInput
          label={t('classes.form.ageRange')}
          placeholder={DEFAULT_AGE_GROUP}
          {...form.getInputProps('age_range')}
          maxLength={40}
        />
        <TextInput label={t('classes.form.curriculum')} {...form.getInputProps('curriculam')} maxLength={120} />
        <TextInput type="time" label={t('classes.form.startTime')} {...form.getInputProps('start_time')} />
        <TextInput type="time" label={t('classes.form.endTime')} {...form.getInputProps('end_time')} />
        <ColorInput
          label={t('classes.form.color')}
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={10}
          eyeDropperButtonProps={{ 'aria-label': t('classes.form.pickColor') }}
          {...form.getInputProps('color')}
        />
        <Select
          label={t('classes.form.division')}
          placeholder={t('classes.form.noDivision')}
          data={(divisions.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          {...form.getInputProps('division_id')}
          clearable
          nothingFoundMessage={t('classes.form.noDivisions')}
        />
      </SimpleGrid>
      <Checkbox.Group label={t('classes.form.days')} {...form.getInputProps('classes_days')}>
        <Group gap="md" mt={6}>
          {WEEKDAYS.map((day) => (
            <Checkbox key={day} value={day} label={t(`days.${day}`)} />
          ))}
        </Group>
      </Checkbox.Group>
    </FormModal>
  );
}

/** Create a class (classId null) or edit one: every field of the Class entity. */
export function ClassFormModal({ classId, onClose }: { classId: string | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const detail = useClassDetail(classId);
  // A class that could not be loaded (the failure is told as a toast) closes the form.
  useEffect(() => {
    if (detail.isError) onClose();
  }, [detail.isError, onClose]);
  if (!classId) return <ClassForm cls={null} onClose={onClose} />;
  if (detail.data) return <ClassForm key={detail.data.id} cls={detail.data} onClose={onClose} />;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('classes.edit')}
      submitLabel={t('common.save')}
      onSubmit={() => {}}
      submitDisabled
    >
      <Skeleton height={280} radius="md" />
    </FormModal>
  );
}
