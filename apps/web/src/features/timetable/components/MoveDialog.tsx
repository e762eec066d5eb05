import { TIMETABLE_MESSAGES, type TimetableBoard, type TimetableDay, type TimetableLesson } from '@cue/contract';
import { Alert, List, Select, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { toast } from '../../../lib/notify';
import { timeRange } from '../../academic/schedule/slots';
import { useMoveLesson } from '../api';
import { type BoardNames, lessonLabel, roomSuits } from '../board';
import { clashDetail, TIMETABLE_NS, timetableError, timetableText } from '../i18n';
import { type Clash, clashesAt, dayName, orderedDays } from '../week';

/** A clash in the reader's words: who or what is already there. */
export function clashText(t: TFunction, clash: Clash, names: BoardNames): string {
  const other = clash.with;
  if (clash.kind === 'outside' || !other) return t('clash.outsideLong', { ns: TIMETABLE_NS });
  const values = {
    ns: TIMETABLE_NS,
    teacher: names.teacher(other.teacher_id),
    className: names.className(other.class_id),
    subject: names.subject(other.subject_id),
    room: names.room(other.room_id) ?? '',
  };
  if (clash.kind === 'teacher') return t('clash.teacherWith', values);
  if (clash.kind === 'class') return t('clash.classWith', values);
  return t('clash.roomWith', values);
}

/** The clashes of a move as one sentence for a toast. */
export const clashesSentence = (t: TFunction, clashes: Clash[], names: BoardNames): string =>
  [t('clash.refused', { ns: TIMETABLE_NS }), ...clashes.map((c) => clashText(t, c, names))].join(' ');

/**
 * Moving a lesson with the keyboard (or on a phone): its day and period (or out of the week), its
 * room (the class's own, or a shared one) and its lock. The clashes the move would have show as it is
 * chosen; the server refuses a clash all the same, and its refusal is shown here.
 */
export function MoveDialog({
  lesson,
  board,
  names,
  onClose,
}: {
  lesson: TimetableLesson;
  board: TimetableBoard;
  names: BoardNames;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(TIMETABLE_NS);
  const move = useMoveLesson();
  const days = orderedDays(board.outline.days);
  const [day, setDay] = useState<string>(lesson.day ?? '');
  const [period, setPeriod] = useState<string | null>(lesson.period === null ? null : String(lesson.period));
  const [room, setRoom] = useState<string>(lesson.room_id ?? '');
  const [locked, setLocked] = useState(lesson.locked);
  const [error, setError] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const periods = days.find((d) => d.day === day)?.periods ?? [];
  const needed = names.roomTypeOf(lesson.subject_id);
  const chosenRoom = board.rooms.find((r) => r._id === room) ?? null;
  const placing = day !== '' && period !== null;
  const clashes = useMemo(
    () =>
      placing
        ? clashesAt(lesson, { day: day as TimetableDay, period: Number(period), room_id: room || null }, board.lessons, days)
        : [],
    [placing, lesson, day, period, room, board.lessons, days],
  );
  const wrongRoom = placing && ((chosenRoom && !roomSuits(chosenRoom.room_type, needed)) || (!chosenRoom && needed !== null));

  const submit = () => {
    if (day !== '' && period === null) {
      setError(t('move.periodNeeded'));
      return;
    }
    setError(null);
    setDetail(null);
    move.mutate(
      {
        id: lesson._id,
        body: placing
          ? { day: day as TimetableDay, period: Number(period), room_id: room || null, locked }
          : { day: null, period: null, room_id: null, locked },
      },
      {
        onSuccess: (answer) => {
          toast.success(timetableText(answer.message));
          onClose();
        },
        onError: (err) => {
          setError(timetableError(err));
          setDetail(clashDetail(err));
        },
      },
    );
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('move.title', { lesson: names.subject(lesson.subject_id) })}
      submitLabel={t('move.save')}
      onSubmit={submit}
      pending={move.isPending}
      error={error}
      size="md"
    >
      <Stack gap="sm" data-testid="move-dialog">
        <Text fz="sm" c="dimmed">
          {lessonLabel(lesson, names)}
          {lesson.length > 1 ? ` · ${t('move.double')}` : ''}
        </Text>
        <Select
          label={t('move.day')}
          data={[
            { value: '', label: t('move.notPlaced') },
            ...days.map((d) => ({ value: d.day, label: dayName(d.day, i18n.language) })),
          ]}
          value={day}
          onChange={(v) => {
            setDay(v ?? '');
            if (!v) setPeriod(null);
            else if (period !== null && !days.find((d) => d.day === v)?.periods.some((p) => String(p.period) === period))
              setPeriod(null);
          }}
          allowDeselect={false}
        />
        <Select
          label={t('move.period')}
          placeholder={day ? t('move.periodPlaceholder') : t('move.chooseDayFirst')}
          data={periods.map((p) => ({
            value: String(p.period),
            // Each part isolated, so that a name and times in two scripts keep their order right to left.
            label: `\u2068${p.name}\u2069 · ${timeRange(p.start, p.end, i18n.language)}`,
          }))}
          value={period}
          onChange={setPeriod}
          disabled={!day}
          allowDeselect={false}
        />
        <Select
          label={t('move.room')}
          description={needed ? t('move.roomNeeds', { kind: needed }) : t('move.roomOwnHelp')}
          data={[
            { value: '', label: t('move.ownRoom') },
            ...board.rooms.map((r) => ({
              value: r._id,
              label: r.room_type && r.room_type !== r.name ? `${r.name} (${r.room_type})` : r.name,
            })),
          ]}
          value={room}
          onChange={(v) => setRoom(v ?? '')}
          disabled={!placing}
          allowDeselect={false}
        />
        <Switch
          label={t('move.lock')}
          description={t('move.lockHelp')}
          checked={locked}
          onChange={(e) => setLocked(e.currentTarget.checked)}
        />
        {wrongRoom && (
          <Text fz="sm" c="red.8" data-testid="move-room-warning">
            {timetableText(TIMETABLE_MESSAGES.roomWrongKind)}
          </Text>
        )}
        {clashes.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('move.clashes')}
            data-testid="move-clashes"
          >
            <List size="sm" spacing={2}>
              {clashes.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is worked out anew on each choice.
                <List.Item key={i}>{clashText(t, c, names)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {detail && (
          <Text fz="xs" c="dimmed" dir="auto" data-testid="move-server-detail">
            {detail}
          </Text>
        )}
      </Stack>
    </FormModal>
  );
}
