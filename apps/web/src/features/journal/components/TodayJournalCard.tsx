import { Anchor, Badge, Card, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadCatalogs } from '../../../lib/catalogs';
import { plainText } from '../../communication/components/RichText';
import { parentPage, toParentSide } from '../../shell/sides';
import type { Story } from '../api';
import { firstLines } from '../day';
import { JOURNAL_NS } from '../i18n';

/** A link to the journal's family view of today. */
export const todayJournalLink = (): string => parentPage('/communication/journal');

function Entries({ entries }: { entries: Story[] }) {
  const { t } = useTranslation(JOURNAL_NS);
  return (
    <section aria-labelledby="journal-today-title" data-testid="journal-today">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" radius="md" size={32} aria-hidden>
          <IconNotebook size={18} />
        </ThemeIcon>
        <Title order={2} fz="xl" id="journal-today-title">
          {t('today.title')}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {entries.map((entry) => {
          const photo = entry.media.find((m) => m.thumb_url || m.medium_url);
          const text = firstLines(plainText(entry.body) || entry.what_next, 180);
          return (
            <Card
              key={entry._id}
              component="article"
              padding="lg"
              radius="lg"
              withBorder
              aria-labelledby={`journal-today-${entry._id}`}
            >
              {photo && (
                <Card.Section mb="sm">
                  <Image src={photo.medium_url ?? photo.thumb_url} alt={photo.caption || photo.name} h={160} fit="cover" />
                </Card.Section>
              )}
              <Stack gap={6}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text component="h3" fw={700} m={0} id={`journal-today-${entry._id}`} lineClamp={1} dir="auto">
                    {entry.title || t('today.untitled')}
                  </Text>
                  <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                    <bdi>{entry.class.name}</bdi>
                  </Badge>
                </Group>
                {text && (
                  <Text fz="sm" c="dimmed" lineClamp={3} dir="auto">
                    {text}
                  </Text>
                )}
                <Anchor component={Link} to={todayJournalLink()} onClick={toParentSide} fz="sm" fw={600} w="fit-content">
                  {t('today.open', { name: entry.class.name })}
                </Anchor>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}

/** Today's journal entries on the family's dashboard, once the journal's catalogs are here. */
export default function TodayJournalCard({ entries }: { entries: Story[] }) {
  const catalogs = useQuery({
    queryKey: ['catalogs', JOURNAL_NS],
    queryFn: () => loadCatalogs(JOURNAL_NS).then(() => true),
    staleTime: Infinity,
  });
  if (!catalogs.data) return null;
  return <Entries entries={entries} />;
}
