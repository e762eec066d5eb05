import type { FeedbackQuestion } from '@cue/contract';
import {
  Alert,
  Avatar,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowBack, IconArrowLeft, IconArrowRight, IconCheck, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { useAddressParam } from '../../../lib/addressParam';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { type FeedbackDetail, useCollectResponse, useFeedbackForm } from '../api-hpc';
import { LoadError } from '../components/LoadError';
import { assessmentErrorText, assessmentMessage, HPC_NS } from '../i18n';
import { AnswerField, answersToSend, type DraftAnswers, draftAnswered, draftsOf } from './FeedbackAnswers';
import { FaceShown } from './HpcParts';
import { type Answer, FORM_STATUS_COLOR } from './hpcView';

type Child = FeedbackDetail['students'][number];

/** An answer given, as the form's question asks it. */
function GivenAnswer({ question, answer }: { question: FeedbackQuestion; answer: Answer | undefined }) {
  const { t } = useTranslation(HPC_NS);
  if (!answer || (!answer.text && !answer.choice && !answer.media_link))
    return (
      <Text fz="sm" c="dimmed">
        {t('answers.none')}
      </Text>
    );
  return (
    <Stack gap={4}>
      {answer.choice &&
        (question.answer === 'scale' ? (
          <Text fz="sm">{t('answers.stars', { count: Number(answer.choice) })}</Text>
        ) : (
          <FaceShown answer={answer.choice} />
        ))}
      {answer.text && (
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {answer.text}
        </Text>
      )}
      {answer.media_link && (
        // biome-ignore lint/a11y/useMediaCaption: a spoken answer has no captions to offer
        <audio controls src={answer.media_link} aria-label={t('voice.playBack')} style={{ maxWidth: '100%' }} />
      )}
    </Stack>
  );
}

/** The form's children, each with the answers given (or none yet). */
function Answers({ detail }: { detail: FeedbackDetail }) {
  const { t } = useTranslation(HPC_NS);
  if (detail.students.length === 0)
    return (
      <Alert color="gray" variant="light" data-testid="form-no-children">
        {t('form.noChildren')}
      </Alert>
    );
  return (
    <Stack gap="sm" data-testid="form-answers">
      {detail.students.map((child) => (
        <Paper key={child._id} withBorder radius="md" p="md" data-testid="form-child" data-student={child._id}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>{child.name}</Text>
              {child.response ? (
                <Text fz="xs" c="dimmed">
                  {t('form.by', { name: child.response.respondent })}
                </Text>
              ) : (
                <SoftBadge color="gray">{t('form.waiting')}</SoftBadge>
              )}
            </Group>
            {child.response &&
              detail.form.questions.map((q) => (
                <div key={q.key}>
                  <Text fz="xs" c="dimmed">
                    {q.text}
                  </Text>
                  <GivenAnswer question={q} answer={child.response?.answers[q.key]} />
                </div>
              ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** A child chosen to answer: one big question at a time, then the answers saved for that child. */
function OneChild({ detail, child, onDone }: { detail: FeedbackDetail; child: Child; onDone: (saved: boolean) => void }) {
  const { t, i18n } = useTranslation(HPC_NS);
  // Back points right and forward left when reading right to left.
  const rtl = i18n.dir() === 'rtl';
  const BackArrow = rtl ? IconArrowRight : IconArrowLeft;
  const NextArrow = rtl ? IconArrowLeft : IconArrowRight;
  const questions = detail.form.questions;
  const collect = useCollectResponse();
  const [answers, setAnswers] = useState<DraftAnswers>(() => draftsOf(child.response?.answers));
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const question = questions[step];
  if (!question) return null;
  const last = step === questions.length - 1;
  const blocked = question.required && !draftAnswered(answers[question.key]);

  const save = async () => {
    setError(null);
    setSending(true);
    try {
      const body = { student_id: child._id, answers: await answersToSend(answers) };
      await collect.mutateAsync({ formId: detail.form._id, body });
      onDone(true);
    } catch (err) {
      setError(assessmentErrorText(err));
    } finally {
      setSending(false);
    }
  };

  return (
    // Room below on a phone, so the shell's floating buttons never cover Next or Save.
    <Paper
      withBorder
      radius="xl"
      p={{ base: 'md', sm: 'xl' }}
      mb={{ base: 96, sm: 0 }}
      data-testid="collect-screen"
      data-student={child._id}
    >
      <Stack gap="xl">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm" wrap="nowrap">
            <Avatar size={48} radius="xl" color="cue" alt="" aria-hidden>
              {child.name.slice(0, 1)}
            </Avatar>
            <Title order={2} fz={{ base: 22, sm: 28 }}>
              {child.name}
            </Title>
          </Group>
          <Button variant="subtle" onClick={() => onDone(false)} disabled={sending}>
            {t('collect.otherChild')}
          </Button>
        </Group>
        <Stack gap={4}>
          <Text fz="sm" c="dimmed">
            {t('collect.step', { number: step + 1, total: questions.length })}
          </Text>
          {/* Mantine names the bar (its section) with aria-label only. */}
          <Progress
            value={((step + 1) / questions.length) * 100}
            size="md"
            radius="xl"
            aria-label={t('collect.step', { number: step + 1, total: questions.length })}
          />
        </Stack>
        <Stack gap="md" mih={200} justify="center" data-testid="collect-question" data-answer={question.answer}>
          <AnswerField
            key={question.key}
            question={question}
            value={answers[question.key]}
            voice
            large
            disabled={sending}
            onChange={(next) => setAnswers((a) => ({ ...a, [question.key]: next }))}
          />
        </Stack>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Button
            size="lg"
            variant="default"
            leftSection={<BackArrow size={20} aria-hidden />}
            onClick={() => setStep((s) => s - 1)}
            disabled={step === 0 || sending}
          >
            {t('collect.back')}
          </Button>
          {last ? (
            <Button
              size="lg"
              color="teal"
              leftSection={<IconCheck size={20} aria-hidden />}
              onClick={() => void save()}
              loading={sending}
              disabled={blocked}
              data-testid="collect-save"
            >
              {t('collect.save')}
            </Button>
          ) : (
            <Button
              size="lg"
              rightSection={<NextArrow size={20} aria-hidden />}
              onClick={() => setStep((s) => s + 1)}
              disabled={blocked}
              data-testid="collect-next"
            >
              {t('collect.next')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The collect mode: choose a child, hand over the tablet, save, and the next child. */
function Collect({ detail }: { detail: FeedbackDetail }) {
  const { t } = useTranslation(HPC_NS);
  const [childId, setChildId] = useState<string | null>(null);
  const [savedFor, setSavedFor] = useState<string | null>(null);
  const child = detail.students.find((s) => s._id === childId);
  if (child)
    return (
      <OneChild
        key={child._id}
        detail={detail}
        child={child}
        onDone={(saved) => {
          setSavedFor(saved ? child.name : null);
          setChildId(null);
        }}
      />
    );
  return (
    <Stack gap="md">
      {savedFor && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden />} data-testid="collect-saved">
          {assessmentMessage('responseSaved')} · {savedFor}
        </Alert>
      )}
      <Text fw={600}>{t('collect.choose')}</Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" data-testid="collect-children">
        {detail.students.map((s) => (
          <UnstyledButton
            key={s._id}
            onClick={() => setChildId(s._id)}
            aria-label={s.response ? t('collect.childAnswered', { name: s.name }) : s.name}
            data-student={s._id}
            style={{ borderRadius: 'var(--mantine-radius-lg)' }}
          >
            <Paper withBorder radius="lg" p="md" h="100%">
              <Stack gap="xs" align="center">
                <Avatar size={56} radius="xl" color="cue" alt="" aria-hidden>
                  {s.name.slice(0, 1)}
                </Avatar>
                <Text fw={600} ta="center" fz="sm">
                  {s.name}
                </Text>
                {s.response && <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />}
              </Stack>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function FormDetail() {
  const { t } = useTranslation(HPC_NS);
  const { formId = '' } = useParams();
  const [mode, setMode] = useAddressParam('mode');
  const query = useFeedbackForm(formId);
  const detail = query.data;
  const form = detail?.form;
  const collecting = mode === 'collect' && !!form?.abilities.can_collect && form.kind !== 'parent' && form.status === 'open';

  return (
    <Page
      title={form?.title ?? t('form.loading')}
      description={form ? `${t(`kinds.${form.kind}`)} · ${form.period_name}` : undefined}
      width={1080}
      actions={
        <>
          {form && form.kind !== 'parent' && form.abilities.can_collect && form.status === 'open' && (
            <Button
              variant={collecting ? 'default' : 'filled'}
              leftSection={collecting ? undefined : <IconPlayerPlay size={16} aria-hidden />}
              onClick={() => setMode(collecting ? null : 'collect')}
              data-testid="form-collect-toggle"
            >
              {collecting ? t('collect.stop') : t('forms.collect')}
            </Button>
          )}
          <Button
            component={Link}
            to={`/assessment/feedback/${form?.kind ?? 'parent'}`}
            variant="default"
            leftSection={<IconArrowBack size={16} aria-hidden />}
          >
            {t('form.back')}
          </Button>
        </>
      }
    >
      {query.error && !detail ? (
        <LoadError testId="hpc-load-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : !detail || !form ? (
        <Skeleton h={320} radius="lg" data-testid="form-loading" />
      ) : (
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <SoftBadge color={FORM_STATUS_COLOR[form.status]}>{t(`formStatus.${form.status}`)}</SoftBadge>
            <Text fz="sm" c="dimmed">
              {t('forms.responses', { responses: form.responses, expected: form.expected })}
            </Text>
          </Group>
          {form.status === 'closed' && (
            <Alert color="gray" variant="light">
              {assessmentMessage('formClosed')}
            </Alert>
          )}
          {collecting ? <Collect detail={detail} /> : <Answers detail={detail} />}
        </Stack>
      )}
    </Page>
  );
}

/** /assessment/feedback/form/:formId: a form's answers per child, and collecting children's own answers in class. */
export default function FeedbackFormPage() {
  return (
    <Gate need={{ feature: 'feedback' }}>
      <FormDetail />
    </Gate>
  );
}
