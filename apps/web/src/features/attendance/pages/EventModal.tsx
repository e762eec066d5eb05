import { calendarEventRequestSchema } from '@cue/contract';
import { Button, Group, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText, toast } from '../../../lib/notify';
import { type CalendarEvent, useDeleteEvent, useSaveEvent } from '../api';
import { formatDay, fromWire, toWire } from '../dates';
import { ATT_NS } from '../i18n';
import type { EditorOptions } from './CalendarPage';

const SCHOOL = 'school';

/**
 * An event: its details for those who may not change it; otherwise the form to create or edit it
 * (whole school for those who manage the school, else one of one's classes) and Delete.
 */
export function EventModal({
  event,
  date,
  editor,
  onClose,
}: {
  event: CalendarEvent | null;
  date: string;
  editor?: EditorOptions;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(ATT_NS);
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const [confirming, setConfirming] = useState(false);
  const scopes = [
    ...(editor?.managesSchool ? [{ value: SCHOOL, label: t('calendar.form.wholeSchool') }] : []),
    ...(editor?.classes ?? []),
  ];
  const initialScope = event
    ? (event.class_id ?? SCHOOL)
    : editor?.managesSchool
      ? SCHOOL
      : (editor?.currentClassId ?? scopes[0]?.value ?? null);
  const form = useContractForm({
    schema: calendarEventRequestSchema,
    initialValues: {
      title: event?.title ?? '',
      description: event?.description ?? '',
      range: (event ? [fromWire(event.start_date), fromWire(event.end_date)] : [date, date]) as [string | null, string | null],
      scope: initialScope as string | null,
      is_holiday: event?.is_holiday ?? false,
    },
    toBody: (v) => ({
      title: v.title,
      description: v.description,
      start_date: v.range[0] ? toWire(v.range[0]) : '',
      end_date: v.range[0] ? toWire(v.range[1] ?? v.range[0]) : '',
      class_id: v.scope === SCHOOL ? null : v.scope,
      is_holiday: v.is_holiday,
    }),
    fields: { start_date: 'range', end_date: 'range', class_id: 'scope' },
    messages: { title: { required: t('calendar.form.titleRequired') }, range: t('calendar.form.datesRequired') },
    rules: (v) => ({ scope: !v.scope && t('calendar.form.scopeRequired') }),
  });

  const when = (e: CalendarEvent) =>
    e.start_date === e.end_date
      ? formatDay(fromWire(e.start_date), i18n.language)
      : `${formatDay(fromWire(e.start_date), i18n.language)} – ${formatDay(fromWire(e.end_date), i18n.language)}`;

  if (event && (!editor || !event.can_edit))
    return (
      <FormModal opened onClose={onClose} title={event.title} submitLabel="" onSubmit={onClose} readOnly size="md">
        <Stack gap="xs" data-testid="event-details">
          <Group gap="xs">
            <SoftBadge color={event.is_holiday ? 'red' : event.class_id ? 'teal' : 'cue'} tt="none">
              {event.is_holiday ? t('calendar.kind.holiday') : (event.class_name ?? t('calendar.kind.school'))}
            </SoftBadge>
            {event.is_holiday && event.class_name && (
              <SoftBadge color="teal" tt="none">
                {event.class_name}
              </SoftBadge>
            )}
          </Group>
          <Text fw={600}>{when(event)}</Text>
          {event.description && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{event.description}</Text>}
        </Stack>
      </FormModal>
    );

  const submit = form.submitWith(
    (body, v) =>
      save.mutateAsync({
        id: event?.id ?? null,
        input: {
          ...body,
          // The save call takes the pickers' dates.
          start_date: v.range[0] ?? '',
          end_date: v.range[1] ?? v.range[0] ?? '',
        },
      }),
    {
      onSuccess: () => {
        toast.success(event ? t('calendar.updated') : t('calendar.created'));
        onClose();
      },
    },
  );

  return (
    <>
      <FormModal
        opened={!confirming}
        onClose={onClose}
        title={event ? t('calendar.form.editTitle') : t('calendar.form.newTitle')}
        submitLabel={event ? t('calendar.form.save') : t('calendar.form.create')}
        onSubmit={submit}
        pending={form.pending}
        error={form.error}
        size="md"
      >
        <TextInput label={t('calendar.form.title')} {...form.getInputProps('title')} maxLength={200} required data-autofocus />
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          label={t('calendar.form.dates')}
          {...form.getInputProps('range')}
          valueFormat="D MMM YYYY"
          valueFormatter={readerDateFormatter(DAY)}
          required
          data-testid="event-dates"
        />
        <Select
          label={t('calendar.form.scope')}
          data={scopes}
          {...form.getInputProps('scope')}
          allowDeselect={false}
          required
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label={t('calendar.form.holiday')}
          description={t('calendar.form.holidayHint')}
          {...form.getInputProps('is_holiday', { type: 'checkbox' })}
        />
        <Textarea
          label={t('calendar.form.description')}
          {...form.getInputProps('description')}
          autosize
          minRows={2}
          maxLength={2000}
        />
        {event && (
          <Group>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              disabled={form.pending}
            >
              {t('calendar.delete')}
            </Button>
          </Group>
        )}
      </FormModal>
      {event && (
        <ConfirmModal
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={t('calendar.deleteTitle')}
          message={<Text>{t('calendar.deleteBody', { title: event.title })}</Text>}
          confirmLabel={t('calendar.delete')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(event.id, {
              onSuccess: () => {
                toast.success(t('calendar.deleted'));
                onClose();
              },
              onError: (err) => toast.error(errorText(err)),
            })
          }
        />
      )}
    </>
  );
}
