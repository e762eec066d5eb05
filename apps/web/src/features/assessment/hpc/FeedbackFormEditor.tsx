import { ANSWER_KINDS, FORM_STATUSES } from '@cue/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { formatClassName } from '../../../lib/format';
import { toastThen } from '../../../lib/saved';
import { useCurrentClass } from '../../shell/Selectors';
import { type FeedbackForm, type FeedbackKind, useCreateFeedbackForm, useUpdateFeedbackForm } from '../api-hpc';
import { assessmentErrorText, assessmentMessage, HPC_NS } from '../i18n';
import { type QuestionDraft as Draft, keyQuestions } from './hpcView';

type Status = (typeof FORM_STATUSES)[number];

/** The classes this person reaches in the current school, for the form's choice of classes. */
export function useReachableClasses(): { value: string; label: string }[] {
  const { schools } = useCurrentClass();
  return (schools.data?.find((s) => s.current)?.classes ?? []).map((c) => ({
    value: c.id,
    label: formatClassName(c.class_name).text,
  }));
}

const blank = (kind: FeedbackKind): Draft => ({ text: '', answer: kind === 'parent' ? 'text' : 'picture', required: false });

/**
 * A feedback form made or changed: its title, classes, questions (each with its kind of answer and
 * whether it is required) and whether it is open for answers.
 */
export function FeedbackFormEditor({
  opened,
  onClose,
  kind,
  periodId,
  form,
  defaultClassId,
}: {
  opened: boolean;
  onClose: () => void;
  kind: FeedbackKind;
  periodId: string;
  form: FeedbackForm | null;
  defaultClassId: string | null;
}) {
  const { t } = useTranslation(HPC_NS);
  const classes = useReachableClasses();
  const create = useCreateFeedbackForm();
  const update = useUpdateFeedbackForm();
  const [title, setTitle] = useState('');
  const [classIds, setClassIds] = useState<string[]>([]);
  const [questions, setQuestions] = useState<Draft[]>([blank(kind)]);
  const [status, setStatus] = useState<Status>('draft');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Each opening starts from the form (or an empty one with the page's class).
  useEffect(() => {
    if (!opened) return;
    setTitle(form?.title ?? '');
    setClassIds(form?.class_ids ?? (defaultClassId ? [defaultClassId] : []));
    setQuestions(form ? form.questions.map((q) => ({ ...q })) : [blank(kind)]);
    setStatus(form?.status ?? 'draft');
    setTried(false);
    setError(null);
  }, [opened, form, kind, defaultClassId]);

  const setQuestion = (i: number, patch: Partial<Draft>) =>
    setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const titleError = tried && !title.trim() ? t('editor.titleRequired') : null;
  const classError = tried && classIds.length === 0 ? t('editor.classesRequired') : null;
  const filled = questions.filter((q) => q.text.trim());
  const questionsError = tried && filled.length === 0 ? assessmentMessage('questionsRequired') : null;
  const pending = create.isPending || update.isPending;

  const submit = () => {
    setTried(true);
    setError(null);
    if (!title.trim() || classIds.length === 0 || filled.length === 0) return;
    const body = { title: title.trim(), class_ids: classIds, questions: keyQuestions(filled), status, period_id: periodId };
    const fail = (err: unknown) => setError(assessmentErrorText(err));
    if (form)
      update.mutate({ id: form._id, body }, { onSuccess: toastThen(assessmentMessage('formSaved'), onClose), onError: fail });
    else create.mutate({ ...body, kind }, { onSuccess: toastThen(assessmentMessage('formCreated'), onClose), onError: fail });
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={form ? t('editor.editTitle') : t('editor.newTitle', { kind: t(`kinds.${kind}`) })}
      submitLabel={form ? t('editor.save') : t('editor.create')}
      onSubmit={submit}
      pending={pending}
      error={error}
      size="xl"
    >
      <TextInput
        label={t('editor.title')}
        required
        maxLength={200}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        error={titleError}
        data-autofocus
        data-testid="form-title"
      />
      <MultiSelect
        label={t('editor.classes')}
        required
        data={classes}
        value={classIds}
        onChange={setClassIds}
        searchable
        error={classError}
        data-testid="form-classes"
      />
      <Stack gap="sm" role="group" aria-labelledby="form-questions-label">
        <Text fw={600} fz="sm" id="form-questions-label">
          {t('editor.questions')}
        </Text>
        {questions.map((q, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: questions have no identity until saved; their place is it
          <Paper key={i} withBorder radius="md" p="sm" data-testid="form-question">
            <Stack gap="xs">
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Textarea
                  label={t('editor.question', { number: i + 1 })}
                  autosize
                  minRows={1}
                  maxLength={300}
                  value={q.text}
                  onChange={(e) => setQuestion(i, { text: e.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  aria-label={t('editor.removeQuestion', { number: i + 1 })}
                  onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
                  disabled={questions.length === 1}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              <Group gap="md" wrap="wrap" align="flex-end">
                <Select
                  label={t('editor.answerKind')}
                  data={ANSWER_KINDS.map((k) => ({ value: k, label: t(`answerKinds.${k}`) }))}
                  value={q.answer}
                  onChange={(v) => v && setQuestion(i, { answer: v as Draft['answer'] })}
                  allowDeselect={false}
                  w={200}
                />
                <Checkbox
                  label={t('editor.required')}
                  checked={q.required}
                  onChange={(e) => setQuestion(i, { required: e.currentTarget.checked })}
                  mb={8}
                />
              </Group>
            </Stack>
          </Paper>
        ))}
        {questionsError && (
          <Text c="red" fz="sm" role="alert">
            {questionsError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setQuestions((qs) => [...qs, blank(kind)])}
            disabled={questions.length >= 30}
            data-testid="form-add-question"
          >
            {t('editor.addQuestion')}
          </Button>
        </Group>
      </Stack>
      <Stack gap={4}>
        <Text fw={600} fz="sm" id="form-status-label">
          {t('editor.status')}
        </Text>
        <SegmentedControl
          aria-labelledby="form-status-label"
          value={status}
          onChange={(v) => setStatus(v as Status)}
          data={(form ? FORM_STATUSES : FORM_STATUSES.filter((s) => s !== 'closed')).map((s) => ({
            value: s,
            label: t(`formStatus.${s}`),
          }))}
        />
      </Stack>
    </FormModal>
  );
}
