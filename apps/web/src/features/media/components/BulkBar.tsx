import { MEDIA_PRIVACY, type MediaPrivacy } from '@cue/contract';
import {
  Button,
  Group,
  Menu,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  IconCalendarEvent,
  IconChevronDown,
  IconFolderPlus,
  IconLock,
  IconNotes,
  IconSpeakerphone,
  IconTag,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { errorText, toast } from '../../../lib/notify';
import { useCalendar } from '../../attendance/api';
import { addDays, todayIso } from '../../attendance/dates';
import { useObservations } from '../../observations/api';
import {
  OBSERVATION_MEDIA_MAX,
  useAddToActivity,
  useAddToObservation,
  useAlbums,
  useCreateAlbum,
  useCreatePost,
  useDeleteMany,
  useEditAlbum,
  useSetPrivacy,
  useTagMany,
} from '../api';
import { MEDIA_NS, mediaMessage } from '../i18n';
import type { ChildOption } from './FaceActions';

type Dialog = 'delete' | 'tag' | 'album' | 'post' | 'observation' | 'activity' | null;
const NEW_ALBUM = 'new';

/**
 * What can be done with the items selected on the grid at once: delete them, set who sees them, tag
 * children, put them in an album, make a post of them or add them to an observation.
 */
export function BulkBar({
  classId,
  ids,
  childOptions,
  onClear,
}: {
  classId: string;
  ids: string[];
  childOptions: ChildOption[];
  onClear: () => void;
}) {
  const { t } = useTranslation(MEDIA_NS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [children, setChildren] = useState<string[]>([]);
  const [tagAction, setTagAction] = useState<'add' | 'remove'>('add');
  const [album, setAlbum] = useState<string | null>(null);
  const [albumName, setAlbumName] = useState('');
  const [caption, setCaption] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const deleteMany = useDeleteMany();
  const privacy = useSetPrivacy();
  const tag = useTagMany();
  const albums = useAlbums('staff', dialog === 'album' ? classId : null);
  const createAlbum = useCreateAlbum();
  const editAlbum = useEditAlbum();
  const post = useCreatePost();
  const observations = useObservations('staff', { class_id: classId, page: 1, page_size: 30 }, dialog === 'observation');
  const toObservation = useAddToObservation();
  const today = todayIso();
  const events = useCalendar(addDays(today, -60), addDays(today, 60), dialog === 'activity' ? classId : null);
  const toActivity = useAddToActivity();
  /** Where the selection goes: an observation of the class, or one of its activities (calendar events) it may change. */
  const link =
    dialog === 'activity'
      ? {
          title: t('bulk.activityTitle', { count: ids.length }),
          pick: t('bulk.activityPick'),
          none: t('bulk.noActivities'),
          loading: events.isPending,
          data: (events.data ?? [])
            .filter((e) => e.can_edit && !e.is_holiday && (e.class_id === null || e.class_id === classId))
            .map((e) => ({ value: e.id, label: `${e.start_date} · ${e.title}` })),
          tooMany: false,
          pending: toActivity.isPending,
          send: (id: string) =>
            toActivity.mutate(
              { eventId: id, media_ids: ids },
              { onSuccess: () => done(mediaMessage('addedToActivity')), onError: failed },
            ),
        }
      : {
          title: t('bulk.observationTitle', { count: ids.length }),
          pick: t('bulk.observationPick'),
          none: t('bulk.noObservations'),
          loading: observations.isPending,
          data: (observations.data?.items ?? []).map((o) => ({
            value: o._id,
            label: `${o.date} · ${o.student_name} · ${o.title}`,
          })),
          tooMany: ids.length > OBSERVATION_MEDIA_MAX,
          pending: toObservation.isPending,
          send: (id: string) =>
            toObservation.mutate(
              { observationId: id, media_ids: ids },
              { onSuccess: () => done(mediaMessage('addedToObservation')), onError: failed },
            ),
        };

  const close = () => {
    setDialog(null);
    setError(null);
  };
  const done = (message: string, clear = true) => {
    toast.success(message);
    close();
    if (clear) onClear();
  };
  const failed = (err: unknown) => setError(errorText(err));
  const open = (next: Dialog) => {
    setError(null);
    setTarget(null);
    setDialog(next);
  };

  return (
    <Paper withBorder radius="lg" p="xs" shadow="sm" pos="sticky" top={8} style={{ zIndex: 5 }} data-testid="bulk-bar">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button variant="subtle" color="gray" size="compact-sm" onClick={onClear} leftSection={<IconX size={14} aria-hidden />}>
            {t('bulk.clear')}
          </Button>
          <Text fz="sm" fw={600} aria-live="polite">
            {t('bulk.selected', { count: ids.length })}
          </Text>
        </Group>
        <Group gap={6} wrap="wrap">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconLock size={14} aria-hidden />}
                rightSection={<IconChevronDown size={14} aria-hidden />}
              >
                {t('bulk.privacy')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {MEDIA_PRIVACY.map((p) => (
                <Menu.Item
                  key={p}
                  onClick={() =>
                    privacy.mutate(
                      { media_ids: ids, privacy: p as MediaPrivacy },
                      {
                        onSuccess: () => done(mediaMessage('privacyChanged'), false),
                        onError: (err) => toast.error(errorText(err)),
                      },
                    )
                  }
                >
                  {t(`privacy.${p}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button size="compact-sm" variant="default" leftSection={<IconTag size={14} aria-hidden />} onClick={() => open('tag')}>
            {t('bulk.tag')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconFolderPlus size={14} aria-hidden />}
            onClick={() => open('album')}
          >
            {t('bulk.album')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconSpeakerphone size={14} aria-hidden />}
            onClick={() => open('post')}
          >
            {t('bulk.post')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconNotes size={14} aria-hidden />}
            onClick={() => open('observation')}
          >
            {t('bulk.observation')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconCalendarEvent size={14} aria-hidden />}
            onClick={() => open('activity')}
          >
            {t('bulk.activity')}
          </Button>
          <Button
            size="compact-sm"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => open('delete')}
          >
            {t('bulk.delete')}
          </Button>
        </Group>
      </Group>

      <ConfirmModal
        opened={dialog === 'delete'}
        onClose={close}
        title={t('bulk.deleteTitle', { count: ids.length })}
        message={
          <Stack gap="xs">
            <Text>{t('viewer.deleteBody', { days: 30 })}</Text>
            {error && <Text c="red.8">{error}</Text>}
          </Stack>
        }
        confirmLabel={t('bulk.delete')}
        pending={deleteMany.isPending}
        onConfirm={() => deleteMany.mutate(ids, { onSuccess: () => done(mediaMessage('deleted')), onError: failed })}
      />

      <FormModal
        opened={dialog === 'tag'}
        onClose={close}
        title={t('bulk.tagTitle', { count: ids.length })}
        submitLabel={t(tagAction === 'add' ? 'bulk.tagAdd' : 'bulk.tagRemove')}
        submitDisabled={!children.length}
        pending={tag.isPending}
        error={error}
        size="md"
        onSubmit={() =>
          tag.mutate(
            { media_ids: ids, student_ids: children, action: tagAction },
            {
              onSuccess: () => {
                setChildren([]);
                done(mediaMessage('tagged'), false);
              },
              onError: failed,
            },
          )
        }
      >
        <SegmentedControl
          value={tagAction}
          onChange={(v) => setTagAction(v as 'add' | 'remove')}
          data={[
            { value: 'add', label: t('bulk.tagAdd') },
            { value: 'remove', label: t('bulk.tagRemove') },
          ]}
        />
        <MultiSelect
          label={t('bulk.children')}
          data={childOptions}
          value={children}
          onChange={setChildren}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      </FormModal>

      <FormModal
        opened={dialog === 'album'}
        onClose={close}
        title={t('bulk.albumTitle', { count: ids.length })}
        submitLabel={t('bulk.albumAdd')}
        submitDisabled={!album || (album === NEW_ALBUM && !albumName.trim())}
        pending={createAlbum.isPending || editAlbum.isPending}
        error={error}
        size="md"
        onSubmit={() => {
          if (album === NEW_ALBUM)
            createAlbum.mutate(
              { classId, body: { name: albumName.trim(), media_ids: ids } },
              {
                onSuccess: () => {
                  setAlbumName('');
                  done(mediaMessage('albumCreated'));
                },
                onError: failed,
              },
            );
          else if (album)
            editAlbum.mutate(
              { id: album, body: { add_ids: ids } },
              { onSuccess: () => done(mediaMessage('albumSaved')), onError: failed },
            );
        }}
      >
        <Select
          label={t('bulk.albumPick')}
          data={[
            { value: NEW_ALBUM, label: t('bulk.albumNew') },
            ...(albums.data ?? []).map((a) => ({ value: a._id, label: a.name })),
          ]}
          value={album}
          onChange={setAlbum}
          comboboxProps={{ withinPortal: true }}
        />
        {album === NEW_ALBUM && (
          <TextInput
            label={t('albums.name')}
            value={albumName}
            onChange={(e) => setAlbumName(e.currentTarget.value)}
            maxLength={120}
            required
          />
        )}
      </FormModal>

      <FormModal
        opened={dialog === 'post'}
        onClose={close}
        title={t('bulk.postTitle', { count: ids.length })}
        submitLabel={t('bulk.postCreate')}
        submitDisabled={!caption.trim()}
        pending={post.isPending}
        error={error}
        size="md"
        onSubmit={() =>
          post.mutate(
            { classId, body: { caption: caption.trim(), media_ids: ids } },
            {
              onSuccess: () => {
                setCaption('');
                done(mediaMessage('postCreated'));
              },
              onError: failed,
            },
          )
        }
      >
        <Textarea
          label={t('bulk.postCaption')}
          value={caption}
          onChange={(e) => setCaption(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={2000}
          required
        />
      </FormModal>

      <FormModal
        opened={dialog === 'observation' || dialog === 'activity'}
        onClose={close}
        title={link.title}
        submitLabel={t('bulk.observationAdd')}
        submitDisabled={!target || link.tooMany}
        pending={link.pending}
        error={error}
        size="md"
        onSubmit={() => target && link.send(target)}
      >
        <Select
          label={link.pick}
          placeholder={link.loading ? t('loading') : undefined}
          nothingFoundMessage={link.none}
          data={link.data}
          value={target}
          onChange={setTarget}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        {link.tooMany && (
          <Text fz="sm" c="red.8">
            {t('bulk.observationTooMany', { max: OBSERVATION_MEDIA_MAX })}
          </Text>
        )}
      </FormModal>
    </Paper>
  );
}
