import type { ChildDay } from '@cue/contract';
import { Alert, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoClass } from '../../planning/components/PlanClass';
import { useClassDay, useLiveRefresh } from '../api-desk';
import { CheckDialog } from '../components/CheckDialog';
import { ChildRow } from '../components/ChildRow';
import { RemoveEntry } from '../components/RemoveEntry';
import { Loaded } from '../components/States';
import { DISPERSAL_NS } from '../i18n';

function Count({ label, value, color }: { label: string; value: string; color: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={{ base: 20, xs: 28 }} fw={800} c={color} lh={1.2}>
        {value}
      </Text>
    </Paper>
  );
}

/** The class's day: how many are in, out and not arrived, and every child with Check in / Check out. */
export function ClassTab({ classId, loading }: { classId: string | null; loading: boolean }) {
  const { t } = useTranslation(DISPERSAL_NS);
  const day = useClassDay(classId);
  useLiveRefresh(classId);
  const [checking, setChecking] = useState<{ child: ChildDay; mode: 'in' | 'out' } | null>(null);
  const [removing, setRemoving] = useState<ChildDay | null>(null);
  if (!classId && !loading) return <NoClass />;
  const data = day.data?.class.id === classId ? day.data : undefined;
  return (
    <Loaded error={day.error} data={data} h={320} retry={() => void day.refetch()}>
      {(d) => (
        <Stack gap="md" data-testid="dispersal-class">
          <SimpleGrid cols={{ base: 3 }} spacing="sm" role="group" aria-label={t('counts.label')}>
            <Count label={t('counts.in')} value={String(d.counts.in)} color="teal.8" />
            <Count label={t('counts.out')} value={String(d.counts.out)} color="blue.8" />
            <Count
              label={t('counts.notArrived')}
              value={t('counts.ofTotal', { number: d.counts.not_arrived, total: d.counts.children })}
              color="gray.8"
            />
          </SimpleGrid>
          {(d.closing_time || d.class.end_time) && (
            <Group gap="xs">
              <Text fz="sm" c="dimmed">
                {t('closesAt', { time: d.closing_time ?? d.class.end_time })}
              </Text>
            </Group>
          )}
          {d.children.length === 0 ? (
            <Alert color="gray" variant="light" title={t('emptyClassTitle')} data-testid="dispersal-class-empty">
              {t('emptyClass')}
            </Alert>
          ) : (
            <Stack gap="xs">
              {d.children.map((child) => (
                <ChildRow
                  key={child.student.id}
                  child={child}
                  canCheck={d.abilities.can_check}
                  onCheck={(mode) => setChecking({ child, mode })}
                  onRemove={() => setRemoving(child)}
                />
              ))}
            </Stack>
          )}
          {checking && (
            <CheckDialog
              mode={checking.mode}
              child={checking.child}
              healthQuestion={d.health_question}
              onClose={() => setChecking(null)}
            />
          )}
          {removing && <RemoveEntry child={removing} onClose={() => setRemoving(null)} />}
        </Stack>
      )}
    </Loaded>
  );
}
