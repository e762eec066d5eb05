import type { HiringStage } from '@cue/contract';
import { Checkbox, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { errorText, toast } from '../../../lib/notify';
import { HIRING_NS } from '../i18n';
import { hiringText, useMoveStage } from './api-hiring';

type Movable = Exclude<HiringStage, 'hired'>;

/** "Move to …": the next stage (among those the application may reach), a note and whether to email the applicant. */
export function MoveStageDialog({
  application,
  stages,
  initial,
  onClose,
}: {
  application: { _id: string; name: string };
  stages: readonly HiringStage[];
  initial?: HiringStage;
  onClose: () => void;
}) {
  const { t } = useTranslation(HIRING_NS);
  const move = useMoveStage();
  // Hired is reached only through Hire.
  const choices = stages.filter((s): s is Movable => s !== 'hired');
  const [stage, setStage] = useState<Movable | null>(
    initial && initial !== 'hired' && choices.includes(initial as Movable) ? (initial as Movable) : (choices[0] ?? null),
  );
  const [note, setNote] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!stage) return;
    setError(null);
    move.mutate(
      { id: application._id, body: { stage, note: note.trim(), send_email: sendEmail } },
      {
        onSuccess: (answer) => {
          toast.success(hiringText(answer.message) || t('messages.moved'));
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
      title={t('move.title', { name: application.name })}
      submitLabel={t('move.submit')}
      onSubmit={submit}
      pending={move.isPending}
      submitDisabled={!stage}
      error={error}
      size="md"
    >
      <Stack gap="md">
        <Select
          label={t('move.stage')}
          data={choices.map((s) => ({ value: s, label: t(`stages.${s}`) }))}
          value={stage}
          onChange={(v) => setStage(v as Movable | null)}
          allowDeselect={false}
          required
          data-autofocus
        />
        <Textarea
          label={t('move.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={4000}
        />
        <Checkbox
          label={t('move.email')}
          description={t('move.emailHint')}
          checked={sendEmail}
          onChange={(e) => setSendEmail(e.currentTarget.checked)}
        />
      </Stack>
    </FormModal>
  );
}
