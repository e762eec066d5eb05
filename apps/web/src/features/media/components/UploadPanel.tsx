import { MEDIA_PRIVACY, type MediaPrivacy, UPLOAD_LIMITS } from '@cue/contract';
import { ActionIcon, Alert, Group, Paper, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../components/FileDrop';
import { UploadProgress } from '../../../components/UploadProgress';
import { errorText, toast } from '../../../lib/notify';
import { mediaKeys, uploadToGallery, useUploadConstraint } from '../api';
import { batchPercent, fileRefusal, GALLERY_ACCEPT, runPool } from '../gallery';
import { MEDIA_NS } from '../i18n';

/** At most this many files travel at once; the rest wait their turn. */
export const PARALLEL_UPLOADS = 3;

type State = 'waiting' | 'uploading' | 'done' | 'failed' | 'refused';
interface Entry {
  key: string;
  name: string;
  size: number;
  percent: number;
  state: State;
  /** Why it was refused or failed, in the reader's language. */
  reason?: string;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
let counter = 0;

/**
 * Uploading to the class's gallery: many pictures and videos at once (chosen or dropped), each checked
 * against the school's sizes before it is sent, three at a time, with a bar per file and one for the
 * batch. A refused file says why (by the refusal's code) and the others go on.
 */
export function UploadPanel({ classId, onClose }: { classId: string; onClose: () => void }) {
  const { t } = useTranslation(MEDIA_NS);
  const client = useQueryClient();
  const constraint = useUploadConstraint();
  const limits = constraint.data ?? UPLOAD_LIMITS;
  const [privacy, setPrivacy] = useState<MediaPrivacy>('class');
  const [entries, setEntries] = useState<Entry[]>([]);
  const labelId = useId();
  const narrow = useMediaQuery('(max-width: 36em)');

  const update = (key: string, patch: Partial<Entry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));

  const refuse = (file: File, reason: string) => {
    counter += 1;
    toast.error(reason);
    setEntries((list) => [
      ...list,
      { key: `u${counter}`, name: file.name, size: file.size, percent: 0, state: 'refused', reason },
    ]);
  };

  const add = (files: File[]) => {
    const accepted: { file: File; key: string }[] = [];
    for (const file of files) {
      const refusal = fileRefusal(file, limits);
      if (refusal?.reason === 'tooLarge') refuse(file, t('upload.tooLarge', { name: file.name, size: megabytes(refusal.max) }));
      else if (refusal) refuse(file, t('upload.unsupported', { name: file.name }));
      else {
        counter += 1;
        accepted.push({ file, key: `u${counter}` });
      }
    }
    if (!accepted.length) return;
    setEntries((list) => [
      ...list,
      ...accepted.map(({ file, key }) => ({ key, name: file.name, size: file.size, percent: 0, state: 'waiting' as const })),
    ]);
    const batchPrivacy = privacy;
    void runPool(accepted, PARALLEL_UPLOADS, async ({ file, key }) => {
      update(key, { state: 'uploading' });
      try {
        await uploadToGallery(classId, file, { privacy: batchPrivacy }, (fraction) =>
          update(key, { percent: Math.round(fraction * 99) }),
        );
        update(key, { state: 'done', percent: 100 });
        // Each stored file shows in the grid at once (as "processing" until its thumbnails are made).
        void client.invalidateQueries({ queryKey: mediaKeys.cls(classId) });
      } catch (err) {
        update(key, { state: 'failed', reason: errorText(err) });
      }
    }).then((results) => {
      const done = results.filter((r) => r.status === 'fulfilled').length;
      if (done) toast.success(t('upload.batchDone', { count: accepted.length }));
    });
  };

  const settled = entries.filter((e) => e.state !== 'waiting' && e.state !== 'uploading').length;
  const failed = entries.filter((e) => e.state === 'failed' || e.state === 'refused').length;
  const overall = batchPercent(entries);
  const busy = settled < entries.length;

  return (
    <Paper withBorder radius="lg" p="md" data-testid="upload-panel">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text fw={600} id={labelId}>
            {t('upload.title')}
          </Text>
          <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('upload.close')} disabled={busy}>
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <Stack gap={4}>
          <Text fz="sm" fw={500} id={`${labelId}-privacy`}>
            {t('upload.privacy')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${labelId}-privacy`}
            value={privacy}
            onChange={(value) => setPrivacy(value as MediaPrivacy)}
            data={MEDIA_PRIVACY.map((p) => ({ value: p, label: t(`privacy.${p}`) }))}
            fullWidth
            // Three long choices do not fit side by side on a phone (Arabic, Hebrew): one above the other there.
            orientation={narrow ? 'vertical' : 'horizontal'}
            size="sm"
          />
        </Stack>
        <FileDrop
          accept={GALLERY_ACCEPT}
          // Sizes differ by kind: each file is checked here, so the drop takes any size.
          maxSize={Number.POSITIVE_INFINITY}
          onDrop={add}
          onReject={(files) => {
            for (const file of files) refuse(file, t('upload.unsupported', { name: file.name }));
          }}
          aria-labelledby={labelId}
          data-testid="media-drop"
        >
          <Group gap="sm" wrap="nowrap" justify="center" py="md">
            <IconPhotoPlus size={28} aria-hidden color="var(--mantine-color-cue-6)" />
            <Stack gap={0}>
              <Text fw={500}>{t('upload.drop')}</Text>
              <Text fz="xs" c="dimmed">
                {t('upload.hint', { image: megabytes(limits.max_image_size), video: megabytes(limits.max_video_size) })}
              </Text>
            </Stack>
          </Group>
        </FileDrop>
        {entries.length > 0 && (
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Text fz="sm" fw={500}>
                {t('upload.overall', { done: settled, total: entries.length })}
              </Text>
              <Text fz="xs" c="dimmed">{`${overall}%`}</Text>
            </Group>
            <Progress value={overall} size="md" aria-label={t('upload.overallLabel')} color={failed ? 'orange' : 'cue'} />
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {entries.map((e) => (
                <li key={e.key} data-testid="upload-entry" data-state={e.state}>
                  <UploadProgress name={e.name} percent={e.percent} failed={e.state === 'failed' || e.state === 'refused'} />
                  {e.reason && (
                    <Text fz="xs" c="red.8" mt={2}>
                      {e.reason}
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
            {!busy && failed > 0 && (
              <Alert color="orange" variant="light" p="xs">
                {t('upload.someFailed', { count: failed })}
              </Alert>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
