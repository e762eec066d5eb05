import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/notify';
import { useFaceQueue } from '../api';
import { MEDIA_NS } from '../i18n';
import { type ChildOption, FaceActions } from './FaceActions';
import { FaceCrop } from './FaceCrop';
import { FacePicture } from './FacePicture';

/**
 * Faces to review: each face found in the class's photos that waits for a person, boxed on its photo,
 * with the suggestion to confirm or the child to pick.
 */
export function FacesTab({ classId, childOptions }: { classId: string; childOptions: ChildOption[] }) {
  const { t } = useTranslation(MEDIA_NS);
  const queue = useFaceQueue(classId);
  if (queue.error)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
        {errorText(queue.error)}
      </Alert>
    );
  if (!queue.data) return <Skeleton h={220} radius="lg" />;
  const faces = queue.data.faces;
  if (!faces.length)
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
          {t('faces.empty')}
        </Text>
      </Paper>
    );
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        {t('faces.intro', { count: faces.length })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {faces.map((face) => {
          const src = face.media.medium_url ?? face.media.thumb_url ?? face.media.url;
          const number = face.media.faces.findIndex((f) => f._id === face._id) + 1 || 1;
          return (
            <Paper key={face._id} withBorder radius="lg" p="sm" data-testid="face-card">
              <Stack gap="sm">
                {src && (
                  <FacePicture
                    src={src}
                    alt={face.media.caption || face.media.name}
                    faces={face.media.faces.length ? face.media.faces : [face]}
                    highlight={face._id}
                    size={{ width: face.media.width, height: face.media.height }}
                    maxHeight={240}
                  />
                )}
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  {src && <FaceCrop src={src} box={face.box} size={{ width: face.media.width, height: face.media.height }} />}
                  <Stack gap={4} miw={0}>
                    <Text fz="xs" c="dimmed">
                      <bdi>{face.media.taken_on}</bdi>
                    </Text>
                    <FaceActions face={face} number={number} options={childOptions} />
                  </Stack>
                </Group>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
