import { ROUTES, type StaffInvitation } from '@cue/contract';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, apiResult } from '../../lib/api';
import { errorText, toast } from '../../lib/notify';
import { roleName } from '../../lib/roles';
import { useLogout } from '../auth/useLogout';

const key = ['staff-invitations'] as const;

/**
 * Invitations to join a school's staff, addressed to the signed-in person (someone who already had an
 * account when a school added them). Nothing is shown while there are none.
 */
export function StaffInvitations() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const logout = useLogout();
  const [joined, setJoined] = useState<string | null>(null);
  const invitations = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiResult(ROUTES.staffInvitations, { signal }),
  });
  const answer = useMutation({
    mutationFn: ({ invitation, accept }: { invitation: StaffInvitation; accept: boolean }) =>
      apiRequest(accept ? ROUTES.staffInvitationAccept : ROUTES.staffInvitationDecline, { params: { id: invitation.id } }),
    onSuccess: (_, { invitation, accept }) => {
      if (accept) setJoined(invitation.school.name);
      else toast.success(t('invitations.declined', { school: invitation.school.name }));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (err) => toast.error(errorText(err)),
  });

  if (joined)
    return (
      <Alert color="teal" variant="light" title={t('invitations.joined', { school: joined })} data-testid="invitation-joined">
        <Text fz="sm">{t('invitations.signInAgain')}</Text>
        <Button size="xs" mt="sm" onClick={() => void logout()}>
          {t('invitations.signOut')}
        </Button>
      </Alert>
    );
  if (!invitations.data?.length) return null;
  return (
    <Stack gap="sm" data-testid="staff-invitations">
      {invitations.data.map((invitation) => (
        <Card key={invitation.id} padding="lg" withBorder>
          <Group justify="space-between" wrap="wrap" gap="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconMailOpened size={22} aria-hidden />
              <div>
                <Text fw={700}>
                  {t('invitations.title', { school: invitation.school.name, role: roleName(invitation.role) })}
                </Text>
                <Text fz="sm" c="dimmed">
                  {t('invitations.from', { name: invitation.invited_by })}
                </Text>
              </div>
            </Group>
            <Group gap="xs">
              <Button
                variant="default"
                loading={answer.isPending && answer.variables?.invitation.id === invitation.id && !answer.variables.accept}
                onClick={() => answer.mutate({ invitation, accept: false })}
              >
                {t('invitations.decline')}
              </Button>
              <Button
                loading={answer.isPending && answer.variables?.invitation.id === invitation.id && answer.variables.accept}
                onClick={() => answer.mutate({ invitation, accept: true })}
              >
                {t('invitations.accept')}
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
