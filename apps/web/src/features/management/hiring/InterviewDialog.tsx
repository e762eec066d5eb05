import { ddmmyyyyFromIso, interviewRequestSchema, isoFromDdmmyyyy } from '@cue/contract';
import { Checkbox, Group, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { todayWire } from '../../../lib/day';
import { toast } from '../../../lib/notify';
import { fieldFromWire, minutesOf, wireFromField } from '../../academic/schedule/slots';
import { useStaffList } from '../../admin/api';
import { HIRING_NS } from '../i18n';
import { hiringText, type JobInterview, useScheduleInterview, useUpdateInterview } from './api-hiring';

/**
 * "Schedule interview" (or an interview's Edit): day, start and end in the school's time, interviewers
 * from the school's staff, place, note and whether to email the applicant. The server refuses an
 * interviewer who is busy then (shown on the form) and a time in the past.
 */
export function InterviewDialog({
  applicationId,
  applicantName,
  interview,
  onClose,
}: {
  applicationId: string;
  applicantName: string;
  interview?: JobInterview | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(HIRING_NS);
  const schedule = useScheduleInterview();
  const update = useUpdateInterview();
  const staff = useStaffList();
  const form = useContractForm({
    schema: interviewRequestSchema,
    initialValues: {
      date: (interview ? isoFromDdmmyyyy(interview.date) : null) as string | null,
      start: interview ? fieldFromWire(interview.start) : '',
      end: interview ? fieldFromWire(interview.end) : '',
      interviewer_ids: interview?.interviewers.map((p) => p._id) ?? ([] as string[]),
      location: interview?.location ?? '',
      note: interview?.note ?? '',
      send_email: true,
    },
    toBody: (v) => ({
      ...v,
      date: v.date ? ddmmyyyyFromIso(v.date) : '',
      start: wireFromField(v.start),
      end: wireFromField(v.end),
    }),
    messages: {
      date: t('interview.dateNeeded'),
      start: t('interview.startNeeded'),
      end: t('interview.endNeeded'),
      interviewer_ids: t('interview.interviewersNeeded'),
    },
    rules: (v) => {
      const start = minutesOf(wireFromField(v.start));
      const end = minutesOf(wireFromField(v.end));
      return { end: start !== null && end !== null && end <= start && t('interview.endAfterStart') };
    },
  });
  const submit = form.submitWith(
    (body) => (interview ? update.mutateAsync({ id: interview._id, body }) : schedule.mutateAsync({ id: applicationId, body })),
    {
      onSuccess: (answer) => {
        const message = (answer as { message?: string | null }).message;
        toast.success(hiringText(message) || t(interview ? 'messages.interviewSaved' : 'messages.interviewScheduled'));
        onClose();
      },
    },
  );
  // Interviewers are the school's active staff (an invitation not yet accepted cannot interview).
  const people = (staff.data ?? [])
    .filter((p) => p.status !== 'invited')
    .map((p) => ({ value: p.id, label: `${p.first_name} ${p.last_name}`.trim() }));

  return (
    <FormModal
      opened
      onClose={onClose}
      title={interview ? t('interview.editTitle', { name: applicantName }) : t('interview.title', { name: applicantName })}
      submitLabel={interview ? t('interview.save') : t('interview.submit')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
    >
      <Stack gap="md">
        <DatePickerInput
          label={t('interview.date')}
          value={form.values.date}
          onChange={(v) => form.setFieldValue('date', v ? String(v).slice(0, 10) : null)}
          error={form.errors.date}
          minDate={isoFromDdmmyyyy(todayWire()) ?? undefined}
          valueFormat="MMM DD, YYYY"
          valueFormatter={readerDateFormatter(DAY)}
          required
          data-autofocus
        />
        <Group grow gap="sm" align="flex-start">
          <TimeInput label={t('interview.start')} {...form.getInputProps('start')} required />
          <TimeInput label={t('interview.end')} {...form.getInputProps('end')} required />
        </Group>
        <MultiSelect
          label={t('interview.interviewers')}
          placeholder={t('interview.interviewersPlaceholder')}
          data={people}
          {...form.getInputProps('interviewer_ids')}
          searchable
          required
          maxValues={10}
          data-testid="interviewers"
        />
        <TextInput label={t('interview.location')} {...form.getInputProps('location')} maxLength={200} />
        <Textarea label={t('interview.note')} {...form.getInputProps('note')} autosize minRows={2} maxLength={2000} />
        <Checkbox label={t('interview.email')} {...form.getInputProps('send_email', { type: 'checkbox' })} />
      </Stack>
    </FormModal>
  );
}
