import { STORY_REACTIONS, type StoryReaction } from '@cue/contract';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Story } from '../api';
import { JOURNAL_NS } from '../i18n';

const EMOJI: Record<StoryReaction, string> = { heart: '❤️', clap: '👏', smile: '😊', star: '⭐' };

/** The four reactions with their counts; the caller's own is pressed, and pressing it again clears it. */
export function Reactions({
  story,
  onReact,
  pending,
}: {
  story: Story;
  onReact: (reaction: StoryReaction | null) => void;
  pending?: boolean;
}) {
  const { t, i18n } = useTranslation(JOURNAL_NS);
  const number = new Intl.NumberFormat(i18n.language);
  const can = story.abilities.can_react;
  return (
    <Group gap="xs" role="group" aria-label={t('reactions.label')} data-testid="journal-reactions">
      {STORY_REACTIONS.map((reaction) => {
        const count = story.reactions[reaction] ?? 0;
        const mine = story.my_reaction === reaction;
        return (
          <Button
            key={reaction}
            size="compact-sm"
            radius="xl"
            variant={mine ? 'light' : 'default'}
            aria-pressed={mine}
            aria-label={t('reactions.named', { name: t(`reactions.${reaction}`), total: number.format(count) })}
            disabled={!can || pending}
            onClick={() => onReact(mine ? null : reaction)}
            leftSection={<span aria-hidden>{EMOJI[reaction]}</span>}
          >
            {number.format(count)}
          </Button>
        );
      })}
    </Group>
  );
}
