import { Anchor, Group, Image, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconFileText, IconMovie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COMMUNICATION_NS } from '../i18n';

export interface Attachment {
  media_link: string;
  name: string;
  kind: string;
}

/** Attached files as previews: pictures as thumbnails, other files as named cards; each opens or downloads. */
export function Attachments({ items }: { items: Attachment[] }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  if (items.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="attachments" aria-label={t('attachments.label')}>
      {items.map((item) => (
        <Paper key={item.media_link} withBorder radius="md" p={6} data-testid="attachment">
          {item.kind === 'image' ? (
            <Anchor
              href={item.media_link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('attachments.open', { name: item.name })}
            >
              <Image src={item.media_link} alt={item.name} h={110} fit="cover" radius="sm" />
            </Anchor>
          ) : (
            <Group h={110} justify="center">
              <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                {item.kind === 'video' ? <IconMovie size={28} /> : <IconFileText size={28} />}
              </ThemeIcon>
            </Group>
          )}
          <Group gap={4} wrap="nowrap" mt={6} justify="space-between">
            <Text fz="xs" truncate="end" miw={0} title={item.name}>
              {item.name}
            </Text>
            <Anchor
              href={item.media_link}
              download={item.name}
              aria-label={t('attachments.download', { name: item.name })}
              style={{ flexShrink: 0, display: 'inline-flex' }}
            >
              <IconDownload size={16} aria-hidden />
            </Anchor>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
