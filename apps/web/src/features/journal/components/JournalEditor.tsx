import { ERROR_CODES, STORY_NEXT_MAX, STORY_TITLE_MAX } from '@cue/contract';
import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { SummaryEditor } from '../../communication/components/SummaryEditor';
import { Sources } from '../../stories/components/Sources';
import { storyErrorText, storyText } from '../../story-insights/messages';
import { journalKeys, type Story, useSaveJournal } from '../api';
import { JOURNAL_NS } from '../i18n';
import { PhotoPicker } from './PhotoPicker';

/**
 * The day's entry being written: what the class did (rich text), photos of the class gallery and notes
 * for families. "Save draft" keeps it for staff; "Publish" sends it to every family of the class (or to
 * a reviewer where the school asks for approval: the server decides and says which).
 */
export function JournalEditor({
  classId,
  date,
  entry,
  onClose,
}: {
  classId: string;
  date: string;
  entry: Story | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(JOURNAL_NS);
  const client = useQueryClient();
  const save = useSaveJournal(classId, date);
  const [title, setTitle] = useState(entry?.title ?? '');
  const [body, setBody] = useState(entry?.body ?? '');
  const [notes, setNotes] = useState(entry?.what_next ?? '');
  const [media, setMedia] = useState<string[]>(entry?.media.map((m) => m._id) ?? []);
  const [error, setError] = useState<string | null>(null);
  const sources = entry?.sources ?? [];

  const send = (action: 'draft' | 'publish') => {
    setError(null);
    save.mutate(
      {
        id: entry?._id ?? null,
        body: {
          class_id: classId,
          story_date: date,
          title: title.trim(),
          body,
          what_next: notes.trim(),
          media_ids: media,
          // A journal entry keeps the tags and areas it was given elsewhere.
          tag_ids: entry?.tags.map((x) => x._id) ?? [],
          area_ids: entry?.areas.map((x) => x._id) ?? [],
          ...(sources.length > 0 ? { sources } : {}),
          action,
        },
      },
      {
        onSuccess: (answer) => {
          toast.success(storyText(JOURNAL_NS, answer.message));
          onClose();
        },
        onError: (err) => {
          // Someone wrote the day's entry meanwhile: show theirs, to be edited instead.
          if (err instanceof ApiError && err.code === ERROR_CODES.conflict && !entry) {
            void client.invalidateQueries({ queryKey: journalKeys.day('staff', classId, date) });
            setError(t('editor.conflict'));
            return;
          }
          setError(storyErrorText(JOURNAL_NS, err));
        },
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="form"
      aria-label={t('editor.label')}
      onSubmit={(e) => e.preventDefault()}
    >
      <Stack gap="md">
        <TextInput
          label={t('editor.title')}
          placeholder={t('editor.titlePlaceholder')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          dir="auto"
          maxLength={STORY_TITLE_MAX}
        />
        <SummaryEditor label={t('editor.body')} value={body} onChange={setBody} />
        <Sources sources={sources} />
        <PhotoPicker classId={classId} date={date} value={media} onChange={setMedia} />
        <Textarea
          label={t('editor.notes')}
          description={t('editor.notesHint')}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          dir="auto"
          maxLength={STORY_NEXT_MAX}
          autosize
          minRows={2}
        />
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={error} role="alert" />
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="subtle" color="gray" onClick={onClose} disabled={save.isPending}>
            {t('editor.cancel')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => send('draft')}
            loading={save.isPending && save.variables?.body.action === 'draft'}
            disabled={save.isPending}
          >
            {t('editor.saveDraft')}
          </Button>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => send('publish')}
            loading={save.isPending && save.variables?.body.action === 'publish'}
            disabled={save.isPending || (!!entry && !entry.abilities.can_publish && entry.status !== 'published')}
          >
            {entry?.status === 'published' ? t('editor.update') : t('editor.publish')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
