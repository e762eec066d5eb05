import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { fullName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { type Reservation, useCancelReservation, type useReservations, useReserve } from '../api-desk';
import { libraryErrorText, librarySaid } from '../components/libraryText';
import { LIBRARY_DESK_NS } from '../i18n';

/**
 * Reserving an item for a child from a picker (the item's queue picks a child, a child's page an item):
 * whether the picker is open, the refusal it shows, and the reservation made from a pick.
 */
export function useReserving() {
  const reserve = useReserve();
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    picking,
    error,
    pending: reserve.isPending,
    open: () => {
      setError(null);
      setPicking(true);
    },
    close: () => setPicking(false),
    choose: async (body: { item_id: string; student_id: string }) => {
      setError(null);
      try {
        const answer = await reserve.mutateAsync(body);
        setPicking(false);
        toast.success(librarySaid(answer.message, 'reserved'));
      } catch (err) {
        setError(libraryErrorText(err));
      }
    },
  };
}
export type Reserving = ReturnType<typeof useReserving>;

/** The picker's dialog: its title, the refusal of the last pick, and the picker. */
export function ReserveModal({
  reserving,
  title,
  onClose,
  children,
}: {
  reserving: Reserving;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t: tc } = useTranslation();
  return (
    <Modal
      opened={reserving.picking}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      <Stack gap="sm">
        {reserving.error && (
          <Alert color="red" variant="light" data-testid="form-error">
            {reserving.error}
          </Alert>
        )}
        {children}
      </Stack>
    </Modal>
  );
}

/**
 * A list of reservations (an item's queue in order, with the children's names; a child's, with the
 * items' titles), or the words said when there are none.
 */
export function ReservationList({
  list,
  empty,
  ordered = false,
  skeletonRadius,
}: {
  list: ReturnType<typeof useReservations>;
  empty: string;
  ordered?: boolean;
  skeletonRadius?: string;
}) {
  if (list.error && !list.data) return <Alert color="red" variant="light" title={libraryErrorText(list.error)} />;
  if (!list.data) return <Skeleton h={40} radius={skeletonRadius} />;
  if (!list.data.length)
    return (
      <Text c="dimmed" fz="sm">
        {empty}
      </Text>
    );
  return (
    <Stack component={ordered ? 'ol' : 'ul'} gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {list.data.map((r) => (
        <ReservationRow key={r.id} reservation={r} showChild={ordered} />
      ))}
    </Stack>
  );
}

/** A reservation: its item, its place in the queue or the copy kept, and Cancel. */
export function ReservationRow({ reservation: r, showChild = false }: { reservation: Reservation; showChild?: boolean }) {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const cancel = useCancelReservation();
  const what = showChild ? fullName(r.student) : r.item.title;
  return (
    <Group
      component="li"
      justify="space-between"
      gap="xs"
      wrap="wrap"
      py={4}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="library-reservation"
    >
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Text fz="sm" fw={500}>
          {showChild && r.position ? `${r.position}. ${what}` : what}
        </Text>
        {r.status === 'ready' && r.ready_copy ? (
          <SoftBadge color="teal" w="fit-content">
            {t('reservations.ready', { barcode: r.ready_copy.barcode })}
          </SoftBadge>
        ) : (
          r.position && (
            <Text fz="xs" c="dimmed">
              {t('reservations.position', { position: r.position })}
            </Text>
          )
        )}
      </Stack>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconX size={14} aria-hidden />}
        loading={cancel.isPending}
        aria-label={t('reservations.cancelOf', { what })}
        onClick={async () => {
          try {
            await cancel.mutateAsync(r.id);
            toast.success(librarySaid(undefined, 'reservationCancelled'));
          } catch (err) {
            toast.error(libraryErrorText(err));
          }
        }}
      >
        {t('reservations.cancel')}
      </Button>
    </Group>
  );
}
