import { Button, Group, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText, toast } from '../../../lib/notify';
import { type CalendarEvent, useDeleteEvent, useSaveEvent } from '../api';
import { formatDay, fromWire } from '../dates';
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
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [range, setRange] = useState<[string | null, string | null]>(
    event ? [fromWire(event.start_date), fromWire(event.end_date)] : [date, date],
  );
  const [scope, setScope] = useState<string | null>(initialScope);
  const [holiday, setHoliday] = useState(event?.is_holiday ?? false);
  const [errors, setErrors] = useState<{ title?: string; dates?: string; scope?: string }>({});

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

  const submit = () => {
    const [from, to] = range;
    const found = {
      title: title.trim() ? undefined : t('calendar.form.titleRequired'),
      dates: from ? undefined : t('calendar.form.datesRequired'),
      scope: scope ? undefined : t('calendar.form.scopeRequired'),
    };
    setErrors(found);
    if (found.title || !from || !scope) return;
    save.mutate(
      {
        id: event?.id ?? null,
        input: {
          title: title.trim(),
          description: description.trim(),
          start_date: from,
          end_date: to ?? from,
          class_id: scope === SCHOOL ? null : scope,
          is_holiday: holiday,
        },
      },
      {
        onSuccess: () => {
          toast.success(event ? t('calendar.updated') : t('calendar.created'));
          onClose();
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  };

  return (
    <>
      <FormModal
        opened={!confirming}
        onClose={onClose}
        title={event ? t('calendar.form.editTitle') : t('calendar.form.newTitle')}
        submitLabel={event ? t('calendar.form.save') : t('calendar.form.create')}
        onSubmit={submit}
        pending={save.isPending}
        size="md"
      >
        <TextInput
          label={t('calendar.form.title')}
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setErrors((x) => ({ ...x, title: undefined }));
          }}
          error={errors.title}
          maxLength={200}
          required
          data-autofocus
        />
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          label={t('calendar.form.dates')}
          value={range}
          onChange={(value) => {
            setRange(value);
            setErrors((x) => ({ ...x, dates: undefined }));
          }}
          valueFormat="D MMM YYYY"
          error={errors.dates}
          required
          data-testid="event-dates"
        />
        <Select
          label={t('calendar.form.scope')}
          data={scopes}
          value={scope}
          onChange={setScope}
          allowDeselect={false}
          error={errors.scope}
          required
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label={t('calendar.form.holiday')}
          description={t('calendar.form.holidayHint')}
          checked={holiday}
          onChange={(e) => setHoliday(e.currentTarget.checked)}
        />
        <Textarea
          label={t('calendar.form.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
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
              disabled={save.isPending}
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
