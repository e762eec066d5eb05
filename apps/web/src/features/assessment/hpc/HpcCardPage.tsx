import {
  type Evidence,
  HPC_DOMAINS,
  HPC_SELF_PROMPTS,
  type HpcLevel,
  type HpcRating,
  type HpcSuggestion,
  SELF_ANSWERS,
  type SelfAnswer,
} from '@cue/contract';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconBulb, IconCheck, IconSparkles } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { type HpcCard, type HpcCardChange, useHpcCard, useSaveHpcCard } from '../api-hpc';
import { EvidenceList, evidenceKey } from '../components/EvidenceList';
import { LoadError } from '../components/LoadError';
import { PeriodPicker, usePeriodParam } from '../components/PeriodPicker';
import { assessmentErrorText, HPC_NS } from '../i18n';
import { BackToList, FaceChoice, FaceShown, LevelControl, LevelName, NoPeriods, StatusBadge } from './HpcParts';
import { narrativeChange } from './hpcView';

type Save = (change: Omit<HpcCardChange, 'period_id'>, then?: () => void) => void;

/** The evidence a rating names, as the card resolved it. */
const evidenceOf = (rating: HpcRating | undefined, all: Evidence[]): Evidence[] => {
  if (!rating) return [];
  const wanted = new Set(rating.evidence.map(evidenceKey));
  return all.filter((e) => wanted.has(evidenceKey(e)));
};

