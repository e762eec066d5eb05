import {
  type ChildPickups,
  DISPERSAL_UPDATED_EVENT,
  type DispersalEvent,
  type DispersalUpdatedEvent,
  ddmmyyyyFromIso,
  isoFromDdmmyyyy,
  type OneTimePickup,
} from '@cue/contract';
import { Avatar, Box, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconPlus, IconShare, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Suspense, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { ReaderDates } from '../../../components/ReaderDates';
import { RecordQueryCard } from '../../../components/RecordCard';
import { SoftBadge } from '../../../components/SoftBadge';
import { ApiError } from '../../../lib/api';
import { loadCatalogs } from '../../../lib/catalogs';
import { todayWire } from '../../../lib/day';
import { formatPhone, fullName, initials } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { useActiveSide } from '../../../lib/session';
import { useSocketEvent } from '../../../lib/socket';
import { ltr, showDay } from '../../planning/planFormat';
import { pickupFamilyKeys, useAddOneTimePickup, useCancelOneTimePickup, useChildPickups } from '../api-family';
import { DISPERSAL_NS, dispersalMessage, PICKUP_FAMILY_NS } from '../i18n';
import { FamilyCodePanel } from './FamilyCodePanel';

let catalogs: Promise<void> | null = null;
/** The card's words and drop-off and pick-up's messages, in every language, before the card shows. */
const catalogsReady = (): Promise<void> => {
  catalogs ??= Promise.all([loadCatalogs(PICKUP_FAMILY_NS), loadCatalogs(DISPERSAL_NS)]).then(
    () => undefined,
    // Without its catalogs the card still shows (its keys' English defaults); the page is not broken by it.
    () => undefined,
  );
  return catalogs;
};

const time = (iso: string) => ltr(dayjs(iso).format('hh:mm A'));

interface CardProps {
  studentId: string;
  /** The child's first name, for the sentences of a live check-in or check-out. */
  firstName?: string;
  /** Opens the record's "propose changes" (families), where a collector is asked for. */
  onPropose?: () => void;
}

/**
 * A child's drop-off and pick-up on their record (issue 24): today's state, who may collect, one-time
 * pick-up people with their codes, the family's code (families only) and the last days. Nothing shows
 * when the child's school does not use drop-off and pick-up (the calls answer 403).
 */
export function ChildPickupCard(props: CardProps) {
  return (
    <Suspense fallback={null}>
      <Card {...props} />
    </Suspense>
  );
}

function Card({ studentId, firstName, onPropose }: CardProps) {
  use(catalogsReady());
  const { t, i18n } = useTranslation(PICKUP_FAMILY_NS);
  const side = useActiveSide();
  const pickups = useChildPickups(studentId);
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<OneTimePickup | null>(null);
  const [cancelling, setCancelling] = useState<OneTimePickup | null>(null);
  const cancel = useCancelOneTimePickup();

  // The child was checked in or out while the record is open: the card reads again, and a family is told.
  useSocketEvent<DispersalUpdatedEvent>(
    DISPERSAL_UPDATED_EVENT,
    (event) => {
      if (event.student_id !== studentId) return;
      void client.invalidateQueries({ queryKey: pickupFamilyKeys.all });
      if (side !== 'parent') return;
      const name = firstName ?? t('live.yourChild');
      toast.info(
        event.kind === 'in' ? t('live.inAt', { name, time: time(event.at) }) : t('live.outAt', { name, time: time(event.at) }),
      );
    },
    !!side,
  );

  return (
    <RecordQueryCard
      query={pickups}
      title={t('title')}
      testId="record-pickups"
      gap="md"
      retryLabel={t('retry')}
      skeletonHeight={80}
    >
      {(data) => {
        const a = data.abilities;
        const language = i18n.language;
        const active = data.one_time.filter((p) => p.status === 'active');
        return (
          <>
            <Today data={data} />

            <Stack gap="xs" component="section" aria-label={t('collectors.title')}>
              <Title order={3} fz="h5">
                {t('collectors.title')}
              </Title>
              {data.collectors.length === 0 && (
                <Text fz="sm" c="dimmed">
                  {t('collectors.none')}
                </Text>
              )}
              {data.collectors.map((c) => (
                <Group key={`${c.kind}-${c.contact_id ?? c.parent_id ?? c.pickup_id ?? c.name}`} gap="sm" wrap="nowrap">
                  <Avatar src={c.photo} size={44} radius="xl" color="indigo" alt="" aria-hidden>
                    {initials({ first_name: c.name, last_name: '' })}
                  </Avatar>
                  <Stack gap={0} miw={0}>
                    <Text fz="sm" fw={600}>
                      <bdi>{c.name}</bdi>
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {[c.kind === 'parent' ? t('collectors.parent') : c.relationship, c.phone ? ltr(formatPhone(c.phone)) : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                </Group>
              ))}
              {side === 'parent' &&
                (onPropose ? (
                  <Group>
                    <Button size="xs" variant="subtle" leftSection={<IconUserPlus size={14} aria-hidden />} onClick={onPropose}>
                      {t('collectors.ask')}
                    </Button>
                  </Group>
                ) : (
                  <Text fz="xs" c="dimmed">
                    {t('collectors.askHint')}
                  </Text>
                ))}
            </Stack>

            <Stack gap="xs" component="section" aria-label={t('oneTime.title')} data-testid="one-time-pickups">
              <Group justify="space-between" gap="xs">
                <Title order={3} fz="h5">
                  {t('oneTime.title')}
                </Title>
                {a.can_add_one_time && (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() => setAdding(true)}
                  >
                    {t('oneTime.add')}
                  </Button>
                )}
              </Group>
              {active.length === 0 && (
                <Text fz="sm" c="dimmed">
                  {t('oneTime.none')}
                </Text>
              )}
              {active.map((p) => (
                <Paper key={p.id} withBorder radius="md" p="xs" data-testid="one-time-pickup">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Stack gap={0} miw={0}>
                      <Text fz="sm" fw={600} id={`one-time-${p.id}`}>
                        <bdi>{p.name}</bdi>
                        {p.relationship && (
                          <Text span c="dimmed" fz="sm">
                            {' · '}
                            <bdi>{p.relationship}</bdi>
                          </Text>
                        )}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {t('oneTime.on', { day: showDay(p.date, language) })}
                      </Text>
                    </Stack>
                    <Group gap={6} wrap="nowrap">
                      <Text
                        fw={800}
                        fz="lg"
                        dir="ltr"
                        style={{ letterSpacing: '0.12em' }}
                        aria-label={t('oneTime.codeOf', { code: p.code })}
                      >
                        {p.code}
                      </Text>
                      <Button size="xs" variant="light" onClick={() => setShown(p)} aria-describedby={`one-time-${p.id}`}>
                        {t('oneTime.show')}
                      </Button>
                      {a.can_add_one_time && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setCancelling(p)}
                          // The button is named by its visible words (a voice user says what they see); the person describes it.
                          aria-describedby={`one-time-${p.id}`}
                        >
                          {t('oneTime.cancel')}
                        </Button>
                      )}
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>

            {side === 'parent' && <FamilyCodePanel studentId={studentId} />}

            <Recent events={data.recent} />

            {adding && (
              <AddPickupModal
                studentId={studentId}
                onClose={() => setAdding(false)}
                onAdded={(p) => {
                  setAdding(false);
                  setShown(p);
                }}
              />
            )}
            {shown && <PickupCodeModal pickup={shown} onClose={() => setShown(null)} />}
            {cancelling && (
              <ConfirmModal
                opened
                onClose={() => setCancelling(null)}
                title={t('oneTime.cancelTitle')}
                message={t('oneTime.cancelConfirm', { name: cancelling.name, day: showDay(cancelling.date, language) })}
                confirmLabel={t('oneTime.cancel')}
                pending={cancel.isPending}
                onConfirm={() =>
                  cancel.mutate(cancelling.id, {
                    onSuccess: () => {
                      toast.success(dispersalMessage('pickupCancelled'));
                      setCancelling(null);
                    },
                    onError: (err) => toast.error(errorText(err)),
                  })
                }
              />
            )}
          </>
        );
      }}
    </RecordQueryCard>
  );
}

const byWhom = (e: DispersalEvent) => e.adult.name;

function Today({ data }: { data: ChildPickups }) {
  const { t } = useTranslation(PICKUP_FAMILY_NS);
  const day = data.today;
  if (!day)
    return (
      <Text fz="sm" c="dimmed" data-testid="pickup-today">
        {t('today.noDay')}
      </Text>
    );
  return (
    <Stack gap={4} data-testid="pickup-today">
      <Group gap="xs">
        <Text fw={700}>{t('today.title')}</Text>
        <SoftBadge color={day.status === 'in' ? 'teal' : day.status === 'out' ? 'indigo' : 'gray'}>
          {day.status === 'in' ? t('status.in') : day.status === 'out' ? t('status.out') : t('status.notArrived')}
        </SoftBadge>
        {day.late_pickup && <SoftBadge color="orange">{t('today.latePickup')}</SoftBadge>}
      </Group>
      {day.checked_in && (
        <Text fz="sm">
          {t('today.checkedIn', { time: time(day.checked_in.at), name: byWhom(day.checked_in) })}
          {day.checked_in.late && ` · ${t('recent.late')}`}
        </Text>
      )}
      {day.checked_out && (
        <Text fz="sm">{t('today.checkedOut', { time: time(day.checked_out.at), name: byWhom(day.checked_out) })}</Text>
      )}
      {day.status === 'in' && day.expected.length > 0 && (
        <Text fz="sm" c="dimmed">
          {t('today.expected', { names: day.expected.map((e) => e.name).join(', ') })}
        </Text>
      )}
    </Stack>
  );
}

function Recent({ events }: { events: DispersalEvent[] }) {
  const { t, i18n } = useTranslation(PICKUP_FAMILY_NS);
  return (
    <Stack gap="xs" component="section" aria-label={t('recent.title')}>
      <Title order={3} fz="h5">
        {t('recent.title')}
      </Title>
      {events.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('recent.none')}
        </Text>
      ) : (
        // A region of its own that the keyboard reaches: on a phone the table scrolls sideways.
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('recent.title')}>
          <Table fz="sm" verticalSpacing={4} miw={360} data-testid="pickup-recent">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('recent.day')}</Table.Th>
                <Table.Th>{t('recent.what')}</Table.Th>
                <Table.Th>{t('recent.time')}</Table.Th>
                <Table.Th>{t('recent.adult')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{showDay(e.date, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })}</Table.Td>
                  <Table.Td>
                    {e.kind === 'in' ? t('recent.in') : t('recent.out')}
                    {e.late && (
                      <SoftBadge color="orange" ms={6} size="xs">
                        {t('recent.late')}
                      </SoftBadge>
                    )}
                  </Table.Td>
                  <Table.Td>{time(e.at)}</Table.Td>
                  <Table.Td>
                    <bdi>{e.adult.name}</bdi>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}

function AddPickupModal({
  studentId,
  onClose,
  onAdded,
}: {
  studentId: string;
  onClose: () => void;
  onAdded: (p: OneTimePickup) => void;
}) {
  const { t } = useTranslation(PICKUP_FAMILY_NS);
  const add = useAddOneTimePickup(studentId);
  const today = isoFromDdmmyyyy(todayWire()) ?? undefined;
  const [name, setName] = useState('');
  const [relationship, setRelationship] = useState('');
  const [phone, setPhone] = useState('');
  const [day, setDay] = useState<string | null>(today ?? null);
  const [error, setError] = useState<string | null>(null);
  // A field the server refused is said under the field (in its words: they name the field).
  const fieldError = (field: string) =>
    add.error instanceof ApiError ? add.error.errors?.find((e) => e.field === field)?.message : undefined;
  const submit = () => {
    setError(null);
    if (!name.trim()) return setError(t('oneTime.nameNeeded'));
    if (!day) return setError(t('oneTime.dayNeeded'));
    add.mutate(
      {
        name: name.trim(),
        relationship: relationship.trim() || null,
        phone: phone.trim() || null,
        date: ddmmyyyyFromIso(day),
      },
      {
        onSuccess: (answer) => {
          toast.success(dispersalMessage('pickupCreated'));
          onAdded(answer.result);
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('oneTime.addTitle')}
      submitLabel={t('oneTime.addSubmit')}
      onSubmit={submit}
      pending={add.isPending}
      error={error}
      size="md"
    >
      <Text fz="sm" c="dimmed">
        {t('oneTime.addHint')}
      </Text>
      <TextInput
        label={t('oneTime.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        required
        maxLength={120}
        error={fieldError('name')}
        data-autofocus
      />
      <TextInput
        label={t('oneTime.relationship')}
        value={relationship}
        onChange={(e) => setRelationship(e.currentTarget.value)}
        maxLength={60}
        error={fieldError('relationship')}
      />
      <TextInput
        label={t('oneTime.phone')}
        type="tel"
        dir="ltr"
        value={phone}
        onChange={(e) => setPhone(e.currentTarget.value)}
        maxLength={20}
        error={fieldError('phone')}
      />
      <ReaderDates>
        <DatePickerInput
          label={t('oneTime.day')}
          value={day}
          onChange={(v) => setDay(v ? String(v) : null)}
          minDate={today}
          leftSection={<IconCalendar size={16} aria-hidden />}
          required
          error={fieldError('date')}
          popoverProps={{ withinPortal: true }}
        />
      </ReaderDates>
    </FormModal>
  );
}

/** The one-time code, big, with the day it is good for, and a way to send it to the person. */
function PickupCodeModal({ pickup, onClose }: { pickup: OneTimePickup; onClose: () => void }) {
  const { t, i18n } = useTranslation(PICKUP_FAMILY_NS);
  const day = showDay(pickup.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' });
  const message = t('oneTime.shareText', {
    child: pickup.student.first_name,
    day,
    code: pickup.code,
  });
  const share = async () => {
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: t('oneTime.shareTitle'), text: message });
        return;
      }
      await navigator.clipboard.writeText(message);
      toast.success(t('oneTime.copied'));
    } catch (err) {
      // The person closed the share sheet: nothing to say.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toast.error(t('oneTime.shareFailed'));
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('oneTime.codeTitle', { name: pickup.name })}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('oneTime.close') }}
    >
      <Stack gap="md" align="center" data-testid="one-time-code">
        <Text ta="center">{t('oneTime.codeFor', { child: fullName(pickup.student), day })}</Text>
        <Text fz={48} fw={800} dir="ltr" lh={1} style={{ letterSpacing: '0.18em' }} data-testid="one-time-code-digits">
          {pickup.code}
        </Text>
        <Text fz="sm" c="dimmed" ta="center">
          {t('oneTime.codeHint')}
        </Text>
        <Group>
          <Button leftSection={<IconShare size={16} aria-hidden />} onClick={() => void share()}>
            {t('oneTime.share')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('oneTime.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
