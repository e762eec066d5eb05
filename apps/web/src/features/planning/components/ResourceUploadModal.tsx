import { DOCUMENT_TYPES, ROUTES, UPLOAD_LIMITS } from '@cue/contract';
import { Modal, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../components/FileDrop';
import { apiUpload } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { type PlanningResource, planningKeys } from '../api';
import { PLANNING_NS, planningErrorText, planningMessage } from '../i18n';

/** What the resource library takes as a file: documents and pictures (a video is added as a link). */
export const RESOURCE_FILE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', ...DOCUMENT_TYPES] as const;
const MAX_MB = Math.round(UPLOAD_LIMITS.max_doc_size / 1024 / 1024);

/**
 * "Upload a file": one file into the resource library (field `file`), with its progress; once stored,
 * `onUploaded` opens the resource's form to add its details.
 */
export function ResourceUploadModal({
  onClose,
  onUploaded,
}: {
  onClose: () => void;
  onUploaded: (resource: PlanningResource) => void;
}) {
  const { t } = useTranslation(PLANNING_NS);
  const client = useQueryClient();
  const labelId = useId();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);

  const upload = async (file: File) => {
    setProgress({ name: file.name, percent: 0 });
    const form = new FormData();
    form.append('file', file);
    try {
      const answer = await apiUpload(ROUTES.resourceUpload, form, {
        side: 'staff',
        onProgress: (fraction) => setProgress({ name: file.name, percent: Math.round(fraction * 100) }),
      });
      void client.invalidateQueries({ queryKey: planningKeys.resources });
      toast.success(planningMessage('resourceCreated'));
      onUploaded(answer.result);
    } catch (err) {
      toast.error(planningErrorText(err), file.name);
      setProgress(null);
    }
  };

  return (
    <Modal
      opened
      onClose={() => !progress && onClose()}
      title={t('resources.upload.title')}
      centered
      closeButtonProps={{ 'aria-label': t('resources.upload.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <FileDrop
          onDrop={(files) => {
            const [first] = files;
            if (first) void upload(first);
          }}
          onReject={(files) => toast.error(t('resources.upload.refused', { size: MAX_MB }), files[0]?.name)}
          accept={RESOURCE_FILE_TYPES}
          maxSize={UPLOAD_LIMITS.max_doc_size}
          disabled={!!progress}
          aria-labelledby={labelId}
          data-testid="resource-dropzone"
        >
          <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
            <IconUpload size={28} aria-hidden />
            <Text fz="sm" fw={600} id={labelId}>
              {t('resources.upload.drop')}
            </Text>
            <Text fz="xs" c="dimmed">
              {t('resources.upload.hint', { size: MAX_MB })}
            </Text>
          </Stack>
        </FileDrop>
        {progress && (
          <Stack gap={4}>
            <Text fz="sm">{t('resources.upload.sending', { name: progress.name })}</Text>
            <Progress value={progress.percent} aria-label={t('resources.upload.progress', { name: progress.name })} />
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
