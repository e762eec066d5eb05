import type { StorySource } from '@cue/contract';
import { Anchor, Group, List, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconNotes, IconPhoto, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JOURNAL_NS } from '../i18n';

/**
 * Where each sentence of a Cue draft comes from: the observation or photo it states, a link away. A
 * teacher checks the draft against them before publishing (Cue writes only from the day's evidence).
 */
export function Sources({ sources }: { sources: readonly StorySource[] }) {
  const { t } = useTranslation(JOURNAL_NS);
  if (sources.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="journal-sources" data-testid="journal-sources">
      <Group gap="xs" mb="xs">
        <ThemeIcon variant="light" radius="md" size={28} aria-hidden>
          <IconSparkles size={16} />
        </ThemeIcon>
        <Text fw={600} id="journal-sources">
          {t('sources.title')}
        </Text>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('sources.hint')}
      </Text>
      <List spacing="xs" size="sm" listStyleType="none" p={0}>
        {sources.map((source) => (
          <List.Item
            key={`${source.kind}-${source.id}-${source.sentence}`}
            icon={
              <ThemeIcon variant="light" color={source.kind === 'media' ? 'teal' : 'cue'} size={22} radius="xl" aria-hidden>
                {source.kind === 'media' ? <IconPhoto size={13} /> : <IconNotes size={13} />}
              </ThemeIcon>
            }
          >
            <Text fz="sm" span>
              {source.sentence}{' '}
            </Text>
            <Anchor component={Link} to={source.link} fz="xs" fw={600}>
              {source.kind === 'media' ? t('sources.photo') : t('sources.observation')}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
