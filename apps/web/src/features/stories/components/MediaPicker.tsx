import { type MediaItem, UPLOAD_LIMITS } from '@cue/contract';
import { Alert, Button, FileButton, Group, Modal, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from '../../../lib/notify';
import { mediaKeys, uploadToGallery, useClassMedia, useUploadConstraint } from '../../media/api';
import { fileRefusal, GALLERY_ACCEPT } from '../../media/gallery';
import { STORIES_NS } from '../i18n';
import { toggleId } from '../story';
import { Thumb } from './StoryMedia';

const NO_FILTER = {};
/** The contract's most items of one story. */
export const STORY_MEDIA_MAX = 40;

/**
 * The class gallery to choose a story's photos and videos from: thumbnails with a tick, page after page;
 * "Upload" sends files to the gallery first (the story refers to gallery items only) and ticks them.
 * Mounted while open, so each opening starts from the story's current choice.
 */
export function MediaPicker({
  opened,
  classId,
  value,
  onClose,
  onDone,
}: {
  opened: boolean;
  classId: string;
  value: string[];
  onClose: () => void;
  /** The chosen ids and the items known for them. */
  onDone: (ids: string[], items: MediaItem[]) => void;
}) {
  const { t } = useTranslation(STORIES_NS);
  const mobile = useMediaQuery('(max-width: 36em)');
  const client = useQueryClient();
  const list = useClassMedia('staff', opened ? classId : null, NO_FILTER);
  const constraint = useUploadConstraint();
  const limits = constraint.data ?? UPLOAD_LIMITS;
  const [chosen, setChosen] = useState<string[]>(value);
  const [uploaded, setUploaded] = useState<MediaItem[]>([]);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  // Just uploaded items first, until the gallery's list has them.
  const shown = [...uploaded.filter((u) => !items.some((i) => i._id === u._id)), ...items];

  const upload = async (files: File[]) => {
    for (const file of files) {
      const refusal = fileRefusal(file, limits);
      if (refusal) {
        toast.error(t(refusal.reason === 'tooLarge' ? 'picker.tooLarge' : 'picker.unsupported', { name: file.name }));
        continue;
      }
      setProgress({ name: file.name, percent: 0 });
      try {
        const item = await uploadToGallery(classId, file, { privacy: 'class' }, (fraction) =>
          setProgress({ name: file.name, percent: Math.round(fraction * 100) }),
        );
        setUploaded((list) => [item, ...list]);
        setChosen((ids) => toggleId(ids, item._id, true));
        void client.invalidateQueries({ queryKey: mediaKeys.cls(classId) });
      } catch (err) {
        toast.error(errorText(err), file.name);
      }
    }
    setProgress(null);
  };

  const tooMany = chosen.length > STORY_MEDIA_MAX;
  return (
    <Modal
      opened={opened}
      onClose={() => !progress && onClose()}
      size="xl"
      fullScreen={mobile}
      title={t('picker.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md" data-testid="media-picker">
        <Group justify="space-between" gap="sm">
          <Text fz="sm" c={tooMany ? 'red' : 'dimmed'} aria-live="polite">
            {t('picker.chosen', { count: chosen.length, max: STORY_MEDIA_MAX })}
          </Text>
          <FileButton onChange={(files) => void upload(files)} accept={GALLERY_ACCEPT.join(',')} multiple>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} loading={!!progress}>
                {t('picker.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
        {progress && (
          <Stack gap={4}>
            <Text fz="xs" c="dimmed">
              {t('picker.uploading', { name: progress.name })}
            </Text>
            <Progress value={progress.percent} aria-label={t('picker.uploading', { name: progress.name })} animated />
          </Stack>
        )}
        {list.error && !list.data ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {errorText(list.error)}
          </Alert>
        ) : !list.data ? (
          <Skeleton h={240} radius="md" />
        ) : shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('picker.empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 5 }} spacing="xs">
            {shown.map((item) => {
              const on = chosen.includes(item._id);
              return (
                <Thumb
                  key={item._id}
                  item={item}
                  selected={on}
                  label={t('picker.choose', { name: item.caption || item.name })}
                  onClick={() => setChosen((ids) => toggleId(ids, item._id, !on))}
                />
              );
            })}
          </SimpleGrid>
        )}
        {list.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('loadMore')}
            </Button>
          </Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={!!progress}>
            {t('cancel')}
          </Button>
          <Button
            onClick={() =>
              onDone(
                chosen,
                [...uploaded, ...items].filter((i) => chosen.includes(i._id)),
              )
            }
            disabled={!!progress || tooMany}
          >
            {t('picker.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
