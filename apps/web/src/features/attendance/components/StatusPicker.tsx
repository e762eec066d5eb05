import type { AttendanceStatus } from '@cue/contract';
import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconCheck, IconClock, IconMinus, IconNote, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { ATT_NS } from '../i18n';
import { ALL_STATUSES, nextStatus, PICKABLE, STATUS_COLOR, STATUS_FILLED, statusKey } from './status';

const WRAP = { label: { whiteSpace: 'normal', lineHeight: 1.2, textAlign: 'center', overflow: 'visible' } } as const;

/**
 * One child's status: four toggle buttons. Choosing the selected status again resets it to NA, shown
 * as Unassigned.
 */
export function StatusPicker({
  value,
  onChange,
  name,
  disabled = false,
}: {
  value: AttendanceStatus;
  onChange: (status: AttendanceStatus) => void;
  name: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation(ATT_NS);
  return (
    <SimpleGrid cols={4} spacing={6} role="group" aria-label={t('picker.label', { name })} data-testid="status-picker">
      {PICKABLE.map((status) => {
        const selected = value === status;
        return (
          <Button
            key={status}
            size="compact-sm"
            // A long status (Hebrew's 'היעדרות מוצדקת') wraps onto a second line instead of being cut off.
            h="auto"
            mih={34}
            py={4}
            px={4}
            fz="xs"
            styles={WRAP}
            variant={selected ? 'filled' : 'default'}
            color={selected ? STATUS_FILLED[status] : STATUS_COLOR[status]}
            aria-pressed={selected}
            disabled={disabled}
            onClick={() => onChange(nextStatus(value, status))}
          >
            {t(statusKey(status))}
          </Button>
        );
      })}
    </SimpleGrid>
  );
}

/** A status as a coloured badge. */
/** A sign for each status, so that a day too narrow for the word (a phone's month grid) still says it. */
export const STATUS_ICON: Record<AttendanceStatus, typeof IconCheck> = {
  present: IconCheck,
  absent: IconX,
  late: IconClock,
  excused: IconNote,
  NA: IconMinus,
};

export function StatusBadge({
  status,
  size = 'md',
  withIcon = false,
}: {
  status: AttendanceStatus;
  size?: 'sm' | 'md' | 'lg';
  /** With the status's sign (the legend of a month grid that shows only signs on phones). */
  withIcon?: boolean;
}) {
  const { t } = useTranslation(ATT_NS);
  const Icon = STATUS_ICON[status];
  return (
    <SoftBadge
      color={STATUS_COLOR[status]}
      outline={status === 'NA'}
      size={size}
      radius="sm"
      tt="none"
      leftSection={withIcon ? <Icon size={12} stroke={2.5} aria-hidden /> : undefined}
    >
      {t(statusKey(status))}
    </SoftBadge>
  );
}

/** Counts per status, in the picker's order and Unassigned last. */
export function StatusCounts({ counts }: { counts: Record<AttendanceStatus, number> }) {
  const { t, i18n } = useTranslation(ATT_NS);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Group gap="xs" data-testid="status-counts" aria-label={t('counts.label')} role="list">
      {ALL_STATUSES.map((status) => (
        <SoftBadge
          key={status}
          role="listitem"
          color={STATUS_COLOR[status]}
          outline={status === 'NA'}
          size="lg"
          radius="sm"
          tt="none"
          data-status={status}
          rightSection={
            <Text component="span" fw={800} fz="sm" data-testid={`count-${status}`}>
              {number.format(counts[status])}
            </Text>
          }
        >
          {t(statusKey(status))}
        </SoftBadge>
      ))}
    </Group>
  );
}
