import { ERROR_CODES, type Story, storyDraftRequestSchema } from '@cue/contract';
import { MultiSelect, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { useDraftStory } from '../api';
import { STORIES_NS, storyErrorText, storyMessage } from '../i18n';
import { todayIso, wireOf } from '../story';
import { dayFieldProps, StoryDates } from './dates';
import type { ChildOption } from './useChildren';

/**
 * "Draft a story with Cue": a day and children of the class; Cue writes a draft from that day's
 * observations and photos of them only, and the editor opens on it. A day with nothing to write from
 * says so in the dialog.
 */
export function CueDraftModal({
  classId,
  childOptions,
  onClose,
  onDrafted,
}: {
  classId: string;
  childOptions: ChildOption[];
  onClose: () => void;
  onDrafted: (story: Story) => void;
}) {
  const { t } = useTranslation(STORIES_NS);
  const draft = useDraftStory();
  const form = useContractForm({
    schema: storyDraftRequestSchema,
    initialValues: { date: todayIso() as string | null, student_ids: [] as string[] },
    toBody: (v) => ({ class_id: classId, date: wireOf(v.date), student_ids: v.student_ids }),
    messages: { student_ids: storyMessage('childrenRequired'), date: t('cue.dateRequired') },
  });
  const submit = form.submitWith((body) => draft.mutateAsync(body), {
    onSuccess: (answer) => {
      toast.success(storyMessage('drafted'));
      onDrafted((answer as { result: Story }).result);
    },
    onError: (err) => {
      // Nothing recorded that day: said once, in this module's words and the reader's language, above the
      // buttons (the server also names the day's field, in English).
      if (err instanceof ApiError && err.code === ERROR_CODES.nothingToDraft) {
        form.clearErrors();
        form.setError(storyErrorText(err));
      }
    },
  });
  return (
    <StoryDates>
      <FormModal
        opened
        onClose={onClose}
        title={t('cue.title')}
        submitLabel={t('cue.submit')}
        onSubmit={() => submit()}
        pending={form.pending}
        error={form.error}
      >
        <Text fz="sm" c="dimmed">
          <IconSparkles size={14} aria-hidden style={{ marginInlineEnd: 4, verticalAlign: -2 }} />
          {t('cue.hint')}
        </Text>
        <DateInput label={t('cue.date')} {...dayFieldProps} {...form.getInputProps('date')} maxDate={todayIso()} required />
        <MultiSelect
          label={t('field.children')}
          placeholder={form.values.student_ids.length ? undefined : t('field.childrenPlaceholder')}
          data={childOptions}
          {...form.getInputProps('student_ids')}
          searchable
          nothingFoundMessage={t('nothingFound')}
          required
          comboboxProps={{ withinPortal: true }}
        />
      </FormModal>
    </StoryDates>
  );
}
