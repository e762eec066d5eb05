import type { FeedbackQuestion } from '@cue/contract';
import { Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { uploadVoice } from '../api-hpc';
import { HPC_NS } from '../i18n';
import { canRecord, FaceChoice, StarChoice, VoiceRecorder } from './HpcParts';
import { type Answer, cleanAnswers } from './hpcView';

/** An answer being given: what the server stores, and a recording not yet uploaded. */
export type DraftAnswer = Answer & { recording?: Blob };
export type DraftAnswers = Record<string, DraftAnswer>;

/** Stored answers as drafts (a form answered before opens with its answers). */
export const draftsOf = (stored: Record<string, Answer> | undefined): DraftAnswers => ({ ...(stored ?? {}) });

/** Uploads the recordings, then the answers as the server takes them (only those that say something). */
export async function answersToSend(drafts: DraftAnswers): Promise<Record<string, Answer>> {
  const ready: Record<string, Answer> = {};
  for (const [key, { recording, ...answer }] of Object.entries(drafts)) {
    ready[key] = recording ? { ...answer, media_link: await uploadVoice(recording) } : answer;
  }
  return cleanAnswers(ready);
}

/** Whether a draft answers its question (a pending recording counts). */
export const draftAnswered = (a: DraftAnswer | undefined): boolean =>
  !!a && (!!a.recording || !!a.text?.trim() || !!a.choice || !!a.media_link);

/**
 * One question's answer in the way its kind asks: words in a text box, three faces, one to five stars,
 * or a recording (where `voice` allows it; families cannot upload recordings).
 */
export function AnswerField({
  question,
  value,
  onChange,
  voice,
  large = false,
  disabled = false,
}: {
  question: FeedbackQuestion;
  value: DraftAnswer | undefined;
  onChange: (next: DraftAnswer) => void;
  voice: boolean;
  large?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation(HPC_NS);
  const label = question.required ? `${question.text} *` : question.text;
  switch (question.answer) {
    case 'text':
      return (
        <Textarea
          label={label}
          autosize
          minRows={large ? 3 : 2}
          maxLength={2000}
          size={large ? 'lg' : 'sm'}
          value={value?.text ?? ''}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
          data-testid="answer-text"
        />
      );
    case 'picture':
      return (
        <Stack gap="xs">
          <Text fw={600} fz={large ? 'xl' : 'sm'} dir="auto">
            {label}
          </Text>
          <FaceChoice
            label={question.text}
            value={value?.choice}
            size={large ? 96 : 56}
            disabled={disabled}
            onChange={(choice) => onChange({ ...value, choice })}
          />
        </Stack>
      );
    case 'scale':
      return (
        <Stack gap="xs">
          <Text fw={600} fz={large ? 'xl' : 'sm'} dir="auto">
            {label}
          </Text>
          <StarChoice
            label={question.text}
            value={value?.choice}
            disabled={disabled}
            onChange={(choice) => onChange({ ...value, choice })}
          />
        </Stack>
      );
    case 'voice':
      // Where no recording can be made or sent (a family's phone: uploads of families take pictures
      // only), the answer is written instead.
      if (!voice || !canRecord())
        return (
          <Textarea
            label={label}
            description={voice ? t('voice.unsupported') : t('voice.writeInstead')}
            autosize
            minRows={large ? 3 : 2}
            maxLength={2000}
            size={large ? 'lg' : 'sm'}
            value={value?.text ?? ''}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
            data-testid="answer-voice-text"
          />
        );
      return (
        <Stack gap="xs">
          <Text fw={600} fz={large ? 'xl' : 'sm'} dir="auto">
            {label}
          </Text>
          <VoiceRecorder
            label={question.text}
            large={large}
            disabled={disabled}
            recording={value?.recording ?? value?.media_link ?? null}
            onRecorded={(blob) => {
              const { media_link: _old, recording: _was, ...rest } = value ?? {};
              onChange(blob ? { ...rest, recording: blob } : rest);
            }}
          />
        </Stack>
      );
  }
}
