import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconCalendarCheck, IconCheck, IconLock, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChildAlertBadges, useClassAlerts } from '../../../components/ChildAlertBadges';
import { toast } from '../../../lib/notify';
import { useClassDay } from '../../attendance/api';
import { StatusBadge, StatusCounts, StatusPicker } from '../../attendance/components/StatusPicker';
import { countStatuses } from '../../attendance/components/status';
import { fromWire } from '../../attendance/dates';
import classes from '../Cue.module.css';
import { type AttendanceDraft, formatWireDate, readAttendance } from '../drafts';
import { CUE_NS } from '../i18n';
import { CancelEditButton, CardFrame, type CardProps, nameOf, SavedBadge, useSaving } from './CardFrame';

type Rows = AttendanceDraft['rows'];

/** What the card changes against what is saved: per child, the saved status and the drafted one. */
function Changes({ rows, saved, name }: { rows: Rows; saved: Rows; name: (id: string) => string }) {
  const { t } = useTranslation(CUE_NS);
  const before = new Map(saved.map((r) => [r.student_id, r.attendance_status] as const));
  const changes = rows.flatMap((r) => {
    const was = before.get(r.student_id);
    return was && was !== 'NA' && was !== r.attendance_status ? [{ ...r, was }] : [];
  });
  if (changes.length === 0) return null;
  return (
    <Stack gap={4} data-testid="cue-attendance-changes">
      <Text fz="sm" fw={600}>
        {t('attendance.changes')}
      </Text>
      {changes.map((c) => (
        <Group key={c.student_id} gap={6} wrap="nowrap" data-testid="cue-attendance-change" data-student={c.student_id}>
          <Text fz="sm" truncate>
            {name(c.student_id)}
          </Text>
          <StatusBadge status={c.was} size="sm" />
          <IconArrowRight size={14} aria-label={t('attendance.changesTo')} className={classes.flipRtl} />
          <StatusBadge status={c.attendance_status} size="sm" />
        </Group>
      ))}
    </Stack>
  );
}

/**
 * mark_attendance: the children's statuses for a date; Mark Complete saves them with is_saved true.
 * The card shows what it would change against the day as saved; a day already marked complete is not
 * rewritten from here (the server refuses it too): the card offers the attendance page to reopen it.
 */
export function AttendanceCard({ call, names, onSave, classId }: CardProps) {
  const { t, i18n } = useTranslation(CUE_NS);
  const draft = readAttendance(call.args);
  const [edited, setEdited] = useState<Rows | null>(null);
  const [editing, setEditing] = useState(false);
  const { saving, run } = useSaving(call);
  const rows = call.saved ? draft.rows : (edited ?? draft.rows);
  const name = (id: string) => nameOf(names, id, t('card.unknownChild'));
  const alerts = useClassAlerts(classId);
  const iso = /^\d{2}-\d{2}-\d{4}$/.test(draft.date) ? fromWire(draft.date) : '';
  const day = useClassDay(call.complete && !call.saved && iso ? (classId ?? null) : null, iso);
  const completedDay = !call.saved && day.data?.is_saved === true;

  const markComplete = () =>
    run('complete', async () => {
      const args = { date: draft.date, student_attendance_list: rows, is_saved: true };
      const ok = await onSave(call, args);
      if (ok) {
        toast.success(t('messages.attendanceSaved'));
        setEditing(false);
      } else void day.refetch();
      return ok;
    });

  const setStatus = (studentId: string, status: Rows[number]['attendance_status']) =>
    setEdited(rows.map((r) => (r.student_id === studentId ? { ...r, attendance_status: status } : r)));

  const locked = call.saved || saving !== null || completedDay;
  const reopen = (
    <Button
      component={Link}
      to={`/housekeeping/attendance?date=${iso}`}
      variant="light"
      leftSection={<IconLock size={16} />}
      data-testid="cue-attendance-reopen"
    >
      {t('attendance.reopen')}
    </Button>
  );
  return (
    <CardFrame
      call={call}
      testId="cue-card-attendance"
      icon={<IconCalendarCheck size={20} />}
      title={t('attendance.title')}
      subtitle={draft.date ? formatWireDate(draft.date, i18n.language) : undefined}
      status={call.saved ? <SavedBadge>{t('attendance.completed')}</SavedBadge> : undefined}
      actions={
        completedDay ? (
          reopen
        ) : editing ? (
          <>
            <CancelEditButton
              onCancel={() => {
                setEdited(null);
                setEditing(false);
              }}
              disabled={locked}
            />
            <Button variant="light" onClick={() => setEditing(false)} disabled={locked}>
              {t('card.done')}
            </Button>
            <Button onClick={() => void markComplete()} loading={saving === 'complete'} disabled={call.saved}>
              {t('attendance.markComplete')}
            </Button>
          </>
        ) : (
          <>
            {!call.saved && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} disabled={locked}>
                {t('card.edit')}
              </Button>
            )}
            <Button
              onClick={() => void markComplete()}
              loading={saving === 'complete'}
              disabled={call.saved}
              leftSection={call.saved ? <IconCheck size={16} /> : undefined}
            >
              {call.saved ? t('attendance.completed') : t('attendance.markComplete')}
            </Button>
          </>
        )
      }
    >
      <StatusCounts counts={countStatuses(rows)} />
      {completedDay && (
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />} p="xs" data-testid="cue-attendance-day-complete">
          {t('attendance.dayComplete')}
        </Alert>
      )}
      {!call.saved && day.data && <Changes rows={rows} saved={day.data.student_attendance_list} name={name} />}
      {editing && !call.saved ? (
        <div className={classes.rows} style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {rows.map((row) => (
            <div key={row.student_id} className={classes.editRow} data-testid="cue-attendance-row">
              <Group gap={4} wrap="nowrap" miw={0}>
                <Text fw={500} truncate>
                  {name(row.student_id)}
                </Text>
                <ChildAlertBadges alerts={alerts.get(row.student_id)} size="xs" />
              </Group>
              <StatusPicker
                value={row.attendance_status}
                name={name(row.student_id)}
                onChange={(status) => setStatus(row.student_id, status)}
                disabled={locked}
              />
            </div>
          ))}
        </div>
      ) : (
        <div className={classes.rows}>
          {rows.map((row) => (
            <div
              key={row.student_id}
              className={classes.row}
              data-testid="cue-attendance-row"
              data-status={row.attendance_status}
            >
              <Group gap={4} wrap="nowrap" miw={0}>
                <Text fz="sm" fw={500} truncate>
                  {name(row.student_id)}
                </Text>
                <ChildAlertBadges alerts={alerts.get(row.student_id)} size="xs" />
              </Group>
              <StatusBadge status={row.attendance_status} size="sm" />
            </div>
          ))}
        </div>
      )}
    </CardFrame>
  );
}
