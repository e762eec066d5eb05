import type { StaffDashboard } from '@cue/contract';
import { Anchor, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCalendarX, IconClockPlay, IconEye, IconFilePencil, IconSparkles } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageText } from '../../components/LanguageText';
import { fullName } from '../../lib/format';
import { requestTaskPanel } from '../cue/tasks/store';
import { toStaffSide } from '../shell/sides';
import classes from './Dashboard.module.css';
import { formatShortDay, formatTimeOfDay } from './format';
import { EXCUSALS_PATH, editPath, OBSERVATIONS_PATH, openClass } from './links';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

/** How many children without an observation are named before "and N more". */
const NAMED = 3;

function WaitingGroup({
  id,
  title,
  icon: Icon,
  color,
  count,
  children,
}: {
  id: string;
  title: string;
  icon: Icon;
  color: string;
  count: number;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <Card padding="md" className={classes.waitingCard} component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" color={color} radius="md" size={30} aria-hidden>
          <Icon size={18} />
        </ThemeIcon>
        <Text component="h3" fw={700} fz="md" m={0} id={`${id}-title`}>
          {title}
        </Text>
        <Badge variant="light" color="gray" radius="sm" ms="auto">
          {new Intl.NumberFormat(i18n.language).format(count)}
        </Badge>
      </Group>
      <Stack gap={6} component="ul" className={classes.waitingList}>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * What waits for the staff member today, each item a link to where it is handled: reported absences,
 * children not observed this week, their drafts and scheduled items, Cue's running tasks.
 */
type Item = StaffDashboard['drafts'][number];

/** A draft or scheduled announcement or homework: its title (or "untitled") and a line about it, opening its editor. */
function ItemLink({ item, children }: { item: Item; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li>
      <Anchor component={Link} to={editPath(item.type, item.id)} onClick={toStaffSide} className={classes.waitingItem}>
        <Text component="span" fw={600} fz="sm" truncate="end">
          {item.title ? <bdi>{item.title}</bdi> : <LanguageText>{t('dashboard.waiting.untitled')}</LanguageText>}
        </Text>
        <Text component="span" fz="xs" c="dimmed">
          <LanguageText>{children}</LanguageText>
        </Text>
      </Anchor>
    </li>
  );
}

export function Waiting({ data }: { data: StaffDashboard }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const unobserved = data.classes.filter((c) => c.without_observation.length > 0);
  const groups: ReactNode[] = [];

  if (data.excusals.length > 0)
    groups.push(
      <WaitingGroup
        key="excusals"
        id="waiting-excusals"
        title={t('dashboard.waiting.excusals')}
        icon={IconCalendarX}
        color="red"
        count={data.classes.reduce((n, c) => n + c.excusals_pending, 0)}
      >
        {data.excusals.map((e) => (
          <li key={e.id}>
            <Anchor component={Link} to={EXCUSALS_PATH} onClick={openClass(e.class_id)} className={classes.waitingItem}>
              <Text component="span" fw={600} fz="sm" truncate="end">
                <bdi>{fullName(e.student)}</bdi>
              </Text>
              <Text component="span" fz="xs" c="dimmed" truncate="end">
                <LanguageText>
                  {e.from_date === e.to_date
                    ? formatShortDay(e.from_date, lng)
                    : t('dashboard.waiting.range', {
                        from: formatShortDay(e.from_date, lng),
                        to: formatShortDay(e.to_date, lng),
                      })}
                  {' · '}
                  <bdi>{e.class_name}</bdi>
                  {e.reason ? (
                    <>
                      {' · '}
                      <bdi>{e.reason}</bdi>
                    </>
                  ) : null}
                </LanguageText>
              </Text>
            </Anchor>
          </li>
        ))}
      </WaitingGroup>,
    );

  if (unobserved.length > 0)
    groups.push(
      <WaitingGroup
        key="unobserved"
        id="waiting-unobserved"
        title={t('dashboard.waiting.unobserved')}
        icon={IconEye}
        color="cue"
        count={unobserved.reduce((n, c) => n + c.without_observation.length, 0)}
      >
        {unobserved.map((c) => {
          const named = c.without_observation.slice(0, NAMED);
          const more = c.without_observation.length - named.length;
          return (
            <li key={c.id} className={classes.waitingItem}>
              <Text component="span" fw={600} fz="sm">
                <bdi>{c.class_name}</bdi>
              </Text>
              <Text component="span" fz="sm">
                <LanguageText>
                  {named.map((s, i) => (
                    <span key={s.id}>
                      {i > 0 && t('dashboard.waiting.listSeparator')}
                      <Anchor
                        component={Link}
                        to={`${OBSERVATIONS_PATH}?view=studentView&id=${s.id}`}
                        onClick={openClass(c.id)}
                        fz="sm"
                      >
                        <bdi>{s.first_name}</bdi>
                      </Anchor>
                    </span>
                  ))}
                  {more > 0 && (
                    <>
                      {t('dashboard.waiting.listSeparator')}
                      <Anchor component={Link} to={OBSERVATIONS_PATH} onClick={openClass(c.id)} fz="sm">
                        {t('dashboard.waiting.more', { count: more })}
                      </Anchor>
                    </>
                  )}
                </LanguageText>
              </Text>
            </li>
          );
        })}
      </WaitingGroup>,
    );

  if (data.drafts.length > 0)
    groups.push(
      <WaitingGroup
        key="drafts"
        id="waiting-drafts"
        title={t('dashboard.waiting.drafts')}
        icon={IconFilePencil}
        color="gray"
        count={data.drafts.length}
      >
        {data.drafts.map((d) => (
          <ItemLink key={d.id} item={d}>
            {t(`dashboard.waiting.type.${d.type}`)}
          </ItemLink>
        ))}
      </WaitingGroup>,
    );

  if (data.scheduled.length > 0)
    groups.push(
      <WaitingGroup
        key="scheduled"
        id="waiting-scheduled"
        title={t('dashboard.waiting.scheduled')}
        icon={IconClockPlay}
        color="blue"
        count={data.scheduled.length}
      >
        {data.scheduled.map((d) => (
          <ItemLink key={d.id} item={d}>
            {t(`dashboard.waiting.type.${d.type}`)}
            {d.date && d.time
              ? ` · ${t('dashboard.waiting.goesOut', { date: formatShortDay(d.date, lng), time: formatTimeOfDay(d.time, lng) })}`
              : ''}
          </ItemLink>
        ))}
      </WaitingGroup>,
    );

  if (data.cue_tasks.length > 0)
    groups.push(
      <WaitingGroup
        key="tasks"
        id="waiting-tasks"
        title={t('dashboard.waiting.tasks')}
        icon={IconSparkles}
        color="coral"
        count={data.cue_tasks.length}
      >
        {data.cue_tasks.map((task) => (
          <li key={task.task_id}>
            <UnstyledButton onClick={requestTaskPanel} className={classes.waitingItem} w="100%">
              <Text component="span" fw={600} fz="sm" truncate="end">
                <bdi>{task.command}</bdi>
              </Text>
              <Progress
                value={task.progress_level}
                size="sm"
                radius="xl"
                aria-label={t('dashboard.waiting.progress', { stage: task.current_stage })}
              />
            </UnstyledButton>
          </li>
        ))}
      </WaitingGroup>,
    );

  if (groups.length === 0)
    return (
      <Card padding="lg" className={classes.empty} shadow="none" data-testid="waiting-none">
        <Text ta="center" c="dimmed" fw={500}>
          {t('dashboard.waiting.none')}
        </Text>
      </Card>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="waiting">
      {groups}
    </SimpleGrid>
  );
}
