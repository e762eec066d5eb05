import { Group, Progress, Text } from '@mantine/core';
import { IconCheck, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface UploadProgressProps {
  /** File name (or any label). */
  name: string;
  /** 0 to 100. */
  percent: number;
  failed?: boolean;
}

/** One file's upload progress: name, bar and percentage (announced to screen readers by the progressbar). */
export function UploadProgress({ name, percent, failed = false }: UploadProgressProps) {
  const { t } = useTranslation();
  const done = percent >= 100 && !failed;
  return (
    <div data-testid="upload-progress">
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <Group gap={6} wrap="nowrap" miw={0}>
          {done ? <IconCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" /> : <IconUpload size={16} aria-hidden />}
          <Text fz="sm" truncate="end" miw={0}>
            {name}
          </Text>
        </Group>
        <Text fz="xs" c={failed ? 'red' : 'dimmed'} style={{ flexShrink: 0 }}>
          {failed ? t('upload.failed') : done ? t('upload.done') : `${percent}%`}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={failed ? 'red' : done ? 'teal' : 'cue'}
        size="sm"
        animated={!done && !failed}
        aria-label={t('upload.label', { name })}
      />
    </div>
  );
}
