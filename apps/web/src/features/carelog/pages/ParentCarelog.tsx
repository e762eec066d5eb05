import { CARE_UPDATED_EVENT, type CareUpdatedEvent, type ChildCareDay } from '@cue/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { IconBandage, IconPill, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTabParam } from '../../../lib/addressParam';
import { fullName } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { useSocketEvent } from '../../../lib/socket';
import { useCurrentChild } from '../../auth/useCurrentUser';
import { Page } from '../../communication/components/Page';
import { parentPage } from '../../shell/sides';
import { careKeys, useChildCareDay, useIncidents, useMedicines, useSummarySubscription } from '../api';
import { type DayItem, dayTimeline, isolate, readableTime, todayWire } from '../care';
import { DayNav, useCareDate } from '../components/DayNav';
import { IncidentBadges, IncidentList } from '../components/Incidents';
import { CareAlerts, KindIcon, useEntryText } from '../components/kinds';
import { Loaded, tabCount } from '../components/Loaded';
import { MedicineList, MedicineModal } from '../components/Medicines';
import { CARELOG_NS, careErrorText, careMessage, incidentPath } from '../i18n';

const TABS = ['today', 'medicines', 'reports'] as const;

/** One moment of the child's day: an entry, a dose or an incident, at its time. */
function DayRow({ item }: { item: DayItem }) {
  const { t } = useTranslation(CARELOG_NS);
  const entryText = useEntryText();
  const lng = currentLanguage();
  const time = (
    <Text fz="sm" c="dimmed" w={72} ta="end" style={{ flexShrink: 0 }}>
      {readableTime(item.time, lng)}
    </Text>
  );
  if (item.type === 'entry') {
    const { entry } = item;
    const asleep = entry.kind === 'nap' && !entry.details.end;
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="day-item" data-kind={entry.kind}>
        {time}
        <KindIcon kind={entry.kind} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fz="sm" fw={600}>
              {t(`kind.${entry.kind}`)}
            </Text>
            {asleep && (
              <Badge size="xs" color="indigo" variant="light" tt="none">
                {t('parent.asleepNow')}
              </Badge>
            )}
          </Group>
          <Text fz="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {entryText(entry)}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('entry.by', { name: isolate(entry.staff.name) })}
          </Text>
        </Stack>
      </Group>
    );
  }
  if (item.type === 'dose') {
    const { dose } = item;
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="day-item" data-kind="medicine">
        {time}
        <IconPill size={24} aria-hidden color="var(--mantine-color-grape-6)" />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fz="sm" fw={600}>
            {dose.at_home ? t('parent.doseHome') : t('parent.doseSchool')}
          </Text>
          <Text fz="sm" dir="auto">
            {dose.medicine} · {dose.dose}
          </Text>
          <Text fz="xs" c="dimmed">
            {dose.witness
              ? t('parent.givenByWitness', { name: isolate(dose.given_by.name), witness: isolate(dose.witness.name) })
              : t('entry.by', { name: isolate(dose.given_by.name) })}
          </Text>
        </Stack>
      </Group>
    );
  }
  const { incident } = item;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="day-item" data-kind="incident">
      {time}
      <IconBandage size={24} aria-hidden color="var(--mantine-color-orange-7)" />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fz="sm" fw={600}>
          {t(`incidentKind.${incident.kind}`)}
        </Text>
        <Text fz="sm" dir="auto" lineClamp={3}>
          {incident.description}
        </Text>
        <IncidentBadges incident={incident} family />
        <Group>
          <Button component={Link} to={parentPage(incidentPath(incident._id))} size="xs" variant="light">
            {t('parent.openReport')}
          </Button>
        </Group>
      </Stack>
    </Group>
  );
}

/** The child's day: alerts, the summary switch and the timeline. */
function TodayTab({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation(CARELOG_NS);
  const [date, setDate] = useCareDate();
  const day = useChildCareDay('parent', studentId, date);
  const subscribe = useSummarySubscription();
  const data: ChildCareDay | undefined = day.data?.student._id === studentId ? day.data : undefined;
  const items = data ? dayTimeline(data) : [];
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <DayNav date={date} onChange={setDate} />
        {data && (
          <Switch
            label={t('parent.summaryEmail')}
            checked={data.summary_email}
            disabled={subscribe.isPending}
            onChange={(e) =>
              subscribe.mutate(
                { student_id: studentId, enabled: e.currentTarget.checked },
                {
                  onSuccess: () => toast.success(careMessage('summarySaved')),
                  onError: (err) => toast.error(careErrorText(err)),
                },
              )
            }
            data-testid="summary-switch"
          />
        )}
      </Group>
      {data && data.alerts.length > 0 && (
        <Group gap="xs" wrap="wrap">
          <Text fz="sm" fw={600}>
            {t('parent.alerts')}
          </Text>
          <CareAlerts alerts={data.alerts} />
        </Group>
      )}
      <Loaded error={data ? null : day.error} data={data} h={240}>
        {() =>
          items.length === 0 ? (
            <Paper withBorder radius="lg" p="xl">
              <Text ta="center" c="dimmed" data-testid="day-empty">
                {date === todayWire() ? t('parent.emptyToday', { name }) : t('parent.emptyDay', { name })}
              </Text>
            </Paper>
          ) : (
            <Paper withBorder radius="lg" p="md">
              <Stack
                component="ol"
                gap="md"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                data-testid="child-day"
                aria-label={t('parent.dayOf', { name })}
              >
                {items.map((item) => (
                  <li key={item.key}>
                    <DayRow item={item} />
                  </li>
                ))}
              </Stack>
            </Paper>
          )
        }
      </Loaded>
    </Stack>
  );
}

