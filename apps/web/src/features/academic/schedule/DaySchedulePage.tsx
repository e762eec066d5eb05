import { addDays, ddmmyyyyFromIso, isoFromDdmmyyyy, weekStart } from '@cue/contract';
import { ActionIcon, Button, Group, Paper, Select, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconArchive, IconArchiveOff, IconChevronLeft, IconChevronRight, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { ConfirmModal } from '../../../components/FormModal';
import { SoftBadge } from '../../../components/SoftBadge';
import { todayWire } from '../../../lib/day';
import { useStaffClassList } from '../../admin/api';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { AuditHistory } from '../components/AuditHistory';
import { listTableProps } from '../components/listTable';
import { useArchiveConfirm } from '../components/useArchiveConfirm';
import { academicNeed, DAY_SCHEDULE_NS } from '../i18n';
import { type DaySchedule, scheduleText, useArchiveDaySchedule, useDaySchedules } from './api-schedule';
import { ClassDaysWeek } from './ClassDaysWeek';
import { ScheduleEditor } from './ScheduleEditor';
import { daySpan, readableTime } from './slots';

/** "Preview a class": a class and a week, and that week as the class's staff will see it. */
function ClassPreview() {
  const { t, i18n } = useTranslation(DAY_SCHEDULE_NS);
  const classes = useStaffClassList();
  const [classId, setClassId] = useState<string | null>(null);
  const [monday, setMonday] = useState(() => weekStart(isoFromDdmmyyyy(todayWire()) as string));
  const rtl = i18n.dir() === 'rtl';
  const Before = rtl ? IconChevronRight : IconChevronLeft;
  const After = rtl ? IconChevronLeft : IconChevronRight;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="class-preview-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="class-preview-title">
          {t('preview.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('preview.description')}
        </Text>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Select
            label={t('preview.class')}
            placeholder={t('preview.classPlaceholder')}
            data={(classes.data ?? []).map((c) => ({ value: c.id, label: c.class_name }))}
            value={classId}
            onChange={setClassId}
            searchable
            nothingFoundMessage={t('editor.noneFound')}
            w={240}
            data-testid="preview-class"
          />
          <Group gap={4} wrap="nowrap" align="flex-end">
            <Tooltip label={t('preview.previousWeek')}>
              <ActionIcon
                variant="default"
                size="lg"
                mb={1}
                aria-label={t('preview.previousWeek')}
                onClick={() => setMonday(addDays(monday, -7))}
              >
                <Before size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <DatePickerInput
              label={t('preview.week')}
              value={monday}
              onChange={(v) => v && setMonday(weekStart(String(v).slice(0, 10)))}
              valueFormat="MMM DD, YYYY"
              valueFormatter={readerDateFormatter(DAY)}
              w={180}
            />
            <Tooltip label={t('preview.nextWeek')}>
              <ActionIcon
                variant="default"
                size="lg"
                mb={1}
                aria-label={t('preview.nextWeek')}
                onClick={() => setMonday(addDays(monday, 7))}
              >
                <After size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {classId ? (
          <ClassDaysWeek classId={classId} from={ddmmyyyyFromIso(monday)} />
        ) : (
          <Text fz="sm" c="dimmed">
            {t('preview.chooseClass')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Body() {
  const { t, i18n } = useTranslation(DAY_SCHEDULE_NS);
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<DaySchedule | 'new' | null>(null);
  const list = useDaySchedules(showArchived);
  const archive = useArchiveConfirm<DaySchedule>(
    useArchiveDaySchedule(),
    (message, toArchive) => scheduleText(message) || t(toArchive ? 'messages.archived' : 'messages.restored'),
  );
  const { confirming, setConfirming } = archive;
  const number = new Intl.NumberFormat(i18n.language);

  const target = (x: DaySchedule) =>
    x.applies_to === 'school'
      ? t('targets.school')
      : `${t(`targets.${x.applies_to}`)}: ${x.division?.name ?? x.class?.name ?? '—'}`;
  const summary = (x: DaySchedule) => {
    const spans = x.days.map((d) => daySpan(d.slots)).filter((s) => s.start);
    if (spans.length === 0) return t('list.noParts');
    const lessons = Math.max(...spans.map((s) => s.lessons));
    const first = spans[0];
    return t('list.summary', {
      n: number.format(lessons),
      start: `\u2068${readableTime(first?.start ?? '', i18n.language)}\u2069`,
      end: `\u2068${readableTime(first?.end ?? '', i18n.language)}\u2069`,
    });
  };

  return (
    <Page
      title={t('page.title')}
      description={t('page.description')}
      actions={
        <>
          <AuditHistory entityType="day_schedule" />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid="new-day-schedule"
          >
            {t('list.new')}
          </Button>
        </>
      }
    >
      <DataTable
        caption={t('list.caption')}
        testId="day-schedules"
        {...listTableProps(list)}
        emptyText={showArchived ? t('list.emptyArchived') : t('list.empty')}
        toolbar={
          <Group justify="flex-end">
            <Switch
              label={t('list.showArchived')}
              checked={showArchived}
              onChange={(e) => setShowArchived(e.currentTarget.checked)}
              data-testid="schedules-archived"
            />
          </Group>
        }
        columns={[
          {
            key: 'name',
            header: t('list.name'),
            render: (x) => (
              <Group gap={6} wrap="wrap" miw={160}>
                <Text fz="sm" fw={600} c={x.archived ? 'dimmed' : undefined}>
                  {x.name}
                </Text>
                {x.archived && <SoftBadge color="gray">{t('list.archivedBadge')}</SoftBadge>}
              </Group>
            ),
          },
          { key: 'target', header: t('list.appliesTo'), render: target },
          {
            key: 'cycle',
            header: t('list.cycle'),
            render: (x) =>
              x.cycle === 'rotating' ? t('list.rotating', { n: number.format(x.cycle_days ?? 0) }) : t('cycles.weekly'),
          },
          { key: 'summary', header: t('list.day'), render: summary },
        ]}
        actions={(x) => [
          ...(x.abilities.edit ? [{ label: t('list.edit'), icon: IconPencil, onClick: () => setEditing(x) }] : []),
          ...(x.abilities.archive
            ? [
                x.archived
                  ? {
                      label: t('list.restore'),
                      icon: IconArchiveOff,
                      onClick: () => archive.run(x, false),
                      disabled: archive.pending,
                    }
                  : { label: t('list.archive'), icon: IconArchive, onClick: () => setConfirming(x) },
              ]
            : []),
        ]}
      />
      <ClassPreview />
      {editing && <ScheduleEditor schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {confirming && (
        <ConfirmModal
          opened
          onClose={() => setConfirming(null)}
          title={t('list.archiveTitle', { name: confirming.name })}
          message={<Text fz="sm">{t('list.archiveMessage')}</Text>}
          confirmLabel={t('list.archive')}
          onConfirm={() => archive.run(confirming, true)}
          pending={archive.pending}
        />
      )}
    </Page>
  );
}

/** /admin/academic-setup/day-schedule: the school's day per weekday or rotating cycle, per division or class. */
export default function DaySchedulePage() {
  return (
    <Gate need={academicNeed('academic-setup.day-schedule')}>
      <Body />
    </Gate>
  );
}
