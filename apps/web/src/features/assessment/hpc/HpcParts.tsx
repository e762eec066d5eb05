import { HPC_LEVELS, type HpcLevel, type HpcStatus, type SelfAnswer } from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowBack,
  IconCloud,
  IconMicrophone,
  IconMoodEmpty,
  IconMoodHappy,
  IconMoodSad,
  IconMountain,
  IconPlayerStop,
  IconRipple,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { NoClass } from '../../planning/components/PlanClass';
import { HPC_NS } from '../i18n';
import { SELF_CHOICES, STATUS_COLOR } from './hpcView';

/**
 * The faces a child taps (smiling, straight, sad), drawn as icons rather than emoji so that every
 * tablet shows the same three faces.
 */
const FACE_ICONS = { yes: IconMoodHappy, sometimes: IconMoodEmpty, not_yet: IconMoodSad } as const;
const FACE_COLORS = { yes: 'teal', sometimes: 'yellow', not_yet: 'red' } as const;

/** Stream, Mountain, Sky: PARAKH's pictures of the foundational stage's three levels. */
const LEVEL_ICONS = { beginner: IconRipple, progressing: IconMountain, proficient: IconCloud } as const;
export const LEVEL_COLORS: Record<HpcLevel, string> = { beginner: 'cyan', progressing: 'orange', proficient: 'indigo' };

/** A level's picture, named for screen readers unless the text beside it names it. */
export function LevelIcon({ level, size = 18, labelled = false }: { level: HpcLevel; size?: number; labelled?: boolean }) {
  const { t } = useTranslation(HPC_NS);
  const Icon = LEVEL_ICONS[level];
  return (
    <Icon
      size={size}
      color={`var(--mantine-color-${LEVEL_COLORS[level]}-7)`}
      aria-hidden={labelled ? undefined : true}
      aria-label={labelled ? t(`levels.${level}.name`) : undefined}
      role={labelled ? 'img' : undefined}
      style={{ flexShrink: 0 }}
    />
  );
}

/** A level said in full: its picture, its name and what it means ("Mountain · progressing"). */
export function LevelName({ level }: { level: HpcLevel }) {
  const { t } = useTranslation(HPC_NS);
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <LevelIcon level={level} size={16} />
      <Text span fz="sm" fw={600}>
        {t(`levels.${level}.name`)}
      </Text>
      <Text span fz="xs" c="dimmed">
        · {t(`levels.${level}.meaning`)}
      </Text>
    </Group>
  );
}

/** A card's completion: not started, in progress or complete. */
export function StatusBadge({ status }: { status: HpcStatus }) {
  const { t } = useTranslation(HPC_NS);
  return (
    <SoftBadge color={STATUS_COLOR[status]} data-testid="hpc-status" data-status={status}>
      {t(`status.${status}`)}
    </SoftBadge>
  );
}

/**
 * The three-way choice of a descriptor's level: each with its picture, its name and its meaning in
 * words. A group of radio buttons named by the descriptor.
 */
