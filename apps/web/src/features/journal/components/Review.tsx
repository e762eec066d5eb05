import { Button, Group, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { toast } from '../../../lib/notify';
import { storyErrorText, storyText } from '../../story-insights/messages';
import { type Story, useReview } from '../api';
import { JOURNAL_NS } from '../i18n';

/** For a reviewer, an entry waiting for approval: publish it, or send it back to its author with a note. */
export function Review({ entry, classId, date }: { entry: Story; classId: string; date: string }) {
  const { t } = useTranslation(JOURNAL_NS);
  const review = useReview(classId, date);
  const [returning, setReturning] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = (send?: string) =>
    review.mutate(
      { id: entry._id, note: send },
      {
        onSuccess: (answer) => {
          toast.success(storyText(JOURNAL_NS, answer.message));
          setReturning(false);
        },
        onError: (err) =>
          send === undefined ? toast.error(storyErrorText(JOURNAL_NS, err)) : setError(storyErrorText(JOURNAL_NS, err)),
      },
    );
  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button
          color="teal"
          leftSection={<IconCheck size={16} aria-hidden />}
          onClick={() => decide()}
          loading={review.isPending && !returning}
        >
          {t('review.approve')}
        </Button>
        <Button variant="default" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setReturning(true)}>
          {t('review.return')}
        </Button>
      </Group>
      <FormModal
        opened={returning}
        onClose={() => setReturning(false)}
        title={t('review.returnTitle')}
        submitLabel={t('review.return')}
        onSubmit={() => (note.trim() ? decide(note.trim()) : setError(t('review.noteRequired')))}
        pending={review.isPending}
        error={error}
        size="md"
      >
        <Textarea
          label={t('review.note')}
          value={note}
          onChange={(e) => {
            setNote(e.currentTarget.value);
            setError(null);
          }}
          maxLength={2000}
          autosize
          minRows={3}
          dir="auto"
          data-autofocus
        />
      </FormModal>
    </>
  );
}
