import { MEDIA_PRIVACY, type MediaItem, type MediaPrivacy } from '@cue/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Divider,
  Grid,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconDownload, IconSparkles, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { ConfirmModal } from '../../../components/FormModal';
import { errorText, toast } from '../../../lib/notify';
import type { Side } from '../../../lib/session';
import { useImageCaption } from '../../cue/useImageCaption';
import { type MediaEdit, useDeleteMedia, useEditMedia, useMediaItem } from '../api';
import { pickerDay, wireDay } from '../gallery';
import { MEDIA_NS, mediaMessage } from '../i18n';
import { type ChildOption, FaceActions } from './FaceActions';
import { FacePicture } from './FacePicture';
import { PrivacyBadge } from './PrivacyBadge';

/** The picture or the video, as large as the viewer allows. */
function Medium({ item, maxHeight }: { item: MediaItem; maxHeight: string }) {
  const { t } = useTranslation(MEDIA_NS);
  // A family's copy with faces blurred may still be in the making: shown as processing, never as failed.
  if (item.status === 'processing' || (item.status === 'ready' && !item.url))
    return (
      <Group h={240} justify="center" gap="xs" bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Loader size="sm" />
        <Text c="dimmed">{t('status.processingLong')}</Text>
      </Group>
    );
  if (item.status === 'failed' || !item.url)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t('status.failedLong')}
      </Alert>
    );
  if (item.kind === 'video')
    return (
      // biome-ignore lint/a11y/useMediaCaption: classroom videos have no caption track; the item's caption is shown beside it
      <video
        controls
        preload="metadata"
        poster={item.poster_url ?? undefined}
        src={item.url}
        style={{ maxWidth: '100%', maxHeight, borderRadius: 'var(--mantine-radius-md)', background: 'black' }}
        aria-label={item.caption || item.name}
      />
    );
  return (
    <FacePicture
      src={item.medium_url ?? item.url}
      alt={item.caption || item.name}
      faces={item.faces}
      size={{ width: item.width, height: item.height }}
      maxHeight={maxHeight}
    />
  );
}

/** A staff member's edits of one item: each field is saved on its own, as soon as it is changed. */
function StaffFields({ item, childOptions, onDeleted }: { item: MediaItem; childOptions: ChildOption[]; onDeleted: () => void }) {
  const { t } = useTranslation(MEDIA_NS);
  const edit = useEditMedia();
  const remove = useDeleteMedia();
  const [caption, setCaption] = useState(item.caption);
  const [confirming, setConfirming] = useState(false);
  // The tags as chosen here, so quick successive picks build on each other before the answer comes back.
  const tagged = item.tagged.map((c) => c._id).join(',');
  const [tags, setTags] = useState<string[]>(() => item.tagged.map((c) => c._id));
  useEffect(() => setTags(tagged ? tagged.split(',') : []), [tagged]);
  const [suggesting, setSuggesting] = useState(false);
  const captions = useImageCaption();
  // Another item opened in the same viewer starts from its own caption.
  useEffect(() => setCaption(item.caption), [item.caption]);
  const canEdit = item.abilities.can_edit;
  const canTag = item.abilities.can_tag;

  const save = (body: MediaEdit) =>
    edit.mutate(
      { id: item._id, body },
      {
        onSuccess: () => toast.success(mediaMessage('saved')),
        onError: (err) => {
          // A refused tag (e.g. no photo consent for a class-wide item) goes back to what is saved.
          setTags(item.tagged.map((c) => c._id));
          toast.error(errorText(err));
        },
      },
    );
  const suggest = async () => {
    const source = item.medium_url ?? item.url;
    if (!source) return;
    setSuggesting(true);
    try {
      // The model is reached by the server, which needs an address it can follow.
      setCaption(await captions.caption(new URL(source, window.location.origin).href));
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t('viewer.captionFailed'));
    } finally {
      setSuggesting(false);
    }
  };
  // The children known to the class, and any tagged child the list does not hold (e.g. moved class).
  const options = [
    ...childOptions,
    ...item.tagged.filter((c) => !childOptions.some((o) => o.value === c._id)).map((c) => ({ value: c._id, label: c.name })),
  ];
  const liveFaces = item.faces.filter((f) => f.status !== 'ignored' && f.status !== 'not_in_class');

  return (
    <Stack gap="sm">
      <Textarea
        label={t('viewer.caption')}
        value={caption}
        onChange={(e) => setCaption(e.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
        disabled={!canEdit}
      />
      {canEdit && (
        <Group gap="xs">
          <Button
            size="compact-sm"
            onClick={() => save({ caption })}
            disabled={caption.trim() === item.caption}
            loading={edit.isPending && edit.variables?.body.caption !== undefined}
          >
            {t('viewer.saveCaption')}
          </Button>
          {captions.available && item.kind === 'image' && item.status === 'ready' && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconSparkles size={14} aria-hidden />}
              onClick={() => void suggest()}
              loading={suggesting}
            >
              {t('viewer.suggestCaption')}
            </Button>
          )}
        </Group>
      )}
      <Select
        label={t('viewer.privacy')}
        data={MEDIA_PRIVACY.map((p) => ({ value: p, label: t(`privacy.${p}`) }))}
        value={item.privacy}
        onChange={(value) => value && value !== item.privacy && save({ privacy: value as MediaPrivacy })}
        allowDeselect={false}
        disabled={!canEdit}
        comboboxProps={{ withinPortal: true }}
      />
      <DatePickerInput
        label={t('viewer.takenOn')}
        value={pickerDay(item.taken_on)}
        onChange={(value) => {
          const day = wireDay(value);
          if (day && day !== item.taken_on) save({ taken_on: day });
        }}
        valueFormat="DD-MM-YYYY"
        valueFormatter={readerDateFormatter(DAY)}
        disabled={!canEdit}
        popoverProps={{ withinPortal: true }}
      />
      <MultiSelect
        label={t('viewer.children')}
        placeholder={item.tagged.length ? undefined : t('viewer.childrenPlaceholder')}
        data={options}
        value={tags}
        onChange={(ids) => {
          setTags(ids);
          save({ student_ids: ids });
        }}
        searchable
        clearable
        disabled={!canTag}
        comboboxProps={{ withinPortal: true }}
        data-testid="viewer-children"
      />
      {liveFaces.length > 0 && canTag && (
        <>
          <Divider label={t('viewer.faces', { count: liveFaces.length })} labelPosition="left" />
          <Stack gap="md">
            {item.faces.map((face, index) =>
              liveFaces.includes(face) ? (
                <FaceActions key={`${face._id}-${face.status}`} face={face} number={index + 1} options={childOptions} />
              ) : null,
            )}
          </Stack>
        </>
      )}
      <Divider />
      <Group justify="space-between" gap="xs">
        {item.url ? (
          <Anchor href={item.url} download={item.name} fz="sm">
            <Group gap={4} component="span">
              <IconDownload size={16} aria-hidden />
              {t('viewer.download')}
            </Group>
          </Anchor>
        ) : (
          <span />
        )}
        {item.abilities.can_delete && (
          <Button
            color="red"
            variant="light"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('viewer.delete')}
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('viewer.deleteTitle')}
        message={t('viewer.deleteBody', { days: 30 })}
        confirmLabel={t('viewer.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(item._id, {
            onSuccess: () => {
              toast.success(mediaMessage('deleted'));
              setConfirming(false);
              onDeleted();
            },
            onError: (err) => toast.error(errorText(err)),
          })
        }
      />
    </Stack>
  );
}

