import type { Story, StoryReaction } from '@cue/contract';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notify';
import type { Side } from '../../../lib/session';
import { useReact } from '../api';
import { STORIES_NS, storyErrorText } from '../i18n';
import { nextReaction, reactionCounts } from '../story';

export const REACTION_EMOJI: Record<StoryReaction, string> = { heart: '❤️', clap: '👏', smile: '😊', star: '⭐' };

/**
 * Heart, clap, smile and star with their counts; a click sets the caller's reaction, the same again clears it.
 * The story's own queries take the answer; `onChanged` hands it to a page that holds the story under its
 * own key (the class journal's day).
 */
export function Reactions({
  story,
  side,
  readOnly = false,
  onChanged,
}: {
  story: Story;
  side: Side;
  readOnly?: boolean;
  onChanged?: (story: Story) => void;
}) {
  const { t } = useTranslation(STORIES_NS);
  const react = useReact(side);
  const editable = !readOnly && story.abilities.can_react;
  return (
    <Group gap={6} role="group" aria-label={t('reactions.label')} data-testid="story-reactions">
      {reactionCounts(story).map(({ reaction, count, mine }) => (
        <Button
          key={reaction}
          size="compact-sm"
          radius="xl"
          variant={mine ? 'light' : 'default'}
          aria-pressed={mine}
          aria-label={t('reactions.button', { name: t(`reactions.${reaction}`), count })}
          disabled={!editable}
          loading={react.isPending && react.variables?.reaction === reaction}
          onClick={() =>
            react.mutate(
              { id: story._id, reaction: nextReaction(story.my_reaction, reaction) },
              { onSuccess: (answer) => onChanged?.(answer.result), onError: (err) => toast.error(storyErrorText(err)) },
            )
          }
          data-reaction={reaction}
        >
          <span aria-hidden>{REACTION_EMOJI[reaction]}</span>
          <span style={{ marginInlineStart: 6 }} aria-hidden>
            {count}
          </span>
        </Button>
      ))}
    </Group>
  );
}
