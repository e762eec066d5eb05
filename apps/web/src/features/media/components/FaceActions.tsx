import type { MediaFace } from '@cue/contract';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconCheck, IconFaceId } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from '../../../lib/notify';
import { useAddReferenceFace, useDecideFace } from '../api';
import { MEDIA_NS, mediaMessage } from '../i18n';

export interface ChildOption {
  value: string;
  label: string;
}

/** The face's words: who it is, who it may be, or that nobody matched it. */
export function faceLabel(face: MediaFace, t: (key: string, values?: Record<string, unknown>) => string): string {
  const name = face.student?.name ?? '';
  switch (face.status) {
    case 'assigned':
      return name;
    case 'suggested':
      return t('faces.maybe', { name });
    case 'not_in_class':
      return t('faces.notInClass');
    case 'ignored':
      return t('faces.ignored');
    default:
      return t('faces.unknown');
  }
}

/**
 * What a teacher decides about one face: confirm a suggestion in one click, or pick the child, say the
 * person is not in the class, or ignore it; an assigned face may become one of the child's reference
 * faces (refused by code when the family has not agreed to face recognition).
 */
export function FaceActions({ face, number, options }: { face: MediaFace; number: number; options: ChildOption[] }) {
  const { t } = useTranslation(MEDIA_NS);
  const decide = useDecideFace();
  const reference = useAddReferenceFace();
  const [choosing, setChoosing] = useState(face.status === 'unmatched');
  const [child, setChild] = useState<string | null>(null);
  const [referenced, setReferenced] = useState(false);

  const send = (action: 'assign' | 'not_in_class' | 'ignore', studentId?: string) =>
    decide.mutate(
      { face_id: face._id, action, ...(studentId ? { student_id: studentId } : {}) },
      {
        onSuccess: () => {
          toast.success(mediaMessage('faceDecided'));
          setChoosing(false);
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  const makeReference = () => {
    if (!face.student) return;
    reference.mutate(
      { student_id: face.student._id, face_id: face._id },
      {
        onSuccess: () => {
          setReferenced(true);
          toast.success(mediaMessage('faceAdded'));
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  };

  const title = t('faces.number', { number, label: faceLabel(face, t) });
  return (
    <Stack gap={6} data-testid="face-actions" data-status={face.status}>
      <Text fz="sm" fw={600}>
        <bdi>{title}</bdi>
      </Text>
      {face.status === 'assigned' && (
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconFaceId size={16} aria-hidden />}
            onClick={makeReference}
            loading={reference.isPending}
            disabled={referenced}
          >
            {referenced ? t('faces.referenceAdded') : t('faces.useAsReference')}
          </Button>
        </Group>
      )}
      {face.status === 'suggested' && !choosing && face.student && (
        <Group gap="xs">
          <Button
            size="compact-sm"
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => send('assign', face.student?._id)}
            loading={decide.isPending}
          >
            {t('faces.confirm', { name: face.student.name })}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setChoosing(true)}>
            {t('faces.notThisChild')}
          </Button>
        </Group>
      )}
      {(choosing || face.status === 'unmatched') && face.status !== 'assigned' && (
        <Stack gap={6}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              size="xs"
              label={t('faces.pickChild', { number })}
              placeholder={t('faces.pickPlaceholder')}
              data={options}
              value={child}
              onChange={setChild}
              searchable
              w={200}
              comboboxProps={{ withinPortal: true }}
            />
            <Button size="compact-sm" disabled={!child} onClick={() => child && send('assign', child)} loading={decide.isPending}>
              {t('faces.assign')}
            </Button>
          </Group>
          <Group gap="xs">
            <Button size="compact-sm" variant="default" onClick={() => send('not_in_class')} disabled={decide.isPending}>
              {t('faces.notInMyClass')}
            </Button>
            <Button size="compact-sm" variant="subtle" color="gray" onClick={() => send('ignore')} disabled={decide.isPending}>
              {t('faces.ignore')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