/**
 * One item large: the picture with its faces drawn (or the video with its poster) and, for staff, its
 * caption, privacy, day, tagged children, faces to decide, download and delete; for a family, the
 * caption, day and download.
 */
export function ItemViewer({
  side,
  item: initial,
  childOptions = [],
  onClose,
}: {
  side: Side;
  item: MediaItem | null;
  childOptions?: ChildOption[];
  onClose: () => void;
}) {
  const { t } = useTranslation(MEDIA_NS);
  const mobile = useMediaQuery('(max-width: 48em)');
  // The item is read again on open: fresh links, faces and tags.
  const fresh = useMediaItem(side, initial?._id ?? null);
  const item = fresh.data && fresh.data._id === initial?._id ? fresh.data : initial;
  return (
    <Modal
      opened={!!initial}
      onClose={onClose}
      size={side === 'staff' ? 1100 : 'xl'}
      fullScreen={mobile}
      title={item ? <bdi>{item.caption || item.name}</bdi> : ''}
      closeButtonProps={{ 'aria-label': t('viewer.close') }}
      styles={{ title: { fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
    >
      {item && (
        <Grid gap="lg" data-testid="media-viewer">
          <Grid.Col span={{ base: 12, md: side === 'staff' ? 7 : 12 }}>
            <Stack gap="xs" align="center">
              <Medium item={item} maxHeight={mobile ? '55vh' : '70vh'} />
              <Group gap="xs" w="100%" justify="space-between">
                <Text fz="sm" c="dimmed">
                  <bdi>{item.taken_on}</bdi>
                  {item.uploaded_by ? ` · ${item.uploaded_by.name}` : ''}
                </Text>
                {side === 'staff' && <PrivacyBadge privacy={item.privacy} />}
              </Group>
              {side === 'parent' && (
                <Box w="100%">
                  {item.caption && <Text>{item.caption}</Text>}
                  {item.url && (
                    <Anchor href={item.url} download={item.name} fz="sm">
                      <Group gap={4} component="span" mt="xs">
                        <IconDownload size={16} aria-hidden />
                        {t('viewer.download')}
                      </Group>
                    </Anchor>
                  )}
                </Box>
              )}
            </Stack>
          </Grid.Col>
          {side === 'staff' && (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <StaffFields item={item} childOptions={childOptions} onDeleted={onClose} />
            </Grid.Col>
          )}
        </Grid>
      )}
    </Modal>
  );
}