/** A descriptor's suggestion from the period's evidence: the level, why, the evidence, and the teacher's choice. */
function SuggestionBox({
  suggestion,
  editable,
  saving,
  onConfirm,
  onOther,
}: {
  suggestion: HpcSuggestion;
  editable: boolean;
  saving: boolean;
  onConfirm: () => void;
  onOther: () => void;
}) {
  const { t } = useTranslation(HPC_NS);
  return (
    <Paper
      radius="md"
      p="sm"
      bg="var(--mantine-color-orange-0)"
      style={{ borderInlineStart: '3px solid var(--mantine-color-orange-5)' }}
      data-testid="hpc-suggestion"
      data-level={suggestion.level}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <IconBulb size={16} aria-hidden color="var(--mantine-color-orange-8)" />
          <Text fz="sm" fw={600}>
            {t('card.suggested')}
          </Text>
          <LevelName level={suggestion.level} />
        </Group>
        <Text fz="sm" c="dimmed" data-testid="hpc-reason">
          {[
            suggestion.words.length > 0 && t('card.reasonWords', { words: suggestion.words.map((w) => `“${w}”`).join(', ') }),
            suggestion.areas.length > 0 && t('card.reasonAreas', { areas: suggestion.areas.join(', ') }),
            suggestion.cues.length > 0
              ? t('card.reasonCues', { cues: suggestion.cues.map((w) => `“${w}”`).join(', ') })
              : t('card.reasonNoCues'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <EvidenceList items={suggestion.evidence} />
        {editable && (
          <Group gap="sm" wrap="wrap">
            <Button
              size="sm"
              color="teal"
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={onConfirm}
              loading={saving}
              data-testid="hpc-confirm"
            >
              {t('card.confirm')}
            </Button>
            <Button size="sm" variant="default" onClick={onOther} disabled={saving} data-testid="hpc-choose-other">
              {t('card.chooseOther')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** One descriptor: its text, its level (chosen or suggested) and the evidence linked to it. */
function Descriptor({
  descriptorKey,
  card,
  editable,
  save,
}: {
  descriptorKey: string;
  card: HpcCard;
  editable: boolean;
  save: Save;
}) {
  const { t } = useTranslation(HPC_NS);
  const labelId = useId();
  const rating = card.ratings[descriptorKey];
  const suggestion = card.suggestions.find((s) => s.descriptor === descriptorKey);
  const [choosing, setChoosing] = useState(false);
  const [saving, setSaving] = useState(false);
  const text = t(`descriptors.${descriptorKey}`);
  const send = (value: HpcRating | null) => {
    setSaving(true);
    save({ ratings: { [descriptorKey]: value } }, () => setSaving(false));
  };
  const choose = (level: HpcLevel) =>
    // A level chosen by hand keeps the evidence already linked (or the suggestion's, which the teacher looked at).
    send({
      level,
      evidence: rating?.evidence ?? suggestion?.evidence.map(({ kind, id }) => ({ kind, id })) ?? [],
      from_evidence: false,
    });
  const confirm = () =>
    suggestion &&
    send({ level: suggestion.level, evidence: suggestion.evidence.map(({ kind, id }) => ({ kind, id })), from_evidence: true });
  const linked = evidenceOf(rating, card.evidence);

  return (
    <Stack gap="xs" data-testid="hpc-descriptor" data-descriptor={descriptorKey} data-level={rating?.level ?? ''}>
      <Group gap="xs" justify="space-between" wrap="wrap" align="flex-start">
        <Text fz="sm" fw={500} id={labelId} style={{ flex: '1 1 240px' }}>
          {text}
        </Text>
        {rating?.from_evidence && (
          <SoftBadge color="orange" leftSection={<IconSparkles size={12} aria-hidden />} data-testid="hpc-from-evidence">
            {t('card.fromEvidence')}
          </SoftBadge>
        )}
      </Group>
      {suggestion && !rating && !choosing ? (
        <SuggestionBox
          suggestion={suggestion}
          editable={editable}
          saving={saving}
          onConfirm={confirm}
          onOther={() => setChoosing(true)}
        />
      ) : (
        <Stack gap={4}>
          <LevelControl label={text} value={rating?.level ?? null} onChange={choose} disabled={!editable || saving} />
          {editable && (rating || (suggestion && choosing)) && (
            <Group gap="md" justify="flex-end">
              {rating && (
                <Anchor
                  component="button"
                  type="button"
                  fz="xs"
                  c="dimmed"
                  onClick={() => send(null)}
                  disabled={saving}
                  aria-label={t('card.clearOf', { descriptor: text })}
                >
                  {t('card.clear')}
                </Anchor>
              )}
              {!rating && suggestion && choosing && (
                <Anchor component="button" type="button" fz="xs" onClick={() => setChoosing(false)}>
                  {t('card.backToSuggestion')}
                </Anchor>
              )}
            </Group>
          )}
        </Stack>
      )}
      {linked.length > 0 && (
        <Stack gap={4} pis="sm">
          <Text fz="xs" c="dimmed">
            {t('card.linked')}
          </Text>
          <EvidenceList items={linked} />
        </Stack>
      )}
    </Stack>
  );
}

/** The child's self-assessment: a picture question per statement, three big faces to tap. */
function SelfSection({ card, editable, save }: { card: HpcCard; editable: boolean; save: Save }) {
  const { t } = useTranslation(HPC_NS);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="hpc-self-title" data-testid="hpc-self">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="hpc-self-title">
            {t('card.selfTitle')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('card.selfHint')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {HPC_SELF_PROMPTS.map((prompt) => {
            const value = card.self[prompt];
            return (
              <Stack key={prompt} gap="xs" data-testid="hpc-self-prompt" data-prompt={prompt}>
                <Text fw={600} fz="md">
                  {t(`self.${prompt}`)}
                </Text>
                <FaceChoice
                  label={t(`self.${prompt}`)}
                  value={value}
                  disabled={!editable}
                  onChange={(answer: SelfAnswer) => save({ self: { [prompt]: value === answer ? null : answer } })}
                />
              </Stack>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** An answer as it was given: a face, stars, a recording or words. */
function AnswerShown({ answer, media }: { answer: string; media: string | null }) {
  const { t } = useTranslation(HPC_NS);
  return (
    <Stack gap={4}>
      {(SELF_ANSWERS as readonly string[]).includes(answer) ? (
        <FaceShown answer={answer} />
      ) : /^[1-5]$/.test(answer) ? (
        <Text fz="sm">{t('answers.stars', { count: Number(answer) })}</Text>
      ) : answer ? (
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {answer}
        </Text>
      ) : null}
      {media && (
        // biome-ignore lint/a11y/useMediaCaption: a spoken answer has no captions to offer
        <audio controls src={media} aria-label={t('voice.playBack')} style={{ maxWidth: '100%' }} />
      )}
    </Stack>
  );
}

/** What parents, peers and the child said in the period's feedback forms. */
function FeedbackSection({ card }: { card: HpcCard }) {
  const { t } = useTranslation(HPC_NS);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="hpc-feedback-title" data-testid="hpc-feedback">
      <Stack gap="md">
        <Title order={2} fz="lg" id="hpc-feedback-title">
          {t('card.feedbackTitle')}
        </Title>
        {card.feedback.length === 0 ? (
          // The link is underlined: inside a sentence it is told apart by more than its colour.
          <Text fz="sm" c="dimmed">
            {t('card.noFeedback')}{' '}
            <Anchor component={Link} to="/assessment/feedback/parent" fz="sm" underline="always">
              {t('card.openFeedback')}
            </Anchor>
          </Text>
        ) : (
          card.feedback.map((f) => (
            <Stack key={`${f.form_id}:${f.respondent}:${f.submitted_at}`} gap="xs" data-testid="hpc-feedback-item">
              <Group gap="xs" wrap="wrap">
                <SoftBadge color="grape">{t(`kinds.${f.kind}`)}</SoftBadge>
                <Text fw={600} fz="sm">
                  {f.title}
                </Text>
                <Text fz="xs" c="dimmed">
                  {f.respondent}
                </Text>
              </Group>
              {f.answers.map((a) => (
                <div key={a.question}>
                  <Text fz="xs" c="dimmed">
                    {a.question}
                  </Text>
                  <AnswerShown answer={a.answer} media={a.media_link} />
                </div>
              ))}
              <Divider />
            </Stack>
          ))
        )}
      </Stack>
    </Paper>
  );
}

/** The teacher's narrative: saved when the field is left (and with its button). */
function NarrativeSection({ card, editable, save }: { card: HpcCard; editable: boolean; save: Save }) {
  const { t } = useTranslation(HPC_NS);
  const [draft, setDraft] = useState(card.narrative);
  const [saving, setSaving] = useState(false);
  // Another child or period (or the server's saved text): the field shows what is stored.
  useEffect(() => setDraft(card.narrative), [card.narrative]);
  const change = narrativeChange(card.narrative, draft);
  const send = () => {
    if (change === null || saving) return;
    setSaving(true);
    save({ narrative: change }, () => setSaving(false));
  };
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="hpc-narrative-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="hpc-narrative-title">
          {t('card.narrativeTitle')}
        </Title>
        <Textarea
          aria-labelledby="hpc-narrative-title"
          description={t('card.narrativeHint')}
          autosize
          minRows={4}
          maxLength={5000}
          value={draft}
          readOnly={!editable}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={send}
          data-testid="hpc-narrative"
        />
        {editable && (
          <Group justify="flex-end">
            <Button onClick={send} loading={saving} disabled={change === null} data-testid="hpc-narrative-save">
              {t('card.saveNarrative')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function Card() {
  const { t } = useTranslation(HPC_NS);
  const { studentId = '' } = useParams();
  const periods = usePeriodParam();
  const query = useHpcCard(periods.loading ? null : studentId, periods.periodId);
  const card = query.data;
  const mutation = useSaveHpcCard(studentId);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const editable = !!card && card.abilities.can_edit && !card.period.locked;
  const rated = card ? Object.keys(card.ratings).length : 0;
  const total = useMemo(() => HPC_DOMAINS.reduce((n, d) => n + d.descriptors.length, 0), []);

  const save: Save = (change, then) => {
    if (!card) return;
    mutation.mutate(
      { period_id: card.period._id, ...change },
      {
        onSuccess: () => setSavedAt(Date.now()),
        onError: (err) => toast.error(assessmentErrorText(err)),
        onSettled: () => then?.(),
      },
    );
  };

  return (
    <Page
      title={card ? t('card.title', { name: card.student.name }) : t('card.titleLoading')}
      description={card ? `${card.student.class_name} · ${card.period.name}` : undefined}
      width={980}
      actions={<BackToList classId={card?.student.class_id} />}
    >
      <Group gap="sm" wrap="wrap" justify="space-between">
        <PeriodPicker state={periods} />
        {card && (
          <Group gap="sm" wrap="wrap">
            <StatusBadge status={card.status} />
            <Text fz="sm" c="dimmed">
              {t('list.rated', { rated, total })}
            </Text>
            <Text fz="sm" c="teal.8" role="status" aria-live="polite" data-testid="hpc-saved">
              {mutation.isPending ? t('card.saving') : savedAt ? t('card.saved') : ''}
            </Text>
          </Group>
        )}
      </Group>
      {!periods.loading && periods.periods.length === 0 ? (
        <NoPeriods />
      ) : query.error && !card ? (
        <LoadError testId="hpc-load-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : !card ? (
        <Stack gap="md" data-testid="hpc-card-loading">
          <Skeleton h={80} radius="lg" />
          <Skeleton h={320} radius="lg" />
        </Stack>
      ) : (
        <Stack gap="lg" data-testid="hpc-card">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={card.student.profile_image} size={48} radius="xl" color="cue" alt="" aria-hidden>
              {card.student.name.slice(0, 1)}
            </Avatar>
            <Stack gap={0}>
              <Text fw={700}>{card.student.name}</Text>
              <Text fz="sm" c="dimmed">
                {card.student.class_name}
              </Text>
            </Stack>
          </Group>
          {card.period.locked && (
            <Alert color="gray" variant="light" data-testid="hpc-read-only">
              {t('card.locked')}
            </Alert>
          )}
          {card.suggestions.length > 0 && editable && (
            <Alert color="orange" variant="light" icon={<IconBulb size={18} aria-hidden />} data-testid="hpc-suggestions-note">
              {t('card.suggestionsNote', { count: card.suggestions.length })}
            </Alert>
          )}
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="hpc-levels-title">
            <Stack gap="md">
              <div>
                <Title order={2} fz="lg" id="hpc-levels-title">
                  {t('card.levelsTitle')}
                </Title>
                <Group gap="md" wrap="wrap" mt={4}>
                  {(['beginner', 'progressing', 'proficient'] as const).map((level) => (
                    <LevelName key={level} level={level} />
                  ))}
                </Group>
              </div>
              {HPC_DOMAINS.map((domain) => (
                <Stack key={domain.key} gap="md" component="section" aria-labelledby={`hpc-domain-${domain.key}`}>
                  <Divider />
                  <Title order={3} fz="md" id={`hpc-domain-${domain.key}`}>
                    {t(`domains.${domain.key}`)}
                  </Title>
                  {domain.descriptors.map((d) => (
                    <Descriptor
                      key={`${card.period._id}:${d.key}`}
                      descriptorKey={d.key}
                      card={card}
                      editable={editable}
                      save={save}
                    />
                  ))}
                </Stack>
              ))}
            </Stack>
          </Paper>
          <SelfSection card={card} editable={editable} save={save} />
          <FeedbackSection card={card} />
          <NarrativeSection key={`${card.student._id}:${card.period._id}`} card={card} editable={editable} save={save} />
        </Stack>
      )}
    </Page>
  );
}

/** /assessment/hpc/card/:studentId?period_id=: a child's progress card as the teacher fills it. */
export default function HpcCardPage() {
  return (
    <Gate need={{ feature: 'hpc' }}>
      <Card />
    </Gate>
  );
}
