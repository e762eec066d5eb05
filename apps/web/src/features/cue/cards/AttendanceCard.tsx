import { Button, Text } from '@mantine/core';
import { IconCalendarCheck, IconCheck, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notify';
import { StatusBadge, StatusCounts, StatusPicker } from '../../attendance/components/StatusPicker';
import { countStatuses } from '../../attendance/components/status';
import classes from '../Cue.module.css';
import { type AttendanceDraft, formatWireDate, readAttendance } from '../drafts';
import { CUE_NS } from '../i18n';
import { CancelEditButton, CardFrame, type CardProps, nameOf, SavedBadge, useSaving } from './CardFrame';

type Rows = AttendanceDraft['rows'];

/** mark_attendance: the children's statuses for a date; Mark Complete saves them with is_saved true. */
export function AttendanceCard({ call, names, onSave }: CardProps) {
  const { t, i18n } = useTranslation(CUE_NS);
  const draft = readAttendance(call.args);
  const [edited, setEdited] = useState<Rows | null>(null);
  const [editing, setEditing] = useState(false);
  const { saving, run } = useSaving(call);
  const rows = call.saved ? draft.rows : (edited ?? draft.rows);
  const name = (id: string) => nameOf(names, id, t('card.unknownChild'));

  const markComplete = () =>
    run('complete', async () => {
      const args = { date: draft.date, student_attendance_list: rows, is_saved: true };
      const ok = await onSave(call, args);
      if (ok) {
        toast.success(t('messages.attendanceSaved'));
        setEditing(false);
      }
      return ok;
    });

  const setStatus = (studentId: string, status: Rows[number]['attendance_status']) =>
    setEdited(rows.map((r) => (r.student_id === studentId ? { ...r, attendance_status: status } : r)));

  const locked = call.saved || saving !== null;
  return (
    <CardFrame
      call={call}
      testId="cue-card-attendance"
      icon={<IconCalendarCheck size={20} />}
      title={t('attendance.title')}
      subtitle={draft.date ? formatWireDate(draft.date, i18n.language) : undefined}
      status={call.saved ? <SavedBadge>{t('attendance.completed')}</SavedBadge> : undefined}
      actions={
        editing ? (
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
      {editing && !call.saved ? (
        <div className={classes.rows} style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {rows.map((row) => (
            <div key={row.student_id} className={classes.editRow} data-testid="cue-attendance-row">
              <Text fw={500} truncate>
                {name(row.student_id)}
              </Text>
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
              <Text fz="sm" fw={500} truncate>
                {name(row.student_id)}
              </Text>
              <StatusBadge status={row.attendance_status} size="sm" />
            </div>
          ))}
        </div>
      )}
    </CardFrame>
  );
}
