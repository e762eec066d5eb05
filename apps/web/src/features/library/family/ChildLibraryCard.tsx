import { LIBRARY_NOTICE_EVENT, type LibraryNoticeEvent, type Loan, type Reservation } from '@cue/contract';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordQueryCard } from '../../../components/RecordCard';
import { SoftBadge } from '../../../components/SoftBadge';
import { loadCatalogs } from '../../../lib/catalogs';
import { toast } from '../../../lib/notify';
import { useActiveSide } from '../../../lib/session';
import { useSocketEvent } from '../../../lib/socket';
import { showDay } from '../../planning/planFormat';
import { libraryFamilyKeys, useChildLibrary } from '../api-family';
import { LIBRARY_FAMILY_NS } from '../i18n';

let catalogs: Promise<void> | null = null;
/** The card's words in every language before it shows (a failed load shows the card with its keys' defaults). */
const catalogsReady = (): Promise<void> => {
  catalogs ??= loadCatalogs(LIBRARY_FAMILY_NS).catch(() => undefined);
  return catalogs;
};

/**
 * A child's library on their record (issue 24): the books out with their due dates (overdue ones in
 * red, with the days), the books the child waits for with their place in the queue, and what came back
 * lately. Nothing shows when the child's school does not lend books (the call answers 403).
 */
export function ChildLibraryCard(props: { studentId: string }) {
  return (
    <Suspense fallback={null}>
      <Card {...props} />
    </Suspense>
  );
}

function Card({ studentId }: { studentId: string }) {
  use(catalogsReady());
  const { t } = useTranslation(LIBRARY_FAMILY_NS);
  const side = useActiveSide();
  const library = useChildLibrary(studentId);
  const client = useQueryClient();

  // An overdue notice about the child went out while the record is open: the family is told, the card reads again.
  useSocketEvent<LibraryNoticeEvent>(
    LIBRARY_NOTICE_EVENT,
    (event) => {
      if (!event.student_ids.includes(studentId)) return;
      void client.invalidateQueries({ queryKey: libraryFamilyKeys.all });
      toast.info(t('live.overdue'));
    },
    side === 'parent',
  );

  return (
    <RecordQueryCard query={library} title={t('title')} testId="record-library" retryLabel={t('retry')} skeletonHeight={60}>
      {({ loans, reservations, history, rule }) => {
        const waiting = reservations.filter((r) => r.status === 'waiting' || r.status === 'ready');
        return (
          <>
            <Text fz="xs" c="dimmed">
              {t('rule', { count: rule.max_loans, days: rule.loan_days })}
            </Text>
            <Stack gap="xs" component="section" aria-label={t('loans.title')} data-testid="library-loans">
              <Title order={3} fz="h5">
                {t('loans.title')}
              </Title>
              {loans.length === 0 ? (
                <Text fz="sm" c="dimmed" data-testid="library-empty">
                  {t('loans.none')}
                </Text>
              ) : (
                loans.map((loan) => <LoanRow key={loan.id} loan={loan} />)
              )}
            </Stack>

            {waiting.length > 0 && (
              <Stack gap="xs" component="section" aria-label={t('reservations.title')} data-testid="library-reservations">
                <Title order={3} fz="h5">
                  {t('reservations.title')}
                </Title>
                {waiting.map((r) => (
                  <ReservationRow key={r.id} reservation={r} />
                ))}
              </Stack>
            )}

            {history.length > 0 && (
              <Stack gap={4} component="section" aria-label={t('history.title')} data-testid="library-history">
                <Title order={3} fz="h5">
                  {t('history.title')}
                </Title>
                {history.map((loan) => (
                  <HistoryRow key={loan.id} loan={loan} />
                ))}
              </Stack>
            )}
          </>
        );
      }}
    </RecordQueryCard>
  );
}

function LoanRow({ loan }: { loan: Loan }) {
  const { t, i18n } = useTranslation(LIBRARY_FAMILY_NS);
  const due = showDay(loan.due_on, i18n.language);
  return (
    <Paper withBorder radius="md" p="xs" data-testid="library-loan" data-overdue={loan.overdue || undefined}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconBook size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text fz="sm" fw={600}>
            <bdi>{loan.item.title}</bdi>
          </Text>
          {loan.item.authors.length > 0 && (
            <Text fz="xs" c="dimmed">
              <bdi>{loan.item.authors.join(', ')}</bdi>
            </Text>
          )}
          {loan.overdue ? (
            <Text fz="sm" c="red.8" fw={600}>
              {t('loans.overdue', { count: Math.max(1, loan.days_overdue), day: due })}
            </Text>
          ) : (
            <Text fz="sm">{t('loans.due', { day: due })}</Text>
          )}
        </Stack>
        {loan.overdue && <SoftBadge color="red">{t('loans.overdueBadge')}</SoftBadge>}
      </Group>
    </Paper>
  );
}

function ReservationRow({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation(LIBRARY_FAMILY_NS);
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" data-testid="library-reservation">
      <Text fz="sm" fw={600} miw={0}>
        <bdi>{reservation.item.title}</bdi>
      </Text>
      {reservation.status === 'ready' ? (
        <SoftBadge color="teal">{t('reservations.ready')}</SoftBadge>
      ) : (
        <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
          {reservation.position ? t('reservations.position', { count: reservation.position }) : t('reservations.waiting')}
        </Text>
      )}
    </Group>
  );
}

function HistoryRow({ loan }: { loan: Loan }) {
  const { t, i18n } = useTranslation(LIBRARY_FAMILY_NS);
  return (
    <Text fz="sm">
      <bdi>{loan.item.title}</bdi>
      <Text span c="dimmed" fz="xs">
        {' · '}
        {loan.returned_at
          ? t('history.returned', { day: showDay(dayjs(loan.returned_at).format('YYYY-MM-DD'), i18n.language) })
          : loan.status === 'lost'
            ? t('history.lost')
            : null}
      </Text>
    </Text>
  );
}
