import { type AdmissionStage, ddmmyyyyFromIso, formatHhmmA, isoFromDdmmyyyy } from '@cue/contract';
import { Group, Switch, Textarea } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { todayWire } from '../../../lib/day';
import { errorText, toast } from '../../../lib/notify';
import { ADMISSIONS_NS } from '../i18n';
import { admissionText, useMoveAdmission } from './api';

/**
 * "Move to …": the step's note, a visit's day and time, and whether the family gets the step's email
 * (on by default; the server sends the stage's template in the family's language where the stage has one).
 */
export function MoveDialog({
  application,
  stage,
  onClose,
}: {
  application: { _id: string; child_name: string };
  stage: AdmissionStage;
  onClose: () => void;
}) {
  const { t } = useTranslation(ADMISSIONS_NS);
  const move = useMoveAdmission();
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [note, setNote] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const visit = stage === 'visit';
  const visitMissing = visit && (!date || !time);

  const submit = () => {
    setTried(true);
    setError(null);
    if (visitMissing) return;
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    move.mutate(
      {
        id: application._id,
        body: {
          stage: stage as Exclude<AdmissionStage, 'enrolled'>,
          note: note.trim(),
          send_email: sendEmail,
          ...(visit && date ? { visit_date: ddmmyyyyFromIso(date), visit_time: formatHhmmA(hour, minute) } : {}),
        },
      },
      {
        onSuccess: (answer) => {
          toast.success(admissionText(answer.message) || t('messages.moved'));
          onClose();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('move.title', { name: application.child_name, stage: t(`stages.${stage}`) })}
      submitLabel={t('move.submit')}
      onSubmit={submit}
      pending={move.isPending}
      error={error}
      size="md"
    >
      {visit && (
        <Group grow gap="sm" align="flex-start">
          <DatePickerInput
            label={t('move.visitDate')}
            value={date}
            onChange={(v) => setDate(v ? String(v).slice(0, 10) : null)}
            minDate={isoFromDdmmyyyy(todayWire()) ?? undefined}
            valueFormat="DD-MM-YYYY"
            required
            error={tried && !date ? t('messages.visitNeeded') : undefined}
            data-autofocus
          />
          <TimeInput
            label={t('move.visitTime')}
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
            required
            error={tried && !time ? t('messages.visitNeeded') : undefined}
          />
        </Group>
      )}
      <Textarea
        label={t('move.note')}
        description={t('move.noteHint')}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maxLength={4000}
        autosize
        minRows={2}
        data-autofocus={visit ? undefined : true}
      />
      <Switch
        label={t('move.sendEmail')}
        description={t('move.sendEmailHint')}
        checked={sendEmail}
        onChange={(e) => setSendEmail(e.currentTarget.checked)}
      />
    </FormModal>
  );
}
