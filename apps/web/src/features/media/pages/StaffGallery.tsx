import { can, type MediaItem } from '@cue/contract';
import { Alert, Badge, Button, Group, Select, Skeleton, Stack, Switch, Tabs, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { formatClassName, fullName } from '../../../lib/format';
import i18n from '../../../lib/i18n';
import { errorText } from '../../../lib/notify';
import { useClassDetail } from '../../admin/api';
import { Page } from '../../communication/components/Page';
import { useCurrentClass } from '../../shell/Selectors';
import { useShell } from '../../shell/ShellContext';
import { useClassMedia, useFaceQueue, useFaceSearch } from '../api';
import { AlbumsTab } from '../components/AlbumsTab';
import { BinTab } from '../components/BinTab';
import { BulkBar } from '../components/BulkBar';
import type { ChildOption } from '../components/FaceActions';
import { FacesTab } from '../components/FacesTab';
import { GalleryList } from '../components/GalleryList';
import { ItemViewer } from '../components/ItemViewer';
import { MediaGrid } from '../components/MediaGrid';
import { StorageTab } from '../components/StorageTab';
import { UploadPanel } from '../components/UploadPanel';
import { wireDay } from '../gallery';
import { MEDIA_NS } from '../i18n';

const TABS = ['gallery', 'albums', 'faces', 'bin', 'storage'] as const;
type Tab = (typeof TABS)[number];

/** The class's children as choices (the class detail's student list). */
export function useChildOptions(classId: string | null): ChildOption[] {
  const detail = useClassDetail(classId);
  return useMemo(
    () =>
      (detail.data?.student_list ?? [])
        .map((s) => ({ value: s._id, label: fullName(s) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [detail.data],
  );
}

/** What both day filters share: clearable, the spec's DD-MM-YYYY, the reader's date words. */
const dayField = {
  clearable: true,
  valueFormat: 'DD-MM-YYYY',
  valueFormatter: readerDateFormatter(DAY),
  leftSection: <IconCalendar size={16} aria-hidden />,
  w: { base: '47%', xs: 170 },
} as const;

/** The gallery tab: filters, upload, the grid by day with "Load more", bulk actions and the viewer. */
function GalleryTab({ classId, childOptions }: { classId: string; childOptions: ChildOption[] }) {
  const { t } = useTranslation(MEDIA_NS);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [child, setChild] = useState<string | null>(null);
  const [byFace, setByFace] = useState(false);
  const faceSearch = useFaceSearch(classId, child && byFace ? child : null);
  const [uploading, setUploading] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<MediaItem | null>(null);
  const query = { from_date: wireDay(from), to_date: wireDay(to), student_id: child ?? undefined };
  const list = useClassMedia('staff', classId, query);
  const abilities = list.data?.pages[0]?.abilities;
  const total = list.data?.pages[0]?.total ?? 0;
  const filtered = !!(from || to || child);
  const toggle = (item: MediaItem, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(item._id);
      else next.delete(item._id);
      return next;
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DatePickerInput
            {...dayField}
            label={t('filter.from')}
            clearButtonProps={{ 'aria-label': i18n.t('translation:common.clearField', { label: t('filter.from') }) }}
            value={from}
            onChange={setFrom}
            maxDate={to ?? undefined}
          />
          <DatePickerInput
            {...dayField}
            label={t('filter.to')}
            clearButtonProps={{ 'aria-label': i18n.t('translation:common.clearField', { label: t('filter.to') }) }}
            value={to}
            onChange={setTo}
            minDate={from ?? undefined}
          />
          <Select
            label={t('filter.child')}
            placeholder={t('filter.anyChild')}
            data={childOptions}
            value={child}
            onChange={setChild}
            clearable
            searchable
            w={{ base: '100%', xs: 220 }}
          />
          {child && (
            <Switch label={t('filter.byFace')} checked={byFace} onChange={(e) => setByFace(e.currentTarget.checked)} mb={8} />
          )}
        </Group>
        {abilities?.can_upload !== false && (
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading(true)} disabled={uploading}>
            {t('upload.open')}
          </Button>
        )}
      </Group>
      {uploading && <UploadPanel classId={classId} onClose={() => setUploading(false)} />}
      {selected.size > 0 && (
        <BulkBar classId={classId} ids={[...selected]} childOptions={childOptions} onClear={() => setSelected(new Set())} />
      )}
      {child && byFace ? (
        faceSearch.error ? (
          <Alert color="red" variant="light" title={errorText(faceSearch.error)} />
        ) : !faceSearch.data ? (
          <Skeleton h={260} radius="lg" />
        ) : (
          <>
            <Text fz="sm" c="dimmed">
              {t('filter.byFaceTotal', { count: faceSearch.data.length })}
            </Text>
            <MediaGrid items={faceSearch.data} onOpen={setOpen} selected={selected} onToggle={toggle} />
          </>
        )
      ) : (
        <GalleryList list={list} empty={filtered ? t('gallery.emptyFiltered') : t('gallery.empty')}>
          {(items) => (
            <>
              <Text fz="sm" c="dimmed">
                {t('gallery.total', { count: total })}
              </Text>
              <MediaGrid items={items} onOpen={setOpen} selected={selected} onToggle={toggle} />
            </>
          )}
        </GalleryList>
      )}
      <ItemViewer side="staff" item={open} childOptions={childOptions} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** /communication/media for staff: the current class's gallery, albums, faces to review, bin and the school's storage. */
export function StaffGallery() {
  const { t } = useTranslation(MEDIA_NS);
  const { current, schools } = useCurrentClass();
  const { held, user } = useShell();
  const [params, setParams] = useSearchParams();
  const classId = current?.id ?? null;
  const childOptions = useChildOptions(classId);
  const storage =
    can({ permission: 'admin_portal.school_details' }, held) ||
    can({ permission: 'super_admin.manage_platform_org_schools' }, held);
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) && (asked !== 'storage' || storage) ? asked : 'gallery';
  const faces = useFaceQueue(classId);
  const waiting = faces.data?.faces.length ?? 0;
  const setTab = (next: string | null) =>
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        if (next && next !== 'gallery') copy.set('tab', next);
        else copy.delete('tab');
        return copy;
      },
      { replace: true },
    );
  const name = current ? formatClassName(current.class_name) : null;

  return (
    <Page title={t('title')} description={name ? t('forClass', { name: name.text }) : undefined}>
      {!current ? (
        schools.isPending ? (
          <Skeleton h={240} radius="lg" />
        ) : (
          <Alert color="gray" variant="light" title={t('noClassTitle')}>
            {t('noClassBody')}
          </Alert>
        )
      ) : (
        <Tabs key={current.id} value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="gallery">{t('tabs.gallery')}</Tabs.Tab>
            <Tabs.Tab value="albums">{t('tabs.albums')}</Tabs.Tab>
            <Tabs.Tab
              value="faces"
              rightSection={
                waiting > 0 ? (
                  <Badge size="sm" circle color="cue" aria-label={t('tabs.facesWaiting', { count: waiting })}>
                    {waiting}
                  </Badge>
                ) : undefined
              }
            >
              {t('tabs.faces')}
            </Tabs.Tab>
            <Tabs.Tab value="bin">{t('tabs.bin')}</Tabs.Tab>
            {storage && <Tabs.Tab value="storage">{t('tabs.storage')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="gallery">
            <GalleryTab classId={current.id} childOptions={childOptions} />
          </Tabs.Panel>
          <Tabs.Panel value="albums">
            <AlbumsTab classId={current.id} childOptions={childOptions} />
          </Tabs.Panel>
          <Tabs.Panel value="faces">
            <FacesTab classId={current.id} childOptions={childOptions} />
          </Tabs.Panel>
          <Tabs.Panel value="bin">
            <BinTab classId={current.id} />
          </Tabs.Panel>
          {storage && (
            <Tabs.Panel value="storage">
              <StorageTab schoolId={user.staff?.school_details.id ?? null} held={held} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </Page>
  );
}
