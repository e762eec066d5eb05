import { familyStoryFieldsSchema, STORY_TITLE_MAX } from '@cue/contract';
import { FileInput, Progress, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toast } from '../../../lib/notify';
import { sendFamilyStory, storyKeys } from '../api';
import { STORIES_NS, storyMessage } from '../i18n';

/** The pictures a family may send (the server makes the copies; SVG is refused). */
const PHOTO_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/heic,image/heif';

/** "Share a story from home": a photo, a title and a note about the current child, with the upload's progress. */
export function FamilyStoryModal({
  studentId,
  childName,
  onClose,
}: {
  studentId: string;
  childName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(STORIES_NS);
  const client = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const form = useContractForm({
    schema: familyStoryFieldsSchema,
    initialValues: { title: '', note: '', file: null as File | null },
    toBody: (v) => ({ student_id: studentId, title: v.title.trim(), note: v.note.trim() }),
    messages: { note: t('family.noteRequired') },
    rules: (v) => ({ file: !v.file && t('family.photoRequired') }),
  });
  const submit = form.submitWith(
    async (body, values) => {
      if (!values.file) return;
      setPercent(0);
      try {
        return await sendFamilyStory({ ...body, file: values.file }, (fraction) => setPercent(Math.round(fraction * 100)));
      } finally {
        setPercent(null);
      }
    },
    {
      onSuccess: () => {
        toast.success(storyMessage('familySent'));
        void client.invalidateQueries({ queryKey: storyKeys.lists });
        onClose();
      },
    },
  );
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('family.title')}
      submitLabel={t('family.send')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
    >
      <Text fz="sm" c="dimmed">
        {t('family.hint', { name: childName })}
      </Text>
      <FileInput
        label={t('family.photo')}
        placeholder={t('family.photoPlaceholder')}
        accept={PHOTO_ACCEPT}
        leftSection={<IconPhoto size={16} aria-hidden />}
        clearable
        clearButtonProps={{ 'aria-label': t('media.remove', { name: form.values.file?.name ?? t('family.photo') }) }}
        required
        {...form.getInputProps('file')}
      />
      <TextInput label={t('field.title')} maxLength={STORY_TITLE_MAX} {...form.getInputProps('title')} />
      <Textarea label={t('family.note')} autosize minRows={3} maxRows={10} required {...form.getInputProps('note')} />
      {percent !== null && (
        <Stack gap={4}>
          <Text fz="xs" c="dimmed">
            {t('family.sending', { percent })}
          </Text>
          <Progress value={percent} aria-label={t('family.progress')} animated />
        </Stack>
      )}
    </FormModal>
  );
}
