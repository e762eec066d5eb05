import { type MediaItem, pagePath } from '@cue/contract';
import { Alert, Anchor, Group, SegmentedControl, Stack, Tabs } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName } from '../../../lib/format';
import { useCurrentChild } from '../../auth/useCurrentUser';
import { Page } from '../../communication/components/Page';
import { parentPage } from '../../shell/sides';
import { mediaKeys, useClassMedia } from '../api';
import { AlbumsTab } from '../components/AlbumsTab';
import { GalleryList } from '../components/GalleryList';
import { ItemViewer } from '../components/ItemViewer';
import { MediaGrid } from '../components/MediaGrid';
import { MEDIA_NS } from '../i18n';

const NO_FILTER = {};

/** A family's view: the photos and videos of the current child's class that the family may see; new ones marked. */
export function ParentGallery() {
  const { t } = useTranslation(MEDIA_NS);
  const child = useCurrentChild();
  const childClasses = child?.student_class ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const classId = childClasses.find((c) => c.class_id === chosen)?.class_id ?? childClasses[0]?.class_id ?? null;
  const [tab, setTab] = useState<string | null>('gallery');
  const [open, setOpen] = useState<MediaItem | null>(null);
  const client = useQueryClient();
  const list = useClassMedia('parent', classId, NO_FILTER);

  if (!child || !classId)
    return (
      <Page title={t('title')}>
        <Alert color="gray" variant="light" title={t('parent.noClassTitle')}>
          {t('parent.noClassBody')}
        </Alert>
      </Page>
    );

  const close = () => {
    setOpen(null);
    // Opened items are no longer new.
    void client.invalidateQueries({ queryKey: mediaKeys.cls(classId) });
  };
  return (
    <Page
      title={t('title')}
      description={t('parent.forChild', { name: fullName(child) })}
      actions={
        <Anchor component={Link} to={parentPage(pagePath.childRecord(child.id))} fz="sm">
          <Group gap={4} component="span">
            <IconShieldCheck size={16} aria-hidden />
            {t('parent.consent')}
          </Group>
        </Anchor>
      }
    >
      {childClasses.length > 1 && (
        <SegmentedControl
          aria-label={t('parent.class')}
          value={classId}
          onChange={setChosen}
          data={childClasses.map((c) => ({ value: c.class_id, label: c.class_name }))}
        />
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="gallery">{t('tabs.gallery')}</Tabs.Tab>
          <Tabs.Tab value="albums">{t('tabs.albums')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="gallery">
          <Stack gap="md">
            <GalleryList list={list} empty={t('parent.empty')}>
              {(items) => <MediaGrid items={items} onOpen={setOpen} family />}
            </GalleryList>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="albums">
          <AlbumsTab classId={classId} side="parent" />
        </Tabs.Panel>
      </Tabs>
      <ItemViewer side="parent" item={open} onClose={close} />
    </Page>
  );
}
