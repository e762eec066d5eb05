import type { Excusal } from '@cue/contract';
import { Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { LoadFailed } from '../../shell/pages/common';
import { useDecideExcusal } from '../api';
import { ExcusalCard } from '../components/ExcusalCard';
import { ATT_NS } from '../i18n';

/** Staff: the absences parents reported for the class, pending first, to approve or decline. */
export function ClassExcusals({ classId, excusals }: { classId: string; excusals: UseQueryResult<Excusal[]> }) {
  const { t } = useTranslation(ATT_NS);
  const decide = useDecideExcusal(classId);
  const [filter, setFilter] = useState<'pending' | 'all'>('pending');

  if (excusals.isError && !excusals.data) return <LoadFailed onRetry={() => void excusals.refetch()} />;
  if (!excusals.data) return <Skeleton height={160} radius="lg" />;

  const shown = excusals.data
    .filter((e) => filter === 'all' || e.status === 'pending')
    .sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));

  const act = (excusal: Excusal, status: 'approved' | 'rejected') =>
    decide.mutate(
      { excusal_id: excusal.id, status },
      {
        onSuccess: () =>
          toast.success(
            t(status === 'approved' ? 'excusals.approvedToast' : 'excusals.declinedToast', { name: fullName(excusal.student) }),
          ),
        onError: (err) => toast.error(errorText(err)),
      },
    );

  return (
    <Stack gap="md" data-testid="class-excusals">
      <Group justify="space-between" gap="sm">
        <Text fz="sm" c="dimmed" maw={560}>
          {t('excusals.staffIntro')}
        </Text>
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(value) => setFilter(value === 'all' ? 'all' : 'pending')}
          data={[
            { value: 'pending', label: t('excusals.filter.pending') },
            { value: 'all', label: t('excusals.filter.all') },
          ]}
          aria-label={t('excusals.filter.label')}
        />
      </Group>
      {shown.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" fw={500}>
            {filter === 'pending' ? t('excusals.noPending') : t('excusals.none')}
          </Text>
        </Paper>
      ) : (
        shown.map((excusal) => (
          <ExcusalCard
            key={excusal.id}
            excusal={excusal}
            showChild
            actions={
              excusal.status === 'pending' ? (
                <Group gap="sm" justify="flex-end" mt={4}>
                  <Button
                    variant="default"
                    color="red"
                    leftSection={<IconX size={16} aria-hidden />}
                    onClick={() => act(excusal, 'rejected')}
                    loading={
                      decide.isPending && decide.variables?.excusal_id === excusal.id && decide.variables.status === 'rejected'
                    }
                    aria-label={t('excusals.declineFor', { name: fullName(excusal.student) })}
                  >
                    {t('excusals.decline')}
                  </Button>
                  <Button
                    color="teal"
                    leftSection={<IconCheck size={16} aria-hidden />}
                    onClick={() => act(excusal, 'approved')}
                    loading={
                      decide.isPending && decide.variables?.excusal_id === excusal.id && decide.variables.status === 'approved'
                    }
                    aria-label={t('excusals.approveFor', { name: fullName(excusal.student) })}
                  >
                    {t('excusals.approve')}
                  </Button>
                </Group>
              ) : undefined
            }
          />
        ))
      )}
    </Stack>
  );
}
