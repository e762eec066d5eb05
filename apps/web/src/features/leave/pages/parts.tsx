import type { LeaveRequest, LeaveStatus, RatioWarning } from '@cue/contract';
import { Alert, Badge, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText, toast } from '../../../lib/notify';
import { useCancelLeave } from '../api';
import { LEAVE_NS, leaveText } from '../i18n';

/** What a leave request's document may be (the server checks the bytes). */
export const DOCUMENT_ACCEPT =
  'application/pdf,image/jpeg,image/png,image/heic,.heic,application/vnd.openxmlformats-officedocument.wordprocessingml.document,.docx';

const STATUS_COLOR: Record<LeaveStatus, string> = {
  pending: 'yellow',
  pending_admin: 'orange',
  approved: 'green',
  declined: 'red',
  cancelled: 'gray',
};

export function StatusBadge({ status }: { status: LeaveStatus }) {
  const { t } = useTranslation(LEAVE_NS);
  return (
    <SoftBadge color={STATUS_COLOR[status]} radius="sm" data-testid="leave-status" data-status={status}>
      {t(`status.${status}`)}
    </SoftBadge>
  );
}

/** "Annual leave" with its colour. */
export function TypeChip({ type }: { type: LeaveRequest['leave_type'] }) {
  return (
    <Badge color={type.color} variant="dot" radius="sm" tt="none" styles={{ root: { color: 'var(--mantine-color-text)' } }}>
      {type.name}
    </Badge>
  );
}

/** The dates of a request with its half days: "02-12-2026 (afternoon) – 04-12-2026 (morning)". */
export function Dates({ r }: { r: Pick<LeaveRequest, 'start_date' | 'end_date' | 'start_portion' | 'end_portion'> }) {
  const { t } = useTranslation(LEAVE_NS);
  const part = (p: string) => (p === 'full' ? '' : ` (${t(`portion.${p}`)})`);
  if (r.start_date === r.end_date)
    return <>{`${r.start_date}${part(r.start_portion !== 'full' ? r.start_portion : r.end_portion)}`}</>;
  return <>{`${r.start_date}${part(r.start_portion)} – ${r.end_date}${part(r.end_portion)}`}</>;
}

/** The days a class would be left below the ratio, before anyone approves. */
export function RatioWarnings({ warnings }: { warnings: RatioWarning[] }) {
  const { t } = useTranslation(LEAVE_NS);
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('ratio.title')}
      data-testid="ratio-warning"
    >
      <List size="sm" spacing={4}>
        {warnings.map((w) => (
          <List.Item key={`${w.date}:${w.class._id}`}>
            {t('ratio.line', {
              date: w.date,
              className: w.class.name,
              children: w.children,
              left: w.adults_left,
              needed: w.adults_needed,
              ratio: w.ratio,
            })}
          </List.Item>
        ))}
      </List>
      <Text fz="xs" c="dimmed" mt={4}>
        {t('ratio.hint')}
      </Text>
    </Alert>
  );
}

/** "Cancel this leave request?" in the house's confirm modal, then the cancel, told as a toast. */
export function CancelLeaveModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(LEAVE_NS);
  const cancel = useCancelLeave();
  return (
    <ConfirmModal
      opened={id !== null}
      onClose={onClose}
      title={t('mine.cancel')}
      message={t('mine.cancelConfirm')}
      confirmLabel={t('mine.cancel')}
      pending={cancel.isPending}
      onConfirm={() =>
        id &&
        cancel.mutate(id, {
          onSuccess: (answer) => {
            toast.success(leaveText(answer.message));
            onClose();
          },
          onError: (err) => toast.error(errorText(err)),
        })
      }
    />
  );
}
