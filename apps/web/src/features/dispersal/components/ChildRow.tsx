import type { ChildDay } from '@cue/contract';
import { ActionIcon, Avatar, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconHeartbeat, IconLogin, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ChildAlertBadges } from '../../../components/ChildAlertBadges';
import { SoftBadge } from '../../../components/SoftBadge';
import { fullName } from '../../../lib/format';
import { ltr } from '../../planning/planFormat';
import { DISPERSAL_NS } from '../i18n';
import { BlockedNames } from './CheckDialog';
import { lastEntryOf, timeOf } from './checks';

/** Where the child stands today: not arrived, in (time · who brought them), or out (time · who collected them). */
export function StatusChip({ child }: { child: ChildDay }) {
  const { t } = useTranslation(DISPERSAL_NS);
  if (child.status === 'not_arrived')
    return (
      <SoftBadge color="gray" size="lg" data-testid="dispersal-status" data-status="not_arrived">
        {t('status.notArrived')}
      </SoftBadge>
    );
  const event = child.status === 'in' ? child.checked_in : child.checked_out;
  const text = event
    ? t(child.status === 'in' ? 'status.inAt' : 'status.outAt', { time: ltr(timeOf(event.at)), name: event.adult.name })
    : t(child.status === 'in' ? 'status.in' : 'status.out');
  return (
    <SoftBadge
      color={child.status === 'in' ? 'teal' : 'blue'}
      size="lg"
      tt="none"
      data-testid="dispersal-status"
      data-status={child.status}
      style={{ maxWidth: '100%' }}
    >
      {text}
    </SoftBadge>
  );
}

/** The chips that need a second look: late arrival, late pick-up, a "no" to the health question. */
export function Flags({ child }: { child: ChildDay }) {
  const { t } = useTranslation(DISPERSAL_NS);
  const health = child.checked_in?.health_ok === false;
  return (
    <>
      {child.checked_in?.late && (
        <SoftBadge color="orange" data-testid="dispersal-late">
          {t('late')}
        </SoftBadge>
      )}
      {(child.late_pickup || child.checked_out?.late) && (
        <SoftBadge color="red" data-testid="dispersal-late-pickup">
          {t('latePickup')}
        </SoftBadge>
      )}
      {health && (
        <Tooltip label={child.checked_in?.health_note || t('healthFlag')} multiline maw={280}>
          <Badge
            // White on red.8 keeps 4.5:1 (red.6 does not).
            color="red.8"
            variant="filled"
            leftSection={<IconHeartbeat size={12} aria-hidden />}
            data-testid="dispersal-health"
            tabIndex={0}
          >
            {t('healthFlag')}
          </Badge>
        </Tooltip>
      )}
    </>
  );
}

/** Who is expected to collect the child (photos; a one-time person marked "one-time"). */
export function Expected({ child }: { child: ChildDay }) {
  const { t } = useTranslation(DISPERSAL_NS);
  if (child.expected.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t('dismissal.noneExpected')}
      </Text>
    );
  return (
    <Group gap="xs" wrap="wrap" aria-label={t('dismissal.expected')} role="group">
      {child.expected.map((person) => (
        <Group key={`${person.kind}:${person.parent_id ?? person.contact_id ?? person.pickup_id}`} gap={6} wrap="nowrap">
          <Avatar src={person.photo} alt="" size={32} radius="xl" aria-hidden>
            {person.name.slice(0, 1)}
          </Avatar>
          <Text fz="sm">
            {person.name}
            {person.relationship ? ` (${person.relationship})` : ''}
          </Text>
          {person.kind === 'one_time' && (
            <SoftBadge size="xs" color="grape">
              {t('oneTime')}
            </SoftBadge>
          )}
        </Group>
      ))}
    </Group>
  );
}

/**
 * One child of the day: photo, name, alert badges, where they stand and the flags, the red "must not
 * collect" line, and the buttons the server allows (check in or out, remove today's last entry).
 */
export function ChildRow({
  child,
  canCheck,
  big = false,
  showExpected = false,
  onCheck,
  onRemove,
}: {
  child: ChildDay;
  canCheck: boolean;
  /** The dismissal's door list: larger, to read at a glance on a tablet. */
  big?: boolean;
  showExpected?: boolean;
  onCheck: (mode: 'in' | 'out') => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation(DISPERSAL_NS);
  const name = fullName(child.student);
  const last = lastEntryOf(child);
  return (
    <Paper withBorder radius="md" p={big ? 'md' : 'sm'} data-testid="dispersal-child" data-student={child.student.id}>
      <Group justify="space-between" gap="sm" wrap="wrap" align="center">
        <Group gap="sm" wrap="nowrap" miw={0} flex="1 1 260px" align="flex-start">
          <Avatar src={child.student.student_profile_picture} alt="" radius="xl" size={big ? 64 : 44} aria-hidden>
            {child.student.first_name.slice(0, 1)}
          </Avatar>
          <Stack gap={4} miw={0}>
            <Group gap={6} wrap="wrap">
              <Text fw={700} fz={big ? 'xl' : 'md'}>
                {name}
              </Text>
              <ChildAlertBadges alerts={child.alerts} size="xs" />
            </Group>
            <Group gap={6} wrap="wrap">
              <StatusChip child={child} />
              <Flags child={child} />
            </Group>
            <BlockedNames names={child.blocked} />
            {showExpected && <Expected child={child} />}
          </Stack>
        </Group>
        {canCheck && (
          <Group gap="xs" wrap="nowrap">
            {child.status === 'not_arrived' && !showExpected && (
              <Button
                size={big ? 'lg' : 'sm'}
                leftSection={<IconLogin size={18} aria-hidden />}
                onClick={() => onCheck('in')}
                aria-label={t('row.checkIn', { name })}
              >
                {t('check.in')}
              </Button>
            )}
            {child.status === 'in' && (
              <Button
                size={big ? 'lg' : 'sm'}
                // The darker shade: white on Mantine's blue.6 is 3.6:1, under the 4.5:1 small text needs.
                color="blue.8"
                leftSection={<IconLogout size={18} aria-hidden />}
                onClick={() => onCheck('out')}
                aria-label={t('row.checkOut', { name })}
              >
                {t('check.out')}
              </Button>
            )}
            {last && onRemove && (
              <Tooltip label={t('row.remove', { name })}>
                <ActionIcon variant="subtle" color="gray" size="lg" onClick={onRemove} aria-label={t('row.remove', { name })}>
                  <IconArrowBackUp size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Group>
    </Paper>
  );
}
