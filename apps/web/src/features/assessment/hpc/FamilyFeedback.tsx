import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { type FamilyFeedbackItem, useFamilyFeedback, useFamilyRespond } from '../api-hpc';
import { LoadError } from '../components/LoadError';
import { assessmentErrorText, assessmentMessage, HPC_NS } from '../i18n';
import { AnswerField, answersToSend, type DraftAnswers, draftAnswered, draftsOf } from './FeedbackAnswers';

/** One open form about one child, answered in place. */
function FamilyForm({ item }: { item: FamilyFeedbackItem }) {
  const { t } = useTranslation(HPC_NS);
  const respond = useFamilyRespond();
  const [answers, setAnswers] = useState<DraftAnswers>(() => draftsOf(item.response?.answers));
  const [thanked, setThanked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const missing = item.form.questions.filter((q) => q.required && !draftAnswered(answers[q.key]));
  const headingId = `family-form-${item.form._id}-${item.student._id}`;

  const submit = async () => {
    setTried(true);
    setError(null);
    if (missing.length > 0) return;
    try {
      const body = { student_id: item.student._id, answers: await answersToSend(answers) };
      await respond.mutateAsync({ formId: item.form._id, body });
      setThanked(true);
    } catch (err) {
      setError(assessmentErrorText(err));
    }
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="family-form"
      data-form={item.form._id}
    >
      <Stack gap="md">
        <div>
          <Group gap="xs" wrap="wrap">
            <Title order={2} fz="lg" id={headingId}>
              {item.form.title}
            </Title>
            {item.response && !thanked && <SoftBadge color="teal">{t('family.answered')}</SoftBadge>}
          </Group>
          <Text fz="sm" c="dimmed">
            {t('family.about', { name: item.student.name, period: item.form.period_name })}
          </Text>
        </div>
        {thanked ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden />} data-testid="family-thanks">
            {assessmentMessage('responseSaved')}
            <Button variant="subtle" size="xs" ms="sm" onClick={() => setThanked(false)}>
              {t('family.change')}
            </Button>
          </Alert>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            noValidate
          >
            <Stack gap="lg">
              {item.form.questions.map((q) => (
                <Stack key={q.key} gap={4} data-testid="family-question" data-answer={q.answer}>
                  <AnswerField
                    question={q}
                    value={answers[q.key]}
                    voice={false}
                    disabled={respond.isPending}
                    onChange={(next) => setAnswers((a) => ({ ...a, [q.key]: next }))}
                  />
                  {tried && missing.includes(q) && (
                    <Text c="red" fz="xs" role="alert">
                      {t('family.required')}
                    </Text>
                  )}
                </Stack>
              ))}
              {error && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button type="submit" loading={respond.isPending} data-testid="family-submit">
                  {item.response ? t('family.sendAgain') : t('family.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** A family's open parent forms, one per form and child, each answered on the page. */
export function FamilyFeedback() {
  const { t } = useTranslation(HPC_NS);
  const forms = useFamilyFeedback();
  if (forms.error && !forms.data)
    return <LoadError testId="hpc-load-error" error={forms.error} onRetry={() => void forms.refetch()} />;
  if (!forms.data)
    return (
      <Stack gap="md" data-testid="family-loading">
        <Skeleton h={200} radius="lg" />
      </Stack>
    );
  if (forms.data.length === 0)
    return (
      <Alert color="gray" variant="light" title={t('family.emptyTitle')} data-testid="family-empty">
        {t('family.empty')}
      </Alert>
    );
  return (
    <Stack gap="lg">
      {forms.data.map((item) => (
        <FamilyForm key={`${item.form._id}:${item.student._id}`} item={item} />
      ))}
    </Stack>
  );
}
