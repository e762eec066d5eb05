import {
  type AssessmentTask,
  assessmentTaskChangeSchema,
  assessmentTaskRequestSchema,
  ddmmyyyyFromIso,
  isoFromDdmmyyyy,
  TASK_KINDS,
  TASK_STATUSES,
} from '@cue/contract';
import { Autocomplete, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { todayWire } from '../../../lib/day';
import { toastThen } from '../../../lib/saved';
import { useLearningAreas } from '../../observations/api';
import { type Gradebook, useCreateTask, useUpdateTask } from '../api-gradebook';
import { assessmentMessage, GRADEBOOK_NS } from '../i18n';

interface Values {
  title: string;
  subject: string;
  kind: (typeof TASK_KINDS)[number];
  category_id: string | null;
  scale_id: string | null;
  learning_area_id: string | null;
  due: string | null;
  description: string;
  status: (typeof TASK_STATUSES)[number];
}

/** "Add task" and a task's "Edit": title, subject, kind, category, scale, learning area, due day, description. */
export function TaskModal({
  book,
  task,
  onClose,
}: {
  book: Gradebook;
  /** The task edited; none: a new one. */
  task: AssessmentTask | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(GRADEBOOK_NS);
  const create = useCreateTask();
  const update = useUpdateTask();
  const areas = useLearningAreas(book.class._id);
  const scales = book.scales.filter((s) => !s.archived || s._id === task?.scale_id);
  const inPeriod = (wire: string) => {
    const day = isoFromDdmmyyyy(wire) ?? '';
    const start = isoFromDdmmyyyy(book.period.start_date) ?? '';
    const end = isoFromDdmmyyyy(book.period.end_date) ?? '';
    return day >= start && day <= end ? day : end;
  };
  const form = useContractForm({
    schema: task ? assessmentTaskChangeSchema : assessmentTaskRequestSchema,
    initialValues: {
      title: task?.title ?? '',
      subject: task?.subject ?? '',
      kind: task?.kind ?? 'formative',
      category_id: task?.category_id ?? null,
      scale_id: task?.scale_id ?? scales[0]?._id ?? null,
      learning_area_id: task?.learning_area_id ?? null,
      due: inPeriod(task?.due_date ?? todayWire()),
      description: task?.description ?? '',
      status: task?.status ?? 'pending',
    } as Values,
    toBody: (v) => ({
      ...(task ? {} : { class_id: book.class._id }),
      title: v.title,
      subject: v.subject,
      kind: v.kind,
      category_id: v.category_id,
      scale_id: v.scale_id ?? '',
      learning_area_id: v.learning_area_id,
      due_date: v.due ? ddmmyyyyFromIso(v.due) : '',
      description: v.description,
      status: v.status,
    }),
    fields: { due_date: 'due' },
    messages: { due: t('task.dueRequired'), scale_id: t('task.scaleRequired') },
  });
  const submit = form.submitWith(
    (body) =>
      task ? update.mutateAsync({ id: task._id, body }) : create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]),
    { onSuccess: toastThen(assessmentMessage(task ? 'taskSaved' : 'taskCreated'), onClose) },
  );
  return (
    <FormModal
      opened
      onClose={onClose}
      title={task ? t('task.editTitle') : t('task.newTitle')}
      submitLabel={task ? t('task.save') : t('task.create')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
    >
      <TextInput label={t('task.title')} required data-autofocus dir="auto" maxLength={200} {...form.getInputProps('title')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Autocomplete
          label={t('task.subject')}
          required
          dir="auto"
          maxLength={80}
          data={book.subjects}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('subject')}
        />
        <Select
          label={t('task.kind')}
          data={TASK_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('kind')}
        />
        <Select
          label={t('task.scale')}
          required
          data={scales.map((s) => ({ value: s._id, label: s.name }))}
          allowDeselect={false}
          nothingFoundMessage={t('task.noScales')}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('scale_id')}
        />
        <Select
          label={t('task.category')}
          placeholder={t('task.noCategory')}
          data={book.categories.map((c) => ({ value: c._id, label: c.weight === null ? c.name : `${c.name} (${c.weight}%)` }))}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('category_id')}
        />
        <DatePickerInput
          label={t('task.due')}
          valueFormat="D MMM YYYY"
          valueFormatter={readerDateFormatter(DAY)}
          required
          minDate={isoFromDdmmyyyy(book.period.start_date) ?? undefined}
          maxDate={isoFromDdmmyyyy(book.period.end_date) ?? undefined}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('due')}
        />
        <Select
          label={t('task.area')}
          placeholder={t('task.noArea')}
          data={(areas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('learning_area_id')}
        />
        {task && (
          <Select
            label={t('task.status')}
            data={TASK_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('status')}
          />
        )}
      </SimpleGrid>
      <Textarea
        label={t('task.description')}
        autosize
        minRows={2}
        maxLength={2000}
        dir="auto"
        {...form.getInputProps('description')}
      />
    </FormModal>
  );
}
