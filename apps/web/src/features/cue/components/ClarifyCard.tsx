import type { ChatClarification } from '@cue/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatWireDate } from '../drafts';
import { CUE_NS } from '../i18n';

interface ClarifyCardProps {
  clarify: ChatClarification;
  /** Sends the pick: the label the teacher sees as their message, the value that completes the draft. */
  onAnswer?: (label: string, value: string) => void;
  /** Answered already, or Cue is busy: the choices show but do nothing. */
  disabled?: boolean;
}

/** One short question from Cue (which child, which day, what to do) with its choices as buttons. */
export function ClarifyCard({ clarify, onAnswer, disabled }: ClarifyCardProps) {
  const { t, i18n } = useTranslation(CUE_NS);
  const label = (option: { label: string; value: string }) =>
    clarify.kind === 'date'
      ? formatWireDate(option.value, i18n.language)
      : clarify.kind === 'intent'
        ? t(`clarify.options.${option.value}`, { defaultValue: option.label })
        : option.label;
  const question = clarify.kind === 'child' ? t('clarify.child', { word: clarify.word ?? '' }) : t(`clarify.${clarify.kind}`);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="cue-clarify" role="group" aria-label={question}>
      <Group gap={8} mb="xs" wrap="nowrap">
        <IconHelpCircle size={18} aria-hidden />
        <Text fw={600} fz="sm">
          {question}
        </Text>
      </Group>
      <Group gap="xs">
        {clarify.options.map((option) => (
          <Button
            key={option.value}
            size="xs"
            variant="light"
            radius="xl"
            aria-disabled={disabled || !onAnswer}
            onClick={() => {
              if (!disabled && onAnswer) onAnswer(label(option), option.value);
            }}
            data-testid="cue-clarify-option"
          >
            {label(option)}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}