/** The child's medicine records, "Add a medicine" (with the family's permission) and "Given at home". */
function MedicinesTab({ studentId }: { studentId: string }) {
  const { t } = useTranslation(CARELOG_NS);
  const list = useMedicines('parent', { student_id: studentId, status: 'all' });
  const [adding, setAdding] = useState(false);
  const active = (list.data ?? []).filter((m) => m.status === 'active');
  const ended = (list.data ?? []).filter((m) => m.status === 'ended');
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {t('medicine.add')}
        </Button>
      </Group>
      <Loaded error={list.error} data={list.data} h={160}>
        {() =>
          active.length === 0 ? (
            <Alert color="gray" variant="light" data-testid="medicines-empty">
              {t('medicine.noneChild')}
            </Alert>
          ) : (
            <MedicineList side="parent" medicines={active} />
          )
        }
      </Loaded>
      {ended.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="medicines-ended">
          <Title order={2} fz="lg" id="medicines-ended">
            {t('medicine.endedTitle')}
          </Title>
          <MedicineList side="parent" medicines={ended} />
        </Stack>
      )}
      {adding && <MedicineModal side="parent" studentId={studentId} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

/** Reports of the child the family has not acknowledged yet, then every other report. */
function ReportsTab({ studentId }: { studentId: string }) {
  const { t } = useTranslation(CARELOG_NS);
  const waiting = useIncidents('parent', { student_id: studentId, state: 'unacknowledged' });
  const all = useIncidents('parent', { student_id: studentId, state: 'all' });
  const done = (all.data ?? []).filter((i) => i.acknowledged);
  const pathOf = (id: string) => parentPage(incidentPath(id));
  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="reports-waiting">
        <Title order={2} fz="lg" id="reports-waiting">
          {t('parent.toAcknowledge')}
        </Title>
        <Loaded error={waiting.error} data={waiting.data} h={120}>
          {(incidents) => <IncidentList incidents={incidents} pathOf={pathOf} empty={t('parent.nothingToAcknowledge')} family />}
        </Loaded>
      </Stack>
      {done.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="reports-done">
          <Title order={2} fz="lg" id="reports-done">
            {t('parent.earlierReports')}
          </Title>
          <IncidentList incidents={done} pathOf={pathOf} empty="" family />
        </Stack>
      )}
    </Stack>
  );
}

/** /communication/carelog for a family: the current child's day live, medicines and reports to acknowledge. */
export function ParentCarelog() {
  const { t } = useTranslation(CARELOG_NS);
  const child = useCurrentChild();
  const client = useQueryClient();
  const studentId = child?.id ?? null;
  const waiting = useIncidents('parent', { student_id: studentId ?? '', state: 'unacknowledged' }, !!studentId);
  // The school logged something about this child: the day, the medicines and the reports are read again.
  useSocketEvent<CareUpdatedEvent>(
    CARE_UPDATED_EVENT,
    (event) => {
      if (!studentId || !event.student_ids.includes(studentId)) return;
      void client.invalidateQueries({ queryKey: careKeys.children });
      if (event.kind === 'medicine') void client.invalidateQueries({ queryKey: careKeys.medicines });
      if (event.kind === 'incident') void client.invalidateQueries({ queryKey: careKeys.incidents });
    },
    !!studentId,
  );
  const [tab, setTab] = useTabParam(TABS);

  if (!child || !studentId)
    return (
      <Page title={t('title')}>
        <Alert color="gray" variant="light" title={t('parent.noChildTitle')}>
          {t('parent.noChildBody')}
        </Alert>
      </Page>
    );
  const name = fullName(child);
  const toAcknowledge = waiting.data?.length ?? 0;
  return (
    <Page title={t('title')} description={t('parent.forChild', { name })}>
      <Tabs key={studentId} value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="today">{t('tabs.today')}</Tabs.Tab>
          <Tabs.Tab value="medicines">{t('tabs.medicines')}</Tabs.Tab>
          <Tabs.Tab
            value="reports"
            rightSection={tabCount(toAcknowledge, 'red.8', t('tabs.toAcknowledgeCount', { count: toAcknowledge }))}
          >
            {t('tabs.reports')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="today">
          <TodayTab studentId={studentId} name={name} />
        </Tabs.Panel>
        <Tabs.Panel value="medicines">
          <MedicinesTab studentId={studentId} />
        </Tabs.Panel>
        <Tabs.Panel value="reports">
          <ReportsTab studentId={studentId} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
