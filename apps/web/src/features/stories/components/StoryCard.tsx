import type { Story } from '@cue/contract';
import { Badge, Box, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { plainText } from '../../communication/components/RichText';
import { STORIES_NS } from '../i18n';
import { excerpt, reactionCounts, spacedBlocks } from '../story';
import { readableDay } from './dates';
import { REACTION_EMOJI } from './Reactions';
import { StatusBadge } from './StatusBadge';
import classes from './StoryCard.module.css';

/**
 * A story in a list: its first photo, title, day, children, the start of its text, comments and
 * reactions; staff see its status and author. The whole card opens the story; `actions` (Accept /
 * Decline) sit outside the link.
 */
export function StoryCard({
  story,
  to,
  staff = false,
  showClass = false,
  actions,
}: {
  story: Story;
  to: string;
  staff?: boolean;
  /** Name the story's class (a list of several classes). */
  showClass?: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation(STORIES_NS);
  const photo = story.media.find((m) => m.thumb_url || m.medium_url);
  const reactions = reactionCounts(story).filter((r) => r.count > 0);
  const text = excerpt(plainText(spacedBlocks(story.body)), 180);
  const title = story.title || t('untitled');
  return (
    <Paper
      withBorder
      radius="lg"
      p={0}
      className={classes.card}
      data-testid="story-card"
      data-status={story.status}
      data-kind={story.kind}
    >
      <Box p={{ base: 'sm', sm: 'md' }}>
        <Group align="flex-start" gap="md" wrap="nowrap">
          {photo && (
            <Box
              component="img"
              src={photo.medium_url ?? photo.thumb_url ?? undefined}
              alt=""
              loading="lazy"
              w={{ base: 72, sm: 112 }}
              h={{ base: 72, sm: 112 }}
              style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-md)', flexShrink: 0 }}
            />
          )}
          <Stack gap={4} miw={0} flex={1}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} lineClamp={2} dir="auto">
                {/* The link's name says what it does ("Open …") and holds the title as it is shown. */}
                <Link to={to} className={classes.link}>
                  <VisuallyHidden>{t('list.openWord')} </VisuallyHidden>
                  {title}
                </Link>
              </Text>
              {staff && <StatusBadge status={story.status} />}
              {story.kind === 'family' && !staff && (
                <Badge variant="light" color="grape" tt="none" radius="sm">
                  {t('kind.family')}
                </Badge>
              )}
              {story.kind === 'journal' && (
                <Badge variant="light" color="gray" tt="none" radius="sm">
                  {t('kind.journal')}
                </Badge>
              )}
            </Group>
            <Text fz="xs" c="dimmed">
              {readableDay(story.story_date)}
              {showClass && ` · ${story.class.name}`}
              {story.children.length > 0 && ` · ${story.children.map((c) => c.name).join(', ')}`}
              {staff && ` · ${t('meta.by', { name: story.author.name })}`}
            </Text>
            {text && (
              <Text fz="sm" c="dimmed" lineClamp={2} dir="auto">
                {text}
              </Text>
            )}
            <Group gap="sm" fz="xs" c="dimmed">
              <Group gap={4} component="span">
                <IconMessageCircle size={14} aria-hidden />
                <VisuallyHidden>{t('list.comments', { count: story.comments })}</VisuallyHidden>
                <span aria-hidden>{story.comments}</span>
              </Group>
              {reactions.map((r) => (
                <Text key={r.reaction} span fz="xs">
                  <VisuallyHidden>{t('reactions.button', { name: t(`reactions.${r.reaction}`), count: r.count })}</VisuallyHidden>
                  <span aria-hidden>
                    {REACTION_EMOJI[r.reaction]} {r.count}
                  </span>
                </Text>
              ))}
            </Group>
          </Stack>
        </Group>
      </Box>
      {actions && (
        <Group
          gap="sm"
          px={{ base: 'sm', sm: 'md' }}
          pb={{ base: 'sm', sm: 'md' }}
          justify="flex-end"
          className={classes.actions}
        >
          {actions}
        </Group>
      )}
    </Paper>
  );
}
