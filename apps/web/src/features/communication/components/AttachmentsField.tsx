import { DOCUMENT_TYPES, UPLOAD_LIMITS } from '@cue/contract';
import { ActionIcon, Button, FileButton, Group, Image, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileText, IconPaperclip, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '../../../components/UploadProgress';
import { toast } from '../../../lib/notify';
import { type UploadConstraint, uploadAttachment, useUploadConstraint } from '../api';
import { COMMUNICATION_NS, failureText } from '../i18n';

/** One attachment of the form: already stored (media_link) or being uploaded (percent). */
export interface FormAttachment {
  key: string;
  name: string;
  kind: string;
  media_link?: string;
  /** A local preview of a picture while it uploads. */
  preview?: string;
  percent: number;
  failed?: boolean;
}

export const ACCEPT = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', ...DOCUMENT_TYPES].join(',');

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Why a file may not be attached under the constraints (null when it may). */
function refusal(file: File, limits: UploadConstraint, t: (key: string, options?: Record<string, unknown>) => string) {
  const image = file.type.startsWith('image/');
  const document = (DOCUMENT_TYPES as readonly string[]).includes(file.type);
  if (!image && !document) return t('attachments.unsupported', { name: file.name });
  const max = image ? limits.max_image_size : limits.max_doc_size;
  if (file.size > max) return t('attachments.tooLarge', { name: file.name, size: megabytes(max) });
  return null;
}

let counter = 0;

/**
 * Attachments: pictures and documents, checked against GET /api/fetch_media_upload_constraint/,
 * uploaded at once with their progress, shown as previews and removable.
 */
export function AttachmentsField({
  value,
  onChange,
}: {
  value: FormAttachment[];
  onChange: (update: (current: FormAttachment[]) => FormAttachment[]) => void;
}) {
  const { t } = useTranslation(COMMUNICATION_NS);
  const constraint = useUploadConstraint();
  const limits = constraint.data ?? UPLOAD_LIMITS;
  const resetRef = useRef<() => void>(null);
  const previews = useRef(new Set<string>());
  // Local previews are freed when the form goes.
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const update = (key: string, patch: Partial<FormAttachment>) =>
    onChange((list) => list.map((a) => (a.key === key ? { ...a, ...patch } : a)));

  const add = (files: File[]) => {
    resetRef.current?.();
    const room = Math.max(0, limits.total_media - value.length);
    if (files.length > room) toast.error(t('attachments.tooMany', { max: limits.total_media }));
    for (const file of files.slice(0, room)) {
      const reason = refusal(file, limits, t);
      if (reason) {
        toast.error(reason);
        continue;
      }
      counter += 1;
      const key = `upload-${counter}`;
      const kind = file.type.startsWith('image/') ? 'image' : 'document';
      const preview = kind === 'image' ? URL.createObjectURL(file) : undefined;
      if (preview) previews.current.add(preview);
      onChange((list) => [...list, { key, name: file.name, kind, preview, percent: 0 }]);
      uploadAttachment(file, (p) => update(key, { percent: p.percent })).then(
        (stored) => update(key, { media_link: stored.media_link, name: stored.name, kind: stored.kind, percent: 100 }),
        (err: unknown) => {
          update(key, { failed: true });
          toast.error(failureText(err), t('attachments.failed', { name: file.name }));
        },
      );
    }
  };

  const remove = (key: string) => onChange((list) => list.filter((a) => a.key !== key));

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="sm">
        <Stack gap={0}>
          <Text fz="sm" fw={500}>
            {t('attachments.label')}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('attachments.hint', {
              max: limits.total_media,
              image: megabytes(limits.max_image_size),
              doc: megabytes(limits.max_doc_size),
            })}
          </Text>
        </Stack>
        <FileButton onChange={add} accept={ACCEPT} multiple resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              disabled={value.length >= limits.total_media}
              data-testid="attach-files"
            >
              {t('attachments.add')}
            </Button>
          )}
        </FileButton>
      </Group>
      {value.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="attachment-previews">
          {value.map((a) => {
            const src = a.kind === 'image' ? (a.media_link ?? a.preview) : undefined;
            return (
              <Paper
                key={a.key}
                withBorder
                radius="md"
                p={6}
                pos="relative"
                data-testid="attachment-preview"
                data-done={a.media_link ? 'true' : 'false'}
              >
                <ActionIcon
                  pos="absolute"
                  top={4}
                  style={{ insetInlineEnd: 4, zIndex: 1 }}
                  size="sm"
                  radius="xl"
                  variant="white"
                  color="red"
                  aria-label={t('attachments.remove', { name: a.name })}
                  onClick={() => remove(a.key)}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
                {src ? (
                  <Image src={src} alt={a.name} h={90} fit="cover" radius="sm" />
                ) : (
                  <Group h={90} justify="center">
                    <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                      <IconFileText size={26} />
                    </ThemeIcon>
                  </Group>
                )}
                <div style={{ marginTop: 6 }}>
                  <UploadProgress name={a.name} percent={a.percent} failed={a.failed} />
                </div>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
