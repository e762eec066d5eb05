import type { MediaItem } from '@cue/contract';
import { Anchor, AspectRatio, Box, SimpleGrid, Text } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { JOURNAL_NS } from '../i18n';

/** The entry's photos and videos: thumbnails that open the full picture (or play the video) in a new tab. */
export function Photos({ media }: { media: readonly MediaItem[] }) {
  const { t } = useTranslation(JOURNAL_NS);
  if (media.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="xs" data-testid="journal-photos">
      {media.map((item) => {
        const label = item.caption || item.name;
        const full = item.url ?? item.medium_url ?? item.thumb_url;
        const thumb = item.medium_url ?? item.thumb_url ?? item.poster_url;
        return (
          <AspectRatio ratio={1} key={item._id}>
            <Box pos="relative" style={{ borderRadius: 12, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}>
              {full ? (
                <Anchor
                  href={full}
                  target="_blank"
                  rel="noopener"
                  aria-label={t('photos.open', { name: label })}
                  display="block"
                  h="100%"
                >
                  {thumb && (
                    <img
                      src={thumb}
                      alt={label}
                      loading="lazy"
                      decoding="async"
                      style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                    />
                  )}
                </Anchor>
              ) : (
                <Text fz="xs" c="dimmed" p="xs">
                  {t('photos.processing')}
                </Text>
              )}
              {item.kind === 'video' && (
                <Box
                  pos="absolute"
                  top="50%"
                  left="50%"
                  style={{ transform: 'translate(-50%, -50%)', color: 'white' }}
                  aria-hidden
                >
                  <IconPlayerPlayFilled size={28} />
                </Box>
              )}
            </Box>
          </AspectRatio>
        );
      })}
    </SimpleGrid>
  );
}
