import { MEDIA_BIN_DAYS } from '@cue/contract';
import { Alert, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import thumbs from '../../../components/Thumbs.module.css';
import { currentLanguage } from '../../../lib/i18n';
import { errorText, toast } from '../../../lib/notify';
import { useClassMedia, useRestoreMedia } from '../api';
import { MEDIA_NS, mediaMessage } from '../i18n';
import { GalleryList } from './GalleryList';

const BIN = { bin: 'true' } as const;

/** The day an item leaves the bin for good, in the reader's words. */
function removedOn(deletedAt: string | null): string {
  if (!deletedAt) return '';
  const when = new Date(new Date(deletedAt).getTime() + MEDIA_BIN_DAYS * 86_400_000);
  return new Intl.DateTimeFormat(currentLanguage(), { day: 'numeric', month: 'short', year: 'numeric' }).format(when);
}

/** The class's bin: what was deleted in the last 30 days, each item restorable. */
export function BinTab({ classId }: { classId: string }) {
  const { t } = useTranslation(MEDIA_NS);
  const list = useClassMedia('staff', classId, BIN);
  const restore = useRestoreMedia();
  return (
    <Stack gap="md">
      <Alert color="gray" variant="light">
        {t('bin.note', { days: MEDIA_BIN_DAYS })}
      </Alert>
      <GalleryList list={list} empty={t('bin.empty')}>
        {(items) => (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 5 }} spacing="sm" data-testid="bin-grid">
            {items.map((item) => (
              <Paper key={item._id} withBorder radius="md" p={6} data-testid="bin-item">
                <div className={thumbs.tile}>
                  {item.thumb_url ? (
                    <img className={thumbs.thumb} src={item.thumb_url} alt={item.caption || item.name} />
                  ) : (
                    <span className={thumbs.thumb} />
                  )}
                </div>
                <Text fz="xs" c="dimmed" mt={4} truncate="end">
                  {t('bin.removedOn', { date: removedOn(item.deleted_at) })}
                </Text>
                <Button
                  mt={4}
                  size="compact-sm"
                  variant="light"
                  fullWidth
                  leftSection={<IconRestore size={14} aria-hidden />}
                  aria-label={t('bin.restoreNamed', { name: item.caption || item.name })}
                  loading={restore.isPending && restore.variables === item._id}
                  onClick={() =>
                    restore.mutate(item._id, {
                      onSuccess: () => toast.success(mediaMessage('restored')),
                      onError: (err) => toast.error(errorText(err)),
                    })
                  }
                >
                  {t('bin.restore')}
                </Button>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </GalleryList>
    </Stack>
  );
}
