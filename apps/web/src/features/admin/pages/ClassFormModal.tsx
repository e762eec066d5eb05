import { type ClassDetail, DEFAULT_AGE_GROUP, WEEKDAYS } from '@cue/contract';
import { Checkbox, ColorInput, Group, Select, SimpleGrid, Skeleton, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { toast } from '../../../lib/notify';
import { type ClassInput, useClassDetail, useDivisions, useSaveClass } from '../api';
import { type FieldErrors, useFormState } from '../components/useFormState';
import { parseDdmmyyyy, sortableDate, splitAcademicYear } from '../format';

const SWATCHES = ['#4c6ef5', '#5f4ae4', '#12b886', '#40c057', '#fab005', '#fd7e14', '#f25d2a', '#e64980', '#15aabf', '#868e96'];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

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

function ClassForm({ cls, onClose }: ClassFormProps) {
  const { t } = useTranslation('admin');
  const save = useSaveClass();
  const divisions = useDivisions();
  const form = useFormState<ClassFormValues>(cls ? valuesOf(cls) : blank);
  const v = form.values;

  const check = (values: ClassFormValues): FieldErrors<ClassFormValues> => {
    const errors: FieldErrors<ClassFormValues> = {};
    if (!values.class_name.trim()) errors.class_name = t('classes.form.nameRequired');
    const start = values.academic_year_start.trim();
    const end = values.academic_year_end.trim();
    if (start && !parseDdmmyyyy(start)) errors.academic_year_start = t('classes.form.dateFormat');
    if (end && !parseDdmmyyyy(end)) errors.academic_year_end = t('classes.form.dateFormat');
    if (!errors.academic_year_start && !errors.academic_year_end) {
      if (!start !== !end) errors[start ? 'academic_year_end' : 'academic_year_start'] = t('classes.form.bothDates');
      else if (start && end && (sortableDate(start) ?? '') >= (sortableDate(end) ?? ''))
        errors.academic_year_end = t('classes.form.endAfterStart');
    }
    if (values.start_time && !TIME.test(values.start_time)) errors.start_time = t('classes.form.timeFormat');
    if (values.end_time && !TIME.test(values.end_time)) errors.end_time = t('classes.form.timeFormat');
    if (values.start_time && values.end_time && values.start_time >= values.end_time)
      errors.end_time = t('classes.form.endTimeAfterStart');
    if (!COLOR.test(values.color)) errors.color = t('classes.form.colorFormat');
    return errors;
  };

  const submit = () => {
    if (!form.validate(check)) return;
    const input: ClassInput = {
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
    };
    save.mutate(
      { id: cls?.id, input },
      {
        onSuccess: (saved) => {
          toast.success(cls ? t('classes.saved', { name: saved.class_name }) : t('classes.created', { name: saved.class_name }));
          onClose();
        },
        onError: (err) => form.showServerError(err),
      },
    );
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={cls ? t('classes.edit') : t('classes.new')}
      submitLabel={cls ? t('common.save') : t('common.create')}
      onSubmit={submit}
      pending={save.isPending}
    >
      <TextInput
        label={t('classes.form.name')}
        value={v.class_name}
        onChange={(e) => form.set('class_name', e.currentTarget.value)}
        error={form.errors.class_name}
        required
        maxLength={100}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('classes.form.yearStart')}
          placeholder="DD-MM-YYYY"
          description={t('classes.form.dateHint')}
          inputMode="numeric"
          value={v.academic_year_start}
          onChange={(e) => form.set('academic_year_start', e.currentTarget.value)}
          error={form.errors.academic_year_start}
          maxLength={10}
        />
        <TextInput
          label={t('classes.form.yearEnd')}
          placeholder="DD-MM-YYYY"
          description={t('classes.form.dateHint')}
          inputMode="numeric"
          value={v.academic_year_end}
          onChange={(e) => form.set('academic_year_end', e.currentTarget.value)}
          error={form.errors.academic_year_end}
          maxLength={10}
        />
        <TextInput
          label={t('classes.form.ageRange')}
          placeholder={DEFAULT_AGE_GROUP}
          value={v.age_range}
          onChange={(e) => form.set('age_range', e.currentTarget.value)}
          error={form.errors.age_range}
          maxLength={40}
        />
        <TextInput
          label={t('classes.form.curriculum')}
          value={v.curriculam}
          onChange={(e) => form.set('curriculam', e.currentTarget.value)}
          error={form.errors.curriculam}
          maxLength={120}
        />
        <TextInput
          type="time"
          label={t('classes.form.startTime')}
          value={v.start_time}
          onChange={(e) => form.set('start_time', e.currentTarget.value)}
          error={form.errors.start_time}
        />
        <TextInput
          type="time"
          label={t('classes.form.endTime')}
          value={v.end_time}
          onChange={(e) => form.set('end_time', e.currentTarget.value)}
          error={form.errors.end_time}
        />
        <ColorInput
          label={t('classes.form.color')}
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={10}
          eyeDropperButtonProps={{ 'aria-label': t('classes.form.pickColor') }}
          value={v.color}
          onChange={(value) => form.set('color', value)}
          error={form.errors.color}
        />
        <Select
          label={t('classes.form.division')}
          placeholder={t('classes.form.noDivision')}
          data={(divisions.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={v.division_id}
          onChange={(value) => form.set('division_id', value)}
          error={form.errors.division_id}
          clearable
          nothingFoundMessage={t('classes.form.noDivisions')}
        />
      </SimpleGrid>
      <Checkbox.Group
        label={t('classes.form.days')}
        value={v.classes_days}
        onChange={(value) => form.set('classes_days', value)}
        error={form.errors.classes_days}
      >
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
