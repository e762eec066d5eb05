import type { TimetableOutline, TimetableReason, TimetableRunStatus } from '@cue/contract';
import { Alert, Button, List, Text } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { TIMETABLE_NS, TIMETABLE_PATHS } from '../i18n';

/** The placeholders each reason's sentence needs; a reason without them is shown in the server's words. */
const REASON_VALUES: Record<TimetableReason['kind'], string[]> = {
  group_overfull: ['group', 'needed', 'available'],
  teacher_overfull: ['teacher', 'needed', 'available'],
  teacher_day_limit: ['teacher', 'needed', 'available', 'maxPerDay', 'days'],
  room_kind_overfull: ['roomType', 'subjects', 'needed', 'available', 'rooms', 'periods'],
  no_room: ['group', 'subject', 'roomType', 'size'],
  no_start: ['group', 'subject'],
  still_conflicting: ['conflict', 'count', 'examples'],
};

/** Why no timetable without clashes exists, in the reader's language (the server's sentence when its values are not known). */
export function reasonText(t: TFunction, reason: TimetableReason): string {
  const values = reason.values;
  if (!REASON_VALUES[reason.kind]?.every((name) => name in values)) return reason.text;
  if (reason.kind === 'room_kind_overfull' && !values.roomType) return t('reason.anyRoom', { ...values, ns: TIMETABLE_NS });
  if (reason.kind === 'no_room' && !values.roomType) return t('reason.noRoomAny', { ...values, ns: TIMETABLE_NS });
  if (reason.kind === 'still_conflicting') {
    const conflict = t(`hard.${values.conflict}`, { ns: TIMETABLE_NS, defaultValue: String(values.conflict) });
    return t('reason.still_conflicting', { ...values, conflict, ns: TIMETABLE_NS });
  }
  return t(`reason.${reason.kind}`, { ...values, ns: TIMETABLE_NS });
}

/** The reasons a run found no timetable without clashes. */
export function ReasonList({ reasons }: { reasons: TimetableReason[] }) {
  const { t } = useTranslation(TIMETABLE_NS);
  return (
    <List size="sm" spacing={4} data-testid="run-reasons">
      {reasons.map((reason, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the reasons of one run never change order.
        <List.Item key={i} data-kind={reason.kind}>
          <span dir="auto">{reasonText(t, reason)}</span>
        </List.Item>
      ))}
    </List>
  );
}

const STATUS_COLOR: Record<TimetableRunStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  stopped: 'yellow',
  impossible: 'red',
  failed: 'red',
};

export function RunStatusBadge({ status }: { status: TimetableRunStatus }) {
  const { t } = useTranslation(TIMETABLE_NS);
  return (
    <SoftBadge color={STATUS_COLOR[status]} radius="sm" data-testid="run-status" data-status={status}>
      {t(`runStatus.${status}`)}
    </SoftBadge>
  );
}

/** Where a page that needs the week's periods sends the person when no outline is chosen yet. */
export function NoOutline({ outline }: { outline: Pick<TimetableOutline, 'schedule' | 'total_periods'> | undefined }) {
  const { t } = useTranslation(TIMETABLE_NS);
  if (!outline || (outline.schedule && outline.total_periods > 0)) return null;
  return (
    <Alert
      color="cue"
      variant="light"
      icon={<IconCalendarTime size={20} aria-hidden />}
      title={outline.schedule ? t('noOutline.emptyTitle') : t('noOutline.title')}
      data-testid="no-outline"
    >
      <Text fz="sm">{t('noOutline.body')}</Text>
      <Button component={Link} to={TIMETABLE_PATHS.outline} size="xs" variant="white" mt="xs">
        {t('noOutline.open')}
      </Button>
    </Alert>
  );
}

const SUBJECT_COLORS = ['cue', 'teal', 'grape', 'orange', 'blue', 'pink', 'lime', 'indigo', 'cyan', 'violet'] as const;

/** A subject's colour on its lessons, steady for the subject (from its id or its name). */
export function subjectColor(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return `var(--mantine-color-${SUBJECT_COLORS[hash % SUBJECT_COLORS.length] ?? 'cue'}-6)`;
}
