import { PROFILE_PICTURE_MAX_BYTES } from '@cue/contract';
import { Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initials } from '../../lib/format';
import { errorText, toast } from '../../lib/notify';
import { type PictureTarget, uploadPicture } from './api';
import classes from './MyProfile.module.css';

/** Why a chosen file cannot be a profile picture (the server checks again), as its message's name; null when it can. */
const problemOf = (file: File): 'imagesOnly' | 'imageTooLarge' | null =>
  !file.type.startsWith('image/') ? 'imagesOnly' : file.size > PROFILE_PICTURE_MAX_BYTES ? 'imageTooLarge' : null;

interface PictureManagerProps {
  target: PictureTarget;
  person: { first_name: string; last_name: string };
  picture: string | null;
  size?: 'lg' | 'sm';
  /** Shown beside the picture, above the button (name, role, class). */
  details?: ReactNode;
}

/**
 * A profile picture with a 'Change picture' button: images only (checked here and by the server),
 * uploaded with a progress bar, then 'Profile Picture Updated' and the user details reloaded.
 */
export function PictureManager({ target, person, picture, size = 'lg', details }: PictureManagerProps) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const resetInput = useRef<() => void>(null);
  const name = [person.first_name, person.last_name].filter(Boolean).join(' ');

  const upload = useMutation({
    mutationFn: (file: File) => {
      setPercent(0);
      return uploadPicture(target, file, (fraction) => setPercent(Math.round(fraction * 100)));
    },
    // The server's answer is always 'Profile Picture Updated'.
    onSuccess: async () => {
      toast.success(t('messages.profilePictureUpdated'));
      await queryClient.invalidateQueries({ queryKey: ['auth', 'currentUser'] });
    },
    onError: (err) => toast.error(errorText(err)),
    onSettled: () => {
      setPercent(null);
      resetInput.current?.();
    },
  });

  const choose = (file: File | null) => {
    if (!file || upload.isPending) return;
    const problem = problemOf(file);
    if (problem) {
      toast.error(t(`messages.${problem}`));
      resetInput.current?.();
      return;
    }
    upload.mutate(file);
  };

  const large = size === 'lg';
  return (
    <Group gap={large ? 'md' : 'sm'} wrap="nowrap" align={large ? 'center' : 'flex-start'}>
      <Avatar
        src={picture}
        alt={t('picture.alt', { name })}
        size={large ? 72 : 44}
        radius="xl"
        color="cue"
        variant="light"
        className={classes.avatar}
        data-testid="profile-picture"
      >
        {initials(person)}
      </Avatar>
      <Stack gap={6} miw={0}>
        {details}
        <FileButton onChange={choose} accept="image/*" resetRef={resetInput} disabled={upload.isPending}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size={large ? 'sm' : 'compact-sm'}
              leftSection={<IconCamera size={16} aria-hidden />}
              loading={upload.isPending}
              aria-label={t('picture.changeOf', { name })}
              className={classes.pictureButton}
            >
              {t('picture.change')}
            </Button>
          )}
        </FileButton>
        {percent !== null ? (
          <Stack gap={2} className={classes.progress}>
            <Progress value={percent} size="sm" radius="xl" animated aria-label={t('picture.progressLabel')} />
            <Text fz="xs" c="dimmed" role="status" aria-live="polite">
              {t('picture.uploading', { percent })}
            </Text>
          </Stack>
        ) : (
          large && (
            <Text fz="xs" c="dimmed">
              {t('picture.hint')}
            </Text>
          )
        )}
      </Stack>
    </Group>
  );
}