export function LevelControl({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: HpcLevel | null;
  onChange: (level: HpcLevel) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(HPC_NS);
  return (
    <SegmentedControl
      aria-label={label}
      fullWidth
      size="sm"
      radius="md"
      disabled={disabled}
      value={value ?? ''}
      onChange={(v) => onChange(v as HpcLevel)}
      data={HPC_LEVELS.map((level) => ({
        value: level,
        label: (
          <Stack gap={0} align="center" py={2}>
            <Group gap={4} wrap="nowrap" justify="center">
              <LevelIcon level={level} size={16} />
              <Text span fz="sm" fw={600}>
                {t(`levels.${level}.name`)}
              </Text>
            </Group>
            <Text span fz={11} c="dimmed" lh={1.2}>
              {t(`levels.${level}.meaning`)}
            </Text>
          </Stack>
        ),
      }))}
      data-testid="level-control"
    />
  );
}

/**
 * A picture question's three faces as large buttons, for a child tapping on a tablet: each button named
 * yes, sometimes or not yet, the chosen one pressed.
 */
export function FaceChoice({
  label,
  value,
  onChange,
  disabled,
  size = 64,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (answer: SelfAnswer) => void;
  disabled?: boolean;
  size?: number;
}) {
  const { t } = useTranslation(HPC_NS);
  return (
    <Group gap="sm" role="group" aria-label={label} wrap="nowrap" data-testid="face-choice">
      {SELF_CHOICES.map((answer) => {
        const chosen = value === answer;
        const Face = FACE_ICONS[answer];
        const color = FACE_COLORS[answer];
        return (
          <Tooltip key={answer} label={t(`faces.${answer}`)} withinPortal>
            <UnstyledButton
              aria-label={t(`faces.${answer}`)}
              aria-pressed={chosen}
              disabled={disabled}
              onClick={() => onChange(answer)}
              data-answer={answer}
              style={{
                width: size,
                height: size,
                borderRadius: size / 2,
                display: 'grid',
                placeItems: 'center',
                border: `3px solid ${chosen ? `var(--mantine-color-${color}-6)` : 'var(--mantine-color-gray-3)'}`,
                background: chosen ? `var(--mantine-color-${color}-0)` : 'var(--mantine-color-body)',
                opacity: disabled && !chosen ? 0.5 : 1,
                cursor: disabled ? 'default' : 'pointer',
              }}
            >
              <Face
                size={size * 0.72}
                stroke={1.6}
                color={chosen ? `var(--mantine-color-${color}-7)` : 'var(--mantine-color-gray-6)'}
                aria-hidden
              />
            </UnstyledButton>
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** A chosen face shown (read only), with its word for screen readers. */
export function FaceShown({ answer }: { answer: string }) {
  const { t } = useTranslation(HPC_NS);
  const known = (SELF_CHOICES as readonly string[]).includes(answer) ? (answer as SelfAnswer) : null;
  if (!known) return <Text span>{answer}</Text>;
  const Face = FACE_ICONS[known];
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <Face size={22} color={`var(--mantine-color-${FACE_COLORS[known]}-7)`} aria-hidden />
      <Text span fz="sm">
        {t(`faces.${known}`)}
      </Text>
    </Group>
  );
}

/** One to five stars, each a button named by its number. */
export function StarChoice({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (stars: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(HPC_NS);
  const chosen = Number(value ?? 0);
  return (
    <Group gap={4} role="group" aria-label={label} wrap="nowrap" data-testid="star-choice">
      {[1, 2, 3, 4, 5].map((n) => (
        <ActionIcon
          key={n}
          variant="subtle"
          color="yellow"
          size="xl"
          aria-label={t('answers.stars', { count: n })}
          aria-pressed={chosen === n}
          disabled={disabled}
          onClick={() => onChange(String(n))}
        >
          {n <= chosen ? <IconStarFilled size={28} aria-hidden /> : <IconStar size={28} aria-hidden />}
        </ActionIcon>
      ))}
    </Group>
  );
}

/** Which recording the browser makes (Safari: MP4; the others: WebM with Opus). */
function recorderType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find((type) => MediaRecorder.isTypeSupported(type));
}

export const canRecord = (): boolean =>
  typeof MediaRecorder !== 'undefined' && typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/**
 * A recorded answer: start and stop with the browser's MediaRecorder, listen to it, record again or
 * remove it. `onRecorded` receives the recording (the page uploads it when the answers are sent).
 */
export function VoiceRecorder({
  label,
  recording: recorded,
  onRecorded,
  disabled,
  large = false,
}: {
  label: string;
  recording: Blob | string | null;
  onRecorded: (blob: Blob | null) => void;
  disabled?: boolean;
  large?: boolean;
}) {
  const { t } = useTranslation(HPC_NS);
  const [active, setActive] = useState(false);
  const [failed, setFailed] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (recorded instanceof Blob) {
      const made = URL.createObjectURL(recorded);
      setUrl(made);
      return () => URL.revokeObjectURL(made);
    }
    setUrl(recorded);
    return undefined;
  }, [recorded]);
  // Leaving the page while recording: the microphone is released.
  useEffect(
    () => () => {
      for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    },
    [],
  );

  const start = async () => {
    setFailed(false);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const type = recorderType();
      const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      const parts: Blob[] = [];
      rec.ondataavailable = (event) => {
        if (event.data.size > 0) parts.push(event.data);
      };
      rec.onstop = () => {
        for (const track of stream.getTracks()) track.stop();
        onRecorded(new Blob(parts, { type: rec.mimeType || type || 'audio/webm' }));
        setActive(false);
      };
      recorder.current = rec;
      rec.start();
      setActive(true);
    } catch {
      setFailed(true);
      setActive(false);
    }
  };
  const stop = () => recorder.current?.state === 'recording' && recorder.current.stop();

  return (
    <Stack gap="xs" role="group" aria-label={label} data-testid="voice-recorder">
      <Group gap="sm" wrap="wrap">
        {active ? (
          <Button
            color="red"
            size={large ? 'lg' : 'sm'}
            leftSection={<IconPlayerStop size={large ? 24 : 16} aria-hidden />}
            onClick={stop}
            data-testid="voice-stop"
          >
            {t('voice.stop')}
          </Button>
        ) : (
          <Button
            variant={recorded ? 'default' : 'filled'}
            size={large ? 'lg' : 'sm'}
            leftSection={<IconMicrophone size={large ? 24 : 16} aria-hidden />}
            onClick={() => void start()}
            disabled={disabled}
            data-testid="voice-start"
          >
            {recorded ? t('voice.again') : t('voice.start')}
          </Button>
        )}
        {recorded && !active && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('voice.remove')}
            onClick={() => onRecorded(null)}
            disabled={disabled}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {active && (
        <Text fz="sm" c="red" role="status">
          {t('voice.recording')}
        </Text>
      )}
      {url && !active && (
        <Box>
          {/* biome-ignore lint/a11y/useMediaCaption: a child's spoken answer has no captions to offer */}
          <audio controls src={url} aria-label={t('voice.playBack')} style={{ maxWidth: '100%' }} />
        </Box>
      )}
      {failed && (
        <Text fz="sm" c="red" role="alert">
          {t('voice.noMicrophone')}
        </Text>
      )}
    </Stack>
  );
}

/** The school has no assessment periods yet: what to do next. */
export function NoPeriods() {
  const { t } = useTranslation(HPC_NS);
  return (
    <Alert color="gray" variant="light" title={t('common.noPeriodsTitle')} data-testid="hpc-no-periods">
      <Text fz="sm">{t('common.noPeriods')}</Text>
      <Anchor component={Link} to="/assessment/setup" fz="sm">
        {t('common.openSetup')}
      </Anchor>
    </Alert>
  );
}

/** The way back from a card, the progress or the summary to the class's list of progress cards. */
export function BackToList({ classId }: { classId: string | null | undefined }) {
  const { t } = useTranslation(HPC_NS);
  return (
    <Button
      component={Link}
      to={`/assessment/hpc/student-list${classId ? `?class_id=${classId}` : ''}`}
      variant="default"
      leftSection={<IconArrowBack size={16} aria-hidden />}
    >
      {t('card.back')}
    </Button>
  );
}

/** A class's page: a placeholder while the class is found, what to do when there is none, else its content. */
export function WithClass({ classId, loading, children }: { classId: string | null; loading: boolean; children: ReactNode }) {
  if (classId) return children;
  return loading ? <Skeleton h={240} radius="lg" /> : <NoClass />;
}
