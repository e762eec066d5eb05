import { BUG_REPORT_MESSAGES, ROUTES, UPLOAD_LIMITS } from '@cue/contract';
import { ActionIcon, Button, FileButton, Group, Image, Loader, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconCamera, IconPhotoPlus, IconRefresh, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '../../components/UploadProgress';
import { toast } from '../../lib/notify';
import { uploadFile } from '../../lib/upload';
import { sendBugReport } from './api';
import { capturePage } from './screenshot';

interface Attachment {
  id: string;
  blob: Blob;
  name: string;
  url: string;
  screenshot: boolean;
}

type Message = keyof typeof BUG_REPORT_MESSAGES;

let counter = 0;
const attachment = (blob: Blob, name: string, screenshot: boolean): Attachment => ({
  id: `a${++counter}`,
  blob,
  name,
  url: URL.createObjectURL(blob),
  screenshot,
});

/**
 * Report an Issue (spec sections 2, 5, 8): a screenshot of the current page, extra images, a required
 * description; the images go up through POST /api/media/, then POST /api/bug_report/.
 */
export default function ReportIssueModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const say = (name: Message) => t(`report.messages.${name}`, { defaultValue: BUG_REPORT_MESSAGES[name] });
  const [files, setFiles] = useState<Attachment[]>([]);
  const [summary, setSummary] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [failedUpload, setFailedUpload] = useState<string | null>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const filesRef = useRef(files);
  filesRef.current = files;

  const capture = async () => {
    setCapturing(true);
    try {
      const blob = await capturePage();
      setFiles((list) => [attachment(blob, 'screenshot.png', true), ...list.filter((f) => !f.screenshot)]);
    } catch {
      toast.error(say('screenshotFailed'));
    } finally {
      setCapturing(false);
    }
  };

  // A fresh report each time the dialog opens, starting with a screenshot of the page behind it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the dialog opens
  useEffect(() => {
    if (!opened) return;
    setSummary('');
    setError(null);
    setProgress({});
    setFailedUpload(null);
    setFiles((list) => {
      for (const f of list) URL.revokeObjectURL(f.url);
      return [];
    });
    void capture();
  }, [opened]);

  useEffect(
    () => () => {
      for (const f of filesRef.current) URL.revokeObjectURL(f.url);
    },
    [],
  );

  const addImages = (picked: File[]) => {
    const images = picked.filter((file) => file.type.startsWith('image/') && file.size <= UPLOAD_LIMITS.max_image_size);
    if (images.length < picked.length) toast.error(say('imagesFailed'));
    setFiles((list) =>
      [...list, ...images.map((file) => attachment(file, file.name, false))].slice(0, UPLOAD_LIMITS.total_media),
    );
  };

  const remove = (id: string) =>
    setFiles((list) => {
      const gone = list.find((f) => f.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return list.filter((f) => f.id !== id);
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!summary.trim()) {
      setError(say('describe'));
      toast.error(say('describe'));
      descriptionRef.current?.focus();
      return;
    }
    setSending(true);
    setFailedUpload(null);
    const media: { media_link: string }[] = [];
    for (const file of files) {
      try {
        const answer = await uploadFile(
          ROUTES.mediaUpload,
          new File([file.blob], file.name, { type: file.blob.type || 'image/png' }),
          (p) => setProgress((all) => ({ ...all, [file.id]: p.percent })),
        );
        media.push({ media_link: answer.result.media_link });
      } catch {
        setFailedUpload(file.id);
        toast.error(say('imagesFailed'));
        setSending(false);
        return;
      }
    }
    try {
      await sendBugReport({ url: window.location.href, summary: summary.trim(), media });
      toast.success(say('success'));
      onClose();
    } catch {
      toast.error(say('failure'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('report.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="report-issue"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed" id={hintId}>
            {t('report.intro')}
          </Text>
          <Textarea
            ref={descriptionRef}
            label={t('report.description')}
            placeholder={t('report.placeholder')}
            value={summary}
            onChange={(e) => {
              setSummary(e.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            withAsterisk
            required
            autosize
            minRows={4}
            maxRows={10}
            maxLength={5000}
            data-autofocus
          />
          <div>
            <Group justify="space-between" mb={8}>
              <Text fz="sm" fw={500}>
                {t('report.images')}
              </Text>
              <Group gap={6}>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={
                    capturing ? (
                      <Loader size={14} />
                    ) : files.some((f) => f.screenshot) ? (
                      <IconRefresh size={16} aria-hidden />
                    ) : (
                      <IconCamera size={16} aria-hidden />
                    )
                  }
                  onClick={() => void capture()}
                  disabled={capturing || sending}
                >
                  {files.some((f) => f.screenshot) ? t('report.retake') : t('report.capture')}
                </Button>
                <FileButton
                  onChange={addImages}
                  accept="image/*"
                  multiple
                  disabled={sending || files.length >= UPLOAD_LIMITS.total_media}
                >
                  {(props) => (
                    <Button {...props} variant="subtle" size="compact-sm" leftSection={<IconPhotoPlus size={16} aria-hidden />}>
                      {t('report.addImages')}
                    </Button>
                  )}
                </FileButton>
              </Group>
            </Group>
            {capturing && files.length === 0 ? (
              <Group gap="xs" c="dimmed">
                <Loader size="sm" />
                <Text fz="sm">{t('report.capturing')}</Text>
              </Group>
            ) : files.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {t('report.noImages')}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                {files.map((file) => (
                  <div
                    key={file.id}
                    style={{ position: 'relative' }}
                    data-testid={file.screenshot ? 'report-screenshot' : 'report-image'}
                  >
                    <Image
                      src={file.url}
                      alt={file.screenshot ? t('report.screenshotAlt') : file.name}
                      h={96}
                      fit="cover"
                      radius="md"
                      bd="1px solid var(--mantine-color-gray-3)"
                    />
                    <ActionIcon
                      size="sm"
                      radius="xl"
                      variant="filled"
                      color="dark"
                      pos="absolute"
                      top={4}
                      style={{ insetInlineEnd: 4 }}
                      aria-label={t('report.remove', { name: file.screenshot ? t('report.screenshotAlt') : file.name })}
                      onClick={() => remove(file.id)}
                      disabled={sending}
                    >
                      <IconX size={14} aria-hidden />
                    </ActionIcon>
                    {(sending || progress[file.id] !== undefined) && (
                      <div style={{ marginTop: 6 }}>
                        <UploadProgress name={file.name} percent={progress[file.id] ?? 0} failed={failedUpload === file.id} />
                      </div>
                    )}
                  </div>
                ))}
              </SimpleGrid>
            )}
          </div>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={sending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={sending}>
              {t('report.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
