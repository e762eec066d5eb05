import { Button, Group } from '@mantine/core';
import {
  IconBook2,
  IconChartLine,
  IconChecklist,
  IconEye,
  IconMessageHeart,
  IconNotebook,
  IconSpeakerphone,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../Cue.module.css';
import { CUE_NS } from '../i18n';

export type SuggestionKey = 'attendance' | 'announcement' | 'parents' | 'lessonPlan' | 'progress' | 'observation' | 'story';

/** The seven suggestions of spec section 2, in its order, with the tool each one asks for. */
export const SUGGESTIONS: { key: SuggestionKey; icon: ReactNode; tools: string[] }[] = [
  { key: 'attendance', icon: <IconChecklist size={16} />, tools: ['mark_attendance'] },
  { key: 'announcement', icon: <IconSpeakerphone size={16} />, tools: ['draft_announcement'] },
  { key: 'parents', icon: <IconMessageHeart size={16} />, tools: ['draft_announcement'] },
  { key: 'lessonPlan', icon: <IconNotebook size={16} />, tools: [] },
  { key: 'progress', icon: <IconChartLine size={16} />, tools: ['class_question'] },
  { key: 'observation', icon: <IconEye size={16} />, tools: ['create_observation'] },
  { key: 'story', icon: <IconBook2 size={16} />, tools: [] },
];

/** Chips that fill the text box with a starter sentence. */
export function Suggestions({ onPick }: { onPick: (key: SuggestionKey, starter: string) => void }) {
  const { t } = useTranslation(CUE_NS);
  return (
    <Group gap={8} justify="center" role="group" aria-label={t('chips.label')} data-testid="cue-suggestions">
      {SUGGESTIONS.map(({ key, icon }) => (
        <Button
          key={key}
          variant="default"
          radius="xl"
          size="sm"
          fw={500}
          className={classes.chip}
          leftSection={icon}
          onClick={() => onPick(key, t(`starters.${key}`))}
        >
          {t(`chips.${key}`)}
        </Button>
      ))}
    </Group>
  );
}
