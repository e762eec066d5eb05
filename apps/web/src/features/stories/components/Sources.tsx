import type { StorySource } from '@cue/contract';
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconNotes, IconPhoto, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STORIES_NS } from '../i18n';

/** A Cue draft's evidence: each sentence it wrote, linked to the observation or photo that states it. */
export function Sources({ sources }: { sources: readonly StorySource[] }) {
  const { t } = useTranslation(STORIES_NS);
  if (sources.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="story-sources-title" data-testid="story-sources">
      <Stack gap="xs">
        <Title order={2} fz="md" id="story-sources-title">
          <IconSparkles size={16} aria-hidden style={{ marginInlineEnd: 6, verticalAlign: -2 }} />
          {t('sources.title')}
        </Title>
        <Text fz="xs" c="dimmed">
          {t('sources.hint')}
        </Text>
        <List spacing="xs" fz="sm" listStyleType="none" p={0}>
          {sources.map((s, i) => (
            <List.Item
              // Sentences may repeat; their position is their identity in the draft.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={i}
              icon={s.kind === 'media' ? <IconPhoto size={16} aria-hidden /> : <IconNotes size={16} aria-hidden />}
            >
              <Text fz="sm" span dir="auto">
                {s.sentence}{' '}
              </Text>
              <Anchor component={Link} to={s.link} fz="xs" target="_blank">
                {s.kind === 'media' ? t('sources.photo') : t('sources.observation')}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
