import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from '../../lib/notify';
import { getSession } from '../../lib/session';
import { useLogout } from '../auth/useLogout';
import { deleteAccount } from './api';
import classes from './MyProfile.module.css';

/** The word that confirms a deletion, in any case (spec sections 4 and 5). */
export const CONFIRM_WORD = 'CONFIRM';

export const confirmsDeletion = (text: string): boolean => text.trim().toUpperCase() === CONFIRM_WORD;

/**
 * Account deletion: a button, then a confirmation box. Submitting CONFIRM (any case) deletes the
 * account (DELETE /api/delete_user_profile/); anything else cancels back to the button. A failed
 * deletion is reported, and the local session is cleared either way; then back to the root.
 */
export function AccountDeletion({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const titleId = useId();

  useEffect(() => {
    if (!confirming && returnFocus.current) {
      returnFocus.current = false;
      button.current?.focus();
    }
  }, [confirming]);

  const remove = useMutation({
    mutationFn: deleteAccount,
    // The server's answer is always this message ('Your account has been deleted').
    onSuccess: () => toast.success(t('messages.accountDeleted')),
    onError: (err) => toast.error(errorText(err)),
    onSettled: () => {
      onDone();
      void logout();
    },
  });

  const cancel = () => {
    setText('');
    returnFocus.current = true;
    setConfirming(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!confirmsDeletion(text) || !getSession()) {
      cancel();
      toast.info(t('deletion.cancelled'));
      return;
    }
    remove.mutate();
  };

  return (
    <Paper component="section" aria-labelledby={titleId} className={classes.danger} p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md" id={titleId} c="red.8">
            {t('deletion.title')}
          </Title>
          <Text fz="sm" c="dimmed" mt={4}>
            {t('deletion.explain')}
          </Text>
        </div>
        {getSession()?.isTempToken ? (
          <Text fz="sm" fw={500}>
            {t('deletion.unavailableTemp')}
          </Text>
        ) : confirming ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('deletion.confirmLabel')}
                description={t('deletion.confirmHint')}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') {
                    // Cancels the confirmation only, not the whole dialog.
                    event.stopPropagation();
                    cancel();
                  }
                }}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                data-autofocus
                autoFocus
                disabled={remove.isPending}
              />
              <Group gap="sm" justify="flex-end">
                <Button variant="default" onClick={cancel} disabled={remove.isPending}>
                  {t('deletion.cancel')}
                </Button>
                <Button type="submit" color="red" loading={remove.isPending} leftSection={<IconTrash size={16} aria-hidden />}>
                  {t('deletion.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group>
            <Button
              ref={button}
              color="red"
              variant="outline"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('deletion.button')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
