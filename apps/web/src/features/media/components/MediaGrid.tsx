import type { MediaItem } from '@cue/contract';
import { Badge, Box, Checkbox, Group, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import thumbs from '../../../components/Thumbs.module.css';
import { groupByDay } from '../gallery';
import { MEDIA_NS } from '../i18n';
import { placeholderUrl } from '../placeholder';
import classes from './MediaGrid.module.css';
import { PrivacyBadge } from './PrivacyBadge';

export interface MediaGridProps {
  items: readonly MediaItem[];
  onOpen: (item: MediaItem) => void;
  /** Ids selected for a bulk action; without it the grid has no checkboxes. */
  selected?: ReadonlySet<string>;
  onToggle?: (item: MediaItem, on: boolean) => void;
  /** Families: the "New" mark instead of the privacy badge. */
  family?: boolean;
  /** Group the items under their day (the gallery); an album shows one run. */
  byDay?: boolean;
}

/** One tile: the thumbnail (its blurhash until it loads), its state, privacy and, for staff, a checkbox. */
export function MediaTile({
  item,
  onOpen,
  selected,
  onToggle,
  family = false,
}: { item: MediaItem } & Omit<MediaGridProps, 'items' | 'selected' | 'byDay'> & { selected?: boolean }) {
  const { t } = useTranslation(MEDIA_NS);
  const label = item.caption || item.name;
  const placeholder = placeholderUrl(item.blurhash);
  return (
    <Box
      className={thumbs.tile}
      data-testid="media-tile"
      data-status={item.status}
      data-selected={selected || undefined}
      style={placeholder ? { backgroundImage: `url(${placeholder})`, backgroundSize: 'cover' } : undefined}
    >
      <UnstyledButton className={thumbs.open} onClick={() => onOpen(item)} aria-label={t('grid.open', { name: label })}>
        {item.thumb_url ? (
          <img className={thumbs.thumb} src={item.thumb_url} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className={thumbs.thumb} aria-hidden />
        )}
        {item.kind === 'video' && item.status === 'ready' && (
          <span className={thumbs.play} aria-hidden>
            <IconPlayerPlayFilled size={22} />
          </span>
        )}
      </UnstyledButton>
      <Group className={classes.badges} gap={4} wrap="wrap">
        {item.status === 'processing' && (
          <Badge size="sm" radius="sm" tt="none" color="gray" variant="white" leftSection={<Loader size={10} />}>
            {t('status.processing')}
          </Badge>
        )}
        {item.status === 'failed' && (
          <Badge
            size="sm"
            radius="sm"
            tt="none"
            color="red.9"
            variant="filled"
            leftSection={<IconAlertTriangle size={12} aria-hidden />}
          >
            {t('status.failed')}
          </Badge>
        )}
        {family
          ? item.is_new && (
              <Badge size="sm" radius="sm" tt="none" color="cue" variant="filled">
                {t('parent.new')}
              </Badge>
            )
          : item.status !== 'failed' && <PrivacyBadge privacy={item.privacy} compact />}
      </Group>
      {onToggle && (
        <Checkbox
          className={classes.check}
          checked={!!selected}
          onChange={(e) => onToggle(item, e.currentTarget.checked)}
          aria-label={t('grid.select', { name: label })}
          size="md"
        />
      )}
    </Box>
  );
}

/** The gallery's grid: tiles by day (`taken_on`, DD-MM-YYYY), newest days first as the server sends them. */
export function MediaGrid({ items, byDay = true, selected, onToggle, ...rest }: MediaGridProps) {
  const { t } = useTranslation(MEDIA_NS);
  const groups = byDay ? groupByDay(items) : [{ day: '', items: [...items] }];
  return (
    <Stack gap="lg" data-testid="media-grid">
      {groups.map((group) => (
        <Box component="section" key={group.day || 'all'} aria-label={group.day ? t('grid.day', { day: group.day }) : undefined}>
          {group.day && (
            <Group justify="space-between" mb="xs" gap="xs">
              <Title order={2} fz="md" fw={600}>
                <bdi>{group.day}</bdi>
              </Title>
              <Text fz="xs" c="dimmed">
                {t('grid.count', { count: group.items.length })}
              </Text>
            </Group>
          )}
          <SimpleGrid
            cols={{ base: 3, xs: 4, sm: 5, md: 6 }}
            spacing={{ base: 4, sm: 'xs' }}
            verticalSpacing={{ base: 4, sm: 'xs' }}
          >
            {group.items.map((item) => (
              <MediaTile key={item._id} item={item} selected={selected?.has(item._id)} onToggle={onToggle} {...rest} />
            ))}
          </SimpleGrid>
        </Box>
      ))}
    </Stack>
  );
}
