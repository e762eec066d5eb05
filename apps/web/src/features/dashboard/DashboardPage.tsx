import type { DashboardChild, DashboardClass } from '@cue/contract';
import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBackpack,
  IconCalendarTime,
  IconChalkboardTeacher,
  IconChecklist,
  IconSparkles,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { revealApp, saveFirstPaint } from '../../lib/firstPaint';
import { message } from '../../lib/i18n';
import { whenIdle } from '../../lib/idle';
import { tokenFor } from '../../lib/session';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useSessionExpiry } from '../auth/useSessionExpiry';
import { toStaffSide } from '../shell/sides';
import { useMyWeek } from '../timetable/api';
import { useDashboard, useStaffClasses } from './api';
import { ChildCard } from './ChildCard';
import { ClassCard } from './ClassCard';
import classes from './Dashboard.module.css';
import { formatToday, partOfDay } from './format';
import { JournalToday } from './JournalToday';
import { StaffInvitations } from './StaffInvitations';
import { Waiting } from './Waiting';

const GRID = { base: 1, sm: 2, lg: 3 } as const;

function CardSkeletons() {
  return (
    <SimpleGrid cols={GRID} spacing="lg">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} height={148} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

interface SectionProps {
  id: string;
  title: string;
  icon: ReactNode;
  count?: number;
  children: ReactNode;
}

function Section({ id, title, icon, count, children }: SectionProps) {
  return (
    <section aria-labelledby={id}>
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" radius="md" size={32} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} fz="xl" id={id}>
          {title}
        </Title>
        {count !== undefined && (
          <Badge variant="light" color="gray" radius="sm">
            {count}
          </Badge>
        )}
      </Group>
      {children}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Card padding="xl" className={classes.empty} shadow="none">
      <Text ta="center" c="dimmed" fw={500}>
        {text}
      </Text>
    </Card>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={t('dashboard.loadFailed')}>
      <Button size="xs" variant="white" color="red" mt="xs" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

/** The staff member's own week of lessons, once the school's timetable gives them some. */
function MyTimetableButton({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const week = useMyWeek(enabled);
  if (!week.data?.entries.length) return null;
  return (
    <Button
      component={Link}
      to="/timetable"
      onClick={toStaffSide}
      variant="white"
      radius="xl"
      data-testid="dashboard-timetable"
      leftSection={<IconCalendarTime size={18} aria-hidden />}
    >
      {t('dashboard.myTimetable')}
    </Button>
  );
}

function StaffClasses({
  enabled,
  today,
  todayPending,
}: {
  enabled: boolean;
  today: Map<string, DashboardClass>;
  todayPending: boolean;
}) {
  const { t } = useTranslation();
  const query = useStaffClasses(enabled);
  useSessionExpiry(query.error ? [query.error] : []);
  return (
    <Section
      id="classes-title"
      title={t('dashboard.classesTitle')}
      icon={<IconChalkboardTeacher size={18} />}
      count={query.data?.length}
    >
      {query.isPending ? (
        <CardSkeletons />
      ) : query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Empty text={message('noClassesFound')} />
      ) : (
        <SimpleGrid cols={GRID} spacing="lg">
          {query.data.map((cls) => (
            <ClassCard key={cls.id} cls={cls} today={today.get(cls.id)} pending={todayPending} />
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}

/**
 * The first page after sign-in: for staff their classes with today's attendance and observations, and
 * what waits for them; for parents each child's day; both for dual-role people. One call
 * (GET /api/dashboard/) per side brings the day; the cards keep their height while it comes.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const session = user.session;
  const showStaff = session?.role === 'staff' || session?.role === 'both';
  const showParent = session?.role === 'parent' || session?.role === 'both';
  const person = user.staff ?? user.parent;
  const children = user.parent?.child_list;
  const staffToken = !!tokenFor(session, 'staff');
  const parentToken = !!tokenFor(session, 'parent');
  // The same query as the class list's (one request, one cache entry): only whether it has answered.
  const staffClasses = useStaffClasses(showStaff && staffToken);
  const staffDay = useDashboard('staff', showStaff && staffToken);
  const parentDay = useDashboard('parent', showParent && parentToken);
  useSessionExpiry([staffDay.error, parentDay.error].filter((e) => e !== null));
  const staffToday = staffDay.data?.side === 'staff' ? staffDay.data : undefined;
  const parentToday = parentDay.data?.side === 'parent' ? parentDay.data : undefined;
  const classDays = new Map((staffToday?.classes ?? []).map((c) => [c.id, c] as const));
  const childDays = new Map<string, DashboardChild>((parentToday?.children ?? []).map((c) => [c.id, c] as const));
  const settled =
    (!showStaff || (!staffClasses.isPending && !staffDay.isPending)) && (!showParent || !!children || user.errors.length > 0);

  // Once the first screen has its data: it takes the place of the copy painted at start, and a copy of
  // it is kept for the next start (lib/firstPaint.ts).
  const content = useRef<HTMLDivElement>(null);
  const firstName = person?.first_name;
  useEffect(() => {
    if (!settled) return;
    revealApp();
    if (!firstName || !content.current || user.errors.length > 0 || staffClasses.isError || staffDay.isError) return;
    const greetings = Object.fromEntries(
      (['morning', 'afternoon', 'evening'] as const).map((part) => [part, t(`dashboard.greeting.${part}`, { name: firstName })]),
    );
    const element = content.current;
    // Once the frame around it (tabs, class picker, logo) has come too, when nothing else is going on.
    let cancel = () => {};
    const timer = window.setTimeout(() => {
      cancel = whenIdle(() => saveFirstPaint(element, 2, greetings));
    }, 2000);
    return () => {
      window.clearTimeout(timer);
      cancel();
    };
  }, [settled, firstName, user.errors.length, staffClasses.isError, staffDay.isError, t]);

  return (
    <Container size="lg">
      <Stack gap={36} ref={content}>
        <div className={classes.hero}>
          {person ? (
            <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} data-first-paint="greeting">
              {t(`dashboard.greeting.${partOfDay(new Date().getHours())}`, { name: person.first_name })}
            </Title>
          ) : (
            // The heading's own height (font size × line height), so that nothing moves when it arrives.
            <Skeleton h={{ base: 28.8, sm: 36 }} width="60%" radius="md" opacity={0.35} />
          )}
          <Text className={classes.heroDate} mt={6} data-first-paint="date">
            {formatToday(i18n.language)}
          </Text>
          {showStaff && (
            <Group gap="sm" mt="md">
              <Button
                component={Link}
                to="/assistant"
                variant="white"
                radius="xl"
                data-testid="dashboard-cue"
                leftSection={<IconSparkles size={18} aria-hidden />}
              >
                Cue
              </Button>
              <MyTimetableButton enabled={staffToken} />
            </Group>
          )}
        </div>

        {showStaff && <StaffClasses enabled={staffToken} today={classDays} todayPending={staffDay.isPending} />}

        {showParent && (
          <Section
            id="children-title"
            title={t('dashboard.childrenTitle')}
            icon={<IconBackpack size={18} />}
            count={children?.length}
          >
            {!children ? (
              user.errors.length > 0 && !user.isPending ? (
                <LoadFailed onRetry={user.refetch} />
              ) : (
                <CardSkeletons />
              )
            ) : children.length === 0 ? (
              <Empty text={message('noStudentsFound')} />
            ) : (
              <SimpleGrid cols={GRID} spacing="lg">
                {children.map((child) => (
                  <ChildCard
                    key={child.id}
                    child={child}
                    current={child.id === (user.parent?.current_child ?? children[0]?.id)}
                    today={childDays.get(child.id)}
                    pending={parentDay.isPending}
                  />
                ))}
              </SimpleGrid>
            )}
          </Section>
        )}

        {showParent && parentToken && <JournalToday />}

        {/* Below the lists, once they have their length: it never moves down under the reader. */}
        {showStaff && settled && (
          <Section id="waiting-title" title={t('dashboard.waiting.title')} icon={<IconChecklist size={18} />}>
            {staffToday ? <Waiting data={staffToday} /> : <LoadFailed onRetry={() => void staffDay.refetch()} />}
          </Section>
        )}

        {/* Below the lists, for the same reason. */}
        {settled && <StaffInvitations />}
      </Stack>
    </Container>
  );
}
