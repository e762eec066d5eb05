import type { ChildDay } from '@cue/contract';
import { Alert, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParam } from '../../../lib/addressParam';
import { formatClassName } from '../../../lib/format';
import { ltr } from '../../planning/planFormat';
import { useCurrentClass } from '../../shell/Selectors';
import { useDismissal, useLiveRefresh } from '../api-desk';
import { CheckDialog } from '../components/CheckDialog';
import { ChildRow } from '../components/ChildRow';
import { byClass } from '../components/checks';
import { Loaded } from '../components/States';
import { DISPERSAL_NS } from '../i18n';

const ALL = 'all';

/**
 * The door's live list: children still in school, by class, with who is expected to collect them and
 * "Check out" at hand; big rows for a tablet at the door. Its class filter stays in the address.
 */
export function DismissalTab() {
  const { t } = useTranslation(DISPERSAL_NS);
  const { schools } = useCurrentClass();
  const classes = schools.data?.find((s) => s.current)?.classes ?? [];
  const [asked, setAsked] = useAddressParam('dismissal_class');
  const classId = asked && classes.some((c) => c.id === asked) ? asked : null;
  const list = useDismissal(classId);
  useLiveRefresh(classId);
  const [checking, setChecking] = useState<ChildDay | null>(null);
  return (
    <Stack gap="md" data-testid="dispersal-dismissal">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={t('dismissal.filter')}
          data={[
            { value: ALL, label: t('dismissal.allClasses') },
            ...classes.map((c) => ({ value: c.id, label: formatClassName(c.class_name).text })),
          ]}
          value={classId ?? ALL}
          onChange={(v) => setAsked(v && v !== ALL ? v : null)}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
        {list.data?.closing_time && (
          <Text fz="sm" c="dimmed">
            {t('closesAt', { time: ltr(list.data.closing_time) })}
          </Text>
        )}
      </Group>
      <Loaded error={list.error} data={list.data} h={320} retry={() => void list.refetch()}>
        {(d) =>
          d.children.length === 0 ? (
            <Alert color="gray" variant="light" title={t('dismissal.emptyTitle')} data-testid="dispersal-dismissal-empty">
              {t('dismissal.empty')}
            </Alert>
          ) : (
            <Stack gap="lg">
              {byClass(d.children).map((group) => (
                <Stack key={group.classId} gap="xs" component="section" aria-label={formatClassName(group.name).text}>
                  <Title order={2} fz="lg">
                    {t('dismissal.classHeading', { name: formatClassName(group.name).text, number: group.children.length })}
                  </Title>
                  {group.children.map((child) => (
                    <ChildRow key={child.student.id} child={child} canCheck big showExpected onCheck={() => setChecking(child)} />
                  ))}
                </Stack>
              ))}
            </Stack>
          )
        }
      </Loaded>
      {checking && <CheckDialog mode="out" child={checking} healthQuestion={null} onClose={() => setChecking(null)} />}
    </Stack>
  );
}
