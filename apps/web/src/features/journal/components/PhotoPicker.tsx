import type { MediaItem } from '@cue/contract';
import {
  Alert,
  AspectRatio,
  Box,
  Button,
  Checkbox,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassMedia } from '../../media/api';
import { storyErrorText } from '../../story-insights/messages';
import { JOURNAL_NS } from '../i18n';

/** The most items a story or journal entry carries (the contract's media_ids limit). */
export const JOURNAL_MEDIA_MAX = 40;

/**
 * Photos and videos of the class gallery to put in the entry: the day's by default (every day on a
 * switch), each a tile with a tick. New photos go to the gallery first (its own upload); the entry only
 * names them.
 */
export function PhotoPicker({
  classId,
  date,
  value,
  onChange,
}: {
  classId: string;
  date: string;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation(JOURNAL_NS);
  const [everyDay, setEveryDay] = useState(false);
  const query = useMemo(() => (everyDay ? {} : { from_date: date, to_date: date }), [everyDay, date]);
  const list = useClassMedia('staff', classId, query);
  const items: MediaItem[] = list.data?.pages.flatMap((p) => p.items).filter((i) => i.status === 'ready') ?? [];
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => {
    if (on && !chosen.has(id) && value.length >= JOURNAL_MEDIA_MAX) return;
    onChange(on ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));
  };
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }} data-testid="journal-photo-picker">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text component="legend" fz="sm" fw={500} p={0}>
          {t('editor.photos')}
        </Text>
        <Group gap="sm">
          <Text fz="xs" c="dimmed" aria-live="polite">
            {t('editor.photosChosen', { count: value.length })}
          </Text>
          <Switch
            size="sm"
            label={t('editor.everyDay')}
            checked={everyDay}
            onChange={(e) => setEveryDay(e.currentTarget.checked)}
          />
        </Group>
      </Group>
      {list.isPending ? (
        <Skeleton h={120} radius="md" />
      ) : list.error ? (
        <Alert color="red" variant="light" title={storyErrorText(JOURNAL_NS, list.error)} />
      ) : items.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {everyDay ? t('editor.noPhotosAtAll') : t('editor.noPhotosThisDay')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 3, xs: 4, md: 6 }} spacing={6}>
          {items.map((item) => {
            const on = chosen.has(item._id);
            const label = item.caption || item.name;
            return (
              <AspectRatio ratio={1} key={item._id}>
                <Box
                  pos="relative"
                  style={{
                    borderRadius: 10,
                    overflow: 'hidden',
                    outline: on ? '3px solid var(--mantine-color-cue-6)' : undefined,
                    outlineOffset: -3,
                    background: 'var(--mantine-color-gray-1)',
                  }}
                >
                  <UnstyledButton onClick={() => toggle(item._id, !on)} w="100%" h="100%" tabIndex={-1} aria-hidden>
                    {item.thumb_url && (
                      <img
                        src={item.thumb_url}
                        alt=""
                        loading="lazy"
                        style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                      />
                    )}
                    {item.kind === 'video' && (
                      <Box pos="absolute" top="50%" left="50%" style={{ transform: 'translate(-50%, -50%)', color: 'white' }}>
                        <IconPlayerPlayFilled size={22} />
                      </Box>
                    )}
                  </UnstyledButton>
                  <Checkbox
                    pos="absolute"
                    top={6}
                    left={6}
                    checked={on}
                    onChange={(e) => toggle(item._id, e.currentTarget.checked)}
                    aria-label={t('editor.choosePhoto', { name: label })}
                    disabled={!on && value.length >= JOURNAL_MEDIA_MAX}
                  />
                </Box>
              </AspectRatio>
            );
          })}
        </SimpleGrid>
      )}
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="subtle" size="xs" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('editor.morePhotos')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
