import type { MediaAlbum, MediaItem } from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconFolderPlus,
  IconPencil,
  IconPhoto,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { errorText, toast } from '../../../lib/notify';
import type { Side } from '../../../lib/session';
import { useAlbum, useAlbums, useCreateAlbum, useDeleteAlbum, useEditAlbum } from '../api';
import { MEDIA_NS, mediaMessage } from '../i18n';
import classes from './AlbumsTab.module.css';
import type { ChildOption } from './FaceActions';
import { ItemViewer } from './ItemViewer';
import { MediaGrid } from './MediaGrid';

/** One album's card: its cover (or a plain tile), name and number of items. */
function AlbumCard({ album, onOpen }: { album: MediaAlbum; onOpen: () => void }) {
  const { t } = useTranslation(MEDIA_NS);
  const cover = album.cover?.thumb_url;
  // The card's name is its visible text: the album's name and how many items it holds.
  return (
    <UnstyledButton onClick={onOpen} className={classes.card} data-testid="album-card">
      {cover ? (
        <img src={cover} alt="" className={classes.cover} loading="lazy" />
      ) : (
        <span className={classes.cover} aria-hidden>
          <IconPhoto size={32} />
        </span>
      )}
      <Stack gap={0} p="xs">
        <Text fw={600} truncate="end">
          <bdi>{album.name}</bdi>
        </Text>
        <Text fz="xs" c="dimmed">
          {t('albums.count', { count: album.item_count })}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

/** One album open: its items; staff rename it, choose its cover, take items out or delete it. */
export function AlbumView({
  side,
  id,
  childOptions = [],
  onBack,
}: {
  side: Side;
  id: string;
  childOptions?: ChildOption[];
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation(MEDIA_NS);
  const album = useAlbum(side, id);
  const edit = useEditAlbum();
  const remove = useDeleteAlbum();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<MediaItem | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const data = album.data;
  const canEdit = side === 'staff' && !!data?.abilities.can_edit;
  const Back = i18n.dir() === 'rtl' ? IconArrowRight : IconArrowLeft;
  const save = (body: Parameters<typeof edit.mutate>[0]['body'], after?: () => void) =>
    edit.mutate(
      { id, body },
      {
        onSuccess: () => {
          toast.success(mediaMessage('albumSaved'));
          after?.();
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  const selectedIds = [...selected];

  return (
    <Stack gap="md" data-testid="album-view">
      <Group justify="space-between" gap="sm">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <ActionIcon variant="subtle" onClick={onBack} aria-label={t('albums.back')}>
            <Back size={18} aria-hidden />
          </ActionIcon>
          <Title order={2} fz="lg" lineClamp={1}>
            <bdi>{data?.name ?? ''}</bdi>
          </Title>
        </Group>
        {canEdit && data && (
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => setRenaming(data.name)}
            >
              {t('albums.rename')}
            </Button>
            <Button
              size="compact-sm"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              {t('albums.delete')}
            </Button>
          </Group>
        )}
      </Group>
      {canEdit && selected.size > 0 && (
        <Paper withBorder radius="lg" p="xs" data-testid="album-selection">
          <Group justify="space-between" gap="xs">
            <Text fz="sm" fw={600}>
              {t('bulk.selected', { count: selected.size })}
            </Text>
            <Group gap="xs">
              {selected.size === 1 && (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => save({ cover_id: selectedIds[0] ?? null }, () => setSelected(new Set()))}
                >
                  {t('albums.setCover')}
                </Button>
              )}
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                onClick={() => save({ remove_ids: selectedIds }, () => setSelected(new Set()))}
              >
                {t('albums.removeItems')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {album.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {errorText(album.error)}
        </Alert>
      ) : !data ? (
        <Skeleton h={200} radius="lg" />
      ) : data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('albums.emptyAlbum')}
        </Text>
      ) : (
        <MediaGrid
          items={data.items}
          byDay={false}
          onOpen={setOpen}
          family={side === 'parent'}
          selected={canEdit ? selected : undefined}
          onToggle={
            canEdit
              ? (item, on) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (on) next.add(item._id);
                    else next.delete(item._id);
                    return next;
                  })
              : undefined
          }
        />
      )}
      <ItemViewer side={side} item={open} childOptions={childOptions} onClose={() => setOpen(null)} />
      <FormModal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t('albums.rename')}
        submitLabel={t('albums.save')}
        submitDisabled={!renaming?.trim()}
        pending={edit.isPending}
        size="md"
        onSubmit={() => renaming && save({ name: renaming.trim() }, () => setRenaming(null))}
      >
        <TextInput
          label={t('albums.name')}
          value={renaming ?? ''}
          onChange={(e) => setRenaming(e.currentTarget.value)}
          maxLength={120}
          data-autofocus
        />
      </FormModal>
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('albums.deleteTitle')}
        message={t('albums.deleteBody')}
        confirmLabel={t('albums.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              toast.success(mediaMessage('albumDeleted'));
              setDeleting(false);
              onBack();
            },
            onError: (err) => toast.error(errorText(err)),
          })
        }
      />
    </Stack>
  );
}

/** The class's albums: cards with cover, name and count; staff create them. */
export function AlbumsTab({
  classId,
  childOptions,
  side = 'staff',
}: {
  classId: string;
  childOptions?: ChildOption[];
  side?: Side;
}) {
  const { t } = useTranslation(MEDIA_NS);
  const albums = useAlbums(side, classId);
  const create = useCreateAlbum();
  const [openId, setOpenId] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (openId) return <AlbumView side={side} id={openId} childOptions={childOptions} onBack={() => setOpenId(null)} />;
  return (
    <Stack gap="md">
      {side === 'staff' && (
        <Group justify="flex-end">
          <Button leftSection={<IconFolderPlus size={16} aria-hidden />} variant="light" onClick={() => setName('')}>
            {t('albums.create')}
          </Button>
        </Group>
      )}
      {albums.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {errorText(albums.error)}
        </Alert>
      ) : !albums.data ? (
        <Skeleton h={180} radius="lg" />
      ) : albums.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" fw={500}>
            {t('albums.empty')}
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {albums.data.map((album) => (
            <AlbumCard key={album._id} album={album} onOpen={() => setOpenId(album._id)} />
          ))}
        </SimpleGrid>
      )}
      <FormModal
        opened={name !== null}
        onClose={() => {
          setName(null);
          setError(null);
        }}
        title={t('albums.create')}
        submitLabel={t('albums.createSubmit')}
        submitDisabled={!name?.trim()}
        pending={create.isPending}
        error={error}
        size="md"
        onSubmit={() =>
          name &&
          create.mutate(
            { classId, body: { name: name.trim() } },
            {
              onSuccess: (answer) => {
                toast.success(mediaMessage('albumCreated'));
                setName(null);
                setOpenId(answer.result._id);
              },
              onError: (err) => setError(errorText(err)),
            },
          )
        }
      >
        <TextInput
          label={t('albums.name')}
          value={name ?? ''}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={120}
          data-autofocus
        />
        <Text fz="xs" c="dimmed">
          {t('albums.createHint')}
        </Text>
      </FormModal>
    </Stack>
  );
}
