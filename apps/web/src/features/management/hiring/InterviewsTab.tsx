import { pagePath } from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconMapPin, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/FormModal';
import { SoftBadge } from '../../../components/SoftBadge';
import { shiftDay, todayWire } from '../../../lib/day';
import { errorText, toast } from '../../../lib/notify';
import { readableTime } from '../../academic/schedule/slots';
import { ltr, showDay, showRange } from '../../planning/planFormat';
import { useShell } from '../../shell/ShellContext';
import { HIRING_NS } from '../i18n';
import { hiringText, type JobInterview, useCancelInterview, useInterviews } from './api-hiring';
import { interviewsByDay, weekOf } from './hiringFormat';

/** An interview's time in the reader's words, kept left to right inside any sentence. */
export const interviewTime = (x: Pick<JobInterview, 'start' | 'end'>, language: string) =>
  ltr(`${readableTime(x.start, language)} – ${readableTime(x.end, language)}`);

/** One interview: time, applicant (a link to the application), opening, interviewers, place; Cancel when allowed. */
export function InterviewCard({ interview, onCancel }: { interview: JobInterview; onCancel?: () => void }) {
  const { t, i18n } = useTranslation(HIRING_NS);
  const time = interviewTime(interview, i18n.language);
  return (
    <Paper withBorder radius="md" p="xs" data-testid="interview" data-cancelled={interview.cancelled || undefined}>
      <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Group gap={6} wrap="wrap">
            <Text fz="sm" fw={700} td={interview.cancelled ? 'line-through' : undefined}>
              {time}
            </Text>
            {interview.cancelled && <SoftBadge color="red">{t('interviews.cancelledBadge')}</SoftBadge>}
          </Group>
          <Anchor component={Link} to={pagePath.jobApplication(interview.application._id)} fz="sm" fw={600}>
            {interview.application.name}
          </Anchor>
          <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {interview.application.opening}
          </Text>
          <Text fz="xs" style={{ wordBreak: 'break-word' }}>
            {t('interviews.with', { names: interview.interviewers.map((p) => p.name).join(', ') })}
          </Text>
          {interview.location && (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} aria-hidden />
              <Text fz="xs" style={{ wordBreak: 'break-word' }}>
                {interview.location}
              </Text>
            </Group>
          )}
        </Stack>
        {onCancel && interview.abilities.edit && !interview.cancelled && (
          <Tooltip label={t('interviews.cancel')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('interviews.cancelOf', { name: interview.application.name, time })}
              onClick={onCancel}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}

/** The confirm step of cancelling an interview. */
export function CancelInterview({ interview, onClose }: { interview: JobInterview; onClose: () => void }) {
  const { t, i18n } = useTranslation(HIRING_NS);
  const cancel = useCancelInterview();
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title={t('interviews.cancelTitle', { name: interview.application.name })}
      message={
        <Text fz="sm">
          {t('interviews.cancelMessage', {
            day: showDay(interview.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' }),
            time: interviewTime(interview, i18n.language),
          })}
        </Text>
      }
      confirmLabel={t('interviews.cancelConfirm')}
      onConfirm={() =>
        cancel.mutate(interview._id, {
          onSuccess: (answer) => {
            toast.success(hiringText(answer.message) || t('messages.interviewCancelled'));
            onClose();
          },
          onError: (err) => {
            toast.error(errorText(err));
            onClose();
          },
        })
      }
      pending={cancel.isPending}
    />
  );
}

/** The interviews of a week in day columns, mine or everyone's, with the previous and next week. */
export function InterviewsTab() {
  const { t, i18n } = useTranslation(HIRING_NS);
  const { user } = useShell();
  const me = user.staff?.id ?? null;
  const [day, setDay] = useState(todayWire());
  const [whose, setWhose] = useState<'mine' | 'everyone'>('everyone');
  const [cancelling, setCancelling] = useState<JobInterview | null>(null);
  const week = weekOf(day);
  const list = useInterviews({ from: week.from, to: week.to, interviewer_id: whose === 'mine' && me ? me : undefined });
  const rtl = i18n.dir() === 'rtl';
  const Before = rtl ? IconChevronRight : IconChevronLeft;
  const After = rtl ? IconChevronLeft : IconChevronRight;
  const days = interviewsByDay(list.data ?? [], week.days);
  const total = list.data?.length ?? 0;
  const today = todayWire();

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label={t('interviews.whose')}
          value={whose}
          onChange={(v) => setWhose(v as 'mine' | 'everyone')}
          data={[
            { value: 'mine', label: t('interviews.mine') },
            { value: 'everyone', label: t('interviews.everyone') },
          ]}
          data-testid="interviews-whose"
        />
        <Group gap={4} wrap="nowrap" role="group" aria-label={t('interviews.week')}>
          <Tooltip label={t('interviews.previousWeek')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('interviews.previousWeek')}
              onClick={() => setDay(shiftDay(day, -7))}
            >
              <Before size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Text fz="sm" fw={600} px="xs" aria-live="polite" data-testid="interviews-range">
            {showRange(week.from, week.to, i18n.language)}
          </Text>
          <Tooltip label={t('interviews.nextWeek')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('interviews.nextWeek')}
              onClick={() => setDay(shiftDay(day, 7))}
            >
              <After size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {!week.days.includes(today) && (
            <Button variant="subtle" size="sm" onClick={() => setDay(today)}>
              {t('interviews.thisWeek')}
            </Button>
          )}
        </Group>
      </Group>
      {list.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={60} radius="md" />
          <Skeleton height={60} radius="md" />
        </Stack>
      ) : list.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{errorText(list.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {t('interviews.retry')}
            </Button>
          </Group>
        </Alert>
      ) : total === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
            {whose === 'mine' ? t('interviews.emptyMine') : t('interviews.empty')}
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 7 }} spacing="xs" data-testid="interviews-week">
          {days.map((d) => {
            const label = showDay(d.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' });
            return (
              <Box
                key={d.date}
                component="section"
                aria-label={label}
                p="xs"
                bg={d.date === today ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-gray-light)'}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                // A day without interviews takes no room on a phone.
                visibleFrom={d.interviews.length === 0 ? 'lg' : undefined}
              >
                <Title order={3} fz="sm" mb="xs">
                  {showDay(d.date, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })}
                </Title>
                <Stack gap="xs">
                  {d.interviews.map((x) => (
                    <InterviewCard key={x._id} interview={x} onCancel={() => setCancelling(x)} />
                  ))}
                </Stack>
              </Box>
            );
          })}
        </SimpleGrid>
      )}
      {cancelling && <CancelInterview interview={cancelling} onClose={() => setCancelling(null)} />}
    </Stack>
  );
}
