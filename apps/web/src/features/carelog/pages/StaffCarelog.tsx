import { CARE_UPDATED_EVENT, type CareDay, can } from '@cue/contract';
import { Alert, Button, Chip, Group, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconBandage, IconPlus, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTabParam } from '../../../lib/addressParam';
import { formatClassName } from '../../../lib/format';
import { useClassEvent } from '../../../lib/socket';
import { Page } from '../../communication/components/Page';
import { useCurrentClass } from '../../shell/Selectors';
import { useShell } from '../../shell/ShellContext';
import { careKeys, type IncidentQuery, useCareDay, useIncidents, useMedicines } from '../api';
import { isFutureDay } from '../care';
import { DayNav, useCareDate } from '../components/DayNav';
import { IncidentModal } from '../components/IncidentForms';
import { IncidentList } from '../components/Incidents';
import { Loaded, tabCount } from '../components/Loaded';
import { MedicineList, MedicineModal } from '../components/Medicines';
import { NapBoard } from '../components/NapBoard';
import { RoomBoard } from '../components/RoomBoard';
import { SettingsModal } from '../components/SettingsModal';
import { Timeline } from '../components/Timeline';
import { CARELOG_NS, incidentPath } from '../i18n';

const TABS = ['room', 'naps', 'timeline', 'medicines', 'incidents'] as const;
const STATES = ['all', 'unacknowledged', 'unreviewed', 'regulator'] as const;

const childOptionsOf = (day: CareDay | undefined) =>
  (day?.children ?? []).map((c) => ({ value: c._id, label: c.name })).sort((a, b) => a.label.localeCompare(b.label));

/** The medicines tab: the class's children's records in use, "Give dose", "Add from signed form", "End". */
function MedicinesTab({ classId, day }: { classId: string; day: CareDay | undefined }) {
  const { t } = useTranslation(CARELOG_NS);
  const list = useMedicines('staff', { class_id: classId, status: 'active' });
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {t('medicine.addSigned')}
        </Button>
      </Group>
      <Loaded error={list.error} data={list.data} h={160}>
        {(medicines) =>
          medicines.length === 0 ? (
            <Alert color="gray" variant="light" data-testid="medicines-empty">
              {t('medicine.noneClass')}
            </Alert>
          ) : (
            <MedicineList side="staff" medicines={medicines} classId={classId} showChild />
          )
        }
      </Loaded>
      {adding && <MedicineModal side="staff" childOptions={childOptionsOf(day)} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

/** The incidents tab: the class's reports by state, and "New report". */
function IncidentsTab({ classId, day, date }: { classId: string; day: CareDay | undefined; date: string }) {
  const { t } = useTranslation(CARELOG_NS);
  const navigate = useNavigate();
  const [state, setState] = useState<NonNullable<IncidentQuery['state']>>('all');
  const list = useIncidents('staff', { class_id: classId, state });
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Chip.Group multiple={false} value={state} onChange={(v) => setState(v as typeof state)}>
          <Group gap={6} role="radiogroup" aria-label={t('incident.filter')}>
            {STATES.map((s) => (
              <Chip key={s} value={s} size="sm" variant="outline">
                {t(`incident.state.${s}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Button leftSection={<IconBandage size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('incident.new')}
        </Button>
      </Group>
      <Loaded error={list.error} data={list.data} h={160}>
        {(incidents) => <IncidentList incidents={incidents} pathOf={incidentPath} empty={t(`incident.empty.${state}`)} />}
      </Loaded>
      {creating && (
        <IncidentModal
          classId={classId}
          childOptions={childOptionsOf(day)}
          date={date}
          onClose={() => setCreating(false)}
          onSaved={(incident) => navigate(incidentPath(incident._id))}
        />
      )}
    </Stack>
  );
}

/** /communication/carelog for staff: the current class's day (room board, naps, timeline), medicines and incidents. */
export function StaffCarelog() {
  const { t } = useTranslation(CARELOG_NS);
  const { current, schools } = useCurrentClass();
  const { held } = useShell();
  const client = useQueryClient();
  const [date, setDate] = useCareDate();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const classId = current?.id ?? null;
  const day = useCareDay(classId, date);
  // Another member of staff logged something in the room: read the day again.
  useClassEvent(classId, CARE_UPDATED_EVENT, () => {
    void client.invalidateQueries({ queryKey: careKeys.days });
    void client.invalidateQueries({ queryKey: careKeys.medicines });
    void client.invalidateQueries({ queryKey: careKeys.incidents });
  });
  const [tab, setTab] = useTabParam(TABS);
  const name = current ? formatClassName(current.class_name) : null;
  const settings = can({ permission: 'admin_portal.school_details' }, held);
  const editable = !isFutureDay(date);
  const data = day.data?.class_id === classId ? day.data : undefined;
  const asleep = data?.naps_now.length ?? 0;
  const due = data?.naps_now.filter((n) => n.check_due).length ?? 0;

  const dayPanel = (render: (d: CareDay) => ReactNode) => (
    <Loaded error={data ? null : day.error} data={data} h={240}>
      {render}
    </Loaded>
  );

  return (
    <Page
      title={t('title')}
      description={name ? t('forClass', { name: name.text }) : undefined}
      actions={
        settings ? (
          <Button variant="default" leftSection={<IconSettings size={16} aria-hidden />} onClick={() => setSettingsOpen(true)}>
            {t('settings.open')}
          </Button>
        ) : undefined
      }
    >
      {!current ? (
        schools.isPending ? (
          <Skeleton h={240} radius="lg" />
        ) : (
          <Alert color="gray" variant="light" title={t('noClassTitle')}>
            {t('noClassBody')}
          </Alert>
        )
      ) : (
        <Stack gap="md">
          <DayNav date={date} onChange={setDate} />
          <Tabs key={current.id} value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="room">{t('tabs.room')}</Tabs.Tab>
              <Tabs.Tab
                value="naps"
                rightSection={tabCount(
                  asleep,
                  // Shade 8: white on red or indigo's shade 6 stays below 4.5:1.
                  due > 0 ? 'red.8' : 'indigo.8',
                  t('tabs.asleepCount', { count: asleep }),
                )}
              >
                {t('tabs.naps')}
              </Tabs.Tab>
              <Tabs.Tab value="timeline">{t('tabs.timeline')}</Tabs.Tab>
              <Tabs.Tab value="medicines">{t('tabs.medicines')}</Tabs.Tab>
              <Tabs.Tab value="incidents">{t('tabs.incidents')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="room">
              {dayPanel((d) => (
                <RoomBoard day={d} editable={editable} />
              ))}
            </Tabs.Panel>
            <Tabs.Panel value="naps">
              {dayPanel((d) => (
                <NapBoard day={d} readAt={day.dataUpdatedAt} editable={editable} />
              ))}
            </Tabs.Panel>
            <Tabs.Panel value="timeline">
              {dayPanel((d) => (
                <Timeline day={d} />
              ))}
            </Tabs.Panel>
            <Tabs.Panel value="medicines">
              <MedicinesTab classId={current.id} day={data} />
            </Tabs.Panel>
            <Tabs.Panel value="incidents">
              <IncidentsTab classId={current.id} day={data} date={date} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
      {settingsOpen && <SettingsModal onClose={() => setSettingsOpen(false)} />}
    </Page>
  );
}
