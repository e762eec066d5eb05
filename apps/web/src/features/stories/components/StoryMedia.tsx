import type { MediaItem } from '@cue/contract';
import { ActionIcon, Alert, Box, Checkbox, Group, Loader, Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPlayerPlayFilled, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import thumbs from '../../../components/Thumbs.module.css';
import { placeholderUrl } from '../../media/placeholder';
import { STORIES_NS } from '../i18n';
import classes from './StoryMedia.module.css';

const labelOf = (item: MediaItem) => item.caption || item.name;

/** One square thumbnail (its blurhash until it loads) that opens, ticks or is removed. */
export function Thumb({
  item,
  onClick,
  label,
  selected,
  onRemove,
}: {
  item: MediaItem;
  onClick: () => void;
  /** The button's accessible name. */
  label: string;
  /** A tick in the corner (the picker); undefined for none. */
  selected?: boolean;
  onRemove?: () => void;
}) {
  const { t } = useTranslation(STORIES_NS);
  const placeholder = placeholderUrl(item.blurhash);
  return (
    <Box
      className={thumbs.tile}
      data-testid="story-media-tile"
      data-selected={selected || undefined}
      style={placeholder ? { backgroundImage: `url(${placeholder})`, backgroundSize: 'cover' } : undefined}
    >
      <UnstyledButton className={thumbs.open} onClick={onClick} aria-label={label} aria-pressed={selected}>
        {item.thumb_url ? (
          <img className={thumbs.thumb} src={item.thumb_url} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className={thumbs.thumb} aria-hidden />
        )}
        {item.kind === 'video' && (
          <span className={thumbs.play} aria-hidden>
            <IconPlayerPlayFilled size={22} />
          </span>
        )}
      </UnstyledButton>
      {selected !== undefined && (
        <Checkbox className={classes.tick} checked={selected} readOnly tabIndex={-1} aria-hidden size="md" />
      )}
      {onRemove && (
        <ActionIcon
          className={classes.corner}
          size="sm"
          radius="xl"
          color="dark"
          variant="filled"
          onClick={onRemove}
          aria-label={t('media.remove', { name: labelOf(item) })}
        >
          <IconX size={14} aria-hidden />
        </ActionIcon>
      )}
    </Box>
  );
}

/** The picture or the video as large as the window allows (read-only). */
function Large({ item }: { item: MediaItem }) {
  const { t } = useTranslation(STORIES_NS);
  if (item.status === 'processing' || (item.status === 'ready' && !item.url))
    return (
      <Group h={240} justify="center" gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">{t('media.processing')}</Text>
      </Group>
    );
  if (item.status === 'failed' || !item.url)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t('media.failed')}
      </Alert>
    );
  if (item.kind === 'video')
    return (
      // biome-ignore lint/a11y/useMediaCaption: classroom videos have no caption track; the item's caption is shown under it
      <video
        controls
        preload="metadata"
        poster={item.poster_url ?? undefined}
        src={item.url}
        style={{ width: '100%', maxHeight: '75vh', borderRadius: 'var(--mantine-radius-md)', background: 'black' }}
      />
    );
  return (
    <img
      src={item.medium_url ?? item.url}
      alt={labelOf(item)}
      style={{
        display: 'block',
        maxWidth: '100%',
        maxHeight: '75vh',
        margin: '0 auto',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    />
  );
}

/** A story's photos and videos as a grid of thumbnails; one opens large in a modal. */
export function StoryMedia({ items }: { items: readonly MediaItem[] }) {
  const { t } = useTranslation(STORIES_NS);
  const mobile = useMediaQuery('(max-width: 36em)');
  const [open, setOpen] = useState<MediaItem | null>(null);
  if (items.length === 0) return null;
  return (
    <>
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" data-testid="story-media">
        {items.map((item) => (
          <Thumb key={item._id} item={item} onClick={() => setOpen(item)} label={t('media.open', { name: labelOf(item) })} />
        ))}
      </SimpleGrid>
      <Modal
        opened={!!open}
        onClose={() => setOpen(null)}
        size="xl"
        fullScreen={mobile}
        centered
        title={open ? labelOf(open) : ''}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {open && <Large item={open} />}
        {open?.caption && (
          <Text fz="sm" mt="sm">
            {open.caption}
          </Text>
        )}
      </Modal>
    </>
  );
}
