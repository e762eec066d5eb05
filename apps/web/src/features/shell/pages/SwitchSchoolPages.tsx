import { Badge, Button, Container, Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconCheck, IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DASHBOARD_PATH } from '../../../app/guards';
import { errorText, toast } from '../../../lib/notify';
import { useCampuses, useOrganizations, useSwitchSchool } from '../api';
import { setCurrentClassId } from '../currentClass';
import { useShell } from '../ShellContext';
import { LoadFailed, PageHeader } from './common';
import classes from './Pages.module.css';

function useSwitchTo() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const mutation = useSwitchSchool();
  // mutateAsync: the page may unmount while the new school's permissions load; the navigation still happens.
  const go = (schoolId: string) =>
    mutation.mutateAsync(schoolId).then(
      (answer) => {
        setCurrentClassId(null);
        toast.success(t('switchSchool.switched', { name: answer.user_details.school_details.name }));
        navigate(DASHBOARD_PATH);
      },
      (err: unknown) => toast.error(errorText(err)),
    );
  return { go, pending: mutation.isPending ? mutation.variables : null };
}

function SchoolRow({
  name,
  current,
  onSwitch,
  pending,
}: {
  name: string;
  current: boolean;
  onSwitch: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('shell');
  return (
    <div className={classes.listItem} data-testid="school-row">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <IconSchool size={20} aria-hidden />
        <Text fw={600} truncate="end">
          {name}
        </Text>
        {current && (
          <Badge variant="filled" color="teal.9" leftSection={<IconCheck size={12} aria-hidden />}>
            {t('switchSchool.current')}
          </Badge>
        )}
      </Group>
      {!current && (
        <Button size="xs" variant="light" onClick={onSwitch} loading={pending} aria-label={t('switchSchool.switchTo', { name })}>
          {t('switchSchool.switch')}
        </Button>
      )}
    </div>
  );
}

/** /campuses: the staff member's own schools; choosing one switches to it. */
export function CampusesPage() {
  const { t } = useTranslation('shell');
  const campuses = useCampuses();
  const { go, pending } = useSwitchTo();
  return (
    <Container size="sm" data-testid="campuses-page">
      <PageHeader title={t('switchSchool.campusesTitle')} description={t('switchSchool.campusesIntro')} />
      {campuses.isPending ? (
        <Stack>
          <Skeleton h={64} radius="md" />
          <Skeleton h={64} radius="md" />
        </Stack>
      ) : campuses.isError ? (
        <LoadFailed onRetry={() => void campuses.refetch()} />
      ) : campuses.data.length === 0 ? (
        <Text c="dimmed">{t('switchSchool.noSchools')}</Text>
      ) : (
        <Stack gap="sm">
          {campuses.data.map((campus) => (
            <SchoolRow
              key={campus.id}
              name={campus.name}
              current={campus.current}
              onSwitch={() => go(campus.id)}
              pending={pending === campus.id}
            />
          ))}
        </Stack>
      )}
    </Container>
  );
}

/** /super_admin/organization: pick an organization, then one of its schools. */
export function OrganizationPage() {
  const { t } = useTranslation('shell');
  const { user } = useShell();
  const organizations = useOrganizations();
  const [chosen, setChosen] = useState<string | null>(null);
  const { go, pending } = useSwitchTo();
  const currentSchool = user.staff?.school_details.id;
  const list = organizations.data ?? [];
  const org = list.find((o) => o.id === chosen) ?? (list.length === 1 ? list[0] : undefined);

  return (
    <Container size="md" data-testid="organization-page">
      <PageHeader title={t('switchSchool.organizationTitle')} description={t('switchSchool.organizationIntro')} />
      {organizations.isPending ? (
        <Skeleton h={120} radius="md" />
      ) : organizations.isError ? (
        <LoadFailed onRetry={() => void organizations.refetch()} />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('switchSchool.noOrganizations')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Radio.Group label={t('switchSchool.organization')} value={org?.id ?? null} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {list.map((o) => (
                <Radio.Card key={o.id} value={o.id} radius="md" p="md" className={classes.listItem}>
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator />
                    <IconBuildingCommunity size={20} aria-hidden />
                    <div>
                      <Text fw={600}>{o.name}</Text>
                      <Text fz="xs" c="dimmed">
                        {t('switchSchool.schoolCount', { count: o.schools.length })}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <div>
            <Text fz="sm" fw={500} mb="xs">
              {t('switchSchool.school')}
            </Text>
            {!org ? (
              <Text c="dimmed" fz="sm">
                {t('switchSchool.pickOrganization')}
              </Text>
            ) : org.schools.length === 0 ? (
              <Text c="dimmed" fz="sm">
                {t('switchSchool.noSchools')}
              </Text>
            ) : (
              <Stack gap="sm">
                {org.schools.map((school) => (
                  <SchoolRow
                    key={school.id}
                    name={school.name}
                    current={school.id === currentSchool}
                    onSwitch={() => go(school.id)}
                    pending={pending === school.id}
                  />
                ))}
              </Stack>
            )}
          </div>
        </SimpleGrid>
      )}
    </Container>
  );
}
