import type { DashboardChild, DashboardClass } from '@cue/contract';
import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconBeach,
  IconBook2,
  IconCalendarCheck,
  IconCalendarOff,
  IconCircleCheck,
  IconClockHour4,
  IconEye,
  IconNotebook,
  IconSpeakerphone,
} from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageText } from '../../components/LanguageText';
import { SoftBadge } from '../../components/SoftBadge';
import { parentPage } from '../shell/sides';
import classes from './Dashboard.module.css';
import { ATTENDANCE_PATH, OBSERVATIONS_PATH, openClass } from './links';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>;

const CLASS_STATE: Record<NonNullable<DashboardClass['attendance']>['state'], { color: string; icon: Icon }> = {
  complete: { color: 'teal', icon: IconCircleCheck },
  taken: { color: 'orange', icon: IconClockHour4 },
  not_taken: { color: 'red', icon: IconAlertCircle },
  holiday: { color: 'grape', icon: IconBeach },
  no_class: { color: 'gray', icon: IconCalendarOff },
};

/** One line of a card's "today": always the same height, so nothing moves when the figures arrive. */
function Line({ children }: { children: ReactNode }) {
  return <div className={classes.todayLine}>{children}</div>;
}

function LineSkeleton() {
  return (
    <Line>
      <Skeleton height={22} width="70%" radius="sm" />
    </Line>
  );
}

/** One figure of a class's day: its name and value on the first line, what it means on the second; the whole a link. */
function Figure({
  icon: Icon,
  title,
  value,
  detail,
  to,
  onClick,
  testId,
  state,
}: {
  icon: Icon;
  title: string;
  value: ReactNode;
  detail: string;
  to: string;
  onClick: () => void;
  testId: string;
  state?: string;
}) {
  return (
    <Anchor component={Link} to={to} onClick={onClick} className={classes.figure} data-testid={testId} data-state={state}>
      <Icon size={16} aria-hidden className={classes.metaIcon} />
      <Text component="span" fz="sm" fw={600} truncate="end" className={classes.figureTitle}>
        <LanguageText>{title}</LanguageText>
      </Text>
      <span className={classes.figureValue}>{value}</span>
      <Text component="span" fz="xs" c="dimmed" truncate="end" className={classes.figureDetail}>
        <LanguageText>{detail}</LanguageText>
      </Text>
    </Anchor>
  );
}

/** A class card's "today": attendance (complete, taken, not yet, with counts) and observations this week, each a link to its page. */
export function ClassToday({ classId, today, pending }: { classId: string; today?: DashboardClass; pending: boolean }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  if (pending && !today)
    return (
      <div className={classes.today} aria-busy="true">
        <LineSkeleton />
        <LineSkeleton />
      </div>
    );
  if (!today) return <div className={classes.today} />;
  const attendance = today.attendance;
  const state = attendance ? CLASS_STATE[attendance.state] : null;
  const without = today.without_observation.length;
  let detail = '';
  if (attendance?.state === 'complete')
    detail = t('dashboard.today.attendance.counts', {
      present: number.format(attendance.present + attendance.late),
      absent: number.format(attendance.absent),
    });
  else if (attendance?.state === 'taken' || attendance?.state === 'not_taken')
    detail = t('dashboard.today.attendance.marked', {
      marked: number.format(attendance.marked),
      total: number.format(today.student_count),
    });
  else if (attendance?.state === 'holiday') detail = attendance.holiday ?? '';
  return (
    <div className={classes.today} data-testid="class-today">
      {attendance && state && (
        <Figure
          icon={IconCalendarCheck}
          title={t('dashboard.today.attendance.title')}
          value={
            <SoftBadge color={state.color} leftSection={<state.icon size={14} aria-hidden />} size="sm" radius="sm">
              {t(`dashboard.today.attendance.${attendance.state}`)}
            </SoftBadge>
          }
          detail={detail}
          to={ATTENDANCE_PATH}
          onClick={openClass(classId)}
          testId="class-attendance"
          state={attendance.state}
        />
      )}
      <Figure
        icon={IconEye}
        title={t('dashboard.today.observations')}
        value={
          <Text component="span" fw={700} fz="sm">
            {number.format(today.observations_this_week)}
          </Text>
        }
        detail={without > 0 ? t('dashboard.today.withoutObservation', { count: without }) : t('dashboard.today.allObserved')}
        to={OBSERVATIONS_PATH}
        onClick={openClass(classId)}
        testId="class-observations"
      />
    </div>
  );
}

const CHILD_STATUS: Record<string, { color: string; key: string }> = {
  present: { color: 'teal', key: 'present' },
  late: { color: 'orange', key: 'late' },
  absent: { color: 'red', key: 'absent' },
  excused: { color: 'blue', key: 'excused' },
  NA: { color: 'gray', key: 'notMarked' },
};

/** A child card's "today": attendance, and what is new (announcements, homework, portfolio), each a link. */
export function ChildToday({
  today,
  pending,
  onOpen,
}: {
  today?: DashboardChild;
  pending: boolean;
  /** Before following a link: the child becomes the current one, on the parent side. */
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  if (pending && !today)
    return (
      <div className={classes.today} aria-busy="true">
        <LineSkeleton />
        <LineSkeleton />
      </div>
    );
  if (!today) return <div className={classes.today} />;
  const status = today.attendance ? CHILD_STATUS[today.attendance] : null;
  const news = [
    { key: 'announcements', count: today.new_announcements, to: '/communication/announcements', icon: IconSpeakerphone },
    { key: 'homework', count: today.new_homework, to: '/communication/homeworks', icon: IconNotebook },
    { key: 'portfolio', count: today.new_portfolio_items, to: '/assessment/portfolio', icon: IconBook2 },
  ].filter((item) => item.count > 0);
  return (
    <div className={classes.today} data-testid="child-today">
      <Line>
        <Anchor
          component={Link}
          to={parentPage(ATTENDANCE_PATH)}
          onClick={onOpen}
          className={classes.todayLink}
          data-testid="child-attendance"
          data-status={today.attendance ?? 'none'}
        >
          <SoftBadge
            color={status?.color ?? 'gray'}
            outline={!status || today.attendance === 'NA'}
            leftSection={<IconCalendarCheck size={14} aria-hidden />}
            size="md"
            radius="sm"
          >
            {t(`dashboard.today.child.${status?.key ?? 'noSchool'}`)}
          </SoftBadge>
        </Anchor>
      </Line>
      <Line>
        {news.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="child-news">
            <LanguageText>{t('dashboard.today.child.nothingNew')}</LanguageText>
          </Text>
        ) : (
          // What is new, as the links' signs with a number (the full words are each link's name): it fits a phone.
          <Group gap="xs" wrap="nowrap" className={classes.news} data-testid="child-news">
            <Text component="span" fz="sm" c="dimmed">
              <LanguageText>{t('dashboard.today.child.newLabel')}</LanguageText>
            </Text>
            {news.map(({ key, count, to, icon: Icon }) => {
              const words = t(`dashboard.today.child.new.${key}`, { count });
              return (
                <Anchor
                  key={key}
                  component={Link}
                  to={parentPage(to)}
                  onClick={onOpen}
                  className={classes.newsPill}
                  aria-label={words}
                  title={words}
                  data-news={key}
                >
                  <Icon size={14} aria-hidden />
                  {number.format(count)}
                </Anchor>
              );
            })}
          </Group>
        )}
      </Line>
    </div>
  );
}
