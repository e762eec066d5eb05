import type { TimetableEntry, TimetableWeek } from '@cue/contract';
import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/notify';
import { currentChildOf } from '../../auth/useCurrentUser';
import { Page } from '../../communication/components/Page';
import { useStaffClasses } from '../../dashboard/api';
import { useShell } from '../../shell/ShellContext';
import { useClassWeek, useMyWeek } from '../api';
import { subjectColor } from '../components/parts';
import classes from '../components/Timetable.module.css';
import { WeekGrid } from '../components/WeekGrid';
import { TIMETABLE_NS } from '../i18n';

const CLASS_PARAM = 'class_id';

/** A lesson of a read-only week: its subject, the class (a teacher's week) or the teacher (a class's week), its room. */
function EntryCard({ entry, mine, continued }: { entry: TimetableEntry; mine: boolean; continued: boolean }) {
  const { t } = useTranslation(TIMETABLE_NS);
  return (
    <div
      className={classes.lesson}
      style={{ '--lesson-color': subjectColor(entry.subject) } as CSSProperties}
      data-testid="week-entry"
      data-continued={continued || undefined}
    >
      <Text component="span" className={classes.subject} display="block">
        {entry.subject}
      </Text>
      <Text component="span" fz="xs" display="block">
        {continued ? t('board.continued') : mine ? entry.class.name : entry.teacher.name}
      </Text>
      {entry.room && !continued && (
        <Text component="span" fz="xs" c="dimmed" display="block">
          {entry.room}
        </Text>
      )}
    </div>
  );
}

function Week({ week, mine, loading }: { week: TimetableWeek | undefined; mine: boolean; loading: boolean }) {
  const { t } = useTranslation(TIMETABLE_NS);
  if (!week) return loading ? <Skeleton h={360} radius="lg" /> : null;
  if (week.days.length === 0 || week.entries.length === 0)
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
          {week.days.length === 0 ? t('week.noTimetable') : mine ? t('week.noLessonsMine') : t('week.noLessons')}
        </Text>
      </Paper>
    );
  return (
    <WeekGrid
      days={week.days}
      items={week.entries}
      renderItem={(entry, continued) => <EntryCard entry={entry} mine={mine} continued={continued} />}
      caption={mine ? t('week.myCaption', { name: week.title }) : t('week.classCaption', { name: week.title })}
      testId="week-grid"
      stackOnPhone
    />
  );
}

/**
 * /timetable: the week as its people read it — a member of staff's own teaching week or one of their
 * classes' weeks, and on the family side their child's class's week when the school shares it.
 */
export default function WeekPage() {
  const { t } = useTranslation(TIMETABLE_NS);
  const { side, user } = useShell();
  const [params, setParams] = useSearchParams();
  const staff = side === 'staff';
  const child = staff ? null : currentChildOf(user.parent);
  const staffClasses = useStaffClasses(staff);
  const classOptions = staff
    ? (staffClasses.data ?? []).map((c) => ({ value: c.id, label: c.class_name }))
    : (child?.student_class ?? []).map((c) => ({ value: c.class_id, label: c.class_name }));
  const asked = params.get(CLASS_PARAM);
  // Staff start with their own week; a family with its child's (first) class.
  const classId = asked ?? (staff ? null : (classOptions[0]?.value ?? null));
  const me = useMyWeek(staff && classId === null);
  const ofClass = useClassWeek(classId, side, classId !== null);
  const query = classId === null ? me : ofClass;
  const week = query.data;
  const refused = query.error instanceof ApiError && [403, 404].includes(query.error.status);

  const choose = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== 'me') next.set(CLASS_PARAM, value);
        else next.delete(CLASS_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <Page
      title={t('week.title')}
      description={staff ? t('week.descriptionStaff') : t('week.descriptionFamily', { name: child?.first_name ?? '' })}
      actions={
        <Group gap="sm" className={classes.noPrint}>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
            disabled={!week?.entries.length}
          >
            {t('week.print')}
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        {(staff || classOptions.length > 1) && (
          <Select
            label={t('week.which')}
            data={staff ? [{ value: 'me', label: t('week.mine') }, ...classOptions] : classOptions}
            value={classId ?? 'me'}
            onChange={choose}
            allowDeselect={false}
            searchable
            w={{ base: '100%', xs: 300 }}
            data-testid="week-which"
          />
        )}
        {!staff && classOptions.length === 0 ? (
          <Alert color="gray" variant="light">
            {t('week.noClass')}
          </Alert>
        ) : query.isError ? (
          <Alert color={refused ? 'gray' : 'red'} variant="light" data-testid="week-error">
            {refused ? (staff ? t('week.notYours') : t('week.notShared')) : errorText(query.error)}
          </Alert>
        ) : (
          <Week week={week} mine={classId === null} loading={query.isPending || query.isFetching} />
        )}
      </Stack>
    </Page>
  );
}
