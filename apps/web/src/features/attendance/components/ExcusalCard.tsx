import type { Excusal } from '@cue/contract';
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { fullName } from '../../../lib/format';
import { formatDay, fromWire } from '../dates';
import { ATT_NS } from '../i18n';

const STATE_COLOR: Record<Excusal['status'], string> = { pending: 'yellow', approved: 'teal', rejected: 'red' };

export function ExcusalState({ status }: { status: Excusal['status'] }) {
  const { t } = useTranslation(ATT_NS);
  return (
    <SoftBadge color={STATE_COLOR[status]} tt="none" data-testid="excusal-state">
      {t(`excusals.state.${status}`)}
    </SoftBadge>
  );
}

/** The dates an excusal covers: one day, or from–to. */
export function excusalDates(excusal: Pick<Excusal, 'from_date' | 'to_date'>, language: string): string {
  const from = formatDay(fromWire(excusal.from_date), language);
  return excusal.from_date === excusal.to_date ? from : `${from} – ${formatDay(fromWire(excusal.to_date), language)}`;
}

/** One reported absence: the child, the dates, the reason and its state; `actions` for staff. */
export function ExcusalCard({ excusal, showChild, actions }: { excusal: Excusal; showChild?: boolean; actions?: ReactNode }) {
  const { t, i18n } = useTranslation(ATT_NS);
  return (
    <Paper withBorder radius="lg" p="md" component="article" data-testid="excusal" data-status={excusal.status}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <div>
            {showChild && <Text fw={700}>{fullName(excusal.student)}</Text>}
            <Text fw={showChild ? 500 : 700} fz={showChild ? 'sm' : undefined}>
              {excusalDates(excusal, i18n.language)}
            </Text>
          </div>
          <ExcusalState status={excusal.status} />
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {excusal.reason}
        </Text>
        {excusal.decided_by && excusal.status !== 'pending' && (
          <Text fz="xs" c="dimmed">
            {t(excusal.status === 'approved' ? 'excusals.approvedBy' : 'excusals.declinedBy', {
              name: fullName(excusal.decided_by),
            })}
          </Text>
        )}
        {actions}
      </Stack>
    </Paper>
  );
}
