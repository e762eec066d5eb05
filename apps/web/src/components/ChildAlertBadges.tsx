import { type ChildAlert, pagePath, ROUTES } from '@cue/contract';
import { ActionIcon, Group } from '@mantine/core';
import { IconAlertTriangle, IconFirstAidKit, IconId, IconVaccine } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiResult } from '../lib/api';
import { SoftBadge } from './SoftBadge';

const LOOK: Record<ChildAlert, { color: string; icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }> }> = {
  severe_allergy: { color: 'red', icon: IconAlertTriangle },
  epipen: { color: 'orange', icon: IconVaccine },
  medical: { color: 'blue', icon: IconFirstAidKit },
};

/**
 * The badges a child carries wherever they appear (attendance rows, the assistant's cards, the record):
 * a severe allergy, an EpiPen, a medical condition or medicine. Nothing when the child has none.
 */
export function ChildAlertBadges({
  alerts,
  size = 'sm',
}: {
  alerts: readonly ChildAlert[] | undefined;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation();
  if (!alerts?.length) return null;
  return (
    <Group gap={4} wrap="wrap" component="span" data-testid="child-alerts">
      {alerts.map((alert) => {
        const { color, icon: Icon } = LOOK[alert];
        return (
          <SoftBadge
            key={alert}
            color={color}
            size={size}
            radius="sm"
            leftSection={<Icon size={12} aria-hidden />}
            data-testid="child-alert"
            data-alert={alert}
          >
            {t(`childAlerts.${alert}`)}
          </SoftBadge>
        );
      })}
    </Group>
  );
}

/** The badges of a class's children (GET /api/classes/:id/student_alerts), by child, for its staff. */
export function useClassAlerts(classId: string | null | undefined): Map<string, ChildAlert[]> {
  const query = useQuery({
    queryKey: ['classAlerts', classId],
    queryFn: ({ signal }) => apiResult(ROUTES.classStudentAlerts, { side: 'staff', params: { id: classId ?? '' }, signal }),
    enabled: !!classId,
    staleTime: 30_000,
  });
  return new Map((query.data ?? []).map((row) => [row.student_id, row.alerts]));
}

/** A small link to the child's record beside their name in a list (the staff's view of the record). */
export function ChildRecordLink({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      component={Link}
      to={pagePath.childRecord(studentId)}
      variant="subtle"
      size="sm"
      ms={4}
      aria-label={t('childRecord.open', { name })}
      title={t('childRecord.open', { name })}
      data-testid="child-record-link"
      style={{ verticalAlign: 'middle' }}
    >
      <IconId size={16} aria-hidden />
    </ActionIcon>
  );
}
