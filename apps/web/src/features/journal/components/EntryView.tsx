import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { RichText } from '../../communication/components/RichText';
import { Sources } from '../../stories/components/Sources';
import { StoryMedia } from '../../stories/components/StoryMedia';
import { showInstant } from '../../story-insights/format';
import type { Story } from '../api';
import { JOURNAL_NS } from '../i18n';

const STATUS_COLORS: Record<string, string> = { draft: 'gray', pending: 'yellow', published: 'teal' };

/** A journal entry as it reads: what the class did, its photos and the notes for families (staff also see its state). */
export function EntryView({ entry, staff = false }: { entry: Story; staff?: boolean }) {
  const { t, i18n } = useTranslation(JOURNAL_NS);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="article"
      aria-labelledby="journal-entry-title"
      data-testid="journal-entry"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="lg" id="journal-entry-title" dir="auto">
            {entry.title || t('entry.untitled', { name: entry.class.name })}
          </Title>
          {staff && (
            // Mantine's light teal and yellow are too pale on their tint: the soft badge keeps a 4.5:1 contrast.
            <SoftBadge color={STATUS_COLORS[entry.status] ?? 'gray'} radius="sm" data-status={entry.status}>
              {t(`status.${entry.status === 'pending' || entry.status === 'published' ? entry.status : 'draft'}`)}
            </SoftBadge>
          )}
        </Group>
        {staff && entry.return_note && (
          <Text fz="sm" c="orange.8">
            {t('entry.returned', { note: entry.return_note })}
          </Text>
        )}
        {entry.body ? (
          // Written in the teacher's language, whatever the reader's: each block finds its own direction.
          <Box dir="auto">
            <RichText html={entry.body} testId="journal-body" />
          </Box>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('entry.noBody')}
          </Text>
        )}
        <StoryMedia items={entry.media} />
        {entry.what_next && (
          <Stack gap={4} component="section" aria-labelledby="journal-notes">
            <Text fw={600} fz="sm" id="journal-notes">
              {t('entry.notes')}
            </Text>
            <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {entry.what_next}
            </Text>
          </Stack>
        )}
        {staff && entry.status === 'draft' && <Sources sources={entry.sources} />}
        <Text fz="xs" c="dimmed">
          {entry.published_at
            ? t('entry.publishedBy', { name: entry.author.name, when: showInstant(entry.published_at, i18n.language) })
            : t('entry.writtenBy', { name: entry.author.name, when: showInstant(entry.updated_at, i18n.language) })}
        </Text>
      </Stack>
    </Paper>
  );
}
